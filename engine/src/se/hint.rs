//! A hint: one step of Sudoku Explainer's solution path, what it places or removes, how SE rates
//! it, and (when asked for) what it rests on, for drawing.

use super::grid::Grid;
use crate::grade::Technique;
use crate::grid::{CELLS, Digit, DigitSet};

/// One step.
///
/// `difficulty` is computed with `f64` arithmetic in exactly the order SE computes it
/// (`base + 0.1 + 0.1 …`), because SE compares these doubles when it keeps the hardest step
/// and sorts chain hints; [`Hint::tenths`] is what is reported.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The catalogue entry.
    pub technique: Technique,
    /// SE's rating of this step.
    pub difficulty: f64,
    /// The cell and digit SE's hint places (`Hint.getCell()`/`getValue()`), if any. Applying
    /// the hint removes the eliminations first, then places this.
    pub placement: Option<(usize, Digit)>,
    /// Candidates removed from each cell (bit `d - 1` for digit `d`).
    pub eliminations: [u16; CELLS],
    /// SE's name of the rule as it prints it (`getName()`), e.g. `"Hidden Pair"` or
    /// `"VWXYZ-Wing 2412"`.
    pub name: SeName,
    /// What the step rests on, filled only when the search is asked to explain.
    pub explanation: Option<Box<Explanation>>,
}

impl Hint {
    /// A hint of `technique` rated `difficulty`, with nothing placed or removed yet, named as the
    /// catalogue names the technique (set [`Hint::name`] where SE's name differs).
    pub fn new(technique: Technique, difficulty: f64) -> Hint {
        Hint::named(technique, difficulty, technique.name())
    }

    /// A hint of `technique` rated at the technique's score (its simplest form's difficulty).
    pub fn of(technique: Technique) -> Hint {
        Hint::new(technique, technique.difficulty())
    }

    /// A hint of `technique` rated `difficulty` named `name`, with nothing placed or removed
    /// yet (as [`Hint::new`] then setting [`Hint::name`], building the name once).
    pub fn named(technique: Technique, difficulty: f64, name: &str) -> Hint {
        Hint {
            technique,
            difficulty,
            placement: None,
            eliminations: [0; CELLS],
            name: SeName::new(name),
            explanation: None,
        }
    }

    /// The difficulty in tenths, as SE prints it (one decimal).
    pub fn tenths(&self) -> u32 {
        tenths(self.difficulty)
    }

    /// Adds the removal of `digits` from `cell`.
    pub fn eliminate(&mut self, cell: usize, digits: DigitSet) {
        self.eliminations[cell] |= digits.bits();
    }

    /// True if the hint removes something from `grid` or places a digit (SE's `isWorth`,
    /// plus direct hints).
    pub(crate) fn is_worth(&self, grid: &Grid) -> bool {
        self.placement.is_some() || (0..CELLS).any(|c| self.eliminations[c] & grid.masks()[c] != 0)
    }

    /// SE's `Hint.apply`: the eliminations, then the placement.
    pub(crate) fn apply(&self, grid: &mut Grid) {
        // Most steps place a digit and remove nothing: one pass that the compiler vectorises
        // tells them apart.
        if self.eliminations.iter().fold(0, |any, &m| any | m) != 0 {
            for (cell, &m) in self.eliminations.iter().enumerate() {
                if m != 0 {
                    grid.remove(cell, DigitSet::from_bits(m));
                }
            }
        }
        if let Some((cell, d)) = self.placement {
            grid.place(cell, d);
        }
    }
}

/// A difficulty as tenths, rounded as SE's one-decimal output rounds it.
pub fn tenths(difficulty: f64) -> u32 {
    (difficulty * 10.0).round() as u32
}

/// What a step rests on: candidates to highlight, the units involved, and chains (each an
/// ordered list of nodes joined by strong or weak links), so that an app can draw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    /// The candidates forming the pattern (bit `d - 1` for digit `d`, per cell).
    pub pattern: Vec<(usize, DigitSet)>,
    /// The units the pattern lives in (bit `u` for unit `u`).
    pub units: u32,
    /// The chains of the step, if it is a chain or a forcing step (one chain per branch).
    pub chains: Vec<Vec<ChainNode>>,
}

/// One node of a chain: a candidate, true ("on") or false ("off"), and how it follows from the
/// node before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The cell, `0..81`.
    pub cell: usize,
    /// The digit.
    pub digit: Digit,
    /// True if the node says the digit is in the cell; false if it says it is not.
    pub on: bool,
    /// The link from the previous node (meaningless on the first).
    pub link: Link,
}

/// How a chain node follows from the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    /// The first node of a chain.
    Start,
    /// A strong link: if the previous candidate is false, this one is true.
    Strong,
    /// A weak link: if the previous candidate is true, this one is false.
    Weak,
}

/// A rule name as SE prints it: a short ASCII string kept inline (no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeName {
    len: u8,
    bytes: [u8; SeName::CAPACITY],
}

impl SeName {
    /// The longest name kept; longer names are cut (at a character boundary). SE's longest
    /// names are about 70 bytes: "3 Strong links (including blocks) 3012 (Using 3 grouped strong
    /// links)", "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)".
    pub const CAPACITY: usize = 95;

    /// The name `s` (cut to [`SeName::CAPACITY`] bytes).
    pub fn new(s: &str) -> SeName {
        let mut n = SeName {
            len: 0,
            bytes: [0; SeName::CAPACITY],
        };
        n.push_str(s);
        n
    }

    /// Appends `s`, as much of it as fits.
    pub fn push_str(&mut self, s: &str) {
        // The longest prefix of whole characters that fits.
        let at = usize::from(self.len);
        let mut n = s.len().min(SeName::CAPACITY - at);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        self.bytes[at..at + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n as u8;
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        // Only whole UTF-8 characters are ever pushed.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl core::fmt::Write for SeName {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

impl core::fmt::Debug for SeName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl core::fmt::Display for SeName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}
