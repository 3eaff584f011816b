//! Digits and sets of digits, so that a digit (`1..=9`) and its index (`0..9`) cannot be mixed
//! up.

use core::ops::{BitAnd, BitOr, Not, Sub};

/// A Sudoku digit, `1..=9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(u8);

impl Digit {
    /// The nine digits in increasing order.
    pub const ALL: [Digit; 9] = {
        let mut all = [Digit(1); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Digit(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// The digit `d` if it is `1..=9`.
    pub const fn new(d: u8) -> Option<Digit> {
        if d >= 1 && d <= 9 {
            Some(Digit(d))
        } else {
            None
        }
    }

    /// The digit whose index is `i` (`0..9`), if any.
    pub const fn from_index(i: usize) -> Option<Digit> {
        if i < 9 {
            Some(Digit(i as u8 + 1))
        } else {
            None
        }
    }

    /// The digit, `1..=9`.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The index, `0..9`.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// Its bit in a candidate mask: `1 << index`.
    pub const fn bit(self) -> u16 {
        1 << self.index()
    }
}

/// A set of digits: bit `d - 1` for digit `d`, the candidate-mask layout used everywhere,
/// including the C API.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set with mask `bits` (bits above 8 are dropped).
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The mask: bit `d - 1` for digit `d`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding `d` alone.
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(d.bit())
    }

    /// True if `d` is in the set.
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & d.bit() != 0
    }

    /// The set with `d` added.
    pub const fn with(self, d: Digit) -> DigitSet {
        DigitSet(self.0 | d.bit())
    }

    /// The set with `d` removed.
    pub const fn without(self, d: Digit) -> DigitSet {
        DigitSet(self.0 & !d.bit())
    }

    /// The number of digits.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if there is no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        }
    }

    /// The only digit of a one-digit set; `None` for any other size.
    pub const fn only(self) -> Option<Digit> {
        if self.len() == 1 { self.first() } else { None }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            let d = DigitSet(bits).first()?;
            bits &= bits - 1;
            Some(d)
        })
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(digits: I) -> DigitSet {
        digits.into_iter().fold(DigitSet::EMPTY, DigitSet::with)
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl Sub for DigitSet {
    type Output = DigitSet;
    fn sub(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & !rhs.0)
    }
}

impl Not for DigitSet {
    type Output = DigitSet;
    /// The other digits of `1..=9`.
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & 0x1ff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_indices_do_not_mix() {
        for (i, d) in Digit::ALL.into_iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(usize::from(d.get()), i + 1);
            assert_eq!(Digit::from_index(i), Some(d));
            assert_eq!(Digit::new(d.get()), Some(d));
            assert_eq!(d.bit(), 1 << i);
        }
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::from_index(9), None);
        let set: DigitSet = [Digit::ALL[0], Digit::ALL[8]].into_iter().collect();
        assert_eq!(set.bits(), 0b1_0000_0001);
        assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), [1, 9]);
        assert_eq!((!set).len(), 7);
        assert_eq!(DigitSet::single(Digit::ALL[3]).only(), Some(Digit::ALL[3]));
    }
}
