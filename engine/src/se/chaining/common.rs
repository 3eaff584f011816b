//! What every chaining mode shares: candidates as compact keys, bit sets over them, SE's length
//! difficulty, and the running "best hint so far" that stands in for SE's sort of all hints.

use crate::grid::CELLS;
use crate::grid::geometry::{UNIT_SET, box_unit, col_unit, row_unit};
use crate::grid::{CellSet, Digit};
use crate::se::hint::{ChainNode, Hint, Link};

/// A candidate: `cell * 9 + digit index` (`0..729`).
pub(super) type Key = u16;

/// Number of candidate keys.
pub(super) const KEYS: usize = CELLS * 9;

/// The key of `cell` and digit index `d`.
#[inline]
pub(super) const fn key(cell: usize, d: usize) -> Key {
    (cell * 9 + d) as Key
}

/// The cell of a key.
#[inline]
pub(super) const fn kcell(k: Key) -> usize {
    k as usize / 9
}

/// The digit index (`0..9`) of a key.
#[inline]
pub(super) const fn kdigit(k: Key) -> usize {
    k as usize % 9
}

/// A set of keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct KeySet([u64; 12]);

impl KeySet {
    pub const EMPTY: KeySet = KeySet([0; 12]);

    #[inline]
    pub fn contains(&self, k: Key) -> bool {
        self.0[k as usize >> 6] >> (k & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, k: Key) {
        self.0[k as usize >> 6] |= 1 << (k & 63);
    }

    #[inline]
    pub fn and_with(&mut self, other: &KeySet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
    }

    pub fn words(&self) -> &[u64; 12] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn clear(&mut self) {
        self.0 = [0; 12];
    }
}

/// SE's region units of a cell, in SE's region type order: block, row, column.
#[inline]
pub(super) fn se_units(cell: usize) -> [usize; 3] {
    let [b, r, c] = SE_UNITS[cell];
    [b as usize, r as usize, c as usize]
}

const fn se_units_of(cell: usize) -> [usize; 3] {
    [
        box_unit(crate::grid::geometry::box_of(cell)),
        row_unit(crate::grid::geometry::row(cell)),
        col_unit(crate::grid::geometry::col(cell)),
    ]
}

static SE_UNITS: [[u8; 3]; CELLS] = {
    let mut out = [[0u8; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let u = se_units_of(c);
        out[c] = [u[0] as u8, u[1] as u8, u[2] as u8];
        c += 1;
    }
    out
};

/// The cells of [`se_units`] of a cell, as sets.
#[inline]
pub(super) fn se_unit_sets(cell: usize) -> [CellSet; 3] {
    SE_UNIT_SETS[cell]
}

static SE_UNIT_SETS: [[CellSet; 3]; CELLS] = {
    let mut out = [[CellSet::EMPTY; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let u = se_units_of(c);
        out[c] = [UNIT_SET[u[0]], UNIT_SET[u[1]], UNIT_SET[u[2]]];
        c += 1;
    }
    out
};

/// The cells of a unit as a set.
#[inline]
pub(super) const fn unit_set(u: usize) -> CellSet {
    UNIT_SET[u]
}

/// SE's `ChainingHint.getLengthDifficulty()`: 0.1 more each time the complexity minus two passes
/// the next step of 4, 6, 8, 12, 16, 24…, added in SE's order.
pub(super) fn length_difficulty(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The first hint of SE's stable sort by (difficulty, complexity, sort key) over everything
/// offered, in the order offered.
pub(super) struct Best {
    pub difficulty: f64,
    pub complexity: u32,
    pub sort_key: u8,
    pub hint: Option<Hint>,
    /// When set, every hint is collected here instead (SE's nested use of a producer takes
    /// all its hints), and nothing is pruned.
    pub collect: Option<Vec<NestedHint>>,
}

/// Cause of a chain node (SE's `Potential.Cause`, `None` for the assumption).
pub(super) const CAUSE_NONE: u8 = 0;
/// The cell rule (`NakedSingle`).
pub(super) const CAUSE_CELL: u8 = 1;
/// A region rule: block, row, column (`HiddenBlock`, `HiddenRow`, `HiddenColumn`).
pub(super) const CAUSE_BLOCK: u8 = 2;
pub(super) const CAUSE_ROW: u8 = 3;
pub(super) const CAUSE_COL: u8 = 4;

/// A hint of a producer used inside another (SE's nested chains), with what the outer chain
/// needs of it.
#[derive(Clone, Debug)]
pub(super) struct NestedHint {
    pub difficulty: f64,
    pub complexity: u32,
    pub sort_key: u8,
    /// Its eliminations, in the iteration order of SE's `HashMap`.
    pub removable: Vec<(u8, u16)>,
    /// SE's `getChain` of each chain target: (key, on, cause), from the target back.
    pub chains: Vec<Vec<(Key, bool, u8)>>,
}

impl Best {
    pub fn new() -> Best {
        Best {
            difficulty: f64::INFINITY,
            complexity: u32::MAX,
            sort_key: u8::MAX,
            hint: None,
            collect: None,
        }
    }

    /// A best that collects every hint.
    pub fn collecting() -> Best {
        Best {
            collect: Some(Vec::new()),
            ..Best::new()
        }
    }

    /// True if a hint rated (`difficulty`, `complexity`, `sort_key`) offered now would come
    /// first.
    #[inline]
    pub fn beaten_by(&self, difficulty: f64, complexity: u32, sort_key: u8) -> bool {
        if self.collect.is_some() {
            return true;
        }
        if difficulty != self.difficulty {
            return difficulty < self.difficulty;
        }
        if complexity != self.complexity {
            return complexity < self.complexity;
        }
        sort_key < self.sort_key
    }

    /// True if a hint of base difficulty `base`, complexity `complexity` and `sort_key` would
    /// come first. Winning is downward closed in the complexity (the difficulty grows with it),
    /// so a search may stop once its hints can only be more complex than one that loses.
    #[inline]
    pub fn wins(&self, base: f64, complexity: u32, sort_key: u8) -> bool {
        self.beaten_by(base + length_difficulty(complexity), complexity, sort_key)
    }

    pub fn take(&mut self, difficulty: f64, complexity: u32, sort_key: u8, hint: Hint) {
        self.difficulty = difficulty;
        self.complexity = complexity;
        self.sort_key = sort_key;
        self.hint = Some(hint);
    }
}

/// A chain node for the explanation.
pub(super) fn chain_node(k: Key, on: bool, first: bool) -> ChainNode {
    ChainNode {
        cell: kcell(k),
        digit: Digit::from_index(kdigit(k)).expect("digit index below 9"),
        on,
        link: if first {
            Link::Start
        } else if on {
            Link::Strong
        } else {
            Link::Weak
        },
    }
}

/// SE's nested use of a producer's hints: sorted (stably) by difficulty, complexity and sort
/// key, and a hint with the same eliminations as an earlier one left out (SE's
/// `LinkedHashSet` of `ChainingHint`s, equal when their eliminations are).
pub(super) fn sort_nested(mut all: Vec<NestedHint>) -> Vec<NestedHint> {
    all.sort_by(|a, b| {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(core::cmp::Ordering::Equal)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    let mut out: Vec<NestedHint> = Vec::with_capacity(all.len());
    let mut seen: Vec<Vec<(u8, u16)>> = Vec::with_capacity(all.len());
    for h in all {
        let mut sig = h.removable.clone();
        sig.sort_unstable();
        if seen.contains(&sig) {
            continue;
        }
        seen.push(sig);
        out.push(h);
    }
    out
}
