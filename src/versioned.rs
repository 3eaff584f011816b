//! Structs that may grow: each starts with a `u32 size` that the caller sets to `sizeof` the
//! struct as its header declares it. Inputs from a newer caller may be longer than ours (the
//! extra bytes must be zero: an unknown field left at its default); outputs are written up to
//! the caller's size, with bytes we do not know zeroed.

use core::ptr;

use super::sudoku_status::{self, *};

/// Largest `size` accepted in a versioned struct (a guard against garbage).
pub(super) const MAX_STRUCT_SIZE: usize = 4096;

/// Reads a versioned struct from C: its `size` (first `u32`) must be at least `min` and at most
/// [`MAX_STRUCT_SIZE`]; bytes past our own struct, from a newer caller, must be zero.
///
/// # Safety
/// `p` must be non-NULL and point to a readable struct of at least its own `size` bytes, and
/// `T` must be valid for any bit pattern (a `#[repr(C)]` struct of plain integers).
pub(super) unsafe fn read_versioned<T: Copy>(p: *const T, min: usize) -> Result<T, sudoku_status> {
    // SAFETY: the caller guarantees a readable struct, which starts with its u32 size.
    let size = unsafe { ptr::read_unaligned(p.cast::<u32>()) } as usize;
    if size < min || size > MAX_STRUCT_SIZE {
        return Err(SUDOKU_ERR_INVALID_ARGUMENT);
    }
    let ours = size_of::<T>();
    for i in ours..size {
        // SAFETY: `i < size`, and the caller guarantees `size` readable bytes.
        if unsafe { ptr::read(p.cast::<u8>().add(i)) } != 0 {
            return Err(SUDOKU_ERR_INVALID_ARGUMENT);
        }
    }
    let mut value = core::mem::MaybeUninit::<T>::zeroed();
    // SAFETY: we copy min(size, ours) readable bytes into a zeroed local of `ours` bytes; every
    // struct used here is plain integers, valid for any bit pattern including zero.
    unsafe {
        ptr::copy_nonoverlapping(
            p.cast::<u8>(),
            value.as_mut_ptr().cast::<u8>(),
            size.min(ours),
        );
        Ok(value.assume_init())
    }
}

/// Reads the caller's `size` of an output struct, checking it as [`read_versioned`] does.
///
/// # Safety
/// `p` must be non-NULL and point to at least 4 readable bytes.
pub(super) unsafe fn output_size(p: *const u32, min: usize) -> Result<usize, sudoku_status> {
    // SAFETY: the caller guarantees the first field, a u32, is readable.
    let size = unsafe { ptr::read_unaligned(p) } as usize;
    if size < min || size > MAX_STRUCT_SIZE {
        return Err(SUDOKU_ERR_INVALID_ARGUMENT);
    }
    Ok(size)
}

/// Writes an output struct whose caller-side size is `size` (from [`output_size`]): our bytes,
/// then zeros up to `size`.
///
/// # Safety
/// `p` must be non-NULL and point to `size` writable bytes.
pub(super) unsafe fn write_versioned<T: Copy>(p: *mut T, value: &T, size: usize) {
    let ours = size_of::<T>();
    // SAFETY: `size` writable bytes at `p`; we write min(size, ours) bytes from a local value,
    // then zero the rest of the caller's `size` bytes.
    unsafe {
        ptr::copy_nonoverlapping(
            (value as *const T).cast::<u8>(),
            p.cast::<u8>(),
            size.min(ours),
        );
        if size > ours {
            ptr::write_bytes(p.cast::<u8>().add(ours), 0, size - ours);
        }
    }
}
