//! Squares by name, as every door writes them: file letters and a rank
//! number, `A1` the corner drawn bottom left (0-based `(row, column)`
//! `(0, 0)`).

/// A square: 0-based `(row, column)`.
pub use nqueens_puzzles::pieces::Square;

/// The letters of file `column` (0-based): A..Z, then AA, AB, ... as
/// spreadsheet columns are named.
///
/// ```
/// let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702]
///     .into_iter()
///     .map(nqueens::squares::file)
///     .collect();
/// assert_eq!(names, ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
/// ```
pub fn file(column: usize) -> String {
    let mut letters = Vec::new();
    // Bijective base 26: digits 1..=26 stand for A..=Z, there is no zero.
    let mut k = column + 1;
    while k > 0 {
        let digit = (k - 1) % 26;
        letters.push(b'A' + digit as u8);
        k = (k - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The name of the square of 0-based `row` and `column`: `A1` for (0, 0).
///
/// ```
/// assert_eq!(nqueens::squares::name((7, 27)), "AB8");
/// ```
pub fn name((row, column): Square) -> String {
    format!("{}{}", file(column), row + 1)
}
