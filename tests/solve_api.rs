//! `sudoku_solve` through its C ABI: known answers, multiple solutions, every kind of bad
//! input (board unchanged), the 81-byte boundary, statuses and version.

mod common;

use std::ffi::CStr;

use common::{Rng, c_solve, is_solution_of, reference_count};
use sudoku::{sudoku_solve, sudoku_status, sudoku_status_str, sudoku_version};

const OK: i32 = sudoku_status::SUDOKU_OK as i32;
const ERR_NULL: i32 = sudoku_status::SUDOKU_ERR_NULL_POINTER as i32;
const ERR_CHAR: i32 = sudoku_status::SUDOKU_ERR_INVALID_CHARACTER as i32;
const ERR_CONFLICT: i32 = sudoku_status::SUDOKU_ERR_CONFLICT as i32;
const ERR_NO_SOLUTION: i32 = sudoku_status::SUDOKU_ERR_NO_SOLUTION as i32;

fn board(s: &str) -> [u8; 81] {
    s.as_bytes().try_into().expect("81 characters")
}

/// Puzzles with their published unique solutions.
const KNOWN: &[(&str, &str)] = &[
    // LeetCode 37 example.
    (
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ),
    // Arto Inkala's "world's hardest" (2012).
    (
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
    ),
];

/// Famous hard puzzles; checked against the rules and the reference solver's uniqueness.
const HARD: &[&str] = &[
    // Easter Monster.
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    // AI Escargot.
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
];

#[test]
fn known_answers() {
    for (puzzle, answer) in KNOWN {
        let (status, out) = c_solve(&board(puzzle));
        assert_eq!(status, OK, "{puzzle}");
        assert_eq!(&out, answer.as_bytes(), "{puzzle}");
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri (the reference solver on two very hard puzzles); known_answers \
              covers a hard solve"
)]
fn famous_hard_puzzles() {
    for puzzle in HARD {
        let p = board(puzzle);
        assert_eq!(reference_count(&p, 2), 1, "not unique: {puzzle}");
        let (status, out) = c_solve(&p);
        assert_eq!(status, OK, "{puzzle}");
        assert!(is_solution_of(&out, &p), "{puzzle}");
    }
}

#[test]
fn zero_blanks_are_blanks() {
    let (puzzle, answer) = KNOWN[0];
    let zeros = board(&puzzle.replace('.', "0"));
    let (status, out) = c_solve(&zeros);
    assert_eq!(status, OK);
    assert_eq!(&out, answer.as_bytes());
}

#[test]
fn empty_and_full_boards() {
    // The empty board takes the solver's band kernel minutes under Miri (89 us natively).
    if !cfg!(miri) {
        let empty = [b'.'; 81];
        let (status, out) = c_solve(&empty);
        assert_eq!(status, OK);
        assert!(is_solution_of(&out, &empty));
    }
    // A full valid grid comes back unchanged.
    let full = board(KNOWN[0].1);
    assert_eq!(c_solve(&full), (OK, full));
}

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri (about 80 runs of the reference solver); the FFI path is the \
              one every other solve test takes"
)]
fn multi_solution_puzzles_are_completed() {
    // Remove the givens of a unique puzzle until it has several solutions.
    let mut p = board(KNOWN[0].0);
    for i in 0..81 {
        if p[i] != b'.' && reference_count(&p, 2) < 2 {
            p[i] = b'.';
        }
    }
    assert!(reference_count(&p, 2) >= 2);
    let (status, out) = c_solve(&p);
    assert_eq!(status, OK);
    assert!(is_solution_of(&out, &p));
}

#[test]
fn null_board() {
    // SAFETY: NULL is explicitly allowed and must be rejected.
    let status = unsafe { sudoku_solve(std::ptr::null_mut()) };
    assert_eq!(status, ERR_NULL);
}

/// Every byte that is not `1-9`, `.` or `0`, in several positions, is rejected and nothing
/// changes.
#[test]
fn invalid_bytes_are_rejected_unchanged() {
    let base = board(KNOWN[0].0);
    for byte in 0..=255u8 {
        if byte.is_ascii_digit() || byte == b'.' {
            continue;
        }
        for pos in [0, 2, 40, 80] {
            let mut p = base;
            p[pos] = byte;
            assert_eq!(c_solve(&p), (ERR_CHAR, p), "byte {byte:#x} at {pos}");
        }
    }
}

#[test]
fn clashing_givens_are_rejected_unchanged() {
    let mut rng = Rng(7);
    let solution = board(KNOWN[0].1);
    let rounds = if cfg!(miri) { 20 } else { 300 };
    for _ in 0..rounds {
        // A sparse valid puzzle, then one extra given copying a peer's digit.
        let mut p = [b'.'; 81];
        for _ in 0..20 {
            let i = rng.below(81);
            p[i] = solution[i];
        }
        let cell = rng.below(81);
        let (r, c) = (cell / 9, cell % 9);
        let peer = match rng.below(3) {
            0 => r * 9 + (c + 1 + rng.below(8)) % 9,
            1 => ((r + 1 + rng.below(8)) % 9) * 9 + c,
            _ => {
                let (br, bc) = (r / 3 * 3, c / 3 * 3);
                loop {
                    let k = rng.below(9);
                    let q = (br + k / 3) * 9 + bc + k % 3;
                    if q != cell {
                        break q;
                    }
                }
            }
        };
        p[peer] = solution[peer];
        p[cell] = solution[peer];
        assert_eq!(c_solve(&p), (ERR_CONFLICT, p));
    }
}

#[test]
fn unsolvable_puzzles_are_rejected_unchanged() {
    // No clash, but the top-right cell can only be 9 and column 8 already has a 9.
    let mut p = [b'.'; 81];
    p[..8].copy_from_slice(b"12345678");
    p[9 + 8] = b'9';
    assert_eq!(c_solve(&p), (ERR_NO_SOLUTION, p));

    // Two cells of a row that can only take the same digit.
    let mut q = [b'.'; 81];
    q[..7].copy_from_slice(b"1234567");
    q[27 + 7] = b'8'; // column 7, box 5
    q[54 + 8] = b'8'; // column 8, box 8
    assert_eq!(reference_count(&q, 1), 0);
    assert_eq!(c_solve(&q), (ERR_NO_SOLUTION, q));
}

/// The board sits between inaccessible pages, at both ends of an accessible one: any read or
/// write outside the 81 bytes would crash the test.
#[test]
#[cfg_attr(
    miri,
    ignore = "needs mmap/mprotect guard pages, which Miri does not support; Miri itself checks \
              every access against the 81-byte buffers in the other tests"
)]
fn never_touches_bytes_outside_the_board() {
    // SAFETY: plain libc page-mapping calls; the mapping is used only within this test and
    // unmapped at the end.
    unsafe {
        let page = libc::sysconf(libc::_SC_PAGESIZE) as usize;
        let base = libc::mmap(
            std::ptr::null_mut(),
            3 * page,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        assert_ne!(base, libc::MAP_FAILED);
        let base = base.cast::<u8>();
        assert_eq!(libc::mprotect(base.cast(), page, libc::PROT_NONE), 0);
        assert_eq!(
            libc::mprotect(base.add(2 * page).cast(), page, libc::PROT_NONE),
            0
        );
        let middle = base.add(page);
        for start in [middle, middle.add(page - 81)] {
            let (puzzle, answer) = KNOWN[1];
            std::ptr::copy_nonoverlapping(puzzle.as_ptr(), start, 81);
            assert_eq!(sudoku_solve(start.cast()), OK);
            assert_eq!(std::slice::from_raw_parts(start, 81), answer.as_bytes());
            *start.add(40) = b'x';
            assert_eq!(sudoku_solve(start.cast()), ERR_CHAR);
        }
        libc::munmap(base.cast(), 3 * page);
    }
}

#[test]
fn every_status_has_a_message() {
    let mut seen = std::collections::HashSet::new();
    for status in [
        OK,
        ERR_NULL,
        ERR_CHAR,
        ERR_CONFLICT,
        ERR_NO_SOLUTION,
        5,
        6,
        7,
        8,
        9,
        10,
    ] {
        // SAFETY: sudoku_status_str returns a static NUL-terminated string.
        let msg = unsafe { CStr::from_ptr(sudoku_status_str(status)) };
        let msg = msg.to_str().unwrap();
        assert!(
            !msg.is_empty() && !msg.contains("unknown"),
            "{status}: {msg}"
        );
        assert!(seen.insert(msg.to_owned()), "duplicate message {msg}");
    }
    for status in [-1, 1000, i32::MIN, i32::MAX] {
        // SAFETY: as above.
        let msg = unsafe { CStr::from_ptr(sudoku_status_str(status)) };
        assert!(msg.to_str().unwrap().contains("unknown"));
    }
}

#[test]
fn version_is_the_crate_version() {
    // SAFETY: sudoku_version returns a static NUL-terminated string.
    let v = unsafe { CStr::from_ptr(sudoku_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn rust_api_reports_details() {
    use sudoku_engine::{Board, Error, Unit};
    let mut p = board(KNOWN[0].0);
    p[1] = b'5'; // row 0 already has a 5 at cell 0
    let err = Board::from_bytes(&p).unwrap().validate().unwrap_err();
    assert_eq!(
        err,
        Error::Conflict {
            cell: 1,
            other: 0,
            digit: 5,
            unit: Unit::Row(0)
        }
    );
    let mut q = board(KNOWN[0].0);
    q[3] = b'?';
    assert_eq!(
        Board::from_bytes(&q).unwrap_err(),
        Error::InvalidCharacter {
            index: 3,
            byte: b'?'
        }
    );
    assert_eq!(
        "123".parse::<Board>().unwrap_err(),
        Error::InvalidLength { len: 3 }
    );
}
