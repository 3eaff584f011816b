//! Step-by-step comparison with the reference rater (a development aid, hidden from the docs).
//!
//! `.ci/se_trace.sh` makes the reference rater print, for every step of every puzzle, the
//! position before it (`B`, values and pencil marks), the hint's rating and description (`A`),
//! and the final ratings (`F`). [`check`] replays such a trace: at each of SE's positions it asks
//! our whole ladder for the next step and compares its effect and rating with SE's, and, when
//! they differ, finds which of our rules (if any) does exactly what SE's step did. Because each
//! step starts from SE's own position, every rule family can be checked on its own, whatever the
//! state of the others.

use super::Ctx;
use super::grid::Grid;
use super::hint::{Hint, tenths};
use super::ladder::{LADDER, next_hint};
use crate::grid::{CELLS, Candidates};

/// One step of a trace.
#[derive(Clone, Debug)]
pub struct Step {
    /// Digits placed before the step (0 = empty).
    pub values: [u8; CELLS],
    /// Candidate masks before the step.
    pub masks: [u16; CELLS],
    /// SE's difficulty of the step, in tenths.
    pub tenths: u32,
    /// SE's description of the step (`toString()`), e.g. `"Hidden Single: B4: 7 in block"`.
    pub description: String,
}

impl Step {
    /// SE's rule name: the description up to its first `':'`.
    pub fn rule_name(&self) -> &str {
        self.description.split(':').next().unwrap_or("").trim()
    }
}

/// Reads SE's `%i` (81 characters, digits or `.`/`0`) and `%m` (729 characters, 9 per cell: the
/// digit or `.` for each candidate) into values and masks. `None` if malformed.
pub fn parse_position(values: &str, marks: &str) -> Option<([u8; CELLS], [u16; CELLS])> {
    let (v, m) = (values.as_bytes(), marks.as_bytes());
    if v.len() != CELLS || m.len() != CELLS * 9 {
        return None;
    }
    let mut out_v = [0u8; CELLS];
    let mut out_m = [0u16; CELLS];
    for cell in 0..CELLS {
        out_v[cell] = match v[cell] {
            b'1'..=b'9' => v[cell] - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
        if out_v[cell] == 0 {
            for d in 0..9 {
                match m[cell * 9 + d] {
                    b'.' => {}
                    c if c == b'1' + d as u8 => out_m[cell] |= 1 << d,
                    _ => return None,
                }
            }
        }
    }
    Some((out_v, out_m))
}

/// What our rater does at one of SE's positions.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// SE's rule name.
    pub se_rule: String,
    /// Our whole ladder's step has SE's effect and rating.
    pub ladder_agrees: bool,
    /// Our ladder's step: technique name, SE name, tenths (or `None` if it found nothing).
    pub ours: Option<(String, u32)>,
    /// The first of our rules (ladder index and hint name) whose own first hint has SE's
    /// effect and rating, if any.
    pub matching_rule: Option<(usize, String)>,
}

/// The position after `hint` as values and masks.
fn after(grid: &Grid, hint: &Hint) -> ([u8; CELLS], [u16; CELLS]) {
    let mut g = grid.clone();
    hint.apply(&mut g);
    let c = g.to_candidates();
    (*c.values(), *c.masks())
}

/// Compares our step with SE's at `step`, whose effect is the position `next` (values, masks),
/// or, for the last step, a solved grid (`next` = `None`: only the rating is compared, and that
/// the step solves the grid).
pub fn check(step: &Step, next: Option<&([u8; CELLS], [u16; CELLS])>) -> Outcome {
    let grid = Grid::from_candidates(&Candidates::from_parts(step.values, step.masks));
    let mut ctx = Ctx {
        budget: super::Options::DEFAULT_BUDGET,
        exhausted: false,
        explain: false,
    };
    let same = |hint: &Hint| {
        if hint.tenths() != step.tenths {
            return false;
        }
        let (v, m) = after(&grid, hint);
        match next {
            Some((nv, nm)) => v == *nv && m == *nm,
            None => v.iter().all(|&x| x != 0),
        }
    };
    let ours = next_hint(&grid, &mut ctx);
    let ladder_agrees = ours.as_ref().is_some_and(same);
    let mut matching_rule = None;
    if !ladder_agrees {
        for (i, rule) in LADDER.iter().enumerate() {
            let mut ctx = Ctx {
                budget: super::Options::DEFAULT_BUDGET,
                exhausted: false,
                explain: false,
            };
            if let Some(h) = rule.find(&grid, &mut ctx) {
                if same(&h) {
                    matching_rule = Some((i, h.name.to_string()));
                    break;
                }
            }
        }
    }
    Outcome {
        se_rule: step.rule_name().to_string(),
        ladder_agrees,
        ours: ours.map(|h| (h.name.to_string(), tenths(h.difficulty))),
        matching_rule,
    }
}

/// The ladder's rules, by index, for reports.
pub fn rule_names() -> Vec<String> {
    LADDER.iter().map(|r| format!("{r:?}")).collect()
}
