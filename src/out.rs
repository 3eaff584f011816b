//! Writing scalar outputs through the caller's nullable pointers.

/// Stores `value` at `out` unless `out` is NULL.
///
/// # Safety
/// `out` must be NULL or point to memory writable as a `T` (any alignment).
pub(super) unsafe fn put<T>(out: *mut T, value: T) {
    if !out.is_null() {
        // SAFETY: non-NULL and writable per the caller's contract; write_unaligned needs no
        // alignment and does not read or drop the old value.
        unsafe { out.write_unaligned(value) };
    }
}
