//! Where every cell and unit lies: the only place the grid's geometry is written.
//!
//! See the [module picture](super) for the numbering.

use super::CellSet;

/// Cells on the grid.
pub const CELLS: usize = 81;

/// Units (rows, columns and boxes).
pub const UNITS: usize = 27;

/// The row (`0..9`) of `cell`.
pub const fn row(cell: usize) -> usize {
    cell / 9
}

/// The column (`0..9`) of `cell`.
pub const fn col(cell: usize) -> usize {
    cell % 9
}

/// The box (`0..9`, left to right, top to bottom) of `cell`.
pub const fn box_of(cell: usize) -> usize {
    row(cell) / 3 * 3 + col(cell) / 3
}

/// The band (`0..3`, the three rows of boxes, top to bottom) of `cell`.
pub const fn band(cell: usize) -> usize {
    row(cell) / 3
}

/// The stack (`0..3`, the three columns of boxes, left to right) of `cell`.
pub const fn stack(cell: usize) -> usize {
    col(cell) / 3
}

/// The place (`0..9`, row by row) of `cell` inside its box: `box_cell(box_of(cell), k)` is
/// `cell` for this `k`.
pub const fn box_place(cell: usize) -> usize {
    row(cell) % 3 * 3 + col(cell) % 3
}

/// The cell at `row`, `col`.
pub const fn cell_at(row: usize, col: usize) -> usize {
    row * 9 + col
}

/// Cell `k` (`0..9`, row by row inside the box) of box `b`.
pub const fn box_cell(b: usize, k: usize) -> usize {
    cell_at(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3)
}

/// The first (top-left) cell of box `b`.
pub const fn box_origin(b: usize) -> usize {
    box_cell(b, 0)
}

/// The unit number of row `r`.
pub const fn row_unit(r: usize) -> usize {
    r
}

/// The unit number of column `c`.
pub const fn col_unit(c: usize) -> usize {
    9 + c
}

/// The unit number of box `b`.
pub const fn box_unit(b: usize) -> usize {
    18 + b
}

/// What kind of unit a unit number is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// Units `0..9`.
    Row,
    /// Units `9..18`.
    Col,
    /// Units `18..27`.
    Box,
}

/// The kind of unit `u` and its number (`0..9`) among units of that kind.
pub const fn unit_kind(u: usize) -> (UnitKind, usize) {
    match u / 9 {
        0 => (UnitKind::Row, u),
        1 => (UnitKind::Col, u - 9),
        _ => (UnitKind::Box, u - 18),
    }
}

/// The nine cells of each unit, in order: a row left to right, a column top to bottom, a box
/// row by row.
///
/// The tables are `static`s, not `const`s: indexing a `const` array with a run-time index may
/// copy the whole array first (1.3 KB for [`PEERS`]).
pub static UNIT_CELLS: [[u8; 9]; UNITS] = UNIT_CELLS_TABLE;

const UNIT_CELLS_TABLE: [[u8; 9]; UNITS] = {
    let mut units = [[0u8; 9]; UNITS];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            units[row_unit(i)][k] = cell_at(i, k) as u8;
            units[col_unit(i)][k] = cell_at(k, i) as u8;
            units[box_unit(i)][k] = box_cell(i, k) as u8;
            k += 1;
        }
        i += 1;
    }
    units
};

/// The cells of each unit as a set.
pub static UNIT_SET: [CellSet; UNITS] = UNIT_SET_TABLE;

const UNIT_SET_TABLE: [CellSet; UNITS] = {
    let mut sets = [CellSet::EMPTY; UNITS];
    let mut u = 0;
    while u < UNITS {
        let mut k = 0;
        while k < 9 {
            sets[u] = sets[u].with(UNIT_CELLS_TABLE[u][k] as usize);
            k += 1;
        }
        u += 1;
    }
    sets
};

/// The row, column and box unit numbers of `cell`, in that order.
pub const fn cell_units(cell: usize) -> [usize; 3] {
    [
        row_unit(row(cell)),
        col_unit(col(cell)),
        box_unit(box_of(cell)),
    ]
}

/// The 20 peers of each cell: the cells sharing a unit with it, not the cell itself.
pub static PEERS: [CellSet; CELLS] = {
    let mut peers = [CellSet::EMPTY; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let u = cell_units(cell);
        peers[cell] = UNIT_SET_TABLE[u[0]]
            .union(UNIT_SET_TABLE[u[1]])
            .union(UNIT_SET_TABLE[u[2]])
            .without(cell);
        cell += 1;
    }
    peers
};

/// The units that contain both `a` and `b` (none, one, or two: a line and a box), as a unit set.
pub const fn common_units(a: usize, b: usize) -> u32 {
    let (ua, ub) = (cell_units(a), cell_units(b));
    let mut set = 0;
    let mut i = 0;
    while i < 3 {
        if ua[i] == ub[i] {
            set |= 1 << ua[i];
        }
        i += 1;
    }
    set
}

/// True when `a` and `b` are different cells sharing a unit.
pub fn sees(a: usize, b: usize) -> bool {
    PEERS[a].contains(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_cover_each_cell_once_per_kind() {
        let mut seen = [[0; 3]; CELLS];
        for u in 0..UNITS {
            for &c in &UNIT_CELLS[u] {
                seen[usize::from(c)][u / 9] += 1;
            }
            assert_eq!(UNIT_SET[u].len(), 9);
        }
        assert!(seen.iter().all(|s| *s == [1, 1, 1]));
    }

    #[test]
    fn every_cell_has_twenty_peers_sharing_a_unit() {
        for cell in 0..CELLS {
            assert_eq!(PEERS[cell].len(), 20, "cell {cell}");
            for p in PEERS[cell] {
                let same_box = band(p) == band(cell) && stack(p) == stack(cell);
                assert!(row(p) == row(cell) || col(p) == col(cell) || same_box);
                assert_ne!(common_units(p, cell), 0);
            }
            assert_eq!(common_units(cell, cell).count_ones(), 3);
        }
    }

    #[test]
    fn unit_numbers_round_trip() {
        for cell in 0..CELLS {
            let [r, c, b] = cell_units(cell);
            assert_eq!(unit_kind(r), (UnitKind::Row, row(cell)));
            assert_eq!(unit_kind(c), (UnitKind::Col, col(cell)));
            assert_eq!(unit_kind(b), (UnitKind::Box, box_of(cell)));
            assert!(UNIT_SET[b].contains(cell));
            let k = UNIT_CELLS[b].iter().position(|&x| usize::from(x) == cell);
            assert_eq!(box_cell(box_of(cell), k.unwrap()), cell);
        }
    }
}
