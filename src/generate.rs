//! C ABI of the generator: `sudoku_generate`, its options struct and symmetry enum.

use core::ffi::{c_char, c_int};

use super::sudoku_status::{self, *};
use super::versioned::{MAX_STRUCT_SIZE, read_versioned, write_versioned};
use super::{guard, write_board};
use sudoku_engine::generate::{DEFAULT_MAX_ATTEMPTS, Options, Symmetry, generate};
use sudoku_engine::grade::Level;

/// Symmetry of a generated puzzle's givens (values for sudoku_generate_options::symmetry).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum sudoku_symmetry {
    /// No symmetry.
    SUDOKU_SYMMETRY_NONE = 0,
    /// Half-turn rotation: cells (r, c) and (8-r, 8-c) are both given or both blank.
    SUDOKU_SYMMETRY_ROTATE_180 = 1,
    /// Quarter-turn rotation: (r, c), (c, 8-r), (8-r, 8-c) and (8-c, r) alike.
    SUDOKU_SYMMETRY_ROTATE_90 = 2,
    /// Mirror in the main diagonal: (r, c) and (c, r) alike.
    SUDOKU_SYMMETRY_DIAGONAL = 3,
    /// Mirror in the anti-diagonal: (r, c) and (8-c, 8-r) alike.
    SUDOKU_SYMMETRY_ANTI_DIAGONAL = 4,
    /// Left-right mirror: (r, c) and (r, 8-c) alike.
    SUDOKU_SYMMETRY_MIRROR = 5,
}

/// Options for sudoku_generate().
///
/// A versioned struct. Fill it with sudoku_generate_options_init() and change the fields you
/// need. A zeroed struct with `size` set is valid too and means: any level, no symmetry, not
/// necessarily minimal (which, without a floor, still gives minimal puzzles), 1000 attempts.
/// A caller built against the first version (which ended at `max_attempts`) has no ER bounds.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct sudoku_generate_options {
    /// `sizeof(sudoku_generate_options)` as the caller sees it; set by
    /// sudoku_generate_options_init().
    pub size: u32,
    /// A `sudoku_symmetry` value. Default `SUDOKU_SYMMETRY_NONE`.
    pub symmetry: i32,
    /// The easiest acceptable `sudoku_level`, or `SUDOKU_LEVEL_ANY` (0) for no lower bound.
    pub min_level: i32,
    /// The hardest acceptable `sudoku_level`, or `SUDOKU_LEVEL_ANY` (0) for no upper bound.
    pub max_level: i32,
    /// Non-zero (the default): no clue can be removed without losing uniqueness (no single
    /// given; with symmetry, no symmetric group of givens). Zero: removal may stop early at
    /// `min_givens`.
    pub minimal: i32,
    /// Never remove clues below this many givens (0..81; default 0, no floor). With `minimal`,
    /// a grid whose removals stopped at the floor is rejected and another one tried.
    pub min_givens: u32,
    /// How many complete grids to try before giving up with `SUDOKU_ERR_ATTEMPTS_EXHAUSTED`;
    /// 0 means the default, 1000.
    pub max_attempts: u32,
    /// The lowest acceptable ER (Sudoku Explainer's rating) in tenths, on top of the level
    /// bounds; 0 (the default) for no bound.
    pub min_er_tenths: u32,
    /// The highest acceptable ER in tenths, on top of the level bounds; 0 (the default) for no
    /// bound.
    pub max_er_tenths: u32,
}

/// Size of the first version of `sudoku_generate_options` (up to `max_attempts`).
const OPTIONS_V1_SIZE: usize = core::mem::offset_of!(sudoku_generate_options, min_er_tenths);

/// @brief Fills `options` with the defaults: no symmetry, any level, minimal, no floor, 1000
/// attempts.
///
/// @param options The struct to fill (`size` writable bytes).
/// @param size `sizeof(sudoku_generate_options)` as the caller sees it; it is stored in
///        `options->size`, and bytes past the fields this library knows are zeroed.
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER`, or `SUDOKU_ERR_INVALID_ARGUMENT` for a
///         `size` the versioned-struct convention refuses.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generate_options_init(
    options: *mut sudoku_generate_options,
    size: usize,
) -> c_int {
    guard(|| {
        if options.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        if !(OPTIONS_V1_SIZE..=MAX_STRUCT_SIZE).contains(&size) {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        }
        let defaults = sudoku_generate_options {
            size: size as u32,
            symmetry: sudoku_symmetry::SUDOKU_SYMMETRY_NONE as i32,
            min_level: 0,
            max_level: 0,
            minimal: 1,
            min_givens: 0,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            min_er_tenths: 0,
            max_er_tenths: 0,
        };
        // SAFETY: non-NULL, and the caller guarantees `size` writable bytes.
        unsafe { write_versioned(options, &defaults, size) };
        SUDOKU_OK
    })
}

/// Converts C options to the Rust ones, checking every field.
fn convert(o: &sudoku_generate_options) -> Result<Options, sudoku_status> {
    let symmetry = usize::try_from(o.symmetry)
        .ok()
        .and_then(|i| Symmetry::ALL.get(i).copied())
        .ok_or(SUDOKU_ERR_INVALID_ARGUMENT)?;
    let level = |v: i32| match v {
        0 => Ok(None),
        _ => usize::try_from(v)
            .ok()
            .and_then(Level::from_index)
            .map(Some)
            .ok_or(SUDOKU_ERR_INVALID_ARGUMENT),
    };
    let er = |v: u32| (v != 0).then_some(v);
    Ok(Options {
        symmetry,
        min_level: level(o.min_level)?,
        max_level: level(o.max_level)?,
        min_er_tenths: er(o.min_er_tenths),
        max_er_tenths: er(o.max_er_tenths),
        minimal: o.minimal != 0,
        min_givens: o.min_givens as usize,
        max_attempts: if o.max_attempts == 0 {
            DEFAULT_MAX_ATTEMPTS
        } else {
            o.max_attempts
        },
    })
}

/// @brief Generates a puzzle with exactly one solution.
///
/// Builds a random complete grid from `seed` with the library's own pseudo-random generator,
/// then removes clues in random order (whole symmetric groups when a symmetry is asked for)
/// while the solution stays unique. A grid whose puzzle misses a requirement (level or ER
/// range, minimality with a floor) is dropped and the next one tried, up to `max_attempts`.
/// With a level or ER bound each puzzle is rated as sudoku_rate() rates it (the default budget;
/// a puzzle it cannot rate misses the bounds), stopping as soon as a step is rated above the
/// upper bound.
///
/// The same seed and options give the same puzzle on every platform, build and solver kernel.
///
/// @param seed Any 64-bit value.
/// @param options NULL for the defaults (minimal, no symmetry, any level, 1000 attempts), or
///        the options (see ::sudoku_generate_options).
/// @param out_puzzle 81 bytes that receive the puzzle.
/// @param out_solution NULL, or 81 bytes that receive its solution.
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER` (`out_puzzle`),
///         `SUDOKU_ERR_INVALID_ARGUMENT` (an unknown symmetry or level, `min_level` above
///         `max_level`, an ER bound above 200, ER and level bounds that leave no ER,
///         `min_givens` above 81, or a bad `size`), or
///         `SUDOKU_ERR_ATTEMPTS_EXHAUSTED` if no grid within `max_attempts` gave a puzzle
///         meeting every requirement.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generate(
    seed: u64,
    options: *const sudoku_generate_options,
    out_puzzle: *mut c_char,
    out_solution: *mut c_char,
) -> c_int {
    guard(|| {
        if out_puzzle.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        let options = if options.is_null() {
            Options::default()
        } else {
            // SAFETY: non-NULL, and the caller guarantees a readable struct of `size` bytes.
            let raw = match unsafe { read_versioned(options, OPTIONS_V1_SIZE) } {
                Ok(raw) => raw,
                Err(status) => return status,
            };
            match convert(&raw) {
                Ok(o) => o,
                Err(status) => return status,
            }
        };
        match generate(seed, &options) {
            Ok(g) => {
                // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
                unsafe { write_board(out_puzzle, &g.puzzle.to_bytes()) };
                if !out_solution.is_null() {
                    // SAFETY: as above, for the solution buffer.
                    unsafe { write_board(out_solution, &g.solution.to_bytes()) };
                }
                SUDOKU_OK
            }
            Err(e) => e.into(),
        }
    })
}
