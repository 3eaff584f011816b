//! Vectors of `u32` lanes holding the words of several digits (four lanes each: bands 0, 1, 2
//! and a zero pad), for the passes that do the same work for every digit and band.
//!
//! A vector holds [`Lanes::WIDTH`] words: eight (two digits) or sixteen (four). The forty words
//! of the state ([`super::state`]) are [`Lanes::VECTORS`] vectors, the last of which holds only
//! digit 8 ([`load_words`], [`store_words`]). Folding a vector's digit groups into each other
//! takes [`Lanes::FOLDS`] swaps ([`Lanes::swap_digits`]).
//!
//! The implementations, one per kernel build:
//!
//! * [`Avx512`](super::x86::Avx512): one 512-bit register, sixteen lanes (the AVX-512 kernel);
//! * [`Avx2`](super::x86::Avx2): one 256-bit register (the AVX2 kernel);
//! * [`Sse2`](super::x86::Sse2): two 128-bit registers (the portable kernel on x86-64, where
//!   SSE2 is baseline);
//! * [`Neon`](super::arm::Neon): two 128-bit NEON registers (the portable kernel on AArch64);
//! * [`Plain`]: an array of eight or sixteen integers (other architectures, and Miri; the
//!   reference the tests hold the others to).
//!
//! Each digit fills one 128-bit group, so rotating bands is an in-lane shuffle on every target.
//! Only shifts, bitwise logic and shuffles are used. The SIMD types, the only ones that need
//! `unsafe` (intrinsics), are in [`super::x86`] and `super::arm`; this file has none.

#![forbid(unsafe_code)]

use super::bits::nonzero_cells;
use super::state::{BAND, STRIDE, WORDS};

/// First word of the last vector, digit 8's: the same for every width.
const LAST_DIGIT: usize = 32;

/// Lane-wise operations the kernel needs. All shifts are by a constant.
pub(super) trait Lanes: Copy {
    /// Words per vector: four per digit (three bands and a pad).
    const WIDTH: usize;
    /// Vectors covering the forty words of the state; the last holds digit 8 only.
    const VECTORS: usize = WORDS.div_ceil(Self::WIDTH);
    /// [`swap_digits`](Self::swap_digits) levels that fold every digit group into every other:
    /// one for two groups, two for four.
    const FOLDS: usize;

    /// The first [`WIDTH`](Self::WIDTH) words of `w`: digit group `g` takes `w[4g..4g + 4]`.
    fn load(w: &[u32]) -> Self;
    /// One digit's four words in the first group, zero in the others (as constants: the
    /// compiler can drop the work on them).
    fn load_digit(w: &[u32; 4]) -> Self;
    /// One digit's four words in every group.
    fn broadcast_digit(w: &[u32; 4]) -> Self;
    /// Writes the [`WIDTH`](Self::WIDTH) words to the start of `w`.
    fn store(self, w: &mut [u32]);
    /// The first group's four words.
    fn first_group(self) -> [u32; 4];
    fn splat(x: u32) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// `self & !o`.
    fn and_not(self, o: Self) -> Self;
    fn shr<const N: i32>(self) -> Self;
    fn shl<const N: i32>(self) -> Self;
    /// Each band lane takes the next band of the same digit (band 2 takes band 0).
    fn next_band(self) -> Self;
    /// Each band lane takes the band after next (band 0 takes band 2).
    fn after_next_band(self) -> Self;
    /// Exchanges the digit groups `2^level` apart (`level < FOLDS`).
    fn swap_digits(self, level: usize) -> Self;
    fn is_zero(self) -> bool;
    /// Lane-wise wrapping addition.
    fn add(self, o: Self) -> Self;
    /// Lane-wise wrapping subtraction.
    fn sub(self, o: Self) -> Self;
    /// All ones in lanes that are zero, zero elsewhere.
    fn eq_zero(self) -> Self;
    /// Bit `i` set when lane `i` is not zero.
    fn nonzero_lanes(self) -> u32;

    /// The (row, box) occupancy of one band word: bit `3r + x` set when row `r` has a
    /// candidate in box `x` (the [`WORD`](super::tables::WORD) tables' index). Scalar, but a
    /// property of the build: three table lookups here, one bit extraction where the build has
    /// BMI2.
    #[inline(always)]
    fn occupied_triads(a: u32) -> u32 {
        let t = &super::tables::WORD;
        u32::from(
            t.shrink[0][(a & 0x1ff) as usize]
                | t.shrink[1][((a >> 9) & 0x1ff) as usize]
                | t.shrink[2][((a >> 18) & 0x1ff) as usize],
        )
    }

    /// The givens of a grid of digits `0..=9` (0 = blank; a value above 9 reads as 9) as the
    /// state's forty words: word `4 * d + b` holds the cells of band `b` whose value is `d + 1`,
    /// the pads are zero. [`given_words`] here; byte compares (one per digit and band, no branch
    /// per given) where the build has a byte mask.
    #[inline(always)]
    fn given_words(cells: &[u8; 81]) -> [u32; WORDS] {
        given_words(cells)
    }

    /// Writes a solved state's words (one bit per cell in all) as 81 ASCII digits.
    /// [`write_digits`] here; a byte expansion of the digit's bit planes where the build has a
    /// byte shuffle.
    #[inline(always)]
    fn write_digits(cand: &[u32; WORDS], out: &mut [u8; 81]) {
        write_digits(cand, out)
    }

    /// The same value, hidden from the optimiser: it then cannot prove that the bits of
    /// `x | x << 9` are disjoint and rewrite the shifts as a multiplication (several times
    /// slower on Intel's vector units, and no vector multiply at all in SSE2).
    #[inline(always)]
    fn opaque(self) -> Self {
        self
    }

    #[inline(always)]
    fn zero() -> Self {
        Self::splat(0)
    }

    /// `[b0, b1, b2, 0]` in every digit group.
    #[inline(always)]
    fn per_band(v: [u32; 3]) -> Self {
        Self::broadcast_digit(&[v[0], v[1], v[2], 0])
    }

    /// The first digit group's band lanes.
    #[inline(always)]
    fn first_digit(self) -> [u32; 3] {
        let w = self.first_group();
        [w[0], w[1], w[2]]
    }

    /// Every digit group's lanes added together, in every group.
    #[inline(always)]
    fn fold_add(self) -> Self {
        let mut x = self;
        for level in 0..Self::FOLDS {
            x = x.add(x.swap_digits(level));
        }
        x
    }
}

/// Folds a two-level count, `(once, twice)` = (seen at least once, at least twice), over the
/// digit groups: in every group, the count over all of them.
#[inline(always)]
pub(super) fn fold_twice<L: Lanes>(once: L, twice: L) -> (L, L) {
    let (mut once, mut twice) = (once, twice);
    for level in 0..L::FOLDS {
        let (o, t) = (once.swap_digits(level), twice.swap_digits(level));
        twice = twice.or(t).or(once.and(o));
        once = once.or(o);
    }
    (once, twice)
}

/// [`Lanes::given_words`] in plain integers: one step per given, from the mask of non-blank
/// cells.
#[inline(always)]
pub(super) fn given_words(cells: &[u8; 81]) -> [u32; WORDS] {
    let mut words = [0u32; WORDS];
    let filled = nonzero_cells(cells);
    for b in 0..3 {
        let mut rest = (filled >> (27 * b)) as u32 & BAND;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let v = usize::from(cells[(27 * b + p).min(80)].min(9));
            words[STRIDE * (v - 1) + b] |= 1 << p;
        }
    }
    words
}

/// [`Lanes::write_digits`] in plain integers. Solved, every digit holds one cell in each row:
/// one bit search per digit and row, no loop over bits.
#[inline(always)]
pub(super) fn write_digits(cand: &[u32; WORDS], out: &mut [u8; 81]) {
    for d in 0..9 {
        for b in 0..3 {
            let m = cand[STRIDE * d + b];
            for r in 0..3 {
                let p = ((m >> (9 * r)) & 0x1ff).trailing_zeros() as usize;
                out[(27 * b + 9 * r + p).min(80)] = b'1' + d as u8;
            }
        }
    }
}

/// Vector `k` of forty words laid out as the state's: [`Lanes::WIDTH`] words, the last vector
/// digit 8's four only.
#[inline(always)]
pub(super) fn load_words<L: Lanes>(w: &[u32; WORDS], k: usize) -> L {
    if k == L::VECTORS - 1 {
        L::load_digit(w[LAST_DIGIT..LAST_DIGIT + 4].try_into().unwrap())
    } else {
        L::load(&w[L::WIDTH * k..])
    }
}

/// Writes vector `k` back as [`load_words`] read it.
#[inline(always)]
pub(super) fn store_words<L: Lanes>(w: &mut [u32; WORDS], k: usize, v: L) {
    if k == L::VECTORS - 1 {
        w[LAST_DIGIT..LAST_DIGIT + 4].copy_from_slice(&v.first_group());
    } else {
        v.store(&mut w[L::WIDTH * k..]);
    }
}

/// Plain integers, `W` lanes (8 or 16): the reference implementation.
#[derive(Clone, Copy)]
#[cfg_attr(
    all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)),
    allow(dead_code)
)]
pub(super) struct Plain<const W: usize>([u32; W]);

#[cfg_attr(
    all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)),
    allow(dead_code)
)]
impl<const W: usize> Plain<W> {
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(u32, u32) -> u32) -> Self {
        Plain(core::array::from_fn(|i| f(self.0[i], o.0[i])))
    }

    /// Lane `i` takes lane `f(i)`.
    #[inline(always)]
    fn pick(self, f: impl Fn(usize) -> usize) -> Self {
        Plain(core::array::from_fn(|i| self.0[f(i)]))
    }
}

/// Within a group of four lanes `[b0, b1, b2, pad]`, the lane band lane `i` takes for the next
/// band (`by` 1) or the band after next (`by` 2); the pad stays.
#[inline(always)]
fn rotate_band(i: usize, by: usize) -> usize {
    let band = i % 4;
    if band == 3 {
        i
    } else {
        i - band + (band + by) % 3
    }
}

impl<const W: usize> Lanes for Plain<W> {
    const WIDTH: usize = W;
    const FOLDS: usize = (W / 4).trailing_zeros() as usize;

    #[inline(always)]
    fn load(w: &[u32]) -> Self {
        Plain(w[..W].try_into().unwrap())
    }
    #[inline(always)]
    fn load_digit(w: &[u32; 4]) -> Self {
        Plain(core::array::from_fn(|i| if i < 4 { w[i] } else { 0 }))
    }
    #[inline(always)]
    fn broadcast_digit(w: &[u32; 4]) -> Self {
        Plain(core::array::from_fn(|i| w[i % 4]))
    }
    #[inline(always)]
    fn store(self, w: &mut [u32]) {
        w[..W].copy_from_slice(&self.0);
    }
    #[inline(always)]
    fn first_group(self) -> [u32; 4] {
        [self.0[0], self.0[1], self.0[2], self.0[3]]
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Plain([x; W])
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        self.zip(o, |a, b| a & !b)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        Plain(self.0.map(|a| a >> N))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Plain(self.0.map(|a| a << N))
    }
    #[inline(always)]
    fn next_band(self) -> Self {
        self.pick(|i| rotate_band(i, 1))
    }
    #[inline(always)]
    fn after_next_band(self) -> Self {
        self.pick(|i| rotate_band(i, 2))
    }
    #[inline(always)]
    fn swap_digits(self, level: usize) -> Self {
        self.pick(|i| i ^ (4 << level))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().fold(0, |acc, &x| acc | x) == 0
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, u32::wrapping_add)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, u32::wrapping_sub)
    }
    #[inline(always)]
    fn eq_zero(self) -> Self {
        Plain(self.0.map(|a| if a == 0 { u32::MAX } else { 0 }))
    }
    #[inline(always)]
    fn nonzero_lanes(self) -> u32 {
        (0..W).fold(0, |m, i| m | u32::from(self.0[i] != 0) << i)
    }
}

/// A bit-sliced counter per bit position: `ones` and `twos` are the low bits of the count and
/// `many` is set once the count reaches four.
#[derive(Clone, Copy)]
pub(super) struct Counter<L: Lanes> {
    pub(super) ones: L,
    pub(super) twos: L,
    pub(super) many: L,
}

impl<L: Lanes> Counter<L> {
    #[inline(always)]
    pub(super) fn new() -> Counter<L> {
        Counter {
            ones: L::zero(),
            twos: L::zero(),
            many: L::zero(),
        }
    }

    #[inline(always)]
    pub(super) fn add(&mut self, x: L) {
        let carry = self.ones.and(x);
        self.ones = self.ones.xor(x);
        self.many = self.many.or(self.twos.and(carry));
        self.twos = self.twos.xor(carry);
    }

    /// Adds the digit groups together, so that every group holds the total over all digits.
    #[inline(always)]
    pub(super) fn fold_digits(self) -> Counter<L> {
        let mut c = self;
        for level in 0..L::FOLDS {
            let (o, t, m) = (
                c.ones.swap_digits(level),
                c.twos.swap_digits(level),
                c.many.swap_digits(level),
            );
            let carry = c.ones.and(o);
            let half = c.twos.xor(t);
            c = Counter {
                ones: c.ones.xor(o),
                twos: half.xor(carry),
                many: c.many.or(m).or(c.twos.and(t)).or(half.and(carry)),
            };
        }
        c
    }

    /// Positions counted exactly three times.
    #[inline(always)]
    pub(super) fn exactly_three(self) -> L {
        self.ones.and(self.twos).and_not(self.many)
    }

    /// Positions counted at least three times.
    #[inline(always)]
    pub(super) fn at_least_three(self) -> L {
        self.ones.and(self.twos).or(self.many)
    }
}
