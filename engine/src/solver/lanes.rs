//! Eight `u32` lanes holding the words of two digits (four lanes each: bands 0, 1, 2 and a zero
//! pad), for the passes that do the same work for every digit and band.
//!
//! [`Lanes`] has three implementations, one per kernel build:
//!
//! * [`Avx2`]: one 256-bit register (the AVX2 kernel);
//! * [`Sse2`]: two 128-bit registers (the portable kernel on x86-64, where SSE2 is baseline);
//! * [`Plain`]: an array of eight integers (other architectures, and Miri).
//!
//! Each digit fills one 128-bit half, so rotating bands is an in-lane shuffle on every target.
//! Only shifts, bitwise logic and shuffles are used.

#![allow(unsafe_code)]

/// Lane-wise operations the kernel needs. All shifts are by a constant.
pub(super) trait Lanes: Copy {
    /// Two digits' words: `w[0..4]` for the first, `w[4..8]` for the second.
    fn load(w: &[u32; 8]) -> Self;
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

/// Shuffle controls: `[1, 2, 0, 3]` and `[2, 0, 1, 3]` within each group of four lanes.
#[cfg(target_arch = "x86_64")]
const NEXT: i32 = 0b11_00_10_01;
#[cfg(target_arch = "x86_64")]
const AFTER_NEXT: i32 = 0b11_01_00_10;

/// Plain integers: the reference implementation.
#[derive(Clone, Copy)]
#[cfg_attr(all(target_arch = "x86_64", not(miri)), allow(dead_code))]
pub(super) struct Plain([u32; 8]);

#[cfg_attr(all(target_arch = "x86_64", not(miri)), allow(dead_code))]
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

#[cfg(target_arch = "x86_64")]
pub(super) use x86::{Avx2, Sse2};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{AFTER_NEXT, Lanes, NEXT};
    use core::arch::x86_64::*;

    /// Two SSE2 registers, one per digit. SSE2 is part of the x86-64 baseline, so these
    /// intrinsics are always available.
    #[derive(Clone, Copy)]
    pub(in crate::solver) struct Sse2(__m128i, __m128i);

    impl Lanes for Sse2 {
        #[inline(always)]
        fn load(w: &[u32; 8]) -> Sse2 {
            // SAFETY: SSE2 is baseline on x86-64; the unaligned loads read 2 × 16 bytes from an
            // array of 32 bytes.
            unsafe {
                Sse2(
                    _mm_loadu_si128(w.as_ptr().cast()),
                    _mm_loadu_si128(w.as_ptr().add(4).cast()),
                )
            }
        }
        #[inline(always)]
        fn store(self, w: &mut [u32; 8]) {
            // SAFETY: SSE2 is baseline; the unaligned stores write 2 × 16 bytes into an array of
            // 32 bytes.
            unsafe {
                _mm_storeu_si128(w.as_mut_ptr().cast(), self.0);
                _mm_storeu_si128(w.as_mut_ptr().add(4).cast(), self.1);
            }
        }
        #[inline(always)]
        fn splat(x: u32) -> Sse2 {
            // SAFETY: SSE2 is baseline on x86-64 (applies to every intrinsic in this impl).
            unsafe {
                let v = _mm_set1_epi32(x as i32);
                Sse2(v, v)
            }
        }
        #[inline(always)]
        fn and(self, o: Sse2) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe { Sse2(_mm_and_si128(self.0, o.0), _mm_and_si128(self.1, o.1)) }
        }
        #[inline(always)]
        fn or(self, o: Sse2) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe { Sse2(_mm_or_si128(self.0, o.0), _mm_or_si128(self.1, o.1)) }
        }
        #[inline(always)]
        fn xor(self, o: Sse2) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe { Sse2(_mm_xor_si128(self.0, o.0), _mm_xor_si128(self.1, o.1)) }
        }
        #[inline(always)]
        fn and_not(self, o: Sse2) -> Sse2 {
            // SAFETY: SSE2 is baseline. (andnot computes !first & second.)
            unsafe { Sse2(_mm_andnot_si128(o.0, self.0), _mm_andnot_si128(o.1, self.1)) }
        }
        #[inline(always)]
        fn shr<const N: i32>(self) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe { Sse2(_mm_srli_epi32::<N>(self.0), _mm_srli_epi32::<N>(self.1)) }
        }
        #[inline(always)]
        fn shl<const N: i32>(self) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe { Sse2(_mm_slli_epi32::<N>(self.0), _mm_slli_epi32::<N>(self.1)) }
        }
        #[inline(always)]
        fn next_band(self) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe {
                Sse2(
                    _mm_shuffle_epi32::<NEXT>(self.0),
                    _mm_shuffle_epi32::<NEXT>(self.1),
                )
            }
        }
        #[inline(always)]
        fn after_next_band(self) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe {
                Sse2(
                    _mm_shuffle_epi32::<AFTER_NEXT>(self.0),
                    _mm_shuffle_epi32::<AFTER_NEXT>(self.1),
                )
            }
        }
        #[inline(always)]
        fn swap_digits(self) -> Sse2 {
            Sse2(self.1, self.0)
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            // SAFETY: SSE2 is baseline.
            unsafe {
                let v = _mm_or_si128(self.0, self.1);
                _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) == 0xffff
            }
        }
        #[inline(always)]
        fn add(self, o: Sse2) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe { Sse2(_mm_add_epi32(self.0, o.0), _mm_add_epi32(self.1, o.1)) }
        }
        #[inline(always)]
        fn sub(self, o: Sse2) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe { Sse2(_mm_sub_epi32(self.0, o.0), _mm_sub_epi32(self.1, o.1)) }
        }
        #[inline(always)]
        fn eq_zero(self) -> Sse2 {
            // SAFETY: SSE2 is baseline.
            unsafe {
                let z = _mm_setzero_si128();
                Sse2(_mm_cmpeq_epi32(self.0, z), _mm_cmpeq_epi32(self.1, z))
            }
        }
        #[inline(always)]
        fn nonzero_lanes(self) -> u32 {
            // SAFETY: SSE2 is baseline.
            unsafe {
                let z = self.eq_zero();
                let lo = _mm_movemask_ps(_mm_castsi128_ps(z.0)) as u32;
                let hi = _mm_movemask_ps(_mm_castsi128_ps(z.1)) as u32;
                !(lo | hi << 4) & 0xff
            }
        }
    }

    /// One AVX2 register. Values of this type are only created inside the AVX2 build of the
    /// kernel (`search_avx2`), which runs only on CPUs with AVX2.
    #[derive(Clone, Copy)]
    pub(in crate::solver) struct Avx2(__m256i);

    impl Lanes for Avx2 {
        #[inline(always)]
        fn load(w: &[u32; 8]) -> Avx2 {
            // SAFETY: AVX2 is available wherever this type is used (see the type's docs); the
            // unaligned load reads the 32 bytes of the array.
            unsafe { Avx2(_mm256_loadu_si256(w.as_ptr().cast())) }
        }
        #[inline(always)]
        fn store(self, w: &mut [u32; 8]) {
            // SAFETY: AVX2 is available; the unaligned store writes the 32 bytes of the array.
            unsafe { _mm256_storeu_si256(w.as_mut_ptr().cast(), self.0) }
        }
        #[inline(always)]
        fn splat(x: u32) -> Avx2 {
            // SAFETY: AVX2 is available wherever this type is used (for every intrinsic here).
            unsafe { Avx2(_mm256_set1_epi32(x as i32)) }
        }
        #[inline(always)]
        fn and(self, o: Avx2) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_and_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn or(self, o: Avx2) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_or_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn xor(self, o: Avx2) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_xor_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn and_not(self, o: Avx2) -> Avx2 {
            // SAFETY: AVX2 is available. (andnot computes !first & second.)
            unsafe { Avx2(_mm256_andnot_si256(o.0, self.0)) }
        }
        #[inline(always)]
        fn shr<const N: i32>(self) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_srli_epi32::<N>(self.0)) }
        }
        #[inline(always)]
        fn shl<const N: i32>(self) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_slli_epi32::<N>(self.0)) }
        }
        #[inline(always)]
        fn next_band(self) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_shuffle_epi32::<NEXT>(self.0)) }
        }
        #[inline(always)]
        fn after_next_band(self) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_shuffle_epi32::<AFTER_NEXT>(self.0)) }
        }
        #[inline(always)]
        fn swap_digits(self) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_permute4x64_epi64::<0b01_00_11_10>(self.0)) }
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            // SAFETY: AVX2 (which implies AVX) is available.
            unsafe { _mm256_testz_si256(self.0, self.0) == 1 }
        }
        #[inline(always)]
        fn add(self, o: Avx2) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_add_epi32(self.0, o.0)) }
        }
        #[inline(always)]
        fn sub(self, o: Avx2) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_sub_epi32(self.0, o.0)) }
        }
        #[inline(always)]
        fn eq_zero(self) -> Avx2 {
            // SAFETY: AVX2 is available.
            unsafe { Avx2(_mm256_cmpeq_epi32(self.0, _mm256_setzero_si256())) }
        }
        #[inline(always)]
        fn nonzero_lanes(self) -> u32 {
            // SAFETY: AVX2 is available.
            unsafe { !(_mm256_movemask_ps(_mm256_castsi256_ps(self.eq_zero().0)) as u32) & 0xff }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn words<L: Lanes>(v: L) -> [u32; 8] {
        let mut w = [0u32; 8];
        v.store(&mut w);
        w
    }

    fn check_counter<L: Lanes>() {
        // Bit k of lane 0 is set in the first k + 1 inputs; lane 4 (the other digit) adds bit 1
        // once more.
        let mut c = Counter::<L>::new();
        for i in 0..6u32 {
            let mut v = [0u32; 8];
            v[0] = (0x3f << i) & 0x3f;
            v[4] = u32::from(i == 0) << 1;
            c.add(L::load(&v));
        }
        let c = c.fold_digits();
        assert_eq!(words(c.exactly_three())[0], 0b000110);
        assert_eq!(words(c.at_least_three())[0], 0b111110);
        assert_eq!(words(c.exactly_three())[4], 0b000110);
    }

    fn check_ops<L: Lanes>() {
        let v = L::load(&[1, 2, 3, 0, 4, 5, 6, 0]);
        assert_eq!(words(v.next_band()), [2, 3, 1, 0, 5, 6, 4, 0]);
        assert_eq!(words(v.after_next_band()), [3, 1, 2, 0, 6, 4, 5, 0]);
        assert_eq!(words(v.swap_digits()), [4, 5, 6, 0, 1, 2, 3, 0]);
        assert_eq!(words(v.shl::<4>().shr::<2>()), [4, 8, 12, 0, 16, 20, 24, 0]);
        assert_eq!(words(v.and_not(L::splat(1))), [0, 2, 2, 0, 4, 4, 6, 0]);
        assert!(!v.is_zero());
        assert!(v.xor(v).is_zero());
        assert_eq!(
            words(v.add(L::splat(u32::MAX))),
            [0, 1, 2, u32::MAX, 3, 4, 5, u32::MAX]
        );
        assert_eq!(L::per_band([7, 8, 9]).first_digit(), [7, 8, 9]);
    }

    #[test]
    fn plain_lanes() {
        check_ops::<Plain>();
        check_counter::<Plain>();
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse2_lanes() {
        check_ops::<Sse2>();
        check_counter::<Sse2>();
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_lanes() {
        if crate::solver::Kernel::Avx2.is_available() {
            check_ops::<Avx2>();
            check_counter::<Avx2>();
        }
    }
}
