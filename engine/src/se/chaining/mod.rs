//! Chains: SE's `Chaining` producer (`solver/rules/chaining/`) in its modes — bidirectional
//! cycles and forcing chains (X, Y and mixed, [`cycles`]), Nishio, multiple (cell and region)
//! and dynamic forcing chains, and the "+" level ([`multiple`], [`advanced`]), with SE's
//! length-based difficulty.
//!
//! SE collects every hint of the producer and keeps the first after a stable sort by
//! (difficulty, complexity, sort key); [`common::Best`] keeps that hint as the hints are offered
//! in SE's order (a later hint replaces it only if strictly smaller), and a search stops as soon
//! as none of its remaining hints could (their complexity only grows), which is exact.
//!
//! Rules of SE's that decide which hint comes first (each kept):
//!
//! * Difficulty: base + `getLengthDifficulty()` of the complexity, in `f64` and SE's order
//!   (+0.1 each time complexity − 2 passes 4, 6, 8, 12, 16, 24, 32, …). Bases: X or Y cycle 6.5,
//!   X forcing chain 6.6, mixed cycle or chain 7.0, Nishio 7.5, multiple 8.0, dynamic 8.5,
//!   "+" 9.0. Sort keys: double 1, X 2, Y 3, mixed 4, cell 5, region 6, contradiction 7.
//! * Complexity: the number of distinct potentials (candidate, on/off) among the ancestors of
//!   each chain's last node, hidden parents included, summed over the chains (a contradiction
//!   counts its two halves separately).
//! * Order of the hints: cycles mode — X links, then Y, then both; per candidate (cell, then
//!   digit): its cycles as met, then the chain to "off", then the chain to "on". Other modes —
//!   per cell (cardinality > 2, or > 1 when dynamic), per digit: the contradiction from "on",
//!   then from "off", the doubles "on" then "off" (in the order the "on" run found them), then
//!   the region chains of the regions (block, row, column) where the cell is the digit's
//!   first place; after the digits, the cell chains. Results of region and cell chains iterate
//!   in the order of the first run's discoveries.
//! * Static multiple chains skip bivalue cells as starting cells (SE's loop condition), though
//!   their runs serve region chains; Nishio has no cell links at all; the doubles need a cell of
//!   three candidates or more; a run stopped by a contradiction keeps its partial sets, which
//!   region and cell chains then intersect.
//! * What a hint does: a contradiction from "on" removes the candidate; from "off" it places it
//!   (other candidates removed); a double, cell or region chain on a potential "on" places it,
//!   "off" removes it. A cycle removes only candidates outside its cells.
//!
//! Nested level 2 (`Chaining(true, true, false, 2)`, 9.5) is ported: when the "+" rules give
//! nothing, SE's forcing chains and cycles producer runs on the run's grid and every one of its
//! hints (sorted, equal eliminations once) whose chains rest on removed candidates
//! (`collectRuleParents`: "on" nodes with a cause, the reversed cycle keeping the causes of the
//! nodes it reverses) adds its eliminations, and its complexity, once per distinct full chain,
//! to the outer hint's. Level 3 (10.0) adds, after that, SE's static multiple chains producer
//! the same way (a cell chain's assumptions count as cell causes, a region chain's as the
//! region's). Not ported: level 4 (nested dynamic chains, SE 10.5 and up, its "experimental"
//! producers with their nesting limits): it returns nothing, so a puzzle that needs it stops
//! unrated.
//!
//! Memory per call: the static link table (per candidate its links, packed: at most 28
//! "on" to "off" and 4 "off" to "on" keys) and the graph of those links' components (1458
//! nodes, each component's reach in 192 bytes; built by the cycles mode and the static
//! multiple chains), both kept for the step in [`ChainMemo`] (one of each, storage reused
//! from step to step), and the cycles mode's search scratch (at most 729 "on" and 729 × 28
//! "off" entries, the lists of links into a component at most 729 × 28 keys);
//! in the other modes the implication runs from "on" still needed (a cell's runs are recycled
//! once the scan is past it: every region through the cell has had its region chains by
//! then), each at most 1458 nodes plus 2 × 729 slots, and one scratch run. Every processed "off" spends one unit of `ctx.budget`
//! (the "+" level's rule scans 20 more), and a search stops when it runs out.

mod advanced;
mod common;
mod cycles;
mod multiple;

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;
use crate::grid::CellSet;
use crate::grid::geometry::{UNIT_SET, box_of, box_unit, col, col_unit, row, row_unit};

/// The parameters of one of SE's chaining producers (`new Chaining(isMultipleEnabled,
/// isDynamic, isNishio, level, noParallel, nestingLimit)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Multiple chains: cell and region forcing chains.
    pub multiple: bool,
    /// Dynamic chains: each implication sees the grid as the earlier ones left it.
    pub dynamic: bool,
    /// Nishio: a candidate assumed true that leads to a contradiction.
    pub nishio: bool,
    /// 0 for the plain producers; 1 for "+" (the simple techniques used inside chains); 2 to 4
    /// for nested forcing chains.
    pub level: u8,
    /// SE's `nestingLimit` for level 4.
    pub nesting_limit: u8,
}

impl Mode {
    /// `Chaining(false, false, false, 0, false, 0)`: bidirectional cycles and forcing chains.
    pub const CYCLES: Mode = Mode::new(false, false, false, 0, 0);
    /// `Chaining(false, true, true, 0, false, 0)`: Nishio forcing chains.
    pub const NISHIO: Mode = Mode::new(false, true, true, 0, 0);
    /// `Chaining(true, false, false, 0, false, 0)`: cell and region forcing chains.
    pub const MULTIPLE: Mode = Mode::new(true, false, false, 0, 0);
    /// `Chaining(true, true, false, 0, false, 0)`: dynamic forcing chains.
    pub const DYNAMIC: Mode = Mode::new(true, true, false, 0, 0);
    /// `Chaining(true, true, false, 1, false, 0)`: dynamic forcing chains (+).
    pub const DYNAMIC_PLUS: Mode = Mode::new(true, true, false, 1, 0);

    const fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8, limit: u8) -> Mode {
        Mode {
            multiple,
            dynamic,
            nishio,
            level,
            nesting_limit: limit,
        }
    }

    /// `Chaining(true, true, false, level, false, limit)`: nested forcing chains.
    pub const fn nested(level: u8, limit: u8) -> Mode {
        Mode::new(true, true, false, level, limit)
    }
}

/// The easiest hint of the producer `mode` on `grid` (SE sorts its hints by difficulty, then
/// complexity, then its sort key, stably), if any.
#[cfg(test)]
pub(crate) fn find(grid: &Grid, ctx: &mut Ctx, mode: Mode) -> Option<Hint> {
    find_with(grid, ctx, mode, &mut ChainMemo::new())
}

/// What the chaining producers share: the static link table of the position they last ran on
/// and its graph ([`cycles::Graph`]), both functions of the candidate masks alone. SE's
/// chaining producers of one step all start from the step's position, so the table and the
/// graph are made once per step (at most 40 KB, kept with their storage for the next
/// position).
pub(crate) struct ChainMemo {
    /// The masks `links` (and `graph`, when `graph_ok`) were made for.
    masks: [u16; crate::grid::CELLS],
    links: Option<cycles::Links>,
    graph: Option<cycles::Graph>,
    graph_ok: bool,
    /// What the cycles mode's X links gave nothing on ([`cycles::XNothing`]).
    x_nothing: cycles::XNothing,
    /// Where its Y links gave nothing ([`cycles::YNothing`]).
    y_nothing: cycles::YNothing,
    /// The implication runs of the last multiple or dynamic call, for their storage.
    runs: Vec<multiple::Run>,
}

impl ChainMemo {
    pub(crate) const fn new() -> ChainMemo {
        ChainMemo {
            masks: [0; crate::grid::CELLS],
            links: None,
            graph: None,
            graph_ok: false,
            x_nothing: cycles::XNothing::new(),
            y_nothing: cycles::YNothing::new(),
            runs: Vec::new(),
        }
    }

    /// The link table of `grid`, and its graph if `with_graph`, made now unless they were
    /// made for the same candidates.
    fn get(&mut self, grid: &Grid, with_graph: bool) -> (&cycles::Links, Option<&cycles::Graph>) {
        if self.links.is_none() || self.masks != *grid.masks() {
            self.masks = *grid.masks();
            match &mut self.links {
                Some(l) => l.fill(grid),
                None => self.links = Some(cycles::Links::new(grid)),
            }
            self.graph_ok = false;
        }
        let links = self.links.as_ref().expect("made above");
        if with_graph && !self.graph_ok {
            self.graph
                .get_or_insert_with(cycles::Graph::new)
                .build(links, grid);
            self.graph_ok = true;
        }
        (
            links,
            if with_graph {
                self.graph.as_ref()
            } else {
                None
            },
        )
    }
}

/// [`find`], with the link table and graph shared through `memo`.
pub(crate) fn find_with(
    grid: &Grid,
    ctx: &mut Ctx,
    mode: Mode,
    memo: &mut ChainMemo,
) -> Option<Hint> {
    let mut best = common::Best::new();
    if mode.level >= 4 {
        // Nested dynamic forcing chains (SE 10.5 and up) are not ported: see the module doc.
        return None;
    }
    if !mode.multiple && !mode.dynamic {
        cycles::find(grid, ctx, &mut best, memo);
    } else {
        multiple::find(grid, ctx, mode, &mut best, memo);
    }
    best.hint
}

/// The cells of `pos` that share a region with `cell` (not `cell` itself), in SE's
/// `getOnToOff` order: the block, then the row outside the block, then the column outside it.
fn peers_se_order(cell: usize, pos: CellSet) -> impl Iterator<Item = usize> {
    let bx = UNIT_SET[box_unit(box_of(cell))];
    let b = (pos & bx).without(cell);
    let r = (pos & UNIT_SET[row_unit(row(cell))]) - bx;
    let c = (pos & UNIT_SET[col_unit(col(cell))]) - bx;
    b.iter().chain(r.iter()).chain(c.iter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::grid::{CELLS, Candidates};
    use crate::se::hint::Link;
    use crate::se::trace::parse_position;

    /// The ladder's chaining producers, in SE's order (Aligned Triplet Exclusion left out).
    const MODES: [Mode; 5] = [
        Mode::CYCLES,
        Mode::NISHIO,
        Mode::MULTIPLE,
        Mode::DYNAMIC,
        Mode::DYNAMIC_PLUS,
    ];

    struct Sample {
        tenths: u32,
        description: String,
        before: Grid,
        after: ([u8; CELLS], [u16; CELLS]),
    }

    /// `h` is SE's step of sample `s`: its rating, a name ending in `suffix`, and the position it
    /// leaves.
    fn assert_takes_ses_step(s: &Sample, h: &Hint, suffix: &str) {
        assert_eq!(h.tenths(), s.tenths, "{}: {}", s.description, h.name);
        assert!(h.name.as_str().ends_with(suffix), "{}", h.name);
        let mut g = s.before.clone();
        h.apply(&mut g);
        let c = g.to_candidates();
        assert_eq!(
            (*c.values(), *c.masks()),
            s.after,
            "{}: {}",
            s.description,
            h.name
        );
    }

    fn samples() -> Vec<Sample> {
        parse_samples(include_str!("../../../tests/data/se/chain/steps.tsv"))
    }

    /// SE's positions before its chaining steps, with the step's description: what the
    /// chaining modules' tests run on.
    pub(super) fn positions() -> Vec<(String, Grid)> {
        samples()
            .into_iter()
            .map(|s| (s.description, s.before))
            .collect()
    }

    fn parse_samples(text: &str) -> Vec<Sample> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                let (v, m) = parse_position(f[2], f[3]).expect("position");
                Sample {
                    tenths: (f[0].parse::<f64>().expect("rating") * 10.0).round() as u32,
                    description: f[1].to_string(),
                    before: Grid::from_candidates(&Candidates::from_parts(v, m)),
                    after: parse_position(f[4], f[5]).expect("position"),
                }
            })
            .collect()
    }

    fn ctx(explain: bool) -> Ctx {
        Ctx {
            budget: crate::se::Options::DEFAULT_BUDGET,
            exhausted: false,
            explain,
        }
    }

    /// The first chaining producer's hint, and which producer it was.
    fn first_hint(grid: &Grid, explain: bool) -> Option<(usize, Hint)> {
        MODES.iter().enumerate().find_map(|(i, &m)| {
            let mut c = ctx(explain);
            find(grid, &mut c, m).map(|h| (i, h))
        })
    }

    #[test]
    fn takes_ses_step_on_ses_positions() {
        let samples = samples();
        assert!(samples.len() > 50);
        for s in &samples {
            let (_, hint) = first_hint(&s.before, false)
                .unwrap_or_else(|| panic!("no chain hint where SE took {}", s.description));
            assert_takes_ses_step(s, &hint, "");
        }
    }

    #[test]
    fn hints_are_sound_and_explained() {
        for s in samples() {
            let values: [u8; CELLS] = core::array::from_fn(|c| s.before.value(c));
            let solution = Board::from_cells(values)
                .and_then(|b| b.solve())
                .expect("the position is solvable");
            let (_, hint) = first_hint(&s.before, true).expect("a hint");
            for cell in 0..CELLS {
                let sol = solution.get(cell);
                assert_eq!(
                    hint.eliminations[cell] & (1 << (sol - 1)),
                    0,
                    "{} removes the solution's {sol} from cell {cell}",
                    hint.name
                );
            }
            if let Some((cell, d)) = hint.placement {
                assert_eq!(
                    solution.get(cell),
                    d.get(),
                    "{} places a wrong digit",
                    hint.name
                );
            }
            let e = hint.explanation.as_ref().expect("explanation asked for");
            assert!(!e.chains.is_empty(), "{}: no chain", hint.name);
            for chain in &e.chains {
                assert!(chain.len() >= 2, "{}: a chain of one node", hint.name);
                assert_eq!(chain[0].link, Link::Start);
                // Links alternate with the polarity: an "on" follows by a strong link, an
                // "off" by a weak one.
                for n in &chain[1..] {
                    assert_eq!(n.link, if n.on { Link::Strong } else { Link::Weak });
                }
            }
        }
    }

    #[test]
    fn easier_producers_find_nothing_where_se_went_further() {
        // Where SE needed Nishio or more, the cycles producer had nothing; where it needed
        // multiple chains (8.0 and up), Nishio had nothing.
        for s in samples() {
            let name = s.description.as_str();
            let beyond_cycles = [
                "Nishio",
                "Cell Forcing",
                "Region Forcing",
                "Contradiction",
                "Double",
            ]
            .iter()
            .any(|p| name.starts_with(p));
            if beyond_cycles {
                assert!(
                    find(&s.before, &mut ctx(false), Mode::CYCLES).is_none(),
                    "{name}"
                );
            }
            if beyond_cycles && !name.starts_with("Nishio") {
                assert!(
                    find(&s.before, &mut ctx(false), Mode::NISHIO).is_none(),
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn a_small_budget_stops_the_search() {
        let s = samples()
            .into_iter()
            .find(|s| s.tenths >= 85)
            .expect("a dynamic step");
        let mut c = Ctx {
            budget: 100,
            exhausted: false,
            explain: false,
        };
        let _ = find(&s.before, &mut c, Mode::DYNAMIC);
        assert!(c.exhausted);
    }

    #[test]
    fn length_difficulty_steps() {
        let steps: Vec<u32> = (0..40)
            .filter(|&c| common::length_difficulty(c + 1) > common::length_difficulty(c) + 0.05)
            .map(|c| c + 1)
            .collect();
        // Complexity minus two passing 4, 6, 8, 12, 16, 24, 32.
        assert_eq!(steps, vec![7, 9, 11, 15, 19, 27, 35]);
    }

    #[test]
    fn level_two_takes_ses_nested_steps() {
        // Steps SE took with Dynamic Forcing Chains (+ Forcing Chains): nothing up to "+"
        // has them, level 2 has SE's step.
        let nested = parse_samples(include_str!("../../../tests/data/se/chain/nested.tsv"));
        assert!(!nested.is_empty());
        for s in &nested {
            if let Some((i, h)) = first_hint(&s.before, false) {
                panic!(
                    "{:?} found {} where SE needed nested chains",
                    MODES[i], h.name
                );
            }
            let h = find(&s.before, &mut ctx(false), Mode::nested(2, 0)).expect("a level 2 hint");
            assert_takes_ses_step(s, &h, " (+ Forcing Chains)");
        }
    }

    #[test]
    fn level_three_takes_ses_step_where_level_two_has_nothing() {
        let deeper = parse_samples(include_str!("../../../tests/data/se/chain/deeper.tsv"));
        assert!(!deeper.is_empty());
        for s in &deeper {
            for m in MODES.iter().copied().chain([Mode::nested(2, 0)]) {
                assert!(
                    find(&s.before, &mut ctx(false), m).is_none(),
                    "{m:?}: {}",
                    s.description
                );
            }
            let h = find(&s.before, &mut ctx(false), Mode::nested(3, 0)).expect("a level 3 hint");
            assert_takes_ses_step(s, &h, " (+ Multiple Forcing Chains)");
        }
    }

    #[test]
    fn the_plus_level_takes_ses_plus_steps() {
        // The samples SE took with Dynamic Forcing Chains (+) (rated 9.9 and 10.0): the plain
        // dynamic producer has nothing there, the "+" one SE's step.
        let plus: Vec<Sample> = samples().into_iter().filter(|s| s.tenths >= 99).collect();
        assert!(!plus.is_empty());
        for s in &plus {
            let (i, h) = first_hint(&s.before, false).expect("a hint");
            assert_eq!(MODES[i], Mode::DYNAMIC_PLUS, "{}", s.description);
            assert_eq!(
                h.technique,
                crate::grade::Technique::DynamicForcingChainPlus
            );
            assert!(h.name.as_str().ends_with(" (+)"), "{}", h.name);
        }
    }

    #[test]
    fn names_are_ses_and_whole() {
        use multiple::{Form, name_and_technique};
        let (n, _) = name_and_technique(Mode::NISHIO, Form::Contradiction);
        assert_eq!(n.as_str(), "Nishio Forcing Chains");
        let (n, _) = name_and_technique(Mode::MULTIPLE, Form::Region);
        assert_eq!(n.as_str(), "Region Forcing Chains");
        let (n, _) = name_and_technique(Mode::DYNAMIC, Form::Double);
        assert_eq!(n.as_str(), "Dynamic Double Forcing Chains");
        let (n, _) = name_and_technique(Mode::DYNAMIC_PLUS, Form::Cell);
        assert_eq!(n.as_str(), "Dynamic Cell Forcing Chains (+)");
        let (n, _) = name_and_technique(Mode::nested(3, 0), Form::Contradiction);
        assert_eq!(
            n.as_str(),
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)"
        );
        for level in 0..=4 {
            for form in [Form::Contradiction, Form::Double, Form::Cell, Form::Region] {
                let (n, _) = name_and_technique(Mode::nested(level, 0), form);
                assert!(
                    n.as_str().ends_with(" Chains") || n.as_str().ends_with(')'),
                    "{n}"
                );
            }
        }
    }

    #[test]
    fn nested_level_four_is_not_searched() {
        let s = samples().into_iter().next().expect("a sample");
        assert!(find(&s.before, &mut ctx(false), Mode::nested(4, 0)).is_none());
        assert!(find(&s.before, &mut ctx(false), Mode::nested(4, 1)).is_none());
    }
}
