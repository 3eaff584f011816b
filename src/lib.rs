//! # libsudoku
//!
//! A fast, safe Sudoku engine with a C ABI.
//!
//! * From C (and any language with a C FFI): link `libsudoku.so` or `libsudoku.a` and include
//!   `include/sudoku.h`, generated from [`ffi`]; start with `sudoku_solve()`.
//! * From Rust: use [`Board`]; [`parse`], [`Board::format`], [`Board::count_solutions`],
//!   [`Board::for_each_solution`], [`Board::candidates`] and [`solve_batch`] analyse boards.
//!
//! ```
//! use sudoku::Board;
//!
//! let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let solution = puzzle.solve().unwrap();
//! assert_eq!(
//!     solution.to_string(),
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! assert_eq!(puzzle.count_solutions(2).unwrap().0, 1);
//! ```
//!
//! Every call is reentrant and thread-safe: the library has no global mutable state, and the
//! solver allocates nothing on the heap.

#![deny(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
mod batch;
mod board;
#[allow(unsafe_code)]
pub mod ffi;
pub mod generate;
pub mod grade;
pub mod hint;
mod solver;
mod text;

pub use batch::solve_batch;
pub use board::{Board, CELLS, Error, Unit};
pub use solver::Kernel;
pub use text::{Format, ParseError, ParseErrorKind, parse};
