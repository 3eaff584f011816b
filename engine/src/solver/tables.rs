//! Precomputed tables for the band kernel, built at compile time.
//!
//! Within one band (three rows, three boxes) a digit occupies exactly one cell of every row and
//! one cell of every box. Projected onto the 3×3 grid of *row × box* intersections ("mini-rows"),
//! the digit's final positions therefore form a permutation matrix: one of only six.
//! [`COMPLEX`] maps the 9-bit set of mini-rows that still hold a candidate to the cells that
//! belong to at least one of the permutations still possible. That single lookup applies
//! pointing and claiming within the band (locked candidates along rows) and exposes hidden
//! singles in boxes as singles in rows.

#![forbid(unsafe_code)]

/// For a 9-bit row pattern, bit `k` is set when any of the three cells of box `k` is set.
pub(super) const SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut p = 0;
    while p < 512 {
        let mut s = 0;
        if p & 0o007 != 0 {
            s |= 1;
        }
        if p & 0o070 != 0 {
            s |= 2;
        }
        if p & 0o700 != 0 {
            s |= 4;
        }
        t[p] = s;
        p += 1;
    }
    t
};

/// The six permutations of three items, as `[σ(0), σ(1), σ(2)]`.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a 3×3 occupancy matrix (bit `3 * line + block`), the union of the permutation matrices
/// that fit inside it. Zero when none does: the digit cannot be placed consistently.
pub(super) const ALLOWED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m: usize = 0;
    while m < 512 {
        let mut union = 0;
        let mut k = 0;
        while k < 6 {
            let p = PERMUTATIONS[k];
            let mask: u32 = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if m as u32 & mask == mask {
                union |= mask;
            }
            k += 1;
        }
        t[m] = union;
        m += 1;
    }
    t
};

/// Number of permutation matrices that fit inside each 3×3 occupancy matrix (0..=6): the
/// configurations a digit has left in a band or stack.
pub(super) const PERM_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m: usize = 0;
    while m < 512 {
        let mut k = 0;
        while k < 6 {
            let p = PERMUTATIONS[k];
            let mask: usize = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if m & mask == mask {
                t[m] += 1;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// For a 3×3 occupancy matrix with at least two fitting permutations, a cell (bit index) that
/// belongs to some but not all of them: branching on it splits the configurations. 0xff when
/// fewer than two permutations fit.
pub(super) const SPLIT: [u8; 512] = {
    let mut t = [0xffu8; 512];
    let mut m: usize = 0;
    while m < 512 {
        let allowed = ALLOWED[m];
        // Cells in every fitting permutation.
        let mut common = 0x1ffu32;
        let mut first = 0u32;
        let mut k = 0;
        while k < 6 {
            let p = PERMUTATIONS[k];
            let mask: u32 = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if m as u32 & mask == mask {
                common &= mask;
                if first == 0 {
                    first = mask;
                }
            }
            k += 1;
        }
        let candidates = first & !common;
        if PERM_COUNT[m] >= 2 && candidates != 0 && allowed != 0 {
            t[m] = candidates.trailing_zeros() as u8;
        }
        m += 1;
    }
    t
};

/// For a (row, box) occupancy matrix before the band consistency step, the (row, box) pairs of
/// rows left with a single box afterwards ("locked" mini-rows), as a 3×3 matrix.
pub(super) const LOCKED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m: usize = 0;
    while m < 512 {
        let allowed = ALLOWED[m];
        let mut r = 0;
        while r < 3 {
            let row = (allowed >> (3 * r)) & 7;
            if row != 0 && row & (row - 1) == 0 {
                t[m] |= row << (3 * r);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// For a band's 9-bit column occupancy, the (row, box) matrix with every row of each box that
/// is confined to a single column.
pub(super) const SINGLE_COLUMN_BOXES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols: usize = 0;
    while cols < 512 {
        let mut bx = 0;
        while bx < 3 {
            let group = (cols >> (3 * bx)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                t[cols] |= 0o111 << bx;
            }
            bx += 1;
        }
        cols += 1;
    }
    t
};

/// The cells of the rows that hold any bit of a (row, box) matrix.
pub(super) const ROWS_OF_MATRIX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m: usize = 0;
    while m < 512 {
        let mut r = 0;
        while r < 3 {
            if (m >> (3 * r)) & 7 != 0 {
                t[m] |= 0x1ff << (9 * r);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// [`ALLOWED`] expanded to a 27-bit band mask: for each permitted (row, box) intersection, its
/// three cells.
pub(super) const COMPLEX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let allowed = ALLOWED[m];
        let mut cells = 0;
        let mut bit = 0;
        while bit < 9 {
            if allowed & (1 << bit) != 0 {
                let row = bit / 3;
                let bx = bit % 3;
                cells |= 7 << (9 * row + 3 * bx);
            }
            bit += 1;
        }
        t[m] = cells;
        m += 1;
    }
    t
};

/// For a band's 9-bit column occupancy of one digit, the cells the other two bands keep: a box
/// of this band whose digit is confined to one column takes that column from the other bands.
pub(super) const KEEP_OTHER_BANDS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols: usize = 0;
    while cols < 512 {
        let mut keep = (1u32 << 27) - 1;
        let mut bx = 0;
        while bx < 3 {
            let group = (cols >> (3 * bx)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                keep &= !(((group as u32) << (3 * bx)) * 0x40201);
            }
            bx += 1;
        }
        t[cols] = keep;
        cols += 1;
    }
    t
};

/// The three cells of column `c` within a band.
pub(super) const COLUMN: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = 0x40201 << c;
        c += 1;
    }
    t
};

/// The nine cells of the stack holding each band position, within its band.
pub(super) const STACK_CELLS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = 0o007_007_007 << (3 * (p % 9 / 3));
        p += 1;
    }
    t
};

/// The nine cells of the row holding each band position.
pub(super) const ROW_OF: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = 0x1ff << (9 * (p / 9));
        p += 1;
    }
    t
};

/// The tables a word update reads, side by side in one static: the update, the hottest loop of
/// the solver, then addresses all of them from one base register.
#[repr(C, align(64))]
pub(super) struct WordTables {
    /// [`SHRINK`] for each row of a band, shifted to the row's bits of the (row, box) matrix.
    pub(super) shrink: [[u16; 512]; 3],
    /// [`LOCKED`].
    pub(super) locked: [u16; 512],
    /// [`SINGLE_COLUMN_BOXES`].
    pub(super) single_column_boxes: [u16; 512],
    /// [`COMPLEX`].
    pub(super) complex: [u32; 512],
    /// The cells [`KEEP_OTHER_BANDS`] takes from the other bands.
    pub(super) pinned_columns: [u32; 512],
    /// [`ROWS_OF_MATRIX`].
    pub(super) rows_of_matrix: [u32; 512],
}

/// See [`WordTables`].
pub(super) static WORD: WordTables = {
    let mut t = WordTables {
        shrink: [[0; 512]; 3],
        locked: [0; 512],
        single_column_boxes: [0; 512],
        complex: COMPLEX,
        pinned_columns: [0; 512],
        rows_of_matrix: ROWS_OF_MATRIX,
    };
    let mut p = 0;
    while p < 512 {
        t.shrink[0][p] = SHRINK[p] as u16;
        t.shrink[1][p] = (SHRINK[p] << 3) as u16;
        t.shrink[2][p] = (SHRINK[p] << 6) as u16;
        t.locked[p] = LOCKED[p] as u16;
        t.single_column_boxes[p] = SINGLE_COLUMN_BOXES[p] as u16;
        t.pinned_columns[p] = !KEEP_OTHER_BANDS[p] & ((1 << 27) - 1);
        p += 1;
    }
    t
};
