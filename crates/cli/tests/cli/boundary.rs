//! The validation boundary: each bad input or unused option is refused
//! before any work, with exit code 2 and exactly one line on stderr that
//! names the limit applied (its owner's declaration) and quotes the value
//! as typed.

use crate::common::assert_usage_error;

/// Arguments, and the text the one error line must hold.
const CASES: &[(&[&str], &str)] = &[
    // Numbers quoted as typed, never as clamped or wrapped.
    (&["count", "18446744073709551616"], "n must be a whole number from 1 to 32 for solver halves, not 18446744073709551616"),
    (&["count", "-18446744073709551616"], "from 1 to 32 for solver halves, not -18446744073709551616"),
    (&["count", "0"], "from 1 to 32 for solver halves, not 0"),
    (&["count", "8x"], "from 1 to 32 for solver halves, not '8x'"),
    (&["table", "--to", "33"], "--to must be a whole number from 1 to 32"),
    // A solver's n range and depth range.
    (&["count", "15", "--solver", "levels"], "from 1 to 14 for solver levels, not 15"),
    (&["count", "12", "--solver", "brute"], "from 1 to 11 for solver brute, not 12"),
    (&["count", "8", "--depth", "8"], "--depth must be a whole number from 1 to 7 for solver halves on n = 8, not 8"),
    (&["count", "8", "--solver", "pairs", "--depth", "9"], "from 1 to 8 for solver pairs on n = 8, not 9"),
    (&["count", "8", "--solver", "parallel", "--depth", "0"], "from 1 to 8 for solver parallel on n = 8, not 0"),
    (&["plan", "8", "--shards", "2", "--depth", "8"], "from 1 to 7 for solver halves on n = 8, not 8"),
    // Options the chosen solver does not use.
    (&["count", "8", "--solver", "mirror", "--depth", "3", "--threads", "7"], "--depth does not apply: solver mirror does not split its work"),
    (&["count", "8", "--solver", "mirror", "--threads", "7"], "--threads 7 does not apply: solver mirror runs on one thread"),
    (&["count", "8", "--solver", "classic", "--max-memory", "1G"], "--max-memory does not apply: solver classic keeps no lists"),
    (&["count", "8", "--solver", "bitmask", "--checkpoint", "never-written.ckpt"], "--checkpoint does not apply: solver bitmask does not split its work"),
    // Threads: one check, one range.
    (&["count", "8", "--threads", "0"], "--threads must be a whole number from 1 to 1024, not 0"),
    (&["table", "--to", "4", "--threads", "0"], "from 1 to 1024, not 0"),
    (&["dominate", "6", "--count", "--threads", "0"], "from 1 to 1024, not 0"),
    (&["pawns", "6", "--queens", "6", "--count", "-j", "0"], "from 1 to 1024, not 0"),
    (&["bench", "--threads", "99999"], "from 1 to 1024, not 99999"),
    // A piece's n range.
    (&["pieces", "rooks", "33"], "n must be a whole number from 1 to 21 for rooks, not 33"),
    (&["pieces", "kings", "0"], "for kings, not 0"),
    // A variant's n range and depth.
    (&["count", "20", "--torus"], "from 1 to 19 for --torus"),
    (&["solutions", "18", "--no-three-in-line"], "from 1 to 17 for --no-three-in-line"),
    (&["count", "7", "--torus", "--depth", "2"], "--depth must be 1 for --torus: its search splits only by first-row column, not 2"),
    // A solve method's n range, and the options only some methods take.
    (&["solve", "15", "--method", "random"], "from 1 to 14 for the random method (its practical limit; for larger boards use construct, construct-mod6, min-conflicts"),
    (&["solve", "43", "--method", "heuristic"], "from 1 to 42 for the heuristic method"),
    (&["solve", "34", "--method", "backtrack"], "from 1 to 33 for the backtrack method"),
    (&["solve", "10000001"], "from 1 to 10000000 for the construct method, not 10000001"),
    (&["solve", "8", "--seed", "1"], "--seed applies to the methods that draw random numbers (min-conflicts, swap, random), not to construct"),
    (&["solve", "8", "--method", "min-conflicts", "--max-attempts", "5"], "--max-attempts applies to the methods that give up (random), not to min-conflicts"),
    (&["solve", "8", "--method", "random", "--seed", "18446744073709551616"], "--seed must be a whole number from 0 to 18446744073709551615, not 18446744073709551616"),
    // levels: one range for --queens, whichever end is crossed (0 was
    // let through to a second message naming 1..=8).
    (&["levels", "8", "--queens", "0"], "--queens must be a whole number from 1 to 8 on n = 8, not 0"),
    (&["levels", "8", "--queens", "9"], "--queens must be a whole number from 1 to 8 on n = 8, not 9"),
    // dominate and pawns: their limits, and the options only --count uses.
    (&["dominate", "14"], "from 1 to 13 for dominate"),
    (&["pawns", "12", "--queens", "3"], "from 1 to 11 for pawns"),
    (&["pawns", "8", "--queens", "13"], "--queens must be a whole number from 1 to 12 on 8 x 8 (the measured limit of n + 4"),
    (&["pawns", "3", "--queens", "5"], "from 1 to 4 on 3 x 3 (touching queens always attack"),
    (&["dominate", "8", "--threads", "2"], "--threads 2 does not apply: without --count"),
    (&["pawns", "8", "--queens", "9", "--max-memory", "1G"], "--max-memory does not apply: without --count"),
    (&["dominate", "8", "--checkpoint", "never-written.ckpt"], "it needs --count"),
    // Other verbs' numbers and unused options.
    (&["solutions", "8", "--limit", "0"], "--limit must be a whole number of at least 1, not 0"),
    (&["show", "2 4 1 3", "--ascii", "--format", "csv"], "--ascii does not apply"),
    (&["plan", "8", "--shards", "18446744073709551615", "--solver", "pairs"], "--shards must be a whole number from 1 to 4194304, not 18446744073709551615"),
    (&["run-shard", "--plan", "p.json", "--out", "d", "--shard", "-1"], "--shard must be a whole number from 0 to"),
    (&["bench", "--repeat", "0"], "--runs must be a whole number from 1 to 1000, not 0"),
    // Value lists from the registries.
    (&["count", "8", "--solver", "nope"], "[possible values: halves, pairs, parallel, mirror"),
    (&["solve", "8", "--method", "guess"], "[possible values: construct, construct-mod6, min-conflicts"),
    (&["pieces", "queens", "8"], "[possible values: kings, knights, bishops, rooks]"),
    // The source documents' verbs: options their output cannot honour.
    (&["solve", "5", "--method", "accessibility", "--every-start", "--out", "x"], "--out takes one solution; --every-start and --table print the sheet's listing"),
    (&["solve", "5", "--method", "accessibility", "--table", "--format", "csv"], "--table with --format csv: the table's rows and the runs are two kinds of row"),
    (&["show", "1 3", "--size", "8", "--svg", "x.svg"], "--svg does not apply with --size"),
    (&["show", "1 3", "--size", "8", "--ascii", "--format", "json"], "--ascii does not apply"),
    // A partial board is not drawn as a chessboard: refused, not ignored.
    (&["show", "1 3", "--size", "8", "--orientation", "chess"], "--orientation chess does not apply with --size"),
    (&["show", "1 5 8 6 3 7 2 4", "--style", "graphique", "--base", "0"], "--style graphique draws no numbers"),
    (&["space", "10001"], "from 1 to 10000 for exact search-space sizes, not 10001"),
];

#[test]
fn every_bad_input_is_one_line_naming_its_limit() {
    for (args, needle) in CASES {
        assert_usage_error(args, needle);
    }
}

#[test]
fn help_lists_the_registries_names() {
    let help = crate::common::stdout(&["count", "--help"]);
    for solver in ["halves", "pairs", "mirror", "levels"] {
        assert!(help.contains(solver), "{help}");
    }
    let help = crate::common::stdout(&["solve", "--help"]);
    assert!(
        help.contains("min-conflicts") && help.contains("backtrack"),
        "{help}"
    );
}
