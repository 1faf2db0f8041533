//! What an outside, hostile test found (issue P15), one test per class of
//! defect rather than per example: every case of the class the code has
//! (every format, every limit, every name echoed back) is tried.

mod common;

use common::nqueens;

/// Every format of `space` at the sizes whose cells are wider than
/// `format!` can pad (65,535 characters): no panic, whole output.
#[test]
fn space_prints_every_format_at_its_largest_sizes() {
    for n in ["8400", "10000"] {
        for format in ["text", "markdown", "csv", "json"] {
            let out = nqueens()
                .args(["space", n, "--format", format])
                .assert()
                .success()
                .get_output()
                .clone();
            assert!(out.stderr.is_empty(), "space {n} --format {format}");
            let text = String::from_utf8(out.stdout).unwrap();
            // Five spaces, the largest (n^2)^n of n = 10000 with 80,000 digits.
            assert!(text.len() > 80_000, "space {n} --format {format}");
            assert!(text.contains("permutations"), "space {n} --format {format}");
        }
    }
}
