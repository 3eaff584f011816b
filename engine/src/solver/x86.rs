//! The x86-64 lane types: [`Sse2`], two 128-bit registers (the portable build), [`Avx2`], one
//! 256-bit register (the AVX2 build), and [`Avx512`], one 512-bit register of sixteen lanes (the
//! AVX-512 build). [`super::lanes`] says what the operations mean and holds the plain-integer
//! reference.
//!
//! # Why `unsafe`
//!
//! The `core::arch` intrinsics are `unsafe` functions: calling one is undefined behaviour on a
//! CPU without its instruction set, and the loads and stores take raw pointers. SSE2 is part of
//! the x86-64 baseline, so the intrinsics of `Sse2` are always available; values of `Avx2` and
//! `Avx512` are only made inside their builds of the kernel, which run only after the CPU has
//! been checked ([`super::kernel`]). Every load and store reads or writes exactly the bytes of
//! the array it is given (sliced to a fixed length first, which panics if the slice is short).
//! The empty `asm!` blocks of [`Lanes::opaque`] and of `Sse2`'s `nonzero_lanes` emit no
//! instruction; they only hide a value from LLVM, which would otherwise turn shifts of disjoint
//! bits into vector multiplications (slow on Intel, emulated in SSE2) and gather several lane
//! masks into one vector. Each block's `// SAFETY:` comment says which of these it relies on.
//! This file and the kernel dispatch are the solver's only `unsafe` code.

use core::arch::asm;
use core::arch::x86_64::*;

use super::lanes::Lanes;
use super::state::{STRIDE, WORDS};

/// Shuffle controls: `[1, 2, 0, 3]` and `[2, 0, 1, 3]` within each group of four lanes.
const NEXT: i32 = 0b11_00_10_01;
const AFTER_NEXT: i32 = 0b11_01_00_10;

/// Two SSE2 registers, one per digit. SSE2 is part of the x86-64 baseline, so these
/// intrinsics are always available.
#[derive(Clone, Copy)]
#[cfg_attr(
    miri,
    allow(
        dead_code,
        reason = "under Miri the portable build runs on plain lanes"
    )
)]
pub(super) struct Sse2(__m128i, __m128i);

impl Lanes for Sse2 {
    const WIDTH: usize = 8;
    const FOLDS: usize = 1;

    #[inline(always)]
    fn load(w: &[u32]) -> Sse2 {
        let w: &[u32; 8] = w[..8].try_into().unwrap();
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
    fn load_digit(w: &[u32; 4]) -> Sse2 {
        // SAFETY: SSE2 is baseline on x86-64; the unaligned load reads the 16 bytes of `w`.
        unsafe { Sse2(_mm_loadu_si128(w.as_ptr().cast()), _mm_setzero_si128()) }
    }
    #[inline(always)]
    fn broadcast_digit(w: &[u32; 4]) -> Sse2 {
        // SAFETY: SSE2 is baseline on x86-64; the unaligned load reads the 16 bytes of `w`.
        unsafe {
            let v = _mm_loadu_si128(w.as_ptr().cast());
            Sse2(v, v)
        }
    }
    #[inline(always)]
    fn store(self, w: &mut [u32]) {
        let w: &mut [u32; 8] = (&mut w[..8]).try_into().unwrap();
        // SAFETY: SSE2 is baseline; the unaligned stores write 2 × 16 bytes into an array of
        // 32 bytes.
        unsafe {
            _mm_storeu_si128(w.as_mut_ptr().cast(), self.0);
            _mm_storeu_si128(w.as_mut_ptr().add(4).cast(), self.1);
        }
    }
    #[inline(always)]
    fn first_group(self) -> [u32; 4] {
        let mut w = [0u32; 4];
        // SAFETY: SSE2 is baseline; the unaligned store writes the 16 bytes of `w`.
        unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), self.0) };
        w
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
    fn swap_digits(self, _level: usize) -> Sse2 {
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
        // SAFETY: SSE2 is baseline; the assembly block emits no instruction and touches no
        // memory or flags.
        unsafe {
            let z = self.eq_zero();
            let mut lo = _mm_movemask_ps(_mm_castsi128_ps(z.0)) as u32;
            let hi = _mm_movemask_ps(_mm_castsi128_ps(z.1)) as u32;
            // Hidden from the optimiser, which would otherwise gather the masks of several
            // calls into a vector and shift them with multiplications (SSE4.1's pmulld).
            asm!("/* {0:e} */", inout(reg) lo, options(pure, nomem, nostack, preserves_flags));
            !(lo | hi << 4) & 0xff
        }
    }
    #[inline(always)]
    fn given_words(cells: &[u8; 81]) -> [u32; WORDS] {
        let mut words = [0u32; WORDS];
        // SAFETY: SSE2 is baseline; each unaligned load reads 16 of the 81 bytes of `cells`
        // (the last one bytes 65..81).
        unsafe {
            let nine = _mm_set1_epi8(9);
            // Band b's 27 cells in two overlapping loads: cells 0..16 and 11..27 of the band.
            let load =
                |i: usize| _mm_min_epu8(_mm_loadu_si128(cells[i..i + 16].as_ptr().cast()), nine);
            let halves = [0, 27, 54].map(|start| (load(start), load(start + 11)));
            for d in 0..9 {
                let v = _mm_set1_epi8(d as i8 + 1);
                for (b, &(low, high)) in halves.iter().enumerate() {
                    let low = _mm_movemask_epi8(_mm_cmpeq_epi8(low, v)) as u32;
                    let high = _mm_movemask_epi8(_mm_cmpeq_epi8(high, v)) as u32;
                    words[STRIDE * d + b] = low | high << 11;
                }
            }
        }
        words
    }
    #[inline(always)]
    fn opaque(self) -> Sse2 {
        let (mut a, mut b) = (self.0, self.1);
        // SAFETY: an empty assembly block that claims to change both registers; it reads and
        // writes no memory and no flags.
        unsafe {
            asm!("/* {0} {1} */", inout(xmm_reg) a, inout(xmm_reg) b,
                 options(pure, nomem, nostack, preserves_flags));
        }
        Sse2(a, b)
    }
}
/// One AVX2 register. Values of this type are only created on CPUs with AVX2: inside the AVX2
/// build of the kernel, which runs only there (see [`super::kernel`]), and in the unit tests
/// after checking.
#[derive(Clone, Copy)]
pub(super) struct Avx2(__m256i);

impl Lanes for Avx2 {
    const WIDTH: usize = 8;
    const FOLDS: usize = 1;

    #[inline(always)]
    fn load(w: &[u32]) -> Avx2 {
        let w: &[u32; 8] = w[..8].try_into().unwrap();
        // SAFETY: AVX2 is available wherever this type is used (see the type's docs); the
        // unaligned load reads the 32 bytes of the array.
        unsafe { Avx2(_mm256_loadu_si256(w.as_ptr().cast())) }
    }
    #[inline(always)]
    fn load_digit(w: &[u32; 4]) -> Avx2 {
        // SAFETY: AVX2 is available; the unaligned load reads the 16 bytes of `w` and the
        // upper half of the register is zero.
        unsafe { Avx2(_mm256_zextsi128_si256(_mm_loadu_si128(w.as_ptr().cast()))) }
    }
    #[inline(always)]
    fn broadcast_digit(w: &[u32; 4]) -> Avx2 {
        // SAFETY: AVX2 is available; the unaligned load reads the 16 bytes of `w`.
        unsafe {
            Avx2(_mm256_broadcastsi128_si256(_mm_loadu_si128(
                w.as_ptr().cast(),
            )))
        }
    }
    #[inline(always)]
    fn store(self, w: &mut [u32]) {
        let w: &mut [u32; 8] = (&mut w[..8]).try_into().unwrap();
        // SAFETY: AVX2 is available; the unaligned store writes the 32 bytes of the array.
        unsafe { _mm256_storeu_si256(w.as_mut_ptr().cast(), self.0) }
    }
    #[inline(always)]
    fn first_group(self) -> [u32; 4] {
        let mut w = [0u32; 4];
        // SAFETY: AVX2 is available; the unaligned store writes the 16 bytes of `w`.
        unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), _mm256_castsi256_si128(self.0)) };
        w
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
    fn swap_digits(self, _level: usize) -> Avx2 {
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
    #[inline(always)]
    fn occupied_triads(a: u32) -> u32 {
        // SAFETY: BMI2 is enabled in every build that uses this type (AVX2 and AVX-512).
        unsafe { _pext_u32(a | a >> 1 | a >> 2, super::bits::TRIAD_BASE) }
    }
    #[inline(always)]
    fn given_words(cells: &[u8; 81]) -> [u32; WORDS] {
        // SAFETY: AVX2 is available wherever this type is used.
        unsafe { given_words_avx2(cells) }
    }
    #[inline(always)]
    fn write_digits(cand: &[u32; WORDS], out: &mut [u8; 81]) {
        // SAFETY: AVX2 is available wherever this type is used.
        unsafe { write_digits_avx2(cand, out) }
    }
    #[inline(always)]
    fn opaque(self) -> Avx2 {
        // SAFETY: AVX2 (so AVX) is available wherever this type is used.
        unsafe { Avx2(opaque_ymm(self.0)) }
    }
}

/// [`Lanes::opaque`] for one 256-bit register: an empty assembly block that claims to change it.
///
/// # Safety
/// The CPU must support AVX.
#[target_feature(enable = "avx")]
#[inline]
unsafe fn opaque_ymm(mut a: __m256i) -> __m256i {
    // SAFETY: the block emits no instruction; it reads and writes no memory and no flags.
    unsafe {
        asm!("/* {0} */", inout(ymm_reg) a, options(pure, nomem, nostack, preserves_flags));
    }
    a
}

/// [`Lanes::given_words`] with AVX2: each band's 27 cells in one 32-byte load, one byte compare
/// and byte mask per digit and band.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn given_words_avx2(cells: &[u8; 81]) -> [u32; WORDS] {
    let mut words = [0u32; WORDS];
    // SAFETY: AVX2 is available (the caller's promise); each unaligned load reads 32 of the 81
    // bytes of `cells`, the last one bytes 49..81.
    unsafe {
        let nine = _mm256_set1_epi8(9);
        let load =
            |i: usize| _mm256_min_epu8(_mm256_loadu_si256(cells[i..i + 32].as_ptr().cast()), nine);
        // Bands 0 and 1 with the next band's first five cells cleared (they then match no
        // digit); band 2 from cell 49, its cells in bits 5..32 of the mask.
        let band = _mm256_setr_epi64x(-1, -1, -1, 0xff_ffff);
        let (b0, b1, b2) = (
            _mm256_and_si256(load(0), band),
            _mm256_and_si256(load(27), band),
            load(49),
        );
        for d in 0..9 {
            let v = _mm256_set1_epi8(d as i8 + 1);
            words[STRIDE * d] = _mm256_movemask_epi8(_mm256_cmpeq_epi8(b0, v)) as u32;
            words[STRIDE * d + 1] = _mm256_movemask_epi8(_mm256_cmpeq_epi8(b1, v)) as u32;
            words[STRIDE * d + 2] = _mm256_movemask_epi8(_mm256_cmpeq_epi8(b2, v)) as u32 >> 5;
        }
    }
    words
}

/// The three 32-byte windows [`write_digits_avx2`] writes: cells 0..32, 32..64 and 49..81 (the
/// last overlaps the second, so no store passes the end).
const WINDOWS: [usize; 3] = [0, 32, 49];

/// Per window, for each of its 32 cells: the byte of a plane vector (four words, bands 0..3)
/// holding the cell's bit, and the bit within that byte.
const fn window_bytes(bits: bool) -> [[u8; 32]; 3] {
    let mut t = [[0u8; 32]; 3];
    let mut w = 0;
    while w < 3 {
        let mut i = 0;
        while i < 32 {
            let cell = WINDOWS[w] + i;
            let (band, p) = (cell / 27, cell % 27);
            t[w][i] = if bits {
                1 << (p % 8)
            } else {
                (4 * band + p / 8) as u8
            };
            i += 1;
        }
        w += 1;
    }
    t
}
const WINDOW_SHUFFLE: [[u8; 32]; 3] = window_bytes(false);
const WINDOW_BIT: [[u8; 32]; 3] = window_bytes(true);

/// [`Lanes::write_digits`] with AVX2. A cell's byte is `'0'` plus its digit value `d + 1`, and
/// bit `k` of that value is set for the cells of the digits whose value has bit `k`: four bit
/// planes, each the union of some digits' words. Each plane is expanded to one byte per cell
/// (a byte shuffle, a bit test) and the four are added with their weights: no loop over cells
/// or bits.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn write_digits_avx2(cand: &[u32; WORDS], out: &mut [u8; 81]) {
    // SAFETY: AVX2 is available (the caller's promise); each unaligned load reads the 16 bytes
    // of one digit's words or the 32 bytes of a table row, and each store writes 32 of the 81
    // bytes of `out` (the last one bytes 49..81).
    unsafe {
        let digit = |d: usize| {
            _mm256_broadcastsi128_si256(_mm_loadu_si128(cand[STRIDE * d..].as_ptr().cast()))
        };
        let g: [__m256i; 9] = core::array::from_fn(digit);
        let or = |a, b| _mm256_or_si256(a, b);
        // Plane k: the digits d whose value d + 1 has bit k.
        let planes = [
            or(or(g[0], g[2]), or(or(g[4], g[6]), g[8])),
            or(or(g[1], g[2]), or(g[5], g[6])),
            or(or(g[3], g[4]), or(g[5], g[6])),
            or(g[7], g[8]),
        ];
        for (w, &start) in WINDOWS.iter().enumerate() {
            let shuffle = _mm256_loadu_si256(WINDOW_SHUFFLE[w].as_ptr().cast());
            let bit = _mm256_loadu_si256(WINDOW_BIT[w].as_ptr().cast());
            // All ones in the bytes of the cells that have the plane's bit.
            let expand =
                |p| _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(p, shuffle), bit), bit);
            // Minus the value, doubled up from the top plane: every set byte counts -1.
            let mut acc = expand(planes[3]);
            for k in (0..3).rev() {
                acc = _mm256_add_epi8(_mm256_add_epi8(acc, acc), expand(planes[k]));
            }
            let ascii = _mm256_sub_epi8(_mm256_set1_epi8(b'0' as i8), acc);
            _mm256_storeu_si256(out[start..start + 32].as_mut_ptr().cast(), ascii);
        }
    }
}

/// One AVX-512 register: sixteen lanes, four digits. Values of this type are only created on
/// CPUs with AVX-512 F, VL, BW and DQ: inside the AVX-512 build of the kernel, which runs only
/// there (see [`super::kernel`]), and in the unit tests after checking.
///
/// Only with `cfg(sudoku_avx512)` (a compiler with the AVX-512 intrinsics, see the build
/// script); the crate's minimum Rust predates them, hence the `incompatible_msrv` allowances.
#[cfg(sudoku_avx512)]
#[derive(Clone, Copy)]
pub(super) struct Avx512(__m512i);

#[cfg(sudoku_avx512)]
#[allow(clippy::incompatible_msrv)]
impl Avx512 {
    /// Shift counts as the vector operand of `vpsrld`/`vpslld` (the compiler folds a constant
    /// one into the immediate form).
    #[inline(always)]
    fn count<const N: i32>() -> __m128i {
        // SAFETY: SSE2 is baseline on x86-64.
        unsafe { _mm_cvtsi32_si128(N) }
    }
}

#[cfg(sudoku_avx512)]
#[allow(clippy::incompatible_msrv)]
impl Lanes for Avx512 {
    const WIDTH: usize = 16;
    const FOLDS: usize = 2;

    #[inline(always)]
    fn load(w: &[u32]) -> Avx512 {
        let w: &[u32; 16] = w[..16].try_into().unwrap();
        // SAFETY: AVX-512 F is available wherever this type is used (see the type's docs); the
        // unaligned load reads the 64 bytes of the array.
        unsafe { Avx512(_mm512_loadu_si512(w.as_ptr().cast())) }
    }
    #[inline(always)]
    fn load_digit(w: &[u32; 4]) -> Avx512 {
        // SAFETY: AVX-512 F is available; the unaligned load reads the 16 bytes of `w` and the
        // rest of the register is zero.
        unsafe { Avx512(_mm512_zextsi128_si512(_mm_loadu_si128(w.as_ptr().cast()))) }
    }
    #[inline(always)]
    fn broadcast_digit(w: &[u32; 4]) -> Avx512 {
        // SAFETY: AVX-512 F is available; the unaligned load reads the 16 bytes of `w`.
        unsafe { Avx512(_mm512_broadcast_i32x4(_mm_loadu_si128(w.as_ptr().cast()))) }
    }
    #[inline(always)]
    fn store(self, w: &mut [u32]) {
        let w: &mut [u32; 16] = (&mut w[..16]).try_into().unwrap();
        // SAFETY: AVX-512 F is available; the unaligned store writes the 64 bytes of the array.
        unsafe { _mm512_storeu_si512(w.as_mut_ptr().cast(), self.0) }
    }
    #[inline(always)]
    fn first_group(self) -> [u32; 4] {
        let mut w = [0u32; 4];
        // SAFETY: AVX-512 F is available; the unaligned store writes the 16 bytes of `w`.
        unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), _mm512_castsi512_si128(self.0)) };
        w
    }
    #[inline(always)]
    fn splat(x: u32) -> Avx512 {
        // SAFETY: AVX-512 F is available wherever this type is used (for every intrinsic here).
        unsafe { Avx512(_mm512_set1_epi32(x as i32)) }
    }
    #[inline(always)]
    fn and(self, o: Avx512) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_and_si512(self.0, o.0)) }
    }
    #[inline(always)]
    fn or(self, o: Avx512) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_or_si512(self.0, o.0)) }
    }
    #[inline(always)]
    fn xor(self, o: Avx512) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_xor_si512(self.0, o.0)) }
    }
    #[inline(always)]
    fn and_not(self, o: Avx512) -> Avx512 {
        // SAFETY: AVX-512 F is available. (andnot computes !first & second.)
        unsafe { Avx512(_mm512_andnot_si512(o.0, self.0)) }
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_srl_epi32(self.0, Self::count::<N>())) }
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_sll_epi32(self.0, Self::count::<N>())) }
    }
    #[inline(always)]
    fn next_band(self) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_shuffle_epi32::<NEXT>(self.0)) }
    }
    #[inline(always)]
    fn after_next_band(self) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_shuffle_epi32::<AFTER_NEXT>(self.0)) }
    }
    #[inline(always)]
    fn swap_digits(self, level: usize) -> Avx512 {
        // SAFETY: AVX-512 F is available. The 128-bit groups `[1, 0, 3, 2]` (level 0) or
        // `[2, 3, 0, 1]` (level 1).
        unsafe {
            if level == 0 {
                Avx512(_mm512_shuffle_i32x4::<0b10_11_00_01>(self.0, self.0))
            } else {
                Avx512(_mm512_shuffle_i32x4::<0b01_00_11_10>(self.0, self.0))
            }
        }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: AVX-512 F is available.
        unsafe { _mm512_test_epi32_mask(self.0, self.0) == 0 }
    }
    #[inline(always)]
    fn add(self, o: Avx512) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_add_epi32(self.0, o.0)) }
    }
    #[inline(always)]
    fn sub(self, o: Avx512) -> Avx512 {
        // SAFETY: AVX-512 F is available.
        unsafe { Avx512(_mm512_sub_epi32(self.0, o.0)) }
    }
    #[inline(always)]
    fn eq_zero(self) -> Avx512 {
        // SAFETY: AVX-512 F and DQ are available.
        unsafe { Avx512(_mm512_movm_epi32(_mm512_testn_epi32_mask(self.0, self.0))) }
    }
    #[inline(always)]
    fn nonzero_lanes(self) -> u32 {
        // SAFETY: AVX-512 F is available.
        unsafe { u32::from(_mm512_test_epi32_mask(self.0, self.0)) }
    }
    #[inline(always)]
    fn occupied_triads(a: u32) -> u32 {
        // SAFETY: BMI2 is enabled in the build that uses this type.
        unsafe { _pext_u32(a | a >> 1 | a >> 2, super::bits::TRIAD_BASE) }
    }
    #[inline(always)]
    fn given_words(cells: &[u8; 81]) -> [u32; WORDS] {
        // SAFETY: AVX2 is enabled in the build that uses this type.
        unsafe { given_words_avx2(cells) }
    }
    #[inline(always)]
    fn write_digits(cand: &[u32; WORDS], out: &mut [u8; 81]) {
        // SAFETY: AVX2 is enabled in the build that uses this type.
        unsafe { write_digits_avx2(cand, out) }
    }
    #[inline(always)]
    fn opaque(self) -> Avx512 {
        // SAFETY: AVX-512 F is available wherever this type is used.
        unsafe { Avx512(opaque_zmm(self.0)) }
    }
}

/// [`Lanes::opaque`] for one 512-bit register: an empty assembly block that claims to change it.
///
/// # Safety
/// The CPU must support AVX-512 F.
#[cfg(sudoku_avx512)]
#[allow(clippy::incompatible_msrv)]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn opaque_zmm(mut a: __m512i) -> __m512i {
    // SAFETY: the block emits no instruction; it reads and writes no memory and no flags.
    unsafe {
        asm!("/* {0} */", inout(zmm_reg) a, options(pure, nomem, nostack, preserves_flags));
    }
    a
}
