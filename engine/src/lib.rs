//! # sudoku-engine
//!
//! The pure-Rust Sudoku engine behind libsudoku: solver, counter, generator, grader and hints.
//! It knows nothing of C; the `libsudoku` crate (the C library, `libsudoku.so`/`.a`) is a thin
//! layer over it.
//!
//! Start with [`Board`]; [`parse`], [`Board::format`], [`Board::count_solutions`],
//! [`Board::for_each_solution`], [`Board::candidates`] and [`solve_batch`] analyse boards;
//! [`generate`], [`grade`] and [`hint`] make, rate and explain puzzles.
//!
//! ```
//! use sudoku_engine::Board;
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

// Every module says `#![forbid(unsafe_code)]` itself, except the solver's SIMD kernels
// (`solver/x86.rs`, and the target-feature entry points in `solver/kernel.rs`) and
// `solver/mod.rs`, their parent, which has no `unsafe` either; this crate-wide `deny` is the
// floor under them all.
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![allow(
    clippy::needless_range_loop,
    reason = "cell, digit and unit numbers are the data here, not just table indices"
)]

mod analysis;
mod batch;
mod board;
pub mod formats;
pub mod generate;
pub mod grade;
pub mod grid;
pub mod hint;
pub mod se;
mod solver;
mod text;

pub use analysis::enumerate_text;
pub use batch::{solve_batch, solve_batch_with};
pub use board::{Board, CELLS, Error, Unit, count_text, solve_text};
pub use solver::Kernel;
pub use text::{Format, ParseError, ParseErrorKind, parse};
