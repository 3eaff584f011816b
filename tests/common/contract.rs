//! The contract of each export, checked on arbitrary input. Shared by the fuzz targets
//! (`fuzz/fuzz_targets/`, which include this directory by path) and by `tests/fuzz_seeds.rs`,
//! which replays the committed seeds so that every `cargo test` (and Miri, and the aarch64 run)
//! checks them too.
//!
//! Each `check_*` function calls one export on exactly-sized heap copies of its inputs (so a
//! memory checker sees any access past them), decides independently of the library what the
//! status must be, and panics with a description when the export breaks its contract: a wrong
//! status, a wrong or incomplete answer, or an output touched on failure.
//!
//! A new export gets a `check_<name>` here and a target in `fuzz/fuzz_targets/` that calls it
//! (see `fuzz/README.md`).

#![allow(clippy::needless_range_loop, reason = "cell numbers are the data")]

use core::ffi::{c_char, c_int, c_void};
use core::ptr;

use super::{consistent, is_solution_of, reference_count_within, value};
use sudoku::sudoku_status::*;
use sudoku::*;

/// The status an input must get, from an independent look at its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A byte other than `'1'`-`'9'`, `'.'` or `'0'`.
    BadByte,
    /// Two givens with the same digit in a row, column or box.
    Clash,
    /// Well formed: solvable or not, which only a search can tell.
    Searchable,
}

pub fn classify(board: &[u8; 81]) -> Class {
    if !board.iter().all(|&b| b == b'.' || b.is_ascii_digit()) {
        Class::BadByte
    } else if !consistent(board) {
        Class::Clash
    } else {
        Class::Searchable
    }
}

/// Search nodes the reference solver may spend confirming that a board has no solution. Past
/// it the library's answer is accepted unconfirmed (it is still checked for a bad status or a
/// touched board); fuzzed boards that need more are rare and would slow the fuzzer down. Under
/// Miri (the seed replay) a small budget: the reference confirms the easy cases only.
pub const NO_SOLUTION_BUDGET: u64 = if cfg!(miri) { 100 } else { 2_000 };

/// A board from an arbitrary byte string: its first 81 bytes, padded with `'.'`.
pub fn board_from_bytes(data: &[u8]) -> [u8; 81] {
    let mut board = [b'.'; 81];
    let n = data.len().min(81);
    board[..n].copy_from_slice(&data[..n]);
    board
}

/// A well-formed board from an arbitrary byte string: digits `'0'`-`'9'` are kept and every
/// other byte becomes `'.'`, so fuzzing concentrates on clashes and on the search.
pub fn grid_from_bytes(data: &[u8]) -> [u8; 81] {
    board_from_bytes(data).map(|b| if b.is_ascii_digit() { b } else { b'.' })
}

fn show(board: &[u8; 81]) -> String {
    board.escape_ascii().to_string()
}

fn solve_on_heap(board: &[u8; 81]) -> (i32, Box<[u8; 81]>) {
    let mut buf = Box::new(*board);
    // SAFETY: `buf` is a heap block of exactly 81 writable bytes.
    let status = unsafe { sudoku_solve(buf.as_mut_ptr().cast()) };
    (status, buf)
}

/// Checks `sudoku_solve` on `board`; returns the status.
pub fn check_solve(board: &[u8; 81]) -> i32 {
    let class = classify(board);
    let (status, out) = solve_on_heap(board);
    let ok = SUDOKU_OK as i32;
    let expected_failure = match class {
        Class::BadByte => Some(SUDOKU_ERR_INVALID_CHARACTER as i32),
        Class::Clash => Some(SUDOKU_ERR_CONFLICT as i32),
        Class::Searchable if status == ok => None,
        Class::Searchable => Some(SUDOKU_ERR_NO_SOLUTION as i32),
    };
    match expected_failure {
        None => {
            assert!(
                is_solution_of(&out, board),
                "sudoku_solve returned OK with a wrong solution\n  input  {}\n  output {}",
                show(board),
                show(&out)
            );
            // A solution is a full grid: solving it again gives it back unchanged.
            let (again, same) = solve_on_heap(&out);
            assert!(
                again == ok && same == out,
                "a solution did not solve to itself: {}",
                show(&out)
            );
        }
        Some(expected) => {
            assert_eq!(
                status,
                expected,
                "wrong status for a {class:?} board: {}",
                show(board)
            );
            assert!(
                *out == *board,
                "sudoku_solve failed with {status} but changed the board\n  input  {}\n  output {}",
                show(board),
                show(&out)
            );
            if expected == SUDOKU_ERR_NO_SOLUTION as i32 {
                let count = reference_count_within(board, 1, NO_SOLUTION_BUDGET);
                assert_ne!(
                    count,
                    Some(1),
                    "sudoku_solve says no solution, the reference solver found one: {}",
                    show(board)
                );
            }
        }
    }
    status
}

// ---------------------------------------------------------------------------------------------
// Shared by the checks below.

const OK: i32 = SUDOKU_OK as i32;
const ERR_CHAR: i32 = SUDOKU_ERR_INVALID_CHARACTER as i32;
const ERR_CONFLICT: i32 = SUDOKU_ERR_CONFLICT as i32;
const ERR_NO_SOLUTION: i32 = SUDOKU_ERR_NO_SOLUTION as i32;
const ERR_ARG: i32 = SUDOKU_ERR_INVALID_ARGUMENT as i32;
const ERR_SMALL: i32 = SUDOKU_ERR_BUFFER_TOO_SMALL as i32;
const ERR_PARSE: i32 = SUDOKU_ERR_PARSE as i32;
const ERR_MULTIPLE: i32 = SUDOKU_ERR_MULTIPLE_SOLUTIONS as i32;
const ERR_EXHAUSTED: i32 = SUDOKU_ERR_ATTEMPTS_EXHAUSTED as i32;
const ERR_BUDGET: i32 = SUDOKU_ERR_BUDGET_EXHAUSTED as i32;
const ERR_TOO_HARD: i32 = SUDOKU_ERR_TOO_HARD as i32;

/// A byte no call writes: output bytes still holding it were left untouched.
pub const UNTOUCHED: u8 = 0xA5;
const UNTOUCHED_USIZE: usize = 0xDEAD_BEEF_usize;

/// The same cell, row, column or box.
fn same_unit(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
}

/// Digits `1..=9` the givens of `board` leave for `cell`, as a mask (bit `d - 1`); bad bytes
/// count as blanks.
fn free_digits(board: &[u8; 81], cell: usize) -> u16 {
    (0..81)
        .filter(|&p| p != cell && same_unit(p, cell) && value(board[p]) != 0)
        .fold(0x1ff, |m, p| m & !(1 << (value(board[p]) - 1)))
}

fn is_bad_byte(b: u8) -> bool {
    !(b == b'.' || b.is_ascii_digit())
}

/// Checks `status` against the failures an input has (`failures`, in no particular order:
/// where the documentation gives no precedence any of them is right). Returns true when the
/// call had to succeed.
fn expect(status: i32, failures: &[i32], what: &dyn Fn() -> String) -> bool {
    if failures.is_empty() {
        return true;
    }
    assert!(
        failures.contains(&status),
        "status {status}, expected one of {failures:?}: {}",
        what()
    );
    false
}

/// A heap copy of `board` of exactly 81 bytes, as a C pointer.
fn heap_board(board: &[u8; 81]) -> Box<[u8; 81]> {
    Box::new(*board)
}

/// Caller-owned output struct of exactly `size` bytes (rounded up to 8, the allocator's
/// granularity, with the slack checked explicitly), pre-filled with [`UNTOUCHED`] but for the
/// `size` field.
struct VersionedOut {
    words: Vec<u64>,
    size: usize,
}

impl VersionedOut {
    fn new(size: usize) -> VersionedOut {
        let mut out = VersionedOut {
            words: vec![u64::from_ne_bytes([UNTOUCHED; 8]); size.div_ceil(8).max(1)],
            size,
        };
        let field = u32::try_from(size).unwrap_or(u32::MAX).to_ne_bytes();
        out.bytes_mut()[..4].copy_from_slice(&field);
        out
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: the u64 buffer viewed as its bytes; u8 has no alignment or validity needs.
        unsafe { core::slice::from_raw_parts(self.words.as_ptr().cast(), self.words.len() * 8) }
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        let len = self.words.len() * 8;
        // SAFETY: as in `bytes`, mutably.
        unsafe { core::slice::from_raw_parts_mut(self.words.as_mut_ptr().cast(), len) }
    }

    fn ptr<T>(&mut self) -> *mut T {
        self.words.as_mut_ptr().cast()
    }

    /// The struct as the library wrote it (our version's fields); for a caller of an older
    /// version, the fields it has, the others zero.
    fn read<T: Copy>(&self) -> T {
        let n = size_of::<T>().min(self.size);
        let mut value = core::mem::MaybeUninit::<T>::zeroed();
        // SAFETY: `n` initialised bytes of ours, copied into a zeroed T; T is plain integers,
        // valid for any bytes.
        unsafe {
            ptr::copy_nonoverlapping(self.bytes().as_ptr(), value.as_mut_ptr().cast::<u8>(), n);
            value.assume_init()
        }
    }

    /// Checks a successful write of a struct whose own size is `ours`: bytes from `ours` to the
    /// caller's size zeroed, bytes past it untouched.
    fn check_tail(&self, ours: usize, what: &dyn Fn() -> String) {
        let bytes = self.bytes();
        assert!(
            bytes[ours.min(self.size)..self.size]
                .iter()
                .all(|&b| b == 0),
            "the tail of a bigger caller struct was not zeroed: {}",
            what()
        );
        assert!(
            bytes[self.size..].iter().all(|&b| b == UNTOUCHED),
            "bytes past the caller's size were written: {}",
            what()
        );
    }

    fn untouched(&self) -> bool {
        let field = u32::try_from(self.size).unwrap_or(u32::MAX).to_ne_bytes();
        self.bytes()[..4] == field && self.bytes()[4..].iter().all(|&b| b == UNTOUCHED)
    }
}

/// How a fuzz input sizes a versioned struct whose own size is `ours` and whose first version
/// had `v1` bytes, from a byte: exact, the first version's size (an older caller), one byte
/// short of it, one byte short of ours, 12 bytes longer (a newer caller), or above the 4096
/// limit.
pub fn struct_size(ours: usize, v1: usize, byte: u8) -> usize {
    match byte % 8 {
        3 => v1,
        4 => v1 - 1,
        5 => ours - 1,
        6 => ours + 12,
        7 => 4097,
        _ => ours,
    }
}

/// The size of the first version of `sudoku_rating` (it ended at `technique_steps`).
pub const RATING_V1_SIZE: usize = core::mem::offset_of!(sudoku_rating, er_tenths);
/// The size of the first version of `sudoku_hint_result` (it ended at `wrong`).
pub const HINT_V1_SIZE: usize = core::mem::offset_of!(sudoku_hint_result, difficulty_tenths);
/// The size of the first version of `sudoku_generate_options` (it ended at `max_attempts`).
pub const OPTIONS_V1_SIZE: usize = core::mem::offset_of!(sudoku_generate_options, min_er_tenths);

/// A NUL-terminated, NUL-padded name field as a string (None if it is not).
fn name_field(field: &[c_char]) -> Option<String> {
    let bytes: Vec<u8> = field.iter().map(|&c| c as u8).collect();
    let end = bytes.iter().position(|&b| b == 0)?;
    if !bytes[end..].iter().all(|&b| b == 0) || !bytes[..end].is_ascii() {
        return None;
    }
    String::from_utf8(bytes[..end].to_vec()).ok()
}

/// The level bands of ER, as the header documents them: (lowest, highest) in tenths for
/// levels 1 to 7.
const LEVEL_BANDS: [(i32, i32); 7] = [
    (0, 23),
    (24, 34),
    (35, 46),
    (47, 75),
    (76, 84),
    (85, 89),
    (90, i32::MAX),
];

// ---------------------------------------------------------------------------------------------
// sudoku_count_solutions and sudoku_enumerate

/// Checks `sudoku_count_solutions(board, limit, ..)`, asking for the first solution when
/// `with_first`; returns the status. On success: the count is at most `limit`, 0 for clashing
/// givens and otherwise 0 exactly when sudoku_solve finds no solution; it agrees with the
/// reference solver (up to 2) when that decides within its budget; the first solution is a
/// solution keeping the givens, and is written only when the count is at least 1.
pub fn check_count(board: &[u8; 81], limit: usize, with_first: bool) -> i32 {
    let input = heap_board(board);
    let mut count = Box::new(UNTOUCHED_USIZE);
    let mut first = Box::new([UNTOUCHED; 81]);
    let first_ptr = if with_first {
        first.as_mut_ptr().cast::<c_char>()
    } else {
        ptr::null_mut()
    };
    // SAFETY: 81 readable bytes, a writable usize, and NULL or 81 writable bytes.
    let status =
        unsafe { sudoku_count_solutions(input.as_ptr().cast(), limit, &mut *count, first_ptr) };
    let what = || format!("count limit {limit}: {}", show(board));
    let mut failures = Vec::new();
    if limit == 0 {
        failures.push(ERR_ARG);
    }
    if classify(board) == Class::BadByte {
        failures.push(ERR_CHAR);
    }
    assert_eq!(*input, *board, "the board was written: {}", what());
    if !expect(status, &failures, &what) {
        assert!(
            *count == UNTOUCHED_USIZE && *first == [UNTOUCHED; 81],
            "outputs written on failure: {}",
            what()
        );
        return status;
    }
    assert_eq!(status, OK, "{}", what());
    let n = *count;
    assert!(n <= limit, "count {n} above the limit: {}", what());
    if n == 0 || !with_first {
        assert_eq!(
            *first,
            [UNTOUCHED; 81],
            "first written with count {n}: {}",
            what()
        );
    } else {
        assert!(
            is_solution_of(&first, board),
            "first is not a solution: {}",
            what()
        );
    }
    if classify(board) == Class::Clash {
        assert_eq!(n, 0, "clashing givens counted: {}", what());
    } else {
        let (solved, _) = solve_on_heap(board);
        assert_eq!(
            n == 0,
            solved == ERR_NO_SOLUTION,
            "count {n} but sudoku_solve gives {solved}: {}",
            what()
        );
    }
    let k = limit.min(2);
    if let Some(r) = reference_count_within(board, k, NO_SOLUTION_BUDGET) {
        assert_eq!(n.min(k), r, "the reference solver counts {r}: {}", what());
    }
    status
}

/// What the enumeration callback saw.
struct Seen {
    solutions: Vec<[u8; 82]>,
    /// Return non-zero on this call (0: never).
    stop_at: usize,
}

unsafe extern "C-unwind" fn collect(solution: *const c_char, user: *mut c_void) -> c_int {
    // SAFETY: `user` is the `Seen` that check_enumerate passes, alive and not otherwise
    // borrowed during the call.
    let seen = unsafe { &mut *user.cast::<Seen>() };
    let mut copy = [0u8; 82];
    // SAFETY: the library passes 81 digits and a NUL.
    unsafe { ptr::copy_nonoverlapping(solution.cast::<u8>(), copy.as_mut_ptr(), 82) };
    seen.solutions.push(copy);
    c_int::from(seen.stop_at != 0 && seen.solutions.len() >= seen.stop_at)
}

/// Checks `sudoku_enumerate(board, limit, ..)` with a callback that stops on call `stop_at`
/// (0: never); returns the status. On success: the solutions are distinct, NUL-terminated and
/// keep the givens, and there are as many as sudoku_count_solutions counts up to `limit` (or
/// `stop_at`); the reported number is the number of calls.
pub fn check_enumerate(board: &[u8; 81], limit: usize, stop_at: usize) -> i32 {
    let input = heap_board(board);
    let mut seen = Seen {
        solutions: Vec::new(),
        stop_at,
    };
    let mut delivered = Box::new(UNTOUCHED_USIZE);
    let user = ptr::from_mut(&mut seen).cast::<c_void>();
    // SAFETY: 81 readable bytes; `collect` has the callback signature and reads `user` as the
    // `Seen` it is; `delivered` is a writable usize.
    let status = unsafe {
        sudoku_enumerate(
            input.as_ptr().cast(),
            limit,
            Some(collect),
            user,
            &mut *delivered,
        )
    };
    let what = || format!("enumerate limit {limit} stop at {stop_at}: {}", show(board));
    let mut failures = Vec::new();
    if limit == 0 {
        failures.push(ERR_ARG);
    }
    if classify(board) == Class::BadByte {
        failures.push(ERR_CHAR);
    }
    if !expect(status, &failures, &what) {
        assert!(
            seen.solutions.is_empty() && *delivered == UNTOUCHED_USIZE,
            "callback called or count written on failure: {}",
            what()
        );
        return status;
    }
    assert_eq!(status, OK, "{}", what());
    assert_eq!(*delivered, seen.solutions.len(), "{}", what());
    for (i, s) in seen.solutions.iter().enumerate() {
        let solution: &[u8; 81] = s[..81].try_into().unwrap();
        assert!(
            s[81] == 0 && is_solution_of(solution, board),
            "bad solution: {}",
            what()
        );
        assert!(
            !seen.solutions[..i].contains(s),
            "a solution came twice: {}",
            what()
        );
    }
    let mut count = 0usize;
    // SAFETY: 81 readable bytes and a writable usize.
    let counted = unsafe {
        sudoku_count_solutions(input.as_ptr().cast(), limit, &mut count, ptr::null_mut())
    };
    assert_eq!(counted, OK);
    let expected = if stop_at == 0 {
        count
    } else {
        count.min(stop_at)
    };
    assert_eq!(
        seen.solutions.len(),
        expected,
        "enumerated vs counted ({count}): {}",
        what()
    );
    status
}

// ---------------------------------------------------------------------------------------------
// sudoku_validate

/// The first problem of a board in row-major order, as sudoku_validate documents it: the first
/// cell holding a bad byte or repeating a digit given earlier in its row, column or box.
pub fn first_problem(board: &[u8; 81]) -> Option<(i32, usize)> {
    (0..81).find_map(|i| {
        if is_bad_byte(board[i]) {
            return Some((ERR_CHAR, i));
        }
        let v = value(board[i]);
        let repeated = v != 0 && (0..i).any(|j| value(board[j]) == v && same_unit(i, j));
        repeated.then_some((ERR_CONFLICT, i))
    })
}

/// Checks `sudoku_validate(board, ..)`, with an `out_cell` when `with_cell`; returns the status.
/// The status and cell are those of [`first_problem`]; the cell is written only on those
/// failures.
pub fn check_validate(board: &[u8; 81], with_cell: bool) -> i32 {
    let input = heap_board(board);
    let mut cell = Box::new(UNTOUCHED_USIZE);
    let cell_ptr: *mut usize = if with_cell {
        &mut *cell
    } else {
        ptr::null_mut()
    };
    // SAFETY: 81 readable bytes and NULL or a writable usize.
    let status = unsafe { sudoku_validate(input.as_ptr().cast(), cell_ptr) };
    let what = || format!("validate: {}", show(board));
    match first_problem(board) {
        None => assert_eq!((status, *cell), (OK, UNTOUCHED_USIZE), "{}", what()),
        Some((expected, at)) => {
            let written = if with_cell { at } else { UNTOUCHED_USIZE };
            assert_eq!((status, *cell), (expected, written), "{}", what());
        }
    }
    // The same verdict as the other calls' independent classification.
    let class = classify(board);
    assert_eq!(status == OK, class == Class::Searchable, "{}", what());
    status
}

// ---------------------------------------------------------------------------------------------
// sudoku_candidates and sudoku_candidates_singles

/// Candidates by elimination from the givens, or the failures the board has.
fn reference_candidates(board: &[u8; 81]) -> Result<[u16; 81], Vec<i32>> {
    let mut failures = Vec::new();
    if board.iter().any(|&b| is_bad_byte(b)) {
        failures.push(ERR_CHAR);
    }
    if !consistent(board) {
        failures.push(ERR_CONFLICT);
    }
    if !failures.is_empty() {
        return Err(failures);
    }
    let masks: [u16; 81] = std::array::from_fn(|c| {
        if value(board[c]) == 0 {
            free_digits(board, c)
        } else {
            0
        }
    });
    if (0..81).any(|c| value(board[c]) == 0 && masks[c] == 0) {
        return Err(vec![ERR_NO_SOLUTION]);
    }
    Ok(masks)
}

/// Naked and hidden singles placed one at a time until neither applies (the fixed point does
/// not depend on the order), or the failures the board has.
fn reference_singles(board: &[u8; 81]) -> Result<[u16; 81], Vec<i32>> {
    reference_candidates(board)?;
    let givens = *board;
    let mut grid = *board;
    let unit = |u: usize, k: usize| match u {
        0..=8 => u * 9 + k,
        9..=17 => k * 9 + u - 9,
        _ => ((u - 18) / 3 * 3 + k / 3) * 9 + (u - 18) % 3 * 3 + k % 3,
    };
    'propagate: loop {
        let masks: [u16; 81] = std::array::from_fn(|c| {
            if value(grid[c]) == 0 {
                free_digits(&grid, c)
            } else {
                0
            }
        });
        for c in 0..81 {
            if value(grid[c]) == 0 {
                let m = masks[c];
                if m == 0 {
                    return Err(vec![ERR_NO_SOLUTION]);
                }
                if m.count_ones() == 1 {
                    grid[c] = b'1' + m.trailing_zeros() as u8;
                    continue 'propagate;
                }
            }
        }
        for u in 0..27 {
            for d in 1..=9u8 {
                if (0..9).any(|k| value(grid[unit(u, k)]) == d) {
                    continue;
                }
                let spots: Vec<usize> = (0..9)
                    .map(|k| unit(u, k))
                    .filter(|&c| masks[c] & 1 << (d - 1) != 0)
                    .collect();
                match spots[..] {
                    [] => return Err(vec![ERR_NO_SOLUTION]),
                    [c] => {
                        grid[c] = b'0' + d;
                        continue 'propagate;
                    }
                    _ => {}
                }
            }
        }
        break;
    }
    Ok(std::array::from_fn(|c| {
        match (value(givens[c]), value(grid[c])) {
            (0, 0) => free_digits(&grid, c),
            (0, v) => 1 << (v - 1),
            _ => 0,
        }
    }))
}

/// Checks `sudoku_candidates` and `sudoku_candidates_singles` on `board` against the references
/// above; the masks are written only on success. Returns the two statuses.
pub fn check_candidates(board: &[u8; 81]) -> (i32, i32) {
    type Call = unsafe extern "C" fn(*const c_char, *mut u16) -> c_int;
    type Reference = fn(&[u8; 81]) -> Result<[u16; 81], Vec<i32>>;
    let calls: [(&str, Call, Reference); 2] = [
        ("sudoku_candidates", sudoku_candidates, reference_candidates),
        (
            "sudoku_candidates_singles",
            sudoku_candidates_singles,
            reference_singles,
        ),
    ];
    let mut statuses = [0; 2];
    for (k, (name, call, reference)) in calls.into_iter().enumerate() {
        let input = heap_board(board);
        let mut masks = Box::new([0xA5A5u16; 81]);
        // SAFETY: 81 readable bytes and 81 writable u16.
        let status = unsafe { call(input.as_ptr().cast(), masks.as_mut_ptr()) };
        let what = || format!("{name}: {}", show(board));
        match reference(board) {
            Ok(expected) => assert_eq!((status, *masks), (OK, expected), "{}", what()),
            Err(failures) => {
                expect(status, &failures, &what);
                assert_eq!(*masks, [0xA5A5; 81], "masks written on failure: {}", what());
            }
        }
        statuses[k] = status;
    }
    (statuses[0], statuses[1])
}

// ---------------------------------------------------------------------------------------------
// sudoku_solve_batch

/// Up to four boards from an arbitrary byte string: 81-byte chunks, the last padded with `'.'`.
pub fn boards_from_bytes(data: &[u8]) -> Vec<[u8; 81]> {
    data.chunks(81).take(4).map(board_from_bytes).collect()
}

/// Checks `sudoku_solve_batch` on `boards` (back to back on the heap, `threads` threads,
/// statuses asked for when `with_statuses`): every board and status comes out exactly as one
/// sudoku_solve of that board gives, and [`check_solve`] holds for each.
pub fn check_solve_batch(boards: &[[u8; 81]], threads: usize, with_statuses: bool) -> i32 {
    let mut buf: Vec<u8> = boards.iter().flatten().copied().collect();
    let mut statuses = vec![-1 as c_int; boards.len()];
    let statuses_ptr = if with_statuses {
        statuses.as_mut_ptr()
    } else {
        ptr::null_mut()
    };
    // SAFETY: 81 * count readable and writable bytes, and NULL or `count` writable ints.
    let status =
        unsafe { sudoku_solve_batch(buf.as_mut_ptr().cast(), boards.len(), threads, statuses_ptr) };
    assert_eq!(status, OK, "batch of {} on {threads} threads", boards.len());
    for (i, board) in boards.iter().enumerate() {
        let expected = check_solve(board);
        let (_, solved) = solve_on_heap(board);
        assert_eq!(
            &buf[i * 81..(i + 1) * 81],
            &solved[..],
            "board {i} of the batch differs from sudoku_solve: {}",
            show(board)
        );
        let want = if with_statuses { expected } else { -1 };
        assert_eq!(statuses[i], want, "status of board {i}: {}", show(board));
    }
    status
}

// ---------------------------------------------------------------------------------------------
// sudoku_parse and sudoku_format

/// sudoku_parse's grammar, written again from its documentation (not from its code): the board
/// (`'1'`-`'9'` and `'.'`), or the offset of the first problem.
pub fn reference_parse(text: &[u8]) -> Result<[u8; 81], usize> {
    let separator = |b: u8| matches!(b, b' ' | b'\t' | b'|');
    let cell = |b: u8| match b {
        b'1'..=b'9' => Some(b),
        b'.' | b'0' | b'_' | b'*' | b'x' => Some(b'.'),
        _ => None,
    };
    let mut board = [b'.'; 81];
    let mut n = 0;
    let mut rows = false; // The first cell line held 9 cells.
    let mut start = 0;
    loop {
        let lf = text[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map(|p| start + p);
        let stop = lf.unwrap_or(text.len());
        // A line ends at its LF, or at the CR of a CR LF, or at the end of the text.
        let end = if lf.is_some() && stop > start && text[stop - 1] == b'\r' {
            stop - 1
        } else {
            stop
        };
        let line = &text[start..end];
        let mut cells = 0;
        if let Some(f) = line.iter().position(|&b| !separator(b)) {
            let rule = matches!(line[f], b'-' | b'+') || line[f..].starts_with(b"*-");
            let mut comment = false;
            for (k, &b) in line.iter().enumerate() {
                let at = start + k;
                if b == b'\r' {
                    return Err(at); // Not part of a CR LF: an error anywhere.
                }
                if comment || separator(b) || (rule && matches!(b, b'-' | b'+' | b'*')) {
                    continue;
                }
                if let (false, Some(v)) = (rule, cell(b)) {
                    if n == 81 || (rows && cells == 9) {
                        return Err(at); // One cell too many.
                    }
                    board[n] = v;
                    n += 1;
                    cells += 1;
                    continue;
                }
                let after_blank = k == 0 || matches!(line[k - 1], b' ' | b'\t');
                if n == 81 && after_blank && !matches!(b, b'-' | b'+') && cell(b).is_none() {
                    comment = true;
                    continue;
                }
                return Err(at);
            }
        }
        if cells != 0 && cells != 9 && cells != 81 {
            return Err(end);
        }
        rows |= cells == 9 && n == 9;
        match lf {
            Some(p) => start = p + 1,
            None if n == 81 => return Ok(board),
            None => return Err(text.len()),
        }
    }
}

/// sudoku_format's output, written again from its documentation.
pub fn reference_format(board: &[u8; 81], style: c_int) -> Vec<u8> {
    let c = |i: usize| if value(board[i]) == 0 { b'.' } else { board[i] };
    let mut out = Vec::new();
    if style == 0 {
        return (0..81).map(c).collect();
    }
    let bordered = style == 2;
    let rule: &[u8] = if bordered {
        b"+-------+-------+-------+\n"
    } else {
        b"------+-------+------\n"
    };
    if bordered {
        out.extend_from_slice(rule);
    }
    for r in 0..9 {
        if r > 0 && r % 3 == 0 {
            out.extend_from_slice(rule);
        }
        if bordered {
            out.extend_from_slice(b"| ");
        }
        for col in 0..9 {
            out.push(c(r * 9 + col));
            match col {
                8 => {}
                2 | 5 => out.extend_from_slice(b" | "),
                _ => out.push(b' '),
            }
        }
        out.extend_from_slice(if bordered { b" |\n" } else { b"\n" });
    }
    if bordered {
        out.extend_from_slice(rule);
    }
    out
}

/// Checks `sudoku_parse` on `text` (an exactly-sized heap copy) against [`reference_parse`]:
/// the same board or the same error offset, the board written only on success and the offset
/// only on failure. An accepted text round-trips: formatted in every style and parsed again, it
/// gives the same board. Returns the status.
pub fn check_parse(text: &[u8], with_offset: bool) -> i32 {
    let (status, board, offset) = parse_on_heap(text, with_offset);
    let what = || format!("parse {:?}", text.escape_ascii().to_string());
    match reference_parse(text) {
        Ok(expected) => {
            assert_eq!(status, OK, "{}", what());
            assert_eq!(*board, expected, "{}", what());
            assert_eq!(
                offset,
                UNTOUCHED_USIZE,
                "offset written on success: {}",
                what()
            );
            for style in 0..3 {
                check_format(&board, style, SUDOKU_FORMAT_MAX_SIZE, true);
                let again = reference_format(&board, style);
                let (status, reparsed, _) = parse_on_heap(&again, true);
                assert_eq!(
                    (status, *reparsed),
                    (OK, expected),
                    "style {style} does not round-trip: {}",
                    what()
                );
            }
        }
        Err(at) => {
            assert_eq!(status, ERR_PARSE, "{}", what());
            assert_eq!(
                *board,
                [UNTOUCHED; 81],
                "board written on failure: {}",
                what()
            );
            let want = if with_offset { at } else { UNTOUCHED_USIZE };
            assert_eq!(offset, want, "error offset: {}", what());
        }
    }
    status
}

fn parse_on_heap(text: &[u8], with_offset: bool) -> (i32, Box<[u8; 81]>, usize) {
    let text: Box<[u8]> = text.into();
    let mut board = Box::new([UNTOUCHED; 81]);
    let mut offset = Box::new(UNTOUCHED_USIZE);
    let offset_ptr: *mut usize = if with_offset {
        &mut *offset
    } else {
        ptr::null_mut()
    };
    // SAFETY: `len` readable bytes (a non-NULL dangling pointer when empty), 81 writable bytes
    // and NULL or a writable usize.
    let status = unsafe {
        sudoku_parse(
            text.as_ptr().cast(),
            text.len(),
            board.as_mut_ptr().cast(),
            offset_ptr,
        )
    };
    (status, board, *offset)
}

/// Checks `sudoku_format(board, style, out, out_len, ..)` with `out` exactly `out_len` heap bytes
/// (NULL when 0) and `out_written` when `with_written`; returns the status. The text is
/// [`reference_format`]'s with a NUL, written only on success; on a too-small buffer the size
/// needed is reported and nothing written.
pub fn check_format(board: &[u8; 81], style: c_int, out_len: usize, with_written: bool) -> i32 {
    let input = heap_board(board);
    let mut out = vec![UNTOUCHED; out_len].into_boxed_slice();
    let out_ptr = if out_len == 0 {
        ptr::null_mut()
    } else {
        out.as_mut_ptr().cast::<c_char>()
    };
    let mut written = Box::new(UNTOUCHED_USIZE);
    let written_ptr: *mut usize = if with_written {
        &mut *written
    } else {
        ptr::null_mut()
    };
    // SAFETY: 81 readable bytes, `out_len` writable bytes (NULL when 0), NULL or a usize.
    let status =
        unsafe { sudoku_format(input.as_ptr().cast(), style, out_ptr, out_len, written_ptr) };
    let what = || format!("format style {style} into {out_len}: {}", show(board));
    let mut failures = Vec::new();
    if !(0..3).contains(&style) {
        failures.push(ERR_ARG);
    }
    if board.iter().any(|&b| is_bad_byte(b)) {
        failures.push(ERR_CHAR);
    }
    let untouched = |out: &[u8]| out.iter().all(|&b| b == UNTOUCHED);
    if !expect(status, &failures, &what) {
        assert!(
            untouched(&out) && *written == UNTOUCHED_USIZE,
            "outputs written on failure: {}",
            what()
        );
        return status;
    }
    let text = reference_format(board, style);
    let report = |n: usize| if with_written { n } else { UNTOUCHED_USIZE };
    if out_len <= text.len() {
        assert_eq!(status, ERR_SMALL, "{}", what());
        assert!(
            untouched(&out),
            "text written into a small buffer: {}",
            what()
        );
        assert_eq!(*written, report(text.len() + 1), "size needed: {}", what());
    } else {
        assert_eq!(status, OK, "{}", what());
        assert_eq!(&out[..text.len()], &text[..], "{}", what());
        assert_eq!(out[text.len()], 0, "no NUL: {}", what());
        assert!(
            untouched(&out[text.len() + 1..]),
            "wrote past the NUL: {}",
            what()
        );
        assert_eq!(*written, report(text.len()), "length written: {}", what());
    }
    status
}

// ---------------------------------------------------------------------------------------------
// sudoku_rate and sudoku_hint / sudoku_hint_ex

/// Problems of a board that make it unusable for the grader and hints: a bad byte, clashing
/// givens, and (from the reference solver, when it decides within its budget) no solution or
/// several. `None` when the reference ran out of budget before knowing the count.
fn proper_failures(board: &[u8; 81]) -> Option<Vec<i32>> {
    let mut failures = Vec::new();
    if board.iter().any(|&b| is_bad_byte(b)) {
        failures.push(ERR_CHAR);
    }
    if !consistent(board) {
        failures.push(ERR_CONFLICT);
    }
    if failures.is_empty() {
        match reference_count_within(board, 2, NO_SOLUTION_BUDGET)? {
            0 => failures.push(ERR_NO_SOLUTION),
            1 => {}
            _ => failures.push(ERR_MULTIPLE),
        }
    }
    Some(failures)
}

/// The unique solution of a puzzle that the checks have found proper, from sudoku_solve (whose
/// answer [`is_solution_of`] confirms).
fn solution_of(board: &[u8; 81]) -> [u8; 81] {
    let (status, solution) = solve_on_heap(board);
    assert!(
        status == OK && is_solution_of(&solution, board),
        "no solution for a proper puzzle: {}",
        show(board)
    );
    *solution
}

/// A rate input from arbitrary bytes: the board is the first 81 bytes (padded with `'.'`),
/// byte 81 sizes the rating struct ([`struct_size`]); when bit 0 of byte 82 is set the call is
/// `sudoku_rate_ex` with an options struct sized by the rest of that byte, `max_effort` from
/// byte 83 (0: the default, else `2^(b % 40)`) and byte 84 in the tail of a longer struct.
pub struct RateInput {
    pub board: [u8; 81],
    pub size: usize,
    pub options: Option<RateOptionsInput>,
}

/// The options of a `sudoku_rate_ex` call: the struct's size, its budget and the last byte of
/// a longer struct.
pub struct RateOptionsInput {
    pub size: usize,
    pub max_effort: u64,
    pub tail: u8,
}

pub fn rate_input(data: &[u8]) -> RateInput {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let flags = byte(82);
    let ours = size_of::<sudoku_rate_options>();
    RateInput {
        board: board_from_bytes(data),
        size: struct_size(size_of::<sudoku_rating>(), RATING_V1_SIZE, byte(81)),
        options: (flags & 1 != 0).then(|| RateOptionsInput {
            size: struct_size(ours, ours, flags >> 1),
            max_effort: match byte(83) {
                0 => 0,
                b => 1 << (b % 40),
            },
            tail: byte(84),
        }),
    }
}

/// Checks `sudoku_rate` (or `sudoku_rate_ex` with the input's options) into a struct of the
/// input's size; returns the status. Only proper puzzles get a rating, whose fields must agree
/// with each other and with the technique table; a proper puzzle may also run out of its
/// budget or be beyond the rater; the struct is written only on success, and only up to its
/// size.
pub fn check_rate(input: &RateInput) -> i32 {
    let RateInput {
        board,
        size,
        options,
    } = input;
    let (board, size) = (board, *size);
    let ours = size_of::<sudoku_rating>();
    let input_board = heap_board(board);
    let mut out = VersionedOut::new(size);
    let options_ours = size_of::<sudoku_rate_options>();
    let mut raw = VersionedOut::new(options.as_ref().map_or(options_ours, |o| {
        if (options_ours..=4096).contains(&o.size) {
            o.size
        } else {
            options_ours
        }
    }));
    let status = match options {
        None => {
            // SAFETY: 81 readable bytes and a struct of `size` writable bytes (or, above the
            // limit, at least our own struct, of which the library reads the size only).
            unsafe { sudoku_rate(input_board.as_ptr().cast(), out.ptr()) }
        }
        Some(o) => {
            raw.bytes_mut().fill(0);
            let field = u32::try_from(o.size).unwrap_or(u32::MAX);
            // SAFETY: `raw` holds at least our options struct, 8-aligned.
            unsafe {
                ptr::write(
                    raw.ptr::<sudoku_rate_options>(),
                    sudoku_rate_options {
                        size: field,
                        max_effort: o.max_effort,
                    },
                )
            };
            if (options_ours + 1..=4096).contains(&o.size) {
                raw.bytes_mut()[o.size - 1] = o.tail;
            }
            // SAFETY: as above; the options struct holds its `size` bytes (or ours, when the
            // size is out of range and only the field is read).
            unsafe {
                sudoku_rate_ex(
                    input_board.as_ptr().cast(),
                    raw.ptr::<sudoku_rate_options>(),
                    out.ptr(),
                )
            }
        }
    };
    let what = || {
        format!(
            "rate (size {size}, options {:?}): {}",
            options.as_ref().map(|o| (o.size, o.max_effort, o.tail)),
            show(board)
        )
    };
    let Some(mut failures) = proper_failures(board) else {
        // Undecided by the reference: the status must at least be one a search gives.
        assert!(
            [
                OK,
                ERR_NO_SOLUTION,
                ERR_MULTIPLE,
                ERR_ARG,
                ERR_BUDGET,
                ERR_TOO_HARD
            ]
            .contains(&status),
            "{}",
            what()
        );
        if status != OK {
            assert!(out.untouched(), "rating written on failure: {}", what());
        }
        return status;
    };
    if !(RATING_V1_SIZE..=4096).contains(&size) {
        failures.push(ERR_ARG);
    }
    if let Some(o) = options {
        if !(options_ours..=4096).contains(&o.size) || (o.size > options_ours && o.tail != 0) {
            failures.push(ERR_ARG);
        }
    }
    if !expect(status, &failures, &what) {
        assert!(out.untouched(), "rating written on failure: {}", what());
        return status;
    }
    if status == ERR_BUDGET || status == ERR_TOO_HARD {
        // A proper puzzle the rater could not finish (over its budget, or beyond its rules).
        assert!(out.untouched(), "rating written on failure: {}", what());
        return status;
    }
    assert_eq!(status, OK, "{}", what());
    out.check_tail(ours, &what);
    let r: sudoku_rating = out.read();
    check_rating(&r, board, size, &what);
    status
}

fn check_rating(r: &sudoku_rating, board: &[u8; 81], size: usize, what: &dyn Fn() -> String) {
    assert_eq!(r.size as usize, size, "size changed: {}", what());
    assert_eq!(
        (r.needs_search, r.guesses),
        (0, 0),
        "search fields: {}",
        what()
    );
    let used: u32 = r.technique_steps.iter().sum();
    assert_eq!(r.steps, used, "steps vs technique_steps: {}", what());
    let score = |t: i32| sudoku_technique_score(t as c_int);
    let retired = |t: i32| {
        usize::try_from(t)
            .ok()
            .and_then(sudoku_engine::grade::Technique::from_index)
            .is_some_and(|t| t.is_retired())
    };
    for (t, &n) in r.technique_steps.iter().enumerate() {
        assert!(
            n == 0 || (score(t as i32) > 0 && !retired(t as i32)),
            "steps for unknown or retired technique {t}: {}",
            what()
        );
    }
    let took = |t: i32| usize::try_from(t).is_ok_and(|t| r.technique_steps[t] > 0);
    assert!(
        (used == 0 && r.hardest_technique == -1) || took(r.hardest_technique),
        "hardest technique {} without a step: {}",
        r.hardest_technique,
        what()
    );
    let (low, high) = LEVEL_BANDS[usize::try_from(r.level - 1).expect("a level 1-7")];
    assert!(
        (low..=high).contains(&r.score_tenths),
        "level {} for ER {}: {}",
        r.level,
        r.score_tenths,
        what()
    );
    if used > 0 {
        assert!(
            score(r.hardest_technique) <= r.score_tenths,
            "ER below the hardest technique's score: {}",
            what()
        );
    }
    if size >= size_of::<sudoku_rating>() {
        assert_eq!(r.er_tenths, r.score_tenths, "ER vs score: {}", what());
        assert!(
            r.ed_tenths <= r.ep_tenths && r.ep_tenths <= r.er_tenths,
            "ED {} EP {} ER {}: {}",
            r.ed_tenths,
            r.ep_tenths,
            r.er_tenths,
            what()
        );
        for t in [r.ep_technique, r.ed_technique] {
            assert!(
                (used == 0 && t == -1) || took(t),
                "EP/ED technique {t} without a step: {}",
                what()
            );
        }
        let name = name_field(&r.hardest_name).expect("a NUL-terminated ASCII name");
        assert_eq!(
            name.is_empty(),
            used == 0,
            "hardest name {name:?}: {}",
            what()
        );
    }
    if board.iter().all(|&b| value(b) != 0) {
        assert_eq!(
            (r.steps, r.score_tenths, r.level, r.hardest_technique),
            (0, 0, 1, -1),
            "full board: {}",
            what()
        );
    }
}

/// A hint input from arbitrary bytes: the position is the first 81 bytes; byte 81's bits say
/// whether the original puzzle is passed (bit 0: the position's cells kept where bits of bytes
/// 83.. are set, one bit per cell), whether pencil marks are passed (bit 1: two bytes per cell
/// after those 11, bits above 8 kept only when bit 2 is set), and the struct size (byte 82, see
/// [`struct_size`]).
pub struct HintInput {
    pub puzzle: Option<[u8; 81]>,
    pub board: [u8; 81],
    pub marks: Option<[u16; 81]>,
    pub size: usize,
}

pub fn hint_input(data: &[u8]) -> HintInput {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let board = board_from_bytes(data);
    let flags = byte(81);
    let puzzle = (flags & 1 != 0).then(|| {
        std::array::from_fn(|c| {
            if byte(83 + c / 8) >> (c % 8) & 1 != 0 {
                board[c]
            } else {
                b'.'
            }
        })
    });
    let marks = (flags & 2 != 0).then(|| {
        std::array::from_fn(|c| {
            let m = u16::from_le_bytes([byte(94 + 2 * c), byte(95 + 2 * c)]);
            if flags & 4 != 0 { m } else { m & 0x1ff }
        })
    });
    HintInput {
        puzzle,
        board,
        marks,
        size: struct_size(size_of::<sudoku_hint_result>(), HINT_V1_SIZE, byte(82)),
    }
}

/// Checks `sudoku_hint_ex` (or, with neither puzzle nor marks, `sudoku_hint`) on `input`;
/// returns the status. The status must name a problem the input has, or be OK when it has
/// none; the result is written only on success and up to the caller's size. A hint is checked
/// against the unique solution: wrong digits are exactly the entries differing from it, a
/// solved board is complete, wrong marks are exactly the marks excluding it, and a step or a
/// reveal places only its digits and never eliminates them.
pub fn check_hint(input: &HintInput) -> i32 {
    let HintInput {
        puzzle,
        board,
        marks,
        size,
    } = input;
    let ours = size_of::<sudoku_hint_result>();
    let b = heap_board(board);
    let p = puzzle.as_ref().map(heap_board);
    let m = marks.map(Box::new);
    let mut out = VersionedOut::new(*size);
    let plain = puzzle.is_none() && marks.is_none();
    // SAFETY: 81 readable bytes each (or NULL), 81 readable u16 (or NULL), and a struct of
    // `size` writable bytes (or, above the limit, our own, of which the size only is read).
    let status = unsafe {
        if plain {
            sudoku_hint(b.as_ptr().cast(), out.ptr())
        } else {
            sudoku_hint_ex(
                p.as_ref().map_or(ptr::null(), |p| p.as_ptr().cast()),
                b.as_ptr().cast(),
                m.as_ref().map_or(ptr::null(), |m| m.as_ptr()),
                out.ptr(),
            )
        }
    };
    let what = || {
        format!(
            "hint (size {size}, marks {}): puzzle {} board {}",
            marks.is_some(),
            puzzle.as_ref().map_or("none".into(), show),
            show(board)
        )
    };
    let mut failures = Vec::new();
    if !(HINT_V1_SIZE..=4096).contains(size) {
        failures.push(ERR_ARG);
    }
    if marks.is_some_and(|m| m.iter().any(|&x| x > 0x1ff)) {
        failures.push(ERR_ARG);
    }
    if board.iter().any(|&b| is_bad_byte(b)) {
        failures.push(ERR_CHAR);
    }
    let reference = match puzzle {
        Some(p) => {
            let changed = (0..81).any(|c| value(p[c]) != 0 && board[c] != p[c]);
            if changed {
                failures.push(ERR_ARG);
            }
            proper_failures(p)
        }
        None => proper_failures(board),
    };
    let Some(problems) = reference else {
        // The reference could not decide within its budget: any status a search gives.
        assert!(
            [
                OK,
                ERR_CHAR,
                ERR_ARG,
                ERR_CONFLICT,
                ERR_NO_SOLUTION,
                ERR_MULTIPLE
            ]
            .contains(&status),
            "{}",
            what()
        );
        if status != OK {
            assert!(out.untouched(), "hint written on failure: {}", what());
        }
        return status;
    };
    let unsolvable = problems
        .iter()
        .any(|&e| e == ERR_CONFLICT || e == ERR_NO_SOLUTION);
    if puzzle.is_none() && unsolvable && failures.is_empty() && !problems.contains(&ERR_CHAR) {
        // A position without a solution: the suspects, if any, as a WRONG_DIGIT hint.
        if status == OK {
            out.check_tail(ours, &what);
            check_suspects(&out.read(), board, &what);
        } else {
            assert!(problems.contains(&status), "{}", what());
            assert!(out.untouched(), "hint written on failure: {}", what());
        }
        return status;
    }
    failures.extend(problems);
    if !expect(status, &failures, &what) {
        assert!(out.untouched(), "hint written on failure: {}", what());
        return status;
    }
    assert_eq!(status, OK, "{}", what());
    out.check_tail(ours, &what);
    let h: sudoku_hint_result = out.read();
    assert_eq!(h.size as usize, *size, "size changed: {}", what());
    let solution = solution_of(puzzle.as_ref().unwrap_or(board));
    check_hint_result(&h, board, &solution, marks.as_ref(), &what);
    if *size >= ours {
        check_hint_step(&h, &what);
    }
    status
}

/// The fields the second version of `sudoku_hint_result` added: a step's rating, SE's name
/// and its chains; nothing for other hints.
fn check_hint_step(h: &sudoku_hint_result, what: &dyn Fn() -> String) {
    let name = name_field(&h.se_name).expect("a NUL-terminated ASCII name");
    let nodes = &h.nodes[..(h.node_count as usize).min(SUDOKU_HINT_MAX_NODES)];
    assert!(
        h.node_count as usize <= SUDOKU_HINT_MAX_NODES,
        "{} nodes: {}",
        h.node_count,
        what()
    );
    assert!(
        h.nodes[nodes.len()..]
            .iter()
            .all(|n| *n == sudoku_chain_node::default()),
        "unused nodes not zero: {}",
        what()
    );
    if h.kind != sudoku_hint_kind::SUDOKU_HINT_STEP as i32 {
        assert_eq!(
            (
                h.difficulty_tenths,
                name.as_str(),
                h.node_count,
                h.truncated
            ),
            (0, "", 0, 0),
            "a hint that is not a step: {}",
            what()
        );
        return;
    }
    assert!(
        h.difficulty_tenths >= sudoku_technique_score(h.technique),
        "step rated {} below its technique's score: {}",
        h.difficulty_tenths,
        what()
    );
    assert!(!name.is_empty(), "a step without SE's name: {}", what());
    assert!(
        h.truncated == 0 || nodes.len() == SUDOKU_HINT_MAX_NODES,
        "truncated before the list is full: {}",
        what()
    );
    if let Some(first) = nodes.first() {
        assert_eq!(first.link, 0, "a chain that does not start: {}", what());
    }
    for n in nodes {
        assert!(
            n.cell < 81 && (1..=9).contains(&n.digit) && n.on <= 1 && n.link <= 2,
            "node {n:?}: {}",
            what()
        );
    }
}

fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

fn check_hint_result(
    h: &sudoku_hint_result,
    board: &[u8; 81],
    solution: &[u8; 81],
    marks: Option<&[u16; 81]>,
    what: &dyn Fn() -> String,
) {
    use sudoku_hint_kind::*;
    let answer = |c: usize| value(solution[c]);
    let wrong_digits: [u16; 81] = std::array::from_fn(|c| match value(board[c]) {
        0 => 0,
        v if v == answer(c) => 0,
        v => bit(v),
    });
    let main_cell = |wrong: &[u16; 81]| wrong.iter().position(|&w| w != 0).map_or(-1, |c| c as i32);
    if wrong_digits.iter().any(|&w| w != 0) {
        assert_eq!(h.kind, SUDOKU_HINT_WRONG_DIGIT as i32, "{}", what());
        assert_eq!(h.wrong, wrong_digits, "wrong digits: {}", what());
        let c = main_cell(&wrong_digits);
        assert_eq!(
            (h.cell, h.digit),
            (c, i32::from(value(board[c as usize]))),
            "{}",
            what()
        );
        return;
    }
    if board.iter().all(|&b| value(b) != 0) {
        assert_eq!(h.kind, SUDOKU_HINT_SOLVED as i32, "{}", what());
        return;
    }
    let wrong_marks: [u16; 81] = std::array::from_fn(|c| match marks {
        Some(m) if value(board[c]) == 0 && m[c] != 0 && m[c] & bit(answer(c)) == 0 => {
            bit(answer(c))
        }
        _ => 0,
    });
    if wrong_marks.iter().any(|&w| w != 0) {
        assert_eq!(h.kind, SUDOKU_HINT_WRONG_MARK as i32, "{}", what());
        assert_eq!(h.wrong, wrong_marks, "wrong marks: {}", what());
        let c = main_cell(&wrong_marks);
        assert_eq!(
            (h.cell, h.digit),
            (c, i32::from(answer(c as usize))),
            "{}",
            what()
        );
        return;
    }
    assert_eq!(h.wrong, [0; 81], "{}", what());
    for c in 0..81 {
        let placed = h.placements[c];
        assert!(
            placed == 0 || (value(board[c]) == 0 && placed == answer(c)),
            "placement {placed} at {c} is not the solution's: {}",
            what()
        );
        assert!(
            value(board[c]) == 0 || h.eliminations[c] == 0,
            "elimination in a filled cell {c}: {}",
            what()
        );
        if value(board[c]) == 0 {
            assert_eq!(
                h.eliminations[c] & bit(answer(c)),
                0,
                "the solution's digit eliminated at {c}: {}",
                what()
            );
        }
    }
    let first = h.placements.iter().position(|&d| d != 0);
    match h.kind {
        k if k == SUDOKU_HINT_STEP as i32 => {
            assert!(
                sudoku_technique_score(h.technique) > 0,
                "technique {}: {}",
                h.technique,
                what()
            );
            assert!(
                first.is_some() || h.eliminations.iter().any(|&e| e != 0),
                "a step that does nothing: {}",
                what()
            );
            assert_eq!(h.cell, first.map_or(-1, |c| c as i32), "{}", what());
        }
        k if k == SUDOKU_HINT_REVEAL as i32 => {
            let c = usize::try_from(h.cell).expect("a revealed cell");
            assert_eq!(h.technique, -1, "{}", what());
            assert_eq!(
                (first, h.placements.iter().filter(|&&d| d != 0).count()),
                (Some(c), 1),
                "a reveal places its cell only: {}",
                what()
            );
        }
        k => panic!("hint kind {k}: {}", what()),
    }
    if let Ok(c) = usize::try_from(h.cell) {
        assert_eq!(h.digit, i32::from(answer(c)), "{}", what());
    }
}

/// A WRONG_DIGIT hint for a position without a solution: the marked cells are exactly the
/// filled cells which, blanked alone, make it solvable (checked with the reference solver
/// where it decides within its budget).
fn check_suspects(h: &sudoku_hint_result, board: &[u8; 81], what: &dyn Fn() -> String) {
    assert_eq!(
        h.kind,
        sudoku_hint_kind::SUDOKU_HINT_WRONG_DIGIT as i32,
        "{}",
        what()
    );
    let first = h.wrong.iter().position(|&w| w != 0).expect("a suspect");
    assert_eq!(h.cell, first as i32, "{}", what());
    for c in 0..81 {
        let v = value(board[c]);
        if v == 0 {
            assert_eq!(h.wrong[c], 0, "a blank marked wrong: {}", what());
            continue;
        }
        let mut blanked = *board;
        blanked[c] = b'.';
        if let Some(n) = reference_count_within(&blanked, 1, NO_SOLUTION_BUDGET) {
            let expected = if n > 0 { bit(v) } else { 0 };
            assert_eq!(h.wrong[c], expected, "suspect at {c}: {}", what());
        }
    }
    assert_eq!(h.digit, i32::from(value(board[first])), "{}", what());
}

// ---------------------------------------------------------------------------------------------
// sudoku_generate_options_init and sudoku_generate

/// Checks `sudoku_generate_options_init(options, size)` on a buffer of exactly `size` bytes (or
/// of our struct's size when `size` is out of range): in range, the defaults are written with
/// `size` stored and the rest of the caller's bytes zeroed; otherwise nothing is written.
pub fn check_generate_options_init(size: usize) -> i32 {
    let ours = size_of::<sudoku_generate_options>();
    let valid = (OPTIONS_V1_SIZE..=4096).contains(&size);
    let mut out = VersionedOut::new(if valid { size } else { ours });
    // SAFETY: a buffer of `size` writable bytes (in range) or of our struct (out of range,
    // where nothing may be written).
    let status = unsafe { sudoku_generate_options_init(out.ptr(), size) };
    let what = || format!("options_init size {size}");
    if !valid {
        assert_eq!(status, ERR_ARG, "{}", what());
        assert!(out.untouched(), "options written on failure: {}", what());
        return status;
    }
    assert_eq!(status, OK, "{}", what());
    out.check_tail(ours, &what);
    let o: sudoku_generate_options = out.read();
    let defaults = sudoku_generate_options {
        size: size as u32,
        symmetry: 0,
        min_level: 0,
        max_level: 0,
        minimal: 1,
        min_givens: 0,
        max_attempts: 1000,
        min_er_tenths: 0,
        max_er_tenths: 0,
    };
    assert_eq!(o, defaults, "{}", what());
    status
}

/// A generate input from arbitrary bytes: the seed (bytes 0-7), a flags byte (bit 0: options
/// NULL; bit 1: solution NULL; bits 2-4: the struct size as [`struct_size`] reads them), then
/// one byte per option field (see the code), then a byte for the tail of a longer struct; the
/// ER bounds come from bytes 18 and 19 (16 and 17 are [`options_init_size`]'s). `max_attempts`
/// is kept to 1..=4 so every run stays short.
pub struct GenerateInput {
    pub seed: u64,
    pub options: Option<sudoku_generate_options>,
    pub size: usize,
    pub tail: u8,
    pub with_solution: bool,
}

pub fn generate_input(data: &[u8]) -> GenerateInput {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let mut seed = [0u8; 8];
    for (i, b) in seed.iter_mut().enumerate() {
        *b = byte(i);
    }
    let flags = byte(8);
    // Small values are the valid ones: mostly 0..=7, sometimes negative.
    let small = |b: u8| {
        if b >= 0xf8 {
            i32::from(b as i8)
        } else {
            i32::from(b % 8)
        }
    };
    // Mostly no bound; else a band's edge, or a value above the scale's top (invalid).
    let er = |b: u8| match b % 8 {
        4 => 24,
        5 => 35,
        6 => 47,
        7 => 201,
        _ => 0,
    };
    let ours = size_of::<sudoku_generate_options>();
    let size = struct_size(ours, OPTIONS_V1_SIZE, flags >> 2);
    let options = (flags & 1 == 0).then(|| sudoku_generate_options {
        size: size as u32,
        symmetry: small(byte(9)),
        min_level: small(byte(10)),
        max_level: small(byte(11)),
        minimal: i32::from(byte(12) % 3),
        min_givens: u32::from(byte(13) % 96),
        max_attempts: 1 + u32::from(byte(14) % 4),
        min_er_tenths: er(byte(18)),
        max_er_tenths: er(byte(19)),
    });
    GenerateInput {
        seed: u64::from_le_bytes(seed),
        options,
        size,
        tail: byte(15),
        with_solution: flags & 2 == 0,
    }
}

/// The cells whose givens must match `cell`'s under symmetry `s`, from the header's description
/// of `sudoku_symmetry`.
fn symmetric_cells(s: i32, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / 9, cell % 9);
    let at = |r: usize, c: usize| r * 9 + c;
    match s {
        1 => vec![at(8 - r, 8 - c)],
        2 => vec![at(c, 8 - r), at(8 - r, 8 - c), at(8 - c, r)],
        3 => vec![at(c, r)],
        4 => vec![at(8 - c, 8 - r)],
        5 => vec![at(r, 8 - c)],
        _ => vec![],
    }
}

fn call_generate(input: &GenerateInput) -> (i32, Box<[u8; 81]>, Box<[u8; 81]>) {
    let ours = size_of::<sudoku_generate_options>();
    // The options struct as the caller passes it: `size` bytes (our fields, then the tail),
    // or just ours when the size is out of range and must not be read past its field.
    let mut raw = VersionedOut::new(if (OPTIONS_V1_SIZE..=4096).contains(&input.size) {
        input.size
    } else {
        ours
    });
    if let Some(o) = &input.options {
        // Only the bytes the caller's struct has: an older caller's is shorter than ours.
        let n = ours.min(raw.size);
        // SAFETY: `o` is a plain-integer struct of `ours` bytes and `raw` holds at least
        // `raw.size` bytes; `n` is at most both, and the two do not overlap.
        unsafe {
            ptr::copy_nonoverlapping(
                (o as *const sudoku_generate_options).cast::<u8>(),
                raw.ptr::<u8>(),
                n,
            );
        }
        let tail = input.tail;
        raw.bytes_mut()[ours.min(input.size)..].fill(0);
        if (ours + 1..=4096).contains(&input.size) {
            raw.bytes_mut()[input.size - 1] = tail;
        }
    }
    let options = if input.options.is_some() {
        raw.ptr::<sudoku_generate_options>().cast_const()
    } else {
        ptr::null()
    };
    let mut puzzle = Box::new([UNTOUCHED; 81]);
    let mut solution = Box::new([UNTOUCHED; 81]);
    let solution_ptr = if input.with_solution {
        solution.as_mut_ptr().cast::<c_char>()
    } else {
        ptr::null_mut()
    };
    // SAFETY: NULL or an options struct of its own size (see above); 81 writable bytes; NULL
    // or 81 writable bytes.
    let status = unsafe {
        sudoku_generate(
            input.seed,
            options,
            puzzle.as_mut_ptr().cast(),
            solution_ptr,
        )
    };
    (status, puzzle, solution)
}

/// Checks `sudoku_generate` on `input`; returns the status. Bad options give
/// INVALID_ARGUMENT; requests that can fail (a level range, or minimal above a floor) may give
/// ATTEMPTS_EXHAUSTED; both write nothing. A puzzle has exactly one solution
/// (`Board::count_solutions`), which is the one written; it is the same for the same seed and
/// options, keeps at least `min_givens` givens, has the asked symmetry, is minimal (no given,
/// or symmetric group of givens, can go without losing uniqueness) unless a floor may have
/// stopped the removals, and rates within the asked levels and ER bounds. A caller of the
/// first version (no ER fields) asks for no ER bound.
pub fn check_generate(input: &GenerateInput) -> i32 {
    let (status, puzzle, solution) = call_generate(input);
    let what = || {
        format!(
            "generate seed {:#x} size {} options {:?}",
            input.seed, input.size, input.options
        )
    };
    let defaults = sudoku_generate_options {
        size: 0,
        symmetry: 0,
        min_level: 0,
        max_level: 0,
        minimal: 1,
        min_givens: 0,
        max_attempts: 1000,
        min_er_tenths: 0,
        max_er_tenths: 0,
    };
    let ours = size_of::<sudoku_generate_options>();
    // The options as the library reads them: an older caller's struct ends at its size, and
    // the fields past it keep their defaults (zero).
    let mut o = defaults;
    if let Some(given) = &input.options {
        let n = input.size.min(ours);
        // SAFETY: both are plain-integer structs of `ours` bytes; `n <= ours`.
        unsafe {
            ptr::copy_nonoverlapping(
                (given as *const sudoku_generate_options).cast::<u8>(),
                (&raw mut o).cast::<u8>(),
                n,
            );
        }
        o.size = input.size as u32;
    }
    let mut failures = Vec::new();
    // The acceptable ER range from the level bands and the ER bounds.
    let band = |l: i32| LEVEL_BANDS[usize::try_from(l - 1).unwrap_or(0).min(6)];
    let low = match o.min_level {
        1..=7 => band(o.min_level).0,
        _ => 0,
    }
    .max(o.min_er_tenths as i32);
    let high = match o.max_level {
        1..=7 => band(o.max_level).1,
        _ => i32::MAX,
    }
    .min(match o.max_er_tenths {
        0 => i32::MAX,
        t => t as i32,
    });
    if input.options.is_some() {
        let level_ok = |l: i32| (0..=7).contains(&l);
        let bad = !(OPTIONS_V1_SIZE..=4096).contains(&input.size)
            || (input.size > ours && input.tail != 0)
            || !(0..=5).contains(&o.symmetry)
            || !level_ok(o.min_level)
            || !level_ok(o.max_level)
            || (o.min_level != 0 && o.max_level != 0 && o.min_level > o.max_level)
            || o.min_er_tenths > 200
            || o.max_er_tenths > 200
            || low > high
            || o.min_givens > 81;
        if bad {
            failures.push(ERR_ARG);
        }
    }
    let untouched = *puzzle == [UNTOUCHED; 81] && *solution == [UNTOUCHED; 81];
    if !expect(status, &failures, &what) {
        assert!(untouched, "outputs written on failure: {}", what());
        return status;
    }
    let restricted = low > 0 || high < i32::MAX;
    let can_exhaust = restricted || (o.minimal != 0 && o.min_givens > 0);
    if status == ERR_EXHAUSTED && can_exhaust {
        assert!(untouched, "outputs written on failure: {}", what());
        return status;
    }
    assert_eq!(status, OK, "{}", what());
    // Deterministic: the same call gives the same puzzle.
    let (again, puzzle2, solution2) = call_generate(input);
    assert_eq!(
        (again, &puzzle2, &solution2),
        (status, &puzzle, &solution),
        "not deterministic: {}",
        what()
    );
    let board = sudoku_engine::Board::from_bytes(&puzzle).expect("a puzzle of digits and '.'");
    assert!(
        puzzle
            .iter()
            .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b))
    );
    let (count, first) = board.count_solutions(2).expect("count");
    assert_eq!(count, 1, "not unique: {} {}", show(&puzzle), what());
    let unique = first.expect("a solution").to_bytes();
    assert!(is_solution_of(&unique, &puzzle), "{}", what());
    if input.with_solution {
        assert_eq!(*solution, unique, "the solution written: {}", what());
    } else {
        assert_eq!(*solution, [UNTOUCHED; 81], "{}", what());
    }
    let given = |c: usize| puzzle[c] != b'.';
    let givens = (0..81).filter(|&c| given(c)).count();
    assert!(
        givens >= o.min_givens as usize,
        "{givens} givens: {}",
        what()
    );
    for c in 0..81 {
        for other in symmetric_cells(o.symmetry, c) {
            assert_eq!(given(c), given(other), "not symmetric at {c}: {}", what());
        }
    }
    if o.minimal != 0 || o.min_givens == 0 {
        for c in (0..81).filter(|&c| given(c)) {
            let mut fewer = *puzzle;
            fewer[c] = b'.';
            for other in symmetric_cells(o.symmetry, c) {
                fewer[other] = b'.';
            }
            let mut n = 0;
            // SAFETY: 81 readable bytes and a writable usize.
            let s = unsafe {
                sudoku_count_solutions(fewer.as_ptr().cast(), 2, &mut n, ptr::null_mut())
            };
            assert_eq!((s, n), (OK, 2), "removable given at {c}: {}", what());
        }
    }
    if restricted {
        let mut out = VersionedOut::new(size_of::<sudoku_rating>());
        // SAFETY: 81 readable bytes and a struct of its own size.
        assert_eq!(
            unsafe { sudoku_rate(puzzle.as_ptr().cast(), out.ptr()) },
            OK
        );
        let er = out.read::<sudoku_rating>().er_tenths;
        assert!((low..=high).contains(&er), "ER {er}: {}", what());
    }
    status
}

// ---------------------------------------------------------------------------------------------
// How the fuzz targets read their bytes (here so that tests/fuzz_seeds.rs reads seeds alike).

/// A count/enumerate input: the board is the first 81 bytes with non-digits as blanks (or, when
/// bit 4 of byte 81 is set, the raw bytes); byte 81 (2 when absent) also gives the limit (its
/// value mod 5, so 0 is tried), whether the first solution is asked for (bit 3 clear), and the
/// call on which the enumeration callback stops (bits 5-6; 0 never).
pub struct CountInput {
    pub board: [u8; 81],
    pub limit: usize,
    pub with_first: bool,
    pub stop_at: usize,
}

pub fn count_input(data: &[u8]) -> CountInput {
    let flags = data.get(81).copied().unwrap_or(2);
    CountInput {
        board: if flags & 0x10 != 0 {
            board_from_bytes(data)
        } else {
            grid_from_bytes(data)
        },
        limit: usize::from(flags % 5),
        with_first: flags & 8 == 0,
        stop_at: usize::from(flags >> 5 & 3),
    }
}

/// A format input: the board is the first 81 bytes (padded with `'.'`), byte 81 the style (mod
/// 4, so 3 is invalid; 0xff is -1; 0 when absent), bytes 82-83 the buffer size (little-endian,
/// mod 342; the largest text needs 339, the size when absent), byte 84 whether the length is
/// asked for (even or absent).
pub struct FormatInput {
    pub board: [u8; 81],
    pub style: c_int,
    pub out_len: usize,
    pub with_written: bool,
}

pub fn format_input(data: &[u8]) -> FormatInput {
    let byte = |i: usize| data.get(i).copied();
    FormatInput {
        board: board_from_bytes(data),
        style: match byte(81) {
            None => 0,
            Some(0xff) => -1,
            Some(b) => c_int::from(b % 4),
        },
        out_len: match (byte(82), byte(83)) {
            (Some(lo), Some(hi)) => usize::from(u16::from_le_bytes([lo, hi])) % 342,
            _ => SUDOKU_FORMAT_MAX_SIZE,
        },
        with_written: byte(84).is_none_or(|b| b % 2 == 0),
    }
}

/// The `size` passed to sudoku_generate_options_init by the generate target: bytes 16-17
/// (little-endian) mod 4400, so most are in range and some above 4096 or below the struct.
pub fn options_init_size(data: &[u8]) -> usize {
    data.get(16..18)
        .map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]])) % 4400)
}

// ---------------------------------------------------------------------------------------------
// The formats: pencil marks, files of puzzles, SudokuWiki links, Simple Sudoku's .ss. Each
// reader's reference is written again from its documentation in sudoku.h.

/// Space, tab or `|`: what separates the cells of a candidate grid.
fn grid_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'|')
}

/// Space, tab, CR or LF: what may surround the one-line formats.
fn surrounding(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

fn digit_bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// Every line of a text as `(start, end, next)`: split at LF, a CR just before the LF being
/// part of the line end, `next` just past the LF (or the text's length).
fn text_lines(text: &[u8]) -> Vec<(usize, usize, usize)> {
    let mut lines = Vec::new();
    let mut start = 0;
    while start < text.len() {
        match text[start..].iter().position(|&b| b == b'\n') {
            Some(p) => {
                let lf = start + p;
                let end = if p > 0 && text[lf - 1] == b'\r' {
                    lf - 1
                } else {
                    lf
                };
                lines.push((start, end, lf + 1));
                start = lf + 1;
            }
            None => {
                lines.push((start, text.len(), text.len()));
                start = text.len();
            }
        }
    }
    lines
}

/// A rule line of a candidate grid: a `-` or `=`, and only `- = + * . : ' |`, space and tab.
fn grid_rule_line(line: &[u8]) -> bool {
    line.iter().any(|&b| b == b'-' || b == b'=') && line.iter().all(|b| b"-=+*.:'| \t".contains(b))
}

/// What a pencil-mark text shows: per cell, its digits as a mask and the range of its bytes.
struct ReferenceShown {
    masks: [u16; 81],
    at: [(usize, usize); 81],
    string: bool,
}

/// The candidate grid in `text[from..to]` (both line starts, or `to` the text's length).
fn reference_candidate_grid(text: &[u8], from: usize, to: usize) -> Result<ReferenceShown, usize> {
    let mut shown = ReferenceShown {
        masks: [0; 81],
        at: [(0, 0); 81],
        string: false,
    };
    let mut n = 0;
    for (s, e, _) in text_lines(text)
        .into_iter()
        .filter(|l| l.0 >= from && l.0 < to)
    {
        let line = &text[s..e];
        if let Some(p) = line.iter().position(|&b| b == b'\r') {
            return Err(s + p);
        }
        if line.iter().all(|&b| grid_separator(b)) || grid_rule_line(line) {
            continue;
        }
        let mut tokens = Vec::new();
        let mut i = 0;
        while i < line.len() {
            if grid_separator(line[i]) {
                i += 1;
                continue;
            }
            let t = i;
            while i < line.len() && !grid_separator(line[i]) {
                i += 1;
            }
            tokens.push((t, i));
        }
        for (k, &(t0, t1)) in tokens.iter().enumerate() {
            if k == 9 || n == 81 {
                return Err(s + t0);
            }
            let token = &line[t0..t1];
            let mut mask = 0u16;
            if token[0] == b'.' {
                if token.len() > 1 {
                    return Err(s + t0 + 1);
                }
            } else {
                for (j, &b) in token.iter().enumerate() {
                    if !(b'1'..=b'9').contains(&b) || mask & digit_bit(b - b'0') != 0 {
                        return Err(s + t0 + j);
                    }
                    mask |= digit_bit(b - b'0');
                }
            }
            shown.masks[n] = mask;
            shown.at[n] = (s + t0, s + t1);
            n += 1;
        }
        if tokens.len() < 9 {
            return Err(e);
        }
    }
    if n < 81 { Err(to) } else { Ok(shown) }
}

/// The 729-byte candidate string.
fn reference_candidate_string(text: &[u8]) -> Result<ReferenceShown, usize> {
    let mut shown = ReferenceShown {
        masks: [0; 81],
        at: [(0, 0); 81],
        string: true,
    };
    let start = text
        .iter()
        .position(|&b| !surrounding(b))
        .unwrap_or(text.len());
    for k in 0..729 {
        let i = start + k;
        if i >= text.len() || text[i..].iter().all(|&b| surrounding(b)) {
            return Err(text.len());
        }
        let d = (k % 9) as u8 + 1;
        shown.at[k / 9] = (start + k / 9 * 9, start + k / 9 * 9 + 9);
        match text[i] {
            b if b == b'0' + d => shown.masks[k / 9] |= digit_bit(d),
            b'.' | b'0' => {}
            _ => return Err(i),
        }
    }
    let end = start + 729;
    match text[end..].iter().position(|&b| !surrounding(b)) {
        Some(p) => Err(end + p),
        None => Ok(shown),
    }
}

/// Which cells a pencil-mark reader takes as filled.
#[derive(Clone, Copy)]
enum Filled<'a> {
    /// A cell showing one digit.
    OneDigit,
    /// Exactly the digits of these values.
    Values(&'a [u8; 81]),
    /// The digits of these givens, and the other cells showing one digit.
    Givens(&'a [u8; 81]),
}

/// The board and masks from what each cell shows.
fn reference_settle(
    text: &[u8],
    shown: &ReferenceShown,
    filled: Filled<'_>,
) -> Result<([u8; 81], [u16; 81]), usize> {
    let mut board = [b'.'; 81];
    let mut masks = [0u16; 81];
    for c in 0..81 {
        let fixed = match filled {
            Filled::Values(v) | Filled::Givens(v) => value(v[c]),
            Filled::OneDigit => 0,
        };
        let m = shown.masks[c];
        if fixed != 0 {
            if m != digit_bit(fixed) {
                let (s, e) = shown.at[c];
                let other = (s..e).find(|&i| !b".0".contains(&text[i]) && text[i] != b'0' + fixed);
                return Err(match other {
                    Some(i) => i,
                    None if shown.string => s + usize::from(fixed) - 1,
                    None => s,
                });
            }
            board[c] = b'0' + fixed;
        } else if matches!(filled, Filled::Values(_)) || m.count_ones() != 1 {
            masks[c] = m;
        } else {
            board[c] = b'1' + m.trailing_zeros() as u8;
        }
    }
    Ok((board, masks))
}

/// sudoku_parse_marks, written again from its documentation: the board and masks, or the
/// offset of the first problem.
pub fn reference_parse_marks(
    text: &[u8],
    values: Option<&[u8; 81]>,
) -> Result<([u8; 81], [u16; 81]), usize> {
    let first_line = text_lines(text).into_iter().find_map(|(s, e, _)| {
        let line = &text[s..e];
        let f = line.iter().position(|&b| !grid_separator(b))?;
        let run: Vec<u8> = line[f..]
            .iter()
            .copied()
            .take_while(|&b| !grid_separator(b))
            .collect();
        Some(run)
    });
    let string =
        first_line.is_some_and(|run| run.len() > 9 && !run.iter().any(|b| b"-=+*:'".contains(b)));
    let shown = if string {
        reference_candidate_string(text)?
    } else {
        reference_candidate_grid(text, 0, text.len())?
    };
    let filled = values.map_or(Filled::OneDigit, Filled::Values);
    reference_settle(text, &shown, filled)
}

/// sudoku_format_marks, written again from its documentation (the board's bytes valid).
pub fn reference_format_marks(board: &[u8; 81], masks: &[u16; 81], style: c_int) -> Vec<u8> {
    let shown = |c: usize| match value(board[c]) {
        0 => masks[c],
        d => digit_bit(d),
    };
    if style == 0 {
        return (0..729)
            .map(|k| {
                let d = (k % 9) as u8 + 1;
                if shown(k / 9) & digit_bit(d) != 0 {
                    b'0' + d
                } else {
                    b'.'
                }
            })
            .collect();
    }
    let token = |c: usize| -> Vec<u8> {
        let t: Vec<u8> = (1..=9u8)
            .filter(|&d| shown(c) & digit_bit(d) != 0)
            .map(|d| b'0' + d)
            .collect();
        if t.is_empty() { b".".to_vec() } else { t }
    };
    let width: Vec<usize> = (0..9)
        .map(|col| (0..9).map(|r| token(r * 9 + col).len()).max().unwrap())
        .collect();
    let mut rule = b"+".to_vec();
    for stack in 0..3 {
        let dashes = width[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4;
        rule.extend(std::iter::repeat_n(b'-', dashes));
        rule.push(b'+');
    }
    rule.push(b'\n');
    let mut out = Vec::new();
    for r in 0..9 {
        if r % 3 == 0 {
            out.extend_from_slice(&rule);
        }
        out.push(b'|');
        for col in 0..9 {
            let t = token(r * 9 + col);
            out.push(b' ');
            out.extend_from_slice(&t);
            out.extend(std::iter::repeat_n(b' ', width[col] - t.len()));
            if col % 3 == 2 {
                out.extend_from_slice(b" |");
            }
        }
        out.push(b'\n');
    }
    out.extend_from_slice(&rule);
    out
}

/// Runs a writer on an exactly-sized heap buffer of `out_len` bytes (NULL when 0), with
/// `out_written` when `with_written`, and checks it: one of `failures` with nothing written,
/// or (no failures) `text` and its NUL, nothing past it, or the size needed when too small.
/// Returns the status.
fn check_writer(
    failures: &[i32],
    text: &[u8],
    out_len: usize,
    with_written: bool,
    what: &dyn Fn() -> String,
    call: impl FnOnce(*mut c_char, usize, *mut usize) -> i32,
) -> i32 {
    let mut out = vec![UNTOUCHED; out_len].into_boxed_slice();
    let out_ptr = if out_len == 0 {
        ptr::null_mut()
    } else {
        out.as_mut_ptr().cast::<c_char>()
    };
    let mut written = Box::new(UNTOUCHED_USIZE);
    let written_ptr: *mut usize = if with_written {
        &mut *written
    } else {
        ptr::null_mut()
    };
    let status = call(out_ptr, out_len, written_ptr);
    let untouched = |out: &[u8]| out.iter().all(|&b| b == UNTOUCHED);
    if !expect(status, failures, what) {
        assert!(
            untouched(&out) && *written == UNTOUCHED_USIZE,
            "outputs written on failure: {}",
            what()
        );
        return status;
    }
    let report = |n: usize| if with_written { n } else { UNTOUCHED_USIZE };
    if out_len <= text.len() {
        assert_eq!(status, ERR_SMALL, "{}", what());
        assert!(
            untouched(&out),
            "text written into a small buffer: {}",
            what()
        );
        assert_eq!(*written, report(text.len() + 1), "size needed: {}", what());
    } else {
        assert_eq!(status, OK, "{}", what());
        assert_eq!(
            out[..text.len()].escape_ascii().to_string(),
            text.escape_ascii().to_string(),
            "{}",
            what()
        );
        assert_eq!(out[text.len()], 0, "no NUL: {}", what());
        assert!(
            untouched(&out[text.len() + 1..]),
            "wrote past the NUL: {}",
            what()
        );
        assert_eq!(*written, report(text.len()), "length written: {}", what());
    }
    status
}

/// Bytes of 81 masks, little-endian, from arbitrary data (missing bytes are 0).
fn masks_from_bytes(data: &[u8]) -> [u16; 81] {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    core::array::from_fn(|c| u16::from_le_bytes([byte(2 * c), byte(2 * c + 1)]))
}

/// Failures of a board argument and masks for the writers: bad bytes, and masks of empty cells
/// above 9 bits.
fn marks_failures(board: &[u8; 81], masks: &[u16; 81]) -> Vec<i32> {
    let mut failures = Vec::new();
    if board.iter().any(|&b| is_bad_byte(b)) {
        failures.push(ERR_CHAR);
    }
    if (0..81).any(|c| !is_bad_byte(board[c]) && value(board[c]) == 0 && masks[c] > 0x1ff) {
        failures.push(ERR_ARG);
    }
    failures
}

/// Checks `sudoku_format_marks(board, masks, style, ..)` into `out_len` bytes against
/// [`reference_format_marks`]; returns the status.
pub fn check_format_marks(
    board: &[u8; 81],
    masks: &[u16; 81],
    style: c_int,
    out_len: usize,
    with_written: bool,
) -> i32 {
    let input = heap_board(board);
    let mask_copy: Box<[u16; 81]> = Box::new(*masks);
    let mut failures = marks_failures(board, masks);
    if !(0..2).contains(&style) {
        failures.push(ERR_ARG);
    }
    let text = if failures.is_empty() {
        reference_format_marks(board, masks, style)
    } else {
        Vec::new()
    };
    let what = || format!("format_marks style {style} into {out_len}: {}", show(board));
    check_writer(
        &failures,
        &text,
        out_len,
        with_written,
        &what,
        |out, len, written| {
            // SAFETY: 81 readable bytes and u16, `len` writable bytes (NULL when 0), NULL or a usize.
            unsafe {
                sudoku_format_marks(
                    input.as_ptr().cast(),
                    mask_copy.as_ptr(),
                    style,
                    out,
                    len,
                    written,
                )
            }
        },
    )
}

/// A sudoku_parse_marks input: the text, the values (raw bytes, so bad ones are tried), and
/// which optional outputs are passed.
pub struct MarksInput {
    pub text: Vec<u8>,
    pub values: Option<[u8; 81]>,
    pub with_board: bool,
    pub with_offset: bool,
}

/// From arbitrary bytes: byte 0 holds flags (bit 0: values follow as the next 81 bytes; bit 1:
/// those keep only their digits, the rest becoming `'.'`; bit 2: no `out_board`; bit 3: no
/// `out_error_offset`), then the text.
pub fn marks_input(data: &[u8]) -> MarksInput {
    let flags = data.first().copied().unwrap_or(0);
    let mut rest = data.get(1..).unwrap_or_default();
    let values = (flags & 1 != 0).then(|| {
        let v = if flags & 2 != 0 {
            grid_from_bytes(rest)
        } else {
            board_from_bytes(rest)
        };
        rest = rest.get(81..).unwrap_or_default();
        v
    });
    MarksInput {
        text: rest.to_vec(),
        values,
        with_board: flags & 4 == 0,
        with_offset: flags & 8 == 0,
    }
}

/// sudoku_parse_marks on exactly-sized heap copies: (status, board, masks, error offset).
fn parse_marks_on_heap(
    text: &[u8],
    values: Option<&[u8; 81]>,
    with_board: bool,
    with_offset: bool,
) -> (i32, [u8; 81], [u16; 81], usize) {
    let text: Box<[u8]> = text.into();
    let values = values.map(heap_board);
    let mut board = Box::new([UNTOUCHED; 81]);
    let mut masks = Box::new([0xA5A5u16; 81]);
    let mut offset = Box::new(UNTOUCHED_USIZE);
    let values_ptr = values
        .as_ref()
        .map_or(ptr::null(), |v| v.as_ptr().cast::<c_char>());
    let board_ptr = if with_board {
        board.as_mut_ptr().cast::<c_char>()
    } else {
        ptr::null_mut()
    };
    let offset_ptr: *mut usize = if with_offset {
        &mut *offset
    } else {
        ptr::null_mut()
    };
    // SAFETY: `len` readable bytes (non-NULL even when empty), NULL or 81 readable bytes, NULL
    // or 81 writable bytes, 81 writable u16, NULL or a writable usize.
    let status = unsafe {
        sudoku_parse_marks(
            text.as_ptr().cast(),
            text.len(),
            values_ptr,
            board_ptr,
            masks.as_mut_ptr(),
            offset_ptr,
        )
    };
    (status, *board, *masks, *offset)
}

/// Checks `sudoku_parse_marks` against [`reference_parse_marks`]: the same board and masks or
/// the same error offset, each output written only on success (the offset only on failure).
/// An accepted position round-trips: written in both styles (checked against the reference
/// writer) and read back with its board as the values, it is the same. Returns the status.
pub fn check_parse_marks(input: &MarksInput) -> i32 {
    let (status, board, masks, offset) = parse_marks_on_heap(
        &input.text,
        input.values.as_ref(),
        input.with_board,
        input.with_offset,
    );
    let what = || {
        format!(
            "parse_marks {:?} with values {:?}",
            input.text.escape_ascii().to_string(),
            input.values.map(|v| show(&v))
        )
    };
    if input
        .values
        .is_some_and(|v| v.iter().any(|&b| is_bad_byte(b)))
    {
        assert_eq!(status, ERR_CHAR, "{}", what());
        assert_eq!(
            (board, masks, offset),
            ([UNTOUCHED; 81], [0xA5A5; 81], UNTOUCHED_USIZE),
            "{}",
            what()
        );
        return status;
    }
    match reference_parse_marks(&input.text, input.values.as_ref()) {
        Ok((want_board, want_masks)) => {
            assert_eq!(status, OK, "{}", what());
            let shown_board = if input.with_board {
                want_board
            } else {
                [UNTOUCHED; 81]
            };
            assert_eq!(
                (show(&board), masks, offset),
                (show(&shown_board), want_masks, UNTOUCHED_USIZE),
                "{}",
                what()
            );
            for style in 0..2 {
                check_format_marks(&want_board, &want_masks, style, SUDOKU_MARKS_MAX_SIZE, true);
                let text = reference_format_marks(&want_board, &want_masks, style);
                let again = parse_marks_on_heap(&text, Some(&want_board), true, true);
                assert_eq!(
                    (again.0, show(&again.1), again.2),
                    (OK, show(&want_board), want_masks),
                    "style {style} does not round-trip: {}",
                    what()
                );
            }
        }
        Err(at) => {
            assert_eq!(status, ERR_PARSE, "{}", what());
            assert_eq!(
                (board, masks),
                ([UNTOUCHED; 81], [0xA5A5; 81]),
                "outputs written on failure: {}",
                what()
            );
            let want = if input.with_offset {
                at
            } else {
                UNTOUCHED_USIZE
            };
            assert_eq!(offset, want, "error offset: {}", what());
        }
    }
    status
}

/// A sudoku_format_marks input from arbitrary bytes: the board (81 bytes), the masks (162,
/// little-endian; with bit 0 of byte 243 set, cut to 9 bits), the style (byte 244: 0, 1, 2 or
/// -1), the buffer size (bytes 245-246 mod 1300) and whether `out_written` is passed (byte 247
/// even).
pub struct FormatMarksInput {
    pub board: [u8; 81],
    pub masks: [u16; 81],
    pub style: c_int,
    pub out_len: usize,
    pub with_written: bool,
}

pub fn format_marks_input(data: &[u8]) -> FormatMarksInput {
    let byte = |i: usize| data.get(i).copied();
    let mut masks = masks_from_bytes(data.get(81..).unwrap_or_default());
    if byte(243).is_some_and(|b| b & 1 == 1) {
        masks = masks.map(|m| m & 0x1ff);
    }
    FormatMarksInput {
        board: board_from_bytes(data),
        masks,
        style: match byte(244) {
            None => 1,
            Some(0xff) => -1,
            Some(b) => c_int::from(b % 3),
        },
        out_len: match (byte(245), byte(246)) {
            (Some(lo), Some(hi)) => usize::from(u16::from_le_bytes([lo, hi])) % 1300,
            _ => SUDOKU_MARKS_MAX_SIZE,
        },
        with_written: byte(247).is_none_or(|b| b % 2 == 0),
    }
}

/// A record as sudoku_next_puzzle reports it: board, columns, columns' length, next offset.
pub type ReferenceRecord = ([u8; 81], usize, usize, usize);

/// sudoku_next_puzzle, written again from its documentation: from `offset`, `Ok(None)` at the
/// end, `Ok(Some((board, columns, columns_len, next)))` for a record, or the error offset.
pub fn reference_next_puzzle(text: &[u8], offset: usize) -> Result<Option<ReferenceRecord>, usize> {
    let is_cell = |b: u8| b"123456789.0_*x".contains(&b);
    let mut start = offset;
    if start == 0 && text.starts_with(b"\xEF\xBB\xBF") {
        start = 3;
    }
    for (s, e, next) in text_lines(text).into_iter().filter(|l| l.2 > start) {
        let s = s.max(start);
        let line = &text[s..e.max(s)];
        let Some(p) = line.iter().position(|&b| b != b' ' && b != b'\t') else {
            continue;
        };
        if line[p] == b'#' {
            continue;
        }
        let first = s + p;
        let mut board = [b'.'; 81];
        for k in 0..81 {
            let i = first + k;
            if i >= e {
                return Err(e);
            }
            if !is_cell(text[i]) {
                return Err(i);
            }
            board[k] = if (b'1'..=b'9').contains(&text[i]) {
                text[i]
            } else {
                b'.'
            };
        }
        let after = first + 81;
        if after == e {
            return Ok(Some((board, e, 0, next)));
        }
        if !b" \t,;:".contains(&text[after]) {
            return Err(after);
        }
        let mut c = after + 1;
        while c < e && (text[c] == b' ' || text[c] == b'\t') {
            c += 1;
        }
        if let Some(q) = text[c..e].iter().position(|&b| b == b'\r') {
            return Err(c + q);
        }
        return Ok(Some((board, c, e - c, next)));
    }
    Ok(None)
}

/// Reads a whole text through `sudoku_next_puzzle` from offset 0, skipping a bad line as its
/// documentation says, and checks every call against [`reference_next_puzzle`] (outputs on
/// exactly-sized heap buffers, written only as documented; the optional outputs passed on
/// every other call). Also checks an offset past the end. Returns (puzzles read, errors).
pub fn check_next_puzzle(text: &[u8]) -> (usize, usize) {
    let heap: Box<[u8]> = text.into();
    let what = |offset: usize| {
        format!(
            "next_puzzle at {offset} of {:?}",
            text.escape_ascii().to_string()
        )
    };
    let call = |offset: usize, optional: bool| {
        let mut at = Box::new(offset);
        let mut board = Box::new([UNTOUCHED; 81]);
        let mut outs = Box::new([UNTOUCHED_USIZE; 4]);
        let [found, columns, columns_len, error] = &mut *outs;
        let opt = |p: &mut usize| {
            if optional {
                p as *mut usize
            } else {
                ptr::null_mut()
            }
        };
        // SAFETY: `len` readable bytes, a readable and writable usize, 81 writable bytes, a
        // writable usize and NULL or writable usizes.
        let status = unsafe {
            sudoku_next_puzzle(
                heap.as_ptr().cast(),
                heap.len(),
                &mut *at,
                board.as_mut_ptr().cast(),
                found,
                opt(columns),
                opt(columns_len),
                opt(error),
            )
        };
        (status, *at, *board, *outs)
    };
    let past = call(text.len() + 1, true);
    assert_eq!(
        past,
        (
            ERR_ARG,
            text.len() + 1,
            [UNTOUCHED; 81],
            [UNTOUCHED_USIZE; 4]
        ),
        "{}",
        what(text.len() + 1)
    );
    let (mut offset, mut puzzles, mut errors) = (0, 0, 0);
    for round in 0..=text.len() + 1 {
        let optional = round % 2 == 0;
        let (status, at, board, [found, columns, columns_len, error]) = call(offset, optional);
        let opt = |v: usize| if optional { v } else { UNTOUCHED_USIZE };
        match reference_next_puzzle(text, offset) {
            Ok(None) => {
                assert_eq!((status, at, found), (OK, text.len(), 0), "{}", what(offset));
                assert_eq!(
                    board,
                    [UNTOUCHED; 81],
                    "board written at the end: {}",
                    what(offset)
                );
                assert_eq!(
                    [columns, columns_len, error],
                    [UNTOUCHED_USIZE; 3],
                    "{}",
                    what(offset)
                );
                return (puzzles, errors);
            }
            Ok(Some((want, c, n, next))) => {
                assert_eq!((status, at, found), (OK, next, 1), "{}", what(offset));
                assert_eq!(show(&board), show(&want), "{}", what(offset));
                assert_eq!(
                    [columns, columns_len, error],
                    [opt(c), opt(n), UNTOUCHED_USIZE],
                    "{}",
                    what(offset)
                );
                puzzles += 1;
                offset = next;
            }
            Err(e) => {
                assert_eq!(
                    (status, at, found),
                    (ERR_PARSE, offset, UNTOUCHED_USIZE),
                    "{}",
                    what(offset)
                );
                assert_eq!(
                    board,
                    [UNTOUCHED; 81],
                    "board written on failure: {}",
                    what(offset)
                );
                assert_eq!(
                    [columns, columns_len, error],
                    [UNTOUCHED_USIZE, UNTOUCHED_USIZE, opt(e)],
                    "{}",
                    what(offset)
                );
                errors += 1;
                offset = text[e..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(text.len(), |p| e + p + 1);
            }
        }
    }
    panic!("sudoku_next_puzzle did not reach the end: {}", what(offset))
}

/// The bytes of a SudokuWiki `bd` value in `text`, as its documentation says: `(from, to)`.
fn sudokuwiki_value(text: &[u8]) -> (usize, usize) {
    let start = text
        .iter()
        .position(|&b| !surrounding(b))
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|&b| !surrounding(b))
        .map_or(start, |p| p + 1);
    for i in start..end {
        if text[i..end].starts_with(b"bd=") && (i == start || b"?&#".contains(&text[i - 1])) {
            let from = i + 3;
            let to = (from..end)
                .find(|&j| text[j] == b'&' || text[j] == b'#')
                .unwrap_or(end);
            return (from, to);
        }
    }
    (start, end)
}

/// A position as the readers report it: givens, board, masks.
pub type ReferencePosition = ([u8; 81], [u8; 81], [u16; 81]);

/// sudoku_parse_sudokuwiki, written again from its documentation.
pub fn reference_parse_sudokuwiki(text: &[u8]) -> Result<ReferencePosition, usize> {
    let (from, to) = sudokuwiki_value(text);
    let v = &text[from..to];
    let (mut givens, mut board, mut masks) = ([b'.'; 81], [b'.'; 81], [0u16; 81]);
    let (start, radix) = if v.starts_with(b"S9B") {
        (from + 3, 36)
    } else if v.len() == 162 {
        (from, 32)
    } else {
        for (k, &b) in v.iter().enumerate() {
            if !b"0123456789.".contains(&b) || k == 81 {
                return Err(from + k);
            }
            if b.is_ascii_digit() && b != b'0' {
                givens[k] = b;
                board[k] = b;
            }
        }
        return if v.len() < 81 {
            Err(to)
        } else {
            Ok((givens, board, masks))
        };
    };
    for c in 0..81 {
        let at = start + 2 * c;
        let mut n = 0u32;
        for i in at..at + 2 {
            if i >= to {
                return Err(to);
            }
            n = n * radix + char::from(text[i]).to_digit(radix).ok_or(i)?;
        }
        let single =
            |bits: u32| (bits.count_ones() == 1).then(|| b'1' + bits.trailing_zeros() as u8);
        if radix == 32 {
            match (n & 1, single(n >> 1)) {
                (1, Some(d)) => (givens[c], board[c]) = (d, d),
                (1, None) => return Err(at),
                (_, Some(d)) => board[c] = d,
                _ => masks[c] = (n >> 1) as u16,
            }
        } else {
            match n {
                0 => {}
                1..=9 => (givens[c], board[c]) = (b'0' + n as u8, b'0' + n as u8),
                10..=18 => board[c] = b'0' + n as u8 - 9,
                19..=529 => masks[c] = n as u16 - 18,
                _ => return Err(at),
            }
        }
    }
    if start + 162 < to {
        Err(start + 162)
    } else {
        Ok((givens, board, masks))
    }
}

/// The SudokuWiki link of a position: the digits of the givens without a board, else the
/// candidates form.
pub fn reference_format_sudokuwiki(
    givens: &[u8; 81],
    position: Option<(&[u8; 81], &[u16; 81])>,
) -> Vec<u8> {
    let mut out = b"https://www.sudokuwiki.org/sudoku.htm?bd=".to_vec();
    for c in 0..81 {
        let Some((board, masks)) = position else {
            out.push(b'0' + value(givens[c]));
            continue;
        };
        let n = match value(board[c]) {
            0 => u32::from(masks[c]) * 2,
            d => u32::from(digit_bit(d)) * 2 + u32::from(value(givens[c]) != 0),
        };
        for digit in [n / 32, n % 32] {
            out.push(char::from_digit(digit, 32).unwrap() as u8);
        }
    }
    out
}

/// Which outputs a position reader is given (from a flags byte: bit 0 no givens, bit 1 no
/// masks, bit 2 no error offset).
#[derive(Clone, Copy)]
pub struct PositionOutputs {
    pub givens: bool,
    pub masks: bool,
    pub offset: bool,
}

pub fn position_outputs(flags: u8) -> PositionOutputs {
    PositionOutputs {
        givens: flags & 1 == 0,
        masks: flags & 2 == 0,
        offset: flags & 4 == 0,
    }
}

type PositionReader = unsafe extern "C" fn(
    *const c_char,
    usize,
    *mut c_char,
    *mut c_char,
    *mut u16,
    *mut usize,
) -> c_int;

/// A position reader on exactly-sized heap copies: (status, givens, board, masks, offset).
fn read_position_on_heap(
    read: PositionReader,
    text: &[u8],
    outputs: PositionOutputs,
) -> (i32, ReferencePosition, usize) {
    let text: Box<[u8]> = text.into();
    let mut givens = Box::new([UNTOUCHED; 81]);
    let mut board = Box::new([UNTOUCHED; 81]);
    let mut masks = Box::new([0xA5A5u16; 81]);
    let mut offset = Box::new(UNTOUCHED_USIZE);
    let givens_ptr = if outputs.givens {
        givens.as_mut_ptr().cast::<c_char>()
    } else {
        ptr::null_mut()
    };
    let masks_ptr = if outputs.masks {
        masks.as_mut_ptr()
    } else {
        ptr::null_mut()
    };
    let offset_ptr: *mut usize = if outputs.offset {
        &mut *offset
    } else {
        ptr::null_mut()
    };
    // SAFETY: `len` readable bytes (non-NULL even when empty), NULL or 81 writable bytes, 81
    // writable bytes, NULL or 81 writable u16, NULL or a writable usize.
    let status = unsafe {
        read(
            text.as_ptr().cast(),
            text.len(),
            givens_ptr,
            board.as_mut_ptr().cast(),
            masks_ptr,
            offset_ptr,
        )
    };
    (status, (*givens, *board, *masks), *offset)
}

/// Checks a position reader against its reference; returns the status and, on success, the
/// position.
fn check_position_reader(
    name: &str,
    read: PositionReader,
    reference: fn(&[u8]) -> Result<ReferencePosition, usize>,
    text: &[u8],
    outputs: PositionOutputs,
) -> (i32, Option<ReferencePosition>) {
    let (status, (givens, board, masks), offset) = read_position_on_heap(read, text, outputs);
    let what = || format!("{name} {:?}", text.escape_ascii().to_string());
    let untouched = ([UNTOUCHED; 81], [0xA5A5u16; 81]);
    match reference(text) {
        Ok((g, b, m)) => {
            assert_eq!(status, OK, "{}", what());
            let want_g = if outputs.givens { g } else { untouched.0 };
            let want_m = if outputs.masks { m } else { untouched.1 };
            assert_eq!(
                (show(&givens), show(&board), masks, offset),
                (show(&want_g), show(&b), want_m, UNTOUCHED_USIZE),
                "{}",
                what()
            );
            (status, Some((g, b, m)))
        }
        Err(at) => {
            assert_eq!(status, ERR_PARSE, "{}", what());
            assert_eq!(
                (givens, board, masks),
                (untouched.0, untouched.0, untouched.1),
                "outputs written on failure: {}",
                what()
            );
            let want = if outputs.offset { at } else { UNTOUCHED_USIZE };
            assert_eq!(offset, want, "error offset: {}", what());
            (status, None)
        }
    }
}

/// A writer input for the position writers: givens (81 bytes), board (81), masks (162,
/// little-endian), then a flags byte (bit 0: no board; bit 1: no masks; bit 2: no
/// `out_written`; bit 3: the board is the givens with only its blanks taken from the board
/// bytes; bit 4: masks cut to 9 bits; bit 5: the givens keep only their digits) and the
/// buffer size (2 bytes, little-endian, mod 1700).
pub struct PositionInput {
    pub givens: [u8; 81],
    pub board: Option<[u8; 81]>,
    pub masks: Option<[u16; 81]>,
    pub out_len: usize,
    pub with_written: bool,
}

pub fn position_input(data: &[u8]) -> PositionInput {
    let part = |from: usize| data.get(from..).unwrap_or_default();
    let byte = |i: usize| data.get(i).copied();
    let flags = byte(324).unwrap_or(0b1_1000);
    let mut givens = board_from_bytes(data);
    if flags & 32 != 0 {
        givens = grid_from_bytes(data);
    }
    let mut board = board_from_bytes(part(81));
    if flags & 8 != 0 {
        board = core::array::from_fn(|c| {
            if value(givens[c]) != 0 {
                givens[c]
            } else {
                board[c]
            }
        });
    }
    let mut masks = masks_from_bytes(part(162));
    if flags & 16 != 0 {
        masks = masks.map(|m| m & 0x1ff);
    }
    PositionInput {
        givens,
        board: (flags & 1 == 0).then_some(board),
        masks: (flags & 2 == 0).then_some(masks),
        out_len: match (byte(325), byte(326)) {
            (Some(lo), Some(hi)) => usize::from(u16::from_le_bytes([lo, hi])) % 1700,
            _ => SUDOKU_SS_MAX_SIZE,
        },
        with_written: flags & 4 == 0,
    }
}

/// Failures of a position writer's arguments, in no order: bad bytes, masks of empty cells
/// above 9 bits, a board that does not keep every given.
fn position_failures(input: &PositionInput) -> Vec<i32> {
    let mut failures = Vec::new();
    let board = input.board.unwrap_or(input.givens);
    if input.givens.iter().chain(&board).any(|&b| is_bad_byte(b)) {
        failures.push(ERR_CHAR);
    }
    if let Some(masks) = input.masks {
        failures.extend(
            marks_failures(&board, &masks)
                .into_iter()
                .filter(|&f| f == ERR_ARG),
        );
    }
    if (0..81).any(|c| value(input.givens[c]) != 0 && board[c] != input.givens[c]) {
        failures.push(ERR_ARG);
    }
    failures
}

type PositionWriter = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
    *const u16,
    *mut c_char,
    usize,
    *mut usize,
) -> c_int;

/// Runs a position writer on exactly-sized heap copies of `input` through [`check_writer`].
fn check_position_writer(
    name: &str,
    write: PositionWriter,
    input: &PositionInput,
    failures: &[i32],
    text: &[u8],
) -> i32 {
    let givens = heap_board(&input.givens);
    let board = input.board.map(|b| heap_board(&b));
    let masks = input.masks.map(Box::new);
    let what = || {
        format!(
            "{name} givens {} board {:?} masks {:?} into {}",
            show(&input.givens),
            input.board.map(|b| show(&b)),
            input.masks.map(|m| m.to_vec()),
            input.out_len
        )
    };
    check_writer(
        failures,
        text,
        input.out_len,
        input.with_written,
        &what,
        |out, len, written| {
            // SAFETY: 81 readable bytes, NULL or 81 readable bytes, NULL or 81 readable u16, `len`
            // writable bytes (NULL when 0), NULL or a writable usize.
            unsafe {
                write(
                    givens.as_ptr().cast(),
                    board.as_ref().map_or(ptr::null(), |b| b.as_ptr().cast()),
                    masks.as_ref().map_or(ptr::null(), |m| m.as_ptr()),
                    out,
                    len,
                    written,
                )
            }
        },
    )
}

/// The position's masks as the writers see them: 0 for filled cells.
fn canonical_masks(board: &[u8; 81], masks: &[u16; 81]) -> [u16; 81] {
    core::array::from_fn(|c| if value(board[c]) == 0 { masks[c] } else { 0 })
}

/// The board with blanks as `'.'`.
fn dotted(board: &[u8; 81]) -> [u8; 81] {
    board.map(|b| if value(b) == 0 { b'.' } else { b })
}

/// What a reader gives back for a position written without its board's digits being told
/// apart: empty cells with exactly one candidate come back filled.
fn singles_filled(board: &[u8; 81], masks: &[u16; 81]) -> ([u8; 81], [u16; 81]) {
    let mut b = dotted(board);
    let mut m = canonical_masks(board, masks);
    for c in 0..81 {
        if value(b[c]) == 0 && m[c].count_ones() == 1 {
            b[c] = b'1' + m[c].trailing_zeros() as u8;
            m[c] = 0;
        }
    }
    (b, m)
}

/// Checks `sudoku_parse_sudokuwiki` on `text` against [`reference_parse_sudokuwiki`]; an
/// accepted position is written back in both forms (checked against the reference writer) and
/// read again. Returns the status.
pub fn check_parse_sudokuwiki(text: &[u8], outputs: PositionOutputs) -> i32 {
    let (status, position) = check_position_reader(
        "parse_sudokuwiki",
        sudoku_parse_sudokuwiki,
        reference_parse_sudokuwiki,
        text,
        outputs,
    );
    if let Some((givens, board, masks)) = position {
        for with_board in [false, true] {
            let input = PositionInput {
                givens,
                board: with_board.then_some(board),
                masks: with_board.then_some(masks),
                out_len: SUDOKU_SUDOKUWIKI_MAX_SIZE,
                with_written: true,
            };
            check_format_sudokuwiki(&input);
            let link = reference_format_sudokuwiki(&givens, with_board.then_some((&board, &masks)));
            let (s, again, _) =
                read_position_on_heap(sudoku_parse_sudokuwiki, &link, position_outputs(0));
            let want = if with_board {
                singles_filled(&board, &masks)
            } else {
                (givens, [0; 81])
            };
            assert_eq!(
                (s, show(&again.0), show(&again.1), again.2),
                (OK, show(&givens), show(&want.0), want.1),
                "link does not round-trip: {:?}",
                link.escape_ascii().to_string()
            );
        }
    }
    status
}

/// Checks `sudoku_format_sudokuwiki` on `input` against [`reference_format_sudokuwiki`];
/// returns the status.
pub fn check_format_sudokuwiki(input: &PositionInput) -> i32 {
    let mut failures = position_failures(input);
    if input.board.is_some() != input.masks.is_some() {
        failures.push(SUDOKU_ERR_NULL_POINTER as i32);
    }
    let text = match (failures.is_empty(), &input.board, &input.masks) {
        (true, Some(b), Some(m)) => reference_format_sudokuwiki(&input.givens, Some((b, m))),
        (true, _, _) => reference_format_sudokuwiki(&input.givens, None),
        _ => Vec::new(),
    };
    check_position_writer(
        "format_sudokuwiki",
        sudoku_format_sudokuwiki,
        input,
        &failures,
        &text,
    )
}

/// The cell bytes of a grid that [`reference_parse`] accepted in `text[from..to]`: those of the
/// lines that are not its rule lines, in order.
fn digit_grid_cells(text: &[u8], from: usize, to: usize) -> Vec<usize> {
    let mut cells = Vec::new();
    for (s, e, _) in text_lines(text)
        .into_iter()
        .filter(|l| l.0 >= from && l.0 < to)
    {
        let line = &text[s..e];
        if let Some(f) = line.iter().position(|&b| !grid_separator(b)) {
            if matches!(line[f], b'-' | b'+') || line[f..].starts_with(b"*-") {
                continue;
            }
        }
        cells.extend(
            (s..e).filter(|&i| !grid_separator(text[i]) && b"123456789.0_*x".contains(&text[i])),
        );
    }
    cells
}

/// sudoku_parse_ss, written again from its documentation.
pub fn reference_parse_ss(text: &[u8]) -> Result<ReferencePosition, usize> {
    let mut starts = vec![0];
    let mut cell_lines = 0;
    for (s, e, _) in text_lines(text) {
        let line = &text[s..e];
        if line.iter().all(|&b| grid_separator(b)) || grid_rule_line(line) {
            continue;
        }
        if cell_lines == 27 {
            return Err(s + line.iter().position(|&b| !grid_separator(b)).unwrap());
        }
        if cell_lines > 0 && cell_lines % 9 == 0 {
            starts.push(s);
        }
        cell_lines += 1;
    }
    starts.push(text.len());
    let grids = starts.len() - 1;
    let digits =
        |k: usize| reference_parse(&text[starts[k]..starts[k + 1]]).map_err(|at| starts[k] + at);
    let givens = digits(0)?;
    let keeps = |k: usize, board: &[u8; 81]| -> Result<(), usize> {
        match (0..81).find(|&c| givens[c] != b'.' && board[c] != givens[c]) {
            Some(c) => Err(digit_grid_cells(text, starts[k], starts[k + 1])[c]),
            None => Ok(()),
        }
    };
    let candidates = |k: usize, filled| {
        let shown = reference_candidate_grid(text, starts[k], starts[k + 1])?;
        reference_settle(text, &shown, filled)
    };
    let (board, masks) = match grids {
        1 => (givens, [0; 81]),
        2 => {
            let first_cells = text_lines(text)
                .into_iter()
                .filter(|l| l.0 >= starts[1])
                .map(|(s, e, _)| &text[s..e])
                .find(|l| !l.iter().all(|&b| grid_separator(b)) && !grid_rule_line(l))
                .unwrap();
            let groups = first_cells
                .split(|&b| grid_separator(b))
                .filter(|g| !g.is_empty())
                .count();
            if groups >= 9 {
                candidates(1, Filled::Givens(&givens))?
            } else {
                let board = digits(1)?;
                keeps(1, &board)?;
                (board, [0; 81])
            }
        }
        _ => {
            let board = digits(1)?;
            keeps(1, &board)?;
            candidates(2, Filled::Values(&board))?
        }
    };
    Ok((givens, board, masks))
}

/// sudoku_format_ss's text, written again from its documentation (arguments valid).
pub fn reference_format_ss(input: &PositionInput) -> Vec<u8> {
    let grid = |b: &[u8; 81]| {
        let mut out = b"*-----------*\n".to_vec();
        for r in 0..9 {
            if r == 3 || r == 6 {
                out.extend_from_slice(b"|---+---+---|\n");
            }
            for k in 0..3 {
                out.push(b'|');
                out.extend(dotted(b)[r * 9 + 3 * k..r * 9 + 3 * k + 3].iter());
            }
            out.extend_from_slice(b"|\n");
        }
        out.extend_from_slice(b"*-----------*\n");
        out
    };
    let mut out = grid(&input.givens);
    if let Some(board) = &input.board {
        out.push(b'\n');
        out.extend(grid(board));
    }
    if let Some(masks) = &input.masks {
        out.push(b'\n');
        out.extend(reference_format_marks(
            &input.board.unwrap_or(input.givens),
            masks,
            1,
        ));
    }
    out
}

/// Checks `sudoku_parse_ss` on `text` against [`reference_parse_ss`]; an accepted position is
/// written back in every combination of grids (checked against the reference writer) and read
/// again. Returns the status.
pub fn check_parse_ss(text: &[u8], outputs: PositionOutputs) -> i32 {
    let (status, position) = check_position_reader(
        "parse_ss",
        sudoku_parse_ss,
        reference_parse_ss,
        text,
        outputs,
    );
    if let Some((givens, board, masks)) = position {
        for (with_board, with_masks) in [(false, false), (true, false), (false, true), (true, true)]
        {
            let input = PositionInput {
                givens,
                board: with_board.then_some(board),
                masks: with_masks.then_some(masks),
                out_len: SUDOKU_SS_MAX_SIZE,
                with_written: true,
            };
            check_format_ss(&input);
            let written = reference_format_ss(&input);
            let (s, again, _) =
                read_position_on_heap(sudoku_parse_ss, &written, position_outputs(0));
            let want = match (with_board, with_masks) {
                (false, false) => (givens, [0; 81]),
                (true, false) => (board, [0; 81]),
                (false, true) => singles_filled(&givens, &masks),
                (true, true) => (board, masks),
            };
            assert_eq!(
                (s, show(&again.0), show(&again.1), again.2),
                (OK, show(&givens), show(&want.0), want.1),
                "the .ss text does not round-trip: {:?}",
                written.escape_ascii().to_string()
            );
        }
    }
    status
}

/// Checks `sudoku_format_ss` on `input` against [`reference_format_ss`]; returns the status.
pub fn check_format_ss(input: &PositionInput) -> i32 {
    let failures = position_failures(input);
    let text = if failures.is_empty() {
        reference_format_ss(input)
    } else {
        Vec::new()
    };
    check_position_writer("format_ss", sudoku_format_ss, input, &failures, &text)
}
