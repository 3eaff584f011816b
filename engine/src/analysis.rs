//! Analysis on top of the solver: checking a board byte by byte, enumerating solutions, and
//! candidate digits (by elimination only, or with singles propagated to a fixed point).
//!
//! Counting lives on [`Board::count_solutions`]; everything here reuses the solver's stable
//! interface ([`State`] and [`Sink`]) or the grid's [`Candidates`], and none of it allocates.

#![forbid(unsafe_code)]

use core::ops::ControlFlow;

use crate::board::{Board, CELLS, Error};
use crate::grid::{Candidates, Digit};
use crate::solver::{Sink, State};

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
        let grid = Candidates::from_board(self)?;
        if grid.empty_cells().iter().any(|c| grid.mask(c) == 0) {
            return Err(Error::NoSolution);
        }
        Ok(*grid.masks())
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
        let mut grid = Candidates::from_board(self)?;
        grid.propagate_singles()?;
        // The grid keeps no candidates on placed cells: a placed digit becomes its one bit,
        // except on the givens.
        let givens = self.cells();
        Ok(core::array::from_fn(|cell| {
            match Digit::new(grid.value(cell)) {
                Some(d) if givens[cell] == 0 => d.bit(),
                _ => grid.mask(cell),
            }
        }))
    }
}
