//! The search-space sizes of article 003 ("Le problème des huit dames en
//! informatique") for any n, as exact integers:
//!
//! - (n²)^n placements of n numbered queens anywhere ("chacun des 64^8 =
//!   2^48 = 281 474 976 710 656 placements possibles des huit dames");
//! - A(n², n) = n²! / (n² − n)! arrangements on distinct squares
//!   ("A_{64}^8 = 64!/56! = 178 462 987 637 760 arrangements possibles");
//! - C(n², n) sets of n squares (exercise sheet 002 §2.6's "toutes les
//!   combinaisons possibles des n reines sur l'échiquier");
//! - n^n placements with one queen per row ("8^8 = 2^24 = 16 777 216");
//! - n! permutations, one queen per row and per column.
//!
//! Values fit a `u128` up to a limit per kind ([`Kind::u128_limit`]); beyond,
//! [`size_u128`] refuses with [`SpaceError::Overflow`], and [`size`] gives
//! the exact value as a [`Nat`], a small unsigned big integer of this module.
//!
//! ```
//! use nqueens_kernel::reference::search_space::{size, Kind, grouped};
//! let a = size(Kind::Arrangements, 8).unwrap();
//! assert_eq!(grouped(&a.to_string()), "178 462 987 637 760");
//! ```

use std::fmt;

/// The largest n accepted: n² must fit a `u32` factor, and the largest
/// value, (n²)^n, has about 80,000 digits at n = 10,000.
pub const MAX_N: usize = 10_000;

/// Which search space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// (n²)^n: n numbered queens, each on any square (article: 64^8).
    Placements,
    /// A(n², n): n numbered queens on distinct squares (article: 64!/56!).
    Arrangements,
    /// C(n², n): sets of n squares (sheet 002 §2.6; C(64, 8) at n = 8).
    Combinations,
    /// n^n: one queen per row (article: 8^8).
    PerRow,
    /// n!: one queen per row and per column.
    Permutations,
}

impl Kind {
    /// Every kind, largest first at n = 8.
    pub const ALL: [Kind; 5] = [
        Kind::Placements,
        Kind::Arrangements,
        Kind::Combinations,
        Kind::PerRow,
        Kind::Permutations,
    ];

    /// The largest n whose size fits a `u128` (checked by the tests against
    /// [`Nat`]).
    ///
    /// ```
    /// use nqueens_kernel::reference::search_space::Kind;
    /// assert_eq!(Kind::Placements.u128_limit(), 15);
    /// ```
    pub fn u128_limit(self) -> usize {
        match self {
            Kind::Placements => 15,
            Kind::Arrangements => 16,
            Kind::Combinations => 22,
            Kind::PerRow => 26,
            Kind::Permutations => 34,
        }
    }
}

/// Why a size is not given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceError {
    /// n is above [`MAX_N`].
    Size(usize),
    /// The value does not fit a `u128` (n above [`Kind::u128_limit`]).
    Overflow {
        /// The kind asked for.
        kind: Kind,
        /// The board's side.
        n: usize,
    },
}

impl fmt::Display for SpaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size(n) => write!(f, "board side must be 0..={MAX_N}, got {n}"),
            Self::Overflow { kind, n } => write!(
                f,
                "{kind:?} at n = {n} exceeds u128 (fits up to n = {})",
                kind.u128_limit()
            ),
        }
    }
}

impl std::error::Error for SpaceError {}

/// An unsigned integer of any size: base-2³² limbs, least significant
/// first, no leading zero limb. Only what the sizes need: multiply and
/// divide by a `u32`, compare, print in decimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nat(Vec<u32>);

impl Nat {
    /// The number 1.
    ///
    /// ```
    /// assert_eq!(nqueens_kernel::reference::search_space::Nat::one().to_string(), "1");
    /// ```
    pub fn one() -> Self {
        Nat(vec![1])
    }

    /// Multiplies in place by `k`.
    ///
    /// ```
    /// use nqueens_kernel::reference::search_space::Nat;
    /// let mut x = Nat::one();
    /// x.mul_small(1 << 31);
    /// x.mul_small(6);
    /// assert_eq!(x.to_string(), "12884901888");
    /// ```
    pub fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(k) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    /// Divides in place by `k` and returns the remainder; `None` (and no
    /// change) when `k` is 0.
    ///
    /// ```
    /// use nqueens_kernel::reference::search_space::Nat;
    /// let mut x = Nat::from_u128(100);
    /// assert_eq!(x.div_small(7), Some(2));
    /// assert_eq!(x.to_string(), "14");
    /// ```
    pub fn div_small(&mut self, k: u32) -> Option<u32> {
        if k == 0 {
            return None;
        }
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*limb);
            *limb = (v / u64::from(k)) as u32;
            rem = v % u64::from(k);
        }
        self.trim();
        Some(rem as u32)
    }

    fn trim(&mut self) {
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
        if self.0.is_empty() {
            self.0.push(0);
        }
    }

    /// From a `u128`.
    ///
    /// ```
    /// use nqueens_kernel::reference::search_space::Nat;
    /// assert_eq!(Nat::from_u128(u128::MAX).to_u128(), Some(u128::MAX));
    /// ```
    pub fn from_u128(v: u128) -> Self {
        let mut n = Nat((0..4).map(|i| (v >> (32 * i)) as u32).collect());
        n.trim();
        n
    }

    /// The value as a `u128`, or `None` when it does not fit.
    ///
    /// ```
    /// use nqueens_kernel::reference::search_space::Nat;
    /// let mut x = Nat::from_u128(u128::MAX);
    /// x.mul_small(2);
    /// assert_eq!(x.to_u128(), None);
    /// ```
    pub fn to_u128(&self) -> Option<u128> {
        if self.0.len() > 4 {
            return None;
        }
        Some(
            self.0
                .iter()
                .rev()
                .fold(0u128, |acc, &l| (acc << 32) | u128::from(l)),
        )
    }

    /// The exponent e when the value is 2^e (the article writes 64^8 = 2^48
    /// and 8^8 = 2^24), else `None`.
    ///
    /// ```
    /// use nqueens_kernel::reference::search_space::{size, Kind};
    /// assert_eq!(size(Kind::Placements, 8).unwrap().power_of_two(), Some(48));
    /// ```
    pub fn power_of_two(&self) -> Option<u64> {
        let top = self.0.len() - 1;
        let last = self.0[top];
        let single = last.is_power_of_two() && self.0[..top].iter().all(|&l| l == 0);
        single.then(|| 32 * top as u64 + u64::from(last.trailing_zeros()))
    }
}

impl fmt::Display for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Peel nine decimal digits at a time, least significant first.
        let mut x = self.clone();
        let mut chunks = Vec::new();
        while x.0 != [0] {
            chunks.push(x.div_small(1_000_000_000).unwrap_or(0));
        }
        let Some((first, rest)) = chunks.split_last() else {
            return f.write_str("0");
        };
        write!(f, "{first}")?;
        for chunk in rest.iter().rev() {
            write!(f, "{chunk:09}")?;
        }
        Ok(())
    }
}

/// The exact size of a search space for an n x n board.
///
/// ```
/// use nqueens_kernel::reference::search_space::{size, Kind};
/// assert_eq!(size(Kind::Combinations, 8).unwrap().to_string(), "4426165368");
/// assert!(size(Kind::Permutations, 10_001).is_err());
/// ```
pub fn size(kind: Kind, n: usize) -> Result<Nat, SpaceError> {
    if n > MAX_N {
        return Err(SpaceError::Size(n));
    }
    // n <= 10,000, so n² <= 10^8 fits every u32 factor below.
    let (n32, squares) = (n as u32, (n * n) as u32);
    let mut x = Nat::one();
    match kind {
        Kind::Placements => (0..n).for_each(|_| x.mul_small(squares)),
        Kind::Arrangements => (0..n32).for_each(|i| x.mul_small(squares - i)),
        Kind::Combinations => {
            // After step i, x = C(n², i + 1): each division is exact.
            for i in 0..n32 {
                x.mul_small(squares - i);
                x.div_small(i + 1);
            }
        }
        Kind::PerRow => (0..n).for_each(|_| x.mul_small(n32)),
        Kind::Permutations => (1..=n32).for_each(|i| x.mul_small(i)),
    }
    Ok(x)
}

/// The size as a `u128`, refused beyond [`Kind::u128_limit`].
///
/// ```
/// use nqueens_kernel::reference::search_space::{size_u128, Kind};
/// assert_eq!(size_u128(Kind::PerRow, 8), Ok(16_777_216));
/// assert!(size_u128(Kind::Placements, 16).is_err());
/// ```
pub fn size_u128(kind: Kind, n: usize) -> Result<u128, SpaceError> {
    size(kind, n)?
        .to_u128()
        .ok_or(SpaceError::Overflow { kind, n })
}

/// Digits grouped by three with a space, as the article prints its figures
/// ("281 474 976 710 656"). Any text that is not all ASCII digits is
/// returned unchanged.
///
/// ```
/// use nqueens_kernel::reference::search_space::grouped;
/// assert_eq!(grouped("16777216"), "16 777 216");
/// assert_eq!(grouped("720"), "720");
/// ```
pub fn grouped(digits: &str) -> String {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits.to_string();
    }
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_articles_figures_for_8_as_printed() {
        // 003: "chacun des 648 = 248 = 281 474 976 710 656 placements" (the
        // exponents lost their superscript: 64^8 = 2^48).
        let all = size(Kind::Placements, 8).unwrap();
        assert_eq!(grouped(&all.to_string()), "281 474 976 710 656");
        assert_eq!(all.power_of_two(), Some(48));
        // "A_{64}^8=64!/56! = 178 462 987 637 760 arrangements possibles".
        let arr = size(Kind::Arrangements, 8).unwrap();
        assert_eq!(grouped(&arr.to_string()), "178 462 987 637 760");
        // "88 = 224 = 16 777 216 placements possibles" (8^8 = 2^24).
        let rows = size(Kind::PerRow, 8).unwrap();
        assert_eq!(grouped(&rows.to_string()), "16 777 216");
        assert_eq!(rows.power_of_two(), Some(24));
        // The issue's figure for sheet 002 §2.6, and 8! for the permutations.
        assert_eq!(size_u128(Kind::Combinations, 8), Ok(4_426_165_368));
        assert_eq!(size_u128(Kind::Permutations, 8), Ok(40_320));
    }

    /// Independent: the definitions with u128 checked arithmetic.
    fn by_definition(kind: Kind, n: u128) -> Option<u128> {
        let m = n * n;
        let product = |range: std::ops::Range<u128>, f: &dyn Fn(u128) -> u128| {
            range.map(f).try_fold(1u128, |acc, v| acc.checked_mul(v))
        };
        match kind {
            Kind::Placements => product(0..n, &|_| m),
            Kind::Arrangements => product(0..n, &|i| m - i),
            // Pascal's rule row by row would be slow; the multiplicative form
            // in u128 overflows early, so compare only where it fits.
            Kind::Combinations => {
                (0..n).try_fold(1u128, |c, i| Some(c.checked_mul(m - i)? / (i + 1)))
            }
            Kind::PerRow => product(0..n, &|_| n),
            Kind::Permutations => product(1..n + 1, &|i| i),
        }
    }

    #[test]
    fn agrees_with_the_definitions_where_they_fit() {
        for kind in Kind::ALL {
            for n in 0..=40usize {
                if let Some(want) = by_definition(kind, n as u128) {
                    assert_eq!(size_u128(kind, n), Ok(want), "{kind:?} n={n}");
                }
            }
        }
    }

    #[test]
    fn combinations_by_pascals_triangle() {
        // C(m, k) for m up to 64 by addition only.
        let mut row = vec![1u128];
        for m in 1..=64usize {
            let mut next = vec![1u128; m + 1];
            for k in 1..m {
                next[k] = row[k - 1] + row[k];
            }
            row = next;
            let n = (m as f64).sqrt() as usize;
            if n * n == m {
                assert_eq!(size_u128(Kind::Combinations, n), Ok(row[n]), "n={n}");
            }
        }
    }

    #[test]
    fn the_u128_limits_are_exact() {
        for kind in Kind::ALL {
            let l = kind.u128_limit();
            assert!(size(kind, l).unwrap().to_u128().is_some(), "{kind:?}");
            assert!(size(kind, l + 1).unwrap().to_u128().is_none(), "{kind:?}");
            assert_eq!(
                size_u128(kind, l + 1),
                Err(SpaceError::Overflow { kind, n: l + 1 })
            );
        }
    }

    #[test]
    fn big_values_are_exact() {
        // 64! / 56! again, from 64! and 56! computed apart, with division.
        let mut x = size(Kind::Permutations, 34).unwrap();
        x.mul_small(35);
        assert_eq!(x.to_u128(), None);
        assert_eq!(x.div_small(35), Some(0));
        assert_eq!(x, size(Kind::Permutations, 34).unwrap());
        // 100! has 158 digits and 24 trailing zeros.
        let f = size(Kind::Permutations, 100).unwrap().to_string();
        assert_eq!(f.len(), 158);
        assert!(f.starts_with("93326215443944152681699238856266700490715968264381621468"));
        assert!(f.ends_with(&format!("{}{}", "5210916864", "0".repeat(24))));
        // (n²)^n = n^(2n): (16²)^16 = 2^128.
        assert_eq!(
            size(Kind::Placements, 16).unwrap().power_of_two(),
            Some(128)
        );
        let mut p = size(Kind::PerRow, 10).unwrap();
        assert_eq!(p.to_string(), format!("1{}", "0".repeat(10)));
        assert_eq!(p.div_small(0), None);
    }

    #[test]
    fn small_boards_and_the_largest() {
        for kind in Kind::ALL {
            assert_eq!(size(kind, 0).unwrap().to_string(), "1", "{kind:?}");
            assert_eq!(size(kind, 1).unwrap().to_string(), "1", "{kind:?}");
        }
        assert_eq!(size_u128(Kind::Combinations, 2), Ok(6));
        assert_eq!(size_u128(Kind::Arrangements, 2), Ok(12));
        let big = size(Kind::Placements, MAX_N).unwrap().to_string();
        assert_eq!(big.len(), 8 * MAX_N + 1); // (10^8)^(10^4) = 10^80000
        assert_eq!(
            size(Kind::PerRow, MAX_N + 1),
            Err(SpaceError::Size(MAX_N + 1))
        );
        assert!(SpaceError::Overflow {
            kind: Kind::PerRow,
            n: 27
        }
        .to_string()
        .contains("n = 26"));
    }

    #[test]
    fn grouping() {
        assert_eq!(grouped("1"), "1");
        assert_eq!(grouped("1000"), "1 000");
        assert_eq!(grouped("178462987637760"), "178 462 987 637 760");
        assert_eq!(grouped(""), "");
        assert_eq!(grouped("12a4"), "12a4");
    }
}
