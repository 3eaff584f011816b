//! C ABI of the rater: `sudoku_rate`, `sudoku_rate_ex`, the rating and options structs,
//! techniques and levels.

use core::ffi::{CStr, c_char, c_int};

use super::sudoku_status::{self, *};
use super::versioned::{output_size, read_versioned, write_versioned};
use super::{guard, guard_or, read_board};
use sudoku_engine::Board;
use sudoku_engine::grade::{DEFAULT_MAX_EFFORT, Level, RateOptions, TECHNIQUE_COUNT, Technique};
use sudoku_engine::se::SeName;

/// Solving techniques that ratings count and hints name: Sudoku Explainer's rules. The value
/// is also the index into sudoku_rating::technique_steps. Values never change; new techniques
/// get new values below `SUDOKU_TECHNIQUE_SLOTS`. Five values (W-Wing, Simple Colouring,
/// X-Chain, XY-Chain, AIC) belong to the library's first grader and are retired: no rating or
/// hint produces them any more. "Score" is Sudoku Explainer's rating of the technique's
/// simplest form; a step can be rated higher (a longer chain, a bigger set).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum sudoku_technique {
    /// The only cell of a box that can take a digit. Score 1.2.
    SUDOKU_TECHNIQUE_HIDDEN_SINGLE_BOX = 0,
    /// The only cell of a row or column that can take a digit. Score 1.5.
    SUDOKU_TECHNIQUE_HIDDEN_SINGLE_LINE = 1,
    /// A cell with a single candidate. Score 2.3.
    SUDOKU_TECHNIQUE_NAKED_SINGLE = 2,
    /// A box's candidates for a digit lie in one line; the rest of the line loses it. Score 2.6.
    SUDOKU_TECHNIQUE_POINTING = 3,
    /// A line's candidates for a digit lie in one box; the rest of the box loses it. Score 2.8.
    SUDOKU_TECHNIQUE_CLAIMING = 4,
    /// Two cells of a unit with the same two candidates. Score 3.0.
    SUDOKU_TECHNIQUE_NAKED_PAIR = 5,
    /// A digit confined to the same two columns in two rows, or vice versa. Score 3.2.
    SUDOKU_TECHNIQUE_X_WING = 6,
    /// Two digits confined to the same two cells of a unit. Score 3.4.
    SUDOKU_TECHNIQUE_HIDDEN_PAIR = 7,
    /// Three cells of a unit whose candidates are three digits. Score 3.6.
    SUDOKU_TECHNIQUE_NAKED_TRIPLE = 8,
    /// The three-line fish. Score 3.8.
    SUDOKU_TECHNIQUE_SWORDFISH = 9,
    /// Three digits confined to three cells of a unit. Score 4.0.
    SUDOKU_TECHNIQUE_HIDDEN_TRIPLE = 10,
    /// Pivot {x,y}, pincers {x,z} and {y,z}. Score 4.2.
    SUDOKU_TECHNIQUE_XY_WING = 11,
    /// Pivot {x,y,z}, pincers {x,z} and {y,z}. Score 4.4.
    SUDOKU_TECHNIQUE_XYZ_WING = 12,
    /// Unique rectangle, types 1 and 2 (assumes a unique solution). Score 4.5.
    SUDOKU_TECHNIQUE_UNIQUE_RECTANGLE = 13,
    /// Retired: never produced. Two {x,y} cells joined by a strong link on x. Score 4.6.
    SUDOKU_TECHNIQUE_W_WING = 14,
    /// Four cells of a unit whose candidates are four digits. Score 5.0.
    SUDOKU_TECHNIQUE_NAKED_QUAD = 15,
    /// The four-line fish. Score 5.2.
    SUDOKU_TECHNIQUE_JELLYFISH = 16,
    /// Four digits confined to four cells of a unit. Score 5.4.
    SUDOKU_TECHNIQUE_HIDDEN_QUAD = 17,
    /// Retired: never produced. Two-colouring of one digit's conjugate pairs (wrap and trap). Score
    /// 5.5.
    SUDOKU_TECHNIQUE_SIMPLE_COLOURING = 18,
    /// Bivalue universal grave + 1: the one three-candidate cell takes the digit that would
    /// otherwise leave two solutions. Score 5.6.
    SUDOKU_TECHNIQUE_BUG_PLUS_ONE = 19,
    /// Retired: never produced. Alternating strong and weak links on one digit. Score 6.6.
    SUDOKU_TECHNIQUE_X_CHAIN = 20,
    /// Retired: never produced. A chain of two-candidate cells. Score 7.0.
    SUDOKU_TECHNIQUE_XY_CHAIN = 21,
    /// Retired: never produced. An alternating inference chain mixing cell and unit links. Score
    /// 7.5.
    SUDOKU_TECHNIQUE_AIC = 22,
    /// The last empty cell of a row, column or box (SE: a Hidden Single rated 1.0). Score 1.0.
    SUDOKU_TECHNIQUE_FULL_HOUSE = 23,
    /// A box's candidates for a digit lie in one line, and removing them from the rest of the line
    /// leaves a single at once. Score 1.7.
    SUDOKU_TECHNIQUE_DIRECT_POINTING = 24,
    /// A line's candidates for a digit lie in one box, and removing them from the rest of the box
    /// leaves a single at once. Score 1.9.
    SUDOKU_TECHNIQUE_DIRECT_CLAIMING = 25,
    /// A hidden pair whose eliminations leave a single at once. Score 2.0.
    SUDOKU_TECHNIQUE_DIRECT_HIDDEN_PAIR = 26,
    /// A hidden triple whose eliminations leave a single at once. Score 2.5.
    SUDOKU_TECHNIQUE_DIRECT_HIDDEN_TRIPLE = 27,
    /// Two strong links on a digit in parallel lines, joined at one end. Score 4.0.
    SUDOKU_TECHNIQUE_SKYSCRAPER = 28,
    /// Two strong links on a digit in a row and a column, joined in a box. Score 4.1.
    SUDOKU_TECHNIQUE_TWO_STRING_KITE = 29,
    /// Two strong links on a digit, one of them in a box. Score 4.2.
    SUDOKU_TECHNIQUE_TURBOT_CRANE = 30,
    /// A Skyscraper, 2-String Kite or Turbot Crane with a grouped link (an empty rectangle). Score
    /// 4.3.
    SUDOKU_TECHNIQUE_GROUPED_TURBOT = 31,
    /// Three strong links on one digit joined by weak links (SE's "3 Skyscrapers" and relatives,
    /// finned and grouped fish among them). Score 5.4.
    SUDOKU_TECHNIQUE_THREE_STRONG_LINKS = 32,
    /// A pivot and three wing cells holding four digits, one of them restricted. Score 5.5.
    SUDOKU_TECHNIQUE_WXYZ_WING = 33,
    /// A pivot and four wing cells holding five digits, one of them restricted. Score 6.2.
    SUDOKU_TECHNIQUE_VWXYZ_WING = 34,
    /// A loop of six or more bivalue-like cells that would allow two solutions (SE's Unique Loop,
    /// types 1 to 4). Score 4.6.
    SUDOKU_TECHNIQUE_UNIQUE_LOOP = 35,
    /// Bivalue universal grave type 2: the extra candidates are one digit. Score 5.7.
    SUDOKU_TECHNIQUE_BUG_TYPE2 = 36,
    /// Bivalue universal grave type 3: the extra candidates form a naked set. Score 5.8.
    SUDOKU_TECHNIQUE_BUG_TYPE3 = 37,
    /// Bivalue universal grave type 4: two extra cells joined by a locked digit. Score 5.7.
    SUDOKU_TECHNIQUE_BUG_TYPE4 = 38,
    /// Two cells' combinations of candidates, each ruled out by a peer: what is left. Score 6.2.
    SUDOKU_TECHNIQUE_ALIGNED_PAIR_EXCLUSION = 39,
    /// Three cells' combinations of candidates, each ruled out by a peer: what is left. Score 7.5.
    SUDOKU_TECHNIQUE_ALIGNED_TRIPLE_EXCLUSION = 40,
    /// A closed chain of strong and weak links on one digit. Score 6.5.
    SUDOKU_TECHNIQUE_BIDIRECTIONAL_X_CYCLE = 41,
    /// A closed chain through bivalue cells. Score 6.5.
    SUDOKU_TECHNIQUE_BIDIRECTIONAL_Y_CYCLE = 42,
    /// A closed chain mixing cell and unit links. Score 7.0.
    SUDOKU_TECHNIQUE_BIDIRECTIONAL_CYCLE = 43,
    /// A chain on one digit from a candidate back to a contradiction or a forced candidate. Score
    /// 6.6.
    SUDOKU_TECHNIQUE_FORCING_X_CHAIN = 44,
    /// A chain through bivalue cells forcing a candidate. Score 6.6.
    SUDOKU_TECHNIQUE_FORCING_Y_CHAIN = 45,
    /// A chain mixing cell and unit links forcing a candidate. Score 7.0.
    SUDOKU_TECHNIQUE_FORCING_CHAIN = 46,
    /// A candidate whose assumption leads, along chains, to a contradiction. Score 7.5.
    SUDOKU_TECHNIQUE_NISHIO_FORCING_CHAIN = 47,
    /// Every candidate of a cell leads to the same conclusion. Score 8.0.
    SUDOKU_TECHNIQUE_CELL_FORCING_CHAIN = 48,
    /// Every place for a digit in a unit leads to the same conclusion. Score 8.0.
    SUDOKU_TECHNIQUE_REGION_FORCING_CHAIN = 49,
    /// Forcing chains that take each earlier conclusion into account (contradiction, double, cell
    /// and region forms). Score 8.5.
    SUDOKU_TECHNIQUE_DYNAMIC_FORCING_CHAIN = 50,
    /// Dynamic forcing chains that may also use the simple techniques along the way (SE's "+").
    /// Score 9.0.
    SUDOKU_TECHNIQUE_DYNAMIC_FORCING_CHAIN_PLUS = 51,
    /// Dynamic forcing chains nested inside one another (SE's nested levels). Score 9.5.
    SUDOKU_TECHNIQUE_NESTED_FORCING_CHAIN = 52,
}

/// Difficulty levels: bands of Sudoku Explainer's ER (docs/grading.md has the table).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum sudoku_level {
    /// In sudoku_generate_options: no bound. Never a rating's level.
    SUDOKU_LEVEL_ANY = 0,
    /// Score up to 2.3: singles, direct pointing and claiming, direct hidden pairs.
    SUDOKU_LEVEL_EASY = 1,
    /// Score 2.4 to 3.4: direct hidden triples, intersections, pairs, X-Wing.
    SUDOKU_LEVEL_MEDIUM = 2,
    /// Score 3.5 to 4.6: triples, Swordfish, the turbot family, XY- and XYZ-Wing, unique
    /// rectangles and loops.
    SUDOKU_LEVEL_HARD = 3,
    /// Score 4.7 to 7.5: quads, Jellyfish, strong links, WXYZ- and VWXYZ-Wing, BUG, aligned
    /// exclusion, cycles, forcing chains, Nishio.
    SUDOKU_LEVEL_EXPERT = 4,
    /// Score 7.6 to 8.4: long Nishio chains, cell and region forcing chains.
    SUDOKU_LEVEL_EXTREME = 5,
    /// Score 8.5 to 8.9: dynamic forcing chains.
    SUDOKU_LEVEL_DIABOLICAL = 6,
    /// Score 9.0 and above: dynamic forcing chains (+), and nested forcing chains.
    SUDOKU_LEVEL_NIGHTMARE = 7,
}

/// Number of entries in sudoku_rating::technique_steps: room for techniques added later.
pub const SUDOKU_TECHNIQUE_SLOTS: usize = 64;

/// Size of sudoku_rating::hardest_name and sudoku_hint_result::se_name, NUL included: room for
/// the longest rule name Sudoku Explainer prints.
pub const SUDOKU_SE_NAME_SIZE: usize = 96;

/// Sudoku Explainer's verdict on a puzzle (filled by sudoku_rate() and sudoku_rate_ex()). A
/// versioned struct: set `size` to `sizeof(sudoku_rating)` before the call. A caller built
/// against the first version (which ended at `technique_steps`) gets that much written.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct sudoku_rating {
    /// In: `sizeof(sudoku_rating)` as the caller sees it. Unchanged by the call.
    pub size: u32,
    /// The `sudoku_level` of the ER.
    pub level: i32,
    /// ER in tenths (the same as `er_tenths`): the rating of the hardest step of Sudoku
    /// Explainer's solution path (73 means 7.3); 0 for a full board.
    pub score_tenths: i32,
    /// The `sudoku_technique` of the hardest step (the first step rated ER), or -1 for a full
    /// board.
    pub hardest_technique: i32,
    /// Always 0: every rated puzzle is solved by the rules (the first grader set it when it
    /// fell back on search).
    pub needs_search: i32,
    /// Always 0 (the first grader's count of search guesses).
    pub guesses: u32,
    /// Steps of the solution path.
    pub steps: u32,
    /// Steps per technique, indexed by `sudoku_technique`; unused entries are 0.
    pub technique_steps: [u32; SUDOKU_TECHNIQUE_SLOTS],
    /// ER in tenths: the hardest step of the solution path.
    pub er_tenths: i32,
    /// EP in tenths: the hardest step up to and including the first placement.
    pub ep_tenths: i32,
    /// ED in tenths: the first step.
    pub ed_tenths: i32,
    /// The `sudoku_technique` of the EP step, or -1 for a full board.
    pub ep_technique: i32,
    /// The `sudoku_technique` of the ED step (the first step), or -1 for a full board.
    pub ed_technique: i32,
    /// Sudoku Explainer's name of the hardest step's rule as SE prints it (e.g. "Nishio
    /// Forcing Chains", "VWXYZ-Wing 2412"), ASCII, NUL-terminated; empty for a full board.
    pub hardest_name: [c_char; SUDOKU_SE_NAME_SIZE],
}

/// Size of the first version of `sudoku_rating` (up to `technique_steps`).
const RATING_V1_SIZE: usize = core::mem::offset_of!(sudoku_rating, er_tenths);

/// Options for sudoku_rate_ex(). A versioned struct: set `size` to
/// `sizeof(sudoku_rate_options)`; a zeroed struct with `size` set means the defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct sudoku_rate_options {
    /// `sizeof(sudoku_rate_options)` as the caller sees it.
    pub size: u32,
    /// The most work the rating may do, in the rater's work units (about one implication a
    /// chaining rule derives); a puzzle that needs more gives `SUDOKU_ERR_BUDGET_EXHAUSTED`.
    /// 0 means the default, which bounds a rating to about 2 seconds on a server core and
    /// rates every puzzle of Sudoku Explainer 9.3 and below that we know of.
    pub max_effort: u64,
}

/// A name as a NUL-terminated, NUL-padded C array (cut to fit, which SE's names never need).
pub(crate) fn se_name_field(name: Option<&SeName>) -> [c_char; SUDOKU_SE_NAME_SIZE] {
    const _: () = assert!(SeName::CAPACITY < SUDOKU_SE_NAME_SIZE);
    let mut out = [0 as c_char; SUDOKU_SE_NAME_SIZE];
    if let Some(name) = name {
        for (slot, &b) in out.iter_mut().zip(name.as_str().as_bytes()) {
            *slot = b as c_char;
        }
    }
    out
}

/// `Some(t)` as its C number, `None` as -1.
fn technique_number(t: Option<Technique>) -> i32 {
    t.map_or(-1, |t| t as i32)
}

/// Shared body of both exports once the pointers are checked.
///
/// # Safety
/// As for sudoku_rate_ex(), with `board` and `out` non-NULL.
unsafe fn rate_impl(
    board: *const c_char,
    options: *const sudoku_rate_options,
    out: *mut sudoku_rating,
) -> sudoku_status {
    // SAFETY: non-NULL; the caller guarantees at least the struct's first field.
    let size = match unsafe { output_size(out.cast::<u32>(), RATING_V1_SIZE) } {
        Ok(size) => size,
        Err(status) => return status,
    };
    let mut rate_options = RateOptions::default();
    if !options.is_null() {
        // SAFETY: non-NULL, and the caller guarantees a readable struct of its `size` bytes.
        match unsafe { read_versioned(options, size_of::<sudoku_rate_options>()) } {
            Ok(o) if o.max_effort != 0 => rate_options.max_effort = o.max_effort,
            Ok(_) => rate_options.max_effort = DEFAULT_MAX_EFFORT,
            Err(status) => return status,
        }
    }
    // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
    let bytes = unsafe { read_board(board) };
    let rating = match Board::from_bytes(&bytes).and_then(|b| b.rate_with(&rate_options)) {
        Ok(r) => r,
        Err(e) => return e.into(),
    };
    let mut technique_steps = [0u32; SUDOKU_TECHNIQUE_SLOTS];
    for (slot, &n) in technique_steps.iter_mut().zip(&rating.steps) {
        *slot = n;
    }
    let result = sudoku_rating {
        size: size as u32,
        level: rating.level as i32,
        score_tenths: rating.er_tenths as i32,
        hardest_technique: technique_number(rating.hardest),
        needs_search: 0,
        guesses: 0,
        steps: rating.total_steps,
        technique_steps,
        er_tenths: rating.er_tenths as i32,
        ep_tenths: rating.ep_tenths as i32,
        ed_tenths: rating.ed_tenths as i32,
        ep_technique: technique_number(rating.ep_technique),
        ed_technique: technique_number(rating.ed_technique),
        hardest_name: se_name_field(rating.hardest_name.as_ref()),
    };
    // SAFETY: non-NULL, and the caller guarantees `size` writable bytes.
    unsafe { write_versioned(out, &result, size) };
    SUDOKU_OK
}

/// @brief Rates a puzzle as Sudoku Explainer does, with the default budget.
///
/// The same as sudoku_rate_ex() with NULL options: ER, EP and ED equal to Sukaku Explainer
/// 1.15.10's (the maintained fork of Sudoku Explainer), its path's steps per technique and its
/// hardest rule. Deterministic; microseconds for most puzzles, up to about 2 seconds (the
/// default budget) for the hardest.
///
/// @param board The puzzle (81 bytes).
/// @param out Receives the rating (a versioned struct: set `out->size = sizeof *out` first).
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER`, `SUDOKU_ERR_INVALID_ARGUMENT` (`out->size`),
///         `SUDOKU_ERR_INVALID_CHARACTER`, `SUDOKU_ERR_CONFLICT`, `SUDOKU_ERR_NO_SOLUTION`,
///         `SUDOKU_ERR_MULTIPLE_SOLUTIONS` (only puzzles with exactly one solution are rated),
///         `SUDOKU_ERR_BUDGET_EXHAUSTED` or `SUDOKU_ERR_TOO_HARD`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rate(board: *const c_char, out: *mut sudoku_rating) -> c_int {
    guard(|| {
        if board.is_null() || out.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: pointers checked; the caller's guarantees carry over.
        unsafe { rate_impl(board, core::ptr::null(), out) }
    })
}

/// @brief Rates a puzzle as Sudoku Explainer does: ER, EP, ED and the path.
///
/// Follows Sudoku Explainer's solution path: at every step the first of its rules, in its
/// order, that finds something, and that rule's first hint in SE's own order of search. ER is
/// the hardest step's rating, EP the hardest up to the first placement, ED the first step's;
/// `level` is ER's band. The budget bounds the work: a puzzle that needs more fails with
/// `SUDOKU_ERR_BUDGET_EXHAUSTED`, and one that needs more of Sudoku Explainer's nested forcing
/// chains (SE 9.5 and above) than the rater has with `SUDOKU_ERR_TOO_HARD`.
///
/// @param board The puzzle (81 bytes).
/// @param options NULL for the defaults, or the options (see ::sudoku_rate_options).
/// @param out Receives the rating (a versioned struct: set `out->size = sizeof *out` first).
///
/// @return As sudoku_rate(); also `SUDOKU_ERR_INVALID_ARGUMENT` for a bad `options->size` or
///         non-zero bytes past the fields this library knows.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rate_ex(
    board: *const c_char,
    options: *const sudoku_rate_options,
    out: *mut sudoku_rating,
) -> c_int {
    guard(|| {
        if board.is_null() || out.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: pointers checked; the caller's guarantees carry over.
        unsafe { rate_impl(board, options, out) }
    })
}

/// @brief The English name of a `sudoku_technique`, e.g. "X-Wing", a static string.
///
/// @param technique Any value; unknown values give "unknown technique".
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_technique_name(technique: c_int) -> *const c_char {
    guard_or(UNKNOWN_TECHNIQUE.as_ptr(), || {
        usize::try_from(technique)
            .ok()
            .and_then(|i| TECHNIQUE_NAMES.get(i))
            .map_or(UNKNOWN_TECHNIQUE.as_ptr(), |name| name.as_ptr().cast())
    })
}

const UNKNOWN_TECHNIQUE: &CStr = c"unknown technique";

/// Room for the longest technique or level name and its NUL.
const NAME_ROOM: usize = 64;

/// The engine's technique names, NUL-terminated, built at compile time from the catalogue (so
/// there is no second list to keep in step).
static TECHNIQUE_NAMES: [[u8; NAME_ROOM]; TECHNIQUE_COUNT] = {
    let mut table = [[0u8; NAME_ROOM]; TECHNIQUE_COUNT];
    let mut t = 0;
    while t < TECHNIQUE_COUNT {
        table[t] = nul_terminated(Technique::ALL[t].name());
        t += 1;
    }
    table
};

/// `name` followed by NULs; fails the build if it does not fit or holds a NUL itself.
const fn nul_terminated(name: &str) -> [u8; NAME_ROOM] {
    let bytes = name.as_bytes();
    assert!(bytes.len() < NAME_ROOM, "name too long");
    let mut out = [0u8; NAME_ROOM];
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i] != 0, "NUL in a name");
        out[i] = bytes[i];
        i += 1;
    }
    out
}

/// @brief The score of a `sudoku_technique` in tenths (26 means 2.6).
///
/// @param technique Any value.
///
/// @return The score in tenths, or -1 for an unknown technique.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_technique_score(technique: c_int) -> c_int {
    guard_or(-1, || {
        usize::try_from(technique)
            .ok()
            .and_then(Technique::from_index)
            .map_or(-1, |t| t.score_tenths() as c_int)
    })
}

/// @brief The English name of a `sudoku_level`, e.g. "medium", a static string.
///
/// @param level Any value; `SUDOKU_LEVEL_ANY` gives "any", unknown values "unknown level".
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_level_name(level: c_int) -> *const c_char {
    guard_or(UNKNOWN_LEVEL.as_ptr(), || {
        match usize::try_from(level).ok().and_then(Level::from_index) {
            Some(level) => LEVEL_NAMES[level as usize - 1].as_ptr().cast(),
            None if level == 0 => c"any".as_ptr(),
            None => UNKNOWN_LEVEL.as_ptr(),
        }
    })
}

/// The engine's level names, NUL-terminated, by `sudoku_level` value minus one.
static LEVEL_NAMES: [[u8; NAME_ROOM]; Level::ALL.len()] = {
    let mut table = [[0u8; NAME_ROOM]; Level::ALL.len()];
    let mut l = 0;
    while l < Level::ALL.len() {
        table[l] = nul_terminated(Level::ALL[l].name());
        l += 1;
    }
    table
};

const UNKNOWN_LEVEL: &CStr = c"unknown level";
