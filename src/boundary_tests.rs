//! The panic boundary, proved through the real exported functions: the `cfg(test)` fault point
//! in [`guard_or`](super::guard_or) makes an export's body panic, and the export must return its
//! documented failure value instead of unwinding into the caller (which, through an
//! `extern "C"` function, would abort the whole process), leave its outputs untouched, and
//! work normally on the next call.
//!
//! Every export needs a test here; `tests/exports.rs` fails for any export this file does not
//! name. A new export's test follows the same shape: arm the fault, call the export through an
//! `extern "C"` function pointer, check the result and that every output buffer is unchanged.

use core::ffi::{CStr, c_char, c_int, c_void};
use core::ptr;

use super::fault;
use super::*;

const PUZZLE: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Bytes no call writes: an output still holding them was left untouched.
const UNTOUCHED: u8 = 0xA5;
const UNTOUCHED_USIZE: usize = 0xDEAD_BEEF;

/// Arms the fault point, runs `call`, and checks the fault point was reached (so the result
/// really comes from a panic inside the export).
fn with_fault<T>(call: impl FnOnce() -> T) -> T {
    fault::arm();
    let result = call();
    assert!(!fault::armed(), "the export never reached its guarded body");
    result
}

#[test]
fn sudoku_solve_turns_a_panic_into_internal_error() {
    let solve: unsafe extern "C" fn(*mut c_char) -> c_int = sudoku_solve;
    let mut board = *PUZZLE;
    // SAFETY: `board` is 81 writable bytes.
    let status = with_fault(|| unsafe { solve(board.as_mut_ptr().cast()) });
    assert_eq!(status, SUDOKU_ERR_INTERNAL as c_int);
    assert_eq!(&board, PUZZLE, "the board changed although the call failed");

    // The next call on the same thread is unaffected.
    // SAFETY: as above.
    assert_eq!(
        unsafe { solve(board.as_mut_ptr().cast()) },
        SUDOKU_OK as c_int
    );
    assert_ne!(&board, PUZZLE);
}

#[test]
fn sudoku_status_str_turns_a_panic_into_the_internal_message() {
    let status_str: extern "C" fn(c_int) -> *const c_char = sudoku_status_str;
    let message = with_fault(|| status_str(SUDOKU_OK as c_int));
    assert_eq!(message, status_str(SUDOKU_ERR_INTERNAL as c_int));
    // SAFETY: sudoku_status_str returns a static NUL-terminated string.
    let ok = unsafe { CStr::from_ptr(status_str(SUDOKU_OK as c_int)) };
    assert_eq!(ok, c"success");
}

#[test]
fn sudoku_version_survives_a_panic() {
    let version: extern "C" fn() -> *const c_char = sudoku_version;
    let during = with_fault(|| version());
    // SAFETY: sudoku_version returns a static NUL-terminated string.
    let during = unsafe { CStr::from_ptr(during) };
    assert_eq!(during.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

const INTERNAL: c_int = SUDOKU_ERR_INTERNAL as c_int;
const OK: c_int = SUDOKU_OK as c_int;

/// `PUZZLE` with a second 5 in row 0 (cell 2): a clash, for calls that report a cell.
fn clashing() -> [u8; 81] {
    let mut board = *PUZZLE;
    board[2] = b'5';
    board
}

#[test]
fn sudoku_count_solutions_turns_a_panic_into_internal_error() {
    let count: unsafe extern "C" fn(*const c_char, usize, *mut usize, *mut c_char) -> c_int =
        sudoku_count_solutions;
    let (mut n, mut first) = (UNTOUCHED_USIZE, [UNTOUCHED; 81]);
    // SAFETY: 81 readable bytes, a writable usize and 81 writable bytes.
    let call = |n: &mut usize, first: &mut [u8; 81]| unsafe {
        count(PUZZLE.as_ptr().cast(), 2, n, first.as_mut_ptr().cast())
    };
    assert_eq!(with_fault(|| call(&mut n, &mut first)), INTERNAL);
    assert_eq!(
        (n, first),
        (UNTOUCHED_USIZE, [UNTOUCHED; 81]),
        "outputs changed"
    );
    assert_eq!(call(&mut n, &mut first), OK);
    assert_eq!(n, 1);
    assert!(first.iter().all(u8::is_ascii_digit));
}

unsafe extern "C-unwind" fn count_calls(_: *const c_char, user: *mut c_void) -> c_int {
    // SAFETY: every caller below passes a pointer to a live usize as `user`.
    unsafe { *user.cast::<usize>() += 1 };
    0
}

#[test]
fn sudoku_enumerate_turns_a_panic_into_internal_error() {
    let enumerate: unsafe extern "C" fn(
        *const c_char,
        usize,
        sudoku_solution_cb,
        *mut c_void,
        *mut usize,
    ) -> c_int = sudoku_enumerate;
    let (mut calls, mut n) = (0usize, UNTOUCHED_USIZE);
    let call = |calls: &mut usize, n: &mut usize| {
        let user = ptr::from_mut(calls).cast::<c_void>();
        // SAFETY: 81 readable bytes; the callback reads `user` as the usize it is; `n` writable.
        unsafe { enumerate(PUZZLE.as_ptr().cast(), 3, Some(count_calls), user, n) }
    };
    assert_eq!(with_fault(|| call(&mut calls, &mut n)), INTERNAL);
    assert_eq!(
        (calls, n),
        (0, UNTOUCHED_USIZE),
        "callback called or count written"
    );
    assert_eq!(call(&mut calls, &mut n), OK);
    assert_eq!((calls, n), (1, 1));
}

#[test]
fn sudoku_validate_turns_a_panic_into_internal_error() {
    let validate: unsafe extern "C" fn(*const c_char, *mut usize) -> c_int = sudoku_validate;
    let board = clashing();
    let mut cell = UNTOUCHED_USIZE;
    // SAFETY: 81 readable bytes and a writable usize.
    let call = |cell: &mut usize| unsafe { validate(board.as_ptr().cast(), cell) };
    assert_eq!(with_fault(|| call(&mut cell)), INTERNAL);
    assert_eq!(cell, UNTOUCHED_USIZE, "out_cell written");
    assert_eq!(call(&mut cell), SUDOKU_ERR_CONFLICT as c_int);
    assert_eq!(cell, 2);
}

#[test]
fn sudoku_candidates_and_singles_turn_a_panic_into_internal_error() {
    type Candidates = unsafe extern "C" fn(*const c_char, *mut u16) -> c_int;
    let calls: [(&str, Candidates); 2] = [
        ("sudoku_candidates", sudoku_candidates),
        ("sudoku_candidates_singles", sudoku_candidates_singles),
    ];
    for (name, candidates) in calls {
        let mut masks = [0xA5A5u16; 81];
        // SAFETY: 81 readable bytes and 81 writable u16.
        let call =
            |m: &mut [u16; 81]| unsafe { candidates(PUZZLE.as_ptr().cast(), m.as_mut_ptr()) };
        assert_eq!(with_fault(|| call(&mut masks)), INTERNAL, "{name}");
        assert_eq!(masks, [0xA5A5; 81], "{name}: masks written");
        assert_eq!(call(&mut masks), OK, "{name}");
        assert_eq!(masks[0], 0, "{name}: a given's mask");
        assert_ne!(masks[2], 0, "{name}: a blank's mask");
    }
}

#[test]
fn sudoku_solve_batch_turns_a_panic_into_internal_error() {
    let batch: unsafe extern "C" fn(*mut c_char, usize, usize, *mut c_int) -> c_int =
        sudoku_solve_batch;
    let mut boards = [*PUZZLE, clashing()];
    let mut statuses = [-1 as c_int; 2];
    // SAFETY: 2 boards of 81 bytes back to back, and 2 ints.
    let call = |b: &mut [[u8; 81]; 2], s: &mut [c_int; 2]| unsafe {
        batch(b.as_mut_ptr().cast(), 2, 1, s.as_mut_ptr())
    };
    assert_eq!(with_fault(|| call(&mut boards, &mut statuses)), INTERNAL);
    assert_eq!(boards, [*PUZZLE, clashing()], "boards changed");
    assert_eq!(statuses, [-1, -1], "statuses written");
    assert_eq!(call(&mut boards, &mut statuses), OK);
    assert_eq!(statuses, [OK, SUDOKU_ERR_CONFLICT as c_int]);
    assert_ne!(boards[0], *PUZZLE);
}

#[test]
fn sudoku_parse_turns_a_panic_into_internal_error() {
    let parse: unsafe extern "C" fn(*const c_char, usize, *mut c_char, *mut usize) -> c_int =
        sudoku_parse;
    let (mut board, mut offset) = ([UNTOUCHED; 81], UNTOUCHED_USIZE);
    let text = b"5 3 . | . 7 . | . . .";
    // SAFETY: `len` readable bytes, 81 writable bytes and a writable usize.
    let call = |text: &[u8], b: &mut [u8; 81], o: &mut usize| unsafe {
        parse(text.as_ptr().cast(), text.len(), b.as_mut_ptr().cast(), o)
    };
    assert_eq!(with_fault(|| call(text, &mut board, &mut offset)), INTERNAL);
    assert_eq!(
        (board, offset),
        ([UNTOUCHED; 81], UNTOUCHED_USIZE),
        "outputs written"
    );
    assert_eq!(
        call(text, &mut board, &mut offset),
        SUDOKU_ERR_PARSE as c_int
    );
    assert_eq!((board, offset), ([UNTOUCHED; 81], text.len()));
    assert_eq!(call(PUZZLE, &mut board, &mut offset), OK);
    assert_eq!(&board, PUZZLE);
}

#[test]
fn sudoku_format_turns_a_panic_into_internal_error() {
    let format: unsafe extern "C" fn(
        *const c_char,
        c_int,
        *mut c_char,
        usize,
        *mut usize,
    ) -> c_int = sudoku_format;
    let (mut text, mut written) = ([UNTOUCHED; SUDOKU_FORMAT_MAX_SIZE], UNTOUCHED_USIZE);
    let style = sudoku_format_style::SUDOKU_FORMAT_LINE as c_int;
    // SAFETY: 81 readable bytes, `out_len` writable bytes and a writable usize.
    let call = |t: &mut [u8; SUDOKU_FORMAT_MAX_SIZE], w: &mut usize| unsafe {
        format(
            PUZZLE.as_ptr().cast(),
            style,
            t.as_mut_ptr().cast(),
            t.len(),
            w,
        )
    };
    assert_eq!(with_fault(|| call(&mut text, &mut written)), INTERNAL);
    assert_eq!(
        (text, written),
        ([UNTOUCHED; SUDOKU_FORMAT_MAX_SIZE], UNTOUCHED_USIZE),
        "outputs written"
    );
    assert_eq!(call(&mut text, &mut written), OK);
    assert_eq!((&text[..81], text[81], written), (&PUZZLE[..], 0, 81));
}

/// Options for a cheap generation (no clue removed below 81 givens: a complete grid).
fn cheap_options() -> sudoku_generate_options {
    let mut o = sudoku_generate_options {
        size: 0,
        symmetry: -1,
        min_level: -1,
        max_level: -1,
        minimal: -1,
        min_givens: u32::MAX,
        max_attempts: u32::MAX,
        min_er_tenths: u32::MAX,
        max_er_tenths: u32::MAX,
    };
    let before = o;
    let init: unsafe extern "C" fn(*mut sudoku_generate_options, usize) -> c_int =
        sudoku_generate_options_init;
    let size = size_of::<sudoku_generate_options>();
    // SAFETY: `o` is a writable struct of `size` bytes.
    assert_eq!(with_fault(|| unsafe { init(&mut o, size) }), INTERNAL);
    assert_eq!(o, before, "options written although the call failed");
    // SAFETY: as above.
    assert_eq!(unsafe { init(&mut o, size) }, OK);
    assert_eq!(
        (o.size as usize, o.minimal, o.max_attempts),
        (size, 1, 1000)
    );
    o.minimal = 0;
    o.min_givens = 81;
    o
}

#[test]
fn sudoku_generate_options_init_and_generate_turn_a_panic_into_internal_error() {
    let options = cheap_options();
    let generate: unsafe extern "C" fn(
        u64,
        *const sudoku_generate_options,
        *mut c_char,
        *mut c_char,
    ) -> c_int = sudoku_generate;
    let (mut puzzle, mut solution) = ([UNTOUCHED; 81], [UNTOUCHED; 81]);
    // SAFETY: a valid options struct of its own size, two buffers of 81 writable bytes.
    let call = |p: &mut [u8; 81], s: &mut [u8; 81]| unsafe {
        generate(7, &options, p.as_mut_ptr().cast(), s.as_mut_ptr().cast())
    };
    assert_eq!(with_fault(|| call(&mut puzzle, &mut solution)), INTERNAL);
    assert_eq!(
        (puzzle, solution),
        ([UNTOUCHED; 81], [UNTOUCHED; 81]),
        "outputs written"
    );
    assert_eq!(call(&mut puzzle, &mut solution), OK);
    assert!(
        puzzle.iter().all(|b| (b'1'..=b'9').contains(b)),
        "81 givens kept"
    );
    assert_eq!(puzzle, solution);
}

/// `PUZZLE`'s solution with its first `blanks` cells blanked: quick to rate and hint.
fn nearly_solved(blanks: usize) -> [u8; 81] {
    let mut board = *PUZZLE;
    // SAFETY: 81 writable bytes.
    assert_eq!(unsafe { sudoku_solve(board.as_mut_ptr().cast()) }, OK);
    board[..blanks].fill(b'.');
    board
}

#[test]
fn sudoku_rate_and_rate_ex_turn_a_panic_into_internal_error() {
    let rate: unsafe extern "C" fn(*const c_char, *mut sudoku_rating) -> c_int = sudoku_rate;
    let rate_ex: unsafe extern "C" fn(
        *const c_char,
        *const sudoku_rate_options,
        *mut sudoku_rating,
    ) -> c_int = sudoku_rate_ex;
    let board = nearly_solved(3);
    let before = sudoku_rating {
        size: size_of::<sudoku_rating>() as u32,
        level: -7,
        score_tenths: -7,
        hardest_technique: -7,
        needs_search: -7,
        guesses: 7,
        steps: 7,
        technique_steps: [7; SUDOKU_TECHNIQUE_SLOTS],
        er_tenths: -7,
        ep_tenths: -7,
        ed_tenths: -7,
        ep_technique: -7,
        ed_technique: -7,
        hardest_name: [7; SUDOKU_SE_NAME_SIZE],
    };
    let options = sudoku_rate_options {
        size: size_of::<sudoku_rate_options>() as u32,
        max_effort: 1000,
    };
    for with_options in [false, true] {
        let mut out = before;
        let call = |out: &mut sudoku_rating| {
            if with_options {
                // SAFETY: 81 readable bytes, a readable options struct and a writable struct of
                // its own size.
                unsafe { rate_ex(board.as_ptr().cast(), &options, out) }
            } else {
                // SAFETY: 81 readable bytes and a writable struct of its own size.
                unsafe { rate(board.as_ptr().cast(), out) }
            }
        };
        assert_eq!(with_fault(|| call(&mut out)), INTERNAL);
        assert_eq!(out, before, "rating written although the call failed");
        assert_eq!(call(&mut out), OK);
        assert_eq!((out.level, out.steps, out.needs_search), (1, 3, 0));
        let name: Vec<u8> = out
            .hardest_name
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        assert_eq!(name, b"Hidden Single");
    }
}

#[test]
fn sudoku_hint_and_hint_ex_turn_a_panic_into_internal_error() {
    let hint: unsafe extern "C" fn(*const c_char, *mut sudoku_hint_result) -> c_int = sudoku_hint;
    let hint_ex: unsafe extern "C" fn(
        *const c_char,
        *const c_char,
        *const u16,
        *mut sudoku_hint_result,
    ) -> c_int = sudoku_hint_ex;
    let board = nearly_solved(2);
    let marks = [0u16; 81];
    let before = sudoku_hint_result {
        size: size_of::<sudoku_hint_result>() as u32,
        kind: -7,
        technique: -7,
        cell: -7,
        digit: -7,
        units: 7,
        placements: [7; 81],
        eliminations: [7; 81],
        pattern: [7; 81],
        wrong: [7; 81],
        difficulty_tenths: -7,
        se_name: [7; SUDOKU_SE_NAME_SIZE],
        node_count: 7,
        truncated: 7,
        nodes: [sudoku_chain_node {
            cell: 7,
            digit: 7,
            on: 7,
            link: 7,
        }; SUDOKU_HINT_MAX_NODES],
    };
    for with_puzzle in [false, true] {
        let mut out = before;
        let call = |out: &mut sudoku_hint_result| {
            let b = board.as_ptr().cast();
            if with_puzzle {
                // SAFETY: 81 readable bytes twice, 81 readable u16, a writable struct.
                unsafe { hint_ex(b, b, marks.as_ptr(), out) }
            } else {
                // SAFETY: 81 readable bytes and a writable struct of its own size.
                unsafe { hint(b, out) }
            }
        };
        assert_eq!(
            with_fault(|| call(&mut out)),
            INTERNAL,
            "with_puzzle {with_puzzle}"
        );
        assert_eq!(out, before, "hint written although the call failed");
        assert_eq!(call(&mut out), OK);
        assert_eq!(out.kind, sudoku_hint_kind::SUDOKU_HINT_STEP as i32);
        let solution = nearly_solved(0);
        let cell = usize::try_from(out.cell).expect("a step placing a digit");
        assert!(cell < 2, "the step fills a blank: {cell}");
        assert_eq!(out.placements[cell] + b'0', solution[cell]);
    }
}

#[test]
fn name_and_score_lookups_survive_a_panic() {
    let technique_name: extern "C" fn(c_int) -> *const c_char = sudoku_technique_name;
    let technique_score: extern "C" fn(c_int) -> c_int = sudoku_technique_score;
    let level_name: extern "C" fn(c_int) -> *const c_char = sudoku_level_name;
    // SAFETY: the lookups return static NUL-terminated strings.
    let text = |p: *const c_char| unsafe { CStr::from_ptr(p) };
    // The fallback on a panic is the answer for an unknown value, never NULL.
    assert_eq!(text(with_fault(|| technique_name(0))), c"unknown technique");
    assert_eq!(text(technique_name(0)), c"Hidden Single (box)");
    assert_eq!(with_fault(|| technique_score(0)), -1);
    assert_eq!(technique_score(0), 12);
    assert_eq!(text(with_fault(|| level_name(1))), c"unknown level");
    assert_eq!(text(level_name(1)), c"easy");
}

/// Runs `call` under a fault, then normally: the fault gives INTERNAL with `outputs` (a
/// snapshot taken before) unchanged; the normal call returns its own status.
fn fault_then_call<S: PartialEq + core::fmt::Debug>(
    snapshot: impl Fn() -> S,
    call: impl Fn() -> c_int,
) -> c_int {
    let before = snapshot();
    assert_eq!(with_fault(&call), INTERNAL);
    assert_eq!(
        snapshot(),
        before,
        "outputs written although the call failed"
    );
    call()
}

#[test]
fn sudoku_parse_marks_and_format_marks_turn_a_panic_into_internal_error() {
    use core::cell::RefCell;
    let parse: unsafe extern "C" fn(
        *const c_char,
        usize,
        *const c_char,
        *mut c_char,
        *mut u16,
        *mut usize,
    ) -> c_int = sudoku_parse_marks;
    let format: unsafe extern "C" fn(
        *const c_char,
        *const u16,
        c_int,
        *mut c_char,
        usize,
        *mut usize,
    ) -> c_int = sudoku_format_marks;
    let mut masks = [0u16; 81];
    // SAFETY: 81 readable bytes and 81 writable u16.
    assert_eq!(
        unsafe { sudoku_candidates(PUZZLE.as_ptr().cast(), masks.as_mut_ptr()) },
        OK
    );
    let text = RefCell::new([UNTOUCHED; SUDOKU_MARKS_MAX_SIZE]);
    let written = RefCell::new(UNTOUCHED_USIZE);
    let style = sudoku_marks_style::SUDOKU_MARKS_GRID as c_int;
    let status = fault_then_call(
        || (*text.borrow(), *written.borrow()),
        // SAFETY: 81 readable bytes and u16, `out_len` writable bytes and a writable usize.
        || unsafe {
            format(
                PUZZLE.as_ptr().cast(),
                masks.as_ptr(),
                style,
                text.borrow_mut().as_mut_ptr().cast(),
                SUDOKU_MARKS_MAX_SIZE,
                &mut *written.borrow_mut(),
            )
        },
    );
    assert_eq!(status, OK);
    let len = *written.borrow();
    assert!(len > 81 && text.borrow()[len] == 0);

    let out = RefCell::new(([UNTOUCHED; 81], [0xA5A5u16; 81], UNTOUCHED_USIZE));
    let source = *text.borrow();
    let status = fault_then_call(
        || *out.borrow(),
        || {
            let (board, masks, offset) = &mut *out.borrow_mut();
            // SAFETY: `len` readable bytes, 81 readable bytes, 81 writable bytes and u16, a
            // writable usize.
            unsafe {
                parse(
                    source.as_ptr().cast(),
                    len,
                    PUZZLE.as_ptr().cast(),
                    board.as_mut_ptr().cast(),
                    masks.as_mut_ptr(),
                    offset,
                )
            }
        },
    );
    assert_eq!(status, OK);
    let (board, read, offset) = *out.borrow();
    assert_eq!((&board, read, offset), (PUZZLE, masks, UNTOUCHED_USIZE));
}

#[test]
fn sudoku_next_puzzle_turns_a_panic_into_internal_error() {
    use core::cell::RefCell;
    let next: unsafe extern "C" fn(
        *const c_char,
        usize,
        *mut usize,
        *mut c_char,
        *mut usize,
        *mut usize,
        *mut usize,
        *mut usize,
    ) -> c_int = sudoku_next_puzzle;
    let mut text = b"# a comment\n".to_vec();
    text.extend_from_slice(PUZZLE);
    text.extend_from_slice(b"\t7.1\n");
    let out = RefCell::new((0usize, [UNTOUCHED; 81], [UNTOUCHED_USIZE; 4]));
    let status = fault_then_call(
        || *out.borrow(),
        || {
            let (offset, board, [found, columns, columns_len, error]) = &mut *out.borrow_mut();
            // SAFETY: `len` readable bytes, a readable and writable usize, 81 writable bytes
            // and four writable usize.
            unsafe {
                next(
                    text.as_ptr().cast(),
                    text.len(),
                    offset,
                    board.as_mut_ptr().cast(),
                    found,
                    columns,
                    columns_len,
                    error,
                )
            }
        },
    );
    assert_eq!(status, OK);
    let (offset, board, [found, columns, columns_len, error]) = *out.borrow();
    assert_eq!((offset, &board, found), (text.len(), PUZZLE, 1));
    assert_eq!(&text[columns..columns + columns_len], b"7.1");
    assert_eq!(error, UNTOUCHED_USIZE);
}

/// The two position readers (SudokuWiki, .ss) and their writers, each under a fault then
/// normally, on one puzzle: the writer's text reads back as the puzzle.
#[test]
fn position_readers_and_writers_turn_a_panic_into_internal_error() {
    use core::cell::RefCell;
    type Writer = unsafe extern "C" fn(
        *const c_char,
        *const c_char,
        *const u16,
        *mut c_char,
        usize,
        *mut usize,
    ) -> c_int;
    type Reader = unsafe extern "C" fn(
        *const c_char,
        usize,
        *mut c_char,
        *mut c_char,
        *mut u16,
        *mut usize,
    ) -> c_int;
    let pairs: [(&str, Writer, Reader, usize); 2] = [
        (
            "sudokuwiki",
            sudoku_format_sudokuwiki,
            sudoku_parse_sudokuwiki,
            SUDOKU_SUDOKUWIKI_MAX_SIZE,
        ),
        ("ss", sudoku_format_ss, sudoku_parse_ss, SUDOKU_SS_MAX_SIZE),
    ];
    for (name, write, read, size) in pairs {
        let text = RefCell::new(vec![UNTOUCHED; size]);
        let written = RefCell::new(UNTOUCHED_USIZE);
        let status = fault_then_call(
            || (text.borrow().clone(), *written.borrow()),
            // SAFETY: 81 readable bytes, NULL board and masks, `size` writable bytes, a usize.
            || unsafe {
                write(
                    PUZZLE.as_ptr().cast(),
                    ptr::null(),
                    ptr::null(),
                    text.borrow_mut().as_mut_ptr().cast(),
                    size,
                    &mut *written.borrow_mut(),
                )
            },
        );
        assert_eq!(status, OK, "{name}");
        let len = *written.borrow();
        let source = text.borrow().clone();
        let out = RefCell::new(([UNTOUCHED; 81], [UNTOUCHED; 81], UNTOUCHED_USIZE));
        let status = fault_then_call(
            || *out.borrow(),
            || {
                let (givens, board, offset) = &mut *out.borrow_mut();
                // SAFETY: `len` readable bytes, two buffers of 81 writable bytes, NULL masks, a
                // writable usize.
                unsafe {
                    read(
                        source.as_ptr().cast(),
                        len,
                        givens.as_mut_ptr().cast(),
                        board.as_mut_ptr().cast(),
                        ptr::null_mut(),
                        offset,
                    )
                }
            },
        );
        assert_eq!(status, OK, "{name}");
        let (givens, board, offset) = *out.borrow();
        assert_eq!(
            (&givens, &board, offset),
            (PUZZLE, PUZZLE, UNTOUCHED_USIZE),
            "{name}"
        );
    }
}
