//! SE's `getAdvancedPotentials` for the "+" level (and level 2, which adds SE's forcing chains
//! and cycles producer after the simple rules, see `super`): once a dynamic run has nothing left to
//! process, the simple rules SE lists for it (with its defaults: `Locking(false)`,
//! `HiddenSet(2, false)`, `NakedSet(2)`, `Fisherman(2)`) are run on the run's shrunken grid, and
//! every elimination of every hint whose pattern rests on candidates the run removed
//! (`getRuleParents`, compared with the grid the run started from) becomes an "off" potential
//! with those removed candidates as parents.
//!
//! SE's details kept: the rules are tried in that order and the first one that yields any
//! potential ends the search (even when all it yields is known already); each rule's hints come
//! in its own scan order (Locking: block/column, block/row, column/block, row/block pairs, digit,
//! first region, second region; sets: blocks, columns, rows, then pairs in `Permutations`' order;
//! X-Wing: columns then rows as base, pairs of lines, then digits); a hint's eliminations come in
//! the iteration order of the Java `HashMap` SE keeps them in (by cell index modulo the table
//! size, 16 or more, then insertion order).

use super::common::{CAUSE_CELL, CAUSE_NONE, Key, NestedHint, kcell, kdigit, key};
use super::multiple::Work;
use crate::grid::geometry::{UNIT_CELLS, UNIT_SET, box_unit, col_unit, row_unit};
use crate::grid::{CELLS, CellSet};
use crate::se::Ctx;

/// The pairs `(a, b)`, `a < b < 9`, in the order of SE's `Permutations(2, 9)`: by `b`, then `a`.
const PAIRS: [(u8, u8); 36] = {
    let mut out = [(0u8, 0u8); 36];
    let mut n = 0;
    let mut b = 1;
    while b < 9 {
        let mut a = 0;
        while a < b {
            out[n] = (a as u8, b as u8);
            n += 1;
            a += 1;
        }
        b += 1;
    }
    out
};

/// Output of one search: potentials (key, parents as `pars[from..to]`).
pub(super) struct Advanced {
    /// (key, parents `pars[from..to]`, nested hint id or `NO_NESTED`).
    pub pots: Vec<(Key, u32, u32, u32)>,
    /// The nested hints met so far in the call: (complexity, id of its full chain).
    pub nested: Vec<(u32, u32)>,
    full_chains: std::collections::HashMap<Vec<u32>, u32>,
    pub pars: Vec<Key>,
    removable: Vec<(u8, u16)>,
    hint_pars: Vec<Key>,
    removed: [CellSet; 9],
}

impl Advanced {
    pub fn new() -> Advanced {
        Advanced {
            pots: Vec::with_capacity(64),
            nested: Vec::new(),
            full_chains: std::collections::HashMap::new(),
            pars: Vec::with_capacity(256),
            removable: Vec::with_capacity(16),
            hint_pars: Vec::with_capacity(32),
            removed: [CellSet::EMPTY; 9],
        }
    }

    /// Runs the rules in SE's order on `cur` (the run started from `src`; `values` are the
    /// placed digits) until one yields potentials.
    pub fn search(
        &mut self,
        cur: &Work,
        src: &Work,
        values: &[u8; CELLS],
        level: u8,
        ctx: &mut Ctx,
    ) {
        self.pots.clear();
        self.pars.clear();
        // A hint counts only if its pattern rests on candidates the run removed (its rule
        // parents), so only the digits, units and cells with removals need looking at.
        for (v, r) in self.removed.iter_mut().enumerate() {
            *r = src.pos[v] - cur.pos[v];
        }
        self.locking(cur, src);
        if !self.pots.is_empty() {
            return;
        }
        self.hidden_pairs(cur, src, values);
        if !self.pots.is_empty() {
            return;
        }
        self.naked_pairs(cur, src, values);
        if !self.pots.is_empty() {
            return;
        }
        self.x_wings(cur, src, values);
        if !self.pots.is_empty() || level < 2 {
            return;
        }
        // Level 2: SE's forcing chains and cycles (`Chaining(false, false, false, 0)`) on the
        // run's grid, every hint of it.
        let grid = crate::se::grid::Grid::from_candidates(&crate::grid::Candidates::from_parts(
            *values, cur.cands,
        ));
        self.nested_rule(super::cycles::all_hints(&grid, ctx), cur, src);
        if !self.pots.is_empty() || level < 3 {
            return;
        }
        // Level 3: SE's (static) multiple forcing chains (`Chaining(true, false, false, 0)`).
        self.nested_rule(super::multiple::all_hints(&grid, ctx), cur, src);
    }

    /// The potentials of a nested producer's hints (SE's accumulator in
    /// `getAdvancedPotentials`).
    fn nested_rule(&mut self, hints: Vec<NestedHint>, cur: &Work, src: &Work) {
        for h in hints {
            self.hint_pars.clear();
            rule_parents(&h, cur, src, &mut self.hint_pars);
            if self.hint_pars.is_empty() {
                continue;
            }
            let id = self.nested_id(&h);
            let from = self.pars.len() as u32;
            self.pars.extend_from_slice(&self.hint_pars);
            let to = self.pars.len() as u32;
            for &(cell, mask) in &h.removable {
                let mut m = mask;
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    self.pots.push((key(cell as usize, d), from, to, id));
                }
            }
        }
    }

    /// Registers a nested hint; hints with the same chains (SE's `FullChain`) share the id of
    /// their full chain.
    fn nested_id(&mut self, h: &NestedHint) -> u32 {
        let mut sig: Vec<u32> = Vec::new();
        for chain in &h.chains {
            sig.push(u32::MAX);
            sig.extend(
                chain
                    .iter()
                    .map(|&(k, on, _)| u32::from(k) << 1 | u32::from(on)),
            );
        }
        let next = self.full_chains.len() as u32;
        let full = *self.full_chains.entry(sig).or_insert(next);
        self.nested.push((h.complexity, full));
        self.nested.len() as u32 - 1
    }

    /// Emits the current hint (`removable` in insertion order, `hint_pars`), if it has parents.
    fn emit(&mut self) {
        if self.hint_pars.is_empty() || self.removable.is_empty() {
            return;
        }
        java_hash_order(&mut self.removable);
        let from = self.pars.len() as u32;
        self.pars.extend_from_slice(&self.hint_pars);
        let to = self.pars.len() as u32;
        for &(cell, mask) in &self.removable {
            let mut m = mask;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                self.pots.push((key(cell as usize, d), from, to, NO_NESTED));
            }
        }
    }

    fn locking(&mut self, cur: &Work, src: &Work) {
        // SE's pairs of region types (block/column, block/row, column/block, row/block); for a
        // first region, at most one second region holds all its places for a digit, so it is
        // found directly (the one of the first place) instead of by SE's loop over nine.
        #[derive(Clone, Copy)]
        enum T {
            Block,
            Row,
            Col,
        }
        let unit = |t: T, i: usize| match t {
            T::Block => box_unit(i),
            T::Row => row_unit(i),
            T::Col => col_unit(i),
        };
        let of_cell = |t: T, c: usize| match t {
            T::Block => box_unit(crate::grid::geometry::box_of(c)),
            T::Row => row_unit(crate::grid::geometry::row(c)),
            T::Col => col_unit(crate::grid::geometry::col(c)),
        };
        for (t1, t2) in [
            (T::Block, T::Col),
            (T::Block, T::Row),
            (T::Col, T::Block),
            (T::Row, T::Block),
        ] {
            for v in 0..9 {
                if self.removed[v].is_empty() {
                    continue;
                }
                for i1 in 0..9 {
                    let set1 = UNIT_SET[unit(t1, i1)];
                    if !self.removed[v].intersects(set1) {
                        continue;
                    }
                    let pos = cur.pos[v] & set1;
                    if pos.len() < 2 {
                        continue;
                    }
                    let Some(first) = pos.first() else { continue };
                    let set2 = UNIT_SET[of_cell(t2, first)];
                    if !pos.is_subset(set2) {
                        continue;
                    }
                    self.removable.clear();
                    for c in (cur.pos[v] & set2) - set1 {
                        self.removable.push((c as u8, 1 << v));
                    }
                    if self.removable.is_empty() {
                        continue;
                    }
                    self.hint_pars.clear();
                    for c in ((src.pos[v] & set1) - cur.pos[v]) - set2 {
                        self.hint_pars.push(key(c, v));
                    }
                    self.emit();
                }
            }
        }
    }

    fn hidden_pairs(&mut self, cur: &Work, src: &Work, values: &[u8; CELLS]) {
        for u in se_set_units() {
            let set = UNIT_SET[u];
            if empty_count(values, u) <= 4 {
                continue;
            }
            let mut places = [CellSet::EMPTY; 9];
            let mut many = 0u16;
            let mut touched = 0u16;
            for (d, p) in places.iter_mut().enumerate() {
                *p = cur.pos[d] & set;
                if p.len() > 1 {
                    many |= 1 << d;
                }
                if self.removed[d].intersects(set) {
                    touched |= 1 << d;
                }
            }
            if touched == 0 {
                continue;
            }
            for (a, b) in PAIRS {
                let (a, b) = (a as usize, b as usize);
                if many >> a & many >> b & 1 == 0 || (touched >> a | touched >> b) & 1 == 0 {
                    continue;
                }
                let pa = places[a];
                let pb = places[b];
                if pa.len() <= 1 || pb.len() <= 1 || (pa | pb).len() != 2 {
                    continue;
                }
                let both = pa | pb;
                let pair = (1u16 << a) | (1 << b);
                self.removable.clear();
                for c in both {
                    let r = cur.cands[c] & !pair;
                    if r != 0 {
                        self.removable.push((c as u8, r));
                    }
                }
                if self.removable.is_empty() {
                    continue;
                }
                self.hint_pars.clear();
                for &c in &UNIT_CELLS[u] {
                    let c = c as usize;
                    if both.contains(c) {
                        continue;
                    }
                    for v in [a, b] {
                        if src.cands[c] >> v & 1 != 0 {
                            self.hint_pars.push(key(c, v));
                        }
                    }
                }
                self.emit();
            }
        }
    }

    fn naked_pairs(&mut self, cur: &Work, src: &Work, values: &[u8; CELLS]) {
        for u in se_set_units() {
            if empty_count(values, u) < 4 {
                continue;
            }
            let cells = &UNIT_CELLS[u];
            if !cells
                .iter()
                .any(|&c| src.cands[c as usize] != cur.cands[c as usize])
            {
                continue;
            }
            for (i, j) in PAIRS {
                let (ci, cj) = (cells[i as usize] as usize, cells[j as usize] as usize);
                if src.cands[ci] == cur.cands[ci] && src.cands[cj] == cur.cands[cj] {
                    continue;
                }
                let (mi, mj) = (cur.cands[ci], cur.cands[cj]);
                if mi.count_ones() <= 1 || mj.count_ones() <= 1 || (mi | mj).count_ones() != 2 {
                    continue;
                }
                let common = mi | mj;
                self.removable.clear();
                for &c in cells {
                    let c = c as usize;
                    if c == ci || c == cj {
                        continue;
                    }
                    let r = common & cur.cands[c];
                    if r != 0 {
                        self.removable.push((c as u8, r));
                    }
                }
                if self.removable.is_empty() {
                    continue;
                }
                self.hint_pars.clear();
                for c in [ci, cj] {
                    let mut m = src.cands[c] & !common;
                    while m != 0 {
                        let v = m.trailing_zeros() as usize;
                        m &= m - 1;
                        self.hint_pars.push(key(c, v));
                    }
                }
                self.emit();
            }
        }
    }

    fn x_wings(&mut self, cur: &Work, src: &Work, values: &[u8; CELLS]) {
        let mut occ = [0u32; 9];
        for &v in values {
            if v != 0 {
                occ[v as usize - 1] += 1;
            }
        }
        // Places of each digit per line: `lines[v][0][c]` the rows of column `c`, `[1][r]` the
        // columns of row `r`.
        let mut lines = [[[0u16; 9]; 2]; 9];
        for (v, l) in lines.iter_mut().enumerate() {
            if occ[v] + 4 > 9 {
                continue;
            }
            for c in cur.pos[v] {
                let (r, k) = (crate::grid::geometry::row(c), crate::grid::geometry::col(c));
                l[0][k] |= 1 << r;
                l[1][r] |= 1 << k;
            }
        }
        // (base line unit, cover line unit) makers: columns as base first, then rows.
        type F = fn(usize) -> usize;
        let kinds: [(usize, F, F); 2] = [(0, col_unit, row_unit), (1, row_unit, col_unit)];
        for (kind, base, cover) in kinds {
            for (i, j) in PAIRS {
                let (i, j) = (i as usize, j as usize);
                for v in 0..9 {
                    if occ[v] + 4 > 9 {
                        continue;
                    }
                    let (pi, pj) = (lines[v][kind][i], lines[v][kind][j]);
                    if pi.count_ones() <= 1 || pj.count_ones() <= 1 || (pi | pj).count_ones() != 2 {
                        continue;
                    }
                    let (bi, bj) = (base(i), base(j));
                    if !self.removed[v].intersects(UNIT_SET[bi] | UNIT_SET[bj]) {
                        continue;
                    }
                    let common = pi | pj;
                    let base_set = UNIT_SET[bi] | UNIT_SET[bj];
                    let mut cover_set = CellSet::EMPTY;
                    self.removable.clear();
                    let mut m = common;
                    while m != 0 {
                        let k = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let cu = cover(k);
                        cover_set |= UNIT_SET[cu];
                        for c in (cur.pos[v] & UNIT_SET[cu]) - base_set {
                            self.removable.push((c as u8, 1 << v));
                        }
                    }
                    if self.removable.is_empty() {
                        continue;
                    }
                    self.hint_pars.clear();
                    for bu in [bi, bj] {
                        for c in ((src.pos[v] & UNIT_SET[bu]) - cur.pos[v]) - cover_set {
                            self.hint_pars.push(key(c, v));
                        }
                    }
                    self.emit();
                }
            }
        }
    }
}

/// No nested hint.
pub(super) const NO_NESTED: u32 = u32::MAX;

/// SE's `ChainingHint.getRuleParents`: over each chain (`collectRuleParents`), for every "on"
/// node with a cause, the candidates the outer run removed that the cause relied on (the
/// cell's other digits, or the region's other places), each once.
fn rule_parents(h: &NestedHint, cur: &Work, src: &Work, out: &mut Vec<Key>) {
    for chain in &h.chains {
        for &(k, on, cause) in chain {
            if !on || cause == CAUSE_NONE {
                continue;
            }
            let (cell, d) = (kcell(k), kdigit(k));
            if cause == CAUSE_CELL {
                let mut m = src.cands[cell] & !cur.cands[cell];
                while m != 0 {
                    let v = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let p = key(cell, v);
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            } else {
                let u = super::common::se_units(cell)[(cause - 2) as usize];
                for c in (src.pos[d] & UNIT_SET[u]) - cur.pos[d] {
                    let p = key(c, d);
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        }
    }
}

/// SE's region order for the set rules: blocks, columns, rows.
fn se_set_units() -> impl Iterator<Item = usize> {
    (0..9)
        .map(box_unit)
        .chain((0..9).map(col_unit))
        .chain((0..9).map(row_unit))
}

fn empty_count(values: &[u8; CELLS], u: usize) -> usize {
    UNIT_CELLS[u]
        .iter()
        .filter(|&&c| values[c as usize] == 0)
        .count()
}

/// Reorders `entries` (distinct cells, in insertion order) as a Java `HashMap<Cell, _>` holding
/// them iterates: by bucket (cell index modulo the table size, which starts at 16 and doubles
/// while the entries exceed three quarters of it), then insertion order.
pub(super) fn java_hash_order(entries: &mut [(u8, u16)]) {
    let mut cap = 16usize;
    while entries.len() * 4 > cap * 3 {
        cap *= 2;
    }
    entries.sort_by_key(|&(c, _)| c as usize & (cap - 1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_follow_se_permutations() {
        assert_eq!(&PAIRS[..4], &[(0, 1), (0, 2), (1, 2), (0, 3)]);
        assert_eq!(PAIRS[35], (7, 8));
    }

    #[test]
    fn hash_order_is_by_bucket_then_insertion() {
        // A column: 3, 12, 21, …, 75 → buckets 3, 12, 5, 14, 7, 0, 9, 2, 11.
        let mut e: Vec<(u8, u16)> = (0..9).map(|r| ((r * 9 + 3) as u8, 1)).collect();
        java_hash_order(&mut e);
        let order: Vec<u8> = e.iter().map(|x| x.0).collect();
        assert_eq!(order, vec![48, 66, 3, 21, 39, 57, 75, 12, 30]);
        // Cells 2 and 18 share bucket 2: insertion order decides.
        let mut e = vec![(18u8, 1u16), (2, 1)];
        java_hash_order(&mut e);
        assert_eq!(e[0].0, 18);
    }
}
