//! Kernel choice: which build of the solver runs, chosen once per process.
//!
//! The same code is compiled once per CPU tier: for the baseline target, and on x86-64 again
//! for x86-64-v2 (SSE4.2, POPCNT), for AVX2 (with BMI1/2, LZCNT) and for AVX-512 (F, VL, BW,
//! DQ on top of AVX2). [`Kernel::detect`] picks the best tier the CPU has, once. Every tier
//! gives identical results and makes the same guesses; they differ only in speed. [`Isa`] names
//! a build at compile time: the search's recursion goes through it, so a whole search runs in
//! one build; [`Kernel::run`] enters it.
//!
//! # Why `unsafe`
//!
//! Each tier above the baseline is six `#[target_feature(enable = "..")]` functions (the
//! search node, propagation, the branch choice, the state's construction, the solution writer,
//! and construction with the root of the search), and calling such a function is `unsafe`: on
//! a CPU without the features it is undefined behaviour. The tier's `Isa` implementation makes
//! those calls, and a tier is only entered once [`Kernel::is_available`] has confirmed its
//! features. The `#[allow(unsafe_code)]` sits on those functions and on those `impl`s only; the
//! rest of this file, the [`Kernel`] type and its detection, is under the crate's
//! `deny(unsafe_code)`.

use std::sync::OnceLock;

#[cfg(all(target_arch = "aarch64", not(miri)))]
use super::arm::Neon;
use super::branch::Branch;
use super::lanes::Lanes;
#[cfg(not(all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri))))]
use super::lanes::Plain;
use super::propagate::Occupancy;
use super::search::Context;
use super::state::State;
#[cfg(all(target_arch = "x86_64", sudoku_avx512))]
use super::x86::Avx512;
#[cfg(target_arch = "x86_64")]
use super::x86::{Avx2, Sse2};
use super::{Counter, Sink};

/// A build of the solver kernel for a class of CPUs. Every kernel gives the same answers and
/// makes the same guesses; they differ only in speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// Baseline instructions only (SSE2 on x86-64, NEON on AArch64, plain integers elsewhere).
    Portable,
    /// x86-64-v2: SSE4.2 (with SSSE3, SSE4.1) and POPCNT.
    Sse42,
    /// x86-64 with AVX2, BMI1/2, POPCNT and LZCNT.
    Avx2,
    /// AVX2's set plus AVX-512 F, VL, BW and DQ: 512-bit vectors (four digits each), ternary
    /// logic, mask registers.
    Avx512,
}

impl Kernel {
    /// Every kernel, widest first.
    pub const ALL: [Kernel; 4] = [
        Kernel::Avx512,
        Kernel::Avx2,
        Kernel::Sse42,
        Kernel::Portable,
    ];

    /// Whether this CPU can run the kernel. The CPU is examined once per process: every search
    /// asks again.
    pub fn is_available(self) -> bool {
        static AVAILABLE: OnceLock<u8> = OnceLock::new();
        let mask = AVAILABLE.get_or_init(|| {
            Kernel::ALL
                .into_iter()
                .fold(0, |m, k| m | u8::from(k.has_features()) << k as u8)
        });
        mask >> self as u8 & 1 != 0
    }

    /// What [`is_available`](Kernel::is_available) caches: whether the CPU has every feature the
    /// kernel's build enables.
    fn has_features(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let v2 = || {
                has!("sse3") && has!("ssse3") && has!("sse4.1") && has!("sse4.2") && has!("popcnt")
            };
            let avx2 = || v2() && has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt");
            match self {
                Kernel::Portable => true,
                Kernel::Sse42 => v2(),
                Kernel::Avx2 => avx2(),
                Kernel::Avx512 => {
                    avx2()
                        && has!("avx512f")
                        && has!("avx512vl")
                        && has!("avx512bw")
                        && has!("avx512dq")
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self == Kernel::Portable
        }
    }

    /// The kernel every solving call uses, chosen once per process: the one named by the
    /// environment variable `SUDOKU_KERNEL` ([`Kernel::name`]: `portable`, `sse42`, `avx2`,
    /// `avx512`) when it is set before the first solve and the CPU can run it, else the
    /// widest one the CPU supports: AVX-512 on CPUs that also have AVX512-VBMI2 (Intel Ice Lake,
    /// AMD Zen 4 and later), else AVX2, else SSE4.2, else portable.
    pub fn detect() -> Kernel {
        static CHOSEN: OnceLock<Kernel> = OnceLock::new();
        *CHOSEN.get_or_init(|| {
            let forced = std::env::var("SUDOKU_KERNEL").ok();
            if let Some(k) = forced.as_deref().and_then(Kernel::from_name) {
                if k.is_available() {
                    return k;
                }
            }
            Kernel::ALL
                .into_iter()
                .find(|&k| k.is_available() && (k != Kernel::Avx512 || Kernel::avx512_pays()))
                .unwrap_or(Kernel::Portable)
        })
    }

    /// Whether [`detect`](Kernel::detect) prefers the AVX-512 build to the AVX2 one: on CPUs
    /// that also have AVX512-VBMI2, the mark of the generations whose 512-bit units keep their
    /// clock (Intel Ice Lake and later, AMD Zen 4 and later). There it was faster on every
    /// corpus where measured (docs/benchmarks.md: 6-11% less time on Zen 5, 0-8% on Sapphire
    /// Rapids). The first AVX-512 generations (Skylake-SP, Cascade Lake) lower the core's clock
    /// for 512-bit work, which would slow the rest of the caller's program too: they keep AVX2
    /// unless `SUDOKU_KERNEL=avx512` forces it.
    fn avx512_pays() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            std::arch::is_x86_feature_detected!("avx512vbmi2")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }

    /// The kernel's name: `"portable"`, `"sse42"`, `"avx2"` or `"avx512"`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Sse42 => "sse42",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// The kernel with this [`name`](Kernel::name), if any.
    pub fn from_name(name: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Counts the solutions of a grid of digits `0..=9` (0 = blank) up to `limit` with this
    /// kernel, as [`Board::count_solutions_with`](crate::Board::count_solutions_with) does, and
    /// also returns the guesses the search made (each alternative tried on a copy of the state;
    /// the last one, tried in place, is forced). For comparing kernels and tuning: every kernel
    /// must give the same three results. `None` when two givens clash; values above 9 are
    /// read as 9. `limit = 1` is a first-solution search.
    pub fn count_with_guesses(
        self,
        cells: &[u8; 81],
        limit: usize,
    ) -> Option<(usize, u64, Option<[u8; 81]>)> {
        struct Stats {
            counter: Counter,
            guesses: u64,
        }
        impl Sink for Stats {
            fn solution(&mut self, state: &State) -> bool {
                self.counter.solution(state)
            }
            fn guessed(&mut self) {
                self.guesses += 1;
            }
        }
        let digits = cells.map(|c| c.min(9));
        let mut stats = Stats {
            counter: Counter {
                limit,
                count: 0,
                first: None,
            },
            guesses: 0,
        };
        if limit > 0 {
            self.solve(&digits, &mut stats)?;
        } else {
            self.new_state(&digits)?;
        }
        let first = stats
            .counter
            .first_text()
            .map(|ascii| ascii.map(|b| b - b'0'));
        Some((stats.counter.count, stats.guesses, first))
    }

    /// Builds the state for a grid of digits `0..=9` in this kernel's build ([`State::new`]);
    /// one the CPU lacks falls back to the portable build.
    #[inline]
    pub(super) fn new_state(self, cells: &[u8; 81]) -> Option<State> {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if self.is_available() => Avx512Isa::build(cells),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if self.is_available() => Avx2Isa::build(cells),
            #[cfg(target_arch = "x86_64")]
            Kernel::Sse42 if self.is_available() => Sse42Isa::build(cells),
            _ => PortableIsa::build(cells),
        }
    }

    /// Writes a solved state as ASCII digits in this kernel's build
    /// ([`State::write_solution`]); one the CPU lacks falls back to the portable build.
    #[inline]
    pub(super) fn write_solution(self, state: &State, out: &mut [u8; 81]) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if self.is_available() => Avx512Isa::write(state, out),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if self.is_available() => Avx2Isa::write(state, out),
            #[cfg(target_arch = "x86_64")]
            Kernel::Sse42 if self.is_available() => Sse42Isa::write(state, out),
            _ => PortableIsa::write(state, out),
        }
    }

    /// Builds the state for a grid of digits `0..=9` and searches it, in one call of this
    /// kernel's build (one the CPU lacks falls back to the portable build): the state is built
    /// where the search starts, not returned and copied twice on the way. `None` when two givens
    /// clash, else whether the sink stopped the search.
    #[inline]
    pub(crate) fn solve<S: Sink>(self, cells: &[u8; 81], sink: &mut S) -> Option<bool> {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if self.is_available() => Avx512Isa::solve(cells, sink),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if self.is_available() => Avx2Isa::solve(cells, sink),
            #[cfg(target_arch = "x86_64")]
            Kernel::Sse42 if self.is_available() => Sse42Isa::solve(cells, sink),
            _ => PortableIsa::solve(cells, sink),
        }
    }

    /// Searches from the root `state` in this kernel's build; one the CPU lacks falls back to
    /// the portable build. The one place that enters the builds above the baseline.
    #[inline(always)]
    pub(super) fn run<S: Sink>(self, state: &mut State, sink: &mut S, ctx: &mut Context) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if self.is_available() => Avx512Isa::search(state, sink, ctx, true),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if self.is_available() => Avx2Isa::search(state, sink, ctx, true),
            #[cfg(target_arch = "x86_64")]
            Kernel::Sse42 if self.is_available() => Sse42Isa::search(state, sink, ctx, true),
            _ => PortableIsa::search(state, sink, ctx, true),
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
pub(super) trait Isa {
    /// The lane type this build's vector passes use.
    type L: Lanes;
    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool;
    fn propagate(state: &mut State, full: bool, root: bool, occupancy: &mut Occupancy) -> bool;
    fn pick_branch(state: &State, full: bool, occupancy: &Occupancy) -> Branch;
    /// [`State::build`] in this build.
    fn build(cells: &[u8; 81]) -> Option<State>;
    /// [`Lanes::write_digits`] of a solved state in this build.
    fn write(state: &State, out: &mut [u8; 81]);
    /// [`build`](Self::build), then the search from the root, in this build.
    fn solve<S: Sink>(cells: &[u8; 81], sink: &mut S) -> Option<bool>;
}

/// The root of a search on a grid, in the build `K`: [`Isa::solve`].
#[inline(always)]
pub(super) fn solve_in<K: Isa, S: Sink>(cells: &[u8; 81], sink: &mut S) -> Option<bool> {
    let mut state = State::build::<K::L>(cells)?;
    let mut ctx = Context::new();
    Some(state.search_body::<K, S>(sink, &mut ctx, true))
}

/// The baseline build: SSE2 lanes on x86-64, NEON on AArch64, plain integers elsewhere and
/// under Miri.
pub(super) struct PortableIsa;

impl Isa for PortableIsa {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    type L = Sse2;
    #[cfg(all(target_arch = "aarch64", not(miri)))]
    type L = Neon;
    #[cfg(not(all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri))))]
    type L = Plain<8>;

    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool {
        state.search_body::<Self, S>(sink, ctx, full)
    }

    #[inline(never)]
    fn propagate(state: &mut State, full: bool, root: bool, occupancy: &mut Occupancy) -> bool {
        state.propagate::<Self::L>(full, root, occupancy)
    }

    #[inline(never)]
    fn pick_branch(state: &State, full: bool, occupancy: &Occupancy) -> Branch {
        state.choose::<Self::L>(full, occupancy)
    }

    fn build(cells: &[u8; 81]) -> Option<State> {
        State::build::<Self::L>(cells)
    }

    fn write(state: &State, out: &mut [u8; 81]) {
        Self::L::write_digits(&state.cand, out);
    }

    fn solve<S: Sink>(cells: &[u8; 81], sink: &mut S) -> Option<bool> {
        solve_in::<Self, S>(cells, sink)
    }
}

/// A build for a tier above the baseline: the `Isa` type `$isa` on lanes `$lanes`, whose three
/// entry points are `#[target_feature(enable = $features)]` functions. `search_body` and
/// everything it calls are `#[inline(always)]`, so they are generated again inside those
/// functions for the wider instruction set.
#[cfg(target_arch = "x86_64")]
macro_rules! tier {
    ($(#[$doc:meta])* $isa:ident, $lanes:ty, $features:literal, $kernel:expr,
     $search:ident, $propagate:ident, $pick:ident, $build:ident, $write:ident,
     $solve:ident) => {
        $(#[$doc])*
        pub(super) struct $isa;

        #[allow(unsafe_code)]
        impl Isa for $isa {
            type L = $lanes;
            fn search<S: Sink>(
                state: &mut State,
                sink: &mut S,
                ctx: &mut Context,
                full: bool,
            ) -> bool {
                debug_assert!($kernel.is_available());
                // SAFETY: this build is only entered where `is_available()` has returned true
                // for its kernel, so the CPU has every enabled feature: in `Kernel::run`, and
                // in the unit test that compares the builds.
                unsafe { $search(state, sink, ctx, full) }
            }

            fn propagate(
                state: &mut State,
                full: bool,
                root: bool,
                occupancy: &mut Occupancy,
            ) -> bool {
                // SAFETY: as for `search`: only reached within this build, on a CPU that has
                // its features.
                unsafe { $propagate(state, full, root, occupancy) }
            }

            fn pick_branch(state: &State, full: bool, occupancy: &Occupancy) -> Branch {
                // SAFETY: as for `search`.
                unsafe { $pick(state, full, occupancy) }
            }

            fn build(cells: &[u8; 81]) -> Option<State> {
                debug_assert!($kernel.is_available());
                // SAFETY: only called where `is_available()` has returned true for this
                // build's kernel: in `Kernel::new_state`, and in the unit tests after checking.
                unsafe { $build(cells) }
            }

            fn write(state: &State, out: &mut [u8; 81]) {
                debug_assert!($kernel.is_available());
                // SAFETY: as for `build`: in `Kernel::write_solution`, and in the unit tests
                // after checking.
                unsafe { $write(state, out) }
            }

            fn solve<S: Sink>(cells: &[u8; 81], sink: &mut S) -> Option<bool> {
                debug_assert!($kernel.is_available());
                // SAFETY: as for `build`: in `Kernel::solve`, and in the unit tests after
                // checking.
                unsafe { $solve(cells, sink) }
            }
        }

        /// The search node compiled for this tier.
        ///
        /// # Safety
        /// The CPU must support every feature of the tier.
        #[target_feature(enable = $features)]
        #[allow(unsafe_code)]
        unsafe fn $search<S: Sink>(
            state: &mut State,
            sink: &mut S,
            ctx: &mut Context,
            full: bool,
        ) -> bool {
            state.search_body::<$isa, S>(sink, ctx, full)
        }

        /// Propagation compiled for this tier.
        ///
        /// # Safety
        /// As for the search node.
        #[target_feature(enable = $features)]
        #[inline(never)]
        #[allow(unsafe_code)]
        unsafe fn $propagate(
            state: &mut State,
            full: bool,
            root: bool,
            occupancy: &mut Occupancy,
        ) -> bool {
            state.propagate::<$lanes>(full, root, occupancy)
        }

        /// Branch choice compiled for this tier.
        ///
        /// # Safety
        /// As for the search node.
        #[target_feature(enable = $features)]
        #[inline(never)]
        #[allow(unsafe_code)]
        unsafe fn $pick(state: &State, full: bool, occupancy: &Occupancy) -> Branch {
            state.choose::<$lanes>(full, occupancy)
        }

        /// The state's construction compiled for this tier.
        ///
        /// # Safety
        /// As for the search node.
        #[target_feature(enable = $features)]
        #[allow(unsafe_code)]
        unsafe fn $build(cells: &[u8; 81]) -> Option<State> {
            State::build::<$lanes>(cells)
        }

        /// Writing the solution compiled for this tier.
        ///
        /// # Safety
        /// As for the search node.
        #[target_feature(enable = $features)]
        #[allow(unsafe_code)]
        unsafe fn $write(state: &State, out: &mut [u8; 81]) {
            <$lanes>::write_digits(&state.cand, out);
        }

        /// The state's construction and the root of the search compiled for this tier.
        ///
        /// # Safety
        /// As for the search node.
        #[target_feature(enable = $features)]
        #[allow(unsafe_code)]
        unsafe fn $solve<S: Sink>(cells: &[u8; 81], sink: &mut S) -> Option<bool> {
            solve_in::<$isa, S>(cells, sink)
        }
    };
}

#[cfg(target_arch = "x86_64")]
tier!(
    /// The x86-64-v2 build: SSE2 lanes, compiled with SSE4.2 and POPCNT.
    Sse42Isa, Sse2, "sse3,ssse3,sse4.1,sse4.2,popcnt", Kernel::Sse42,
    search_sse42, propagate_sse42, pick_branch_sse42, build_sse42, write_sse42, solve_sse42
);

#[cfg(target_arch = "x86_64")]
tier!(
    /// The AVX2 build: one 256-bit register per two digits.
    Avx2Isa, Avx2, "avx2,bmi1,bmi2,popcnt,lzcnt", Kernel::Avx2,
    search_avx2, propagate_avx2, pick_branch_avx2, build_avx2, write_avx2, solve_avx2
);

#[cfg(all(target_arch = "x86_64", sudoku_avx512))]
tier!(
    /// The AVX-512 build: one 512-bit register per four digits, compiled with AVX-512
    /// F/VL/BW/DQ (three-input logic, mask registers, compare-into-mask).
    Avx512Isa, Avx512, "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512vl,avx512bw,avx512dq",
    Kernel::Avx512, search_avx512, propagate_avx512, pick_branch_avx512,
    build_avx512, write_avx512, solve_avx512
);

#[cfg(all(target_arch = "x86_64", not(sudoku_avx512)))]
tier!(
    /// The AVX-512 build where the compiler lacks the AVX-512 intrinsics (before Rust 1.89):
    /// the AVX2 lanes, compiled with AVX-512 F/VL/BW/DQ.
    Avx512Isa, Avx2, "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512vl,avx512bw,avx512dq",
    Kernel::Avx512, search_avx512, propagate_avx512, pick_branch_avx512,
    build_avx512, write_avx512, solve_avx512
);
