//! Tests of the uniqueness rules, on positions of the reference rater's solution paths
//! (`engine/tests/data/se/unique/`): `steps.txt` (made by `make_sample.py`) has SE's steps and
//! what they imply for these rules; `isolated.txt` (made by `make_isolated.py` from what
//! `probe/UniqueProbe.java` prints) has SE's own `UniqueLoops` and `BivalueUniversalGrave`
//! run on their own on a position, whatever the rules before them would have found.

use super::{bug, combinations, unique_loops};
use crate::board::Board;
use crate::grade::Technique;
use crate::grid::{CELLS, Candidates};
use crate::se::Ctx;
use crate::se::grid::Grid;
use crate::se::hint::Hint;

/// One step of the sample.
struct Step {
    class: char,
    values: [u8; CELLS],
    masks: [u16; CELLS],
    tenths: u32,
    rule: String,
    eliminations: [u16; CELLS],
}

fn parse(line: &str) -> Step {
    let f: Vec<&str> = line.split('\t').collect();
    assert_eq!(f.len(), 6, "bad line {line}");
    let (values, masks) = parse_position(f[1], f[2]);
    let eliminations = parse_eliminations(f[5]);
    Step {
        class: f[0].chars().next().unwrap(),
        values,
        masks,
        tenths: f[3].parse().unwrap(),
        rule: f[4].to_string(),
        eliminations,
    }
}

fn read(file: &str) -> String {
    let path = format!("{}/tests/data/se/unique/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn sample() -> Vec<Step> {
    read("steps.txt").lines().map(parse).collect()
}

fn parse_position(values: &str, masks: &str) -> ([u8; CELLS], [u16; CELLS]) {
    let mut v = [0u8; CELLS];
    let mut m = [0u16; CELLS];
    for c in 0..CELLS {
        v[c] = values.as_bytes()[c] - b'0';
        m[c] = u16::from_str_radix(&masks[3 * c..3 * c + 3], 16).unwrap();
    }
    (v, m)
}

fn parse_eliminations(list: &str) -> [u16; CELLS] {
    let mut out = [0u16; CELLS];
    for e in list.split(',').filter(|e| !e.is_empty()) {
        let (c, m) = e.split_once(':').unwrap();
        out[c.parse::<usize>().unwrap()] = u16::from_str_radix(m, 16).unwrap();
    }
    out
}

fn ctx(explain: bool) -> Ctx {
    Ctx {
        budget: crate::se::Options::DEFAULT_BUDGET,
        exhausted: false,
        explain,
    }
}

fn grid(step: &Step) -> Grid {
    Grid::from_candidates(&Candidates::from_parts(step.values, step.masks))
}

/// SE's step, as our hint must be.
fn same_as_se(hint: &Hint, step: &Step) -> bool {
    hint.tenths() == step.tenths
        && hint.name.as_str() == step.rule
        && hint.eliminations == step.eliminations
        && hint.placement.is_none()
}

#[test]
fn combinations_follow_ses_permutations() {
    let all: Vec<u32> = combinations(2, 4).collect();
    assert_eq!(all, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    assert_eq!(combinations(0, 3).collect::<Vec<_>>(), vec![0]);
    assert_eq!(combinations(0, 0).count(), 0);
    assert_eq!(combinations(3, 3).collect::<Vec<_>>(), vec![0b111]);
    assert_eq!(combinations(4, 9).count(), 126);
}

#[test]
fn the_sample_covers_every_kind() {
    let steps = sample();
    for prefix in [
        "Unique Rectangle type 1",
        "Unique Rectangle type 2",
        "Unique Rectangle type 3",
        "Unique Rectangle type 4",
        "Unique Loop 6 type 1",
        "Unique Loop 8 type 2",
        "BUG type 1",
        "BUG type 2",
        "BUG type 3",
        "BUG type 4",
    ] {
        assert!(
            steps.iter().any(|s| s.rule == prefix),
            "no {prefix} in the sample"
        );
    }
    for class in ['U', 'B', 'n', 'N'] {
        assert!(steps.iter().any(|s| s.class == class), "no class {class}");
    }
}

/// Where SE took a unique rectangle or loop, ours is the same step; where SE's ladder went past
/// `UniqueLoops` to a later rule, ours finds nothing.
#[test]
fn unique_loops_take_ses_step() {
    let mut checked = 0;
    for step in sample() {
        let found = unique_loops(&grid(&step), &mut ctx(false));
        match step.class {
            'U' => {
                let hint = found.unwrap_or_else(|| panic!("missed SE's {}", step.rule));
                assert!(same_as_se(&hint, &step), "{hint:?} for SE's {}", step.rule);
                let expected = if step.rule.starts_with("Unique Rectangle") {
                    Technique::UniqueRectangle
                } else {
                    Technique::UniqueLoop
                };
                assert_eq!(hint.technique, expected);
                checked += 1;
            }
            'B' | 'n' | 'N' => {
                assert!(found.is_none(), "{found:?} where SE took {}", step.rule)
            }
            _ => panic!("bad class"),
        }
    }
    assert!(checked > 100);
}

/// Where SE took a BUG, ours is the same step; where SE's ladder went past the BUG rule, ours
/// finds nothing.
#[test]
fn bug_takes_ses_step() {
    let mut checked = 0;
    for step in sample() {
        let found = bug(&grid(&step), &mut ctx(false));
        match step.class {
            'B' => {
                let hint = found.unwrap_or_else(|| panic!("missed SE's {}", step.rule));
                assert!(same_as_se(&hint, &step), "{hint:?} for SE's {}", step.rule);
                let expected = match step.rule.as_str() {
                    "BUG type 1" => Technique::BugPlusOne,
                    "BUG type 2" => Technique::BugType2,
                    "BUG type 3" => Technique::BugType3,
                    _ => Technique::BugType4,
                };
                assert_eq!(hint.technique, expected);
                checked += 1;
            }
            'N' => assert!(found.is_none(), "{found:?} where SE took {}", step.rule),
            _ => {}
        }
    }
    assert!(checked > 30);
}

/// Whatever the two rules find on the positions of both files never removes a digit of the
/// solution.
#[test]
fn hints_are_sound() {
    let mut positions: Vec<([u8; CELLS], [u16; CELLS])> =
        sample().iter().map(|s| (s.values, s.masks)).collect();
    for line in read("isolated.txt").lines() {
        let f: Vec<&str> = line.split('\t').collect();
        positions.push(parse_position(f[0], f[1]));
    }
    let mut hints_checked = 0;
    for (values, masks) in positions {
        let solution = Board::from_cells(values)
            .and_then(|b| b.solve())
            .expect("a position of a proper puzzle");
        let g = Grid::from_candidates(&Candidates::from_parts(values, masks));
        let hints = [unique_loops(&g, &mut ctx(false)), bug(&g, &mut ctx(false))];
        for hint in hints.into_iter().flatten() {
            assert!(hint.is_worth(&g));
            for c in 0..CELLS {
                let bit = 1u16 << (solution.get(c) - 1);
                assert_eq!(
                    hint.eliminations[c] & bit,
                    0,
                    "{} removes the solution from cell {c}",
                    hint.name
                );
            }
            hints_checked += 1;
        }
    }
    assert!(hints_checked > 500);
}

/// Asking for an explanation changes nothing in the step and shows the pattern.
#[test]
fn explanations_show_the_pattern() {
    for step in sample().iter().filter(|s| s.class == 'U' || s.class == 'B') {
        let g = grid(step);
        for rule in [unique_loops, bug] {
            let (Some(plain), Some(explained)) =
                (rule(&g, &mut ctx(false)), rule(&g, &mut ctx(true)))
            else {
                continue;
            };
            assert!(plain.explanation.is_none());
            let e = explained.explanation.as_ref().expect("an explanation");
            assert!(!e.pattern.is_empty());
            for &(c, ds) in &e.pattern {
                assert_eq!(ds.bits() & !g.masks()[c], 0, "shown digits are candidates");
            }
            assert_eq!(plain.eliminations, explained.eliminations);
            assert_eq!(plain.difficulty, explained.difficulty);
        }
    }
}

/// SE's `UniqueLoops` and `BivalueUniversalGrave` on their own: ours find the same first hint
/// (or none) on every position, including early ones where the loop search has most to do.
#[test]
fn each_rule_alone_matches_se() {
    let describe = |h: &Option<Hint>| match h {
        None => "-".to_string(),
        Some(h) => {
            let e: Vec<String> = (0..CELLS)
                .filter(|&c| h.eliminations[c] != 0)
                .map(|c| format!("{c}:{:03x}", h.eliminations[c]))
                .collect();
            format!("{}|{}|{}", h.name, h.tenths(), e.join(","))
        }
    };
    let (mut loops_found, mut bugs_found) = (0, 0);
    for line in read("isolated.txt").lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let (values, masks) = parse_position(f[0], f[1]);
        let g = Grid::from_candidates(&Candidates::from_parts(values, masks));
        let loops = unique_loops(&g, &mut ctx(false));
        let bugs = bug(&g, &mut ctx(false));
        assert_eq!(describe(&loops), f[2], "UniqueLoops on {}", f[0]);
        assert_eq!(describe(&bugs), f[3], "BivalueUniversalGrave on {}", f[0]);
        loops_found += usize::from(loops.is_some());
        bugs_found += usize::from(bugs.is_some());
    }
    assert!(loops_found > 200 && bugs_found > 50);
}
