//! The formats through the C ABI: pencil-mark strings and grids, files of puzzles, SudokuWiki
//! links and the `.ss` layout. Every writer's text reads back (on corpus puzzles and random
//! positions); the readers accept the layouts other programs write; bad input is rejected at
//! the offset of its first problem, known by construction; failures leave the outputs
//! untouched. (The fuzz contracts in `tests/common/contract.rs` check the same calls against
//! reference implementations on arbitrary bytes.)

mod common;

use std::ptr;

use common::{Rng, is_solution_of, random_solution, read_puzzles, rounds, value};
use sudoku::*;

const OK: i32 = sudoku_status::SUDOKU_OK as i32;
const ERR_NULL: i32 = sudoku_status::SUDOKU_ERR_NULL_POINTER as i32;
const ERR_CHAR: i32 = sudoku_status::SUDOKU_ERR_INVALID_CHARACTER as i32;
const ERR_ARG: i32 = sudoku_status::SUDOKU_ERR_INVALID_ARGUMENT as i32;
const ERR_SMALL: i32 = sudoku_status::SUDOKU_ERR_BUFFER_TOO_SMALL as i32;
const ERR_PARSE: i32 = sudoku_status::SUDOKU_ERR_PARSE as i32;

const LINE: i32 = sudoku_marks_style::SUDOKU_MARKS_LINE as i32;
const GRID: i32 = sudoku_marks_style::SUDOKU_MARKS_GRID as i32;

const UNTOUCHED: u8 = 0xA5;
const UNTOUCHED_MASK: u16 = 0xA5A5;
const UNTOUCHED_SIZE: usize = 0xDEAD_BEEF;

type Masks = [u16; 81];

/// A position: givens, board (givens and entries), candidate masks of the empty cells.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Position {
    givens: [u8; 81],
    board: [u8; 81],
    masks: Masks,
}

/// Blanks as `'.'`.
fn dotted(board: &[u8; 81]) -> [u8; 81] {
    board.map(|b| if value(b) == 0 { b'.' } else { b })
}

/// The masks a reader reports: 0 for filled cells.
fn canonical(board: &[u8; 81], masks: &Masks) -> Masks {
    std::array::from_fn(|c| if value(board[c]) == 0 { masks[c] } else { 0 })
}

/// What a reader that takes a lone digit as a filled cell gives back.
fn singles_filled(board: &[u8; 81], masks: &Masks) -> ([u8; 81], Masks) {
    let (mut b, mut m) = (dotted(board), canonical(board, masks));
    for c in 0..81 {
        if b[c] == b'.' && m[c].count_ones() == 1 {
            b[c] = b'1' + m[c].trailing_zeros() as u8;
            m[c] = 0;
        }
    }
    (b, m)
}

/// A writer into a buffer of `size` bytes: Ok(text) or Err((status, out_written)); checks the
/// NUL, that nothing past it was written, and that a failure wrote nothing.
fn write_into(
    size: usize,
    call: impl FnOnce(*mut std::ffi::c_char, usize, *mut usize) -> i32,
) -> Result<String, (i32, usize)> {
    let mut out = vec![UNTOUCHED; size];
    let mut written = UNTOUCHED_SIZE;
    let ptr = if size == 0 {
        ptr::null_mut()
    } else {
        out.as_mut_ptr().cast()
    };
    let status = call(ptr, size, &mut written);
    if status != OK {
        assert!(
            out.iter().all(|&b| b == UNTOUCHED),
            "written on error {status}"
        );
        return Err((status, written));
    }
    assert_eq!(out[written], 0, "no NUL");
    assert!(
        out[written + 1..].iter().all(|&b| b == UNTOUCHED),
        "wrote past the NUL"
    );
    out.truncate(written);
    Ok(String::from_utf8(out).expect("ASCII text"))
}

fn format_marks(board: &[u8; 81], masks: &Masks, style: i32) -> Result<String, i32> {
    write_into(SUDOKU_MARKS_MAX_SIZE, |out, len, written| {
        // SAFETY: 81 readable bytes and u16, `len` writable bytes, a writable size_t.
        unsafe {
            sudoku_format_marks(
                board.as_ptr().cast(),
                masks.as_ptr(),
                style,
                out,
                len,
                written,
            )
        }
    })
    .map_err(|(status, _)| status)
}

/// sudoku_parse_marks: Ok((board, masks)) or Err((status, offset)); checks untouched outputs.
fn parse_marks(text: &[u8], values: Option<&[u8; 81]>) -> Result<([u8; 81], Masks), (i32, usize)> {
    let mut board = [UNTOUCHED; 81];
    let mut masks = [UNTOUCHED_MASK; 81];
    let mut offset = UNTOUCHED_SIZE;
    let values = values.map_or(ptr::null(), |v| v.as_ptr().cast());
    // SAFETY: `len` readable bytes, NULL or 81 readable bytes, 81 writable bytes and u16, a
    // writable size_t.
    let status = unsafe {
        sudoku_parse_marks(
            text.as_ptr().cast(),
            text.len(),
            values,
            board.as_mut_ptr().cast(),
            masks.as_mut_ptr(),
            &mut offset,
        )
    };
    if status == OK {
        assert_eq!(offset, UNTOUCHED_SIZE, "offset written on success");
        Ok((board, masks))
    } else {
        assert_eq!(
            (board, masks),
            ([UNTOUCHED; 81], [UNTOUCHED_MASK; 81]),
            "written on error"
        );
        Err((status, offset))
    }
}

type Reader = unsafe extern "C" fn(
    *const std::ffi::c_char,
    usize,
    *mut std::ffi::c_char,
    *mut std::ffi::c_char,
    *mut u16,
    *mut usize,
) -> i32;

type Writer = unsafe extern "C" fn(
    *const std::ffi::c_char,
    *const std::ffi::c_char,
    *const u16,
    *mut std::ffi::c_char,
    usize,
    *mut usize,
) -> i32;

fn read_position(read: Reader, text: &[u8]) -> Result<Position, (i32, usize)> {
    let mut p = Position {
        givens: [UNTOUCHED; 81],
        board: [UNTOUCHED; 81],
        masks: [UNTOUCHED_MASK; 81],
    };
    let mut offset = UNTOUCHED_SIZE;
    // SAFETY: `len` readable bytes, two buffers of 81 writable bytes, 81 writable u16, a
    // writable size_t.
    let status = unsafe {
        read(
            text.as_ptr().cast(),
            text.len(),
            p.givens.as_mut_ptr().cast(),
            p.board.as_mut_ptr().cast(),
            p.masks.as_mut_ptr(),
            &mut offset,
        )
    };
    if status == OK {
        assert_eq!(offset, UNTOUCHED_SIZE, "offset written on success");
        Ok(p)
    } else {
        assert_eq!(p.givens, [UNTOUCHED; 81], "givens written on error");
        assert_eq!(p.board, [UNTOUCHED; 81], "board written on error");
        assert_eq!(p.masks, [UNTOUCHED_MASK; 81], "masks written on error");
        Err((status, offset))
    }
}

fn write_position(
    write: Writer,
    size: usize,
    givens: &[u8; 81],
    board: Option<&[u8; 81]>,
    masks: Option<&Masks>,
) -> Result<String, (i32, usize)> {
    write_into(size, |out, len, written| {
        // SAFETY: 81 readable bytes, NULL or 81 readable bytes, NULL or 81 readable u16, `len`
        // writable bytes, a writable size_t.
        unsafe {
            write(
                givens.as_ptr().cast(),
                board.map_or(ptr::null(), |b| b.as_ptr().cast()),
                masks.map_or(ptr::null(), |m| m.as_ptr()),
                out,
                len,
                written,
            )
        }
    })
}

fn sudokuwiki(givens: &[u8; 81], position: Option<(&[u8; 81], &Masks)>) -> String {
    let (board, masks) = position.unzip();
    write_position(
        sudoku_format_sudokuwiki,
        SUDOKU_SUDOKUWIKI_MAX_SIZE,
        givens,
        board,
        masks,
    )
    .unwrap()
}

fn ss(givens: &[u8; 81], board: Option<&[u8; 81]>, masks: Option<&Masks>) -> String {
    write_position(sudoku_format_ss, SUDOKU_SS_MAX_SIZE, givens, board, masks).unwrap()
}

fn candidates(board: &[u8; 81]) -> Masks {
    let mut masks = [0u16; 81];
    // SAFETY: 81 readable bytes and 81 writable u16.
    assert_eq!(
        unsafe { sudoku_candidates(board.as_ptr().cast(), masks.as_mut_ptr()) },
        OK
    );
    masks
}

/// A random position: a solution with `blanks` cells emptied, entries kept in some of them
/// (those are not givens), and random candidates that always hold the solution's digit, some
/// with one candidate only.
fn random_position(rng: &mut Rng, blanks: usize) -> (Position, [u8; 81]) {
    let solution = random_solution(rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut p = Position {
        givens: solution,
        board: solution,
        masks: [0; 81],
    };
    for &c in &cells[..blanks] {
        p.givens[c] = if rng.below(2) == 0 { b'.' } else { b'0' };
        if rng.below(4) == 0 {
            continue; // an entry: on the board, not a given
        }
        p.board[c] = p.givens[c];
        let digit = 1u16 << (solution[c] - b'1');
        p.masks[c] = match rng.below(4) {
            0 => digit,
            _ => (rng.next_u64() as u16 & 0x1ff) | digit,
        };
    }
    (p, solution)
}

// ---------------------------------------------------------------------------------------------
// Pencil marks

#[test]
fn marks_round_trip_on_corpus_puzzles_in_both_styles() {
    let mut count = 0;
    for name in ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt"] {
        let all = read_puzzles(name);
        for puzzle in all.iter().step_by(all.len() / rounds(40, 2)) {
            let masks = candidates(puzzle);
            for style in [LINE, GRID] {
                let text = format_marks(puzzle, &masks, style).unwrap();
                if style == LINE {
                    assert_eq!(text.len(), 729);
                } else {
                    assert_eq!(text.lines().count(), 13, "{text}");
                }
                let read = parse_marks(text.as_bytes(), Some(puzzle)).unwrap();
                assert_eq!(read, (dotted(puzzle), masks), "{text}");
                assert_eq!(
                    parse_marks(text.as_bytes(), None).unwrap(),
                    singles_filled(puzzle, &masks)
                );
                count += 1;
            }
        }
    }
    assert!(count >= 4);
}

#[test]
fn marks_round_trip_on_random_positions() {
    let mut rng = Rng(0x6d61726b73);
    for round in 0..rounds(300, 4) {
        let (p, _) = random_position(&mut rng, 20 + round % 60);
        for style in [LINE, GRID] {
            let text = format_marks(&p.board, &p.masks, style).unwrap();
            let exact = parse_marks(text.as_bytes(), Some(&p.board)).unwrap();
            assert_eq!(exact, (dotted(&p.board), p.masks), "{text}");
            assert_eq!(
                parse_marks(text.as_bytes(), None).unwrap(),
                singles_filled(&p.board, &p.masks)
            );
        }
    }
}

/// The candidate string of the 17-clue puzzle below, by a layout of hand: each cell's nine
/// bytes.
#[test]
fn the_candidate_string_is_cell_major_with_filled_cells_alone() {
    let mut board = [b'.'; 81];
    board[0] = b'5';
    let mut masks = [0u16; 81];
    masks[1] = 0b1_0000_0101; // 1, 3, 9
    masks[80] = 0x1ff;
    let text = format_marks(&board, &masks, LINE).unwrap();
    assert_eq!(&text[..18], "....5....1.3.....9");
    assert_eq!(&text[18..27], ".........");
    assert_eq!(&text[720..], "123456789");
    // `0` reads as absent too, and spaces and line ends may surround the string.
    let zeros = format!(" \r\n{}\n", text.replace('.', "0"));
    assert_eq!(parse_marks(zeros.as_bytes(), None).unwrap(), (board, masks));
}

#[test]
fn a_board_without_candidates_is_the_bordered_format() {
    let puzzle: &[u8; 81] = common::LEETCODE;
    let grid = format_marks(puzzle, &[0; 81], GRID).unwrap();
    let mut bordered = [0u8; SUDOKU_FORMAT_MAX_SIZE];
    let mut n = 0;
    let style = sudoku_format_style::SUDOKU_FORMAT_BORDERED as i32;
    // SAFETY: 81 readable bytes, a buffer of its size, a writable size_t.
    let status = unsafe {
        sudoku_format(
            puzzle.as_ptr().cast(),
            style,
            bordered.as_mut_ptr().cast(),
            bordered.len(),
            &mut n,
        )
    };
    assert_eq!(status, OK);
    assert_eq!(grid.as_bytes(), &bordered[..n]);
    // And a pasted puzzle grid reads as a position without candidates.
    assert_eq!(
        parse_marks(grid.as_bytes(), None).unwrap(),
        (*puzzle, [0; 81])
    );
}

/// Grids as other programs print them: HoDoKu's `.---.` / `:---+` / `'---'` frame, Simple
/// Sudoku's `*---*` and `|---+---|`, wider spacing, tabs, digits out of order, no frame at all.
#[test]
fn candidate_grids_are_read_whatever_their_frame_and_spacing() {
    let mut rng = Rng(0x47524944);
    let (p, _) = random_position(&mut rng, 50);
    let canonical_grid = format_marks(&p.board, &p.masks, GRID).unwrap();
    let expected = parse_marks(canonical_grid.as_bytes(), Some(&p.board)).unwrap();
    let rows: Vec<Vec<String>> = canonical_grid
        .lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| {
            l.split(['|', ' '])
                .filter(|t| !t.is_empty())
                .map(String::from)
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 9);
    let layouts: [(&str, &str, &str, &str, &str); 4] = [
        (".", ":", "'", "|", "  "),
        ("*", "|", "*", "|", " \t "),
        ("+", "+", "+", "", "   "),
        ("", "", "", "", " "),
    ];
    for (top, middle, bottom, bar, gap) in layouts {
        let mut text = String::new();
        let rule = |end: &str| {
            if end.is_empty() {
                String::new()
            } else {
                format!("{end}{d}{end}{d}{end}{d}{end}\n", d = "-".repeat(20))
            }
        };
        for (r, row) in rows.iter().enumerate() {
            text += &rule(if r == 0 {
                top
            } else if r % 3 == 0 {
                middle
            } else {
                ""
            });
            let cells: Vec<String> = row
                .iter()
                .map(|t| t.chars().rev().collect()) // digits out of order
                .collect();
            let stacks: Vec<String> = cells.chunks(3).map(|c| c.join(gap)).collect();
            text += &format!(
                "{bar}{gap}{}{gap}{bar}\n",
                stacks.join(&format!("{gap}{bar}{gap}"))
            );
        }
        text += &rule(bottom);
        assert_eq!(
            parse_marks(text.as_bytes(), Some(&p.board)),
            Ok(expected),
            "{text}"
        );
    }
}

/// The bytes of the candidate string of `p` and of its grid, with the offset of cell `c`'s
/// token in the grid.
fn token_offset(grid: &str, cell: usize) -> usize {
    let mut n = 0;
    let mut at = 0;
    for line in grid.split_inclusive('\n') {
        if !line.starts_with('|') {
            at += line.len();
            continue;
        }
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if matches!(bytes[i], b' ' | b'|' | b'\n') {
                i += 1;
                continue;
            }
            if n == cell {
                return at + i;
            }
            n += 1;
            while i < bytes.len() && !matches!(bytes[i], b' ' | b'|' | b'\n') {
                i += 1;
            }
        }
        at += line.len();
    }
    panic!("no cell {cell}")
}

#[test]
fn bad_candidate_strings_are_rejected_at_the_first_problem() {
    let puzzle: &[u8; 81] = common::LEETCODE;
    let masks = candidates(puzzle);
    let text = format_marks(puzzle, &masks, LINE).unwrap().into_bytes();
    let err = |t: &[u8]| parse_marks(t, None).unwrap_err();
    // A digit at another digit's position: cell 2 shows 1 2 4, its byte for digit 3 becomes 7.
    let mut t = text.clone();
    t[2 * 9 + 2] = b'7';
    assert_eq!(err(&t), (ERR_PARSE, 20));
    // A stray byte, and a space inside the string.
    for (at, byte) in [(400, b'x'), (300, b' '), (0, b'-')] {
        let mut t = text.clone();
        t[at] = byte;
        let want = if byte == b'-' {
            (ERR_PARSE, 0)
        } else {
            (ERR_PARSE, at)
        };
        assert_eq!(err(&t), want, "byte {byte} at {at}");
    }
    // Short (the end of the text), short before trailing space, one byte too many.
    assert_eq!(err(&text[..728]), (ERR_PARSE, 728));
    let mut t = text[..700].to_vec();
    t.extend_from_slice(b"  \n");
    assert_eq!(err(&t), (ERR_PARSE, 703));
    let mut t = text.clone();
    t.push(b'.');
    assert_eq!(err(&t), (ERR_PARSE, 729));
    let mut t = text.clone();
    t.extend_from_slice(b"\n# comment");
    assert_eq!(err(&t), (ERR_PARSE, 730));
    // Values that disagree: cell 2 is given as 4 but shows 1, 2 and 4 (its first other digit,
    // the 1, is the problem); cell 0 (a 5) given as 3 shows the 5.
    let mut values = *puzzle;
    values[2] = b'4';
    assert_eq!(
        parse_marks(&text, Some(&values)).unwrap_err(),
        (ERR_PARSE, 18)
    );
    let mut values = *puzzle;
    values[0] = b'3';
    assert_eq!(
        parse_marks(&text, Some(&values)).unwrap_err(),
        (ERR_PARSE, 4)
    );
    // A filled cell of the values that shows nothing: where its digit belongs.
    let mut t = text.clone();
    t[..9].copy_from_slice(b".........");
    assert_eq!(parse_marks(&t, Some(puzzle)).unwrap_err(), (ERR_PARSE, 4));
    // A bad byte in the values is not a parse error.
    let mut values = *puzzle;
    values[9] = b'?';
    assert_eq!(
        parse_marks(&text, Some(&values)).unwrap_err(),
        (ERR_CHAR, UNTOUCHED_SIZE)
    );
}

#[test]
fn bad_candidate_grids_are_rejected_at_the_first_problem() {
    let puzzle: &[u8; 81] = common::LEETCODE;
    let masks = candidates(puzzle);
    let grid = format_marks(puzzle, &masks, GRID).unwrap();
    let lines: Vec<&str> = grid.split_inclusive('\n').collect();
    let err = |t: &str| parse_marks(t.as_bytes(), None).unwrap_err();
    // A digit twice in a cell: cell 2 is "124", make it "121".
    let at = token_offset(&grid, 2);
    let mut t = grid.clone();
    t.replace_range(at..at + 3, "121");
    assert_eq!(err(&t), (ERR_PARSE, at + 2));
    // A 0, a letter, a '.' inside a token.
    for (cell, bad, pos) in [(2, "104", 1), (3, "2x", 1), (4, ".7", 1), (5, "2.4", 1)] {
        let at = token_offset(&grid, cell);
        let len = grid[at..].find([' ', '|']).unwrap();
        let mut t = grid.clone();
        t.replace_range(at..at + len, bad);
        assert_eq!(err(&t), (ERR_PARSE, at + pos), "{bad}");
    }
    // A row with a 10th cell: the cell; a row with 8: the line's end (its LF, its CR).
    let row0 = lines[1];
    let t = grid.replacen(row0, &row0.replacen(" |\n", " 5 |\n", 1), 1);
    assert_eq!(err(&t), (ERR_PARSE, lines[0].len() + row0.len() - 2));
    let body = row0[..row0.rfind(" |").unwrap()].trim_end();
    let short_row = format!("{} |\n", &body[..body.rfind(' ').unwrap()]);
    let t = grid.replacen(row0, &short_row, 1);
    assert_eq!(err(&t), (ERR_PARSE, lines[0].len() + short_row.len() - 1));
    let crlf = grid.replace('\n', "\r\n");
    let t = crlf.replacen(
        &row0.replace('\n', "\r\n"),
        &short_row.replace('\n', "\r\n"),
        1,
    );
    assert_eq!(
        err(&t),
        (ERR_PARSE, lines[0].len() + 1 + short_row.len() - 1)
    );
    // A lone CR; a tenth line of cells; missing lines (the end of the text).
    let t = grid.replacen(" |\n", " |\r", 1);
    assert_eq!(err(&t), (ERR_PARSE, lines[0].len() + row0.len() - 1));
    let t = format!("{grid}{row0}");
    assert_eq!(err(&t), (ERR_PARSE, grid.len() + 2));
    let t: String = lines[..8].concat();
    assert_eq!(err(&t), (ERR_PARSE, t.len()));
    assert_eq!(err(""), (ERR_PARSE, 0));
    // A rule line with a digit is a line of cells, wrong at its '+'.
    let t = grid.replacen("-+-", "-1-", 1);
    assert_eq!(err(&t), (ERR_PARSE, 0));
    // The values: cell 80 (a 9) given as 8 shows "9".
    let mut values = *puzzle;
    values[80] = b'8';
    assert_eq!(
        parse_marks(grid.as_bytes(), Some(&values)).unwrap_err(),
        (ERR_PARSE, token_offset(&grid, 80))
    );
}

#[test]
fn format_marks_reports_bad_arguments_and_the_size_needed() {
    let puzzle: &[u8; 81] = common::LEETCODE;
    let mut masks = candidates(puzzle);
    let grid = format_marks(puzzle, &masks, GRID).unwrap();
    let call = |board: &[u8; 81], masks: &Masks, style, size| {
        write_into(size, |out, len, written| {
            // SAFETY: 81 readable bytes and u16, `len` writable bytes, a writable size_t.
            unsafe {
                sudoku_format_marks(
                    board.as_ptr().cast(),
                    masks.as_ptr(),
                    style,
                    out,
                    len,
                    written,
                )
            }
        })
    };
    assert_eq!(
        call(puzzle, &masks, GRID, 0),
        Err((ERR_SMALL, grid.len() + 1))
    );
    assert_eq!(
        call(puzzle, &masks, GRID, grid.len()),
        Err((ERR_SMALL, grid.len() + 1))
    );
    assert_eq!(call(puzzle, &masks, LINE, 729), Err((ERR_SMALL, 730)));
    assert_eq!(call(puzzle, &masks, LINE, 730).unwrap().len(), 729);
    assert_eq!(
        call(puzzle, &masks, 2, 2000),
        Err((ERR_ARG, UNTOUCHED_SIZE))
    );
    assert_eq!(
        call(puzzle, &masks, -1, 2000),
        Err((ERR_ARG, UNTOUCHED_SIZE))
    );
    let mut bad = *puzzle;
    bad[7] = b'x';
    assert_eq!(
        call(&bad, &masks, GRID, 2000),
        Err((ERR_CHAR, UNTOUCHED_SIZE))
    );
    // Bits above 8: refused on an empty cell, ignored on a filled one.
    masks[0] = 0xffff;
    assert_eq!(call(puzzle, &masks, GRID, 2000).unwrap(), grid);
    masks[2] |= 0x200;
    assert_eq!(
        call(puzzle, &masks, GRID, 2000),
        Err((ERR_ARG, UNTOUCHED_SIZE))
    );
    let mut out = [UNTOUCHED; 8];
    // SAFETY: NULL pointers are refused before anything is read; `out` is 8 writable bytes.
    unsafe {
        assert_eq!(
            sudoku_format_marks(
                ptr::null(),
                masks.as_ptr(),
                0,
                out.as_mut_ptr().cast(),
                8,
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_format_marks(
                puzzle.as_ptr().cast(),
                ptr::null(),
                0,
                out.as_mut_ptr().cast(),
                8,
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_format_marks(
                puzzle.as_ptr().cast(),
                masks.as_ptr(),
                0,
                ptr::null_mut(),
                8,
                ptr::null_mut()
            ),
            ERR_NULL
        );
    }
    assert_eq!(out, [UNTOUCHED; 8]);
}

#[test]
fn parse_marks_refuses_null_and_huge_lengths() {
    let mut masks = [UNTOUCHED_MASK; 81];
    let mut board = [UNTOUCHED; 81];
    let text = b"x";
    // SAFETY: NULL pointers and the length are refused before anything is read.
    unsafe {
        assert_eq!(
            sudoku_parse_marks(
                ptr::null(),
                0,
                ptr::null(),
                board.as_mut_ptr().cast(),
                masks.as_mut_ptr(),
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_parse_marks(
                text.as_ptr().cast(),
                1,
                ptr::null(),
                board.as_mut_ptr().cast(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_parse_marks(
                text.as_ptr().cast(),
                usize::MAX,
                ptr::null(),
                board.as_mut_ptr().cast(),
                masks.as_mut_ptr(),
                ptr::null_mut()
            ),
            ERR_ARG
        );
        // out_board is optional.
        let puzzle = *common::LEETCODE;
        let grid = format_marks(&puzzle, &[0; 81], GRID).unwrap();
        assert_eq!(
            sudoku_parse_marks(
                grid.as_ptr().cast(),
                grid.len(),
                ptr::null(),
                ptr::null_mut(),
                masks.as_mut_ptr(),
                ptr::null_mut()
            ),
            OK
        );
    }
    assert_eq!((board, masks), ([UNTOUCHED; 81], [0; 81]));
}

// ---------------------------------------------------------------------------------------------
// Files of puzzles

/// Every record of a text through sudoku_next_puzzle: (board, columns) or the error offset,
/// going on after an error at the next line as documented.
fn read_all(text: &[u8]) -> Vec<Result<([u8; 81], String), usize>> {
    let mut out = Vec::new();
    let mut offset = 0;
    loop {
        let before = offset;
        let mut board = [UNTOUCHED; 81];
        let (mut found, mut columns, mut columns_len, mut error) = (
            UNTOUCHED_SIZE,
            UNTOUCHED_SIZE,
            UNTOUCHED_SIZE,
            UNTOUCHED_SIZE,
        );
        // SAFETY: `len` readable bytes, a readable and writable size_t, 81 writable bytes and
        // four writable size_t.
        let status = unsafe {
            sudoku_next_puzzle(
                text.as_ptr().cast(),
                text.len(),
                &mut offset,
                board.as_mut_ptr().cast(),
                &mut found,
                &mut columns,
                &mut columns_len,
                &mut error,
            )
        };
        match status {
            OK if found == 0 => {
                assert_eq!(offset, text.len());
                assert_eq!(board, [UNTOUCHED; 81]);
                return out;
            }
            OK => {
                assert_eq!((found, error), (1, UNTOUCHED_SIZE));
                assert!(offset > before);
                let cols =
                    String::from_utf8(text[columns..columns + columns_len].to_vec()).unwrap();
                out.push(Ok((board, cols)));
            }
            ERR_PARSE => {
                assert_eq!(
                    (offset, found, columns, board),
                    (before, UNTOUCHED_SIZE, UNTOUCHED_SIZE, [UNTOUCHED; 81])
                );
                out.push(Err(error));
                offset = text[error..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(text.len(), |p| error + p + 1);
            }
            other => panic!("status {other}"),
        }
    }
}

#[test]
fn a_whole_corpus_file_is_read_in_place() {
    let name = "puzzles3_magictour_top1465.txt";
    let text = std::fs::read(common::puzzle_dir().join(name)).unwrap();
    let expected = read_puzzles(name);
    let read = read_all(&text);
    assert_eq!(read.len(), expected.len());
    for (got, want) in read.iter().zip(&expected) {
        assert_eq!(got.as_ref().unwrap().0, dotted(want));
    }
}

/// tdoku's test file: `puzzle:count:solution` lines.
#[test]
fn columns_after_a_colon_are_the_rest_of_the_line() {
    let text =
        std::fs::read(common::puzzle_dir().join("tdoku_test_puzzles_with_counts.txt")).unwrap();
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty() && l[0] != b'#')
        .collect();
    let read = read_all(&text);
    assert_eq!(read.len(), lines.len());
    for (got, line) in read.iter().zip(&lines) {
        let (board, columns) = got.as_ref().unwrap();
        assert_eq!(&board[..], &dotted(line[..81].try_into().unwrap())[..]);
        assert_eq!(columns.as_bytes(), &line[82..]);
    }
}

#[test]
fn comments_ratings_and_separators_are_skipped_or_kept_as_columns() {
    let mut rng = Rng(0x0053_444d);
    let p: Vec<[u8; 81]> = (0..6)
        .map(|_| random_position(&mut rng, 50).0.givens)
        .collect();
    let s = |i: usize| String::from_utf8(p[i].to_vec()).unwrap();
    let text = format!(
        "\u{feff}# a file of puzzles\r\n\r\n{} # 7.1\r\n   \t\n{}\t8.3\tED=8.3/1.2/1.2\n  {},{}\n{};x\n\t# indented comment\n{}",
        s(0),
        s(1),
        s(2),
        s(3),
        s(4),
        s(5)
    );
    let read = read_all(text.as_bytes());
    let want: Vec<([u8; 81], &str)> = vec![
        (p[0], "# 7.1"),
        (p[1], "8.3\tED=8.3/1.2/1.2"),
        (p[2], &text[text.find(',').unwrap() + 1..][..81]),
        (p[4], "x"),
        (p[5], ""),
    ];
    assert_eq!(read.len(), want.len());
    for (got, (board, columns)) in read.iter().zip(&want) {
        let (b, c) = got.as_ref().unwrap();
        assert_eq!((b, c.as_str()), (&dotted(board), *columns));
    }
}

#[test]
fn bad_lines_are_reported_at_their_first_problem_and_skipped() {
    let a = String::from_utf8(common::LEETCODE.to_vec()).unwrap();
    let cases: [(String, usize); 7] = [
        (format!("quizzes,solutions\n{a}\n"), 0),
        (format!("{}\n{a}\n", &a[..80]), 80),
        (format!("{}\r\n{a}\n", &a[..80]), 80),
        (format!("{a}7\n{a}\n"), 81),
        (format!("{a}#7.1\n{a}\n"), 81),
        (format!("{a} x\ry\n{a}\n"), 83),
        (format!("  {}?{}\n{a}\n", &a[..30], &a[31..]), 32),
    ];
    for (text, at) in cases {
        let read = read_all(text.as_bytes());
        assert_eq!(read.len(), 2, "{text:?}");
        assert_eq!(read[0], Err(at), "{text:?}");
        assert_eq!(read[1].as_ref().unwrap().0, *common::LEETCODE, "{text:?}");
    }
}

#[test]
fn next_puzzle_refuses_null_and_offsets_past_the_end() {
    let text = *common::LEETCODE;
    let mut board = [UNTOUCHED; 81];
    let mut found = UNTOUCHED_SIZE;
    let mut offset = 82;
    // SAFETY: the pointers are valid or NULL, and refused before anything is read.
    unsafe {
        let t = text.as_ptr().cast();
        assert_eq!(
            sudoku_next_puzzle(
                t,
                81,
                &mut offset,
                board.as_mut_ptr().cast(),
                &mut found,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            ERR_ARG
        );
        offset = 0;
        assert_eq!(
            sudoku_next_puzzle(
                ptr::null(),
                0,
                &mut offset,
                board.as_mut_ptr().cast(),
                &mut found,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_next_puzzle(
                t,
                81,
                ptr::null_mut(),
                board.as_mut_ptr().cast(),
                &mut found,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_next_puzzle(
                t,
                81,
                &mut offset,
                ptr::null_mut(),
                &mut found,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_next_puzzle(
                t,
                81,
                &mut offset,
                board.as_mut_ptr().cast(),
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            ERR_NULL
        );
        assert_eq!(
            sudoku_next_puzzle(
                t,
                usize::MAX,
                &mut offset,
                board.as_mut_ptr().cast(),
                &mut found,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            ERR_ARG
        );
        assert_eq!((offset, found, board), (0, UNTOUCHED_SIZE, [UNTOUCHED; 81]));
        // The optional outputs may be NULL; an empty text has no puzzle.
        assert_eq!(
            sudoku_next_puzzle(
                t,
                81,
                &mut offset,
                board.as_mut_ptr().cast(),
                &mut found,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            OK
        );
        assert_eq!((offset, found, board), (81, 1, text));
        offset = 0;
        assert_eq!(
            sudoku_next_puzzle(
                t,
                0,
                &mut offset,
                board.as_mut_ptr().cast(),
                &mut found,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            OK
        );
        assert_eq!((offset, found), (0, 0));
    }
}

// ---------------------------------------------------------------------------------------------
// SudokuWiki links

#[test]
fn sudokuwiki_links_round_trip() {
    let mut rng = Rng(0x7769_6b69);
    for _ in 0..rounds(200, 4) {
        let (p, solution) = random_position(&mut rng, 55);
        let digits = sudokuwiki(&p.givens, None);
        assert!(digits.starts_with("https://www.sudokuwiki.org/sudoku.htm?bd="));
        assert_eq!(digits.len(), 41 + 81);
        let read = read_position(sudoku_parse_sudokuwiki, digits.as_bytes()).unwrap();
        let givens = dotted(&p.givens);
        assert_eq!(
            read,
            Position {
                givens,
                board: givens,
                masks: [0; 81]
            }
        );
        let link = sudokuwiki(&p.givens, Some((&p.board, &p.masks)));
        assert_eq!(link.len(), 41 + 162);
        let read = read_position(sudoku_parse_sudokuwiki, link.as_bytes()).unwrap();
        let (board, masks) = singles_filled(&p.board, &p.masks);
        assert_eq!(
            read,
            Position {
                givens,
                board,
                masks
            }
        );
        assert!(is_solution_of(
            &solution,
            &read.board.map(|b| if b == b'.' { b'0' } else { b })
        ));
        // The value alone, the query, and with other parameters around it.
        let value = &link[41..];
        for text in [
            value.to_owned(),
            format!("bd={value}"),
            format!("  ?x=1&bd={value}&y=2#top\n"),
        ] {
            assert_eq!(
                read_position(sudoku_parse_sudokuwiki, text.as_bytes()).unwrap(),
                read
            );
        }
    }
}

/// The documentation's examples of the candidates form: a given 5 is `11`, an entered 5 `10`,
/// an empty cell with candidates 1 and 9 `g2`; and SudokuWiki's S9B form of the same cells.
#[test]
fn sudokuwiki_cells_are_encoded_as_documented() {
    let mut givens = [b'.'; 81];
    givens[0] = b'5';
    let mut board = givens;
    board[1] = b'5';
    let mut masks = [0x1ffu16; 81];
    masks[2] = 0b1_0000_0001;
    let link = sudokuwiki(&givens, Some((&board, &masks)));
    assert_eq!(&link[41..47], "1110g2");
    assert_eq!(&link[47..49], "vu"); // all nine candidates: 511 << 1
    // S9B: base 36, 5 a given, 14 (5 + 9) an entered 5, 18 + 257 candidates 1 and 9.
    let mut s9b = String::from("S9B05") + "0e" + "7n";
    s9b += &"ep".repeat(78); // 18 + 511 = 529
    let read = read_position(sudoku_parse_sudokuwiki, s9b.as_bytes()).unwrap();
    let want_board: [u8; 81] = std::array::from_fn(|c| if c < 2 { b'5' } else { b'.' });
    let want_masks: Masks = std::array::from_fn(|c| match c {
        0 | 1 => 0,
        2 => 257,
        _ => 511,
    });
    let want_givens: [u8; 81] = std::array::from_fn(|c| if c == 0 { b'5' } else { b'.' });
    assert_eq!(
        read,
        Position {
            givens: want_givens,
            board: want_board,
            masks: want_masks
        }
    );
}

#[test]
fn bad_sudokuwiki_links_are_rejected_at_the_first_problem() {
    let digits =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
    let url = "https://www.sudokuwiki.org/sudoku.htm?bd=";
    let err = |t: &str| read_position(sudoku_parse_sudokuwiki, t.as_bytes()).unwrap_err();
    assert_eq!(err(&format!("{url}{}", &digits[..80])), (ERR_PARSE, 121));
    assert_eq!(
        err(&format!("{url}{}&x=1", &digits[..80])),
        (ERR_PARSE, 121)
    );
    assert_eq!(err(&format!("{url}{digits}0")), (ERR_PARSE, 122));
    assert_eq!(
        err(&format!("{url}{}x{}", &digits[..10], &digits[11..])),
        (ERR_PARSE, 51)
    );
    // Without `bd=` at a parameter's start the whole text is the value.
    assert_eq!(err(&format!("xbd={digits}")), (ERR_PARSE, 0));
    assert_eq!(err("https://www.sudokuwiki.org/sudoku.htm"), (ERR_PARSE, 0));
    let mut rng = Rng(5);
    let (p, _) = random_position(&mut rng, 40);
    let link = sudokuwiki(&p.givens, Some((&p.board, &p.masks)));
    let given = (0..81).find(|&c| value(p.givens[c]) != 0).unwrap();
    // A byte outside base 32; a given (odd) with two digits.
    let mut t = link.clone();
    t.replace_range(41 + 7..41 + 8, "w");
    assert_eq!(err(&t), (ERR_PARSE, 48));
    let mut t = link.clone();
    t.replace_range(41 + 2 * given..41 + 2 * given + 2, "07");
    assert_eq!(err(&t), (ERR_PARSE, 41 + 2 * given));
    // S9B: short, too long, a number above 529.
    let s9b = format!("S9B{}", "01".repeat(81));
    assert_eq!(err(&s9b[..100]), (ERR_PARSE, 100));
    assert_eq!(err(&format!("{s9b}0")), (ERR_PARSE, 165));
    assert_eq!(err(&format!("S9Bew{}", &s9b[5..])), (ERR_PARSE, 3));
}

#[test]
fn format_sudokuwiki_checks_its_arguments() {
    let (p, _) = random_position(&mut Rng(9), 40);
    let w = |size, board: Option<&[u8; 81]>, masks: Option<&Masks>| {
        write_position(sudoku_format_sudokuwiki, size, &p.givens, board, masks)
    };
    assert_eq!(w(0, None, None), Err((ERR_SMALL, 123)));
    assert_eq!(w(122, None, None), Err((ERR_SMALL, 123)));
    assert_eq!(
        w(100, Some(&p.board), Some(&p.masks)),
        Err((ERR_SMALL, 204))
    );
    assert_eq!(
        w(204, Some(&p.board), None),
        Err((ERR_NULL, UNTOUCHED_SIZE))
    );
    assert_eq!(
        w(204, None, Some(&p.masks)),
        Err((ERR_NULL, UNTOUCHED_SIZE))
    );
    let given = (0..81).find(|&c| value(p.givens[c]) != 0).unwrap();
    let mut changed = p.board;
    changed[given] = if changed[given] == b'9' {
        b'1'
    } else {
        changed[given] + 1
    };
    assert_eq!(
        w(204, Some(&changed), Some(&p.masks)),
        Err((ERR_ARG, UNTOUCHED_SIZE))
    );
    changed[given] = b'.';
    assert_eq!(
        w(204, Some(&changed), Some(&p.masks)),
        Err((ERR_ARG, UNTOUCHED_SIZE))
    );
    let mut high = p.masks;
    let empty = (0..81).find(|&c| value(p.board[c]) == 0).unwrap();
    high[empty] |= 0x400;
    assert_eq!(
        w(204, Some(&p.board), Some(&high)),
        Err((ERR_ARG, UNTOUCHED_SIZE))
    );
    let mut bad = p.board;
    bad[empty] = b'?';
    assert_eq!(
        w(204, Some(&bad), Some(&p.masks)),
        Err((ERR_CHAR, UNTOUCHED_SIZE))
    );
}

// ---------------------------------------------------------------------------------------------
// Simple Sudoku's .ss

#[test]
fn ss_round_trips_with_one_two_or_three_grids() {
    let mut rng = Rng(0x5353);
    for _ in 0..rounds(200, 4) {
        let (p, _) = random_position(&mut rng, 50);
        let givens = dotted(&p.givens);
        let board = dotted(&p.board);
        let masks = canonical(&p.board, &p.masks);
        let read = |text: &str| read_position(sudoku_parse_ss, text.as_bytes()).unwrap();
        let only = ss(&p.givens, None, None);
        assert_eq!(only.lines().count(), 13);
        assert_eq!(
            read(&only),
            Position {
                givens,
                board: givens,
                masks: [0; 81]
            }
        );
        let two = ss(&p.givens, Some(&p.board), None);
        assert_eq!(
            read(&two),
            Position {
                givens,
                board,
                masks: [0; 81]
            }
        );
        let with_marks = ss(&p.givens, None, Some(&p.masks));
        let (b, m) = singles_filled(&p.givens, &p.masks);
        assert_eq!(
            read(&with_marks),
            Position {
                givens,
                board: b,
                masks: m
            }
        );
        let all = ss(&p.givens, Some(&p.board), Some(&p.masks));
        assert_eq!(
            read(&all),
            Position {
                givens,
                board,
                masks
            }
        );
        // sudoku_parse reads the givens grid (and stops at a second grid).
        let mut parsed = [0u8; 81];
        let mut offset = 0;
        // SAFETY: `len` readable bytes, 81 writable bytes, a writable size_t.
        let status = unsafe {
            sudoku_parse(
                only.as_ptr().cast(),
                only.len(),
                parsed.as_mut_ptr().cast(),
                &mut offset,
            )
        };
        assert_eq!((status, parsed), (OK, givens));
    }
}

#[test]
fn ss_reads_the_layouts_simple_sudoku_and_hodoku_write() {
    let puzzle = *common::LEETCODE;
    let p = String::from_utf8(puzzle.to_vec()).unwrap();
    let row = |r: usize| {
        format!(
            "{}|{}|{}",
            &p[r * 9..r * 9 + 3],
            &p[r * 9 + 3..r * 9 + 6],
            &p[r * 9 + 6..r * 9 + 9]
        )
    };
    let plain: String = (0..9)
        .map(|r| {
            format!(
                "{}{}\n",
                if r == 3 || r == 6 {
                    "-----------\n"
                } else {
                    ""
                },
                row(r)
            )
        })
        .collect();
    let read = |text: &str| read_position(sudoku_parse_ss, text.as_bytes()).unwrap();
    let want = Position {
        givens: puzzle,
        board: puzzle,
        masks: [0; 81],
    };
    assert_eq!(read(&plain), want);
    assert_eq!(read(&plain.replace('\n', "\r\n")), want);
    assert_eq!(read(&format!("{p}\n")), want);
    // A Simple Sudoku candidate grid after the givens, framed with `*` corners.
    let masks = candidates(&puzzle);
    let grid = format_marks(&puzzle, &masks, GRID)
        .unwrap()
        .replace('+', "*");
    let (board, m) = singles_filled(&puzzle, &masks);
    assert_eq!(
        read(&format!("{plain}\n{grid}")),
        Position {
            givens: puzzle,
            board,
            masks: m
        }
    );
}

#[test]
fn bad_ss_files_are_rejected_at_the_first_problem() {
    let (p, _) = random_position(&mut Rng(77), 45);
    let err = |t: &str| read_position(sudoku_parse_ss, t.as_bytes()).unwrap_err();
    let givens = ss(&p.givens, None, None);
    let two = ss(&p.givens, Some(&p.board), None);
    // A given of the digits grid changed: the cell in the second grid.
    let given = (0..81).find(|&c| value(p.givens[c]) != 0).unwrap();
    let row_line = |grid_start: usize, cell: usize| {
        // Rows are 14-byte lines after the top rule; band rules after rows 3 and 6.
        let r = cell / 9;
        grid_start + 14 * (1 + r + r / 3) + 1 + cell % 9 + cell % 9 / 3
    };
    let at = row_line(givens.len() + 1, given);
    let mut t = two.clone().into_bytes();
    t[at] = if t[at] == b'9' { b'1' } else { t[at] + 1 };
    assert_eq!(err(std::str::from_utf8(&t).unwrap()), (ERR_PARSE, at));
    // A stray byte in the givens grid.
    let at = row_line(0, 40);
    let mut t = givens.clone().into_bytes();
    t[at] = b'?';
    assert_eq!(err(std::str::from_utf8(&t).unwrap()), (ERR_PARSE, at));
    // A fourth grid: the first cell of its first line of cells (after the rule and a '|').
    let four = givens.repeat(4);
    assert_eq!(err(&four), (ERR_PARSE, 3 * givens.len() + 15));
    // A short second grid: where the text ends.
    let short = format!("{givens}\n{}", &givens[..100]);
    assert_eq!(err(&short).0, ERR_PARSE);
    assert!(err(&short).1 > givens.len());
    // A candidate grid that does not show a filled cell's digit alone.
    let entry = (0..81).find(|&c| value(p.board[c]) != 0 && value(p.givens[c]) == 0);
    if let Some(cell) = entry {
        let mut marks = p.masks;
        let mut board = p.board;
        board[cell] = b'.';
        marks[cell] = 0x1ff;
        let grid = format_marks(&board, &marks, GRID).unwrap();
        let t = format!("{two}\n{grid}");
        // The cell shows 123456789: its first digit other than the board's.
        let other = usize::from(p.board[cell] == b'1');
        assert_eq!(
            err(&t),
            (ERR_PARSE, two.len() + 1 + token_offset(&grid, cell) + other)
        );
    }
}

#[test]
fn format_ss_checks_its_arguments() {
    let (p, _) = random_position(&mut Rng(11), 40);
    let all = ss(&p.givens, Some(&p.board), Some(&p.masks));
    let w = |size, board: Option<&[u8; 81]>, masks: Option<&Masks>| {
        write_position(sudoku_format_ss, size, &p.givens, board, masks)
    };
    assert_eq!(
        w(0, Some(&p.board), Some(&p.masks)),
        Err((ERR_SMALL, all.len() + 1))
    );
    assert_eq!(w(182, None, None), Err((ERR_SMALL, 183)));
    assert_eq!(w(183, None, None).unwrap().len(), 182);
    let mut changed = p.board;
    let given = (0..81).find(|&c| value(p.givens[c]) != 0).unwrap();
    changed[given] = b'.';
    assert_eq!(
        w(2000, Some(&changed), None),
        Err((ERR_ARG, UNTOUCHED_SIZE))
    );
    let mut bad = p.givens;
    bad[3] = b'-';
    let r = write_position(sudoku_format_ss, 2000, &bad, None, None);
    assert_eq!(r, Err((ERR_CHAR, UNTOUCHED_SIZE)));
    let mut out = [UNTOUCHED; 4];
    // SAFETY: NULL givens are refused before anything is read.
    let status = unsafe {
        sudoku_format_ss(
            ptr::null(),
            ptr::null(),
            ptr::null(),
            out.as_mut_ptr().cast(),
            4,
            ptr::null_mut(),
        )
    };
    assert_eq!((status, out), (ERR_NULL, [UNTOUCHED; 4]));
}

#[test]
fn position_readers_refuse_null_and_huge_lengths() {
    for read in [sudoku_parse_sudokuwiki as Reader, sudoku_parse_ss] {
        let mut board = [UNTOUCHED; 81];
        let text = b"x";
        // SAFETY: NULL pointers and the length are refused before anything is read.
        unsafe {
            assert_eq!(
                read(
                    ptr::null(),
                    0,
                    ptr::null_mut(),
                    board.as_mut_ptr().cast(),
                    ptr::null_mut(),
                    ptr::null_mut()
                ),
                ERR_NULL
            );
            assert_eq!(
                read(
                    text.as_ptr().cast(),
                    1,
                    ptr::null_mut(),
                    ptr::null_mut(),
                    ptr::null_mut(),
                    ptr::null_mut()
                ),
                ERR_NULL
            );
            assert_eq!(
                read(
                    text.as_ptr().cast(),
                    usize::MAX,
                    ptr::null_mut(),
                    board.as_mut_ptr().cast(),
                    ptr::null_mut(),
                    ptr::null_mut()
                ),
                ERR_ARG
            );
        }
        assert_eq!(board, [UNTOUCHED; 81]);
    }
}
