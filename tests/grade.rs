//! The grader: every technique detector on hand-made candidate grids (where it must fire, with
//! the exact eliminations, and a near miss where it must not), soundness of every step on corpus
//! samples, the level of the hardest corpus, statuses for improper puzzles, and the C API.

#![allow(clippy::needless_range_loop, reason = "cell numbers are the data")]

mod common;

use std::ffi::CStr;

use common::read_puzzles;
use sudoku_engine::grade::{
    Candidates, Level, SEARCH_SCORE_TENTHS, TECHNIQUE_COUNT, Technique, find, next_step,
};
use sudoku_engine::{Board, Error};

/// Cell index of row `r`, column `c`.
fn rc(r: usize, c: usize) -> usize {
    r * 9 + c
}

/// Mask of the digits `1..=9` listed.
fn digits(ds: &[u8]) -> u16 {
    ds.iter().fold(0, |m, &d| m | 1 << (d - 1))
}

/// A hand-made position: every cell empty with all nine candidates, then edited.
struct Grid([u16; 81]);

impl Grid {
    fn new() -> Grid {
        Grid([0x1ff; 81])
    }

    /// Sets the candidates of a cell.
    fn set(&mut self, cell: usize, ds: &[u8]) -> &mut Grid {
        self.0[cell] = digits(ds);
        self
    }

    /// Removes digit `d` from every cell of `cells`.
    fn remove(&mut self, cells: impl IntoIterator<Item = usize>, d: u8) -> &mut Grid {
        for c in cells {
            self.0[c] &= !digits(&[d]);
        }
        self
    }

    /// Removes digit `d` from every cell of row `r` except the columns listed.
    fn row_only(&mut self, r: usize, cols: &[usize], d: u8) -> &mut Grid {
        self.remove((0..9).filter(|c| !cols.contains(c)).map(|c| rc(r, c)), d)
    }

    /// Removes digit `d` from every cell of column `c` except the rows listed.
    fn col_only(&mut self, c: usize, rows: &[usize], d: u8) -> &mut Grid {
        self.remove((0..9).filter(|r| !rows.contains(r)).map(|r| rc(r, c)), d)
    }

    fn candidates(&self) -> Candidates {
        Candidates::from_parts([0; 81], self.0)
    }
}

/// Expected eliminations: digit `d` from each cell listed.
fn elims(list: &[(usize, u16)]) -> [u16; 81] {
    let mut e = [0u16; 81];
    for &(cell, mask) in list {
        e[cell] |= mask;
    }
    e
}

fn expect_eliminations(t: Technique, grid: &Grid, expected: [u16; 81]) {
    let step = find(t, &grid.candidates()).unwrap_or_else(|| panic!("{t:?} did not fire"));
    assert_eq!(step.technique, t);
    assert_eq!(step.placements, [0; 81], "{t:?} placed a digit");
    for c in 0..81 {
        assert_eq!(
            step.eliminations[c],
            expected[c],
            "{t:?}: eliminations at r{}c{}",
            c / 9,
            c % 9
        );
    }
    assert_ne!(step.pattern, [0; 81], "{t:?} has no pattern");
    assert_ne!(step.units, 0, "{t:?} names no unit");
}

fn expect_none(t: Technique, grid: &Grid) {
    assert_eq!(
        find(t, &grid.candidates()),
        None,
        "{t:?} fired on a near miss"
    );
}

#[test]
fn hidden_single_in_a_box() {
    let mut g = Grid::new();
    let box0: Vec<usize> = (0..3).flat_map(|r| (0..3).map(move |c| rc(r, c))).collect();
    g.remove(box0.iter().copied().filter(|&c| c != rc(1, 1)), 5);
    let step = find(Technique::HiddenSingleBox, &g.candidates()).unwrap();
    let mut expected = [0u8; 81];
    expected[rc(1, 1)] = 5;
    assert_eq!(step.placements, expected);
    assert_eq!(step.eliminations, [0; 81]);
    assert_eq!(step.units, 1 << 18);
    // Row 1 and column 1 still have other places for 5.
    assert_eq!(find(Technique::HiddenSingleLine, &g.candidates()), None);

    let mut near = Grid::new();
    near.remove(
        box0.iter()
            .copied()
            .filter(|&c| c != rc(1, 1) && c != rc(2, 2)),
        5,
    );
    expect_none(Technique::HiddenSingleBox, &near);
}

#[test]
fn hidden_single_in_a_line() {
    let mut g = Grid::new();
    g.row_only(4, &[6], 7);
    let step = find(Technique::HiddenSingleLine, &g.candidates()).unwrap();
    let mut expected = [0u8; 81];
    expected[rc(4, 6)] = 7;
    assert_eq!(step.placements, expected);
    assert_eq!(step.units, 1 << 4);
    expect_none(Technique::HiddenSingleBox, &g);

    let mut near = Grid::new();
    near.row_only(4, &[6, 7], 7);
    expect_none(Technique::HiddenSingleLine, &near);
}

#[test]
fn naked_single() {
    let mut g = Grid::new();
    g.set(rc(2, 3), &[4]);
    let step = find(Technique::NakedSingle, &g.candidates()).unwrap();
    let mut expected = [0u8; 81];
    expected[rc(2, 3)] = 4;
    assert_eq!(step.placements, expected);

    let mut near = Grid::new();
    near.set(rc(2, 3), &[4, 5]);
    expect_none(Technique::NakedSingle, &near);
}

#[test]
fn pointing() {
    let mut g = Grid::new();
    g.remove(
        [rc(1, 0), rc(1, 1), rc(1, 2), rc(2, 0), rc(2, 1), rc(2, 2)],
        3,
    );
    let expected = elims(&(3..9).map(|c| (rc(0, c), digits(&[3]))).collect::<Vec<_>>());
    expect_eliminations(Technique::Pointing, &g, expected);
    expect_none(Technique::Claiming, &g);

    let mut near = Grid::new();
    near.remove([rc(1, 1), rc(1, 2), rc(2, 0), rc(2, 1), rc(2, 2)], 3);
    expect_none(Technique::Pointing, &near);
}

#[test]
fn claiming() {
    let mut g = Grid::new();
    g.row_only(4, &[3, 4, 5], 6);
    let expected = elims(
        &[3, 5]
            .iter()
            .flat_map(|&r| (3..6).map(move |c| (rc(r, c), digits(&[6]))))
            .collect::<Vec<_>>(),
    );
    expect_eliminations(Technique::Claiming, &g, expected);
    expect_none(Technique::Pointing, &g);

    let mut near = Grid::new();
    near.row_only(4, &[3, 4, 6], 6);
    expect_none(Technique::Claiming, &near);
}

#[test]
fn naked_pair() {
    let mut g = Grid::new();
    g.set(rc(0, 0), &[1, 2]).set(rc(0, 1), &[1, 2]);
    let expected = elims(
        &(2..9)
            .map(|c| (rc(0, c), digits(&[1, 2])))
            .collect::<Vec<_>>(),
    );
    expect_eliminations(Technique::NakedPair, &g, expected);

    let mut near = Grid::new();
    near.set(rc(0, 0), &[1, 2]).set(rc(0, 1), &[1, 3]);
    expect_none(Technique::NakedPair, &near);
}

#[test]
fn naked_triple() {
    let mut g = Grid::new();
    g.set(rc(8, 0), &[1, 2])
        .set(rc(8, 4), &[2, 3])
        .set(rc(8, 8), &[1, 3]);
    let expected = elims(
        &[1, 2, 3, 5, 6, 7]
            .iter()
            .map(|&c| (rc(8, c), digits(&[1, 2, 3])))
            .collect::<Vec<_>>(),
    );
    expect_eliminations(Technique::NakedTriple, &g, expected);
    expect_none(Technique::NakedPair, &g);

    let mut near = Grid::new();
    near.set(rc(8, 0), &[1, 2])
        .set(rc(8, 4), &[2, 3])
        .set(rc(8, 8), &[1, 4]);
    expect_none(Technique::NakedTriple, &near);
}

#[test]
fn naked_quad() {
    let mut g = Grid::new();
    g.set(rc(0, 2), &[1, 2])
        .set(rc(2, 2), &[2, 3])
        .set(rc(4, 2), &[3, 4])
        .set(rc(6, 2), &[1, 4]);
    let expected = elims(
        &[1, 3, 5, 7, 8]
            .iter()
            .map(|&r| (rc(r, 2), digits(&[1, 2, 3, 4])))
            .collect::<Vec<_>>(),
    );
    expect_eliminations(Technique::NakedQuad, &g, expected);
    expect_none(Technique::NakedTriple, &g);

    let mut near = Grid::new();
    near.set(rc(0, 2), &[1, 2])
        .set(rc(2, 2), &[2, 3])
        .set(rc(4, 2), &[3, 4])
        .set(rc(6, 2), &[1, 5]);
    expect_none(Technique::NakedQuad, &near);
}

/// The cells of box `b`.
fn box_cells(b: usize) -> Vec<usize> {
    (0..9)
        .map(|k| rc(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3))
        .collect()
}

#[test]
fn hidden_pair() {
    let mut g = Grid::new();
    let others: Vec<usize> = box_cells(4)
        .into_iter()
        .filter(|&c| c != rc(3, 3) && c != rc(5, 5))
        .collect();
    g.remove(others.clone(), 8).remove(others, 9);
    let rest = digits(&[1, 2, 3, 4, 5, 6, 7]);
    expect_eliminations(
        Technique::HiddenPair,
        &g,
        elims(&[(rc(3, 3), rest), (rc(5, 5), rest)]),
    );

    let mut near = Grid::new();
    let others: Vec<usize> = box_cells(4)
        .into_iter()
        .filter(|&c| c != rc(3, 3) && c != rc(5, 5) && c != rc(4, 4))
        .collect();
    near.remove(others.clone(), 8).remove(others, 9);
    expect_none(Technique::HiddenPair, &near);
}

#[test]
fn hidden_triple() {
    let mut g = Grid::new();
    for d in [1, 2, 3] {
        g.row_only(2, &[0, 4, 8], d);
    }
    let rest = digits(&[4, 5, 6, 7, 8, 9]);
    expect_eliminations(
        Technique::HiddenTriple,
        &g,
        elims(&[(rc(2, 0), rest), (rc(2, 4), rest), (rc(2, 8), rest)]),
    );
    expect_none(Technique::HiddenPair, &g);

    let mut near = Grid::new();
    for d in [1, 2] {
        near.row_only(2, &[0, 4, 8], d);
    }
    near.row_only(2, &[0, 4, 7], 3);
    expect_none(Technique::HiddenTriple, &near);
}

#[test]
fn hidden_quad() {
    let mut g = Grid::new();
    for d in [4, 5, 6, 7] {
        g.col_only(7, &[0, 3, 6, 8], d);
    }
    let rest = digits(&[1, 2, 3, 8, 9]);
    expect_eliminations(
        Technique::HiddenQuad,
        &g,
        elims(&[0, 3, 6, 8].map(|r| (rc(r, 7), rest))),
    );
    expect_none(Technique::HiddenTriple, &g);

    let mut near = Grid::new();
    for d in [4, 5, 6] {
        near.col_only(7, &[0, 3, 6, 8], d);
    }
    near.col_only(7, &[0, 3, 6, 7], 7);
    expect_none(Technique::HiddenQuad, &near);
}

/// Digit `d` removed from columns `cols` in every row not in `rows`.
fn cover_elims(rows: &[usize], cols: &[usize], d: u8) -> [u16; 81] {
    let mut list = Vec::new();
    for r in (0..9).filter(|r| !rows.contains(r)) {
        for &c in cols {
            list.push((rc(r, c), digits(&[d])));
        }
    }
    elims(&list)
}

#[test]
fn x_wing() {
    let mut g = Grid::new();
    g.row_only(1, &[2, 7], 5).row_only(6, &[2, 7], 5);
    expect_eliminations(Technique::XWing, &g, cover_elims(&[1, 6], &[2, 7], 5));

    let mut near = Grid::new();
    near.row_only(1, &[2, 4, 7], 5).row_only(6, &[2, 7], 5);
    expect_none(Technique::XWing, &near);
}

#[test]
fn x_wing_on_columns() {
    // The transpose of the row case: columns are the base, rows the cover.
    let mut g = Grid::new();
    g.col_only(1, &[2, 7], 5).col_only(6, &[2, 7], 5);
    let mut list = Vec::new();
    for c in (0..9).filter(|&c| c != 1 && c != 6) {
        for r in [2, 7] {
            list.push((rc(r, c), digits(&[5])));
        }
    }
    expect_eliminations(Technique::XWing, &g, elims(&list));
}

#[test]
fn swordfish() {
    let mut g = Grid::new();
    g.row_only(0, &[1, 5], 2)
        .row_only(4, &[5, 7], 2)
        .row_only(8, &[1, 7], 2);
    expect_eliminations(
        Technique::Swordfish,
        &g,
        cover_elims(&[0, 4, 8], &[1, 5, 7], 2),
    );
    expect_none(Technique::XWing, &g);

    let mut near = Grid::new();
    near.row_only(0, &[1, 5], 2)
        .row_only(4, &[5, 7], 2)
        .row_only(8, &[1, 8], 2);
    expect_none(Technique::Swordfish, &near);
}

#[test]
fn jellyfish() {
    let mut g = Grid::new();
    g.row_only(0, &[0, 3], 9)
        .row_only(2, &[3, 5], 9)
        .row_only(4, &[5, 8], 9)
        .row_only(6, &[0, 8], 9);
    expect_eliminations(
        Technique::Jellyfish,
        &g,
        cover_elims(&[0, 2, 4, 6], &[0, 3, 5, 8], 9),
    );
    expect_none(Technique::Swordfish, &g);

    let mut near = Grid::new();
    near.row_only(0, &[0, 3], 9)
        .row_only(2, &[3, 5], 9)
        .row_only(4, &[5, 8], 9)
        .row_only(6, &[0, 7], 9);
    expect_none(Technique::Jellyfish, &near);
}

#[test]
fn xy_wing() {
    let mut g = Grid::new();
    g.set(rc(4, 4), &[1, 2])
        .set(rc(4, 0), &[1, 3])
        .set(rc(0, 4), &[2, 3]);
    expect_eliminations(Technique::XyWing, &g, elims(&[(rc(0, 0), digits(&[3]))]));

    let mut near = Grid::new();
    near.set(rc(4, 4), &[1, 2])
        .set(rc(4, 0), &[1, 3])
        .set(rc(0, 4), &[2, 4]);
    expect_none(Technique::XyWing, &near);
}

#[test]
fn xyz_wing() {
    let mut g = Grid::new();
    g.set(rc(4, 4), &[1, 2, 3])
        .set(rc(4, 1), &[1, 3])
        .set(rc(3, 4), &[2, 3]);
    expect_eliminations(
        Technique::XyzWing,
        &g,
        elims(&[(rc(4, 3), digits(&[3])), (rc(4, 5), digits(&[3]))]),
    );
    expect_none(Technique::XyWing, &g);

    let mut near = Grid::new();
    near.set(rc(4, 4), &[1, 2, 3, 4])
        .set(rc(4, 1), &[1, 3])
        .set(rc(3, 4), &[2, 3]);
    expect_none(Technique::XyzWing, &near);
}

#[test]
fn w_wing() {
    let mut g = Grid::new();
    g.set(rc(0, 0), &[4, 7])
        .set(rc(8, 8), &[4, 7])
        .row_only(4, &[0, 8], 4);
    expect_eliminations(
        Technique::WWing,
        &g,
        elims(&[(rc(0, 8), digits(&[7])), (rc(8, 0), digits(&[7]))]),
    );

    let mut near = Grid::new();
    near.set(rc(0, 0), &[4, 7])
        .set(rc(8, 8), &[4, 7])
        .row_only(4, &[0, 4, 8], 4);
    expect_none(Technique::WWing, &near);
}

#[test]
fn unique_rectangle_type_1() {
    let mut g = Grid::new();
    g.set(rc(0, 0), &[1, 2])
        .set(rc(0, 3), &[1, 2])
        .set(rc(1, 0), &[1, 2])
        .set(rc(1, 3), &[1, 2, 5, 6]);
    expect_eliminations(
        Technique::UniqueRectangle,
        &g,
        elims(&[(rc(1, 3), digits(&[1, 2]))]),
    );

    // The same corners spread over four boxes are no deadly pattern.
    let mut near = Grid::new();
    near.set(rc(0, 0), &[1, 2])
        .set(rc(0, 3), &[1, 2])
        .set(rc(3, 0), &[1, 2])
        .set(rc(3, 3), &[1, 2, 5, 6]);
    expect_none(Technique::UniqueRectangle, &near);
}

#[test]
fn unique_rectangle_type_2() {
    let mut g = Grid::new();
    g.set(rc(0, 0), &[1, 2])
        .set(rc(0, 3), &[1, 2])
        .set(rc(1, 0), &[1, 2, 7])
        .set(rc(1, 3), &[1, 2, 7]);
    let expected: Vec<(usize, u16)> = [1, 2, 4, 5, 6, 7, 8]
        .iter()
        .map(|&c| (rc(1, c), digits(&[7])))
        .collect();
    expect_eliminations(Technique::UniqueRectangle, &g, elims(&expected));

    let mut near = Grid::new();
    near.set(rc(0, 0), &[1, 2])
        .set(rc(0, 3), &[1, 2])
        .set(rc(1, 0), &[1, 2, 7])
        .set(rc(1, 3), &[1, 2, 8]);
    expect_none(Technique::UniqueRectangle, &near);
}

/// Digit 1's conjugate pairs: column 0 (r0, r6), row 6 (c0, c5), column 5 (r6, r2). Colours:
/// r0c0 and r6c5 against r6c0 and r2c5.
fn colouring_grid() -> Grid {
    let mut g = Grid::new();
    g.col_only(0, &[0, 6], 1)
        .row_only(6, &[0, 5], 1)
        .col_only(5, &[6, 2], 1);
    g
}

#[test]
fn simple_colouring_trap() {
    let g = colouring_grid();
    // Cells that see both colours: r0c3, r0c4 (row 0 and box 1), r2c1, r2c2 (box 0 and row 2).
    expect_eliminations(
        Technique::SimpleColouring,
        &g,
        elims(&[rc(0, 3), rc(0, 4), rc(2, 1), rc(2, 2)].map(|c| (c, digits(&[1])))),
    );

    let mut near = colouring_grid();
    near.remove([rc(0, 3), rc(0, 4), rc(2, 1), rc(2, 2)], 1);
    expect_none(Technique::SimpleColouring, &near);
}

#[test]
fn simple_colouring_wrap() {
    // Conjugate pairs of 8: column 0 (r0, r4), row 4 (c0, c4), column 4 (r4, r1), row 1 (c4, c1).
    // Colours alternate r0c0, r4c0, r4c4, r1c4, r1c1: r0c0 and r1c1 share a colour and box 0,
    // so that colour (r0c0, r4c4, r1c1) is false.
    let mut g = Grid::new();
    g.col_only(0, &[0, 4], 8)
        .row_only(4, &[0, 4], 8)
        .col_only(4, &[4, 1], 8)
        .row_only(1, &[4, 1], 8);
    expect_eliminations(
        Technique::SimpleColouring,
        &g,
        elims(&[rc(0, 0), rc(4, 4), rc(1, 1)].map(|c| (c, digits(&[8])))),
    );
}

#[test]
fn x_chain() {
    // A skyscraper: 5 is conjugate in column 1 (r0, r6) and column 7 (r1, r6); r6c1 and r6c7
    // see each other. So r0c1 or r1c7 is 5: it leaves r0c6, r0c8 (row 0 and box 2) and r1c0,
    // r1c2 (box 0 and row 1).
    let mut g = Grid::new();
    g.col_only(1, &[0, 6], 5).col_only(7, &[1, 6], 5);
    expect_eliminations(
        Technique::XChain,
        &g,
        elims(&[rc(0, 6), rc(0, 8), rc(1, 0), rc(1, 2)].map(|c| (c, digits(&[5])))),
    );

    let mut near = Grid::new();
    near.col_only(1, &[0, 2, 6], 5).col_only(7, &[1, 6], 5);
    expect_none(Technique::XChain, &near);
}

#[test]
fn xy_chain() {
    // r0c0 {1,2} - r0c4 {2,3} - r4c4 {3,4} - r4c8 {4,1}: r0c0 or r4c8 is 1.
    let mut g = Grid::new();
    g.set(rc(0, 0), &[1, 2])
        .set(rc(0, 4), &[2, 3])
        .set(rc(4, 4), &[3, 4])
        .set(rc(4, 8), &[4, 1]);
    expect_eliminations(
        Technique::XyChain,
        &g,
        elims(&[(rc(0, 8), digits(&[1])), (rc(4, 0), digits(&[1]))]),
    );
    expect_none(Technique::XyWing, &g);

    let mut near = Grid::new();
    near.set(rc(0, 0), &[1, 2])
        .set(rc(0, 4), &[2, 3])
        .set(rc(4, 4), &[3, 4])
        .set(rc(4, 8), &[4, 5]);
    expect_none(Technique::XyChain, &near);

    // Two cells alone are a naked pair, not a chain.
    let mut pair = Grid::new();
    pair.set(rc(0, 0), &[1, 2]).set(rc(0, 5), &[1, 2]);
    expect_none(Technique::XyChain, &pair);
}

#[test]
fn bug_plus_one() {
    // Only four empty cells have candidates: a deadly {1,2} rectangle in two boxes with one
    // extra 3. Without the 3 every unit would hold 1 and 2 exactly twice: two solutions.
    let mut g = Grid([0; 81]);
    g.set(rc(0, 0), &[1, 2, 3])
        .set(rc(0, 3), &[1, 2])
        .set(rc(1, 0), &[1, 2])
        .set(rc(1, 3), &[1, 2]);
    let step = find(Technique::BugPlusOne, &g.candidates()).unwrap();
    let mut expected = [0u8; 81];
    expected[rc(0, 0)] = 3;
    assert_eq!(step.placements, expected);
    assert_eq!(step.eliminations, [0; 81]);

    // Two cells with three candidates: no BUG.
    let mut near = Grid([0; 81]);
    near.set(rc(0, 0), &[1, 2, 3])
        .set(rc(0, 3), &[1, 2])
        .set(rc(1, 0), &[1, 2])
        .set(rc(1, 3), &[1, 2, 4]);
    expect_none(Technique::BugPlusOne, &near);
}

/// 5 only at r1c1 and r1c7 in row 1; r5c7 holds {5,7}; 7 only at r5c1 and r3c1 in column 1.
fn aic_grid() -> Grid {
    let mut g = Grid::new();
    g.row_only(0, &[0, 6], 5)
        .set(rc(4, 6), &[5, 7])
        .col_only(0, &[4, 2], 7);
    g
}

#[test]
fn alternating_inference_chain() {
    // r1c1 is not 5 => r1c7 is 5 (row) => r5c7 is not 5 (column) => r5c7 is 7 (cell) =>
    // r5c1 is not 7 (row) => r3c1 is 7 (column). So r1c1 is 5 or r3c1 is 7: r3c1 sees r1c1,
    // so it cannot be 5 either way.
    let g = aic_grid();
    expect_eliminations(Technique::Aic, &g, elims(&[(rc(2, 0), digits(&[5]))]));
    // Neither a one-digit chain nor a chain of two-candidate cells sees it.
    expect_none(Technique::XChain, &g);
    expect_none(Technique::XyChain, &g);

    let mut near = aic_grid();
    near.set(rc(4, 6), &[5, 7, 9]);
    expect_none(Technique::Aic, &near);
}

#[test]
fn an_empty_grid_offers_no_step() {
    let g = Grid::new();
    assert_eq!(next_step(&g.candidates()), None);
}

#[test]
fn table_is_ordered_and_named() {
    let mut names = std::collections::HashSet::new();
    for (i, t) in Technique::ALL.iter().enumerate() {
        assert_eq!(*t as usize, i);
        assert_eq!(Technique::from_index(i), Some(*t));
        assert!(!t.name().is_empty() && names.insert(t.name()));
        // The first ladder's techniques, 0 to Aic, are numbered in the order of their scores.
        if i > 0 && i <= Technique::Aic as usize {
            assert!(Technique::ALL[i - 1].score_tenths() <= t.score_tenths());
        }
    }
    assert_eq!(Technique::from_index(TECHNIQUE_COUNT), None);
    assert_eq!(Level::from_score_tenths(12), Level::Easy);
    assert_eq!(Level::from_score_tenths(23), Level::Easy);
    assert_eq!(Level::from_score_tenths(26), Level::Medium);
    assert_eq!(Level::from_score_tenths(34), Level::Medium);
    assert_eq!(Level::from_score_tenths(36), Level::Hard);
    assert_eq!(Level::from_score_tenths(46), Level::Hard);
    assert_eq!(Level::from_score_tenths(50), Level::Expert);
    assert_eq!(Level::from_score_tenths(75), Level::Expert);
    assert_eq!(Level::from_score_tenths(76), Level::Extreme);
    assert_eq!(
        Level::from_score_tenths(SEARCH_SCORE_TENTHS),
        Level::Extreme
    );
}

/// Every `step`-th puzzle of a corpus file.
fn sample(name: &str, count: usize) -> Vec<Board> {
    let all = read_puzzles(name);
    let step = (all.len() / count).max(1);
    all.iter()
        .step_by(step)
        .take(count)
        .map(|p| Board::from_bytes(p).unwrap())
        .collect()
}

/// Walks the ladder on `puzzle`, checking every step against the solution. Returns the
/// techniques used.
fn check_steps(puzzle: &Board) -> [u32; TECHNIQUE_COUNT] {
    let solution = puzzle.solve().unwrap();
    let mut grid = Candidates::from_board(puzzle).unwrap();
    let mut used = [0; TECHNIQUE_COUNT];
    while let Some(step) = next_step(&grid) {
        assert!(step.makes_progress());
        for c in 0..81 {
            let answer = solution.get(c);
            assert!(
                step.placements[c] == 0 || step.placements[c] == answer,
                "{:?} placed a wrong digit at {c} in {puzzle}",
                step.technique
            );
            assert_eq!(
                step.eliminations[c] & (1 << (answer - 1)),
                0,
                "{:?} removed the answer at {c} in {puzzle}",
                step.technique
            );
        }
        used[step.technique as usize] += 1;
        grid.apply(&step);
    }
    used
}

#[test]
fn steps_never_contradict_the_solution() {
    let mut used = [0u32; TECHNIQUE_COUNT];
    for (name, count) in [
        ("puzzles3_magictour_top1465.txt", 1465),
        ("puzzles1_unbiased_first1000.txt", 1000),
        ("puzzles2_17_clue.txt", 300),
        ("puzzles6_forum_hardest_1106.txt", 50),
    ] {
        for p in sample(name, count) {
            for (u, n) in used.iter_mut().zip(check_steps(&p)) {
                *u += n;
            }
        }
    }
    // Every technique of the ladder fires somewhere in these sets (Jellyfish and Hidden Quad
    // are the rarest, once each), so each one's soundness is checked on real puzzles.
    for t in &Technique::ALL[..=Technique::Aic as usize] {
        assert!(used[*t as usize] > 0, "{t:?} never used: {used:?}");
    }
}

/// SplitMix64 candidate grids: each cell empty with random candidates or holding a digit.
fn random_grid(rng: &mut common::Rng) -> Candidates {
    let mut values = [0u8; 81];
    let mut masks = [0u16; 81];
    for c in 0..81 {
        match rng.below(6) {
            0 => values[c] = 1 + rng.below(9) as u8,
            1 => masks[c] = 0x1ff,
            _ => masks[c] = rng.below(512) as u16,
        }
    }
    Candidates::from_parts(values, masks)
}

#[test]
fn detectors_survive_arbitrary_grids() {
    // Nonsense positions (clashes, empty cells without candidates): no panic, and every step
    // found only touches candidates that exist and cells that are empty.
    let mut rng = common::Rng(99);
    for _ in 0..150 {
        let grid = random_grid(&mut rng);
        for t in Technique::ALL {
            if let Some(step) = find(t, &grid) {
                assert!(step.makes_progress());
                for c in 0..81 {
                    assert_eq!(step.eliminations[c] & !grid.mask(c), 0, "{t:?}");
                    if step.placements[c] != 0 {
                        assert_eq!(grid.value(c), 0, "{t:?}");
                        assert_ne!(grid.mask(c) & 1 << (step.placements[c] - 1), 0, "{t:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn threads_rate_what_one_thread_does() {
    let puzzles = sample("puzzles3_magictour_top1465.txt", 60);
    let expected: Vec<_> = puzzles.iter().map(|p| p.rate().unwrap()).collect();
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (puzzles, expected) = (&puzzles, &expected);
            scope.spawn(move || {
                for i in (t..puzzles.len()).step_by(4) {
                    assert_eq!(puzzles[i].rate().unwrap(), expected[i]);
                }
            });
        }
    });
}

#[test]
fn hardest_puzzles_need_search() {
    for p in sample("puzzles5_forum_hardest_1905_11+.txt", 60) {
        let r = p.rate().unwrap();
        assert!(r.needs_search, "{p}");
        assert!(r.guesses > 0, "{p}");
        assert_eq!(r.level, Level::Extreme);
        assert_eq!(r.score_tenths, SEARCH_SCORE_TENTHS);
    }
}

#[test]
fn ratings_are_consistent() {
    let mut levels = [0usize; 6];
    for p in sample("puzzles2_17_clue.txt", 150)
        .into_iter()
        .chain(sample("puzzles3_magictour_top1465.txt", 100))
    {
        let r = p.rate().unwrap();
        levels[r.level as usize] += 1;
        let hardest = (0..TECHNIQUE_COUNT)
            .rev()
            .find(|&i| r.steps[i] > 0)
            .and_then(Technique::from_index);
        assert_eq!(r.hardest, hardest, "{p}");
        if r.needs_search {
            assert_eq!(r.score_tenths, SEARCH_SCORE_TENTHS);
        } else {
            assert_eq!(r.guesses, 0);
            assert_eq!(r.score_tenths, hardest.unwrap().score_tenths(), "{p}");
            // Without search, the steps place every blank.
            let placed = r.steps[0] + r.steps[1] + r.steps[2];
            assert_eq!(placed as usize, 81 - p.givens(), "{p}");
        }
        assert_eq!(r.level, Level::from_score_tenths(r.score_tenths));
        assert_eq!(p.rate().unwrap(), r, "not deterministic: {p}");
    }
    // The 17-clue set is mostly easy and medium; top1465 mostly beyond.
    assert!(
        levels[1] > 0 && levels[2] > 0 && levels[5] > 0,
        "{levels:?}"
    );
}

#[test]
fn improper_puzzles_get_a_status() {
    for p in read_puzzles("tdoku_test_multi_solution.txt") {
        let b = Board::from_bytes(&p).unwrap();
        assert_eq!(b.rate(), Err(Error::MultipleSolutions));
    }
    for p in read_puzzles("tdoku_test_invalid_0_solutions.txt") {
        let b = Board::from_bytes(&p).unwrap();
        assert!(matches!(
            b.rate(),
            Err(Error::NoSolution | Error::Conflict { .. })
        ));
    }
    let mut clash =
        *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    clash[1] = b'5';
    assert!(matches!(
        Board::from_bytes(&clash).unwrap().rate(),
        Err(Error::Conflict { .. })
    ));
    // A full grid is already solved: no step, score 0.
    let full: Board =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap();
    let r = full.rate().unwrap();
    assert_eq!((r.level, r.score_tenths, r.hardest), (Level::Easy, 0, None));
}

mod c_api {
    use super::*;
    use sudoku::*;

    fn rate(board: &[u8]) -> (i32, sudoku_rating) {
        // SAFETY: sudoku_rating is plain integers; all-zero is a valid value.
        let mut out: sudoku_rating = unsafe { std::mem::zeroed() };
        out.size = size_of::<sudoku_rating>() as u32;
        // SAFETY: `board` has 81 bytes, `out` is a valid struct of `size` bytes.
        let status = unsafe { sudoku_rate(board.as_ptr().cast(), &mut out) };
        (status, out)
    }

    #[test]
    fn rate_matches_the_rust_api() {
        // Under Miri, where a search of a corpus puzzle takes minutes, LeetCode's puzzle.
        let puzzles = if cfg!(miri) {
            vec![Board::from_bytes(common::LEETCODE).unwrap()]
        } else {
            sample("puzzles3_magictour_top1465.txt", 40)
        };
        for p in puzzles {
            let r = p.rate().unwrap();
            let (status, out) = rate(&p.to_bytes());
            assert_eq!(status, 0);
            assert_eq!(out.size as usize, size_of::<sudoku_rating>());
            assert_eq!(out.level, r.level as i32);
            assert_eq!(out.score_tenths as u32, r.score_tenths);
            assert_eq!(out.hardest_technique, r.hardest.map_or(-1, |t| t as i32));
            assert_eq!(out.needs_search, i32::from(r.needs_search));
            assert_eq!(out.guesses, r.guesses);
            assert_eq!(out.steps, r.steps.iter().sum::<u32>());
            assert_eq!(&out.technique_steps[..TECHNIQUE_COUNT], &r.steps);
            assert!(
                out.technique_steps[TECHNIQUE_COUNT..]
                    .iter()
                    .all(|&n| n == 0)
            );
        }
    }

    #[test]
    fn rate_reports_statuses_and_leaves_out_alone() {
        let multi = if cfg!(miri) {
            common::dense_multi(1) // Two solutions, four blanks.
        } else {
            read_puzzles("tdoku_test_multi_solution.txt")[0]
        };
        let (status, out) = rate(&multi);
        assert_eq!(status, sudoku_status::SUDOKU_ERR_MULTIPLE_SOLUTIONS as i32);
        assert_eq!(out.level, 0, "output written on failure");
        let mut bad = multi;
        bad[3] = b'x';
        assert_eq!(
            rate(&bad).0,
            sudoku_status::SUDOKU_ERR_INVALID_CHARACTER as i32
        );
        // SAFETY: NULL pointers are allowed and rejected.
        unsafe {
            let mut out: sudoku_rating = std::mem::zeroed();
            out.size = size_of::<sudoku_rating>() as u32;
            assert_eq!(sudoku_rate(std::ptr::null(), &mut out), 1);
            assert_eq!(sudoku_rate(multi.as_ptr().cast(), std::ptr::null_mut()), 1);
            // A size from an older or garbage caller is refused.
            out.size = 8;
            assert_eq!(sudoku_rate(multi.as_ptr().cast(), &mut out), 6);
        }
    }

    #[test]
    fn a_newer_callers_bigger_struct_gets_zeroed_tail() {
        #[repr(C)]
        struct Bigger {
            rating: sudoku_rating,
            future: [u32; 4],
        }
        let p = if cfg!(miri) {
            Board::from_bytes(common::LEETCODE).unwrap()
        } else {
            sample("puzzles2_17_clue.txt", 1)[0]
        };
        // SAFETY: plain integers; all-zero is valid.
        let mut out: Bigger = unsafe { std::mem::zeroed() };
        out.rating.size = size_of::<Bigger>() as u32;
        out.future = [7; 4];
        // SAFETY: `out` is `size` writable bytes starting with a sudoku_rating.
        let status = unsafe { sudoku_rate(p.to_bytes().as_ptr().cast(), &mut out.rating) };
        assert_eq!(status, 0);
        assert_eq!(out.future, [0; 4]);
        assert_eq!(out.rating.level, p.rate().unwrap().level as i32);
    }

    #[test]
    fn names_and_scores() {
        for t in Technique::ALL {
            // SAFETY: static NUL-terminated strings.
            let name = unsafe { CStr::from_ptr(sudoku_technique_name(t as i32)) };
            assert_eq!(name.to_str().unwrap(), t.name());
            assert_eq!(sudoku_technique_score(t as i32), t.score_tenths() as i32);
        }
        for bad in [-1, TECHNIQUE_COUNT as i32, 1000, i32::MIN, i32::MAX] {
            // SAFETY: as above.
            let name = unsafe { CStr::from_ptr(sudoku_technique_name(bad)) };
            assert_eq!(name.to_str().unwrap(), "unknown technique");
            assert_eq!(sudoku_technique_score(bad), -1);
        }
        for level in Level::ALL {
            // SAFETY: as above.
            let name = unsafe { CStr::from_ptr(sudoku_level_name(level as i32)) };
            assert_eq!(name.to_str().unwrap(), level.name());
        }
        // SAFETY: as above.
        let any = unsafe { CStr::from_ptr(sudoku_level_name(0)) };
        assert_eq!(any.to_str().unwrap(), "any");
        for bad in [6, -1, i32::MIN, i32::MAX] {
            // SAFETY: as above.
            let unknown = unsafe { CStr::from_ptr(sudoku_level_name(bad)) };
            assert_eq!(unknown.to_str().unwrap(), "unknown level");
        }
    }

    #[test]
    fn c_enum_matches_the_rust_techniques() {
        use sudoku_technique::*;
        let c = [
            SUDOKU_TECHNIQUE_HIDDEN_SINGLE_BOX,
            SUDOKU_TECHNIQUE_HIDDEN_SINGLE_LINE,
            SUDOKU_TECHNIQUE_NAKED_SINGLE,
            SUDOKU_TECHNIQUE_POINTING,
            SUDOKU_TECHNIQUE_CLAIMING,
            SUDOKU_TECHNIQUE_NAKED_PAIR,
            SUDOKU_TECHNIQUE_X_WING,
            SUDOKU_TECHNIQUE_HIDDEN_PAIR,
            SUDOKU_TECHNIQUE_NAKED_TRIPLE,
            SUDOKU_TECHNIQUE_SWORDFISH,
            SUDOKU_TECHNIQUE_HIDDEN_TRIPLE,
            SUDOKU_TECHNIQUE_XY_WING,
            SUDOKU_TECHNIQUE_XYZ_WING,
            SUDOKU_TECHNIQUE_UNIQUE_RECTANGLE,
            SUDOKU_TECHNIQUE_W_WING,
            SUDOKU_TECHNIQUE_NAKED_QUAD,
            SUDOKU_TECHNIQUE_JELLYFISH,
            SUDOKU_TECHNIQUE_HIDDEN_QUAD,
            SUDOKU_TECHNIQUE_SIMPLE_COLOURING,
            SUDOKU_TECHNIQUE_BUG_PLUS_ONE,
            SUDOKU_TECHNIQUE_X_CHAIN,
            SUDOKU_TECHNIQUE_XY_CHAIN,
            SUDOKU_TECHNIQUE_AIC,
        ];
        assert_eq!(c.len(), Technique::Aic as usize + 1);
        for (i, t) in c.iter().enumerate() {
            assert_eq!(*t as usize, i);
            assert_eq!(Technique::ALL[i] as usize, i);
        }
        const { assert!(TECHNIQUE_COUNT <= SUDOKU_TECHNIQUE_SLOTS) };
    }
}
