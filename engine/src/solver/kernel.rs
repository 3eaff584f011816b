//! Kernel choice: which build of the solver runs, chosen once per process.
//!
//! The same code is compiled twice: for the baseline target, and on x86-64 once more with AVX2
//! enabled, chosen at run time by [`Kernel::detect`]. Both give identical results. [`Isa`] names
//! a build at compile time: the search's recursion goes through it, so a whole search runs in
//! one build; [`Kernel::run`] enters it.
//!
//! # Why `unsafe`
//!
//! The AVX2 build is three `#[target_feature(enable = "avx2,..")]` functions (the search node,
//! propagation and the branch choice), and calling such a function is `unsafe`: on a CPU
//! without the features it is undefined behaviour. [`Avx2Isa`] makes those calls, and is only
//! used once [`Kernel::is_available`] has confirmed the features. The `#[allow(unsafe_code)]`
//! sits on those functions and on `Avx2Isa`'s `impl` only; the rest of this file, the [`Kernel`]
//! type and its detection, is under the crate's `deny(unsafe_code)`.

use std::sync::OnceLock;

use super::Sink;
use super::branch::Branch;
use super::lanes::Lanes;
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
use super::lanes::Plain;
use super::search::Context;
use super::state::State;
#[cfg(target_arch = "x86_64")]
use super::x86::Avx2;
#[cfg(all(target_arch = "x86_64", not(miri)))]
use super::x86::Sse2;

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

    /// Searches from the root `state` in this kernel's build; one the CPU lacks falls back to
    /// the portable build. The one place that enters the AVX2 build.
    #[inline(always)]
    pub(super) fn run<S: Sink>(self, state: &mut State, sink: &mut S, ctx: &mut Context) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if self.is_available() => Avx2Isa::search(state, sink, ctx, true),
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
    fn propagate(state: &mut State, full: bool, root: bool) -> bool;
    fn pick_branch(state: &State, full: bool) -> Branch;
}

/// The baseline build: SSE2 lanes on x86-64, plain integers elsewhere and under Miri.
pub(super) struct PortableIsa;

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

/// The AVX2 build, on x86-64 only: its entry points are the `#[target_feature]` functions below.
#[cfg(target_arch = "x86_64")]
pub(super) struct Avx2Isa;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Isa for Avx2Isa {
    type L = Avx2;
    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool {
        // SAFETY: this build is only entered where `Kernel::Avx2.is_available()` has returned
        // true, so the CPU has every enabled feature: in `Kernel::run`, and in the unit test
        // that compares the builds.
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
