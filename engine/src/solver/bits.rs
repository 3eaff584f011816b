//! Bit helpers: the shifts and masks that move candidates between positions of a band word,
//! lane-wise over [`Lanes`] (plus [`columns`] on one word), and the byte scan that finds a
//! grid's givens. All `#[inline(always)]`: they are the vocabulary the propagation and the
//! branch choice are written in, and compile into them.
//!
//! Three shapes of bit set appear. A band word (see [`super::state`]) has bit `9 * r + c` for
//! row `r` of the band and column `c`. A column set has bit `c` for column `c`; its groups of
//! three columns are the stacks. Sparse triad bits mark mini-rows, the three cells where a row
//! of the band crosses a box, by the mini-row's first cell ([`TRIAD_BASE`]):
//!
//! ```text
//!             box 0   box 1   box 2
//!   row 0:    bit  0  bit  3  bit  6
//!   row 1:    bit  9  bit 12  bit 15
//!   row 2:    bit 18  bit 21  bit 24
//! ```

#![forbid(unsafe_code)]

use super::lanes::Lanes;
use super::state::BAND;

/// The first cell of each of the nine mini-rows of a band: where sparse triad bits live.
pub(super) const TRIAD_BASE: u32 = 0o111_111_111;

/// Column occupancy of a band word: bit `c` when column `c` has a candidate.
#[inline(always)]
pub(super) fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}

/// [`columns`] lane-wise.
#[inline(always)]
pub(super) fn lane_columns<L: Lanes>(a: L) -> L {
    a.or(a.shr::<9>()).or(a.shr::<18>()).and(L::splat(0x1ff))
}

/// Within each group of three columns, column `c` takes the bit of column `c + 1` (cyclically).
#[inline(always)]
pub(super) fn next_in_group<L: Lanes>(x: L) -> L {
    x.shr::<1>()
        .and(L::splat(0o333))
        .or(x.shl::<2>().and(L::splat(0o444)))
}

/// Within each group of three columns, column `c` takes the bit of column `c + 2` (cyclically).
#[inline(always)]
pub(super) fn after_next_in_group<L: Lanes>(x: L) -> L {
    x.shr::<2>()
        .and(L::splat(0o111))
        .or(x.shl::<1>().and(L::splat(0o666)))
}

/// A 9-bit column set copied into the three rows of a band.
#[inline(always)]
pub(super) fn replicate_rows<L: Lanes>(x: L) -> L {
    let x = x.opaque();
    x.or(x.shl::<9>()).or(x.shl::<18>())
}

/// Row `r` of a band word takes row `r + 1` (cyclically).
#[inline(always)]
pub(super) fn next_row<L: Lanes>(t: L) -> L {
    t.shr::<9>().or(t.shl::<18>()).and(L::splat(BAND))
}

/// Row `r` of a band word takes row `r + 2` (cyclically).
#[inline(always)]
pub(super) fn after_next_row<L: Lanes>(t: L) -> L {
    t.shr::<18>().or(t.shl::<9>()).and(L::splat(BAND))
}

/// The full rows of a band word that hold any bit.
#[inline(always)]
pub(super) fn row_mask<L: Lanes>(t: L) -> L {
    let full = L::splat(0x1ff);
    let r0 = full.and_not(t.and(full).eq_zero());
    let r1 = L::splat(0x1ff << 9).and_not(t.and(L::splat(0x1ff << 9)).eq_zero());
    let r2 = L::splat(0x1ff << 18).and_not(t.and(L::splat(0x1ff << 18)).eq_zero());
    r0.or(r1).or(r2)
}

/// Sparse triad bits widened to their three cells.
#[inline(always)]
pub(super) fn triad_cells<L: Lanes>(t: L) -> L {
    let t = t.opaque();
    t.or(t.shl::<1>()).or(t.shl::<2>())
}

/// Sparse triad bits: the other two mini-rows of the same row.
#[inline(always)]
pub(super) fn same_row_triads<L: Lanes>(t: L) -> L {
    t.shr::<3>()
        .and(L::splat(0o011_011_011))
        .or(t.shl::<6>().and(L::splat(0o100_100_100)))
        .or(t.shr::<6>().and(L::splat(0o001_001_001)))
        .or(t.shl::<3>().and(L::splat(0o110_110_110)))
}

/// Sparse triad bits: the other two mini-rows of the same box.
#[inline(always)]
pub(super) fn same_box_triads<L: Lanes>(t: L) -> L {
    t.shr::<9>()
        .or(t.shl::<18>())
        .or(t.shr::<18>())
        .or(t.shl::<9>())
        .and(L::splat(BAND))
}

/// Sparse triad bits: mini-row `(r, x)` takes the bit of `(r, x + 1)` (boxes cyclically).
#[inline(always)]
pub(super) fn next_box<L: Lanes>(t: L) -> L {
    t.shr::<3>()
        .and(L::splat(0o011_011_011))
        .or(t.shl::<6>().and(L::splat(0o100_100_100)))
}

/// Sparse triad bits: mini-row `(r, x)` takes the bit of `(r, x + 2)`.
#[inline(always)]
pub(super) fn after_next_box<L: Lanes>(t: L) -> L {
    t.shr::<6>()
        .and(L::splat(0o001_001_001))
        .or(t.shl::<3>().and(L::splat(0o110_110_110)))
}

/// Bit `i` set when `cells[i]` is not zero.
#[inline(always)]
pub(super) fn nonzero_cells(cells: &[u8; 81]) -> u128 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut mask = u128::from(cells[80] != 0) << 80;
    for (k, chunk) in cells[..80].chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().unwrap());
        // Bit 7 of each byte: set when the byte is not zero (no carry crosses bytes).
        let high = (((x & LOW7) + LOW7) | x) & !LOW7;
        // Gather the eight bits into one byte, byte `i` to bit `i`.
        let bits = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= u128::from(bits) << (8 * k);
    }
    mask
}
