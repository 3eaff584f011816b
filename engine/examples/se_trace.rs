//! Replays the reference rater's step-by-step traces (from `.ci/se_trace.sh`) against our
//! rater: at every one of SE's positions, does our ladder take the same step (same effect, same
//! rating)? And if not, which of our rules would have? Prints a table per SE rule name, then the
//! first disagreements.
//!
//! `cargo run --release -p sudoku-engine --example se_trace -- TRACE [--show N] [--rule NAME]`
//! (`--rule` keeps only steps whose SE rule name starts with NAME).

use std::collections::BTreeMap;

use sudoku_engine::se::trace::{Step, check, parse_position, rule_names};

/// Digits and candidate masks of a position.
type Position = ([u8; 81], [u16; 81]);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut show = 20usize;
    let mut only: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--show" => {
                show = args[i + 1].parse().expect("--show N");
                i += 1;
            }
            "--rule" => {
                only = Some(args[i + 1].clone());
                i += 1;
            }
            f => file = Some(f.to_string()),
        }
        i += 1;
    }
    let text = std::fs::read_to_string(file.expect("usage: se_trace TRACE")).expect("read trace");
    let names = rule_names();
    // Group lines by puzzle: a list of (position, step) and the positions after.
    let mut puzzles: Vec<Vec<(Option<Step>, Position)>> = Vec::new();
    let mut pending: Option<Position> = None;
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "S" => {
                puzzles.push(Vec::new());
                pending = None;
            }
            "B" => {
                let pos = parse_position(f[1], f[2]).expect("bad B line");
                pending = Some(pos);
            }
            "A" => {
                let (values, masks) = pending.take().expect("A without B");
                let tenths = (f[1].parse::<f64>().expect("rating") * 10.0).round() as u32;
                let step = Step {
                    values,
                    masks,
                    tenths,
                    description: f[2..].join("\t"),
                };
                if let Some(p) = puzzles.last_mut() {
                    p.push((Some(step), (values, masks)));
                }
            }
            _ => {}
        }
    }
    let mut table: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut shown = 0;
    for steps in &puzzles {
        for k in 0..steps.len() {
            let step = steps[k].0.as_ref().unwrap();
            if let Some(o) = &only {
                if !step.rule_name().starts_with(o.as_str()) {
                    continue;
                }
            }
            let next = steps.get(k + 1).map(|s| &s.1);
            let out = check(step, next);
            let row = table.entry(out.se_rule.clone()).or_default();
            row[0] += 1;
            row[1] += usize::from(out.ladder_agrees);
            row[2] += usize::from(out.ladder_agrees || out.matching_rule.is_some());
            if !out.ladder_agrees && shown < show {
                shown += 1;
                let pm: String = step.values.iter().map(|&v| char::from(b'0' + v)).collect();
                println!(
                    "SE {:.1} {}\n   ours {:?}; rule with SE's effect: {}\n   position {}",
                    f64::from(step.tenths) / 10.0,
                    step.description,
                    out.ours,
                    out.matching_rule
                        .map(|(i, n)| format!("{} ({n})", names[i]))
                        .unwrap_or_else(|| "none".into()),
                    pm
                );
            }
        }
    }
    println!("\n| SE rule | steps | our ladder agrees | some rule of ours agrees |");
    println!("|---|---:|---:|---:|");
    let mut tot = [0usize; 3];
    for (name, r) in &table {
        println!("| {name} | {} | {} | {} |", r[0], r[1], r[2]);
        for k in 0..3 {
            tot[k] += r[k];
        }
    }
    println!("| all | {} | {} | {} |", tot[0], tot[1], tot[2]);
}
