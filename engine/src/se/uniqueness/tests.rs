//! Tests of the uniqueness rules, on positions of the reference rater's solution paths
//! (`engine/tests/data/se/unique/steps.txt`, made by `make_sample.py` there).

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
    let mut values = [0u8; CELLS];
    let mut masks = [0u16; CELLS];
    for c in 0..CELLS {
        values[c] = f[1].as_bytes()[c] - b'0';
        masks[c] = u16::from_str_radix(&f[2][3 * c..3 * c + 3], 16).unwrap();
    }
    let mut eliminations = [0u16; CELLS];
    for e in f[5].split(',') {
        let (c, m) = e.split_once(':').unwrap();
        eliminations[c.parse::<usize>().unwrap()] = u16::from_str_radix(m, 16).unwrap();
    }
    Step {
        class: f[0].chars().next().unwrap(),
        values,
        masks,
        tenths: f[3].parse().unwrap(),
        rule: f[4].to_string(),
        eliminations,
    }
}

fn sample() -> Vec<Step> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/se/unique/steps.txt"
    );
    let text = std::fs::read_to_string(path).expect("the uniqueness sample");
    text.lines().map(parse).collect()
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

/// Whatever the two rules find on these positions never removes a digit of the solution.
#[test]
fn hints_are_sound() {
    for step in sample() {
        let solution = Board::from_cells(step.values)
            .and_then(|b| b.solve())
            .expect("a position of a proper puzzle");
        let g = grid(&step);
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
        }
    }
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
