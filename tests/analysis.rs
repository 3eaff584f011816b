//! The analysis calls through the C ABI: sudoku_count_solutions, sudoku_enumerate,
//! sudoku_validate, sudoku_candidates and sudoku_candidates_singles. Expected values come from
//! the corpus's stated counts and from the independent code in tests/common and below.

mod common;

use std::collections::HashSet;
use std::ffi::{c_char, c_int, c_void};

use common::{
    Rng, consistent, is_solution_of, isomorph, random_solution, reference_count, rounds, value,
};
use sudoku::*;

const OK: i32 = sudoku_status::SUDOKU_OK as i32;
const ERR_NULL: i32 = sudoku_status::SUDOKU_ERR_NULL_POINTER as i32;
const ERR_CHAR: i32 = sudoku_status::SUDOKU_ERR_INVALID_CHARACTER as i32;
const ERR_CONFLICT: i32 = sudoku_status::SUDOKU_ERR_CONFLICT as i32;
const ERR_NO_SOLUTION: i32 = sudoku_status::SUDOKU_ERR_NO_SOLUTION as i32;
const ERR_INTERNAL: i32 = sudoku_status::SUDOKU_ERR_INTERNAL as i32;
const ERR_ARG: i32 = sudoku_status::SUDOKU_ERR_INVALID_ARGUMENT as i32;

/// A byte pattern that no call writes: outputs still holding it were left untouched.
const UNTOUCHED: u8 = 0xA5;
const UNTOUCHED_COUNT: usize = 0xDEAD_BEEF;

const PUZZLE: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// `(puzzle, count, stated solution)` from tdoku_test_puzzles_with_counts.txt.
fn counted_puzzles() -> Vec<([u8; 81], usize, Option<[u8; 81]>)> {
    let path = common::puzzle_dir().join("tdoku_test_puzzles_with_counts.txt");
    let text = std::fs::read_to_string(&path).expect("tdoku_test_puzzles_with_counts.txt");
    let list: Vec<([u8; 81], usize, Option<[u8; 81]>)> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(|line| {
            let mut parts = line.split(':');
            let p = parts.next().unwrap().as_bytes().try_into().unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            let solution = parts.next().map(|s| s.as_bytes().try_into().unwrap());
            (p, count, solution)
        })
        .collect();
    assert_eq!(list.len(), 43);
    if cfg!(miri) {
        // The corpus puzzles take minutes per search there: dense boards instead, LeetCode's
        // puzzle and its solution with 1 to 3 unavoidable rectangles blanked, their counts
        // from the reference solver.
        let mut dense = vec![(*common::LEETCODE, 1, Some(*common::LEETCODE_SOLUTION))];
        for k in 1..=3 {
            let p = common::dense_multi(k);
            dense.push((p, reference_count(&p, 1000), None));
        }
        assert_eq!(dense.iter().map(|d| d.1).collect::<Vec<_>>(), [1, 2, 4, 8]);
        return dense;
    }
    list
}

/// A board with several solutions for the enumeration tests: the empty board, or under Miri
/// (where a search of a sparse board takes minutes) one with 8 solutions and 12 blanks.
fn several_solutions() -> [u8; 81] {
    if cfg!(miri) {
        common::dense_multi(3)
    } else {
        [b'.'; 81]
    }
}

/// sudoku_count_solutions on a copy: (status, count, first), outputs pre-filled with sentinels.
fn c_count(board: &[u8; 81], limit: usize) -> (i32, usize, [u8; 81]) {
    let mut count = UNTOUCHED_COUNT;
    let mut first = [UNTOUCHED; 81];
    // SAFETY: 81 readable bytes, a writable size_t and 81 writable bytes.
    let status = unsafe {
        sudoku_count_solutions(
            board.as_ptr().cast(),
            limit,
            &mut count,
            first.as_mut_ptr().cast(),
        )
    };
    (status, count, first)
}

/// Checks one count call against an expected count.
fn check_count(p: &[u8; 81], limit: usize, expected: usize, what: &str) {
    let (status, count, first) = c_count(p, limit);
    assert_eq!((status, count), (OK, expected), "{what}");
    if expected == 0 {
        assert_eq!(
            first, [UNTOUCHED; 81],
            "{what}: out_first written with no solution"
        );
    } else {
        assert!(
            is_solution_of(&first, p),
            "{what}: out_first is not a solution"
        );
    }
}

#[test]
fn exact_counts_of_the_counted_corpus() {
    for (p, count, solution) in counted_puzzles() {
        let line = String::from_utf8_lossy(&p).into_owned();
        check_count(&p, 1000, count, &line);
        check_count(&p, 2, count.min(2), &line);
        check_count(&p, count.max(1), count, &line);
        if let Some(solution) = solution {
            assert_eq!(count, 1);
            assert_eq!(c_count(&p, 2).2, solution, "{line}");
        }
    }
}

#[test]
fn exact_counts_on_random_isomorphs() {
    let mut rng = Rng(0x150);
    for (p, count, _) in counted_puzzles() {
        for _ in 0..rounds(6, 1) {
            let blank = if rng.below(2) == 0 { b'.' } else { b'0' };
            let q = isomorph(&mut rng, &p, blank);
            check_count(&q, 1000, count, &String::from_utf8_lossy(&q));
        }
    }
}

/// Random grids of three kinds: a few cells of a solution (many solutions), a denser subset
/// with some cells changed to digits that clash with nothing (often no solution), and the same
/// with changes that may clash.
fn random_grid(rng: &mut Rng) -> [u8; 81] {
    let solution = random_solution(rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let kind = rng.below(3);
    let keep = if kind == 0 {
        rng.below(30)
    } else {
        17 + rng.below(34)
    };
    let mut p = [b'.'; 81];
    for &i in &cells[..keep] {
        p[i] = solution[i];
    }
    if kind > 0 {
        for _ in 0..rng.below(4) {
            let i = cells[rng.below(keep)];
            let old = p[i];
            p[i] = b'1' + rng.below(9) as u8;
            if kind == 1 && !consistent(&p) {
                p[i] = old;
            }
        }
    }
    p
}

#[test]
#[cfg_attr(
    miri,
    ignore = "random sparse grids and the reference solver: hours under Miri; the dense counted \
              puzzles take the same FFI path there"
)]
fn counts_match_the_reference_solver_on_random_grids() {
    let mut rng = Rng(31337);
    let mut seen = [0usize; 3]; // none, one, several
    for round in 0..rounds(3000, 10) {
        let p = random_grid(&mut rng);
        let limit = 1 + rng.below(5);
        let expected = reference_count(&p, limit);
        check_count(&p, limit, expected, &format!("round {round} limit {limit}"));
        seen[expected.min(2)] += 1;
    }
    assert!(cfg!(miri) || seen.iter().all(|&n| n > 300), "{seen:?}");
}

#[test]
fn count_errors_leave_outputs_untouched() {
    let untouched = (UNTOUCHED_COUNT, [UNTOUCHED; 81]);
    let (status, count, first) = c_count(PUZZLE, 0);
    assert_eq!((status, (count, first)), (ERR_ARG, untouched));
    for byte in [b'x', 0, b' ', b'a', 0xff] {
        for pos in [0, 2, 80] {
            let mut p = *PUZZLE;
            p[pos] = byte;
            let (status, count, first) = c_count(&p, 2);
            assert_eq!((status, (count, first)), (ERR_CHAR, untouched));
        }
    }
    let mut count = UNTOUCHED_COUNT;
    let mut first = [UNTOUCHED; 81];
    // SAFETY: NULL is allowed and must be rejected; the other buffers are valid.
    unsafe {
        let status =
            sudoku_count_solutions(std::ptr::null(), 2, &mut count, first.as_mut_ptr().cast());
        assert_eq!(status, ERR_NULL);
        let status = sudoku_count_solutions(
            PUZZLE.as_ptr().cast(),
            2,
            std::ptr::null_mut(),
            first.as_mut_ptr().cast(),
        );
        assert_eq!(status, ERR_NULL);
        // out_first may be NULL.
        let status =
            sudoku_count_solutions(PUZZLE.as_ptr().cast(), 2, &mut count, std::ptr::null_mut());
        assert_eq!((status, count), (OK, 1));
    }
    assert_eq!(first, [UNTOUCHED; 81]);
    // Clashing givens are a count of 0, not an error.
    let mut p = *PUZZLE;
    p[1] = b'5';
    let (status, count, first) = c_count(&p, 2);
    assert_eq!((status, count, first), (OK, 0, [UNTOUCHED; 81]));
}

// ---- enumeration ------------------------------------------------------------------------

/// Calls the Rust closure behind `user`.
unsafe extern "C-unwind" fn trampoline<F: FnMut(&[u8; 82]) -> c_int>(
    solution: *const c_char,
    user: *mut c_void,
) -> c_int {
    // SAFETY: `user` is the `&mut F` that c_enumerate passed; `solution` points to the 82
    // bytes the library documents.
    unsafe { (*user.cast::<F>())(&*solution.cast::<[u8; 82]>()) }
}

/// The trampoline for the closure `f`'s type.
fn trampoline_for<F: FnMut(&[u8; 82]) -> c_int>(_: &F) -> sudoku_solution_cb {
    Some(trampoline::<F>)
}

/// sudoku_enumerate with a closure as the callback: (status, out_count).
fn c_enumerate<F: FnMut(&[u8; 82]) -> c_int>(
    board: &[u8; 81],
    limit: usize,
    mut f: F,
) -> (i32, usize) {
    let mut count = UNTOUCHED_COUNT;
    // SAFETY: 81 readable bytes; the trampoline matches sudoku_solution_cb and `user` is the
    // closure it expects, alive for the whole call.
    let status = unsafe {
        sudoku_enumerate(
            board.as_ptr().cast(),
            limit,
            Some(trampoline::<F>),
            (&raw mut f).cast(),
            &mut count,
        )
    };
    (status, count)
}

/// Every solution up to `limit`, through sudoku_enumerate, checked on the way.
fn enumerate_all(p: &[u8; 81], limit: usize) -> Vec<[u8; 81]> {
    let mut found = Vec::new();
    let (status, count) = c_enumerate(p, limit, |s| {
        assert_eq!(s[81], 0, "solution not NUL-terminated");
        found.push(s[..81].try_into().unwrap());
        0
    });
    assert_eq!((status, count), (OK, found.len()));
    let distinct: HashSet<_> = found.iter().collect();
    assert_eq!(distinct.len(), found.len(), "repeated solution");
    for s in &found {
        assert!(
            is_solution_of(s, p),
            "invalid solution {}",
            String::from_utf8_lossy(s)
        );
    }
    found
}

#[test]
fn enumeration_delivers_each_solution_once() {
    for (p, count, _) in counted_puzzles() {
        let all = enumerate_all(&p, usize::MAX);
        assert_eq!(all.len(), count, "{}", String::from_utf8_lossy(&p));
        if count > 0 {
            // Both calls run the same search: the first solution is the same.
            assert_eq!(all[0], c_count(&p, 1).2);
            // A limit stops it after exactly that many.
            let k = 1 + count / 2;
            assert_eq!(enumerate_all(&p, k), all[..k]);
        }
    }
    let mut rng = Rng(4242);
    // Random grids are mostly sparse: none under Miri.
    for _ in 0..rounds(300, 0) {
        let p = random_grid(&mut rng);
        let limit = 1 + rng.below(20);
        assert_eq!(enumerate_all(&p, limit).len(), reference_count(&p, limit));
    }
}

#[test]
fn callback_stops_the_enumeration() {
    let empty = several_solutions();
    for stop_at in [1, 2, 7, 50].into_iter().take(rounds(4, 3)) {
        let mut calls = 0;
        let (status, count) = c_enumerate(&empty, 1000, |_| {
            calls += 1;
            c_int::from(calls == stop_at)
        });
        assert_eq!((status, count, calls), (OK, stop_at, stop_at));
    }
    // Any non-zero value stops.
    let mut calls = 0;
    let (status, count) = c_enumerate(&empty, 1000, |_| {
        calls += 1;
        -7
    });
    assert_eq!((status, count, calls), (OK, 1, 1));
}

#[test]
fn enumeration_errors_call_nothing_and_write_nothing() {
    let mut calls = 0;
    let mut p = *PUZZLE;
    p[40] = b'?';
    assert_eq!(
        c_enumerate(&p, 10, |_| {
            calls += 1;
            0
        }),
        (ERR_CHAR, UNTOUCHED_COUNT)
    );
    assert_eq!(
        c_enumerate(PUZZLE, 0, |_| {
            calls += 1;
            0
        }),
        (ERR_ARG, UNTOUCHED_COUNT)
    );
    assert_eq!(calls, 0);
    let mut count = UNTOUCHED_COUNT;
    // SAFETY: NULL board or callback must be rejected before anything is read.
    unsafe {
        let status = sudoku_enumerate(
            PUZZLE.as_ptr().cast(),
            10,
            None,
            std::ptr::null_mut(),
            &mut count,
        );
        assert_eq!(status, ERR_NULL);
        let status = sudoku_enumerate(
            std::ptr::null(),
            10,
            Some(trampoline::<fn(&[u8; 82]) -> c_int>),
            std::ptr::null_mut(),
            &mut count,
        );
        assert_eq!(status, ERR_NULL);
    }
    assert_eq!(count, UNTOUCHED_COUNT);
    // Clashing givens: OK, nothing delivered.
    let mut q = *PUZZLE;
    q[9] = b'5';
    let (status, count) = c_enumerate(&q, 10, |_| {
        calls += 1;
        0
    });
    assert_eq!((status, count, calls), (OK, 0, 0));
    // out_count may be NULL.
    let mut n = 0;
    let mut f = |_: &[u8; 82]| {
        n += 1;
        0
    };
    let cb = trampoline_for(&f);
    // SAFETY: as in c_enumerate, with out_count NULL.
    let status = unsafe {
        sudoku_enumerate(
            [b'.'; 81].as_ptr().cast(),
            3,
            cb,
            (&raw mut f).cast(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!((status, n), (OK, 3));
}

unsafe extern "C-unwind" fn panicking_callback(_: *const c_char, user: *mut c_void) -> c_int {
    // SAFETY: `user` points to the caller's usize counter.
    let calls = unsafe { &mut *user.cast::<usize>() };
    *calls += 1;
    if *calls == 3 {
        panic!("deliberate panic in a test callback");
    }
    0
}

#[test]
fn a_panicking_callback_is_an_internal_error() {
    let mut calls = 0usize;
    let mut count = UNTOUCHED_COUNT;
    // SAFETY: valid board and counter; the callback unwinds, which C-unwind allows.
    let status = unsafe {
        sudoku_enumerate(
            several_solutions().as_ptr().cast(),
            10,
            Some(panicking_callback),
            (&raw mut calls).cast(),
            &mut count,
        )
    };
    assert_eq!((status, calls, count), (ERR_INTERNAL, 3, UNTOUCHED_COUNT));
    // Nothing is left behind: the next enumeration is normal.
    assert_eq!(enumerate_all(PUZZLE, 10).len(), 1);
}

#[test]
fn callbacks_may_scribble_on_the_solution_and_reenter() {
    let p = counted_puzzles()
        .into_iter()
        .find(|(_, count, _)| (rounds(20, 3)..100).contains(count))
        .expect("a puzzle with 20 (3 under Miri) to 100 solutions");
    let expected = enumerate_all(&p.0, usize::MAX);
    let mut seen = Vec::new();
    let mut f = |s: &[u8; 82]| {
        let s: [u8; 81] = s[..81].try_into().unwrap();
        // Re-entering the library from the callback: the solution is complete and unique.
        assert_eq!(c_count(&s, 2).1, 1);
        assert_eq!(enumerate_all(&s, 5), [s]);
        seen.push(s);
        0
    };
    unsafe extern "C-unwind" fn scribbler<F: FnMut(&[u8; 82]) -> c_int>(
        solution: *const c_char,
        user: *mut c_void,
    ) -> c_int {
        // SAFETY: as in trampoline; then the callback casts away const and overwrites all 82
        // bytes, as a misbehaving C callback might.
        unsafe {
            let status = trampoline::<F>(solution, user);
            std::ptr::write_bytes(solution.cast_mut(), b'x', 82);
            status
        }
    }
    fn scribbler_for<F: FnMut(&[u8; 82]) -> c_int>(_: &F) -> sudoku_solution_cb {
        Some(scribbler::<F>)
    }
    let cb = scribbler_for(&f);
    let mut count = 0;
    // SAFETY: as in c_enumerate.
    let status = unsafe {
        sudoku_enumerate(
            p.0.as_ptr().cast(),
            usize::MAX,
            cb,
            (&raw mut f).cast(),
            &mut count,
        )
    };
    assert_eq!((status, count), (OK, expected.len()));
    assert_eq!(seen, expected);
}

#[test]
fn concurrent_enumerations_keep_their_own_state() {
    let multi: Vec<_> = counted_puzzles()
        .into_iter()
        .filter(|(_, count, _)| *count > 1)
        .map(|(p, _, _)| p)
        .collect();
    let expected: Vec<_> = multi.iter().map(|p| enumerate_all(p, usize::MAX)).collect();
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (multi, expected) = (&multi, &expected);
            scope.spawn(move || {
                for round in 0..rounds(6, 1) {
                    let i = (t * 7 + round * 3) % multi.len();
                    assert_eq!(
                        enumerate_all(&multi[i], usize::MAX),
                        expected[i],
                        "thread {t}"
                    );
                }
            });
        }
    });
}

// ---- validation -------------------------------------------------------------------------

/// The first problem in row-major order, found by brute force: (status, cell).
fn expected_problem(p: &[u8; 81]) -> Option<(i32, usize)> {
    let legal = |b: u8| b.is_ascii_digit() || b == b'.';
    let peers = |i: usize, j: usize| {
        i / 9 == j / 9 || i % 9 == j % 9 || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3)
    };
    (0..81).find_map(|j| {
        if !legal(p[j]) {
            Some((ERR_CHAR, j))
        } else if value(p[j]) != 0 && (0..j).any(|i| peers(i, j) && value(p[i]) == value(p[j])) {
            Some((ERR_CONFLICT, j))
        } else {
            None
        }
    })
}

fn c_validate(p: &[u8; 81]) -> (i32, usize) {
    let mut cell = UNTOUCHED_COUNT;
    // SAFETY: 81 readable bytes and a writable size_t.
    let status = unsafe { sudoku_validate(p.as_ptr().cast(), &mut cell) };
    (status, cell)
}

#[test]
fn validation_names_the_cell_of_random_clashes() {
    let mut rng = Rng(99);
    let mut units = [0; 3];
    for _ in 0..rounds(3000, 10) {
        // A valid sparse puzzle, then one cell copying the digit of a peer in a chosen unit.
        let solution = random_solution(&mut rng);
        let mut p = [b'.'; 81];
        for _ in 0..rng.below(40) {
            let i = rng.below(81);
            p[i] = solution[i];
        }
        let cell = rng.below(81);
        let (r, c) = (cell / 9, cell % 9);
        let unit = rng.below(3);
        let peer = match unit {
            0 => r * 9 + (c + 1 + rng.below(8)) % 9,
            1 => ((r + 1 + rng.below(8)) % 9) * 9 + c,
            _ => loop {
                let k = rng.below(9);
                let q = (r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3;
                if q != cell {
                    break q;
                }
            },
        };
        units[unit] += 1;
        p[peer] = solution[peer];
        p[cell] = solution[peer];
        let (status, named) = expected_problem(&p).expect("a clash was planted");
        assert_eq!(status, ERR_CONFLICT);
        assert_eq!(
            c_validate(&p),
            (status, named),
            "{}",
            String::from_utf8_lossy(&p)
        );
        // The named cell is in the planted clash or an earlier one.
        assert!(named <= cell.max(peer));
    }
    assert!(cfg!(miri) || units.iter().all(|&n| n > 800), "{units:?}");
}

#[test]
fn validation_reports_the_first_problem_in_row_major_order() {
    let mut rng = Rng(5);
    let mut kinds = [0; 2];
    for _ in 0..rounds(3000, 10) {
        let mut p = random_grid(&mut rng);
        for _ in 0..rng.below(3) {
            p[rng.below(81)] = loop {
                let b = rng.below(256) as u8;
                if !(b.is_ascii_digit() || b == b'.') {
                    break b;
                }
            };
        }
        match expected_problem(&p) {
            Some((status, cell)) => {
                kinds[usize::from(status == ERR_CONFLICT)] += 1;
                assert_eq!(
                    c_validate(&p),
                    (status, cell),
                    "{}",
                    String::from_utf8_lossy(&p)
                );
            }
            None => assert_eq!(c_validate(&p), (OK, UNTOUCHED_COUNT)),
        }
    }
    assert!(cfg!(miri) || kinds.iter().all(|&n| n > 300), "{kinds:?}");
}

#[test]
fn validation_does_not_search() {
    for p in common::read_puzzles("tdoku_test_invalid_0_solutions.txt") {
        assert!(consistent(&p));
        assert_eq!(c_validate(&p), (OK, UNTOUCHED_COUNT));
    }
    for p in common::read_puzzles("puzzles6_forum_hardest_1106.txt") {
        assert_eq!(c_validate(&p), (OK, UNTOUCHED_COUNT));
    }
    // SAFETY: NULL board is rejected; NULL out_cell is allowed.
    unsafe {
        assert_eq!(
            sudoku_validate(std::ptr::null(), std::ptr::null_mut()),
            ERR_NULL
        );
        let mut p = *PUZZLE;
        p[3] = b'7';
        assert_eq!(
            sudoku_validate(p.as_ptr().cast(), std::ptr::null_mut()),
            ERR_CONFLICT
        );
    }
}

// ---- candidates -------------------------------------------------------------------------

/// Digits (bit d-1) that no filled peer of `cell` holds in `grid` (values 0..=9).
fn free_digits(grid: &[u8; 81], cell: usize) -> u16 {
    let (r, c) = (cell / 9, cell % 9);
    let mut mask = 0x1ff;
    for k in 0..9 {
        for q in [
            r * 9 + k,
            k * 9 + c,
            (r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3,
        ] {
            if q != cell && grid[q] != 0 {
                mask &= !(1 << (grid[q] - 1));
            }
        }
    }
    mask
}

/// Elimination only, written independently: Err(status) or the masks.
fn expected_candidates(p: &[u8; 81]) -> Result<[u16; 81], i32> {
    if !consistent(p) {
        return Err(ERR_CONFLICT);
    }
    let grid = p.map(value);
    let mut masks = [0u16; 81];
    for cell in (0..81).filter(|&c| grid[c] == 0) {
        masks[cell] = free_digits(&grid, cell);
        if masks[cell] == 0 {
            return Err(ERR_NO_SOLUTION);
        }
    }
    Ok(masks)
}

/// Singles to a fixed point, the slow obvious way: recompute every candidate from the grid,
/// place the first single found, start again.
fn expected_singles(p: &[u8; 81]) -> Result<[u16; 81], i32> {
    expected_candidates(p)?;
    let mut grid = p.map(value);
    let units: Vec<[usize; 9]> = (0..27)
        .map(|u| {
            std::array::from_fn(|k| match u {
                0..=8 => u * 9 + k,
                9..=17 => k * 9 + u - 9,
                _ => ((u - 18) / 3 * 3 + k / 3) * 9 + (u - 18) % 3 * 3 + k % 3,
            })
        })
        .collect();
    loop {
        let mut masks = [0u16; 81];
        for cell in (0..81).filter(|&c| grid[c] == 0) {
            masks[cell] = free_digits(&grid, cell);
            if masks[cell] == 0 {
                return Err(ERR_NO_SOLUTION);
            }
        }
        let mut single = (0..81)
            .find(|&c| masks[c].count_ones() == 1)
            .map(|c| (c, masks[c]));
        for unit in &units {
            for d in 0..9 {
                if unit.iter().any(|&c| grid[c] == d + 1) {
                    continue;
                }
                let spots: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&c| masks[c] & (1 << d) != 0)
                    .collect();
                match spots.len() {
                    0 => return Err(ERR_NO_SOLUTION),
                    1 if single.is_none() => single = Some((spots[0], 1 << d)),
                    _ => {}
                }
            }
        }
        match single {
            Some((cell, bit)) => grid[cell] = bit.trailing_zeros() as u8 + 1,
            None => {
                for cell in 0..81 {
                    if value(p[cell]) == 0 && grid[cell] != 0 {
                        masks[cell] = 1 << (grid[cell] - 1);
                    }
                }
                return Ok(masks);
            }
        }
    }
}

fn c_candidates(
    f: unsafe extern "C" fn(*const c_char, *mut u16) -> c_int,
    p: &[u8; 81],
) -> Result<[u16; 81], i32> {
    let mut masks = [0xA5A5u16; 81];
    // SAFETY: 81 readable bytes and 81 writable uint16_t.
    let status = unsafe { f(p.as_ptr().cast(), masks.as_mut_ptr()) };
    if status == OK {
        Ok(masks)
    } else {
        assert_eq!(masks, [0xA5A5; 81], "masks written on error {status}");
        Err(status)
    }
}

#[test]
fn candidates_match_independent_computations() {
    let mut rng = Rng(777);
    let mut grids: Vec<[u8; 81]> = (0..rounds(1500, 12))
        .map(|_| random_grid(&mut rng))
        .collect();
    // The candidates never search; the soundness check below does (sparse boards: minutes
    // under Miri, where it checks the dense ones).
    for name in ["puzzles2_17_clue.txt", "puzzles6_forum_hardest_1106.txt"] {
        grids.extend(common::read_puzzles(name).into_iter().take(300));
    }
    grids.extend(common::read_puzzles("tdoku_test_invalid_0_solutions.txt"));
    let mut outcomes = HashSet::new();
    for p in &grids {
        let what = String::from_utf8_lossy(p);
        let basic = c_candidates(sudoku_candidates, p);
        assert_eq!(basic, expected_candidates(p), "{what}");
        let singles = c_candidates(sudoku_candidates_singles, p);
        assert_eq!(singles, expected_singles(p), "{what}");
        outcomes.insert((basic.err(), singles.err()));
        // Soundness: a contradiction means no solution; otherwise any solution fits the masks
        // (singles hold in every solution, unique or not).
        if !common::searchable_under_miri(p) {
            continue;
        }
        let (status, solution) = common::c_solve(p);
        match singles {
            Err(ERR_NO_SOLUTION) => assert_eq!(status, ERR_NO_SOLUTION, "{what}"),
            Ok(masks) if status == OK => {
                for cell in (0..81).filter(|&c| value(p[c]) == 0) {
                    let bit = 1 << (value(solution[cell]) - 1);
                    assert_ne!(masks[cell] & bit, 0, "{what}");
                }
            }
            _ => {}
        }
    }
    // Conflicts, dead cells found by elimination, contradictions found only by singles, and
    // success were all seen (with the full number of grids).
    for case in [
        (Some(ERR_CONFLICT), Some(ERR_CONFLICT)),
        (Some(ERR_NO_SOLUTION), Some(ERR_NO_SOLUTION)),
        (None, Some(ERR_NO_SOLUTION)),
        (None, None),
    ] {
        assert!(
            cfg!(miri) || outcomes.contains(&case),
            "{case:?} never seen: {outcomes:?}"
        );
    }
}

#[test]
fn singles_solve_what_singles_can_and_stop_where_they_cannot() {
    // About half the 17-clue puzzles need only singles; the hardest ones need more.
    let mut solved_by_singles = 0;
    let easy = common::read_puzzles("puzzles2_17_clue.txt");
    // 17 givens: a search takes minutes under Miri, which checks the hand-made case below.
    for p in easy.iter().take(rounds(400, 0)) {
        let masks = c_candidates(sudoku_candidates_singles, p).unwrap();
        let (_, solution) = common::c_solve(p);
        if (0..81).all(|c| value(p[c]) != 0 || masks[c].count_ones() == 1) {
            solved_by_singles += 1;
            for c in (0..81).filter(|&c| value(p[c]) == 0) {
                assert_eq!(masks[c], 1 << (value(solution[c]) - 1));
            }
        }
    }
    assert!(
        cfg!(miri) || (100..400).contains(&solved_by_singles),
        "{solved_by_singles} (of 3 under Miri)"
    );
    // Two cells of a row that can each only take 9: elimination leaves {9} in both, singles
    // place one and empty the other.
    let mut q = [b'.'; 81];
    q[..7].copy_from_slice(b"1234567");
    q[27 + 7] = b'8';
    q[54 + 8] = b'8';
    let basic = c_candidates(sudoku_candidates, &q).unwrap();
    assert_eq!((basic[7], basic[8]), (1 << 8, 1 << 8));
    assert_eq!(
        c_candidates(sudoku_candidates_singles, &q),
        Err(ERR_NO_SOLUTION)
    );
}

#[test]
fn candidate_errors_leave_masks_untouched() {
    let mut p = *PUZZLE;
    p[80] = b'!';
    assert_eq!(c_candidates(sudoku_candidates, &p), Err(ERR_CHAR));
    assert_eq!(c_candidates(sudoku_candidates_singles, &p), Err(ERR_CHAR));
    let mut masks = [7u16; 81];
    // SAFETY: NULL must be rejected before anything is read or written.
    unsafe {
        for f in [
            sudoku_candidates as unsafe extern "C" fn(_, _) -> _,
            sudoku_candidates_singles,
        ] {
            assert_eq!(f(std::ptr::null(), masks.as_mut_ptr()), ERR_NULL);
            assert_eq!(f(PUZZLE.as_ptr().cast(), std::ptr::null_mut()), ERR_NULL);
        }
    }
    assert_eq!(masks, [7; 81]);
}
