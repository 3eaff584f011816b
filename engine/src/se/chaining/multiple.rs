//! SE's `getMultipleChainsHintList`: Nishio (7.5), multiple (cell and region forcing chains,
//! 8.0), dynamic (contradiction, double, cell and region forms, 8.5) and the "+" levels.
//!
//! One implication run is SE's `doChaining`: from a set of assumptions, the potentials they
//! force, in SE's queue order (every pending "on" before the next pending "off"), stopping at
//! the first potential found both "on" and "off". In dynamic mode each "off" is taken out of the
//! run's own copy of the grid when it is processed, and a potential forced on by that smaller
//! grid gets the candidates removed so far from its cell or region as extra ("hidden")
//! parents, which count in the complexity. Nishio uses no cell links (X links only).
//!
//! The runs from "candidate on" are kept for the whole call (at most one per candidate): the
//! region chains and cell chains of SE recompute them, with the same result. Their storage
//! (and the scratch runs') stays in `ChainMemo` for the next call: at most the runs one call
//! needs, each reset before use.
//!
//! Shortcuts with the same result: a run's "on" implications, and a static run's "off" ones,
//! come from the starting grid's link table (a dynamic run's grid only loses candidates the
//! run already has "off"); a Nishio run is made only where a cheap fixed point over its digit
//! says a contradiction is possible (`nishio_may_contradict`), and that fixed point is skipped
//! where a template of the digit (one place a unit) with the start "on" (or without it, for
//! "off") shows it can find none (`Templates`); static multiple chains make the
//! runs of a region's or a cell's assumptions only where the graph of the grid's links
//! (`cycles::Graph`) says those assumptions reach something in common (a static run stays
//! within what its assumption reaches, so runs that cannot share a potential give no hint);
//! the doubles of a candidate are looked for only where its two runs share a potential.

use super::Mode;
use super::common::{
    Best, CAUSE_BLOCK, CAUSE_CELL, CAUSE_COL, CAUSE_NONE, CAUSE_ROW, KEYS, Key, KeySet, NestedHint,
    chain_node, kcell, kdigit, key, length_difficulty,
};
use crate::grade::Technique;
use crate::grid::geometry::{PEERS, UNIT_SET, box_of, col, row};
use crate::grid::{CELLS, CellSet, Digit, DigitSet};
use crate::se::Ctx;
use crate::se::grid::Grid;
use crate::se::hint::{Explanation, Hint, SeName};

const NONE: u16 = u16::MAX;

/// A node of a run: a candidate, on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    pub key: Key,
    pub on: bool,
}

/// A node and how it was found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rec {
    pub node: Node,
    /// First-parent distance from the assumption.
    pub depth: u16,
    /// The first parent (`NONE` for the assumption).
    pub first: u16,
    /// Further parents: `more[from..from + n]`.
    more_from: u32,
    more_n: u16,
    /// The nested hint this potential comes from (level 2 and up), or `NO_NESTED`.
    pub nested: u32,
}

/// One implication run (SE's `doChaining` from one assumption).
pub(super) struct Run {
    pub on: KeySet,
    pub off: KeySet,
    /// Nodes in the order found; `virtual` ones (a contradiction's second half) are not in the
    /// sets.
    pub recs: Vec<Rec>,
    more: Vec<u16>,
    slot_on: Vec<u16>,
    slot_off: Vec<u16>,
    /// The contradiction found (node indices of the "on" and the "off" version), if any.
    pub absurd: Option<(u16, u16)>,
}

impl Run {
    pub fn new() -> Run {
        Run {
            on: KeySet::EMPTY,
            off: KeySet::EMPTY,
            recs: Vec::with_capacity(512),
            more: Vec::with_capacity(256),
            slot_on: vec![NONE; KEYS],
            slot_off: vec![NONE; KEYS],
            absurd: None,
        }
    }

    pub fn reset(&mut self) {
        self.on.clear();
        self.off.clear();
        self.recs.clear();
        self.more.clear();
        self.absurd = None;
    }

    /// The node of `key` with polarity `on`, if the run holds it.
    #[inline]
    pub fn slot(&self, key: Key, on: bool) -> u16 {
        if on {
            debug_assert!(self.on.contains(key));
            self.slot_on[key as usize]
        } else {
            debug_assert!(self.off.contains(key));
            self.slot_off[key as usize]
        }
    }

    /// Appends a node with `parents`; registers it in the sets unless `virtual_`.
    pub fn push(&mut self, n: Node, parents: &[u16], virtual_: bool) -> u16 {
        let (first, rest) = match parents.split_first() {
            Some((&f, rest)) => (f, rest),
            None => (NONE, &[][..]),
        };
        let from = self.more.len() as u32;
        self.more.extend_from_slice(rest);
        self.push_rec(n, first, from, rest.len() as u16, virtual_)
    }

    #[inline]
    fn push_rec(
        &mut self,
        n: Node,
        first: u16,
        more_from: u32,
        more_n: u16,
        virtual_: bool,
    ) -> u16 {
        let depth = if first == NONE {
            0
        } else {
            self.recs[first as usize].depth + 1
        };
        self.push_at(n, first, depth, more_from, more_n, virtual_)
    }

    /// `push_rec` with the depth given (the first parent's plus one, or 0 without one).
    #[inline]
    fn push_at(
        &mut self,
        n: Node,
        first: u16,
        depth: u16,
        more_from: u32,
        more_n: u16,
        virtual_: bool,
    ) -> u16 {
        let i = self.recs.len() as u16;
        self.recs.push(Rec {
            node: n,
            depth,
            first,
            more_from,
            more_n,
            nested: super::advanced::NO_NESTED,
        });
        if !virtual_ {
            if n.on {
                self.on.insert(n.key);
                self.slot_on[n.key as usize] = i;
            } else {
                self.off.insert(n.key);
                self.slot_off[n.key as usize] = i;
            }
        }
        i
    }

    #[inline]
    fn extra(&self, r: &Rec) -> &[u16] {
        &self.more[r.more_from as usize..r.more_from as usize + r.more_n as usize]
    }

    /// SE's `getAncestorCount`: the node and all its ancestors, each once; stops counting (and
    /// returns a number above `limit`) once it passes `limit`.
    pub fn ancestors(&self, i: u16, limit: u32, mark: &mut Marks) -> u32 {
        mark.next();
        let mut stack = std::mem::take(&mut mark.stack);
        stack.clear();
        stack.push(i);
        mark.set(i);
        let mut n = 0;
        while let Some(j) = stack.pop() {
            n += 1;
            if n > limit {
                break;
            }
            let r = &self.recs[j as usize];
            if r.first != NONE && !mark.get(r.first) {
                mark.set(r.first);
                stack.push(r.first);
            }
            for &p in self.extra(r) {
                if !mark.get(p) {
                    mark.set(p);
                    stack.push(p);
                }
            }
        }
        mark.stack = stack;
        n
    }

    /// The first-parent path from the assumption to node `i`, for the explanation.
    pub fn path(&self, i: u16) -> Vec<crate::se::hint::ChainNode> {
        let mut v = Vec::new();
        let mut j = i;
        loop {
            let r = &self.recs[j as usize];
            v.push(r.node);
            if r.first == NONE {
                break;
            }
            j = r.first;
        }
        v.iter()
            .rev()
            .enumerate()
            .map(|(n, node)| chain_node(node.key, node.on, n == 0))
            .collect()
    }
}

/// Generation-stamped visit marks over node indices.
pub(super) struct Marks {
    stamp: Vec<u32>,
    gen_: u32,
    stack: Vec<u16>,
}

impl Marks {
    pub fn new() -> Marks {
        Marks {
            stamp: vec![0; 2 * KEYS + 8],
            gen_: 0,
            stack: Vec::with_capacity(256),
        }
    }
    fn next(&mut self) {
        self.gen_ += 1;
    }
    #[inline]
    fn get(&self, i: u16) -> bool {
        self.stamp[i as usize] == self.gen_
    }
    #[inline]
    fn set(&mut self, i: u16) {
        self.stamp[i as usize] = self.gen_;
    }
}

/// The working copy of the grid a dynamic run shrinks.
#[derive(Clone)]
pub(super) struct Work {
    pub cands: [u16; CELLS],
    pub pos: [CellSet; 9],
    /// Per digit and unit: its number of places.
    count: [[u8; 27]; 9],
}

impl Work {
    pub fn of(grid: &Grid) -> Work {
        let mut pos = [CellSet::EMPTY; 9];
        for (d, p) in pos.iter_mut().enumerate() {
            *p = grid.cells_with(Digit::from_index(d).expect("digit"));
        }
        let count =
            core::array::from_fn(|d| core::array::from_fn(|u| (pos[d] & UNIT_SET[u]).len() as u8));
        Work {
            cands: *grid.masks(),
            pos,
            count,
        }
    }

    #[inline]
    pub fn remove(&mut self, k: Key) {
        let (c, d) = (kcell(k), kdigit(k));
        if self.cands[c] >> d & 1 != 0 {
            for u in super::common::se_units(c) {
                self.count[d][u] -= 1;
            }
        }
        self.cands[c] &= !(1 << d);
        self.pos[d].remove(c);
    }
}

/// Queues and buffers of the runs (one set per call).
pub(super) struct Engine<'a> {
    pend_on: Vec<u16>,
    pend_off: Vec<u16>,
    pub cur: Work,
    pub src: Work,
    pub mode: Mode,
    values: [u8; CELLS],
    pub adv: super::advanced::Advanced,
    adv_pars: Vec<u16>,
    /// The "on" to "off" implications of the starting grid: a dynamic run's grid only loses
    /// candidates its run has as "off", which imply nothing more from an "on", so the starting
    /// grid's, in SE's order, do the same.
    links: &'a super::cycles::Links,
}

impl<'a> Engine<'a> {
    /// The engine of `mode` on `grid`, whose link table is `links`.
    pub fn new(grid: &Grid, mode: Mode, links: &'a super::cycles::Links) -> Engine<'a> {
        let w = Work::of(grid);
        Engine {
            pend_on: Vec::with_capacity(KEYS),
            pend_off: Vec::with_capacity(KEYS),
            cur: w.clone(),
            src: w,
            mode,
            values: core::array::from_fn(|c| grid.value(c)),
            adv: super::advanced::Advanced::new(),
            adv_pars: Vec::with_capacity(64),
            links,
        }
    }

    /// SE's `doChaining` from the single assumption `start` (on or off) into `run`.
    ///
    /// Without the "+" level, SE's queues process the "off" potentials in nondecreasing depth
    /// (first-parent distance from the assumption), so the run may stop before the first "off"
    /// of depth `cut` or more: whatever SE would find after that has depth `cut + 1` or more,
    /// so more than `cut + 1` ancestors, and everything before is found exactly as SE finds it
    /// (same order, same parents).
    pub fn run(&mut self, run: &mut Run, start: Node, cut: u32, ctx: &mut Ctx) {
        run.reset();
        self.cur.clone_from(&self.src);
        self.pend_on.clear();
        self.pend_off.clear();
        let i = run.push(start, &[], false);
        if start.on {
            self.pend_on.push(i);
        } else {
            self.pend_off.push(i);
        }
        let y = !self.mode.nishio;
        let dynamic = self.mode.dynamic;
        let (mut hon, mut hoff) = (0, 0);
        loop {
            if hon < self.pend_on.len() {
                let p = self.pend_on[hon];
                hon += 1;
                let r = run.recs[p as usize];
                let (k, depth) = (r.node.key, r.depth + 1);
                // The starting grid's implications (see `links`): the other digits of the
                // cell, then the block, the row and the column outside it.
                let links = self.links;
                let (from, to) = links.on_to_off_range(k, y);
                for &k2 in &links.packed()[from..to] {
                    if self.off_from(run, k2, p, depth) {
                        return;
                    }
                }
                continue;
            }
            if hoff < self.pend_off.len() {
                let p = self.pend_off[hoff];
                let r = run.recs[p as usize];
                if self.mode.level == 0 && u32::from(r.depth) >= cut {
                    return;
                }
                hoff += 1;
                if !ctx.spend(1) {
                    return;
                }
                let (k, depth) = (r.node.key, r.depth + 1);
                if !dynamic {
                    // The grid does not change: its implications, with no hidden parents.
                    let links = self.links;
                    for &k2 in links.off_to_on(k, y, true) {
                        let n = Node { key: k2, on: true };
                        if run.off.contains(k2) {
                            let v = run.push_at(n, p, depth, 0, 0, true);
                            run.absurd = Some((v, run.slot(k2, false)));
                            return;
                        }
                        if !run.on.contains(k2) {
                            let i = run.push_at(n, p, depth, 0, 0, false);
                            self.pend_on.push(i);
                        }
                    }
                    continue;
                }
                // (It also takes `k` out of the run's grid.)
                if self.off_to_on(run, k, p, depth, y) {
                    return;
                }
                continue;
            }
            if self.mode.level > 0 {
                // SE's getAdvancedPotentials on the run's grid.
                if !ctx.spend(20) {
                    return;
                }
                self.adv
                    .search(&self.cur, &self.src, &self.values, self.mode.level, ctx);
                let mut any = false;
                for a in 0..self.adv.pots.len() {
                    let (k2, from, to, nested) = self.adv.pots[a];
                    if run.off.contains(k2) {
                        continue;
                    }
                    self.adv_pars.clear();
                    for &pk in &self.adv.pars[from as usize..to as usize] {
                        self.adv_pars.push(run.slot(pk, false));
                    }
                    let i = run.push(Node { key: k2, on: false }, &self.adv_pars, false);
                    run.recs[i as usize].nested = nested;
                    self.pend_off.push(i);
                    any = true;
                }
                if any {
                    continue;
                }
            }
            break;
        }
    }

    /// One "off" implied by the "on" node `p` (whose depth plus one is `depth`); true at a
    /// contradiction.
    #[inline]
    fn off_from(&mut self, run: &mut Run, k2: Key, p: u16, depth: u16) -> bool {
        // (A key is never both "on" and "off" in a run: the run stops at the first.)
        if run.off.contains(k2) {
            return false;
        }
        let n = Node { key: k2, on: false };
        if run.on.contains(k2) {
            let v = run.push_at(n, p, depth, 0, 0, true);
            run.absurd = Some((run.slot(k2, true), v));
            return true;
        }
        let i = run.push_at(n, p, depth, 0, 0, false);
        self.pend_off.push(i);
        false
    }

    /// SE's `getOffToOn` for the "off" node `p` (whose depth plus one is `depth`) of key `k`,
    /// on the current grid (before `k` leaves it): each "on" it implies, in SE's order, is
    /// added to the run with `p` and the hidden parents (the candidates removed so far from the
    /// cell, or from the region) as its parents; true at a contradiction (an implied "on" the
    /// run has "off").
    ///
    /// (SE collects the implied "on"s first and then adds them; adding each at once is the
    /// same: a later one is skipped when the run already has it "on", as SE skips repeats.)
    ///
    /// Then `k` leaves the run's grid (`Work::remove`, fused: each unit's count is lowered as
    /// it is read). At a contradiction the run ends and its grid is left half updated, which
    /// nothing reads: the next run starts from a fresh copy.
    #[inline]
    fn off_to_on(&mut self, run: &mut Run, k: Key, p: u16, depth: u16, y: bool) -> bool {
        let (cell, d) = (kcell(k), kdigit(k));
        let m = self.cur.cands[cell];
        if y && m.count_ones() == 2 {
            let k2 = key(cell, (m & !(1 << d)).trailing_zeros() as usize);
            // (A potential already "on" is passed over, its parents unused.)
            if !run.on.contains(k2) {
                let from = run.more.len();
                let mut hidden = self.src.cands[cell] & !m;
                while hidden != 0 {
                    let v = hidden.trailing_zeros() as usize;
                    hidden &= hidden - 1;
                    let s = run.slot(key(cell, v), false);
                    run.more.push(s);
                }
                if self.add_on(run, k2, p, depth, from) {
                    return true;
                }
            }
        }
        // A unit with one place besides the cell (counted with the cell while it is in).
        let present = (m >> d & 1) as u8;
        // The block, the row, the column (SE's order), written out.
        let [b, r, c] = super::common::se_units(cell);
        if self.unit_on(run, cell, d, b, present, p, depth)
            || self.unit_on(run, cell, d, r, present, p, depth)
            || self.unit_on(run, cell, d, c, present, p, depth)
        {
            return true;
        }
        self.cur.cands[cell] = m & !(1 << d);
        self.cur.pos[d].remove(cell);
        false
    }

    /// `off_to_on`'s unit `u` of the cell: its count lowered by `present` (1 if the digit is
    /// still in the cell); if it had one place besides the cell, that place's "on" is added
    /// (unless the run has it "on"), with the unit's removed places as hidden parents; true
    /// at a contradiction.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn unit_on(
        &mut self,
        run: &mut Run,
        cell: usize,
        d: usize,
        u: usize,
        present: u8,
        p: u16,
        depth: u16,
    ) -> bool {
        let n = self.cur.count[d][u];
        self.cur.count[d][u] = n - present;
        if n != 1 + present {
            return false;
        }
        let set = UNIT_SET[u];
        let (src, cur) = (self.src.pos[d], self.cur.pos[d]);
        // The unit's places are its count (`count` follows `pos`): the cell (if the digit is
        // still there) and one more, the other bit of the two or the only one.
        let x = (cur & set).bits();
        debug_assert_eq!(x.count_ones(), 1 + u32::from(present));
        let lo = x.trailing_zeros() as usize;
        let c = if lo == cell {
            (x & (x - 1)).trailing_zeros() as usize
        } else {
            lo
        };
        debug_assert_eq!(Some(c), (cur & set).without(cell).only());
        let k2 = key(c, d);
        if run.on.contains(k2) {
            return false;
        }
        let from = run.more.len();
        for h in (src & set) - cur {
            let s = run.slot(key(h, d), false);
            run.more.push(s);
        }
        self.add_on(run, k2, p, depth, from)
    }

    /// Adds "on" of `k2` with the parents `p` (whose depth plus one is `depth`) and
    /// `run.more[from..]`; true (and the node virtual) if the run has it "off".
    #[inline]
    fn add_on(&mut self, run: &mut Run, k2: Key, p: u16, depth: u16, from: usize) -> bool {
        let n = (run.more.len() - from) as u16;
        let absurd = run.off.contains(k2);
        let i = run.push_at(Node { key: k2, on: true }, p, depth, from as u32, n, absurd);
        if absurd {
            run.absurd = Some((i, run.slot(k2, false)));
            return true;
        }
        self.pend_on.push(i);
        false
    }
}

/// A hint's form, for its name, sort key and technique.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    Contradiction,
    Double,
    Cell,
    Region,
}

impl Form {
    fn sort_key(self) -> u8 {
        match self {
            Form::Double => 1,
            Form::Cell => 5,
            Form::Region => 6,
            Form::Contradiction => 7,
        }
    }
}

/// SE's `Chaining.getDifficulty()` for the hints of this producer.
fn base_difficulty(mode: Mode) -> f64 {
    match mode.level {
        0 if mode.nishio => Technique::NishioForcingChain.difficulty(),
        0 if mode.dynamic => Technique::DynamicForcingChain.difficulty(),
        // Cell and region chains score alike.
        0 => Technique::CellForcingChain.difficulty(),
        // SE: 8.5 + 0.5 · level, the dynamic chains' score plus half a point a level: 9.0 for
        // the "+" producer (level 1), 9.5 for the first nested one, 10.0 and 10.5 deeper.
        level => Technique::DynamicForcingChain.difficulty() + 0.5 * f64::from(level),
    }
}

pub(super) fn nested_suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        l => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(l - 3)),
    }
}

pub(super) fn name_and_technique(mode: Mode, form: Form) -> (SeName, Technique) {
    let prefix = if mode.level > 0 || mode.dynamic {
        if mode.nishio && mode.level == 0 {
            "Nishio "
        } else {
            "Dynamic "
        }
    } else {
        ""
    };
    let body = match form {
        _ if mode.nishio && matches!(form, Form::Contradiction | Form::Double) => "Forcing",
        Form::Contradiction => "Contradiction Forcing",
        Form::Double => "Double Forcing",
        Form::Cell => "Cell Forcing",
        Form::Region => "Region Forcing",
    };
    let mut name = SeName::new(prefix);
    name.push_str(body);
    name.push_str(" Chains");
    name.push_str(&nested_suffix(mode.level));
    let technique = match mode.level {
        0 if mode.nishio => Technique::NishioForcingChain,
        0 if mode.dynamic => Technique::DynamicForcingChain,
        0 if form == Form::Region => Technique::RegionForcingChain,
        0 => Technique::CellForcingChain,
        1 => Technique::DynamicForcingChainPlus,
        _ => Technique::NestedForcingChain,
    };
    (name, technique)
}

/// What a candidate hint concludes: its target (key, on) and the runs and nodes of its chains.
struct Offer<'a> {
    form: Form,
    /// For a region chain, SE's cause of its assumptions (the region's type).
    region_cause: u8,
    target: Node,
    /// (run, node) of each chain, in SE's order.
    chains: &'a [(&'a Run, u16)],
}

struct Ctx2<'a> {
    grid: &'a Grid,
    mode: Mode,
    marks: Marks,
    explain: bool,
}

impl Ctx2<'_> {
    fn offer(&mut self, best: &mut Best, nested: &[(u32, u32)], o: &Offer<'_>) {
        let base = base_difficulty(self.mode);
        let sk = o.form.sort_key();
        if !best.wins(base, 0, sk) {
            return;
        }
        let (cell, d) = (kcell(o.target.key), kdigit(o.target.key));
        let removable = if o.target.on {
            self.grid.masks()[cell] & !(1 << d)
        } else {
            1 << d
        };
        if removable == 0 {
            return;
        }
        // All hints here share the base, so only a complexity up to the best's can win.
        let limit = if best.hint.is_some() {
            best.complexity
        } else {
            u32::MAX
        };
        // A chain's node has at least its first-parent path as ancestors (its depth plus one,
        // distinct nodes): a sum of those above the limit says what the walk would.
        if best.hint.is_some() {
            let mut lower = 0u32;
            for &(run, i) in o.chains {
                lower += u32::from(run.recs[i as usize].depth) + 1;
            }
            if lower > limit {
                return;
            }
        }
        let mut complexity = 0u32;
        for &(run, i) in o.chains {
            complexity += run.ancestors(i, limit.saturating_sub(complexity), &mut self.marks);
            if complexity > limit {
                return;
            }
        }
        if self.mode.level >= 2 {
            complexity += self.nested_complexity(o, nested);
        }
        let difficulty = base + length_difficulty(complexity);
        if !best.beaten_by(difficulty, complexity, sk) {
            return;
        }
        if let Some(all) = best.collect.as_mut() {
            // SE's nested use (level 3): the hint with its chains and their causes; the
            // assumption of a cell chain counts as a cell cause, of a region chain as the
            // region's.
            let first_cause = match o.form {
                Form::Cell => CAUSE_CELL,
                Form::Region => o.region_cause,
                _ => CAUSE_NONE,
            };
            let chains = o
                .chains
                .iter()
                .map(|&(run, i)| {
                    let mut v = Vec::new();
                    let mut j = i;
                    loop {
                        let r = &run.recs[j as usize];
                        if r.first == NONE {
                            v.push((r.node.key, r.node.on, first_cause));
                            break;
                        }
                        let p = run.recs[r.first as usize].node;
                        let cause = super::cycles::cause_of(
                            self.grid,
                            (p.key, p.on),
                            (r.node.key, r.node.on),
                        );
                        v.push((r.node.key, r.node.on, cause));
                        j = r.first;
                    }
                    v
                })
                .collect();
            all.push(NestedHint {
                difficulty,
                complexity,
                sort_key: sk,
                removable: vec![(cell as u8, removable)],
                chains,
            });
            return;
        }
        let (name, technique) = name_and_technique(self.mode, o.form);
        let mut hint = Hint::new(technique, difficulty);
        hint.name = name;
        hint.eliminate(cell, DigitSet::from_bits(removable));
        // SE's getResult: the source's opposite for a contradiction, else the first chain's
        // target; a placement when it is "on".
        if o.target.on {
            hint.placement = Some((cell, Digit::from_index(d).expect("digit")));
        }
        if self.explain {
            hint.explanation = Some(Box::new(Explanation {
                chains: o.chains.iter().map(|&(r, i)| r.path(i)).collect(),
                ..Explanation::default()
            }));
        }
        best.take(difficulty, complexity, sk, hint);
    }
}

impl Ctx2<'_> {
    /// SE's `getNestedComplexity`: the complexity of every nested hint among the ancestors of
    /// the chains' targets, once per full chain.
    fn nested_complexity(&mut self, o: &Offer<'_>, nested: &[(u32, u32)]) -> u32 {
        let mut seen: Vec<u32> = Vec::new();
        let mut total = 0;
        for &(run, i) in o.chains {
            run.ancestors(i, u32::MAX, &mut self.marks);
            for j in 0..run.recs.len() {
                if !self.marks.get(j as u16) {
                    continue;
                }
                let n = run.recs[j].nested;
                if n == super::advanced::NO_NESTED {
                    continue;
                }
                let (c, full) = nested[n as usize];
                if !seen.contains(&full) {
                    seen.push(full);
                    total += c;
                }
            }
        }
        total
    }
}

pub(super) fn find(
    grid: &Grid,
    ctx: &mut Ctx,
    mode: Mode,
    best: &mut Best,
    memo: &mut super::ChainMemo,
) {
    // Static runs follow the links of the grid and so stay within what the graph of those
    // links says their assumption reaches: region and cell chains whose assumptions reach
    // nothing in common have no hint, and their runs are not made.
    let with_graph = !mode.dynamic && !mode.nishio && mode.level == 0;
    // The runs of earlier calls, for their storage.
    let mut runs: Vec<Run> = std::mem::take(&mut memo.runs);
    let mut off_run = runs.pop().unwrap_or_else(Run::new);
    let mut scratch_on = runs.pop().unwrap_or_else(Run::new);
    let (links, graph) = memo.get(grid, with_graph);
    let mut eng = Engine::new(grid, mode, links);
    let mut c2 = Ctx2 {
        grid,
        mode,
        marks: Marks::new(),
        explain: ctx.explain,
    };
    // On-runs, kept for the call (region and cell chains reuse them).
    let keep = !mode.nishio;
    let mut run_of = vec![NONE; KEYS];
    // Runs no longer needed, for reuse: once a cell is behind, every region through it has had
    // its region chains (its first place is at or before the cell), so its runs are done.
    let mut free: Vec<usize> = (0..runs.len()).collect();
    let mut order: Vec<u16> = Vec::with_capacity(64);
    let mut tpl = Templates::new();

    // Every hint of this producer has the same base, so one that can still come first has at
    // most the best's complexity C, and less if it is a contradiction (the last sort key).
    // A node found after the first "off" of depth C − 3 or more has at least C − 1 ancestors
    // (`Engine::run`). A contradiction with it has its other half besides: at least C. In a
    // double, region or cell chain every other chain's node has two ancestors or more: it is
    // not the other run's assumption (the assumption of one run of a region or cell is "off"
    // in every other at depth 1, "on" and "off" of a double's candidate exclude each other),
    // so at least C + 1. So runs may stop there.
    let cut = |best: &Best| {
        if best.hint.is_some() {
            best.complexity.saturating_sub(3)
        } else {
            u32::MAX
        }
    };
    macro_rules! on_run {
        ($k:expr) => {{
            let k: Key = $k;
            if run_of[k as usize] == NONE {
                let i = match free.pop() {
                    Some(i) => i,
                    None => {
                        runs.push(Run::new());
                        runs.len() - 1
                    }
                };
                eng.run(&mut runs[i], Node { key: k, on: true }, cut(best), ctx);
                run_of[k as usize] = i as u16;
            }
            run_of[k as usize] as usize
        }};
    }

    'cells: for cell in 0..CELLS {
        if cell > 0 {
            for d in 0..9 {
                let k = key(cell - 1, d) as usize;
                if run_of[k] != NONE {
                    free.push(run_of[k] as usize);
                    run_of[k] = NONE;
                }
            }
        }
        if grid.value(cell) != 0 {
            continue;
        }
        let m = grid.masks()[cell];
        let card = m.count_ones();
        if !(card > 2 || (card > 1 && mode.dynamic)) {
            continue;
        }
        for d in 0..9 {
            if m >> d & 1 == 0 {
                continue;
            }
            let k = key(cell, d);
            let do_double = card >= 3 && !mode.nishio && mode.dynamic;
            let do_contradiction = mode.dynamic || mode.nishio;
            // The run from "on".
            let on_idx = if keep {
                // (Static multiple chains use it for region and cell chains only.)
                if !(do_contradiction || do_double) {
                    None
                } else {
                    Some(on_run!(k))
                }
            } else {
                if mode.nishio && !tpl.may_contradict(grid, &eng.src.count[d], k, true) {
                    scratch_on.reset();
                } else {
                    eng.run(&mut scratch_on, Node { key: k, on: true }, cut(best), ctx);
                }
                None
            };
            if ctx.exhausted {
                break 'cells;
            }
            let on_r: &Run = match on_idx {
                Some(i) => &runs[i],
                None => &scratch_on,
            };
            if do_contradiction || do_double {
                if do_contradiction {
                    if let Some((a, b)) = on_r.absurd {
                        c2.offer(
                            best,
                            &eng.adv.nested,
                            &Offer {
                                form: Form::Contradiction,
                                region_cause: CAUSE_NONE,
                                target: Node { key: k, on: false },
                                chains: &[(on_r, a), (on_r, b)],
                            },
                        );
                    }
                }
                if mode.nishio && !tpl.may_contradict(grid, &eng.src.count[d], k, false) {
                    off_run.reset();
                } else {
                    eng.run(&mut off_run, Node { key: k, on: false }, cut(best), ctx);
                }
                if ctx.exhausted {
                    break 'cells;
                }
                if do_contradiction {
                    if let Some((a, b)) = off_run.absurd {
                        c2.offer(
                            best,
                            &eng.adv.nested,
                            &Offer {
                                form: Form::Contradiction,
                                region_cause: CAUSE_NONE,
                                target: Node { key: k, on: true },
                                chains: &[(&off_run, a), (&off_run, b)],
                            },
                        );
                    }
                }
                // A double needs a potential both runs have (same polarity).
                let (mut both_on, mut both_off) = (on_r.on, on_r.off);
                both_on.and_with(&off_run.on);
                both_off.and_with(&off_run.off);
                if do_double && !both_on.is_empty() {
                    for n in 0..on_r.recs.len() {
                        let node = on_r.recs[n].node;
                        if n as u16 != on_r.slot_or_virtual(node) {
                            continue;
                        }
                        let other = if node.on { &off_run.on } else { &off_run.off };
                        if node.on && other.contains(node.key) {
                            c2.offer(
                                best,
                                &eng.adv.nested,
                                &Offer {
                                    form: Form::Double,
                                    region_cause: CAUSE_NONE,
                                    target: node,
                                    chains: &[
                                        (on_r, n as u16),
                                        (&off_run, off_run.slot(node.key, true)),
                                    ],
                                },
                            );
                        }
                    }
                }
                if do_double && !both_off.is_empty() {
                    for n in 0..on_r.recs.len() {
                        let node = on_r.recs[n].node;
                        if node.on || n as u16 != on_r.slot_or_virtual(node) {
                            continue;
                        }
                        if off_run.off.contains(node.key) {
                            c2.offer(
                                best,
                                &eng.adv.nested,
                                &Offer {
                                    form: Form::Double,
                                    region_cause: CAUSE_NONE,
                                    target: node,
                                    chains: &[
                                        (on_r, n as u16),
                                        (&off_run, off_run.slot(node.key, false)),
                                    ],
                                },
                            );
                        }
                    }
                }
            }
            if !mode.nishio {
                // Region chains for the regions where this cell is the digit's first place.
                let digit = Digit::from_index(d).expect("digit");
                for (ri, u) in super::common::se_units(cell).into_iter().enumerate() {
                    let positions = grid.cells_with(digit) & super::common::unit_set(u);
                    let n = positions.len();
                    if !(n == 2 || (mode.multiple && n > 2)) || positions.first() != Some(cell) {
                        continue;
                    }
                    if let Some(g) = &graph {
                        if !may_share(g, positions.iter().map(|c| key(c, d))) {
                            continue;
                        }
                    }
                    let mut idx = [0usize; 9];
                    let mut np = 0;
                    for c in positions {
                        idx[np] = on_run!(key(c, d));
                        np += 1;
                    }
                    if ctx.exhausted {
                        break 'cells;
                    }
                    let cause = [CAUSE_BLOCK, CAUSE_ROW, CAUSE_COL][ri];
                    offer_common(
                        &mut c2,
                        best,
                        &eng.adv.nested,
                        &runs,
                        &idx[..np],
                        Form::Region,
                        cause,
                        &mut order,
                    );
                }
            }
        }
        if !mode.nishio && (card == 2 || (mode.multiple && card > 2)) {
            // Cell chains: what every digit of the cell implies.
            if let Some(g) = &graph {
                if !may_share(
                    g,
                    DigitSet::from_bits(m).iter().map(|d| key(cell, d.index())),
                ) {
                    continue;
                }
            }
            let mut idx = [0usize; 9];
            let mut np = 0;
            for d in 0..9 {
                if m >> d & 1 != 0 {
                    idx[np] = on_run!(key(cell, d));
                    np += 1;
                }
            }
            if ctx.exhausted {
                break 'cells;
            }
            offer_common(
                &mut c2,
                best,
                &eng.adv.nested,
                &runs,
                &idx[..np],
                Form::Cell,
                CAUSE_NONE,
                &mut order,
            );
        }
    }
    // Kept for the next call (at most the runs one call needs, see the module doc).
    drop(eng);
    runs.push(off_run);
    runs.push(scratch_on);
    memo.runs = runs;
}

/// False if the static runs from "on" of `keys` (at least one) can have no potential in
/// common: what `g` says their assumptions reach has none.
fn may_share(g: &super::cycles::Graph, keys: impl Iterator<Item = Key>) -> bool {
    let mut acc = [!0u64; 24];
    for k in keys {
        g.and_reach(k * 2 + 1, &mut acc);
    }
    acc.iter().any(|&w| w != 0)
}

/// False only if SE's Nishio run from `k` on (or off) finds no contradiction: a run has X
/// links only, so it stays on one digit, and what it derives lies within the fixed point of
/// "an \"on\" removes the digit from its peers" and "a region where a candidate went off and
/// at most one place `x` is left (or none: then every place) puts `x` on", over the grid's
/// places (a run's grid keeps more places than the fixed point's, so its singles are among
/// these). A run's contradiction, a candidate both on and off, is then one of the fixed point.
///
/// The fixed point is made by a work list, `count` being the digit's places per unit: a
/// contradiction once a unit has all its places "off" (they would all go "on") or an "on"
/// sees another (one of them goes "off").
fn nishio_may_contradict(grid: &Grid, count: &[u8; 27], k: Key, start_on: bool) -> bool {
    let (cell, d) = (kcell(k), kdigit(k));
    let places = grid.cells_with(Digit::from_index(d).expect("digit"));
    // Per unit: its places not (yet counted) "off".
    let mut left = *count;
    let (mut on, mut off) = (CellSet::EMPTY, CellSet::EMPTY);
    let (mut pend_on, mut pend_off) = (CellSet::EMPTY, CellSet::EMPTY);
    if start_on {
        on.insert(cell);
        pend_on.insert(cell);
    } else {
        off.insert(cell);
        pend_off.insert(cell);
    }
    loop {
        if let Some(y) = pend_on.first() {
            pend_on.remove(y);
            let seen = PEERS[y] & places;
            if seen.intersects(on) {
                return true;
            }
            let new = seen - off;
            off |= new;
            pend_off |= new;
            continue;
        }
        let Some(x) = pend_off.first() else {
            return false;
        };
        pend_off.remove(x);
        for u in super::common::se_units(x) {
            left[u] -= 1;
            match left[u] {
                0 => return true,
                1 => {
                    // (None while some of the unit's "off"s are still to be counted: it
                    // reaches 0 then.)
                    if let Some(y) = ((UNIT_SET[u] & places) - off).only() {
                        if !on.contains(y) {
                            on.insert(y);
                            pend_on.insert(y);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// What templates of each digit say about its Nishio runs, found as they are needed (one set
/// per call, 9 × 3 cell sets and the digits' rows).
///
/// A template of a digit here: one of its places in each row that has places, no two in a
/// column or a block. Where the rows, the columns and the blocks with places are equally many,
/// a template has one place in every unit with places. Then the fixed point of
/// [`nishio_may_contradict`] from "on" of a place of a template (or from "off" of a place a
/// template avoids) keeps its "on"s within the template and its "off"s outside it: an "on" of
/// the template puts only cells outside it "off" (one template place a unit), and a unit never
/// runs out of places (its template place stays) and, with one place left, puts that place,
/// the template's, "on"; no two "on"s see each other. So it finds no contradiction, and neither
/// does the run: such a start is passed over without the fixed point. The templates come from
/// a small depth-first search (rows with the fewest choices first, at most `SEARCH_NODES`
/// nodes; where it gives up, or finds none, the fixed point decides as before), and each one
/// found serves every start it contains or avoids.
struct Templates {
    /// Digits looked at so far; of those, the ones whose units allow templates.
    seen: u16,
    usable: u16,
    /// Per digit and row: the columns of its places; the rows with places, fewest first.
    rows: [[u16; 9]; 9],
    order: [[u8; 9]; 9],
    open: [u8; 9],
    /// Per digit: the places of some template found (union), and those of every template found
    /// (intersection; all places before the first).
    some: [CellSet; 9],
    every: [CellSet; 9],
}

/// The search's node limit (one node a row placed).
const SEARCH_NODES: u32 = 96;

/// The columns of the blocks of a band, per three-bit set of used blocks.
const BLOCK_COLS: [u16; 8] = {
    let mut out = [0u16; 8];
    let mut m = 0;
    while m < 8 {
        let mut b = 0;
        while b < 3 {
            if m >> b & 1 != 0 {
                out[m] |= 0b111 << (3 * b);
            }
            b += 1;
        }
        m += 1;
    }
    out
};

impl Templates {
    fn new() -> Templates {
        Templates {
            seen: 0,
            usable: 0,
            rows: [[0; 9]; 9],
            order: [[0; 9]; 9],
            open: [0; 9],
            some: [CellSet::EMPTY; 9],
            every: [CellSet::EMPTY; 9],
        }
    }

    /// Reads the places of digit `d` the first time it is asked about.
    fn prepare(&mut self, grid: &Grid, d: usize) {
        if self.seen >> d & 1 != 0 {
            return;
        }
        self.seen |= 1 << d;
        let places = grid.cells_with(Digit::from_index(d).expect("digit"));
        let (mut rs, mut cs, mut bs) = (0u16, 0u16, 0u16);
        for c in places {
            let (r, k) = (row(c), col(c));
            self.rows[d][r] |= 1 << k;
            rs |= 1 << r;
            cs |= 1 << k;
            bs |= 1 << box_of(c);
        }
        if rs.count_ones() == cs.count_ones() && rs.count_ones() == bs.count_ones() {
            self.usable |= 1 << d;
        }
        let mut n = 0;
        for r in 0..9 {
            if rs >> r & 1 != 0 {
                self.order[d][n] = r as u8;
                n += 1;
            }
        }
        let rows = &self.rows[d];
        self.order[d][..n].sort_by_key(|&r| rows[r as usize].count_ones());
        self.open[d] = n as u8;
        self.every[d] = places;
    }

    /// A template of digit `d` (prepared) with `cell` (`start_on`) or without it, if the search
    /// finds one.
    fn search(&self, d: usize, cell: usize, start_on: bool) -> Option<CellSet> {
        let (r, c) = (row(cell), col(cell));
        let mut rows = self.rows[d];
        let order = &self.order[d][..self.open[d] as usize];
        let mut nodes = SEARCH_NODES;
        if start_on {
            // The start takes its row, column and block; its row is left out of the order.
            rows[r] = 0;
            template(&rows, order, 1 << c, 1 << box_of(cell), &mut nodes).map(|t| t.with(cell))
        } else {
            rows[r] &= !(1 << c);
            if rows[r] == 0 {
                return None;
            }
            template(&rows, order, 0, 0, &mut nodes)
        }
    }

    /// `nishio_may_contradict`, passed over where a template shows it false.
    fn may_contradict(&mut self, grid: &Grid, count: &[u8; 27], k: Key, start_on: bool) -> bool {
        let (cell, d) = (kcell(k), kdigit(k));
        self.prepare(grid, d);
        if self.usable >> d & 1 != 0 {
            let known = if start_on {
                self.some[d].contains(cell)
            } else {
                !self.every[d].contains(cell)
            };
            if known {
                return false;
            }
            if let Some(t) = self.search(d, cell, start_on) {
                self.some[d] |= t;
                self.every[d] &= t;
                return false;
            }
        }
        nishio_may_contradict(grid, count, k, start_on)
    }
}

/// A template over `rows` (per row the columns it may use; rows without any are done), the
/// rows taken in the order `order`, with the columns `cols` and the blocks `blocks` taken, as
/// its cells; `None` if there is none or the search runs out of `nodes`.
fn template(
    rows: &[u16; 9],
    order: &[u8],
    cols: u16,
    blocks: u16,
    nodes: &mut u32,
) -> Option<CellSet> {
    let Some((&r, rest)) = order.split_first() else {
        return Some(CellSet::EMPTY);
    };
    let r = r as usize;
    if rows[r] == 0 {
        // (Taken before the search.)
        return template(rows, rest, cols, blocks, nodes);
    }
    let band = r / 3;
    let mut f = rows[r] & !cols & !BLOCK_COLS[(blocks >> (3 * band) & 7) as usize];
    while f != 0 {
        if *nodes == 0 {
            return None;
        }
        *nodes -= 1;
        let c = f.trailing_zeros() as usize;
        f &= f - 1;
        if let Some(t) = template(
            rows,
            rest,
            cols | 1 << c,
            blocks | 1 << (band * 3 + c / 3),
            nodes,
        ) {
            return Some(t.with(r * 9 + c));
        }
    }
    None
}

/// Offers every consequence common to the runs `idx` (an "on", or an "off", in each of them) as
/// a hint of `form`, its chains the runs' chains to it, in the first run's order.
#[allow(clippy::too_many_arguments)]
fn offer_common(
    c2: &mut Ctx2,
    best: &mut Best,
    nested: &[(u32, u32)],
    runs: &[Run],
    idx: &[usize],
    form: Form,
    region_cause: u8,
    order: &mut Vec<u16>,
) {
    let first = &runs[idx[0]];
    let mut to_on = first.on;
    let mut to_off = first.off;
    for &i in &idx[1..] {
        to_on.and_with(&runs[i].on);
        to_off.and_with(&runs[i].off);
    }
    for pol in [true, false] {
        let set = if pol { to_on } else { to_off };
        if set.is_empty() {
            continue;
        }
        members(first, &set, pol, order);
        for &n in order.iter() {
            let node = first.recs[n as usize].node;
            let mut chains: [(&Run, u16); 9] = [(first, 0); 9];
            for (j, &i) in idx.iter().enumerate() {
                chains[j] = (&runs[i], runs[i].slot(node.key, pol));
            }
            c2.offer(
                best,
                nested,
                &Offer {
                    form,
                    region_cause,
                    target: node,
                    chains: &chains[..idx.len()],
                },
            );
        }
    }
}

/// The nodes of `run` whose keys are in `set`, with polarity `on`, in the order the run found
/// them (SE iterates the intersection in the first run's order).
fn members(run: &Run, set: &KeySet, on: bool, out: &mut Vec<u16>) {
    out.clear();
    for (w, &bits) in set.words().iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            let k = (w * 64 + b.trailing_zeros() as usize) as Key;
            b &= b - 1;
            out.push(run.slot(k, on));
        }
    }
    out.sort_unstable();
}

impl Run {
    /// The registered index of `node` (a virtual node's own index never matches).
    fn slot_or_virtual(&self, node: Node) -> u16 {
        let set = if node.on { &self.on } else { &self.off };
        if set.contains(node.key) {
            self.slot(node.key, node.on)
        } else {
            NONE
        }
    }
}

/// Every hint of the static multiple chains producer on `grid`, as SE's nested use (level 3)
/// takes them (see `cycles::all_hints`).
pub(super) fn all_hints(grid: &Grid, ctx: &mut Ctx) -> Vec<NestedHint> {
    let mut best = Best::collecting();
    find(
        grid,
        ctx,
        Mode::MULTIPLE,
        &mut best,
        &mut super::ChainMemo::new(),
    );
    super::common::sort_nested(best.collect.take().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixed point of [`nishio_may_contradict`] made round by round over every unit.
    fn reference_filter(grid: &Grid, k: Key, start_on: bool) -> bool {
        let (cell, d) = (kcell(k), kdigit(k));
        let places = grid.cells_with(Digit::from_index(d).expect("digit"));
        let (mut on, mut off) = if start_on {
            (CellSet::single(cell), CellSet::EMPTY)
        } else {
            (CellSet::EMPTY, CellSet::single(cell))
        };
        let mut applied = CellSet::EMPTY;
        let mut seen_off = CellSet::EMPTY;
        loop {
            for o in on - applied {
                off |= PEERS[o] & places;
            }
            applied = on;
            if on.intersects(off) {
                return true;
            }
            // Only the regions of new "off"s can give new "on"s.
            let mut units = 0u32;
            for c in off - seen_off {
                units |= cell_unit_set(c);
            }
            seen_off = off;
            let mut grown = false;
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let here = UNIT_SET[u] & places;
                let left = here - off;
                let new = match left.len() {
                    0 => here,
                    1 => left,
                    _ => continue,
                };
                if !new.is_subset(on) {
                    on |= new;
                    grown = true;
                }
            }
            if !grown {
                return on.intersects(off);
            }
        }
    }

    /// The units of `cell`, as bits of a unit set.
    #[inline]
    fn cell_unit_set(cell: usize) -> u32 {
        CELL_UNIT_SETS[cell]
    }

    /// [`cell_unit_set`] of every cell.
    static CELL_UNIT_SETS: [u32; CELLS] = {
        let mut out = [0u32; CELLS];
        let mut c = 0;
        while c < CELLS {
            let [a, b, d] = crate::grid::geometry::cell_units(c);
            out[c] = 1 << a | 1 << b | 1 << d;
            c += 1;
        }
        out
    };

    #[test]
    fn templates_have_one_place_in_every_unit_with_places() {
        let (mut found, mut searched) = (0, 0);
        for (what, grid) in super::super::tests::positions() {
            let mut tpl = Templates::new();
            for d in 0..9 {
                tpl.prepare(&grid, d);
                let places = grid.cells_with(Digit::from_index(d).expect("digit"));
                for x in places {
                    for on in [true, false] {
                        searched += 1;
                        let Some(t) = tpl.search(d, x, on) else {
                            continue;
                        };
                        found += 1;
                        assert!(t.is_subset(places));
                        assert_eq!(t.contains(x), on);
                        // One place a row with places, at most one a column or block; all
                        // units with places covered when they are equally many.
                        let with_places = (0..27)
                            .filter(|&u| UNIT_SET[u].intersects(places))
                            .collect::<Vec<_>>();
                        let kinds = [0, 9, 18]
                            .map(|s| with_places.iter().filter(|&&u| u >= s && u < s + 9).count());
                        for u in 0..27 {
                            let n = (t & UNIT_SET[u]).len();
                            assert!(n <= 1, "{}", what);
                            if u < 9 && UNIT_SET[u].intersects(places) {
                                assert_eq!(n, 1, "{}", what);
                            }
                            if kinds[0] == kinds[1] && kinds[1] == kinds[2] {
                                assert_eq!(n == 1, UNIT_SET[u].intersects(places), "{}", what);
                            }
                        }
                    }
                }
            }
        }
        assert!(
            found * 2 > searched,
            "{found} templates in {searched} searches"
        );
    }

    #[test]
    fn nishio_filter_passes_every_contradiction() {
        // On SE's positions before its chaining steps, every candidate's Nishio runs (from
        // "on" and from "off", uncut): a contradiction found only where the filter allows it.
        let (mut runs, mut absurd, mut passed) = (0, 0, 0);
        for (what, grid) in super::super::tests::positions() {
            let links = super::super::cycles::Links::new(&grid);
            let mut eng = Engine::new(&grid, Mode::NISHIO, &links);
            let mut tpl = Templates::new();
            let mut run = Run::new();
            let mut ctx = Ctx {
                budget: u64::MAX,
                exhausted: false,
                explain: false,
            };
            for cell in 0..CELLS {
                for d in DigitSet::from_bits(grid.masks()[cell]).iter() {
                    let k = key(cell, d.index());
                    for on in [true, false] {
                        eng.run(&mut run, Node { key: k, on }, u32::MAX, &mut ctx);
                        let may = nishio_may_contradict(&grid, &eng.src.count[d.index()], k, on);
                        assert_eq!(may, reference_filter(&grid, k, on), "{}: {k} {on}", what);
                        let by_templates =
                            tpl.may_contradict(&grid, &eng.src.count[d.index()], k, on);
                        assert_eq!(by_templates, may, "{}: {k} {on}", what);
                        runs += 1;
                        passed += usize::from(may);
                        if run.absurd.is_some() {
                            absurd += 1;
                            assert!(may, "{}: {k} {on}", what);
                        }
                    }
                }
            }
        }
        assert!(absurd > 20, "{absurd} contradictions in {runs} runs");
        // The filter is worth it: it lets few runs through.
        assert!(passed * 4 < runs, "{passed} of {runs} runs let through");
    }
}
