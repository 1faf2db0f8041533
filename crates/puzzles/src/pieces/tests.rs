//! The DPs against a brute force over all placements, a second, simpler
//! DP for the line pieces, and published values (OEIS) as verification.

use super::*;

fn board(n: usize) -> Board {
    Board::new(n).unwrap()
}

/// Whether pieces on two different squares attack each other, written
/// from the moves, independently of [`Piece::attacks`].
fn hits(piece: Piece, a: Square, b: Square) -> bool {
    let dr = a.0 as i64 - b.0 as i64;
    let dc = a.1 as i64 - b.1 as i64;
    match piece {
        Piece::Kings => dr.abs() <= 1 && dc.abs() <= 1,
        Piece::Knights => dr * dr + dc * dc == 5,
        Piece::Bishops => dr.abs() == dc.abs(),
        Piece::Rooks => dr == 0 || dc == 0,
    }
}

/// Every set of mutually non-attacking pieces, by backtracking over the
/// squares in order: (largest size, number of sets of that size).
fn brute_force(piece: Piece, n: usize) -> (usize, u128) {
    fn go(piece: Piece, squares: &[Square], placed: &mut Vec<Square>, tally: &mut (usize, u128)) {
        let Some((&sq, rest)) = squares.split_first() else {
            match placed.len().cmp(&tally.0) {
                std::cmp::Ordering::Greater => *tally = (placed.len(), 1),
                std::cmp::Ordering::Equal => tally.1 += 1,
                std::cmp::Ordering::Less => {}
            }
            return;
        };
        go(piece, rest, placed, tally);
        if placed.iter().all(|&p| !hits(piece, p, sq)) {
            placed.push(sq);
            go(piece, rest, placed, tally);
            placed.pop();
        }
    }
    let squares: Vec<Square> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let mut tally = (0, 0);
    go(piece, &squares, &mut Vec::new(), &mut tally);
    tally
}

/// The largest line-piece board the tests count (16 takes 0.04 s).
const LINES_TESTED: usize = 16;

fn answer(piece: Piece, n: usize) -> (usize, u128) {
    let c = count(piece, board(n)).unwrap();
    assert_eq!((c.piece, c.n), (piece, n));
    (c.max, c.ways)
}

#[test]
fn every_piece_matches_the_brute_force_on_small_boards() {
    for piece in Piece::ALL {
        for n in 1..=5 {
            assert_eq!(answer(piece, n), brute_force(piece, n), "{piece}, n = {n}");
        }
    }
    // One size more where the brute force stays quick.
    for piece in [Piece::Kings, Piece::Rooks] {
        assert_eq!(answer(piece, 6), brute_force(piece, 6), "{piece}, n = 6");
    }
}

/// Rook placements on a board whose lines allow nested sets of cross
/// lines, `lengths` of them each: taken shortest first, a line of length
/// `l` after `k` pieces has `l - k` free cross lines. Returns (max, ways).
fn nested(mut lengths: Vec<usize>) -> (usize, u128) {
    lengths.sort_unstable();
    let mut ways = vec![1u128];
    for l in lengths {
        let mut next = ways.clone();
        next.push(0);
        for (k, &w) in ways.iter().enumerate() {
            if l > k {
                next[k + 1] += w * (l - k) as u128;
            }
        }
        ways = next;
    }
    let max = ways.iter().rposition(|&w| w > 0).unwrap();
    (max, ways[max])
}

#[test]
fn rooks_and_bishops_match_the_nested_lines_count() {
    for n in 1..=LINES_TESTED {
        assert_eq!(
            answer(Piece::Rooks, n),
            nested(vec![n; n]),
            "rooks, n = {n}"
        );
        // The anti-diagonals of each colour cross centred, hence nested,
        // ranges of that colour's diagonals, one per square of the
        // anti-diagonal: only their lengths matter.
        let colour = |p: usize| -> Vec<usize> {
            (p..=2 * n - 2)
                .step_by(2)
                .map(|s| (0..n).filter(|&r| s >= r && s - r < n).count())
                .collect()
        };
        let (m0, w0) = nested(colour(0));
        let (m1, w1) = nested(colour(1));
        assert_eq!(
            answer(Piece::Bishops, n),
            (m0 + m1, w0 * w1),
            "bishops, n = {n}"
        );
    }
}

#[test]
fn the_published_values_agree() {
    // n = 8: 16 kings in 281571 ways, 32 knights in 2, 14 bishops in 256,
    // 8 rooks in 40320.
    assert_eq!(answer(Piece::Kings, 8), (16, 281571));
    assert_eq!(answer(Piece::Knights, 8), (32, 2));
    assert_eq!(answer(Piece::Bishops, 8), (14, 256));
    assert_eq!(answer(Piece::Rooks, 8), (8, 40320));
    // Kings: A018807 (2m x 2m boards), odd boards have one way (A350818);
    // the maximum is ceil(n / 2)^2 (A008794).
    let a018807: [u128; 11] = [
        1,
        4,
        79,
        3600,
        281571,
        32572756,
        5109144543,
        1027533353168,
        254977173389319,
        75925129079783308,
        26568150968269086211,
    ];
    for n in 1..=16 {
        let ways = if n % 2 == 0 { a018807[n / 2] } else { 1 };
        assert_eq!(
            answer(Piece::Kings, n),
            (n.div_ceil(2).pow(2), ways),
            "n = {n}"
        );
    }
    // Knights: A030978 (max) and A289203 (ways).
    let a030978 = [0, 1, 4, 5, 8, 13, 18, 25, 32, 41, 50, 61, 72];
    let a289203 = [0, 1, 1, 2, 6, 1, 2, 1, 2, 1, 2, 1, 2];
    for n in 1..=10 {
        assert_eq!(
            answer(Piece::Knights, n),
            (a030978[n], a289203[n]),
            "n = {n}"
        );
    }
    // Bishops: 2n - 2 in 2^n ways for n >= 2 (A002465's comment, after
    // Kotesovec); rooks: n in n! ways (A000142).
    let mut factorial = 1u128;
    for n in 1..=LINES_TESTED {
        factorial *= n as u128;
        let bishops = if n == 1 { (1, 1) } else { (2 * n - 2, 1 << n) };
        assert_eq!(answer(Piece::Bishops, n), bishops, "n = {n}");
        assert_eq!(answer(Piece::Rooks, n), (n, factorial), "n = {n}");
    }
}

#[test]
fn placements_are_maximal_and_non_attacking() {
    for piece in Piece::ALL {
        for n in 1..=10 {
            let (c, squares) = count_and_place(piece, board(n)).unwrap();
            assert_eq!(c, count(piece, board(n)).unwrap());
            assert_eq!(squares.len(), c.max, "{piece}, n = {n}");
            assert!(squares.windows(2).all(|w| w[0] < w[1]), "sorted, distinct");
            for (i, &a) in squares.iter().enumerate() {
                assert!(a.0 < n && a.1 < n, "{piece}, n = {n}: {a:?}");
                for &b in &squares[i + 1..] {
                    assert!(!hits(piece, a, b), "{piece}, n = {n}: {a:?} {b:?}");
                }
            }
        }
    }
}

#[test]
fn the_attack_rule_is_the_moves() {
    for piece in Piece::ALL {
        for a in (0..5).flat_map(|r| (0..5).map(move |c| (r, c))) {
            for b in (0..5).flat_map(|r| (0..5).map(move |c| (r, c))) {
                let expected = a != b && hits(piece, a, b);
                assert_eq!(piece.attacks(a, b), expected, "{piece} {a:?} {b:?}");
            }
        }
    }
}

#[test]
fn bad_sizes_are_refused() {
    for piece in Piece::ALL {
        // An empty board is the kernel's to refuse, before any piece.
        assert_eq!(Board::new(0), Err(nqueens_kernel::Error::EmptyBoard));
        let n = piece.max_n() + 1;
        let e = count(piece, board(n)).unwrap_err();
        assert_eq!(e, PieceError::TooLarge { piece, n });
        assert!(e.to_string().contains(&format!("up to {}", n - 1)), "{e}");
        assert!(count_and_place(piece, board(n)).is_err());
    }
}

#[test]
fn the_semiring_keeps_the_larger_max_and_adds_ties() {
    let a = Best { max: 3, ways: 5 };
    let b = Best { max: 2, ways: 7 };
    assert_eq!(a.or(b), Some(a));
    assert_eq!(b.or(a), Some(a));
    assert_eq!(a.or(a), Some(Best { max: 3, ways: 10 }));
    assert_eq!(Best::NONE.or(b), Some(b));
    assert_eq!(a.times(b), Some(Best { max: 5, ways: 35 }));
    let big = Best {
        max: 1,
        ways: u128::MAX,
    };
    assert_eq!(big.or(big), None);
    assert_eq!(big.times(big), None);
}
