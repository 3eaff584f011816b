//! Branching: what the search guesses on once propagation stalls.
//!
//! Branching starts from tdoku's observation that a digit's configurations in a band or stack
//! (ways to place it in its three mini-rows or mini-columns) are what to branch on: pick the
//! band or stack with the fewest digits still open, then the fewest configurations, and in it
//! the digit with the fewest (the least settled elsewhere on ties); the branch is whether that
//! digit occupies a mini-row (mini-column) that splits its configurations ([`Branch::Triad`]). Nodes that propagate with the cheap rules
//! only branch on a cell with two candidates instead ([`Branch::Cell`]); see
//! [`Context::struggling`](super::search::Context::struggling) for which nodes do.

#![forbid(unsafe_code)]

use super::bits::columns;
use super::lanes::{Lanes, load_words, store_words};
use super::propagate::Occupancy;
use super::state::{STRIDE, State, WORDS};
use super::tables::{COLUMN, SHRINK, SPLIT, STACK_CELLS};

/// What the search branches on.
pub(super) enum Branch {
    /// First alternative: keep `keep[k]` of word `word[k]`; second: clear `drop` from `word[0]`.
    Triad {
        word: [usize; 3],
        keep: [u32; 3],
        drop: u32,
    },
    /// A cell (band, bit) and its candidate digits, tried one by one.
    Cell(usize, u32, u32),
    /// Two cells (band, bit, candidate digits) with two candidates each, in different bands
    /// and stacks, guessed together while that pays
    /// ([`Context::pairing`](super::search::Context::pairing)).
    Two([(usize, u32, u32); 2]),
}

impl State {
    /// The branch for a node: on configurations after [`propagate`](Self::propagate) with every
    /// rule, else on one or two two-candidate cells.
    #[inline(always)]
    pub(super) fn choose<L: Lanes>(&self, full: bool, occupancy: &Occupancy) -> Branch {
        if full {
            self.pick_branch::<L>(occupancy)
        } else {
            self.pick_pair::<L>()
        }
    }

    /// Chooses what to branch on: the band or stack with the fewest digits whose place in it is
    /// still open, then the fewest remaining configurations; in it, the digit with the fewest
    /// configurations, and of those the one with the most configurations over its three bands
    /// and three stacks (the least settled elsewhere). Falls back to a cell with the fewest
    /// candidates.
    ///
    /// A digit's configurations in a band are the permutation matrices inside its (row, box)
    /// occupancy, and in a stack those inside its (band, column) occupancy. Both counts are
    /// computed for every digit, band and stack at once: with the occupancy rows `r0, r1, r2`,
    /// the six permutations are `r0[k] & r1[k+1] & r2[k+2]` and `r0[k] & r1[k+2] & r2[k+1]`.
    /// The (row, box) occupancy with its boxes shifted, and the stacks' permutations, come from
    /// the last passes of the propagation, which computed them on this state ([`Occupancy`]).
    ///
    /// Why open digits first: in a band (stack) where few digits are still open, fixing one of
    /// them leaves the others few configurations, often one, so each branch settles much of the
    /// unit. Against the fewest configurations alone (tdoku's rule), it takes 9% fewer guesses
    /// on the hard corpora (16% on the 1106 and msolve sets) and more on the 17-clue set, whose
    /// guesses are few (measured on 5000 random isomorphs per corpus).
    #[inline(always)]
    fn pick_branch<L: Lanes>(&self, occupancy: &Occupancy) -> Branch {
        // In the state's layout (word 4d + b for digit d, band or stack b).
        let mut per_band = [0u32; WORDS];
        let mut per_stack = [0u32; WORDS];
        // Per digit (word 4d): its configurations over its bands and stacks.
        let mut elsewhere = [0u32; WORDS];
        let (mut band_totals, mut stack_totals) = (L::zero(), L::zero());
        let (mut band_open, mut stack_open) = (L::zero(), L::zero());
        let (low3, groups) = (L::splat(7), L::splat(0o111));
        for k in 0..L::VECTORS {
            // (row, box) occupancy as sparse bits: row r, box x at 9r + 3x.
            let h: L = load_words(&occupancy.rows, k);
            // The boxes shifted in every row at once, then rows 1 and 2 moved down onto row 0.
            let (n, m): (L, L) = (
                load_words(&occupancy.next_box, k),
                load_words(&occupancy.after_next_box, k),
            );
            let r0 = h.and(groups);
            let cyclic = r0.and(n.shr::<9>()).and(m.shr::<18>());
            let reflected = r0.and(m.shr::<9>()).and(n.shr::<18>());
            let z = cyclic.add(reflected);
            let bc = z
                .and(low3)
                .add(z.shr::<3>().and(low3))
                .add(z.shr::<6>().and(low3));
            store_words(&mut per_band, k, bc);
            band_totals = band_totals.add(bc);
            // A count of 2 to 6 is an open digit: (count + 6) / 8 is 1 exactly then.
            band_open = band_open.add(bc.add(L::splat(6)).shr::<3>());
            // The permutations per stack, from column locked candidates; each band lane holds
            // the same counts.
            let cyclic: L = load_words(&occupancy.cyclic, k);
            let reflected: L = load_words(&occupancy.reflected, k);
            // Bits set per stack (three-bit fields): x - (x >> 1 & 0o333) - (x >> 2 & 0o111).
            let count = |x: L| {
                x.sub(x.shr::<1>().and(L::splat(0o333)))
                    .sub(x.shr::<2>().and(groups))
            };
            let z = count(cyclic).add(count(reflected));
            // One byte per stack, so that totals over nine digits cannot overflow.
            let sc = z
                .and(low3)
                .or(z.shl::<5>().and(L::splat(7 << 8)))
                .or(z.shl::<10>().and(L::splat(7 << 16)));
            store_words(&mut per_stack, k, sc);
            stack_totals = stack_totals.add(sc);
            stack_open = stack_open.add(
                sc.add(L::splat(0x06_06_06))
                    .shr::<3>()
                    .and(L::splat(0x01_01_01)),
            );
            // The digit's configurations in its three bands and its three stacks.
            let bands = bc.add(bc.next_band()).add(bc.after_next_band());
            let stacks = sc
                .and(L::splat(0xff))
                .add(sc.shr::<8>().and(L::splat(0xff)))
                .add(sc.shr::<16>());
            store_words(&mut elsewhere, k, bands.add(stacks));
        }
        let band_totals = band_totals.fold_add().first_digit();
        let band_open = band_open.fold_add().first_digit();
        let stacks = stack_totals.fold_add().first_digit()[0];
        let stack_totals = [stacks & 0xff, (stacks >> 8) & 0xff, (stacks >> 16) & 0xff];
        let open = stack_open.fold_add().first_digit()[0];
        let stack_open = [open & 0xff, (open >> 8) & 0xff, (open >> 16) & 0xff];

        // A band or stack with nine configurations in all has every digit fixed. The fewest
        // open digits win, then the fewest configurations, then bands before stacks and lower
        // indices; keys instead of comparisons in branches, which would mispredict. A fixed
        // unit's `total - 10` wraps around to a key above every open unit's (below 1 << 16).
        let key = |open: u32, total: u32, i: u32| open << 12 | total.wrapping_sub(10) << 3 | i;
        let best = [
            key(band_open[0], band_totals[0], 0),
            key(band_open[1], band_totals[1], 1),
            key(band_open[2], band_totals[2], 2),
            key(stack_open[0], stack_totals[0], 3),
            key(stack_open[1], stack_totals[1], 4),
            key(stack_open[2], stack_totals[2], 5),
        ]
        .into_iter()
        .fold(u32::MAX, u32::min);
        if best >= 1 << 16 {
            return self.pick_cell();
        }
        let (vertical, b) = (best & 7 >= 3, (best & 7) as usize % 3);
        let configurations = |d: usize| {
            if vertical {
                (per_stack[STRIDE * d] >> (8 * b)) & 0xff
            } else {
                per_band[STRIDE * d + b]
            }
        };
        // Digits with fewer than two configurations wrap around to keys above every other
        // (`c - 2` is at most 4 otherwise): the same order without a test per digit.
        let key = (0..9)
            .map(|d| {
                let c = configurations(d);
                let e = elsewhere[STRIDE * d];
                c.wrapping_sub(2) << 12 | (255 - e) << 4 | d as u32
            })
            .fold(u32::MAX, u32::min);
        if key >= 5 << 12 {
            return self.pick_cell();
        }
        let d = (key & 15) as usize;
        if !vertical {
            // Digit d in band b: does row `line` hold it in box `block`?
            let x = self.cand[STRIDE * d + b];
            let m = SHRINK[(x & 0x1ff) as usize]
                | SHRINK[((x >> 9) & 0x1ff) as usize] << 3
                | SHRINK[(x >> 18) as usize] << 6;
            let k = u32::from(SPLIT[m as usize]);
            let (line, block) = (k / 3, k % 3);
            let triad = 7 << (9 * line + 3 * block);
            let rest = (0x1ff << (9 * line) | 0o007_007_007 << (3 * block)) & !triad;
            let w = STRIDE * d + b;
            return Branch::Triad {
                word: [w, w, w],
                keep: [!rest, !0, !0],
                drop: triad,
            };
        }
        // Digit d in stack b: does band `line` hold it in column 3b + `block`?
        let m = (0..3).fold(0, |m, band| {
            m | ((columns(self.cand[STRIDE * d + band]) >> (3 * b)) & 7) << (3 * band)
        });
        let k = SPLIT[m as usize];
        let (band, col) = (usize::from(k / 3), 3 * b + usize::from(k % 3));
        let box_cells = 0o007_007_007 << (3 * b);
        Branch::Triad {
            word: [
                STRIDE * d + band,
                STRIDE * d + (band + 1) % 3,
                STRIDE * d + (band + 2) % 3,
            ],
            keep: [!(box_cells & !COLUMN[col]), !COLUMN[col], !COLUMN[col]],
            drop: COLUMN[col],
        }
    }

    /// A cell with two candidates (the first one found), with a second one in a later band and
    /// another stack when there is one ([`Branch::Two`]); else a cell with the fewest
    /// candidates.
    #[inline(always)]
    fn pick_pair<L: Lanes>(&self) -> Branch {
        let (mut once, mut twice, mut thrice) = (L::zero(), L::zero(), L::zero());
        for k in 0..L::VECTORS {
            let x = self.lanes::<L>(k);
            thrice = thrice.or(twice.and(x));
            twice = twice.or(once.and(x));
            once = once.or(x);
        }
        for level in 0..L::FOLDS {
            let (o, t, r) = (
                once.swap_digits(level),
                twice.swap_digits(level),
                thrice.swap_digits(level),
            );
            thrice = thrice.or(r).or(twice.and(o)).or(once.and(t));
            twice = twice.or(t).or(once.and(o));
            once = once.or(o);
        }
        let pairs = twice.and_not(thrice).first_digit();
        let pairs: [u32; 3] = std::array::from_fn(|b| pairs[b] & self.unsolved[b]);
        let Some(b) = (0..3).find(|&b| pairs[b] != 0) else {
            return self.pick_cell();
        };
        let bit = pairs[b] & pairs[b].wrapping_neg();
        let first = (b, bit, self.cell_digits(b, bit));
        let elsewhere = !STACK_CELLS[bit.trailing_zeros() as usize];
        for (b2, &pair) in pairs.iter().enumerate().skip(b + 1) {
            let q = pair & elsewhere;
            if q != 0 {
                let bit2 = q & q.wrapping_neg();
                return Branch::Two([first, (b2, bit2, self.cell_digits(b2, bit2))]);
            }
        }
        Branch::Cell(b, bit, first.2)
    }

    /// The candidate digits (bit `d` for digit `d`) of the cell at `bit` of band `b`.
    #[inline(always)]
    fn cell_digits(&self, b: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            digits |= u32::from(self.cand[STRIDE * d + b] & bit != 0) << d;
        }
        digits
    }

    /// The unsolved cell with the fewest candidates.
    fn pick_cell(&self) -> Branch {
        let mut best = Branch::Cell(0, 0, 0);
        let mut best_count = u32::MAX;
        for b in 0..3 {
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let mut digits = 0u32;
                for d in 0..9 {
                    if self.cand[STRIDE * d + b] & bit != 0 {
                        digits |= 1 << d;
                    }
                }
                if digits.count_ones() < best_count {
                    best_count = digits.count_ones();
                    best = Branch::Cell(b, bit, digits);
                }
            }
        }
        best
    }
}
