//! A set of squares of a board up to 13 x 13, as three machine words:
//! what the domination search covers, forbids and chooses.

/// Words in a [`Set`].
const WORDS: usize = 3;

/// A set of squares: square `s` is bit `s % 64` of word `s / 64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Set([u64; WORDS]);

impl Set {
    pub(super) const EMPTY: Set = Set([0; WORDS]);

    pub(super) fn single(s: usize) -> Set {
        let mut w = [0; WORDS];
        w[s / 64] = 1 << (s % 64);
        Set(w)
    }

    pub(super) fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(super) fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The smallest square (the set must not be empty).
    pub(super) fn first(self) -> usize {
        let i = self.0.iter().position(|&w| w != 0).unwrap_or(WORDS - 1);
        i * 64 + self.0[i].trailing_zeros() as usize
    }
}

impl std::ops::BitOr for Set {
    type Output = Set;
    fn bitor(self, o: Set) -> Set {
        Set(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl std::ops::BitAnd for Set {
    type Output = Set;
    fn bitand(self, o: Set) -> Set {
        Set(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

/// Every word complemented, squares off the board included: only ever
/// used under an `&` with a set of squares on the board.
impl std::ops::Not for Set {
    type Output = Set;
    fn not(self) -> Set {
        Set(self.0.map(|w| !w))
    }
}

impl std::ops::BitOrAssign for Set {
    fn bitor_assign(&mut self, o: Set) {
        *self = *self | o;
    }
}

impl std::ops::BitAndAssign for Set {
    fn bitand_assign(&mut self, o: Set) {
        *self = *self & o;
    }
}

impl std::ops::BitXorAssign for Set {
    fn bitxor_assign(&mut self, o: Set) {
        *self = Set(std::array::from_fn(|i| self.0[i] ^ o.0[i]));
    }
}
