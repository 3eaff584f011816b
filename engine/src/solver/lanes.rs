//! Eight `u32` lanes holding the words of two digits (four lanes each: bands 0, 1, 2 and a zero
//! pad), for the passes that do the same work for every digit and band.
//!
//! [`Lanes`] has three implementations, one per kernel build:
//!
//! * [`Avx2`](super::x86::Avx2): one 256-bit register (the AVX2 kernel);
//! * [`Sse2`](super::x86::Sse2): two 128-bit registers (the portable kernel on x86-64, where
//!   SSE2 is baseline);
//! * [`Neon`](super::arm::Neon): two 128-bit NEON registers (the portable kernel on AArch64);
//! * [`Plain`]: an array of eight integers (other architectures, and Miri).
//!
//! Each digit fills one 128-bit half, so rotating bands is an in-lane shuffle on every target.
//! Only shifts, bitwise logic and shuffles are used. The x86 types, the only ones that need
//! `unsafe` (intrinsics), are in [`super::x86`] and `super::arm`; this file has none.

#![forbid(unsafe_code)]

/// Lane-wise operations the kernel needs. All shifts are by a constant.
pub(super) trait Lanes: Copy {
    /// Two digits' words: `w[0..4]` for the first, `w[4..8]` for the second.
    fn load(w: &[u32; 8]) -> Self;
    /// [`load`](Self::load) of a pair whose second digit is known to be all zero: it is
    /// zero in the result, as a constant.
    #[inline(always)]
    fn load_first_digit(w: &[u32; 8]) -> Self {
        Self::load(&[w[0], w[1], w[2], w[3], 0, 0, 0, 0])
    }
    fn store(self, w: &mut [u32; 8]);
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
    /// Exchanges the two digits.
    fn swap_digits(self) -> Self;
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

    /// `[b0, b1, b2, 0]` for both digits.
    #[inline(always)]
    fn per_band(v: [u32; 3]) -> Self {
        Self::load(&[v[0], v[1], v[2], 0, v[0], v[1], v[2], 0])
    }

    /// The first digit's band lanes.
    #[inline(always)]
    fn first_digit(self) -> [u32; 3] {
        let w = self.to_array();
        [w[0], w[1], w[2]]
    }

    #[inline(always)]
    fn to_array(self) -> [u32; 8] {
        let mut w = [0u32; 8];
        self.store(&mut w);
        w
    }
}

/// Plain integers: the reference implementation.
#[derive(Clone, Copy)]
#[cfg_attr(
    all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)),
    allow(dead_code)
)]
pub(super) struct Plain([u32; 8]);

#[cfg_attr(
    all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)),
    allow(dead_code)
)]
impl Plain {
    #[inline(always)]
    fn zip(self, o: Plain, f: impl Fn(u32, u32) -> u32) -> Plain {
        Plain(core::array::from_fn(|i| f(self.0[i], o.0[i])))
    }

    #[inline(always)]
    fn pick(self, idx: [usize; 8]) -> Plain {
        Plain(idx.map(|i| self.0[i]))
    }
}

impl Lanes for Plain {
    #[inline(always)]
    fn load(w: &[u32; 8]) -> Plain {
        Plain(*w)
    }
    #[inline(always)]
    fn store(self, w: &mut [u32; 8]) {
        *w = self.0;
    }
    #[inline(always)]
    fn splat(x: u32) -> Plain {
        Plain([x; 8])
    }
    #[inline(always)]
    fn and(self, o: Plain) -> Plain {
        self.zip(o, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, o: Plain) -> Plain {
        self.zip(o, |a, b| a | b)
    }
    #[inline(always)]
    fn xor(self, o: Plain) -> Plain {
        self.zip(o, |a, b| a ^ b)
    }
    #[inline(always)]
    fn and_not(self, o: Plain) -> Plain {
        self.zip(o, |a, b| a & !b)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Plain {
        Plain(self.0.map(|a| a >> N))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Plain {
        Plain(self.0.map(|a| a << N))
    }
    #[inline(always)]
    fn next_band(self) -> Plain {
        self.pick([1, 2, 0, 3, 5, 6, 4, 7])
    }
    #[inline(always)]
    fn after_next_band(self) -> Plain {
        self.pick([2, 0, 1, 3, 6, 4, 5, 7])
    }
    #[inline(always)]
    fn swap_digits(self) -> Plain {
        self.pick([4, 5, 6, 7, 0, 1, 2, 3])
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().fold(0, |acc, &x| acc | x) == 0
    }
    #[inline(always)]
    fn add(self, o: Plain) -> Plain {
        self.zip(o, u32::wrapping_add)
    }
    #[inline(always)]
    fn sub(self, o: Plain) -> Plain {
        self.zip(o, u32::wrapping_sub)
    }
    #[inline(always)]
    fn eq_zero(self) -> Plain {
        Plain(self.0.map(|a| if a == 0 { u32::MAX } else { 0 }))
    }
    #[inline(always)]
    fn nonzero_lanes(self) -> u32 {
        (0..8).fold(0, |m, i| m | u32::from(self.0[i] != 0) << i)
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

    /// Adds the other digit's half to each half, so both halves hold the total over all digits.
    #[inline(always)]
    pub(super) fn fold_digits(self) -> Counter<L> {
        let (o, t, m) = (
            self.ones.swap_digits(),
            self.twos.swap_digits(),
            self.many.swap_digits(),
        );
        let carry = self.ones.and(o);
        let half = self.twos.xor(t);
        Counter {
            ones: self.ones.xor(o),
            twos: half.xor(carry),
            many: self.many.or(m).or(self.twos.and(t)).or(half.and(carry)),
        }
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
