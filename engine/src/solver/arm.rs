//! The AArch64 lane type: [`Neon`], two 128-bit NEON registers, one per digit (the portable
//! build on AArch64, where NEON is part of the baseline). [`super::lanes`] says what the
//! operations mean and holds the plain-integer reference.
//!
//! # Why `unsafe`
//!
//! The `core::arch::aarch64` intrinsics are `unsafe` functions: calling one is undefined
//! behaviour on a CPU without its instruction set, and the loads and stores take raw pointers.
//! NEON (Advanced SIMD) is mandatory in the AArch64 baseline that Rust's `aarch64` targets
//! assume, so every intrinsic here is always available. Every load and store reads or writes
//! exactly the 16 or 32 bytes of the array it is given. The empty `asm!` block of
//! [`Lanes::opaque`] emits no instruction; it only hides a value from LLVM. Each block's
//! `// SAFETY:` comment says which of these it relies on.

use core::arch::aarch64::*;
use core::arch::asm;

use super::lanes::Lanes;

/// Byte indices for `vqtbl1q_u8`: lanes `[1, 2, 0, 3]` and `[2, 0, 1, 3]` of four.
const NEXT: [u8; 16] = [4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15];
const AFTER_NEXT: [u8; 16] = [8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15];
/// Lane weights for [`Lanes::nonzero_lanes`].
const LOW_WEIGHTS: [u32; 4] = [1, 2, 4, 8];
const HIGH_WEIGHTS: [u32; 4] = [16, 32, 64, 128];

/// Two NEON registers, one per digit.
#[derive(Clone, Copy)]
#[cfg_attr(
    miri,
    allow(
        dead_code,
        reason = "under Miri the portable build runs on plain lanes"
    )
)]
pub(super) struct Neon(uint32x4_t, uint32x4_t);

impl Neon {
    #[inline(always)]
    fn map(self, f: impl Fn(uint32x4_t) -> uint32x4_t) -> Neon {
        Neon(f(self.0), f(self.1))
    }

    #[inline(always)]
    fn zip(self, o: Neon, f: impl Fn(uint32x4_t, uint32x4_t) -> uint32x4_t) -> Neon {
        Neon(f(self.0, o.0), f(self.1, o.1))
    }

    /// Rearranges the lanes of each half by the byte indices `idx`.
    #[inline(always)]
    fn table(self, idx: &[u8; 16]) -> Neon {
        // SAFETY: NEON is baseline on AArch64; the load reads the 16 bytes of `idx`.
        unsafe {
            let t = vld1q_u8(idx.as_ptr());
            self.map(|x| vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), t)))
        }
    }
}

impl Lanes for Neon {
    const WIDTH: usize = 8;
    const FOLDS: usize = 1;

    #[inline(always)]
    fn load(w: &[u32]) -> Neon {
        let w: &[u32; 8] = w[..8].try_into().unwrap();
        // SAFETY: NEON is baseline on AArch64; the loads read 2 × 16 bytes from an array of
        // 32 bytes.
        unsafe { Neon(vld1q_u32(w.as_ptr()), vld1q_u32(w.as_ptr().add(4))) }
    }
    #[inline(always)]
    fn load_digit(w: &[u32; 4]) -> Neon {
        // SAFETY: NEON is baseline on AArch64; the load reads the 16 bytes of `w`.
        unsafe { Neon(vld1q_u32(w.as_ptr()), vdupq_n_u32(0)) }
    }
    #[inline(always)]
    fn broadcast_digit(w: &[u32; 4]) -> Neon {
        // SAFETY: NEON is baseline on AArch64; the load reads the 16 bytes of `w`.
        unsafe {
            let v = vld1q_u32(w.as_ptr());
            Neon(v, v)
        }
    }
    #[inline(always)]
    fn store(self, w: &mut [u32]) {
        let w: &mut [u32; 8] = (&mut w[..8]).try_into().unwrap();
        // SAFETY: NEON is baseline; the stores write 2 × 16 bytes into an array of 32 bytes.
        unsafe {
            vst1q_u32(w.as_mut_ptr(), self.0);
            vst1q_u32(w.as_mut_ptr().add(4), self.1);
        }
    }
    #[inline(always)]
    fn first_group(self) -> [u32; 4] {
        let mut w = [0u32; 4];
        // SAFETY: NEON is baseline; the store writes the 16 bytes of `w`.
        unsafe { vst1q_u32(w.as_mut_ptr(), self.0) };
        w
    }
    #[inline(always)]
    fn splat(x: u32) -> Neon {
        // SAFETY: NEON is baseline on AArch64 (applies to every intrinsic in this impl).
        unsafe {
            let v = vdupq_n_u32(x);
            Neon(v, v)
        }
    }
    #[inline(always)]
    fn and(self, o: Neon) -> Neon {
        // SAFETY: NEON is baseline.
        self.zip(o, |a, b| unsafe { vandq_u32(a, b) })
    }
    #[inline(always)]
    fn or(self, o: Neon) -> Neon {
        // SAFETY: NEON is baseline.
        self.zip(o, |a, b| unsafe { vorrq_u32(a, b) })
    }
    #[inline(always)]
    fn xor(self, o: Neon) -> Neon {
        // SAFETY: NEON is baseline.
        self.zip(o, |a, b| unsafe { veorq_u32(a, b) })
    }
    #[inline(always)]
    fn and_not(self, o: Neon) -> Neon {
        // SAFETY: NEON is baseline. (bic computes first & !second.)
        self.zip(o, |a, b| unsafe { vbicq_u32(a, b) })
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Neon {
        // SAFETY: NEON is baseline; every shift count used is 1 to 31.
        self.map(|a| unsafe { vshrq_n_u32::<N>(a) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Neon {
        // SAFETY: NEON is baseline; every shift count used is 1 to 31.
        self.map(|a| unsafe { vshlq_n_u32::<N>(a) })
    }
    #[inline(always)]
    fn next_band(self) -> Neon {
        self.table(&NEXT)
    }
    #[inline(always)]
    fn after_next_band(self) -> Neon {
        self.table(&AFTER_NEXT)
    }
    #[inline(always)]
    fn swap_digits(self, _level: usize) -> Neon {
        Neon(self.1, self.0)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: NEON is baseline.
        unsafe { vmaxvq_u32(vorrq_u32(self.0, self.1)) == 0 }
    }
    #[inline(always)]
    fn add(self, o: Neon) -> Neon {
        // SAFETY: NEON is baseline.
        self.zip(o, |a, b| unsafe { vaddq_u32(a, b) })
    }
    #[inline(always)]
    fn sub(self, o: Neon) -> Neon {
        // SAFETY: NEON is baseline.
        self.zip(o, |a, b| unsafe { vsubq_u32(a, b) })
    }
    #[inline(always)]
    fn eq_zero(self) -> Neon {
        // SAFETY: NEON is baseline.
        self.map(|a| unsafe { vceqzq_u32(a) })
    }
    #[inline(always)]
    fn nonzero_lanes(self) -> u32 {
        // SAFETY: NEON is baseline; the loads read the 16 bytes of each weight array.
        unsafe {
            let lo = vandq_u32(vtstq_u32(self.0, self.0), vld1q_u32(LOW_WEIGHTS.as_ptr()));
            let hi = vandq_u32(vtstq_u32(self.1, self.1), vld1q_u32(HIGH_WEIGHTS.as_ptr()));
            vaddvq_u32(vorrq_u32(lo, hi))
        }
    }
    #[inline(always)]
    fn opaque(self) -> Neon {
        let (mut a, mut b) = (self.0, self.1);
        // SAFETY: an empty assembly block that claims to change both registers; it reads and
        // writes no memory and no flags.
        unsafe {
            asm!("/* {0:v} {1:v} */", inout(vreg) a, inout(vreg) b,
                 options(pure, nomem, nostack, preserves_flags));
        }
        Neon(a, b)
    }
}
