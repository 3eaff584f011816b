//! Boards: reading the 81-byte text form, checking givens, and the Rust-side solving calls.

#![forbid(unsafe_code)]

use core::fmt;

pub use crate::grid::CELLS;
use crate::grid::Digit;
use crate::grid::geometry::{self, UnitKind};
use crate::solver::{Counter, First, Kernel, Sink};

/// [`value`] of a byte that is not `'1'..='9'`, `'.'` or `'0'`.
const INVALID: u8 = 0x80;

/// The cell value of a byte of the text form: `1..=9` for digits, `0` for blanks (`'.'` or
/// `'0'`), [`INVALID`] for any other byte. The text form's grammar, in one place. Arithmetic
/// and selects rather than a table, so that the loop over a board compiles to vector code.
#[inline(always)]
const fn value(byte: u8) -> u8 {
    let digit = byte.wrapping_sub(b'0');
    if digit <= 9 {
        digit
    } else if byte == b'.' {
        0
    } else {
        INVALID
    }
}

/// Solves the text form into the text form, as `sudoku_solve` does, without building [`Board`]s
/// on the way out.
pub fn solve_text(bytes: &[u8; CELLS]) -> Result<[u8; CELLS], Error> {
    let board = Board::from_bytes(bytes)?;
    let mut first = First { grid: None };
    board.solve_in(Kernel::detect(), &mut first)?;
    first.grid.ok_or(Error::NoSolution)
}

/// Counts the solutions of the text form up to `limit` (at least 1), as
/// `sudoku_count_solutions` does: returns the count and, when `first` is given and the count
/// is at least 1, writes the first solution's text there (else leaves it untouched). Writing
/// only on request spares a count that wants no solution (the C call with a NULL buffer, the
/// uniqueness check) the solution's text and its conversions to a [`Board`] and back.
pub fn count_text(
    bytes: &[u8; CELLS],
    limit: usize,
    first: Option<&mut [u8; CELLS]>,
) -> Result<usize, Error> {
    let board = Board::from_bytes(bytes)?;
    if limit == 0 {
        board.validate()?;
        return Ok(0);
    }
    let mut counter = Counter {
        limit,
        count: 0,
        first: None,
    };
    board.solve_in(Kernel::detect(), &mut counter)?;
    if let (Some(out), Some(state)) = (first, &counter.first) {
        state.write_solution(out);
    }
    Ok(counter.count)
}

/// A row, column or box of the grid, each numbered `0..=8` (boxes left to right, top to bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Row `0..=8`, top to bottom.
    Row(u8),
    /// Column `0..=8`, left to right.
    Column(u8),
    /// Box `0..=8`, left to right then top to bottom.
    Box(u8),
}

impl Unit {
    /// The unit numbered `u` in [`geometry`]'s numbering (rows, then columns, then boxes).
    fn from_number(u: usize) -> Unit {
        let (kind, n) = geometry::unit_kind(u);
        // `n` is below 9.
        let n = n as u8;
        match kind {
            UnitKind::Row => Unit::Row(n),
            UnitKind::Col => Unit::Column(n),
            UnitKind::Box => Unit::Box(n),
        }
    }
}

/// Why a board could not be read or solved.
///
/// Deliberately not `#[non_exhaustive]`: the C crate maps every variant to a status with an
/// exhaustive `match`, so a new variant cannot reach C without a status of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// The byte at `index` is not `'1'..='9'`, `'.'` or `'0'` (or, for digit grids, not `0..=9`).
    InvalidCharacter {
        /// Cell index `0..=80`.
        index: usize,
        /// The offending byte.
        byte: u8,
    },
    /// Two givens with the same digit share a unit.
    Conflict {
        /// The later of the two cells in row-major order.
        cell: usize,
        /// The earlier cell holding the same digit.
        other: usize,
        /// The digit, `1..=9`.
        digit: u8,
        /// A unit both cells belong to (the row if they share one, then the column, then the box).
        unit: Unit,
    },
    /// The givens do not clash, but no complete grid extends them.
    NoSolution,
    /// Text given to [`str::parse`] is not exactly 81 bytes long.
    InvalidLength {
        /// The length received.
        len: usize,
    },
    /// The puzzle has more than one solution (the grader and hints need a proper puzzle).
    MultipleSolutions,
    /// The generator made its maximum number of attempts without meeting every requirement.
    AttemptsExhausted,
    /// An option or argument is out of range.
    InvalidArgument,
    /// The rater used up its budget (`max_effort`) before the puzzle was rated.
    BudgetExhausted,
    /// The puzzle needs techniques beyond the rater's: more of Sudoku Explainer's nested
    /// forcing chains (rated 9.5 and above) than it has.
    TooHard,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::InvalidCharacter { index, byte } => write!(
                f,
                "invalid byte 0x{byte:02x} at cell {index} (expected '1'-'9', '.' or '0')"
            ),
            Error::Conflict {
                cell,
                other,
                digit,
                unit,
            } => {
                let (kind, n) = match unit {
                    Unit::Row(n) => ("row", n),
                    Unit::Column(n) => ("column", n),
                    Unit::Box(n) => ("box", n),
                };
                write!(
                    f,
                    "digit {digit} appears twice in {kind} {n} (cells {other} and {cell})"
                )
            }
            Error::NoSolution => f.write_str("the puzzle has no solution"),
            Error::InvalidLength { len } => write!(f, "expected 81 cells, got {len} bytes"),
            Error::MultipleSolutions => f.write_str("the puzzle has more than one solution"),
            Error::AttemptsExhausted => {
                f.write_str("no puzzle met the requirements within the attempt limit")
            }
            Error::InvalidArgument => f.write_str("an argument is out of range"),
            Error::BudgetExhausted => f.write_str("the rating ran out of its budget"),
            Error::TooHard => {
                f.write_str("the puzzle needs techniques beyond the rater's (SE 9.5 and above)")
            }
        }
    }
}

impl std::error::Error for Error {}

/// A Sudoku board: 81 cells in row-major order, each `0` (blank) or a digit `1..=9`.
///
/// A `Board` only guarantees that every cell holds `0..=9`; givens may still clash
/// ([`Board::validate`] checks that, and every solving call reports it).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
}

impl Board {
    /// An empty board.
    pub const EMPTY: Board = Board { cells: [0; CELLS] };

    /// Reads the 81-byte text form: `'1'..='9'` are givens, `'.'` and `'0'` are blanks.
    ///
    /// ```
    /// let line = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let board = sudoku_engine::Board::from_bytes(line).unwrap();
    /// assert_eq!(board.get(0), 5);
    /// ```
    pub fn from_bytes(bytes: &[u8; CELLS]) -> Result<Board, Error> {
        // No branch per byte (blanks are scattered among givens): the loop compiles to vector
        // code.
        let mut cells = [0u8; CELLS];
        let mut invalid = 0u8;
        for (cell, &byte) in cells.iter_mut().zip(bytes) {
            let v = value(byte);
            *cell = v;
            invalid |= v;
        }
        if invalid & INVALID != 0 {
            let index = cells.iter().position(|&v| v == INVALID).unwrap_or(0);
            return Err(Error::InvalidCharacter {
                index,
                byte: bytes[index],
            });
        }
        Ok(Board { cells })
    }

    /// Builds a board from digit values `0..=9` (0 = blank).
    pub fn from_cells(values: [u8; CELLS]) -> Result<Board, Error> {
        match values.iter().position(|&v| v > 9) {
            Some(index) => Err(Error::InvalidCharacter {
                index,
                byte: values[index],
            }),
            None => Ok(Board { cells: values }),
        }
    }

    /// The cell values, `0` for blanks.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value of cell `index` (`0` for a blank). Panics if `index >= 81`.
    pub fn get(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// The text form: digits for givens, `'.'` for blanks.
    pub fn to_bytes(&self) -> [u8; CELLS] {
        self.cells.map(|v| if v == 0 { b'.' } else { b'0' + v })
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Checks that no two givens with the same digit share a row, column or box.
    ///
    /// Returns the first clash in row-major order of the later cell. Does not search.
    pub fn validate(&self) -> Result<(), Error> {
        // first[unit][digit index] = 1 + the first cell holding the digit in the unit.
        let mut first = [[0u8; 9]; geometry::UNITS];
        for (cell, &v) in self.cells.iter().enumerate() {
            let Some(digit) = Digit::new(v) else {
                continue;
            };
            // Row, column, box: the order in which `Error::Conflict` names a shared unit.
            for u in geometry::cell_units(cell) {
                let seen = &mut first[u][digit.index()];
                if *seen != 0 {
                    return Err(Error::Conflict {
                        cell,
                        other: usize::from(*seen - 1),
                        digit: v,
                        unit: Unit::from_number(u),
                    });
                }
                *seen = cell as u8 + 1;
            }
        }
        Ok(())
    }

    /// Solves the board, returning one complete grid that keeps every given.
    ///
    /// A board with several solutions yields one of them. Fails with [`Error::Conflict`] when
    /// givens clash and [`Error::NoSolution`] when nothing fits.
    pub fn solve(&self) -> Result<Board, Error> {
        self.solve_with(Kernel::detect())
    }

    /// [`solve`](Self::solve) with a chosen [`Kernel`] (every kernel gives the same answers; this
    /// is for testing and comparing them). A kernel the CPU lacks falls back to the portable one.
    pub fn solve_with(&self, kernel: Kernel) -> Result<Board, Error> {
        let mut first = First { grid: None };
        self.solve_in(kernel, &mut first)?;
        match first.grid {
            Some(ascii) => Ok(Board {
                cells: ascii.map(|b| b - b'0'),
            }),
            None => Err(Error::NoSolution),
        }
    }

    /// Counts solutions, stopping once `limit` are found (`limit = 2` answers "is it unique?").
    ///
    /// Returns the count (at most `limit`) and the first solution found, if any. Clashing givens
    /// are reported as [`Error::Conflict`]; a `limit` of 0 counts nothing and returns `(0, None)`.
    pub fn count_solutions(&self, limit: usize) -> Result<(usize, Option<Board>), Error> {
        self.count_solutions_with(limit, Kernel::detect())
    }

    /// [`count_solutions`](Self::count_solutions) with a chosen [`Kernel`].
    pub fn count_solutions_with(
        &self,
        limit: usize,
        kernel: Kernel,
    ) -> Result<(usize, Option<Board>), Error> {
        if limit == 0 {
            self.validate()?;
            return Ok((0, None));
        }
        let mut counter = Counter {
            limit,
            count: 0,
            first: None,
        };
        self.solve_in(kernel, &mut counter)?;
        let first = counter.first_text().map(|ascii| Board {
            cells: ascii.map(|b| b - b'0'),
        });
        Ok((counter.count, first))
    }

    /// Builds the state and searches it with `kernel` ([`Kernel::solve`]), handing the
    /// solutions to `sink`.
    #[inline]
    fn solve_in<S: Sink>(&self, kernel: Kernel, sink: &mut S) -> Result<(), Error> {
        match kernel.solve(&self.cells, sink) {
            Some(_) => Ok(()),
            // The kernel saw a clash; find it again with the cells named.
            None => Err(self.validate().err().unwrap_or(Error::NoSolution)),
        }
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::EMPTY
    }
}

impl fmt::Display for Board {
    /// The 81-character line form (`'.'` for blanks).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.to_bytes();
        // The bytes are ASCII digits and dots.
        f.write_str(core::str::from_utf8(&bytes).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl core::str::FromStr for Board {
    type Err = Error;

    /// Parses exactly 81 bytes of the line form (see [`Board::from_bytes`]).
    fn from_str(s: &str) -> Result<Board, Error> {
        match <&[u8; CELLS]>::try_from(s.as_bytes()) {
            Ok(array) => Board::from_bytes(array),
            Err(_) => Err(Error::InvalidLength { len: s.len() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conflict(a: usize, b: usize) -> Error {
        let mut cells = [0; CELLS];
        cells[a] = 4;
        cells[b] = 4;
        Board::from_cells(cells).unwrap().validate().unwrap_err()
    }

    #[test]
    fn a_conflict_names_the_row_then_the_column_then_the_box() {
        let named = |a, b| match conflict(a, b) {
            Error::Conflict {
                cell, other, unit, ..
            } => (cell, other, unit),
            e => panic!("{e:?}"),
        };
        // Row 4 and box 3 both hold cells 36 and 38: the row is named.
        assert_eq!(named(38, 36), (38, 36, Unit::Row(4)));
        // Column 7 and box 8 both hold cells 61 and 79.
        assert_eq!(named(61, 79), (79, 61, Unit::Column(7)));
        // Box 5 only: cells 33 (row 3, column 6) and 53 (row 5, column 8).
        assert_eq!(named(33, 53), (53, 33, Unit::Box(5)));
    }
}
