//! C ABI of hints: `sudoku_hint`, `sudoku_hint_ex` and `sudoku_hint_result`.

use core::ffi::{c_char, c_int};
use core::ptr;

use super::grade::{SUDOKU_SE_NAME_SIZE, se_name_field};
use super::sudoku_status::{self, *};
use super::versioned::{output_size, write_versioned};
use super::{guard, read_board};
use sudoku_engine::hint::{Hint, HintKind, hint_with};
use sudoku_engine::se::Link;
use sudoku_engine::{Board, CELLS};

/// What a sudoku_hint_result describes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum sudoku_hint_kind {
    /// A logical step, Sudoku Explainer's next one: `technique`, `difficulty_tenths`,
    /// `se_name`, `placements`, `eliminations`, `pattern`, `units`, and the chains in `nodes`.
    SUDOKU_HINT_STEP = 0,
    /// The board is complete and correct; nothing else is set.
    SUDOKU_HINT_SOLVED = 1,
    /// Entered digits contradict the solution: `wrong` marks each (bit of the entered digit),
    /// `cell`/`digit` name the first. Without the original puzzle (sudoku_hint()), the marked
    /// cells are the suspects: each one, blanked alone, makes the position solvable.
    SUDOKU_HINT_WRONG_DIGIT = 2,
    /// The pencil marks exclude the solution's digit from some cells: `wrong` holds, per such
    /// cell, the bit of the excluded solution digit; `cell`/`digit` name the first.
    SUDOKU_HINT_WRONG_MARK = 3,
    /// No rule of the rater finds a step within the default budget (the position needs more of
    /// Sudoku Explainer's nested forcing chains than the rater has, or more work): `cell` is the
    /// empty cell with the fewest candidates and `digit` its solution digit, also in
    /// `placements`.
    SUDOKU_HINT_REVEAL = 4,
}

/// Room in sudoku_hint_result::nodes.
pub const SUDOKU_HINT_MAX_NODES: usize = 256;

/// One node of a chain: a candidate said to be true (`on`) or false, and how it follows from
/// the node before it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct sudoku_chain_node {
    /// The cell, 0..80.
    pub cell: u8,
    /// The digit, 1..9.
    pub digit: u8,
    /// 1 if the node says the digit is in the cell, 0 if it says it is not.
    pub on: u8,
    /// How the node follows from the one before it: 0 it starts a chain, 1 a strong link (if
    /// the previous candidate is false, this one is true), 2 a weak link (if the previous
    /// candidate is true, this one is false).
    pub link: u8,
}

/// A hint, filled by sudoku_hint() and sudoku_hint_ex(). (C cannot have a type and a function
/// both named `sudoku_hint`, hence `_result`.)
///
/// Candidates are digit masks and `units` a set of units, as the conventions number them. A
/// versioned struct: set `size` to `sizeof(sudoku_hint_result)` before the call. A caller built
/// against the first version (which ended at `wrong`) gets that much written.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct sudoku_hint_result {
    /// In: `sizeof(sudoku_hint_result)` as the caller sees it. Unchanged by the call.
    pub size: u32,
    /// The `sudoku_hint_kind`.
    pub kind: i32,
    /// For `SUDOKU_HINT_STEP`, the `sudoku_technique`; otherwise -1.
    pub technique: i32,
    /// The main cell (0..80): a step's first placement, the first wrong cell, the revealed cell;
    /// -1 if none (e.g. a step that only eliminates).
    pub cell: i32,
    /// The digit for `cell` (1..9), or 0.
    pub digit: i32,
    /// The units the pattern lives in (bit `u` for unit `u`).
    pub units: u32,
    /// Digit placed in each cell by the step (or the reveal), 0 elsewhere.
    pub placements: [u8; 81],
    /// Candidates the step removes from each cell.
    pub eliminations: [u16; 81],
    /// The candidates forming the step's pattern: the cells and digits to highlight.
    pub pattern: [u16; 81],
    /// For the `WRONG_*` kinds, per cell (see `sudoku_hint_kind`); 0 elsewhere.
    pub wrong: [u16; 81],
    /// For `SUDOKU_HINT_STEP`, Sudoku Explainer's rating of the step in tenths (a chain's
    /// length raises it above the technique's score); 0 otherwise.
    pub difficulty_tenths: i32,
    /// For `SUDOKU_HINT_STEP`, Sudoku Explainer's name of the step's rule as SE prints it
    /// (e.g. "Hidden Pair", "Forcing Chain"), ASCII, NUL-terminated; empty otherwise.
    pub se_name: [c_char; SUDOKU_SE_NAME_SIZE],
    /// How many entries of `nodes` are used.
    pub node_count: u32,
    /// How many nodes did not fit in `nodes` (0: all of them are there).
    pub truncated: u32,
    /// The chains of a chaining step, one after the other, in Sudoku Explainer's order: each
    /// starts with a node whose `link` is 0 and goes on along strong and weak links. No chain
    /// for other steps. The list is cut after `SUDOKU_HINT_MAX_NODES` nodes.
    pub nodes: [sudoku_chain_node; SUDOKU_HINT_MAX_NODES],
}

/// Size of the first version of `sudoku_hint_result` (up to `wrong`).
const HINT_V1_SIZE: usize = core::mem::offset_of!(sudoku_hint_result, difficulty_tenths);

fn convert(hint: &Hint, size: usize) -> sudoku_hint_result {
    let mut out = sudoku_hint_result {
        size: size as u32,
        kind: hint.kind as i32,
        technique: hint.technique().map_or(-1, |t| t as i32),
        cell: hint.cell.map_or(-1, |c| c as i32),
        digit: i32::from(hint.digit),
        units: 0,
        placements: [0; CELLS],
        eliminations: [0; CELLS],
        pattern: [0; CELLS],
        wrong: hint.wrong,
        difficulty_tenths: 0,
        se_name: se_name_field(None),
        node_count: 0,
        truncated: 0,
        nodes: [sudoku_chain_node::default(); SUDOKU_HINT_MAX_NODES],
    };
    if let Some(step) = &hint.step {
        out.units = step.units;
        out.placements = step.placements;
        out.eliminations = step.eliminations;
        out.pattern = step.pattern;
        out.difficulty_tenths = step.difficulty_tenths as i32;
        out.se_name = se_name_field(Some(&step.name));
        for (i, node) in step.chains.iter().flatten().enumerate() {
            if i == SUDOKU_HINT_MAX_NODES {
                out.truncated += 1;
                continue;
            }
            out.nodes[i] = sudoku_chain_node {
                cell: node.cell as u8,
                digit: node.digit.get(),
                on: u8::from(node.on),
                link: match node.link {
                    Link::Start => 0,
                    Link::Strong => 1,
                    Link::Weak => 2,
                },
            };
            out.node_count += 1;
        }
    } else if let (HintKind::Reveal, Some(c)) = (hint.kind, hint.cell) {
        out.placements[c] = hint.digit;
    }
    out
}

/// Shared body of both exports once the pointers are checked.
///
/// # Safety
/// As for sudoku_hint_ex(), with `board` and `out` non-NULL.
unsafe fn hint_impl(
    puzzle: *const c_char,
    board: *const c_char,
    marks: *const u16,
    out: *mut sudoku_hint_result,
) -> sudoku_status {
    // SAFETY: non-NULL; the caller guarantees at least the struct's first field.
    let size = match unsafe { output_size(out.cast::<u32>(), HINT_V1_SIZE) } {
        Ok(size) => size,
        Err(status) => return status,
    };
    // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
    let board = match Board::from_bytes(&unsafe { read_board(board) }) {
        Ok(b) => b,
        Err(e) => return e.into(),
    };
    let puzzle = if puzzle.is_null() {
        None
    } else {
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        match Board::from_bytes(&unsafe { read_board(puzzle) }) {
            Ok(p) => Some(p),
            Err(e) => return e.into(),
        }
    };
    let marks = if marks.is_null() {
        None
    } else {
        let mut local = [0u16; CELLS];
        // SAFETY: non-NULL, and the caller guarantees 81 readable uint16_t; `local` is a
        // distinct local array of 81 u16.
        unsafe { ptr::copy_nonoverlapping(marks, local.as_mut_ptr(), CELLS) };
        Some(local)
    };
    match hint_with(puzzle.as_ref(), &board, marks.as_ref()) {
        Ok(hint) => {
            // SAFETY: non-NULL, and the caller guarantees `size` writable bytes.
            unsafe { write_versioned(out, &convert(&hint, size), size) };
            SUDOKU_OK
        }
        Err(e) => e.into(),
    }
}

/// @brief The next hint for a position: Sudoku Explainer's next step, or what is wrong.
///
/// Every digit on `board` is taken as fixed (givens and entries look alike). When the
/// position has no solution, the hint is `SUDOKU_HINT_WRONG_DIGIT` with the suspect cells
/// marked; use sudoku_hint_ex() with the original puzzle to name exactly the wrong entries.
///
/// @param board The position (81 bytes).
/// @param out Receives the hint (a versioned struct: set `out->size = sizeof *out` first).
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER`, `SUDOKU_ERR_INVALID_ARGUMENT` (`out->size`),
///         `SUDOKU_ERR_INVALID_CHARACTER`, `SUDOKU_ERR_MULTIPLE_SOLUTIONS` if the position has
///         several solutions, or `SUDOKU_ERR_CONFLICT` / `SUDOKU_ERR_NO_SOLUTION` if it has
///         none and no single digit explains it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_hint(board: *const c_char, out: *mut sudoku_hint_result) -> c_int {
    guard(|| {
        if board.is_null() || out.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: pointers checked; the caller's guarantees carry over.
        unsafe { hint_impl(ptr::null(), board, ptr::null(), out) }
    })
}

/// @brief The next hint for a player's position, knowing the puzzle and the pencil marks.
///
/// In this order: entered digits that differ from the puzzle's solution
/// (`SUDOKU_HINT_WRONG_DIGIT`), a complete board (`SUDOKU_HINT_SOLVED`), pencil marks that
/// exclude a solution digit (`SUDOKU_HINT_WRONG_MARK`), Sudoku Explainer's next step on the
/// player's candidates (`SUDOKU_HINT_STEP`), or a revealed cell (`SUDOKU_HINT_REVEAL`).
/// Following the steps, with the marks kept up to date (eliminations removed, placements
/// made), is SE's solution path: the hardest step along it is the rating's ER.
///
/// @param puzzle NULL (then this is sudoku_hint() with marks), or the original givens
///        (81 bytes). It must have exactly one solution, and `board` must keep each of its
///        givens.
/// @param board The position (81 bytes): givens plus the player's digits.
/// @param marks NULL, or 81 digit masks: the pencil marks. A 0 on an empty cell means "no
///        marks there"; marks on filled cells are ignored. Steps are found on the marks
///        intersected with what the placed digits allow.
/// @param out Receives the hint (a versioned struct: set `out->size = sizeof *out` first).
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER` (`board`, `out`),
///         `SUDOKU_ERR_INVALID_ARGUMENT` (`out->size`, a mask with bits above 8, or a `board`
///         that changed a given of `puzzle`), `SUDOKU_ERR_INVALID_CHARACTER` (in `puzzle` or
///         `board`), or `SUDOKU_ERR_CONFLICT`, `SUDOKU_ERR_NO_SOLUTION`,
///         `SUDOKU_ERR_MULTIPLE_SOLUTIONS` if the puzzle (or, without one, the position) does
///         not have exactly one solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_hint_ex(
    puzzle: *const c_char,
    board: *const c_char,
    marks: *const u16,
    out: *mut sudoku_hint_result,
) -> c_int {
    guard(|| {
        if board.is_null() || out.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: pointers checked; the caller's guarantees carry over.
        unsafe { hint_impl(puzzle, board, marks, out) }
    })
}
