//! Analysis on top of the solver: checking a board byte by byte, enumerating solutions, and
//! candidate digits (by elimination only, or with singles propagated to a fixed point).
//!
//! Counting lives on [`Board::count_solutions`]; everything here reuses the solver's stable
//! interface ([`State`] and [`Sink`]) or is plain per-cell code, and none of it allocates.

use core::ops::ControlFlow;

use crate::board::{Board, CELLS, Error};
use crate::solver::{Sink, State};

/// All nine digits as a candidate mask (bit `d - 1` for digit `d`).
const ALL_DIGITS: u16 = 0x1ff;

/// Cell `k` (`0..=8`) of unit `u`: rows are units `0..=8`, columns `9..=17`, boxes `18..=26`.
fn unit_cell(u: usize, k: usize) -> usize {
    match u {
        0..=8 => u * 9 + k,
        9..=17 => k * 9 + (u - 9),
        _ => {
            let b = u - 18;
            (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3
        }
    }
}

/// The 20 peers of a cell (same row, column or box), each listed once.
fn peers(cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / 9, cell % 9);
    let row = (0..9).map(move |k| r * 9 + k);
    let col = (0..9).map(move |k| k * 9 + c);
    // Box cells outside the cell's row and column (the others are listed above).
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let bx = (0..9)
        .map(move |k| (br + k / 3) * 9 + bc + k % 3)
        .filter(move |&p| p / 9 != r && p % 9 != c);
    row.chain(col).chain(bx).filter(move |&p| p != cell)
}

/// Hands each solution, as ASCII digits, to a closure until it or the limit stops the search.
struct Deliver<F> {
    limit: usize,
    delivered: usize,
    f: F,
}

impl<F: FnMut(&[u8; CELLS]) -> ControlFlow<()>> Sink for Deliver<F> {
    fn solution(&mut self, state: &State) -> bool {
        let mut ascii = [0u8; CELLS];
        state.write_solution(&mut ascii);
        self.delivered += 1;
        (self.f)(&ascii).is_break() || self.delivered >= self.limit
    }
}

/// Runs the search on the digit grid `cells` (0 = blank), delivering at most `limit` solutions
/// as 81 ASCII digits. Returns how many were delivered, or `None` when givens clash.
///
/// This is the engine of [`Board::for_each_solution`] and of the C `sudoku_enumerate`, which
/// passes the ASCII form straight to its callback.
pub fn enumerate_text(
    cells: &[u8; CELLS],
    limit: usize,
    f: impl FnMut(&[u8; CELLS]) -> ControlFlow<()>,
) -> Option<usize> {
    let state = State::new(cells)?;
    if limit == 0 {
        return Some(0);
    }
    let mut sink = Deliver {
        limit,
        delivered: 0,
        f,
    };
    state.search(&mut sink);
    Some(sink.delivered)
}

impl Board {
    /// Reads the 81-byte text form like [`Board::from_bytes`] and also checks that no two givens
    /// clash, reporting the **first problem in row-major order**: the first cell that either
    /// holds a bad byte ([`Error::InvalidCharacter`], its `index`) or repeats a digit already
    /// given earlier in its row, column or box ([`Error::Conflict`], whose `cell` is this later
    /// cell). Does not search for solutions.
    ///
    /// ```
    /// use sudoku_engine::{Board, Error};
    /// let mut line = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// line[9] = b'5'; // column 0 already has a 5 in cell 0
    /// line[40] = b'?';
    /// assert!(matches!(Board::from_bytes_checked(&line), Err(Error::Conflict { cell: 9, .. })));
    /// ```
    pub fn from_bytes_checked(bytes: &[u8; CELLS]) -> Result<Board, Error> {
        let bad = bytes
            .iter()
            .position(|&b| !matches!(b, b'1'..=b'9' | b'.' | b'0'));
        // Bad bytes read as blanks: a clash whose later cell precedes the first bad byte only
        // involves cells before it, and those are all read correctly.
        let cells = bytes.map(|b| match b {
            b'1'..=b'9' => b - b'0',
            _ => 0,
        });
        let board = Board::from_cells(cells)?;
        match (board.validate(), bad) {
            (Err(Error::Conflict { cell, .. }), Some(index)) if index < cell => {
                Err(Error::InvalidCharacter {
                    index,
                    byte: bytes[index],
                })
            }
            (Err(e), _) => Err(e),
            (Ok(()), Some(index)) => Err(Error::InvalidCharacter {
                index,
                byte: bytes[index],
            }),
            (Ok(()), None) => Ok(board),
        }
    }

    /// Calls `f` with each solution, in the solver's search order, until `limit` solutions have
    /// been delivered or `f` returns [`ControlFlow::Break`]. Every solution is distinct.
    ///
    /// Returns how many solutions were delivered (counting the one on which `f` broke off).
    /// Clashing givens are reported as [`Error::Conflict`] and `f` is never called; a `limit` of
    /// 0 delivers nothing. Allocates nothing; a panic in `f` unwinds through the search, which
    /// holds no state outside this call.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// let board: sudoku_engine::Board = ".".repeat(81).parse().unwrap();
    /// let mut seen = Vec::new();
    /// let n = board
    ///     .for_each_solution(3, |s| {
    ///         seen.push(*s);
    ///         ControlFlow::Continue(())
    ///     })
    ///     .unwrap();
    /// assert_eq!((n, seen.len()), (3, 3));
    /// ```
    pub fn for_each_solution(
        &self,
        limit: usize,
        mut f: impl FnMut(&Board) -> ControlFlow<()>,
    ) -> Result<usize, Error> {
        let delivered = enumerate_text(self.cells(), limit, |ascii| {
            // The solver writes '1'..='9' only, so the digits are always valid.
            match Board::from_cells(ascii.map(|b| b - b'0')) {
                Ok(solution) => f(&solution),
                Err(_) => ControlFlow::Break(()),
            }
        });
        match delivered {
            Some(n) => Ok(n),
            // The solver saw a clash: find it again with the cells named.
            None => Err(self.validate().err().unwrap_or(Error::NoSolution)),
        }
    }

    /// Candidate digits by **elimination only**: for each blank cell, the digits that no given
    /// in its row, column or box holds (bit `d - 1` for digit `d`); `0` for given cells. Nothing
    /// else is deduced (no singles, no search).
    ///
    /// Fails with [`Error::Conflict`] when givens clash, and with [`Error::NoSolution`] when a
    /// blank cell is left without candidates. On success a mask is `0` exactly for the givens.
    pub fn candidates(&self) -> Result<[u16; CELLS], Error> {
        self.validate()?;
        let cells = self.cells();
        let mut masks = [0u16; CELLS];
        for (cell, mask) in masks.iter_mut().enumerate() {
            if cells[cell] != 0 {
                continue;
            }
            *mask = peers(cell)
                .filter(|&p| cells[p] != 0)
                .fold(ALL_DIGITS, |m, p| m & !(1 << (cells[p] - 1)));
            if *mask == 0 {
                return Err(Error::NoSolution);
            }
        }
        Ok(masks)
    }

    /// Candidate digits after **propagating singles to a fixed point**: starting from
    /// [`Board::candidates`], repeatedly place every *naked single* (a blank cell with one
    /// candidate) and every *hidden single* (a digit that fits only one cell of a row, column or
    /// box lacking it), removing each placed digit from the cell's 20 peers, until neither rule
    /// applies. The result does not depend on the order the rules are applied in.
    ///
    /// Masks use bit `d - 1` for digit `d`: `0` for given cells, exactly one bit for cells the
    /// propagation placed, and the remaining candidates for the other blank cells.
    ///
    /// Fails with [`Error::Conflict`] when givens clash, and with [`Error::NoSolution`] when the
    /// propagation reaches a contradiction: a blank cell with no candidate left, or a digit with
    /// no place left in a row, column or box that lacks it. Both prove the puzzle unsolvable;
    /// success does not prove it solvable.
    pub fn candidates_singles(&self) -> Result<[u16; CELLS], Error> {
        let mut masks = self.candidates()?;
        // Digits placed so far: the givens, then what the rules place.
        let mut value = *self.cells();
        loop {
            let mut progress = false;
            for cell in 0..CELLS {
                if value[cell] == 0 && masks[cell].count_ones() == 1 {
                    let digit = masks[cell].trailing_zeros() as u8 + 1;
                    place(&mut value, &mut masks, cell, digit)?;
                    progress = true;
                }
            }
            for u in 0..27 {
                for d in 1..=9u8 {
                    let bit = 1u16 << (d - 1);
                    let mut spot = None;
                    let mut places = 0;
                    for k in 0..9 {
                        let cell = unit_cell(u, k);
                        if value[cell] == d {
                            places = usize::MAX; // Already in the unit.
                            break;
                        }
                        if value[cell] == 0 && masks[cell] & bit != 0 {
                            places += 1;
                            spot = Some(cell);
                        }
                    }
                    match (places, spot) {
                        (0, _) => return Err(Error::NoSolution),
                        (1, Some(cell)) => {
                            place(&mut value, &mut masks, cell, d)?;
                            progress = true;
                        }
                        _ => {}
                    }
                }
            }
            if !progress {
                return Ok(masks);
            }
        }
    }
}

/// Places digit `d` on the blank `cell` and removes it from the blank peers. A peer left with
/// no candidate is a contradiction.
fn place(
    value: &mut [u8; CELLS],
    masks: &mut [u16; CELLS],
    cell: usize,
    d: u8,
) -> Result<(), Error> {
    let bit = 1u16 << (d - 1);
    value[cell] = d;
    masks[cell] = bit;
    for p in peers(cell) {
        if value[p] == 0 {
            masks[p] &= !bit;
            if masks[p] == 0 {
                return Err(Error::NoSolution);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_twenty_distinct_peers() {
        for cell in 0..CELLS {
            let mut list: Vec<usize> = peers(cell).collect();
            list.sort_unstable();
            list.dedup();
            assert_eq!(list.len(), 20, "cell {cell}");
            for p in list {
                let same_box = p / 27 == cell / 27 && p % 9 / 3 == cell % 9 / 3;
                assert!(p / 9 == cell / 9 || p % 9 == cell % 9 || same_box);
            }
        }
    }

    #[test]
    fn units_cover_each_cell_three_times() {
        let mut seen = [0; CELLS];
        for u in 0..27 {
            for k in 0..9 {
                seen[unit_cell(u, k)] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }
}
