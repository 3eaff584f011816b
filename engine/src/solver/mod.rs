//! The solver: a depth-first search over candidate bitboards, with propagation strong enough
//! that hard puzzles need few guesses. It finds or counts the solutions of one grid, allocates
//! nothing and keeps no global mutable state.
//!
//! # Reading order
//!
//! One file per concern, each written entry point first:
//!
//! 1. [`state`]: the state and its layout diagram; building it from a grid, excluding a
//!    candidate, reading the solution.
//! 2. [`propagate`]: the rules, cheapest first, that remove candidates and place digits without
//!    guessing.
//! 3. [`branch`]: what to guess on once propagation stalls.
//! 4. [`search`]: one node of the search (propagate, branch, recurse) and the search-wide
//!    context.
//! 5. [`kernel`]: [`Kernel`], the builds the search is compiled into (baseline, and SSE4.2,
//!    AVX2 and AVX-512 on x86-64) and the run-time choice between them.
//!
//! Under them: [`bits`], the shifts and masks the passes are written in; [`tables`], lookup
//! tables built at compile time; [`lanes`], the eight-lane type the vector passes work on, with
//! its plain-integer reference; `x86`, its SSE2 and AVX2 implementations, and `arm`, its NEON
//! one. `tests.rs` holds the unit tests.
//!
//! The branch choice and the search node are apart because they do different things: choosing
//! only reads the state and returns a [`branch::Branch`]; the node applies it, recurses and keeps
//! the context. Building the state and reading the solution stay beside the layout they encode,
//! in `state.rs`; this file holds the rest of what the crate calls.
//!
//! # `unsafe`
//!
//! Only `x86` and `arm` (the intrinsics) and [`kernel`] (calling the `#[target_feature]` builds)
//! need it; each says why in its documentation, and every block has a `// SAFETY:` comment. Their
//! `mod` line below allows it; `kernel` allows it on the few items that need it. Every other
//! file starts with `#![forbid(unsafe_code)]`. This one cannot (a `forbid` here would bind those
//! as well) and has none: it stays under the crate's `deny(unsafe_code)`.
//!
//! # Interface for the rest of the crate
//!
//! Only [`State::new`], [`State::exclude`], [`State::search`], [`State::search_with`],
//! [`State::write_solution`], [`Kernel`] (with [`Kernel::solve`], building and searching in one
//! call of a kernel build), the [`Sink`] trait and the sinks [`First`] and [`Counter`] are used
//! outside this module.

#[cfg(target_arch = "aarch64")]
#[allow(unsafe_code)]
mod arm;
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
        let mut ctx = Context::new();
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

/// A sink that counts solutions up to a limit, keeping the first solved state: a copy (seven
/// 32-byte moves) rather than its text, which a count often does not need (the C count with
/// no solution buffer, the uniqueness checks).
pub(crate) struct Counter {
    pub(crate) limit: usize,
    pub(crate) count: usize,
    pub(crate) first: Option<State>,
}

impl Sink for Counter {
    fn solution(&mut self, state: &State) -> bool {
        if self.first.is_none() {
            self.first = Some(*state);
        }
        self.count += 1;
        self.count >= self.limit
    }
}

impl Counter {
    /// The first solution as ASCII digits, if any was found.
    pub(crate) fn first_text(&self) -> Option<[u8; 81]> {
        self.first.as_ref().map(|state| {
            let mut out = [0u8; 81];
            state.write_solution(&mut out);
            out
        })
    }
}

#[cfg(test)]
mod tests;
