//! sudoku_parse and sudoku_format through the C ABI: every layout round-trips, malformed text
//! is rejected at the offset where it goes wrong (known by construction), random bytes never
//! panic or read outside the text, and errors leave the outputs untouched.

mod common;

use std::ffi::c_int;

use common::{Rng, random_solution, rounds};
use sudoku::*;

const OK: i32 = sudoku_status::SUDOKU_OK as i32;
const ERR_NULL: i32 = sudoku_status::SUDOKU_ERR_NULL_POINTER as i32;
const ERR_CHAR: i32 = sudoku_status::SUDOKU_ERR_INVALID_CHARACTER as i32;
const ERR_ARG: i32 = sudoku_status::SUDOKU_ERR_INVALID_ARGUMENT as i32;
const ERR_SMALL: i32 = sudoku_status::SUDOKU_ERR_BUFFER_TOO_SMALL as i32;
const ERR_PARSE: i32 = sudoku_status::SUDOKU_ERR_PARSE as i32;

const STYLES: [c_int; 3] = [
    sudoku_format_style::SUDOKU_FORMAT_LINE as c_int,
    sudoku_format_style::SUDOKU_FORMAT_GRID as c_int,
    sudoku_format_style::SUDOKU_FORMAT_BORDERED as c_int,
];

const UNTOUCHED: u8 = 0xA5;
const UNTOUCHED_SIZE: usize = 0xDEAD_BEEF;

/// sudoku_parse: Ok(board) or Err((status, error offset)); checks untouched outputs.
fn c_parse(text: &[u8]) -> Result<[u8; 81], (i32, usize)> {
    let mut board = [UNTOUCHED; 81];
    let mut offset = UNTOUCHED_SIZE;
    // SAFETY: `text.len()` readable bytes, 81 writable bytes, a writable size_t.
    let status = unsafe {
        sudoku_parse(
            text.as_ptr().cast(),
            text.len(),
            board.as_mut_ptr().cast(),
            &mut offset,
        )
    };
    if status == OK {
        assert_eq!(offset, UNTOUCHED_SIZE, "offset written on success");
        Ok(board)
    } else {
        assert_eq!(board, [UNTOUCHED; 81], "board written on error {status}");
        Err((status, offset))
    }
}

/// sudoku_format into a buffer of `out_len` bytes: (status, buffer, out_written).
fn c_format(board: &[u8; 81], style: c_int, out_len: usize) -> (i32, Vec<u8>, usize) {
    let mut out = vec![UNTOUCHED; out_len];
    let mut written = UNTOUCHED_SIZE;
    // SAFETY: 81 readable bytes, `out_len` writable bytes, a writable size_t.
    let status = unsafe {
        sudoku_format(
            board.as_ptr().cast(),
            style,
            out.as_mut_ptr().cast(),
            out_len,
            &mut written,
        )
    };
    (status, out, written)
}

/// The formatted text (without its NUL), checking the NUL and the reported length.
fn format_text(board: &[u8; 81], style: c_int) -> Vec<u8> {
    let (status, mut out, written) = c_format(board, style, SUDOKU_FORMAT_MAX_SIZE);
    assert_eq!(status, OK);
    assert_eq!(out[written], 0, "no NUL after the text");
    assert!(!out[..written].contains(&0));
    assert!(
        out[written + 1..].iter().all(|&b| b == UNTOUCHED),
        "wrote past the NUL"
    );
    out.truncate(written);
    out
}

/// A random board: a subset of a random solution, '.' or '0' blanks (never both digits only).
fn random_board(rng: &mut Rng) -> [u8; 81] {
    let solution = random_solution(rng);
    let keep = rng.below(82);
    let blank = if rng.below(2) == 0 { b'.' } else { b'0' };
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut p = [blank; 81];
    for &i in &cells[..keep] {
        p[i] = solution[i];
    }
    p
}

/// The canonical form sudoku_parse writes: digits and '.'.
fn canonical(p: &[u8; 81]) -> [u8; 81] {
    p.map(|b| if (b'1'..=b'9').contains(&b) { b } else { b'.' })
}

#[test]
fn every_style_round_trips() {
    let mut rng = Rng(11);
    let mut boards: Vec<[u8; 81]> = (0..rounds(500, 4))
        .map(|_| random_board(&mut rng))
        .collect();
    boards.push([b'.'; 81]);
    boards.push(random_solution(&mut rng));
    for p in &boards {
        for style in STYLES {
            let text = format_text(p, style);
            assert_eq!(
                c_parse(&text),
                Ok(canonical(p)),
                "{}",
                String::from_utf8_lossy(&text)
            );
            // The Rust API writes the same text.
            let board = sudoku_engine::Board::from_bytes(p).unwrap();
            let format = sudoku_engine::Format::ALL[style as usize];
            assert_eq!(board.format(format).as_bytes(), text);
        }
    }
    // The sizes the header promises.
    let p = &boards[0];
    let sizes: Vec<usize> = STYLES
        .iter()
        .map(|&s| format_text(p, s).len() + 1)
        .collect();
    assert_eq!(sizes, [82, 243, 339]);
    assert_eq!(sizes.iter().max(), Some(&SUDOKU_FORMAT_MAX_SIZE));
}

/// The layouts people paste, built from a board with blanks written as `blank`.
fn layouts(p: &[u8; 81], blank: u8) -> Vec<(String, Vec<u8>)> {
    let cell = |i: usize| if p[i] == b'.' { blank } else { p[i] };
    let line: Vec<u8> = (0..81).map(cell).collect();
    let row = |r: usize| -> Vec<u8> { (0..9).map(|c| cell(r * 9 + c)).collect() };
    let spaced = |r: usize, open: &str, bar: &str, close: &str| -> Vec<u8> {
        let mut out = open.as_bytes().to_vec();
        for c in 0..9 {
            out.push(cell(r * 9 + c));
            out.extend_from_slice(match c {
                2 | 5 => bar.as_bytes(),
                8 => close.as_bytes(),
                _ => b" ",
            });
        }
        out
    };
    let join = |lines: Vec<Vec<u8>>, eol: &str| -> Vec<u8> {
        lines
            .into_iter()
            .flat_map(|l| [l, eol.as_bytes().to_vec()].concat())
            .collect()
    };
    let mut out = Vec::new();
    out.push(("line".into(), line.clone()));
    out.push(("line LF".into(), [&line[..], b"\n"].concat()));
    out.push(("line CRLF".into(), [&line[..], b"\r\n"].concat()));
    out.push((
        "line comment".into(),
        [&line[..], b"  # rated 9.5, 1-2 | x"].concat(),
    ));
    out.push((
        "line tab comment CRLF".into(),
        [&line[..], b"\t;source: forum\r\n\r\n"].concat(),
    ));
    out.push((
        "blank lines around".into(),
        [b"\n\r\n  \n", &line[..], b"\n\n\t\n"].concat(),
    ));
    out.push(("nine lines".into(), join((0..9).map(row).collect(), "\n")));
    out.push(("nine lines CRLF, no final EOL".into(), {
        let mut t = join((0..9).map(row).collect(), "\r\n");
        t.truncate(t.len() - 2);
        t
    }));
    out.push((
        "spaced, tabs".into(),
        join((0..9).map(|r| spaced(r, "\t", "\t", "\t")).collect(), "\n"),
    ));
    let mut grid = Vec::new();
    for r in 0..9 {
        if r == 3 || r == 6 {
            grid.push(b"------+-------+------".to_vec());
        }
        grid.push(spaced(r, "", " | ", ""));
    }
    out.push(("grid".into(), join(grid.clone(), "\n")));
    out.push(("grid CRLF comment".into(), {
        let mut t = join(grid, "\r\n");
        t.truncate(t.len() - 2);
        [&t[..], b"   # LeetCode 37\r\n"].concat()
    }));
    let mut bordered = vec![b"+-------+-------+-------+".to_vec()];
    for r in 0..9 {
        bordered.push(spaced(r, "| ", " | ", " |"));
        if r % 3 == 2 {
            bordered.push(b"+-------+-------+-------+".to_vec());
        }
    }
    out.push(("bordered".into(), join(bordered, "\n")));
    // Simple Sudoku's .ss layout.
    let mut ss = vec![b"*-----------*".to_vec()];
    for r in 0..9 {
        let cells = row(r);
        ss.push(
            [
                b"|",
                &cells[0..3],
                b"|",
                &cells[3..6],
                b"|",
                &cells[6..9],
                b"|",
            ]
            .concat(),
        );
        if r == 2 || r == 5 {
            ss.push(b"|---+---+---|".to_vec());
        }
    }
    ss.push(b"*-----------*".to_vec());
    out.push(("simple sudoku".into(), join(ss, "\r\n")));
    out.push(("compact grid".into(), {
        let mut lines = Vec::new();
        for r in 0..9 {
            let cells = row(r);
            lines.push([&cells[0..3], b"|", &cells[3..6], b"|", &cells[6..9]].concat());
            if r == 2 || r == 5 {
                lines.push(b"---+---+---".to_vec());
            }
        }
        join(lines, "\n")
    }));
    out
}

#[test]
fn pasted_layouts_are_read() {
    let mut rng = Rng(12);
    for round in 0..rounds(200, 1) {
        let p = canonical(&random_board(&mut rng));
        for blank in [b'.', b'0', b'_', b'*', b'x'] {
            for (name, text) in layouts(&p, blank) {
                let what = format!("round {round}, {name}, blank {}", blank as char);
                assert_eq!(
                    c_parse(&text),
                    Ok(p),
                    "{what}:\n{}",
                    String::from_utf8_lossy(&text)
                );
                assert_eq!(
                    sudoku_engine::parse(&text).map(|b| b.to_bytes()),
                    Ok(p),
                    "{what}"
                );
            }
        }
    }
}

/// Bytes that the grammar never allows outside a comment.
fn stray_byte(rng: &mut Rng) -> u8 {
    loop {
        let b = rng.below(256) as u8;
        if !(b"123456789.0_*x |\t-+\r\n".contains(&b)) {
            return b;
        }
    }
}

#[test]
fn stray_bytes_are_rejected_where_they_are() {
    let mut rng = Rng(13);
    for _ in 0..rounds(300, 2) {
        let p = canonical(&random_board(&mut rng));
        for (name, text) in layouts(&p, b'.') {
            // Up to and including the byte after the 81st cell, a stray byte is the first
            // problem; after it, a comment may begin.
            let last = (0..text.len())
                .filter(|&i| text[i] == b'.' || (b'1'..=b'9').contains(&text[i]))
                .nth(80)
                .unwrap();
            let at = rng.below(last + 2);
            // Between CR and LF, the CR is the problem: it no longer ends a line.
            let expected = if at > 0 && text[at - 1] == b'\r' {
                at - 1
            } else {
                at
            };
            let mut bad = text.clone();
            let stray = stray_byte(&mut rng);
            bad.insert(at, stray);
            assert_eq!(
                c_parse(&bad),
                Err((ERR_PARSE, expected)),
                "{name} {stray:#x} at {at}"
            );
            // A CR not followed by LF too.
            let mut cr = text.clone();
            cr.insert(at, b'\r');
            if cr.get(at + 1) != Some(&b'\n') {
                assert_eq!(
                    c_parse(&cr),
                    Err((ERR_PARSE, expected)),
                    "{name} CR at {at}"
                );
            }
        }
    }
}

/// A lone CR is an error in a trailing comment too: with CR-only line ends, a comment must not
/// swallow a second puzzle (or anything else) after it.
#[test]
fn a_cr_inside_a_comment_is_rejected() {
    let line = canonical(&random_board(&mut Rng(15)));
    let text = [&line[..], b"  # first\r", &line[..], b"\r"].concat();
    assert_eq!(c_parse(&text), Err((ERR_PARSE, 90)));
    let text = [&line[..], b"  # a\rb\n"].concat();
    assert_eq!(c_parse(&text), Err((ERR_PARSE, 86)));
    // CR LF still ends the comment's line.
    let text = [&line[..], b"  # a\r\n"].concat();
    assert_eq!(c_parse(&text), Ok(line));
}

#[test]
fn wrong_cell_counts_are_rejected_where_they_show() {
    let mut rng = Rng(14);
    for _ in 0..rounds(300, 2) {
        let p = canonical(&random_board(&mut rng));
        let line = p.to_vec();
        // Too few: the line (and text) ends at 80 cells.
        assert_eq!(c_parse(&line[..80]), Err((ERR_PARSE, 80)));
        assert_eq!(
            c_parse(&[&line[..80], b"\r\n"].concat()),
            Err((ERR_PARSE, 80))
        );
        // Too many: the 82nd cell.
        let extra = b'1' + rng.below(9) as u8;
        assert_eq!(
            c_parse(&[&line[..], &[extra]].concat()),
            Err((ERR_PARSE, 81))
        );
        // Two puzzles, on one line or two.
        for sep in [&b" "[..], b"\n", b"\r\n\r\n", b"  \t"] {
            let two = [&line[..], sep, &line[..]].concat();
            assert_eq!(c_parse(&two), Err((ERR_PARSE, 81 + sep.len())));
        }
        // Nine lines: one row one cell short (error at its end) or long (at the 10th cell).
        let r = rng.below(9);
        let rows: Vec<Vec<u8>> = (0..9).map(|k| line[k * 9..k * 9 + 9].to_vec()).collect();
        let mut short = rows.clone();
        short[r].pop();
        let text = short.join(&b'\n');
        let end = (0..=r).map(|k| short[k].len() + 1).sum::<usize>() - 1;
        assert_eq!(c_parse(&text), Err((ERR_PARSE, end)), "short row {r}");
        let mut long = rows.clone();
        long[r].push(b'.');
        let text = long.join(&b'\n');
        let tenth = (0..r).map(|k| long[k].len() + 1).sum::<usize>() + 9;
        if r == 0 {
            // A first line of 10 cells could be the start of an 81-cell line: it ends wrong.
            assert_eq!(c_parse(&text), Err((ERR_PARSE, 10)));
        } else {
            assert_eq!(c_parse(&text), Err((ERR_PARSE, tenth)), "long row {r}");
        }
        // Eight rows: the text ends early; a tenth row is a cell too many.
        let eight = rows[..8].join(&b'\n');
        assert_eq!(c_parse(&eight), Err((ERR_PARSE, eight.len())));
        let ten = [&rows[..], &rows[..1]].concat().join(&b'\n');
        assert_eq!(c_parse(&ten), Err((ERR_PARSE, 90)));
        // A second grid after a complete one.
        let grid = format_text(&p, STYLES[1]);
        let two = [&grid[..], &grid[..]].concat();
        assert_eq!(c_parse(&two), Err((ERR_PARSE, grid.len())));
    }
    // Empty text, only rules and blanks, a comment before the puzzle.
    assert_eq!(c_parse(b""), Err((ERR_PARSE, 0)));
    assert_eq!(c_parse(b"+---+\n\n |"), Err((ERR_PARSE, 9)));
    let line = [b'.'; 81];
    assert_eq!(
        c_parse(&[b"# title\n", &line[..]].concat()),
        Err((ERR_PARSE, 0))
    );
    // A comment must follow whitespace.
    assert_eq!(c_parse(&[&line[..], b"#x"].concat()), Err((ERR_PARSE, 81)));
    assert_eq!(c_parse(&[&line[..], b" #x"].concat()).map(|_| ()), Ok(()));
    // Upper-case X is not a blank.
    let mut upper = line;
    upper[40] = b'X';
    assert_eq!(c_parse(&upper), Err((ERR_PARSE, 40)));
}

#[test]
fn rust_parse_errors_name_the_problem() {
    use sudoku_engine::{ParseError, ParseErrorKind};
    let line = [b'.'; 81];
    let err = |offset, kind| Err(ParseError { offset, kind });
    assert_eq!(
        sudoku_engine::parse(&line[..80]),
        err(80, ParseErrorKind::WrongLineLength(80))
    );
    assert_eq!(
        sudoku_engine::parse(&line[..9]),
        err(9, ParseErrorKind::MissingCells(9))
    );
    assert_eq!(
        sudoku_engine::parse(&[&line[..], b"1"].concat()),
        err(81, ParseErrorKind::ExtraCell)
    );
    assert_eq!(
        sudoku_engine::parse(b"12,"),
        err(2, ParseErrorKind::UnexpectedByte(b','))
    );
    let e = sudoku_engine::parse(b"12,").unwrap_err();
    assert!(e.to_string().contains("offset 2"), "{e}");
}

/// Parses `text` placed so that it ends exactly at an inaccessible page: reading past the
/// given length would crash the test.
fn parse_at_page_end(text: &[u8]) -> Result<[u8; 81], (i32, usize)> {
    // SAFETY: plain libc page-mapping calls on a mapping private to this function, unmapped
    // before returning; the text is copied inside the accessible page.
    unsafe {
        let page = libc::sysconf(libc::_SC_PAGESIZE) as usize;
        assert!(text.len() <= page);
        let base = libc::mmap(
            std::ptr::null_mut(),
            2 * page,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        assert_ne!(base, libc::MAP_FAILED);
        let base = base.cast::<u8>();
        assert_eq!(
            libc::mprotect(base.add(page).cast(), page, libc::PROT_NONE),
            0
        );
        let start = base.add(page - text.len());
        std::ptr::copy_nonoverlapping(text.as_ptr(), start, text.len());
        let mut board = [UNTOUCHED; 81];
        let mut offset = UNTOUCHED_SIZE;
        let status = sudoku_parse(
            start.cast(),
            text.len(),
            board.as_mut_ptr().cast(),
            &mut offset,
        );
        libc::munmap(base.cast(), 2 * page);
        if status == OK {
            Ok(board)
        } else {
            Err((status, offset))
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "needs mmap/mprotect guard pages, which Miri does not support; under Miri the parse \
              seeds (tests/fuzz_seeds.rs) run through the same contract, every access checked"
)]
fn random_bytes_never_panic_nor_read_past_the_text() {
    let mut rng = Rng(15);
    let alphabet = b"123456789.0_*x |\t-+\r\n#aX";
    let mut accepted = 0;
    for round in 0..20000 {
        let mut text = if round % 2 == 0 {
            let p = random_board(&mut rng);
            let all = layouts(&canonical(&p), b'.');
            all[rng.below(all.len())].1.clone()
        } else {
            Vec::new()
        };
        // Mutate: insert, delete or replace bytes, mostly from the grammar's alphabet.
        for _ in 0..1 + rng.below(4) {
            let b = if rng.below(4) == 0 {
                rng.below(256) as u8
            } else {
                alphabet[rng.below(alphabet.len())]
            };
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 => text.insert(at, b),
                1 if at < text.len() => {
                    text.remove(at);
                }
                _ if at < text.len() => text[at] = b,
                _ => text.push(b),
            }
        }
        let result = parse_at_page_end(&text);
        match result {
            Ok(board) => {
                accepted += 1;
                assert!(board.iter().all(|b| b"123456789.".contains(b)));
                assert_eq!(c_parse(&format_text(&board, STYLES[2])), Ok(board));
            }
            Err((status, offset)) => {
                assert_eq!(status, ERR_PARSE);
                assert!(offset <= text.len());
            }
        }
        assert_eq!(result, c_parse(&text), "same answer wherever the text lies");
    }
    assert!(accepted > 1000, "{accepted}");
    // Look-ahead bytes at the very end: '*' (border?) and '\r' (CR LF?).
    let dots = [b'.'; 81];
    for (text, expected) in [
        ([&dots[..80], b"*"].concat(), Ok(dots)),
        ([&dots[..80], b"x"].concat(), Ok(dots)),
        ([&dots[..], b"|"].concat(), Ok(dots)),
        ([&dots[..], b"\r"].concat(), Err((ERR_PARSE, 81))),
        (
            [&b".........\n".repeat(8)[..], b"........*"].concat(),
            Ok(dots),
        ),
    ] {
        assert_eq!(parse_at_page_end(&text), expected, "{text:?}");
    }
}

#[test]
fn parse_argument_errors_leave_outputs_untouched() {
    let line = [b'.'; 81];
    let mut board = [UNTOUCHED; 81];
    let mut offset = UNTOUCHED_SIZE;
    // SAFETY: NULL pointers and a huge length must be rejected before anything is read.
    unsafe {
        let status = sudoku_parse(std::ptr::null(), 0, board.as_mut_ptr().cast(), &mut offset);
        assert_eq!(status, ERR_NULL);
        let status = sudoku_parse(line.as_ptr().cast(), 81, std::ptr::null_mut(), &mut offset);
        assert_eq!(status, ERR_NULL);
        let status = sudoku_parse(
            line.as_ptr().cast(),
            usize::MAX,
            board.as_mut_ptr().cast(),
            &mut offset,
        );
        assert_eq!(status, ERR_ARG);
        // out_error_offset may be NULL.
        let status = sudoku_parse(
            line.as_ptr().cast(),
            80,
            board.as_mut_ptr().cast(),
            std::ptr::null_mut(),
        );
        assert_eq!(status, ERR_PARSE);
    }
    assert_eq!((board, offset), ([UNTOUCHED; 81], UNTOUCHED_SIZE));
    // Parsing does not look at clashes.
    let mut clash = line;
    clash[0] = b'5';
    clash[1] = b'5';
    assert_eq!(c_parse(&clash), Ok(clash));
}

#[test]
fn format_reports_sizes_and_errors_without_writing() {
    let mut rng = Rng(16);
    let p = random_board(&mut rng);
    for style in STYLES {
        let text = format_text(&p, style);
        let needed = text.len() + 1;
        // One byte short: the size needed, nothing written.
        let (status, out, written) = c_format(&p, style, needed - 1);
        assert_eq!((status, written), (ERR_SMALL, needed));
        assert!(out.iter().all(|&b| b == UNTOUCHED));
        // Exactly enough.
        let (status, out, written) = c_format(&p, style, needed);
        assert_eq!((status, written), (OK, text.len()));
        assert_eq!(&out[..text.len()], &text[..]);
        assert_eq!(out[text.len()], 0);
        // Size query: NULL buffer of length 0.
        let mut size = 0;
        // SAFETY: NULL with out_len 0 is the documented size query.
        let status =
            unsafe { sudoku_format(p.as_ptr().cast(), style, std::ptr::null_mut(), 0, &mut size) };
        assert_eq!((status, size), (ERR_SMALL, needed));
    }
    for style in [-1, 3, 1000, c_int::MIN] {
        let (status, out, written) = c_format(&p, style, SUDOKU_FORMAT_MAX_SIZE);
        assert_eq!((status, written), (ERR_ARG, UNTOUCHED_SIZE));
        assert!(out.iter().all(|&b| b == UNTOUCHED));
    }
    let mut bad = p;
    bad[17] = b'X';
    let (status, out, written) = c_format(&bad, STYLES[1], SUDOKU_FORMAT_MAX_SIZE);
    assert_eq!((status, written), (ERR_CHAR, UNTOUCHED_SIZE));
    assert!(out.iter().all(|&b| b == UNTOUCHED));
    // SAFETY: NULL board, or NULL out with a non-zero length, must be rejected.
    unsafe {
        let mut out = [UNTOUCHED; 100];
        let status = sudoku_format(
            std::ptr::null(),
            0,
            out.as_mut_ptr().cast(),
            100,
            std::ptr::null_mut(),
        );
        assert_eq!(status, ERR_NULL);
        let status = sudoku_format(
            p.as_ptr().cast(),
            0,
            std::ptr::null_mut(),
            100,
            std::ptr::null_mut(),
        );
        assert_eq!(status, ERR_NULL);
        assert_eq!(out, [UNTOUCHED; 100]);
        // out_written may be NULL.
        let status = sudoku_format(
            p.as_ptr().cast(),
            0,
            out.as_mut_ptr().cast(),
            100,
            std::ptr::null_mut(),
        );
        assert_eq!((status, &out[..81], out[81]), (OK, &canonical(&p)[..], 0));
    }
    // Clashing givens are formatted as they are.
    let mut clash = [b'.'; 81];
    clash[0] = b'5';
    clash[1] = b'5';
    assert_eq!(format_text(&clash, STYLES[0]), clash);
}
