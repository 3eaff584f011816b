//! The search kernel: bitboards per digit and band, propagation, branching.
//!
//! The state and its layout: [`state`].
//!
//! Propagation: [`propagate`].
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
mod branch;
mod kernel;
mod lanes;
mod propagate;
mod search;
mod state;
mod tables;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86;

pub use kernel::Kernel;
use search::Context;
pub(crate) use state::State;

/// Receives every solution the search finds.
pub(crate) trait Sink {
    /// Called with a solved state; returning `true` stops the search.
    fn solution(&mut self, state: &State) -> bool;

    /// Called once for every guess: each alternative the search tries on a copy of the state at a
    /// branch (the last alternative, tried in place once the others failed, is forced).
    fn guessed(&mut self) {}
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
        kernel.run(&mut state, sink, &mut ctx)
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
