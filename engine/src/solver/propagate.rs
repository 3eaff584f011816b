//! Propagation: the rules that remove candidates and place digits without guessing, applied
//! cheapest first until none makes progress.
//!
//! 1. Per changed word: a table lookup keeps only cells consistent with "once per row and once
//!    per box" in the band (locked candidates along rows, hidden singles in rows and boxes); a
//!    box left with one column for the digit takes that column from the other two bands (along
//!    with the next placement); a row left with one cell places the digit there, removing the
//!    cell from the other digits.
//! 2. Naked singles: bit-sliced counting over the nine words of a band finds cells with one
//!    candidate, and empty cells (a contradiction).
//! 3. When those stall, locked candidates along columns: per digit and stack, the (column, band)
//!    occupancy must contain a permutation.
//! 4. Then triads: the three cells where a row or column crosses a box hold exactly three
//!    digits. Three digits possible in a triad are confined to it within its line and box; three
//!    digits forced into it leave no room for others.
//!
//! Steps 2 to 4 are written over [`Lanes`] and compile to vector code.

#![forbid(unsafe_code)]

use super::bits::{
    TRIAD_BASE, after_next_box, after_next_in_group, after_next_row, columns, lane_columns,
    next_box, next_in_group, next_row, replicate_rows, row_mask, same_box_triads, same_row_triads,
    triad_cells,
};
use super::lanes::{Counter as LaneCounter, Lanes, fold_twice, load_words, store_words};
use super::state::{BAND, STRIDE, State, WORDS};
use super::tables::WORD;

/// The root's whole-board rounds go on while each places at least this many cells.
const ROUND_MIN_PLACED: u32 = 6;

/// What the full rules' passes computed on the state they last saw, for the passes and the
/// branch choice that follow and need the same values. Per word, in the state's layout: from
/// [`State::stack_locked`], the (band, column) occupancy, its cells that lie in a cyclic and
/// in a reflected permutation of their stack, and the other two columns of each column's
/// stack; from [`State::triads`], the (row, box) occupancy as sparse triad bits, and that
/// occupancy with each row's boxes taken from the next box and from the one after
/// ([`next_box`], [`after_next_box`]).
///
/// Triads run only after column locked candidates found nothing, so on the state that pass
/// saw; a full propagation that succeeds ends with both passes finding nothing, so the branch
/// choice ([`State::choose`]) sees the state both passes saw. Reading instead of computing
/// again, on msolve (1000 random isomorphs, first solution): 3.5% fewer instructions in the
/// branch choice's reads, 1.3% in the triads'.
pub(super) struct Occupancy {
    pub(super) rows: [u32; WORDS],
    pub(super) cyclic: [u32; WORDS],
    pub(super) reflected: [u32; WORDS],
    columns: [u32; WORDS],
    stack_mates: [u32; WORDS],
    pub(super) next_box: [u32; WORDS],
    pub(super) after_next_box: [u32; WORDS],
}

impl Occupancy {
    pub(super) fn new() -> Occupancy {
        Occupancy {
            rows: [0; WORDS],
            cyclic: [0; WORDS],
            reflected: [0; WORDS],
            columns: [0; WORDS],
            stack_mates: [0; WORDS],
            next_box: [0; WORDS],
            after_next_box: [0; WORDS],
        }
    }
}

/// Outcome of one propagation rule.
enum Step {
    Progress,
    Stalled,
    Contradiction,
}

impl State {
    /// Applies every rule until none makes progress. Returns `false` on a contradiction.
    #[inline(always)]
    pub(super) fn propagate<L: Lanes>(
        &mut self,
        full: bool,
        root: bool,
        occupancy: &mut Occupancy,
    ) -> bool {
        if root {
            // At the root nearly every word changes at once: whole-board rounds beat visiting
            // words one by one, as long as each round places several cells. Once a round places
            // fewer, and below the root, few words change per step and the sweep wins. A round
            // leaves `dirty` naming the words it changed.
            loop {
                let open = self.open_cells();
                match self.round::<L>() {
                    Step::Contradiction => return false,
                    Step::Progress => {}
                    Step::Stalled => break,
                }
                if open - self.open_cells() < ROUND_MIN_PLACED {
                    break;
                }
            }
        }
        if full {
            self.settle::<L, true>(occupancy)
        } else {
            self.settle::<L, false>(occupancy)
        }
    }

    /// The rules below the root's rounds, until none makes progress: the cheap ones, and with
    /// `FULL` column locked candidates and triads too. Returns `false` on a contradiction.
    ///
    /// Compiled once per rule set (`FULL` or not): one copy with a runtime flag costs the cheap
    /// rules about 1.5% more instructions.
    #[inline(always)]
    fn settle<L: Lanes, const FULL: bool>(&mut self, occupancy: &mut Occupancy) -> bool {
        // The word update's scratch ([`update_words`](Self::update_words)), zeroed once per
        // node rather than once per call: the pins it keeps from an earlier call still apply,
        // which makes the cheap rules a little stronger (unbiased: 1% fewer guesses).
        let mut own = [0u32; WORDS];
        let mut pinned = [0u32; WORDS];
        loop {
            if !self.update_words::<L>(&mut own, &mut pinned) {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            match self.naked_singles::<L>() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stalled => {}
            }
            if !FULL {
                return true;
            }
            match self.stack_locked::<L>(occupancy) {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stalled => {}
            }
            match self.triads::<L>(occupancy) {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stalled => return true,
            }
        }
    }

    /// One round of the cheap rules over every word at once, two digits × four bands per lane op:
    /// the band consistency step (a digit's (row, box) occupancy must hold a permutation),
    /// pointing (a box with one column left takes that column from the other bands), rows left
    /// with one cell place the digit there (removing the cell from every other digit), and naked
    /// singles. Branch-free apart from the contradiction checks. Sets `dirty` to the words that
    /// changed: the round examined every word, but changed ones need another look.
    #[inline(always)]
    fn round<L: Lanes>(&mut self) -> Step {
        let base = L::splat(TRIAD_BASE);
        let band = L::splat(BAND);
        let unsolved = L::per_band([self.unsolved[0], self.unsolved[1], self.unsolved[2]]);
        let real = |k: usize| {
            if k == L::VECTORS - 1 {
                L::load_digit(&[!0, !0, !0, 0])
            } else {
                L::per_band([!0; 3])
            }
        };
        let mut words = [L::zero(); 5];
        let mut placed = [L::zero(); 5];
        let (mut any_placed, mut twice_placed) = (L::zero(), L::zero());
        let mut changed = L::zero();
        for k in 0..L::VECTORS {
            let a0 = self.lanes::<L>(k);
            // Band consistency: keep the mini-rows (row r, box x) for which the other two rows
            // can still take the other two boxes.
            let h = a0.or(a0.shr::<1>()).or(a0.shr::<2>()).and(base);
            let (n, m) = (next_box(h), after_next_box(h));
            let keep = h.and(
                next_row(n)
                    .and(after_next_row(m))
                    .or(next_row(m).and(after_next_row(n))),
            );
            let a = a0.and(triad_cells(keep));
            // Pointing: a box of this band left with one column takes it from the other bands.
            let cols = lane_columns(a);
            let groups = L::splat(0o111);
            let (c0, c1, c2) = (
                cols.and(groups),
                cols.shr::<1>().and(groups),
                cols.shr::<2>().and(groups),
            );
            let several = c0.and(c1).or(c0.and(c2)).or(c1.and(c2));
            let one = c0.or(c1).or(c2).and_not(several);
            let one = one.opaque();
            let pinned = replicate_rows(cols.and(one.or(one.shl::<1>()).or(one.shl::<2>())));
            let a = a.and_not(pinned.next_band().or(pinned.after_next_band()));
            // An empty word: the digit has no place left in this band.
            if !a.eq_zero().and(real(k)).is_zero() {
                return Step::Contradiction;
            }
            // Rows left with one cell.
            let r0 = a.and(L::splat(0x1ff));
            let r1 = a.and(L::splat(0x1ff << 9));
            let r2 = a.and(L::splat(0x1ff << 18));
            let single = r0
                .and(r0.and(r0.sub(L::splat(1))).eq_zero())
                .or(r1.and(r1.and(r1.sub(L::splat(1 << 9))).eq_zero()))
                .or(r2.and(r2.and(r2.sub(L::splat(1 << 18))).eq_zero()));
            let p = single.and(unsolved);
            twice_placed = twice_placed.or(any_placed.and(p));
            any_placed = any_placed.or(p);
            placed[k] = p;
            words[k] = a;
            changed = changed.or(a.xor(a0));
        }
        // Placements of every digit group; a cell placed twice is a contradiction.
        let (all_placed, twice_placed) = fold_twice(any_placed, twice_placed);
        if !twice_placed.is_zero() {
            return Step::Contradiction;
        }
        let unsolved = unsolved.and_not(all_placed);
        // Placed cells leave every other digit; then count candidates per cell.
        let (mut once, mut twice) = (L::zero(), L::zero());
        for (word, &mine) in words.iter_mut().zip(&placed).take(L::VECTORS) {
            let a = word.and_not(all_placed.and_not(mine));
            twice = twice.or(once.and(a));
            once = once.or(a);
            *word = a;
        }
        let (once, twice) = fold_twice(once, twice);
        // A cell that is not solved and has no candidate left.
        if !unsolved.and_not(once).is_zero() {
            return Step::Contradiction;
        }
        // Naked singles: a cell with one candidate keeps that digit's row to itself.
        let singles = once.and_not(twice).and(unsolved);
        let mut dirty = 0;
        for (k, &a) in words.iter().enumerate().take(L::VECTORS) {
            let s = singles.and(a);
            let rows = row_mask::<L>(s);
            // Two naked singles of one digit in one row: the second cell is empty.
            let r0 = s.and(L::splat(0x1ff));
            let r1 = s.and(L::splat(0x1ff << 9));
            let r2 = s.and(L::splat(0x1ff << 18));
            let crowded = r0
                .and(r0.sub(L::splat(1)))
                .or(r1.and(r1.sub(L::splat(1 << 9))))
                .or(r2.and(r2.sub(L::splat(1 << 18))));
            if !crowded.and(s).is_zero() {
                return Step::Contradiction;
            }
            let a = a.and_not(rows.and_not(s)).and(band);
            let moved = a.xor(self.lanes::<L>(k));
            changed = changed.or(moved);
            dirty |= u64::from(moved.nonzero_lanes()) << (L::WIDTH * k);
            self.set_lanes(k, a);
        }
        self.dirty = dirty;
        let u = unsolved.first_digit();
        let moved = u != [self.unsolved[0], self.unsolved[1], self.unsolved[2]];
        self.unsolved[..3].copy_from_slice(&u);
        if changed.is_zero() && !moved {
            Step::Stalled
        } else {
            Step::Progress
        }
    }

    /// Examines changed words, lowest first, until none is left. Returns `false` on a
    /// contradiction.
    ///
    /// Driven by the `dirty` mask rather than by comparing words: which words changed is data,
    /// and a branch or a jump per word would mispredict often. A word update writes only its own
    /// word: what it takes from other words (columns pinned in the other bands, cells placed
    /// for the other digits) is collected and cleared after the sweep in one vector pass over
    /// all forty words. So no update waits on the stores of the one before, and none branches
    /// on whether it placed anything (unpredictable).
    ///
    /// A sweep that placed nothing ends the update even when it pinned columns: a vector pass
    /// for pins alone rarely removes anything. Those pins ride along with the next pass (the
    /// arrays are kept), and with every rule on, column locked candidates (which subsume them)
    /// catch the rest, so the full fixed point is unchanged; a placement's own column always
    /// leaves with it. Measured on 1000 random isomorphs per corpus: 3-4% fewer instructions
    /// on the hard corpora with the same guesses, 7% on serg and 1-2.5% on the unbiased and
    /// 17-clue sets, whose cheap rules end a little weaker (a few more guesses).
    #[inline(always)]
    fn update_words<L: Lanes>(
        &mut self,
        own: &mut [u32; WORDS],
        pinned: &mut [u32; WORDS],
    ) -> bool {
        // `own` and `pinned`, per word: the cells it placed in this sweep, and the columns it
        // pinned (a box of its band left with one column: the other bands lose that column).
        // Not reset between sweeps, nor between the calls of one `settle`: an entry left from
        // earlier is harmless, as its pins are still sound (candidates only shrink) and its
        // cells were already placed, so they are not among the cells placed in this sweep,
        // which alone are cleared.
        // `dirty` in a local, not in `self`: the compiler could not keep it in a register across the
        // stores to `self.cand`.
        let mut dirty = self.dirty;
        self.dirty = 0;
        loop {
            let before = self.unsolved;
            while dirty != 0 {
                let w = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                if !self.update_word::<L>(w, own, pinned) {
                    return false;
                }
            }
            let placed: [u32; 3] = std::array::from_fn(|b| before[b] & !self.unsolved[b]);
            if placed[0] | placed[1] | placed[2] == 0 {
                return true;
            }
            // Pinned columns leave the digit's other bands; placed cells leave every word but
            // the one that placed them. A word that still needs such a cell (its row's only one)
            // loses it and fails at its next update.
            let p = L::per_band(placed);
            for k in 0..L::VECTORS {
                let x = self.lanes::<L>(k);
                let mine: L = load_words(own, k);
                let pins: L = load_words(pinned, k);
                let cut = x.and(
                    p.and_not(mine)
                        .or(pins.next_band())
                        .or(pins.after_next_band()),
                );
                dirty |= u64::from(cut.nonzero_lanes()) << (L::WIDTH * k);
                self.set_lanes(k, x.xor(cut));
            }
        }
    }

    /// Band consistency for the digit and band of word `w`; the columns it pins for the digit's
    /// other bands, recorded in `pinned`; placement of rows left with one cell,
    /// taken from `unsolved` and recorded in `own`. The caller clears both from the other words
    /// (see [`update_words`](Self::update_words)). A word is examined at most once per sweep.
    #[inline(always)]
    fn update_word<L: Lanes>(
        &mut self,
        w: usize,
        own: &mut [u32; WORDS],
        pinned: &mut [u32; WORDS],
    ) -> bool {
        let t = &WORD;
        let b = w % STRIDE;
        let old = self.cand[w];
        let shrink = L::occupied_triads(old) as usize & 0x1ff;
        let a = old & t.complex[shrink];
        if a == 0 {
            return false;
        }
        self.cand[w] = a;

        // A box of this band left with one column takes that column from the other bands.
        let cols = columns(a) as usize;
        let pins = t.pinned_columns[cols];
        pinned[w] = pins;

        // Rows reduced to a single cell place the digit there: a locked mini-row whose box has
        // a single column left is one cell. Branch-free: most updates place nothing.
        let single = a & t.rows_of_matrix
            [usize::from(t.locked[shrink] & t.single_column_boxes[cols]) & 0x1ff];
        let new = single & self.unsolved[b];
        self.unsolved[b] &= !new;
        own[w] = new;
        true
    }

    /// Finds cells with one candidate (placed) or none (contradiction).
    #[inline(always)]
    fn naked_singles<L: Lanes>(&mut self) -> Step {
        let (mut once, mut twice) = (L::zero(), L::zero());
        for k in 0..L::VECTORS {
            let x = self.lanes::<L>(k);
            twice = twice.or(once.and(x));
            once = once.or(x);
        }
        let (once, twice) = fold_twice(once, twice);
        let (once, twice) = (once.first_digit(), twice.first_digit());
        let mut step = Step::Stalled;
        for b in 0..3 {
            if once[b] != BAND {
                return Step::Contradiction;
            }
            let mut singles = once[b] & !twice[b] & self.unsolved[b];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let Some(d) = (0..9).find(|&d| self.cand[STRIDE * d + b] & bit != 0) else {
                    // An earlier single in its row took its only digit.
                    return Step::Contradiction;
                };
                self.assign(b, bit, d);
                step = Step::Progress;
            }
        }
        step
    }

    /// Locked candidates along columns: within each stack a digit occupies one column of every
    /// band and one band of every column, so its (column, band) occupancy must contain a
    /// permutation matrix. A (column, band) pair stays when the other two columns of its stack
    /// can still be matched with the other two bands; all stacks, bands and two digits at once.
    /// Leaves the occupancy and the permutations in `occupancy` for the triads and the branch
    /// choice.
    #[inline(always)]
    fn stack_locked<L: Lanes>(&mut self, occupancy: &mut Occupancy) -> Step {
        let mut dirty = 0;
        let need = L::per_band([0x1ff; 3]);
        let need_last = L::load_digit(&[0x1ff, 0x1ff, 0x1ff, 0]);
        let mut uncovered = L::zero();
        for k in 0..L::VECTORS {
            let a = self.lanes::<L>(k);
            let p = lane_columns(a);
            let (n, m) = (next_in_group(p), after_next_in_group(p));
            let cyclic = p.and(n.next_band()).and(m.after_next_band());
            let reflected = p.and(m.next_band()).and(n.after_next_band());
            store_words(&mut occupancy.cyclic, k, cyclic);
            store_words(&mut occupancy.reflected, k, reflected);
            store_words(&mut occupancy.columns, k, p);
            store_words(&mut occupancy.stack_mates, k, n.or(m));
            let q = cyclic.or(reflected);
            let cover = q.or(q.next_band()).or(q.after_next_band());
            // Every column needs a band (the padding digit has none and is skipped).
            let need = if k == L::VECTORS - 1 { need_last } else { need };
            uncovered = uncovered.or(need.and_not(cover));
            let kept = a.and(replicate_rows(q));
            dirty |= u64::from(a.xor(kept).nonzero_lanes()) << (L::WIDTH * k);
            self.set_lanes(k, kept);
        }
        // One test for every vector: a contradiction (7% of the calls on msolve) leaves a
        // state the caller discards, so the stores before it do no harm.
        if !uncovered.is_zero() {
            return Step::Contradiction;
        }
        self.dirty |= dirty;
        if dirty == 0 {
            Step::Stalled
        } else {
            Step::Progress
        }
    }

    /// Triads: the three cells where a row (or column) crosses a box hold exactly three digits.
    /// When only three digits remain possible in a triad, they are confined to it within its row
    /// (column) and box; when three digits are forced into it, no other digit fits its cells.
    /// Horizontal triads are kept as sparse bits at [`TRIAD_BASE`], vertical ones as columns.
    /// Runs only on the state column locked candidates just left unchanged, and reads the
    /// column occupancy that pass left in `occupancy`; leaves the (row, box) occupancy there,
    /// with its boxes shifted.
    #[inline(always)]
    fn triads<L: Lanes>(&mut self, occupancy: &mut Occupancy) -> Step {
        let mut v = [L::zero(); 5];
        let mut fh = [L::zero(); 5];
        let mut fv = [L::zero(); 5];
        // Two counts in each counter, at disjoint bits: per horizontal triad the digits
        // possible in it (at its sparse bit) and the digits forced into it (the bit above); per
        // vertical one the same at its column bit and 9 bits higher.
        let (mut ch, mut cv) = (LaneCounter::<L>::new(), LaneCounter::<L>::new());
        let base = L::splat(TRIAD_BASE);
        for k in 0..L::VECTORS {
            let a = self.lanes::<L>(k);
            let h = a.or(a.shr::<1>()).or(a.shr::<2>()).and(base);
            store_words(&mut occupancy.rows, k, h);
            v[k] = load_words(&occupancy.columns, k);
            let elsewhere = v[k].next_band().or(v[k].after_next_band());
            let (n, m) = (next_box(h), after_next_box(h));
            store_words(&mut occupancy.next_box, k, n);
            store_words(&mut occupancy.after_next_box, k, m);
            fh[k] = h.and_not(n.or(m));
            let mates: L = load_words(&occupancy.stack_mates, k);
            fv[k] = v[k].and_not(elsewhere.and(mates));
            ch.add(h.or(fh[k].shl::<1>()));
            cv.add(v[k].or(fv[k].shl::<9>()));
        }
        let (ch, cv) = (ch.fold_digits(), cv.fold_digits());
        // Every triad needs three digits possible, and at most three can be forced in.
        let need_h = L::per_band([TRIAD_BASE; 3]);
        let need_v = L::per_band([0x1ff; 3]);
        let forced_h = L::splat(TRIAD_BASE << 1);
        let forced_v = L::splat(0x1ff << 9);
        if !need_h.and_not(ch.at_least_three()).is_zero()
            || !need_v.and_not(cv.at_least_three()).is_zero()
            || !ch.many.and(forced_h).or(cv.many.and(forced_v)).is_zero()
        {
            return Step::Contradiction;
        }
        // Only triads with an unsolved cell can yield anything: full ones (three digits
        // possible) at the low bits, packed ones (three forced) at the high ones.
        let u = L::per_band([self.unsolved[0], self.unsolved[1], self.unsolved[2]]);
        let open_h = u.or(u.shr::<1>()).or(u.shr::<2>()).and(base);
        let open_v = lane_columns(u);
        let now_h = ch.exactly_three().and(open_h.or(open_h.shl::<1>()));
        let now_v = cv.exactly_three().and(open_v.or(open_v.shl::<9>()));
        // Only triads not handled before can remove anything.
        let done_h = L::broadcast_digit(&self.triads_done[0]);
        let done_v = L::broadcast_digit(&self.triads_done[1]);
        let new_h = now_h.and_not(done_h);
        let new_v = now_v.and_not(done_v);
        if new_h.or(new_v).is_zero() {
            return Step::Stalled;
        }
        self.triads_done = [
            now_h.or(done_h).first_group(),
            now_v.or(done_v).first_group(),
        ];
        // A triad both full and packed holds three digits each confined to it within its line
        // (and, the other rules being at their fixed point, within its box): neither half can
        // remove anything, so such triads are only marked done. Half of the passes that got
        // this far used to find nothing else.
        let both_h = now_h.and(now_h.shr::<1>()).and(base);
        let both_v = now_v.and(now_v.shr::<9>()).and(L::splat(0x1ff));
        let new_h = new_h.and_not(both_h.or(both_h.shl::<1>()));
        let new_v = new_v.and_not(both_v.or(both_v.shl::<9>()));
        if new_h.or(new_v).is_zero() {
            return Step::Stalled;
        }
        let (full_h, packed_h) = (new_h.and(base), new_h.shr::<1>().and(base));
        let (full_v, packed_v) = (new_v.and(L::splat(0x1ff)), new_v.shr::<9>());
        let mut dirty = 0;
        for k in 0..L::VECTORS {
            let a = self.lanes::<L>(k);
            let th = full_h.and(load_words::<L>(&occupancy.rows, k));
            let tv = full_v.and(v[k]);
            let elim_h = triad_cells(
                same_row_triads(th)
                    .or(same_box_triads(th))
                    .or(packed_h.and_not(fh[k])),
            );
            let elim_v = replicate_rows(
                next_in_group(tv)
                    .or(after_next_in_group(tv))
                    .or(packed_v.and_not(fv[k])),
            );
            let cross = replicate_rows(tv);
            let cut = elim_h
                .or(elim_v)
                .or(cross.next_band())
                .or(cross.after_next_band());
            dirty |= u64::from(a.and(cut).nonzero_lanes()) << (L::WIDTH * k);
            self.set_lanes(k, a.and_not(cut));
        }
        self.dirty |= dirty;
        if dirty == 0 {
            Step::Stalled
        } else {
            Step::Progress
        }
    }
}
