//! `Chaining(false, false, false, 0)`: bidirectional cycles (X 6.5, Y 6.5, mixed 7.0) and forcing
//! chains (X 6.6, mixed 7.0), SE's `getLoopHintList` three times (X links only, Y links only,
//! both), each over the candidates in cell then digit order.
//!
//! SE's search, kept exactly because the first hint of its sort depends on it:
//!
//! * A cycle search (`doCycles`) is a breadth-first walk from "candidate on" alternating an "on"
//!   phase and an "off" phase. An "off" potential is queued again for every "on" that implies
//!   it (only its own ancestors are excluded, `isParent` on the first-parent path), while an
//!   "on" is queued once. A cycle is every "off" that implies the starting candidate again once
//!   the walk is four links long or more, in the order met; so one start may yield several
//!   cycles, with different paths and so different eliminations.
//! * A cycle eliminates a digit from every cell outside the cycle that sees an "on" and an
//!   "off" node of that digit (SE's forward and backward cancellations), nothing else.
//! * A forcing chain search (`doForcingChains`) starts from "on" (a chain back to "off" of the
//!   same candidate eliminates it) and from "off" (a chain back to "on" places it); each queues
//!   a potential once, and only the first chain of each kind counts.
//! * The implications are SE's `getOnToOff` (other digits of the cell when Y links are on,
//!   then the block, then the row and column outside the block) and `getOffToOn` (the other
//!   digit of a bivalue cell when Y links are on, then the one other place in the block, row,
//!   column when X links are on; a cell found twice keeps its first cause).
//! * Complexity is the number of distinct nodes of the chain; an X cycle on 4 cells is named
//!   "Generalized X-Wing", an X forcing chain of 6 nodes "Turbot Fish".
//!
//! What is not walked, with the same result (see [`Graph`]): a cycle walk keeps to the
//! source's strongly connected component of the graph of X and Y links (following, per "on",
//! the list of its links into its component, made on its first visit), and a forcing chain is
//! searched only where that graph says its target is reachable, through the nodes from which
//! it is reachable, and only where a walk about half as deep says its length can come first
//! ([`forcing_wins`]: the links are symmetric, so the shortest chain is the least sum of the
//! depths of a potential and its opposite); a kind none of whose hints could come before the
//! best so far is skipped; a cycle whose length (its complexity) cannot come first, or that
//! cancels nothing, builds no hint. The link table and the graph are the step's
//! ([`super::ChainMemo`]), shared with the other chaining producers of the step; the memo also
//! keeps, from step to step, the digits whose places gave nothing with X links
//! ([`XNothing`]): their X searches are skipped while those places stay the same; and where
//! the Y links gave nothing ([`YNothing`]): their search is skipped while the bivalue cells
//! stay the same and no place comes back.

use super::common::{
    Best, CAUSE_BLOCK, CAUSE_CELL, CAUSE_COL, CAUSE_NONE, CAUSE_ROW, KEYS, Key, KeySet, NestedHint,
    chain_node, kcell, kdigit, key, length_difficulty,
};
use crate::grade::Technique;
use crate::grid::geometry::PEERS;
use crate::grid::{CELLS, CellSet, Digit, DigitSet};
use crate::se::Ctx;
use crate::se::grid::Grid;
use crate::se::hint::{Explanation, Hint, SeName};

/// The static implications of a position (SE's `getOnToOff`/`getOffToOn` on an unchanging grid
/// with no hidden parents), per key: the cell part first, then the region part.
pub(super) struct Links {
    /// Per key: its links (index 0 unused for a key not in the grid).
    meta: Vec<Meta>,
    /// The "on" to "off" links of every key, packed (`Meta::o_at`).
    o2f: Vec<Key>,
}

/// One key's links: its "on" to "off" ones in `Links::o2f[o_at..o_at + o_n]` (the first `o_y`
/// of them to the cell's other digits), its "off" to "on" ones in `f[..f_n]` (the first `f_y`
/// to the other digit of a bivalue cell).
#[derive(Clone, Copy, Default)]
struct Meta {
    o_at: u16,
    o_n: u8,
    o_y: u8,
    f_n: u8,
    f_y: u8,
    f: [Key; 4],
}

impl Links {
    pub(super) fn new(grid: &Grid) -> Links {
        let mut l = Links {
            // Filled in key order by `fill`.
            meta: Vec::with_capacity(KEYS),
            // About 20 links per candidate.
            o2f: Vec::with_capacity(CELLS * 9 * 8),
        };
        l.fill(grid);
        l
    }

    /// Makes `self` the table of `grid` (its storage reused).
    pub(super) fn fill(&mut self, grid: &Grid) {
        let l = self;
        l.meta.clear();
        l.o2f.clear();
        let pos: [CellSet; 9] =
            core::array::from_fn(|d| grid.cells_with(Digit::from_index(d).expect("digit")));
        for cell in 0..CELLS {
            let m = grid.masks()[cell];
            if m == 0 {
                continue;
            }
            let [bx, rs, cs] = super::common::se_unit_sets(cell);
            let mut digits = m;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                l.meta.resize(key(cell, d) as usize, Meta::default());
                let p = pos[d].without(cell);
                let (pb, pr, pc) = (p & bx, p & rs, p & cs);
                let mut meta = Meta {
                    o_at: l.o2f.len() as u16,
                    ..Meta::default()
                };
                // On to off: the cell's other digits, then the block, the row and the column
                // outside the block (SE's getOnToOff).
                let mut others = m & !(1 << d);
                while others != 0 {
                    l.o2f.push(key(cell, others.trailing_zeros() as usize));
                    others &= others - 1;
                }
                meta.o_y = (l.o2f.len() - meta.o_at as usize) as u8;
                for part in [pb, pr - bx, pc - bx] {
                    for c in part {
                        l.o2f.push(key(c, d));
                    }
                }
                meta.o_n = (l.o2f.len() - meta.o_at as usize) as u8;
                // Off to on: the other digit of a bivalue cell, then the one other place in
                // the block, the row, the column (a cell found twice once).
                let mut n = 0;
                if m.count_ones() == 2 {
                    meta.f[0] = key(cell, (m & !(1 << d)).trailing_zeros() as usize);
                    n = 1;
                }
                meta.f_y = n as u8;
                let mut seen = CellSet::EMPTY;
                for part in [pb, pr, pc] {
                    if let Some(c) = part.only() {
                        if !seen.contains(c) {
                            seen.insert(c);
                            meta.f[n] = key(c, d);
                            n += 1;
                        }
                    }
                }
                meta.f_n = n as u8;
                l.meta.push(meta);
            }
        }
        l.meta.resize(KEYS, Meta::default());
    }

    #[inline]
    pub(super) fn on_to_off(&self, k: Key, y: bool) -> &[Key] {
        let m = &self.meta[k as usize];
        let from = m.o_at as usize + if y { 0 } else { m.o_y as usize };
        &self.o2f[from..m.o_at as usize + m.o_n as usize]
    }

    /// Where [`Links::on_to_off`] of `k` is in [`Links::packed`].
    #[inline]
    pub(super) fn on_to_off_range(&self, k: Key, y: bool) -> (usize, usize) {
        let m = &self.meta[k as usize];
        let from = m.o_at as usize + if y { 0 } else { m.o_y as usize };
        (from, m.o_at as usize + m.o_n as usize)
    }

    /// The "on" to "off" links of every key, packed.
    #[inline]
    pub(super) fn packed(&self) -> &[Key] {
        &self.o2f
    }

    /// A graph walk's frame for node `n` (`key * 2 + on`): `n`, then where its successors
    /// (X and Y links) start and end, for [`Links::succ_at`].
    #[inline]
    fn frame(&self, n: u16) -> (u16, u16, u16) {
        let m = &self.meta[n as usize >> 1];
        if n & 1 == 1 {
            (n, m.o_at, m.o_at + u16::from(m.o_n))
        } else {
            (n, 0, u16::from(m.f_n))
        }
    }

    /// Successor `i` of node `n` (see [`Links::frame`]), as a node.
    #[inline]
    fn succ_at(&self, n: u16, i: u16) -> u16 {
        if n & 1 == 1 {
            self.o2f[i as usize] * 2
        } else {
            self.meta[n as usize >> 1].f[i as usize] * 2 + 1
        }
    }

    #[inline]
    pub(super) fn off_to_on(&self, k: Key, y: bool, x: bool) -> &[Key] {
        let m = &self.meta[k as usize];
        let from = if y { 0 } else { m.f_y as usize };
        let to = if x { m.f_n as usize } else { m.f_y as usize };
        &m.f[from..to.max(from)]
    }
}

/// The implication graph of the grid with X and Y links (both kinds of "off" to "on")
/// condensed into its strongly connected components (nodes `key * 2 + 1` for "on", `key * 2`
/// for "off"), with what each component reaches. The graphs of X links only and of Y links
/// only have fewer edges, so their components lie inside these and reach less.
///
/// A cycle through "on" of the source stays inside that node's component of its kind's
/// graph, and so does the breadth-first tree leading to it: every node on a path from the
/// source back to itself is in the component, a node's first parent in the walk reaches it so
/// is in it too, and the walk meets those nodes in the same order, at the same depth, whatever
/// else it meets. So the cycle walk may keep to any set holding that component: the component
/// here. A forcing chain from "on" needs "off" of the source reachable, one from "off" needs
/// "on" reachable; where `reach` says not, the walk would find nothing and is not done.
pub(super) struct Graph {
    comp: Vec<u16>,
    /// Per component: its number of nodes.
    size: Vec<u16>,
    /// Per component: where its reach is in `reach`, or `UNSEEN` when it reaches only its
    /// one node (most "off"s, which imply nothing).
    rix: Vec<u16>,
    /// Bit `k` of words `0..12` if "off" of key `k` is reachable, of words `12..24` if "on" is.
    reach: Vec<[u64; 24]>,
    // Tarjan's scratch.
    index: Vec<u16>,
    low: Vec<u16>,
    stack: Vec<u16>,
    /// The walk's frames: node, next successor, end of its successors (in `Links::o2f` for an
    /// "on", in its `Meta::f` for an "off").
    call: Vec<(u16, u16, u16)>,
}

const UNSEEN: u16 = u16::MAX;

impl Graph {
    pub(super) fn new() -> Graph {
        Graph {
            // (Filled by `build`.)
            comp: Vec::with_capacity(KEYS * 2),
            size: Vec::with_capacity(KEYS * 2),
            rix: Vec::with_capacity(KEYS * 2),
            reach: Vec::with_capacity(KEYS * 2),
            index: Vec::with_capacity(KEYS * 2),
            low: vec![0; KEYS * 2],
            stack: Vec::with_capacity(KEYS * 2),
            call: Vec::with_capacity(KEYS * 2),
        }
    }

    #[inline]
    fn succ(links: &Links, n: u16, y: bool, x: bool) -> &[Key] {
        if n & 1 == 1 {
            links.on_to_off(n >> 1, y)
        } else {
            links.off_to_on(n >> 1, y, x)
        }
    }

    /// Tarjan's algorithm (iterative) over the graph of X and Y links on `grid`; a component
    /// is complete before any that reaches it, so its reach is made when it is.
    pub(super) fn build(&mut self, links: &Links, grid: &Grid) {
        let (y, x) = (true, true);
        self.comp.clear();
        self.comp.resize(KEYS * 2, UNSEEN);
        self.index.clear();
        self.index.resize(KEYS * 2, UNSEEN);
        self.size.clear();
        self.rix.clear();
        self.reach.clear();
        let mut next_index = 0u16;
        for cell in 0..CELLS {
            let m = grid.masks()[cell];
            for d in 0..9 {
                if m >> d & 1 == 0 {
                    continue;
                }
                for on in 0..2 {
                    let root = key(cell, d) * 2 + on;
                    if self.index[root as usize] != UNSEEN {
                        continue;
                    }
                    self.index[root as usize] = next_index;
                    self.low[root as usize] = next_index;
                    next_index += 1;
                    self.stack.push(root);
                    self.call.push(links.frame(root));
                    while let Some(top) = self.call.last_mut() {
                        let (v, i, end) = *top;
                        if i < end {
                            top.1 += 1;
                            let w = links.succ_at(v, i);
                            if self.index[w as usize] == UNSEEN {
                                self.index[w as usize] = next_index;
                                self.low[w as usize] = next_index;
                                next_index += 1;
                                self.stack.push(w);
                                self.call.push(links.frame(w));
                            } else if self.comp[w as usize] == UNSEEN {
                                // On the stack.
                                let lw = self.index[w as usize];
                                if lw < self.low[v as usize] {
                                    self.low[v as usize] = lw;
                                }
                            }
                            continue;
                        }
                        self.call.pop();
                        let lv = self.low[v as usize];
                        if let Some(&(u, _, _)) = self.call.last() {
                            if lv < self.low[u as usize] {
                                self.low[u as usize] = lv;
                            }
                        }
                        if lv == self.index[v as usize] {
                            self.close(links, v, y, x);
                        }
                    }
                }
            }
        }
    }

    /// Pops the component rooted at `v` and makes its reach.
    fn close(&mut self, links: &Links, v: u16, y: bool, x: bool) {
        let c = self.size.len() as u16;
        let start = self
            .stack
            .iter()
            .rposition(|&w| w == v)
            .expect("the root is on the stack");
        let members = &self.stack[start..];
        for &w in members {
            self.comp[w as usize] = c;
        }
        self.size.push(members.len() as u16);
        let lone = members.len() == 1 && Graph::succ(links, v, y, x).is_empty();
        if lone {
            self.rix.push(UNSEEN);
            self.stack.truncate(start);
            return;
        }
        let mut r = [0u64; 24];
        let mut last = UNSEEN;
        for &w in members {
            let bit = Graph::bit(w);
            r[bit >> 6] |= 1 << (bit & 63);
            for &k in Graph::succ(links, w, y, x) {
                let t = k * 2 + (1 - (w & 1));
                let tc = self.comp[t as usize];
                if tc == c || tc == last {
                    continue;
                }
                last = tc;
                match self.rix[tc as usize] {
                    UNSEEN => {
                        let bit = Graph::bit(t);
                        r[bit >> 6] |= 1 << (bit & 63);
                    }
                    ri => {
                        for (a, b) in r.iter_mut().zip(self.reach[ri as usize].iter()) {
                            *a |= b;
                        }
                    }
                }
            }
        }
        self.rix.push(self.reach.len() as u16);
        self.reach.push(r);
        self.stack.truncate(start);
    }

    /// Intersects `acc` (a reach entry: "off" keys in words `0..12`, "on" keys in `12..24`)
    /// with what node `from` reaches.
    pub(super) fn and_reach(&self, from: u16, acc: &mut [u64; 24]) {
        match self.rix[self.comp[from as usize] as usize] {
            UNSEEN => {
                let bit = Graph::bit(from);
                let keep = acc[bit >> 6] & 1 << (bit & 63);
                *acc = [0; 24];
                acc[bit >> 6] = keep;
            }
            ri => {
                for (a, b) in acc.iter_mut().zip(self.reach[ri as usize].iter()) {
                    *a &= b;
                }
            }
        }
    }

    /// What node `from` reaches, for [`Reach::has`].
    #[inline]
    fn reach_of(&self, from: u16) -> Reach<'_> {
        match self.rix[self.comp[from as usize] as usize] {
            UNSEEN => Reach {
                row: None,
                lone: Graph::bit(from),
            },
            ri => Reach {
                row: Some(&self.reach[ri as usize]),
                lone: 0,
            },
        }
    }

    /// A node's bit in a reach entry.
    #[inline]
    fn bit(n: u16) -> usize {
        (n >> 1) as usize + if n & 1 == 1 { KEYS_ON } else { 0 }
    }

    /// True if `from` reaches the node of `k` and `on`.
    #[inline]
    fn reaches(&self, from: u16, k: Key, on: bool) -> bool {
        let bit = k as usize + if on { KEYS_ON } else { 0 };
        match self.rix[self.comp[from as usize] as usize] {
            UNSEEN => Graph::bit(from) == bit,
            ri => self.reach[ri as usize][bit >> 6] >> (bit & 63) & 1 != 0,
        }
    }
}

/// What a node reaches ([`Graph::reach_of`]).
///
/// The links are symmetric (see [`forcing_wins`]), so a node `v` reaches a target `t` exactly
/// when the opposite of `t` reaches the opposite of `v`: the chain searches test "reaches the
/// source's opposite" as "the source reaches the opposite", in one row.
struct Reach<'a> {
    row: Option<&'a [u64; 24]>,
    /// The one node's bit when it reaches only itself.
    lone: usize,
}

impl Reach<'_> {
    /// True if the node of `k` and `on` is reached.
    #[inline]
    fn has(&self, k: Key, on: bool) -> bool {
        let bit = k as usize + if on { KEYS_ON } else { 0 };
        match self.row {
            Some(r) => r[bit >> 6] >> (bit & 63) & 1 != 0,
            None => self.lone == bit,
        }
    }
}

/// First bit of the "on" keys in a `Graph::reach` entry.
const KEYS_ON: usize = 12 * 64;

const NONE: u32 = u32::MAX;

/// Scratch space of one search (allocated once per call; at most one entry per key for the
/// "on" side, and per ("on", implied key) pair for the "off" side: 729 × 28).
struct Scratch {
    ons: Vec<(Key, u32)>,
    offs: Vec<(Key, u32)>,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    next: Vec<u32>,
    cycles: Vec<u32>,
    /// The length of each of `cycles` (its links).
    cycle_len: Vec<u32>,
    /// Per key, the "on" to "off" links from it into its own component of the graph: where
    /// they are in `adj`, how many, and how many of them go to the cell's other digits (the
    /// first ones); `u32::MAX` until the key's "on" is first walked in this call. At most
    /// every link once (729 × 28).
    adj_at: Vec<(u32, u8, u8)>,
    adj: Vec<Key>,
    seen_on: KeySet,
    seen_off: KeySet,
    path: Vec<(Key, bool)>,
    /// [`forcing_wins`]'s depths of the keys seen "on" and "off" (read only where `seen_on`,
    /// `seen_off` say), and its frontiers.
    depth_on: Vec<u16>,
    depth_off: Vec<u16>,
    front: Vec<Key>,
    front_next: Vec<Key>,
    limits: Limits,
}

/// The most complex hints of each kind that would come first, for the best they were made for.
///
/// [`Best::wins`] is downward closed in the complexity (the difficulty grows with it), so "a
/// hint of complexity `c` would come first" is `c <= limit`; the walks test that instead.
struct Limits {
    /// The best's difficulty (its bits), complexity, sort key, and whether it collects.
    of: (u64, u32, u8, bool),
    /// Per kind (X, Y, both), the cycles' limit then the chains'; 0 until made.
    lim: [u32; 6],
}

impl Limits {
    fn get(&mut self, best: &Best, kind: Links3, chain: bool) -> u32 {
        let of = (
            best.difficulty.to_bits(),
            best.complexity,
            best.sort_key,
            best.collect.is_some(),
        );
        if of != self.of {
            self.of = of;
            self.lim = [0; 6];
        }
        let i = kind as usize * 2 + usize::from(chain);
        if self.lim[i] == 0 {
            let base = if chain { kind.chain() } else { kind.cycle() }.difficulty();
            self.lim[i] = if best.collect.is_some() || best.difficulty.is_infinite() {
                u32::MAX
            } else {
                // Ends: the difficulty grows past any finite one.
                let mut c = 1;
                while best.wins(base, c + 1, kind.sort_key()) {
                    c += 1;
                }
                c
            };
        }
        self.lim[i]
    }
}

/// A hint's kind, for its name, rating and sort key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links3 {
    X,
    Y,
    Xy,
}

impl Links3 {
    /// The technique of a bidirectional cycle of this kind.
    fn cycle(self) -> Technique {
        match self {
            Links3::X => Technique::BidirectionalXCycle,
            Links3::Y => Technique::BidirectionalYCycle,
            Links3::Xy => Technique::BidirectionalCycle,
        }
    }

    /// The technique of a forcing chain of this kind.
    fn chain(self) -> Technique {
        match self {
            Links3::X => Technique::ForcingXChain,
            Links3::Y => Technique::ForcingYChain,
            Links3::Xy => Technique::ForcingChain,
        }
    }

    fn sort_key(self) -> u8 {
        match self {
            Links3::Xy => 4,
            Links3::Y => 3,
            Links3::X => 2,
        }
    }
}

/// The digits whose places were, at an earlier step, ones where the X links gave nothing.
///
/// With X links only, a search from a candidate of digit `d` (its cycles and both its forcing
/// chains) follows links between places of `d` alone and cancels only places of `d`: what it
/// finds is a function of the places of `d` (the walks keep to parts of the graph that hold
/// every node they could use, and [`forcing_wins`] is exact, whatever else the grid has).
/// When every place of `d` is a starting candidate (no cell of them has a single candidate)
/// and, from a best with nothing in it, the X searches of a step gave no hint at all, the
/// starts of `d` gave none under any bound; at a later step with the same places of `d`, all
/// of them starting candidates again, they give none again and are skipped. (Kept in
/// [`super::ChainMemo`] from step to step; 9 cell sets.)
#[derive(Clone, Copy)]
pub(super) struct XNothing {
    places: [CellSet; 9],
    /// Bit `d`: `places[d]` is such a set.
    digits: u16,
}

impl XNothing {
    pub(super) const fn new() -> XNothing {
        XNothing {
            places: [CellSet::EMPTY; 9],
            digits: 0,
        }
    }
}

/// A position where, from a best with nothing in it, the Y links gave nothing.
///
/// With Y links only, a cycle's "on" nodes are in bivalue cells and each of its "off" nodes
/// implies one, so is in a bivalue cell too: which cycles a search finds, with their paths and
/// order, is a function of the bivalue cells and their candidates (the "off"s elsewhere imply
/// nothing), and a cycle cancels the places of its digits that see it from both sides, fewer
/// of them where fewer places are left. So at a later step with the same bivalue cells and
/// candidates, and no place that was not a place then, the Y searches give nothing again and
/// are skipped. (Kept in [`super::ChainMemo`] from step to step: 81 masks, 9 cell sets.)
#[derive(Clone, Copy)]
pub(super) struct YNothing {
    /// The candidates of the bivalue cells (0 elsewhere).
    bivalue: [u16; CELLS],
    places: [CellSet; 9],
    valid: bool,
}

impl YNothing {
    pub(super) const fn new() -> YNothing {
        YNothing {
            bivalue: [0; CELLS],
            places: [CellSet::EMPTY; 9],
            valid: false,
        }
    }
}

pub(super) fn find(grid: &Grid, ctx: &mut Ctx, best: &mut Best, memo: &mut super::ChainMemo) {
    // A kind none of whose hints can come first is skipped, so the graph is needed only if
    // some kind may win now (skipped kinds change nothing, so the first that may win sees the
    // best as it is now).
    let any = [Links3::X, Links3::Y, Links3::Xy]
        .into_iter()
        .any(|kind| may_win(best, kind));
    if !any {
        return;
    }
    // The X memo is used and made only for a best with nothing in it, not collecting.
    let fresh = best.collect.is_none() && best.hint.is_none() && best.difficulty.is_infinite();
    let pos: [CellSet; 9] =
        core::array::from_fn(|d| grid.cells_with(Digit::from_index(d).expect("digit")));
    // The digits of which every place is a starting candidate.
    let mut whole = 0u16;
    if fresh {
        let mut singles = CellSet::EMPTY;
        for (cell, &m) in grid.masks().iter().enumerate() {
            if m.count_ones() == 1 {
                singles.insert(cell);
            }
        }
        for (d, p) in pos.iter().enumerate() {
            if !p.intersects(singles) {
                whole |= 1 << d;
            }
        }
    }
    let known = memo.x_nothing;
    let mut skip_x = 0u16;
    for d in 0..9 {
        if whole & known.digits >> d & 1 != 0 && known.places[d] == pos[d] {
            skip_x |= 1 << d;
        }
    }
    let bivalue: [u16; CELLS] = core::array::from_fn(|c| {
        let m = grid.masks()[c];
        if m.count_ones() == 2 && grid.value(c) == 0 {
            m
        } else {
            0
        }
    });
    let known_y = memo.y_nothing;
    let skip_y = fresh
        && known_y.valid
        && known_y.bivalue == bivalue
        && (0..9).all(|d| (pos[d] - known_y.places[d]).is_empty());
    let (links, graph) = memo.get(grid, true);
    let graph = graph.expect("asked for");
    let found = search(grid, ctx, best, links, graph, skip_x, skip_y);
    if fresh && found.y_nothing && !skip_y {
        memo.y_nothing = YNothing {
            bivalue,
            places: pos,
            valid: true,
        };
    }
    if fresh && found.x_nothing {
        // The X searches gave nothing (those of `skip_x` were known to): record the digits.
        let mut known = known;
        for d in 0..9 {
            if whole >> d & 1 != 0 {
                known.places[d] = pos[d];
                known.digits |= 1 << d;
            }
        }
        memo.x_nothing = known;
    }
}

/// What [`search`] got through.
struct Searched {
    /// The X links' search ran to its end (not stopped by the budget) and gave no hint.
    x_nothing: bool,
    /// So did the X and the Y links' searches.
    y_nothing: bool,
}

/// The searches of [`find`], the candidates of the digits in `skip_x` left out with X links,
/// the Y links' search left out if `skip_y`.
fn search(
    grid: &Grid,
    ctx: &mut Ctx,
    best: &mut Best,
    links: &Links,
    graph: &Graph,
    skip_x: u16,
    skip_y: bool,
) -> Searched {
    let mut done = Searched {
        x_nothing: false,
        y_nothing: false,
    };
    let mut s = Scratch {
        ons: Vec::with_capacity(KEYS),
        offs: Vec::with_capacity(KEYS * 4),
        pend_on: Vec::with_capacity(KEYS),
        pend_off: Vec::with_capacity(KEYS * 4),
        next: Vec::with_capacity(KEYS * 4),
        cycles: Vec::new(),
        cycle_len: Vec::new(),
        adj_at: vec![(u32::MAX, 0, 0); KEYS],
        adj: Vec::with_capacity(KEYS * 4),
        seen_on: KeySet::EMPTY,
        seen_off: KeySet::EMPTY,
        path: Vec::with_capacity(64),
        depth_on: vec![0; KEYS],
        depth_off: vec![0; KEYS],
        front: Vec::with_capacity(KEYS),
        front_next: Vec::with_capacity(KEYS),
        limits: Limits {
            of: (0, 0, 0, false),
            lim: [0; 6],
        },
    };
    for kind in [Links3::X, Links3::Y, Links3::Xy] {
        let (y, x) = match kind {
            Links3::X => (false, true),
            Links3::Y => (true, false),
            Links3::Xy => (true, true),
        };
        match kind {
            Links3::Y => done.x_nothing = !ctx.exhausted && best.hint.is_none(),
            Links3::Xy => done.y_nothing = !ctx.exhausted && best.hint.is_none(),
            Links3::X => {}
        }
        if !may_win(best, kind) || (kind == Links3::Y && skip_y) {
            continue;
        }
        let skip = if kind == Links3::X { skip_x } else { 0 };
        for cell in 0..CELLS {
            let m = grid.masks()[cell];
            if grid.value(cell) != 0 || m.count_ones() < 2 {
                continue;
            }
            if !x && m.count_ones() > 2 {
                continue;
            }
            for d in 0..9 {
                if (m & !skip) >> d & 1 == 0 {
                    continue;
                }
                let source = key(cell, d);
                let on = source * 2 + 1;
                if graph.size[graph.comp[on as usize] as usize] > 1 {
                    cycles(links, graph, source, y, x, kind, &mut s, best, ctx);
                    for i in 0..s.cycles.len() {
                        let (q, length) = (s.cycles[i], s.cycle_len[i]);
                        cycle_hint(grid, &mut s, q, length, kind, best, ctx.explain);
                    }
                }
                for start_on in [true, false] {
                    let from = if start_on { on } else { on - 1 };
                    if !x || !graph.reaches(from, source, !start_on) {
                        continue;
                    }
                    if best.collect.is_none() {
                        let Some(length) = forcing_wins(
                            links, graph, source, start_on, y, kind, &mut s, best, ctx,
                        ) else {
                            continue;
                        };
                        if !ctx.explain {
                            // The hint needs only the chain's ends and complexity: its nodes
                            // are distinct, `length + 1` of them (see `forcing_wins`).
                            #[cfg(debug_assertions)]
                            {
                                let t = forcing(
                                    links, graph, source, start_on, y, kind, &mut s, best, ctx,
                                );
                                forcing_path(&mut s, t.expect("forcing_wins found a chain"));
                                debug_assert_eq!(distinct_nodes(&s.path), length + 1);
                            }
                            s.path.clear();
                            s.path.push((source, !start_on));
                            forcing_hint(grid, &mut s, length + 1, kind, best, false);
                            continue;
                        }
                    }
                    if let Some(t) =
                        forcing(links, graph, source, start_on, y, kind, &mut s, best, ctx)
                    {
                        forcing_path(&mut s, t);
                        let complexity = distinct_nodes(&s.path);
                        forcing_hint(grid, &mut s, complexity, kind, best, ctx.explain);
                    }
                }
                if ctx.exhausted {
                    return done;
                }
            }
        }
    }
    done
}

/// False if nothing of this kind can come first (its cycles and chains have two nodes or
/// more): the kind is skipped.
fn may_win(best: &Best, kind: Links3) -> bool {
    let x = kind != Links3::Y;
    best.wins(kind.cycle().difficulty(), 2, kind.sort_key())
        || (x && best.wins(kind.chain().difficulty(), 2, kind.sort_key()))
}

/// SE's `doCycles` from `source` on; fills `s.cycles` with the "off" objects that lead back.
/// The walk keeps to the source's component of `graph`, where all of them are.
#[allow(clippy::too_many_arguments)]
fn cycles(
    links: &Links,
    graph: &Graph,
    source: Key,
    y: bool,
    x: bool,
    kind: Links3,
    s: &mut Scratch,
    best: &Best,
    ctx: &mut Ctx,
) {
    let lim = s.limits.get(best, kind, false);
    let sc = graph.comp[source as usize * 2 + 1];
    s.ons.clear();
    s.offs.clear();
    s.cycles.clear();
    s.cycle_len.clear();
    s.pend_on.clear();
    s.pend_off.clear();
    s.seen_on.clear();
    s.ons.push((source, NONE));
    s.seen_on.insert(source);
    s.pend_on.push(0);
    // The keys whose "off" implies the source "on": only their objects can close a cycle.
    // (The links are symmetric: those keys are the ones the source's "off" implies "on".)
    let mut pre = KeySet::EMPTY;
    let mut closable = false;
    for &k in links.off_to_on(source, y, x) {
        pre.insert(k);
        closable |= graph.comp[k as usize * 2] == sc;
    }
    // The walk keeps to the source's component: with none of those objects in it, no cycle.
    if !closable {
        return;
    }
    // SE queues an "off" object for every ("on", implied key) pair outside the on's own
    // ancestry, but all objects of one key imply the same "on"s, so only the first object of
    // each key (in SE's queue order) can add new ones; the others matter only if they close a
    // cycle. Only those objects are kept, in SE's order. (A first object is never in its "on"'s
    // ancestry: the objects there are first ones of keys already met.)
    s.seen_off.clear();
    let mut length = 0u32;
    while !s.pend_on.is_empty() {
        // A cycle closed in this round has `length + 2` links and as many distinct nodes.
        if length + 2 > lim {
            return;
        }
        length += 1;
        s.pend_off.clear();
        s.next.clear();
        for i in 0..s.pend_on.len() {
            let p = s.pend_on[i];
            let pk = s.ons[p as usize].0;
            let (from, to) = in_component(links, graph, s, pk, y);
            for j in from..to {
                let off = s.adj[j];
                if !s.seen_off.contains(off) {
                    s.seen_off.insert(off);
                    s.offs.push((off, p));
                    let q = s.offs.len() as u32 - 1;
                    s.pend_off.push(q);
                    if pre.contains(off) {
                        s.next.push(q);
                    }
                } else if pre.contains(off) && !is_parent(s, p, off) {
                    s.offs.push((off, p));
                    s.next.push(s.offs.len() as u32 - 1);
                }
            }
        }
        s.pend_on.clear();
        length += 1;
        if !ctx.spend(s.pend_off.len() as u64 + 1) {
            return;
        }
        if length >= 4 {
            s.cycles.extend_from_slice(&s.next);
            s.cycle_len.resize(s.cycles.len(), length);
        }
        if length + 2 > lim {
            // The next round would stop before its "on"s imply anything (the test at the top
            // of the loop), and making them spends nothing: they are not made.
            return;
        }
        for i in 0..s.pend_off.len() {
            let q = s.pend_off[i];
            let qk = s.offs[q as usize].0;
            for &on in links.off_to_on(qk, y, x) {
                if graph.comp[on as usize * 2 + 1] == sc && !s.seen_on.contains(on) {
                    s.seen_on.insert(on);
                    s.ons.push((on, q));
                    s.pend_on.push(s.ons.len() as u32 - 1);
                }
            }
        }
    }
}

/// Where the "on" to "off" links of `pk` (with the cell's other digits if `y`) that stay in
/// its "on"'s component are in `s.adj`, in SE's order: the cycle walk, which keeps to the
/// source's component and whose "on"s are all in it, follows only those.
#[inline]
fn in_component(links: &Links, graph: &Graph, s: &mut Scratch, pk: Key, y: bool) -> (usize, usize) {
    let mut e = s.adj_at[pk as usize];
    if e.0 == u32::MAX {
        let c = graph.comp[pk as usize * 2 + 1];
        let at = s.adj.len();
        let all = links.on_to_off(pk, true);
        let cell_part = all.len() - links.on_to_off(pk, false).len();
        let mut ny = 0u8;
        for (i, &off) in all.iter().enumerate() {
            if graph.comp[off as usize * 2] == c {
                s.adj.push(off);
                ny += u8::from(i < cell_part);
            }
        }
        e = (at as u32, (s.adj.len() - at) as u8, ny);
        s.adj_at[pk as usize] = e;
    }
    let from = e.0 as usize + if y { 0 } else { usize::from(e.2) };
    (from, e.0 as usize + usize::from(e.1))
}

/// SE's `isParent(p, off)`: `off` is on the first-parent path above the "on" object `p`.
fn is_parent(s: &Scratch, mut p: u32, off: Key) -> bool {
    loop {
        let q = s.ons[p as usize].1;
        if q == NONE {
            return false;
        }
        let (qk, up) = s.offs[q as usize];
        if qk == off {
            return true;
        }
        p = up;
    }
}

/// The cycle closed by the "off" object `q`: its nodes from the closing "on" back to the start.
fn cycle_path(s: &mut Scratch, q: u32) {
    s.path.clear();
    let source = s.ons[0].0;
    s.path.push((source, true));
    let mut q = q;
    loop {
        let (qk, p) = s.offs[q as usize];
        s.path.push((qk, false));
        let (pk, up) = s.ons[p as usize];
        s.path.push((pk, true));
        if up == NONE {
            break;
        }
        q = up;
    }
}

/// True if the cycle closed by the "off" object `q` cancels something (see [`cycle_hint`]),
/// read from the walk's objects without making its path: the same sets, since the path's
/// nodes are the start and the objects up from `q`.
fn cancels(grid: &Grid, s: &Scratch, q: u32) -> bool {
    let mut cells = CellSet::EMPTY;
    let mut forw = [CellSet::EMPTY; 9];
    let mut back = [CellSet::EMPTY; 9];
    // The digits with both an "on" and an "off" node: only they can cancel.
    let (mut on_digits, mut off_digits) = (0u16, 0u16);
    let mut add = |k: Key, on: bool| {
        let (c, d) = (kcell(k), kdigit(k));
        cells.insert(c);
        let seen = PEERS[c] & grid.cells_with(Digit::from_index(d).expect("digit"));
        if on {
            forw[d] |= seen;
            on_digits |= 1 << d;
        } else {
            back[d] |= seen;
            off_digits |= 1 << d;
        }
    };
    add(s.ons[0].0, true);
    let mut q = q;
    loop {
        let (qk, p) = s.offs[q as usize];
        add(qk, false);
        let (pk, up) = s.ons[p as usize];
        add(pk, true);
        if up == NONE {
            break;
        }
        q = up;
    }
    let mut both = on_digits & off_digits;
    while both != 0 {
        let d = both.trailing_zeros() as usize;
        both &= both - 1;
        if !((forw[d] & back[d]) - cells).is_empty() {
            return true;
        }
    }
    false
}

fn distinct_nodes(path: &[(Key, bool)]) -> u32 {
    let (mut on, mut off) = (KeySet::EMPTY, KeySet::EMPTY);
    let mut n = 0;
    for &(k, is_on) in path {
        let set = if is_on { &mut on } else { &mut off };
        if !set.contains(k) {
            set.insert(k);
            n += 1;
        }
    }
    n
}

/// The hint of the cycle closed by the "off" object `q` after `length` links, if it comes
/// before the best so far.
///
/// Its complexity, the number of distinct nodes, is `length`: the "on" nodes of the walk are
/// of distinct keys, so are the "off" nodes of its tree (the first object of each key), and
/// the closing object is not on its "on"'s first-parent path (`is_parent`), so the only node
/// met twice is the start, which closes the cycle.
fn cycle_hint(
    grid: &Grid,
    s: &mut Scratch,
    q: u32,
    length: u32,
    kind: Links3,
    best: &mut Best,
    explain: bool,
) {
    let complexity = length;
    let base = kind.cycle().difficulty();
    let difficulty = base + length_difficulty(complexity);
    if !best.beaten_by(difficulty, complexity, kind.sort_key()) {
        return;
    }
    if !cancels(grid, s, q) {
        return;
    }
    cycle_path(s, q);
    debug_assert_eq!(distinct_nodes(&s.path), complexity);
    // SE's createCycleHint: cells of the chain (all but the starting node, which is the
    // closing one's cell anyway), then cancellations seen from "on" and from "off" nodes.
    let body = &s.path[..s.path.len() - 1];
    let mut cells = CellSet::EMPTY;
    for &(k, _) in body {
        cells.insert(kcell(k));
    }
    // Per digit, the cells seen from an "on" node, and from an "off" node.
    let mut forw = [CellSet::EMPTY; 9];
    let mut back = [CellSet::EMPTY; 9];
    for &(k, on) in body {
        let d = kdigit(k);
        let digit = Digit::from_index(d).expect("digit");
        let targets = (PEERS[kcell(k)] & grid.cells_with(digit)) - cells;
        let side = if on { &mut forw } else { &mut back };
        side[d] |= targets;
    }
    if (0..9).all(|d| (forw[d] & back[d]).is_empty()) {
        return;
    }
    let mut elim = [0u16; CELLS];
    for d in 0..9 {
        for c in forw[d] & back[d] {
            elim[c] |= 1 << d;
        }
    }
    let mut hint = Hint::new(kind.cycle(), difficulty);
    for (c, &r) in elim.iter().enumerate() {
        if r != 0 {
            hint.eliminate(c, DigitSet::from_bits(r));
        }
    }
    if best.collect.is_some() {
        let nested = nested_cycle(grid, s, &elim, cells);
        nested_push(best, difficulty, complexity, kind.sort_key(), nested);
        return;
    }
    hint.name = SeName::new(match kind {
        Links3::Xy => "Bidirectional Cycle",
        Links3::Y => "Bidirectional Y-Cycle",
        Links3::X if cells.len() == 4 => "Generalized X-Wing",
        Links3::X => "Bidirectional X-Cycle",
    });
    if explain {
        hint.explanation = Some(path_explanation(&s.path));
    }
    best.take(difficulty, complexity, kind.sort_key(), hint);
}

/// SE's `doForcingChains` from `source` on (or off): the first chain back to its opposite, as
/// the index of its last node in `s.ons` (whose entries here are (key, polarity-tagged parent)).
///
/// Only nodes from which `graph` says the opposite is reachable are walked: the others are on
/// no chain to it, and every node on such a chain (its first parent included, which reaches
/// it) is met in the same order with the same parent, so the first chain found is SE's.
#[allow(clippy::too_many_arguments)]
fn forcing(
    links: &Links,
    graph: &Graph,
    source: Key,
    start_on: bool,
    y: bool,
    kind: Links3,
    s: &mut Scratch,
    best: &Best,
    ctx: &mut Ctx,
) -> Option<u32> {
    let lim = s.limits.get(best, kind, true);
    // A node reaches the source's opposite when the source reaches the node's opposite.
    let from_source = graph.reach_of(source * 2 + u16::from(start_on));
    // Nodes: `s.ons` holds every node as (key, parent), polarity in `s.path`-free form: the
    // node's polarity is kept in the top bit of the parent field's companion vector `next`.
    s.ons.clear();
    s.next.clear();
    s.pend_on.clear();
    s.pend_off.clear();
    s.seen_on.clear();
    s.seen_off.clear();
    s.ons.push((source, NONE));
    s.next.push(u32::from(start_on));
    if start_on {
        s.seen_on.insert(source);
        s.pend_on.push(0);
    } else {
        s.seen_off.insert(source);
        s.pend_off.push(0);
    }
    // Depth of the nodes an "on" phase creates.
    let mut depth = 1u32;
    while !s.pend_on.is_empty() || !s.pend_off.is_empty() {
        // Chains found from here on have at least `depth + 1` nodes.
        if depth + 1 > lim {
            return None;
        }
        if !ctx.spend(s.pend_on.len() as u64 + s.pend_off.len() as u64) {
            return None;
        }
        for i in 0..s.pend_on.len() {
            let p = s.pend_on[i];
            let pk = s.ons[p as usize].0;
            for &off in links.on_to_off(pk, y) {
                if start_on && off == source {
                    s.ons.push((off, p));
                    s.next.push(0);
                    return Some(s.ons.len() as u32 - 1);
                }
                if !s.seen_off.contains(off) && from_source.has(off, true) {
                    s.seen_off.insert(off);
                    s.ons.push((off, p));
                    s.next.push(0);
                    s.pend_off.push(s.ons.len() as u32 - 1);
                }
            }
        }
        s.pend_on.clear();
        depth += 1;
        for i in 0..s.pend_off.len() {
            let q = s.pend_off[i];
            let qk = s.ons[q as usize].0;
            for &on in links.off_to_on(qk, y, true) {
                if !start_on && on == source {
                    s.ons.push((on, q));
                    s.next.push(1);
                    return Some(s.ons.len() as u32 - 1);
                }
                if !s.seen_on.contains(on) && from_source.has(on, false) {
                    s.seen_on.insert(on);
                    s.ons.push((on, q));
                    s.next.push(1);
                    s.pend_on.push(s.ons.len() as u32 - 1);
                }
            }
        }
        s.pend_off.clear();
        depth += 1;
    }
    None
}

/// The length of the chain [`forcing`] from `source` on (or off) would find, if it comes before
/// the best so far, found by a walk about half as deep.
///
/// The links are symmetric (a link's contrapositive is a link of the same kind: "a on, so b
/// off" with "b on, so a off"; "a off, so b on" with "b off, so a on"), so a chain
/// `p0 .. pL` from the source to its opposite read backwards with every node negated is one
/// too. Hence the length `L` of the shortest chain, which is what [`forcing`]'s breadth-first
/// walk finds first (its complexity is `L + 1`: its nodes are distinct), is the least
/// `d(v) + d(v')` over the potentials `v` with opposite `v'`, `d` the distance from the source:
/// a walk to `v` and one to `v'` give a chain of that length, and the chain's middle node
/// `p_m` (`m = L / 2` rounded down) has `d(p_m) = m` and `d(p_m') <= L - m`. After the walk
/// has met every potential within depth `k`, a least known sum `S <= 2k + 1` is `L` (were
/// `L < S`, the middle pair would be unknown, so `L >= 2k + 1`), and otherwise `L >= 2k + 1`.
/// The walk keeps to the nodes from which the opposite is reachable, as [`forcing`] does
/// (the nodes of both chains are such nodes). A chain wins exactly when its complexity does
/// ([`Best::wins`]), which is what [`forcing`] and [`forcing_hint`] test.
#[allow(clippy::too_many_arguments)]
fn forcing_wins(
    links: &Links,
    graph: &Graph,
    source: Key,
    start_on: bool,
    y: bool,
    kind: Links3,
    s: &mut Scratch,
    best: &Best,
    ctx: &mut Ctx,
) -> Option<u32> {
    let lim = s.limits.get(best, kind, true);
    // A node reaches the source's opposite when the source reaches the node's opposite.
    let from_source = graph.reach_of(source * 2 + u16::from(start_on));
    s.seen_on.clear();
    s.seen_off.clear();
    s.front.clear();
    s.front.push(source);
    if start_on {
        s.seen_on.insert(source);
        s.depth_on[source as usize] = 0;
    } else {
        s.seen_off.insert(source);
        s.depth_off[source as usize] = 0;
    }
    let mut cur_on = start_on;
    let mut least = u32::MAX;
    let mut k = 0u32;
    loop {
        // Every potential within depth `k` is known.
        if least <= 2 * k + 1 || s.front.is_empty() {
            return (least != u32::MAX && least < lim).then_some(least);
        }
        if 2 * k + 2 > lim {
            return None;
        }
        if !ctx.spend(s.front.len() as u64) {
            return None;
        }
        if 2 * k + 4 > lim {
            // Only `L = 2k + 1` can still come first: a potential met at depth `k + 1` whose
            // opposite is at depth `k`. (Its own depth cannot be less: the pair would have a
            // sum below `2k + 1`, already known.) So the last depth is looked at, not walked.
            let (seen, depth) = if cur_on {
                (&s.seen_on, &s.depth_on)
            } else {
                (&s.seen_off, &s.depth_off)
            };
            for &pk in &s.front {
                let next = if cur_on {
                    links.on_to_off(pk, y)
                } else {
                    links.off_to_on(pk, y, true)
                };
                for &t in next {
                    if seen.contains(t)
                        && u32::from(depth[t as usize]) == k
                        && from_source.has(t, cur_on)
                    {
                        return Some(2 * k + 1);
                    }
                }
            }
            return None;
        }
        let d = (k + 1) as u16;
        s.front_next.clear();
        for i in 0..s.front.len() {
            let pk = s.front[i];
            if cur_on {
                for &t in links.on_to_off(pk, y) {
                    if !s.seen_off.contains(t) && from_source.has(t, true) {
                        s.seen_off.insert(t);
                        s.depth_off[t as usize] = d;
                        s.front_next.push(t);
                        if s.seen_on.contains(t) {
                            least = least.min(u32::from(d + s.depth_on[t as usize]));
                        }
                    }
                }
            } else {
                for &t in links.off_to_on(pk, y, true) {
                    if !s.seen_on.contains(t) && from_source.has(t, false) {
                        s.seen_on.insert(t);
                        s.depth_on[t as usize] = d;
                        s.front_next.push(t);
                        if s.seen_off.contains(t) {
                            least = least.min(u32::from(d + s.depth_off[t as usize]));
                        }
                    }
                }
            }
        }
        core::mem::swap(&mut s.front, &mut s.front_next);
        cur_on = !cur_on;
        k += 1;
    }
}

/// The explanation of a cycle's or chain's hint: its one chain, from the assumption on (`path`
/// runs from the conclusion back).
fn path_explanation(path: &[(Key, bool)]) -> Box<Explanation> {
    let nodes = path
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &(k, on))| chain_node(k, on, i == 0))
        .collect();
    Box::new(Explanation {
        chains: vec![nodes],
        ..Explanation::default()
    })
}

/// Fills `s.path` with the chain [`forcing`] found, ending at node `t`, from its conclusion
/// back to its assumption.
fn forcing_path(s: &mut Scratch, t: u32) {
    s.path.clear();
    let mut i = t;
    while i != NONE {
        s.path.push((s.ons[i as usize].0, s.next[i as usize] != 0));
        i = s.ons[i as usize].1;
    }
}

/// The forcing chain of `complexity` whose conclusion is `s.path[0]`, and whose nodes, from its
/// conclusion back to its assumption, are in `s.path` when explained or collected (its
/// conclusion alone otherwise).
fn forcing_hint(
    grid: &Grid,
    s: &mut Scratch,
    complexity: u32,
    kind: Links3,
    best: &mut Best,
    explain: bool,
) {
    let base = kind.chain().difficulty();
    let difficulty = base + length_difficulty(complexity);
    if !best.beaten_by(difficulty, complexity, kind.sort_key()) {
        return;
    }
    let (tk, t_on) = s.path[0];
    let (cell, d) = (kcell(tk), kdigit(tk));
    let digit = Digit::from_index(d).expect("digit");
    let mut hint = Hint::new(kind.chain(), difficulty);
    if t_on {
        let others = grid.masks()[cell] & !(1 << d);
        if others == 0 {
            return;
        }
        hint.eliminate(cell, DigitSet::from_bits(others));
        hint.placement = Some((cell, digit));
    } else {
        hint.eliminate(cell, DigitSet::single(digit));
    }
    if best.collect.is_some() {
        let removable = vec![(cell as u8, hint.eliminations[cell])];
        let chain = with_causes(grid, &s.path, false);
        let nested = NestedHint {
            difficulty,
            complexity,
            sort_key: kind.sort_key(),
            removable,
            chains: vec![chain],
        };
        nested_push(best, difficulty, complexity, kind.sort_key(), nested);
        return;
    }
    hint.name = SeName::new(match kind {
        Links3::Xy => "Forcing Chain",
        Links3::Y => "Forcing Y-Chain",
        Links3::X if complexity == 6 => "Turbot Fish",
        Links3::X => "Forcing X-Chain",
    });
    if explain {
        hint.explanation = Some(path_explanation(&s.path));
    }
    best.take(difficulty, complexity, kind.sort_key(), hint);
}

/// Every hint of this producer on `grid`, as SE's nested use takes them: sorted (stably) by
/// difficulty, complexity and sort key, hints with the same eliminations as an earlier one
/// left out (SE's `LinkedHashSet` of `ChainingHint`s, equal when their eliminations are).
pub(super) fn all_hints(grid: &Grid, ctx: &mut Ctx) -> Vec<NestedHint> {
    let mut best = Best::collecting();
    find(grid, ctx, &mut best, &mut super::ChainMemo::new());
    super::common::sort_nested(best.collect.take().unwrap_or_default())
}

fn nested_push(best: &mut Best, difficulty: f64, complexity: u32, sort_key: u8, mut h: NestedHint) {
    h.difficulty = difficulty;
    h.complexity = complexity;
    h.sort_key = sort_key;
    if let Some(v) = best.collect.as_mut() {
        v.push(h);
    }
}

/// The cause SE records for `child`, implied by its parent `parent` on `grid`.
pub(super) fn cause_of(grid: &Grid, parent: (Key, bool), child: (Key, bool)) -> u8 {
    let (pc, cc) = (kcell(parent.0), kcell(child.0));
    if pc == cc {
        return CAUSE_CELL;
    }
    let d = kdigit(parent.0);
    let pos = grid.cells_with(Digit::from_index(d).expect("digit"));
    let units = super::common::se_units(pc);
    let causes = [CAUSE_BLOCK, CAUSE_ROW, CAUSE_COL];
    if child.1 {
        // An "on" from an "off": the first region of the parent with one other place.
        for (i, &u) in units.iter().enumerate() {
            let others = (pos & super::common::unit_set(u)).without(pc);
            if others.only() == Some(cc) {
                return causes[i];
            }
        }
        CAUSE_NONE
    } else {
        // An "off" from an "on": the block first, then the row, then the column.
        for (i, &u) in units.iter().enumerate() {
            if super::common::unit_set(u).contains(cc) {
                return causes[i];
            }
        }
        CAUSE_NONE
    }
}

/// SE's `getChain` of a single-parent chain whose nodes, from the target back, are `path`:
/// each node with its cause (the last, the assumption, none); with `drop_last`, the last node
/// (a cycle's start, equal to its end) is left out.
fn with_causes(grid: &Grid, path: &[(Key, bool)], drop_last: bool) -> Vec<(Key, bool, u8)> {
    let n = if drop_last {
        path.len() - 1
    } else {
        path.len()
    };
    (0..n)
        .map(|i| {
            let cause = if i + 1 < path.len() {
                cause_of(grid, path[i + 1], path[i])
            } else {
                CAUSE_NONE
            };
            (path[i].0, path[i].1, cause)
        })
        .collect()
}

/// The nested form of the cycle in `s.path` (SE's `CycleHint` with its reversed chain).
fn nested_cycle(grid: &Grid, s: &Scratch, elim: &[u16; CELLS], cells: CellSet) -> NestedHint {
    let path = &s.path;
    let body = &path[..path.len() - 1];
    // SE's removable map: cells in the order of their first cancellation seen from an "on"
    // node (peers in index order), then Java's HashMap order.
    let mut order: Vec<(u8, u16)> = Vec::new();
    for &(k, on) in body {
        if !on {
            continue;
        }
        let d = kdigit(k);
        let digit = Digit::from_index(d).expect("digit");
        for c in (PEERS[kcell(k)] & grid.cells_with(digit)) - cells {
            let r = elim[c];
            if r >> d & 1 != 0 && !order.iter().any(|&(x, _)| x as usize == c) {
                order.push((c as u8, r));
            }
        }
    }
    super::advanced::java_hash_order(&mut order);
    let on_chain = with_causes(grid, path, true);
    // The reversed chain: the start's opposite, then the others' opposites back to the end's;
    // each keeps the cause of the node it reverses; the last (equal to the first) is dropped.
    let full = with_causes(grid, path, false);
    let n = full.len();
    let mut rev: Vec<(Key, bool, u8)> = Vec::with_capacity(n);
    for i in (1..n).rev() {
        let (k, on, cause) = full[i];
        rev.push((k, !on, cause));
    }
    NestedHint {
        difficulty: 0.0,
        complexity: 0,
        sort_key: 0,
        removable: order,
        chains: vec![on_chain, rev],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes reachable from `from` by the links (X and Y), by a plain walk.
    fn reachable(links: &Links, from: u16) -> Vec<bool> {
        let mut seen = vec![false; KEYS * 2];
        let mut todo = vec![from];
        seen[from as usize] = true;
        while let Some(n) = todo.pop() {
            let next: Vec<u16> = if n & 1 == 1 {
                links
                    .on_to_off(n >> 1, true)
                    .iter()
                    .map(|&k| k * 2)
                    .collect()
            } else {
                let on = links.off_to_on(n >> 1, true, true);
                on.iter().map(|&k| k * 2 + 1).collect()
            };
            for m in next {
                if !seen[m as usize] {
                    seen[m as usize] = true;
                    todo.push(m);
                }
            }
        }
        seen
    }

    #[test]
    fn the_x_and_y_memos_change_no_hint() {
        // On SE's positions before its chaining steps, each twice (the second time with the
        // memo made by the first): the hint is the one a fresh memo gives.
        let mut shared = super::super::ChainMemo::new();
        let (mut used, mut used_y) = (0, 0);
        for (what, grid) in super::super::tests::positions() {
            let ctx = || Ctx {
                budget: crate::se::Options::DEFAULT_BUDGET,
                exhausted: false,
                explain: false,
            };
            let mode = super::super::Mode::CYCLES;
            let alone = super::super::find_with(
                &grid,
                &mut ctx(),
                mode,
                &mut super::super::ChainMemo::new(),
            );
            for _ in 0..2 {
                used += usize::from(shared.x_nothing.digits != 0);
                used_y += usize::from(shared.y_nothing.valid);
                let again = super::super::find_with(&grid, &mut ctx(), mode, &mut shared);
                assert_eq!(again, alone, "{}", what);
            }
        }
        assert!(used > 10 && used_y > 10, "{used} {used_y}");
    }

    #[test]
    fn graph_components_and_reach_agree_with_walks() {
        // On SE's positions before its chaining steps (every 5th): two nodes share a
        // component exactly when each reaches the other, and `reaches` is reachability.
        let mut checked = 0;
        for (what, grid) in super::super::tests::positions().into_iter().step_by(5) {
            let links = Links::new(&grid);
            let mut graph = Graph::new();
            graph.build(&links, &grid);
            let nodes: Vec<u16> = (0..CELLS)
                .flat_map(|c| {
                    DigitSet::from_bits(grid.masks()[c])
                        .iter()
                        .map(move |d| key(c, d.index()))
                })
                .flat_map(|k| [k * 2, k * 2 + 1])
                .collect();
            let reach: Vec<Vec<bool>> = nodes.iter().map(|&n| reachable(&links, n)).collect();
            for (i, &a) in nodes.iter().enumerate() {
                for (j, &b) in nodes.iter().enumerate() {
                    let same = reach[i][b as usize] && reach[j][a as usize];
                    assert_eq!(
                        graph.comp[a as usize] == graph.comp[b as usize],
                        same,
                        "{}",
                        what
                    );
                    assert_eq!(graph.reaches(a, b >> 1, b & 1 == 1), reach[i][b as usize]);
                }
                let size = nodes
                    .iter()
                    .filter(|&&b| graph.comp[b as usize] == graph.comp[a as usize])
                    .count();
                assert_eq!(graph.size[graph.comp[a as usize] as usize] as usize, size);
            }
            checked += 1;
        }
        assert!(checked > 5, "{checked}");
    }
}
