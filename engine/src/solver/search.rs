//! The search: a node propagates, then branches, and searches each alternative below it.
//!
//! Every alternative of a branch but the last is tried on a copy of the state; each one that
//! fails is removed from the state, and the last is searched in place, without a copy. At most
//! 81 levels deep, one small state each; no heap. How much a node propagates adapts to the puzzle
//! ([`Context::struggling`]), and so does how much a cheap node guesses at once
//! ([`Context::pairing`]).
//!
//! The recursion goes through [`Isa::search`], so that a whole search runs in one kernel build
//! (see [`super::kernel`]).

#![forbid(unsafe_code)]

use super::Sink;
use super::branch::Branch;
use super::kernel::Isa;
use super::propagate::Occupancy;
use super::state::{STRIDE, State};

/// Open cells after the root's propagation with the cheap rules from which a puzzle counts as
/// hard (and the root goes on with every rule). The hardest lists leave more, easy puzzles and
/// puzzles with many solutions fewer (serg's all leave 30 to 52). Counting after the cheap rules
/// rather than after every rule spares the puzzles below the threshold the root's triads and
/// column locked candidates: on 1000 random isomorphs per corpus 9% of serg's instructions,
/// with the hard corpora's guesses unchanged. A threshold of 53 instead would save 17-clue
/// another 3% of instructions but costs top1465 7% more guesses and 1-2% of time.
const HARD: u32 = 50;

/// Dead branches after which a search that started on the cheap rules turns to every rule: a
/// few are normal on puzzles with many solutions and cost less than full propagation at every
/// node; a run of them means the puzzle is harder than its open cells said.
const DEAD_BRANCHES: u32 = 4;

/// Search-wide facts shared by every node of one search.
pub(super) struct Context {
    /// Whether nodes below the root propagate fully and branch on configurations. That pays on
    /// hard puzzles; on easy ones, and on puzzles with many solutions, the cheap rules and a
    /// branch on a two-candidate cell cost less. It starts true when at least [`HARD`] cells
    /// are still open after the root's cheap propagation, and turns true for good once
    /// [`DEAD_BRANCHES`] branches have died in a contradiction.
    pub(super) struggling: bool,
    /// Whether the root has been propagated yet.
    pub(super) rooted: bool,
    /// Branches that died in a contradiction so far.
    pub(super) dead: u32,
    /// Whether a cheap node guesses two cells at once when it can ([`Branch::Two`]): both take
    /// their lower digit, and one propagation and one branch choice serve two guesses. On
    /// puzzles with many solutions (serg's) nearly every guess is right, so this halves the
    /// nodes; on puzzles with one solution the pair is often wrong and costs a node. It starts
    /// true and turns false for good when a pair's branch comes back without the search
    /// ending. Measured on 3000 random isomorphs per corpus, with the AVX2 kernel: serg 15%
    /// faster to a first solution and 9% counting to two (7% and 1% fewer instructions); the
    /// unbiased and 17-clue sets 0-2% slower; the hard corpora within 0.4% in instructions.
    pub(super) pairing: bool,
    /// What the last full propagation computed on the state it left, for the branch choice
    /// that follows it; rewritten by every full propagation.
    pub(super) occupancy: Occupancy,
}

impl Context {
    pub(super) fn new() -> Context {
        Context {
            struggling: false,
            rooted: false,
            dead: 0,
            pairing: true,
            occupancy: Occupancy::new(),
        }
    }
}

impl State {
    /// One node of the search: propagate (`full`: every rule), then branch. Children run through
    /// `K::search`, so the recursion stays in one kernel build. The root propagates with the
    /// cheap rules first, whatever `full` says, and then with every rule only if the puzzle
    /// turns out hard ([`Context::struggling`]); the fixed point of every rule does not depend
    /// on the order the rules ran in.
    #[inline(always)]
    pub(super) fn search_body<K: Isa, S: Sink>(
        &mut self,
        sink: &mut S,
        ctx: &mut Context,
        mut full: bool,
    ) -> bool {
        loop {
            if !K::propagate(self, full && ctx.rooted, !ctx.rooted, &mut ctx.occupancy) {
                ctx.dead += 1;
                ctx.struggling |= ctx.dead >= DEAD_BRANCHES;
                return false;
            }
            if !ctx.rooted {
                ctx.rooted = true;
                let open: u32 = self.unsolved.iter().map(|u| u.count_ones()).sum();
                ctx.struggling = open >= HARD;
                full = ctx.struggling;
                if full && !K::propagate(self, true, false, &mut ctx.occupancy) {
                    return false;
                }
            }
            if self.is_solved() {
                return sink.solution(self);
            }
            match K::pick_branch(self, full, &ctx.occupancy) {
                Branch::Triad { word, keep, drop } => {
                    let mut child = *self;
                    for (&w, &mask) in word.iter().zip(keep.iter()) {
                        child.cand[w] &= mask;
                        child.dirty |= 1 << w;
                    }
                    sink.guessed();
                    if K::search(&mut child, sink, ctx, ctx.struggling) {
                        return true;
                    }
                    self.cand[word[0]] &= !drop;
                    self.dirty |= 1 << word[0];
                }
                // The alternatives partition the solutions: both cells take their lower digit;
                // the first takes it and the second does not; the first does not (in place,
                // the first cell then takes its other digit).
                Branch::Two([(b, bit, digits), (b2, bit2, digits2)]) if ctx.pairing => {
                    let (d, d2) = (lowest(digits), lowest(digits2));
                    let mut child = *self;
                    child.assign(b, bit, d);
                    child.assign(b2, bit2, d2);
                    sink.guessed();
                    if K::search(&mut child, sink, ctx, ctx.struggling) {
                        return true;
                    }
                    ctx.pairing = false;
                    let mut child = *self;
                    child.assign(b, bit, d);
                    child.cand[STRIDE * d2 + b2] &= !bit2;
                    child.dirty |= 1 << (STRIDE * d2 + b2);
                    sink.guessed();
                    if K::search(&mut child, sink, ctx, ctx.struggling) {
                        return true;
                    }
                    self.cand[STRIDE * d + b] &= !bit;
                    self.dirty |= 1 << (STRIDE * d + b);
                    self.assign(b, bit, lowest(digits & (digits - 1)));
                }
                Branch::Two([(b, bit, digits), _]) | Branch::Cell(b, bit, digits) => {
                    if self.guess_cell::<K, S>(b, bit, digits, sink, ctx) {
                        return true;
                    }
                }
            }
            full = ctx.struggling;
        }
    }

    /// Tries the digits of the cell at `bit` of band `b` one by one, each on a copy but the last,
    /// which is assigned in place. Returns `true` when the sink stopped the search.
    #[inline(always)]
    fn guess_cell<K: Isa, S: Sink>(
        &mut self,
        b: usize,
        bit: u32,
        mut digits: u32,
        sink: &mut S,
        ctx: &mut Context,
    ) -> bool {
        while digits & (digits - 1) != 0 {
            let d = lowest(digits);
            digits &= digits - 1;
            let mut child = *self;
            child.assign(b, bit, d);
            sink.guessed();
            if K::search(&mut child, sink, ctx, ctx.struggling) {
                return true;
            }
            // Every solution with `d` here has been seen: exclude it and go on.
            self.cand[STRIDE * d + b] &= !bit;
            self.dirty |= 1 << (STRIDE * d + b);
        }
        self.assign(b, bit, lowest(digits));
        false
    }
}

/// The lowest digit of a digit set.
#[inline(always)]
fn lowest(digits: u32) -> usize {
    digits.trailing_zeros() as usize
}
