//! Published counts, for checking results only.
//!
//! Nothing in this crate computes a count from these tables: they exist so
//! that tests, `nqueens table` and benchmarks can mark a computed value as
//! verified. Index `n` holds the value for an `n x n` board; index 0 is
//! unused (0). Values up to n = 27, the largest board counted so far
//! (Preusser, Engelhardt et al., Q27 project, 2016).

/// OEIS A000170: all solutions of the n-queens problem, n = 0..=27 (index 0 unused).
///
/// ```
/// assert_eq!(nqueens_kernel::oeis::TOTAL[8], 92);
/// ```
pub const TOTAL: [u128; 28] = [
    0,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// OEIS A002562: fundamental solutions (symmetric ones counted once), n = 0..=27.
///
/// ```
/// assert_eq!(nqueens_kernel::oeis::UNIQUE[8], 12);
/// ```
pub const UNIQUE: [u128; 28] = [
    0,
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// The published `(total, unique)` for `n`, if known.
///
/// ```
/// assert_eq!(nqueens_kernel::oeis::known(10), Some((724, 92)));
/// assert_eq!(nqueens_kernel::oeis::known(28), None);
/// ```
pub fn known(n: usize) -> Option<(u128, u128)> {
    (1..TOTAL.len()).contains(&n).then(|| (TOTAL[n], UNIQUE[n]))
}

/// OEIS A075458: the domination number of the queens' graph, the fewest
/// queens that occupy or attack every square, n = 0..=25 (index 0 unused).
///
/// ```
/// assert_eq!(nqueens_kernel::oeis::DOMINATION[8], 5);
/// ```
pub const DOMINATION: [usize; 26] = [
    0, 1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 9, 10, 11, 11, 12, 12, 13, 13,
];

/// OEIS A002564: the number of minimum dominating sets of queens,
/// n = 0..=19 (index 0 unused).
///
/// ```
/// assert_eq!(nqueens_kernel::oeis::MINIMUM_DOMINATING_SETS[8], 4860);
/// ```
pub const MINIMUM_DOMINATING_SETS: [u128; 20] = [
    0, 1, 4, 1, 12, 186, 4, 86, 4_860, 114, 8, 2, 8, 288, 4_632, 205_832, 2_968, 124, 16, 84,
];

/// OEIS A103330: placements of n + 1 queens and one pawn on an n x n board
/// with no two queens attacking (the pawn blocks lines), n = 0..=17 (index
/// 0 unused).
///
/// ```
/// assert_eq!(nqueens_kernel::oeis::QUEENS_AND_ONE_PAWN[8], 128);
/// ```
pub const QUEENS_AND_ONE_PAWN: [u128; 18] = [
    0,
    0,
    0,
    0,
    0,
    0,
    16,
    20,
    128,
    396,
    2_288,
    11_152,
    65_712,
    437_848,
    3_118_664,
    23_387_448,
    183_463_680,
    1_474_699_536,
];
