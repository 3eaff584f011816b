//! The search kernel: bitboards per digit and band, propagation, branching.
//!
//! The state and its layout: [`state`].
//!
//! Propagation: [`propagate`].
//!
//! # Search
//!
//! Branching follows tdoku's observation: pick the band or stack with the fewest remaining
//! configurations (ways to place each digit in its three mini-rows or mini-columns), and in it
//! the digit with the fewest; the branch is whether that digit occupies a mini-row (mini-column)
//! that splits its configurations. The first alternative is tried on a copy, the second in
//! place. At most 81 levels deep, one small state each; no heap.
//!
//! # Kernels
//!
//! The same code is compiled twice: for the baseline target, and on x86-64 once more with AVX2
//! enabled, chosen at run time by [`Kernel::detect`]. Both give identical results.
//!
//! # Interface for the rest of the crate
//!
//! Only [`State::new`], [`State::exclude`], [`State::search`], [`State::search_with`],
//! [`State::write_solution`], [`Kernel`] and the [`Sink`] trait are used outside this module.

mod bits;
mod lanes;
mod propagate;
mod state;
mod tables;

use std::sync::OnceLock;

use bits::{TRIAD_BASE, after_next_in_group, columns, lane_columns, next_in_group};
use lanes::Lanes;
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
use lanes::Plain;
#[cfg(target_arch = "x86_64")]
use lanes::{Avx2, Sse2};
use state::STRIDE;
pub(crate) use state::State;
use tables::{COLUMN, SHRINK, SPLIT};

/// Receives every solution the search finds.
pub(crate) trait Sink {
    /// Called with a solved state; returning `true` stops the search.
    fn solution(&mut self, state: &State) -> bool;

    /// Called once for every guess: each alternative the search tries on a copy of the state at a
    /// branch (the last alternative, tried in place once the others failed, is forced).
    fn guessed(&mut self) {}
}

/// A build of the solver kernel for a class of CPUs. Every kernel gives the same answers; they
/// differ only in speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// Baseline instructions only (SSE2 on x86-64, NEON on AArch64, plain integers elsewhere).
    Portable,
    /// x86-64 with AVX2, BMI1/2, POPCNT and LZCNT.
    Avx2,
}

impl Kernel {
    /// Every kernel, in order of preference.
    pub const ALL: [Kernel; 2] = [Kernel::Avx2, Kernel::Portable];

    /// Whether this CPU can run the kernel.
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("lzcnt")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 => false,
        }
    }

    /// The kernel every solving call uses: the fastest one this CPU supports, chosen once per
    /// process. Setting the environment variable `SUDOKU_KERNEL=portable` before the first solve
    /// forces the portable kernel (for debugging or comparison).
    pub fn detect() -> Kernel {
        static CHOSEN: OnceLock<Kernel> = OnceLock::new();
        *CHOSEN.get_or_init(|| {
            let forced = std::env::var("SUDOKU_KERNEL").ok();
            if forced.as_deref() == Some("portable") {
                return Kernel::Portable;
            }
            Kernel::ALL
                .into_iter()
                .find(|k| k.is_available())
                .unwrap_or(Kernel::Portable)
        })
    }

    /// The kernel's name: `"portable"` or `"avx2"`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
        }
    }
}

/// Compile-time selection of a kernel build: the recursion of the search goes through it, so a
/// whole search runs in one build.
///
/// Propagation and branch choice are separate, non-inlined functions of each build, and a node
/// works on its state in place (the caller's copy), so that the recursive search frame holds
/// little more than the child's state: the stack grows by about 0.4 KiB per level in release
/// builds and stays small without optimisation too.
trait Isa {
    /// The lane type this build's vector passes use.
    type L: Lanes;
    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool;
    fn propagate(state: &mut State, full: bool, root: bool) -> bool;
    fn pick_branch(state: &State, full: bool) -> Branch;
}

/// Search-wide facts shared by every node of one search.
struct Context {
    /// Whether nodes below the root propagate fully and branch on configurations. That pays on
    /// hard puzzles; on easy ones, and on puzzles with many solutions, the cheap rules and a
    /// branch on a two-candidate cell cost less. It starts true when at least [`HARD`] cells
    /// are still open after the root's propagation, and turns true for good as soon as a
    /// branch dies in a contradiction.
    struggling: bool,
    /// Whether the root has been propagated yet.
    rooted: bool,
}

/// Open cells after the root's propagation from which a puzzle counts as hard: the hardest
/// lists leave 55 to 60, top1465 49 to 59; easy puzzles and puzzles with many solutions fewer.
const HARD: u32 = 50;

struct PortableIsa;

impl Isa for PortableIsa {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    type L = Sse2;
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    type L = Plain;

    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool {
        state.search_body::<Self, S>(sink, ctx, full)
    }

    #[inline(never)]
    fn propagate(state: &mut State, full: bool, root: bool) -> bool {
        state.propagate::<Self::L>(full, root)
    }

    #[inline(never)]
    fn pick_branch(state: &State, full: bool) -> Branch {
        state.choose::<Self::L>(full)
    }
}

#[cfg(target_arch = "x86_64")]
struct Avx2Isa;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Isa for Avx2Isa {
    type L = Avx2;
    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool {
        // SAFETY: this build is only entered from `State::search_with(Kernel::Avx2, ..)`, which
        // checks `Kernel::Avx2.is_available()` first, so the CPU has every enabled feature.
        unsafe { search_avx2(state, sink, ctx, full) }
    }

    fn propagate(state: &mut State, full: bool, root: bool) -> bool {
        // SAFETY: as for `search`: only reached within the AVX2 build, on a CPU that has AVX2.
        unsafe { propagate_avx2(state, full, root) }
    }

    fn pick_branch(state: &State, full: bool) -> Branch {
        // SAFETY: as for `search`.
        unsafe { pick_branch_avx2(state, full) }
    }
}

/// The search compiled with AVX2 enabled: `search_body` and everything it calls are
/// `#[inline(always)]`, so they are generated again here for the wider instruction set.
///
/// # Safety
/// The CPU must support AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(unsafe_code)]
unsafe fn search_avx2<S: Sink>(
    state: &mut State,
    sink: &mut S,
    ctx: &mut Context,
    full: bool,
) -> bool {
    state.search_body::<Avx2Isa, S>(sink, ctx, full)
}

/// Propagation compiled with AVX2 enabled.
///
/// # Safety
/// As for [`search_avx2`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline(never)]
#[allow(unsafe_code)]
unsafe fn propagate_avx2(state: &mut State, full: bool, root: bool) -> bool {
    state.propagate::<Avx2>(full, root)
}

/// Branch choice compiled with AVX2 enabled.
///
/// # Safety
/// As for [`search_avx2`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline(never)]
#[allow(unsafe_code)]
unsafe fn pick_branch_avx2(state: &State, full: bool) -> Branch {
    state.choose::<Avx2>(full)
}

/// What the search branches on.
enum Branch {
    /// First alternative: keep `keep[k]` of word `word[k]`; second: clear `drop` from `word[0]`.
    Triad {
        word: [usize; 3],
        keep: [u32; 3],
        drop: u32,
    },
    /// A cell (band, bit) and its candidate digits, tried one by one.
    Cell(usize, u32, u32),
}

impl State {
    /// Runs the search with the detected kernel, handing each solution to `sink` until it asks
    /// to stop. Returns `true` when the sink stopped the search.
    #[allow(dead_code, reason = "used by the analysis and generator modules")]
    pub(crate) fn search<S: Sink>(self, sink: &mut S) -> bool {
        self.search_with(Kernel::detect(), sink)
    }

    /// [`search`](Self::search) with a given kernel; one the CPU lacks falls back to portable.
    pub(crate) fn search_with<S: Sink>(self, kernel: Kernel, sink: &mut S) -> bool {
        let mut ctx = Context {
            struggling: false,
            rooted: false,
        };
        let mut state = self;
        match kernel {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if kernel.is_available() => {
                Avx2Isa::search(&mut state, sink, &mut ctx, true)
            }
            _ => PortableIsa::search(&mut state, sink, &mut ctx, true),
        }
    }

    /// One node of the search: propagate (`full`: every rule), then branch. Children run through
    /// `K::search`, so the recursion stays in one kernel build.
    #[inline(always)]
    fn search_body<K: Isa, S: Sink>(
        &mut self,
        sink: &mut S,
        ctx: &mut Context,
        mut full: bool,
    ) -> bool {
        loop {
            if !K::propagate(self, full, !ctx.rooted) {
                ctx.struggling = true;
                return false;
            }
            if !ctx.rooted {
                ctx.rooted = true;
                let open: u32 = self.unsolved.iter().map(|u| u.count_ones()).sum();
                ctx.struggling = open >= HARD;
            }
            if self.is_solved() {
                return sink.solution(self);
            }
            match K::pick_branch(self, full) {
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
                Branch::Cell(b, bit, mut digits) => {
                    while digits & (digits - 1) != 0 {
                        let d = digits.trailing_zeros() as usize;
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
                    self.assign(b, bit, digits.trailing_zeros() as usize);
                }
            }
            full = ctx.struggling;
        }
    }

    /// Chooses what to branch on: the band or stack with the fewest remaining configurations,
    /// then its digit with the fewest (see the module documentation). Falls back to a cell with
    /// the fewest candidates.
    ///
    /// A digit's configurations in a band are the permutation matrices inside its (row, box)
    /// occupancy, and in a stack those inside its (band, column) occupancy. Both counts are
    /// computed for every digit, band and stack at once: with the occupancy rows `r0, r1, r2`,
    /// the six permutations are `r0[k] & r1[k+1] & r2[k+2]` and `r0[k] & r1[k+2] & r2[k+1]`.
    #[inline(always)]
    fn pick_branch<L: Lanes>(&self) -> Branch {
        let mut per_band = [[0u32; 8]; 5];
        let mut per_stack = [[0u32; 8]; 5];
        let (mut band_totals, mut stack_totals) = (L::zero(), L::zero());
        let (low3, groups) = (L::splat(7), L::splat(0o111));
        // [`next_box`] and [`after_next_box`] for one row of the occupancy, moved down to bits 0, 3
        // and 6: one mask instead of two. (Closures: as functions they cost the SSE2 build a few
        // register moves.)
        let next_box_in_row = |x: L| x.shr::<3>().or(x.shl::<6>()).and(groups);
        let after_next_box_in_row = |x: L| x.shr::<6>().or(x.shl::<3>()).and(groups);
        for k in 0..5 {
            let a = self.lanes::<L>(k);
            // (row, box) occupancy as sparse bits: row r, box x at 9r + 3x.
            let h = a
                .or(a.shr::<1>())
                .or(a.shr::<2>())
                .and(L::splat(TRIAD_BASE));
            let (r0, r1, r2) = (
                h.and(groups),
                h.shr::<9>().and(groups),
                h.shr::<18>().and(groups),
            );
            let cyclic = r0.and(next_box_in_row(r1)).and(after_next_box_in_row(r2));
            let reflected = r0.and(after_next_box_in_row(r1)).and(next_box_in_row(r2));
            let z = cyclic.add(reflected);
            let count = z
                .and(low3)
                .add(z.shr::<3>().and(low3))
                .add(z.shr::<6>().and(low3));
            per_band[k] = count.to_array();
            band_totals = band_totals.add(count);
            // (band, column) occupancy per stack; each band lane computes the same counts.
            let p = lane_columns(a);
            let (q1, q2) = (p.next_band(), p.after_next_band());
            let cyclic = p.and(next_in_group(q1)).and(after_next_in_group(q2));
            let reflected = p.and(after_next_in_group(q1)).and(next_in_group(q2));
            let z = cyclic
                .and(groups)
                .add(cyclic.shr::<1>().and(groups))
                .add(cyclic.shr::<2>().and(groups))
                .add(reflected.and(groups))
                .add(reflected.shr::<1>().and(groups))
                .add(reflected.shr::<2>().and(groups));
            // One byte per stack, so that totals over nine digits cannot overflow.
            let count = z
                .and(low3)
                .or(z.shl::<5>().and(L::splat(7 << 8)))
                .or(z.shl::<10>().and(L::splat(7 << 16)));
            per_stack[k] = count.to_array();
            stack_totals = stack_totals.add(count);
        }
        let band_totals = band_totals.add(band_totals.swap_digits()).first_digit();
        let stacks = stack_totals.add(stack_totals.swap_digits()).first_digit()[0];
        let stack_totals = [stacks & 0xff, (stacks >> 8) & 0xff, (stacks >> 16) & 0xff];

        // A band or stack with nine configurations in all has every digit fixed. The fewest
        // configurations win, bands before stacks and lower indices first on ties; keys instead
        // of comparisons in branches, which would mispredict.
        let best = band_totals
            .iter()
            .chain(&stack_totals)
            .zip(0u32..)
            .map(|(&total, i)| if total > 9 { total << 3 | i } else { u32::MAX })
            .min()
            .unwrap_or(u32::MAX);
        if best == u32::MAX {
            return self.pick_cell();
        }
        let (vertical, b) = (best & 7 >= 3, (best & 7) as usize % 3);
        let configurations = |d: usize| {
            let lane = 4 * (d % 2);
            if vertical {
                (per_stack[d / 2][lane] >> (8 * b)) & 0xff
            } else {
                per_band[d / 2][lane + b]
            }
        };
        let key = (0..9)
            .map(|d| {
                let c = configurations(d);
                if c >= 2 { c << 4 | d as u32 } else { u32::MAX }
            })
            .min()
            .unwrap_or(u32::MAX);
        if key == u32::MAX {
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

    /// The branch for a node: on configurations after [`propagate`](Self::propagate) with every
    /// rule, else on a two-candidate cell.
    #[inline(always)]
    fn choose<L: Lanes>(&self, full: bool) -> Branch {
        if full {
            self.pick_branch::<L>()
        } else {
            self.pick_pair::<L>()
        }
    }

    /// A cell with two candidates (the first one found), else one with the fewest.
    #[inline(always)]
    fn pick_pair<L: Lanes>(&self) -> Branch {
        let (mut once, mut twice, mut thrice) = (L::zero(), L::zero(), L::zero());
        for k in 0..5 {
            let x = self.lanes::<L>(k);
            thrice = thrice.or(twice.and(x));
            twice = twice.or(once.and(x));
            once = once.or(x);
        }
        let (o, t, r) = (
            once.swap_digits(),
            twice.swap_digits(),
            thrice.swap_digits(),
        );
        let pairs = twice
            .or(t)
            .or(once.and(o))
            .and_not(thrice.or(r).or(twice.and(o)).or(once.and(t)))
            .first_digit();
        for (b, (&pair, &open)) in pairs.iter().zip(&self.unsolved).enumerate() {
            let p = pair & open;
            if p != 0 {
                let bit = p & p.wrapping_neg();
                let digits = (0..9).fold(0u32, |m, d| {
                    m | u32::from(self.cand[STRIDE * d + b] & bit != 0) << d
                });
                return Branch::Cell(b, bit, digits);
            }
        }
        self.pick_cell()
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

/// A sink that keeps the first solution and stops.
pub(crate) struct First {
    pub(crate) grid: Option<[u8; 81]>,
}

impl Sink for First {
    fn solution(&mut self, state: &State) -> bool {
        let mut out = [0u8; 81];
        state.write_solution(&mut out);
        self.grid = Some(out);
        true
    }
}

/// A sink that counts solutions up to a limit, keeping the first.
pub(crate) struct Counter {
    pub(crate) limit: usize,
    pub(crate) count: usize,
    pub(crate) first: Option<[u8; 81]>,
}

impl Sink for Counter {
    fn solution(&mut self, state: &State) -> bool {
        if self.first.is_none() {
            let mut out = [0u8; 81];
            state.write_solution(&mut out);
            self.first = Some(out);
        }
        self.count += 1;
        self.count >= self.limit
    }
}

#[cfg(test)]
mod tests;
