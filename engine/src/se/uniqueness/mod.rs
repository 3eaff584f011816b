//! Uniqueness: SE's `UniqueLoops` (unique rectangles and loops, types 1 to 4, in [`loops`]) and
//! `BivalueUniversalGrave` (BUG types 1 to 4, in [`bug`]), with Sukaku Explainer's default
//! settings: `islkSudokuURUL` and `islkSudokuBUG` (lkSudoku's fixes) are both on by default in
//! `Settings` and `serate`, so their code paths are the ones followed here.
//!
//! What matters for matching SE (details in each submodule):
//!
//! * `UniqueLoops` collects every hint and offers the easiest: sorted by difficulty, then by type
//!   (1, 2, 3, 4), ties kept in the order found (a stable sort). So a Unique Rectangle type 4
//!   (4.5) wins over a type 3 with a naked pair (4.6) and over a Unique Loop 6 type 1 (4.6).
//! * Only types 3 add to the loop's difficulty: naked set of `n` digits `+ (n - 1) · 0.1`,
//!   hidden set of `n` digits `+ (n - 2) · 0.1`; types 2 and 4 are rated as type 1 (4.5 for a
//!   rectangle, 4.6 for a 6-loop, 4.7 for an 8-loop, 5.0 from 10 cells).
//! * `BivalueUniversalGrave` offers its first hint: type 1, else type 2 then type 4, else type 4
//!   then type 3 (smallest naked set first, blocks before rows before columns).

mod bug;
mod loops;

pub(crate) use bug::bug;
#[cfg(test)]
pub(crate) use loops::unique_loops;
#[cfg(test)]
pub(crate) use loops::unique_loops_unrestricted;
pub(crate) use loops::unique_loops_with;

/// SE's `Permutations(ones, bits)`: the `ones`-element subsets of `0..bits` as bit masks, in
/// increasing numeric order (Gosper's hack). As in SE, `ones == 0` gives the empty set once if
/// `bits > 0` and nothing if `bits == 0`. Needs `ones <= bits <= 31`.
fn combinations(ones: u32, bits: u32) -> impl Iterator<Item = u32> {
    debug_assert!(ones <= bits && bits < 32);
    let end = 1u32 << bits;
    let mut next = if bits == 0 {
        None
    } else {
        Some((1u32 << ones) - 1)
    };
    core::iter::from_fn(move || {
        let value = next?;
        next = if value == 0 {
            None
        } else {
            let smallest = value & value.wrapping_neg();
            let ripple = value + smallest;
            let ones = ((value ^ ripple) >> 2) / smallest;
            let n = ripple | ones;
            (n < end).then_some(n)
        };
        Some(value)
    })
}

#[cfg(test)]
mod tests;
