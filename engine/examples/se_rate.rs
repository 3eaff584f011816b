//! Rates puzzles with the Sudoku Explainer rater, printing what the reference rater's `rate.sh`
//! prints, so the two can be compared line by line:
//!
//! ```text
//! PUZZLE<TAB>ER/EP/ED<TAB>hardest rule<TAB>microseconds
//! ```
//!
//! Input: one puzzle per line (81 characters; anything after them, e.g. a rating column, is
//! ignored) on standard input or in the files named. A puzzle that cannot be rated prints its
//! reason instead of the ratings. `--budget=N` rates with a budget of `N` work units instead of
//! the default (to find what a set of puzzles needs).
//!
//! `cargo run --release -p sudoku-engine --example se_rate [--budget=N] < puzzles.txt`

use std::io::{BufRead, BufWriter, Write};
use std::time::Instant;

use sudoku_engine::Board;
use sudoku_engine::se::{Options, RateError, rate, tenths};

fn main() {
    let mut options = Options::default();
    let mut files: Vec<String> = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.strip_prefix("--budget=") {
            Some(n) => options.budget = n.parse().expect("--budget=N takes a whole number"),
            None => files.push(arg),
        }
    }
    let mut lines: Vec<String> = Vec::new();
    if files.is_empty() {
        for line in std::io::stdin().lock().lines() {
            lines.push(line.expect("read stdin"));
        }
    } else {
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
            lines.extend(text.lines().map(String::from));
        }
    }
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    let fmt = |t: u32| format!("{}.{}", t / 10, t % 10);
    for line in lines {
        let text: String = line.chars().take(81).collect();
        if text.len() < 81 || line.starts_with('#') {
            continue;
        }
        let board: Board = match text.parse() {
            Ok(b) => b,
            Err(e) => {
                writeln!(out, "{text}\terror: {e}").unwrap();
                continue;
            }
        };
        let start = Instant::now();
        let result = rate(&board, options);
        let us = start.elapsed().as_micros();
        match result {
            Ok(r) => writeln!(
                out,
                "{text}\t{}/{}/{}\t{}\t{us}",
                fmt(r.er_tenths),
                fmt(r.ep_tenths),
                fmt(r.ed_tenths),
                r.hardest_name().unwrap_or("")
            ),
            Err(RateError::Board(e)) => writeln!(out, "{text}\terror: {e}\t\t{us}"),
            Err(RateError::BudgetExhausted { partial }) => writeln!(
                out,
                "{text}\tbudget exhausted (ER >= {})\t\t{us}",
                fmt(tenths(partial.er))
            ),
            Err(RateError::Stuck { partial }) => writeln!(
                out,
                "{text}\tstuck (ER >= {})\t\t{us}",
                fmt(tenths(partial.er))
            ),
        }
        .unwrap();
    }
}
