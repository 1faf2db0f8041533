//! Command-line definitions (clap) and nothing else: values are checked in
//! `request`. The lists of names (solvers, solve methods, pieces) come from
//! the registries that own them, so `--help` and completions know them.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Parser, Subcommand, ValueEnum};
use nqueens::Method;
use nqueens::Piece;

// The formats belong to the exporter that writes them.
pub use crate::export::{
    BoardStyle, CountFormat, LevelsFormat, Orientation, PlacementFormat, SolutionFormat,
    SolveFormat, TableFormat,
};

/// Count n-queens solutions fast: totals, unique solutions, nodes, timings.
/// The exit codes, as `nqueens --help` and the man page's EXIT STATUS
/// section both say them (docs/usage.md has the details).
macro_rules! exit_codes {
    () => {
        "Exit codes: 0 done; 1 a count that disagrees with the published value, or a question with no answer (solve 3); 2 bad input or a refusal, one line on stderr; 130 interrupted (Ctrl-C, SIGTERM, SIGUSR1) after saving the work done (a checkpoint, a shard) or with nothing to save."
    };
}
pub(crate) use exit_codes;

#[derive(Debug, Parser)]
// Help is wrapped at the terminal's width, at most 100 columns; every
// example line fits in 80, so it never wraps on a common terminal and
// copies whole (tests/cli/cli.rs checks both).
#[command(
    name = "nqueens",
    about,
    propagate_version = true,
    max_term_width = 100
)]
// The commit names the build exactly (build.rs stamps it; "unknown" outside git).
#[command(version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("NQUEENS_COMMIT"), ")"))]
#[command(
    after_help = concat!("Every verb's help is nqueens VERB --help. 000 to 004 are the five source documents this project started from, which several verbs reproduce (docs/documents.md). Formats (--format): text, for reading, is the default wherever the output is a record or a table; a listing of placements defaults to the notation of its lines (vector, digits), named alike in every verb; json and csv are for programs (docs/formats.md).\n\n", exit_codes!(), "\n\nExamples:\n  nqueens count 12\n  nqueens count 16 --threads 2 --format json\n  nqueens table --from 1 --to 14 --format markdown")
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
    /// No progress lines in logs (stderr not a terminal)
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count all and unique solutions of one board.
    #[command(
        after_help = "Examples:\n  nqueens count 12\n  nqueens count 16 --threads 2 --depth 4\n  nqueens count 8 --solver classic --format json  # 2056 calls, 15720 iterations\n  nqueens count 13 --torus                        # 4524 modular solutions\n  nqueens count 8 --no-three-in-line              # 8 solutions, 1 unique\n\n--torus and --no-three-in-line run their own searches, one piece per first-row column (so --depth 1 only); they exclude each other and --solver, and checkpoint like any count. \"unique\" counts classes under the 8 symmetries of the square, which keep both rules."
    )]
    Count(CountArgs),
    /// Tabulate counts for a range of boards, checked against OEIS A000170 / A002562.
    #[command(
        after_help = "By default it reproduces Kraitchik's classical table, n = 1..12.\n\nExamples:\n  nqueens table\n  nqueens table --from 4 --to 15 --format markdown\n  nqueens table --to 14 --format csv > counts.csv"
    )]
    Table(TableArgs),
    /// Benchmark solvers against each other: seconds, nodes and speed-up per board size.
    #[command(
        after_help = "Every solver's count is checked against the others and OEIS; a disagreement fails the run. A warm-up run precedes the timed runs while they take under a second. The solvers, with what each does and the sizes it handles: nqueens solvers.\n\nExamples:\n  nqueens bench\n  nqueens bench --solvers pairs,parallel --to 15 --repeat 5 --out results\n  nqueens bench --solvers classic,columns,brute --to 11 --baseline classic\n  nqueens bench --solvers halves --command 'c=./plain {N}' --to 11\n  nqueens bench --command 'py=python3 queens.py {N}' --to 11 --format markdown"
    )]
    Bench(Box<BenchArgs>),
    /// Draw SVG charts of a recorded benchmark run (seconds and nodes against n).
    #[command(
        after_help = "Example:\n  nqueens plot results/2026-11-22-vm --out results/2026-11-22-vm/plot.svg"
    )]
    Plot(PlotArgs),
    /// List solutions in lexicographic order, streamed (all, fundamental, or from a position).
    #[command(
        after_help = "Examples:\n  nqueens solutions 8\n  nqueens solutions 8 --unique --format json\n  nqueens solutions 8 --prefix \"1 5\" --format board\n  nqueens solutions 14 --limit 3 --format algebraic\n  nqueens solutions 8 --format digits --count   # 004's list, its count first\n  nqueens solutions 5 --torus                    # the 10 modular solutions\n  nqueens solutions 8 --no-three-in-line --unique   # 3 5 8 4 1 7 2 6 (orbit 8)"
    )]
    Solutions(SolutionsArgs),
    /// Draw one board in the terminal, or as an SVG picture, and check it.
    #[command(
        after_help = "Examples:\n  nqueens show \"1 5 8 6 3 7 2 4\"\n  nqueens show \"1 5 8 6 3 7 2 4\" --svg queens.svg\n  nqueens show \"1 3 5 2 4\" --size 8   # 002's board: row 6 has no free square"
    )]
    Show(ShowArgs),
    /// Find one solution: any n up to 10^7 by construction or repair, smaller n by search.
    #[command(
        after_help = "Examples:\n  nqueens solve 8\n  nqueens solve 8 --reading columns   # 2 4 6 8 3 1 7 5, article 003's list\n  nqueens solve 1000000 --method min-conflicts --seed 1 --out million.txt\n  nqueens solve 30 --method heuristic --format json"
    )]
    Solve(SolveArgs),
    /// The most non-attacking kings, knights, bishops or rooks on an n x n board, and the ways to place them.
    #[command(after_help = pieces_help())]
    Pieces(PiecesArgs),
    /// The fewest queens that occupy or attack every square (domination), one such placement, and how many.
    #[command(
        after_help = "Exact search: iterative deepening from a counting bound, branching on the queens that cover the first uncovered square; checked against OEIS A075458 (minimum) and A002564 (--count).\n\nExamples:\n  nqueens dominate 8                    # 5 queens, drawn\n  nqueens dominate 8 --count            # ... and the 4860 minimum sets\n  nqueens dominate 12 --count --format json   # 6 queens, 8 ways"
    )]
    Dominate(DominateArgs),
    /// Q queens with no two attacking, using the fewest pawns to block their lines; one placement and how many.
    #[command(
        after_help = "A queen attacks along its row, column and diagonals up to the first piece, queen or pawn.\nWith Q = N + 1 the count is OEIS A103330 (8 x 8: 9 queens, 1 pawn, 128 placements).\nAt most ceil(N/2)^2 queens fit whatever the pawns (touching queens always attack); the measured limits are N <= 11 and Q <= N + 4.\n\nExamples:\n  nqueens pawns 8 --queens 9            # 1 pawn, drawn\n  nqueens pawns 8 --queens 9 --count    # ... and the 128 placements\n  nqueens pawns 10 --queens 12 --count --format json"
    )]
    Pawns(PawnsArgs),
    /// Cut a count into shards for a cluster: prints a versioned, hashed plan (JSON).
    #[command(
        after_help = "The plan names its kind of work: an ordinary count (--solver, --depth), a variant (--torus, --no-three-in-line), or a puzzle's count (--dominate, --pawns Q). Shards are numbered from 0, like a Slurm array; an ordinary count's plan of K shards has one more, K, for the symmetric solutions (--array=0-K). Up to 2^22 shards.\n\nExamples:\n  nqueens plan 19 --shards 64 > plan.json\n  nqueens plan 28 --shards 1000000 > plan.json\n  nqueens plan 16 --no-three-in-line --shards 8 > plan.json\n  nqueens plan 12 --dominate --shards 4 > plan.json\n  nqueens plan 8 --pawns 9 --shards 4 > plan.json"
    )]
    Plan(PlanArgs),
    /// Count one shard of a plan, or a range of them: idempotent, checkpointed, saves and exits on SIGTERM/SIGUSR1.
    #[command(
        after_help = "A plan of K shards has K + 1 ids: shard K counts the solutions fixed by the half and quarter turns. With --per-task 1000, array task 7 (--shard 7 or $SLURM_ARRAY_TASK_ID=7) runs shards 7000 to 7999.\n\nExamples:\n  nqueens run-shard --plan plan.json --shard 3 --out results/\n  nqueens run-shard --plan plan.json --shard 0-99 --out results/\n  nqueens run-shard --plan plan.json --shard 7 --per-task 1000 --out results/\n  sbatch --array=0-64 scripts/slurm/nqueens-shard.sbatch plan.json results/"
    )]
    RunShard(RunShardArgs),
    /// List the shards with no valid result in DIR, in Slurm array syntax (nothing when complete).
    #[command(
        after_help = "Examples:\n  nqueens missing --plan plan.json results/\n  nqueens missing --plan plan.json results/ --per-task 1000   # tasks to rerun\n  tasks=$(nqueens missing --plan plan.json results/)\n  sbatch --array=$tasks scripts/slurm/nqueens-shard.sbatch plan.json results/"
    )]
    Missing(MissingArgs),
    /// Check every shard's result against the plan and add them up (total, unique, nodes).
    #[command(
        after_help = "Examples:\n  nqueens merge --plan plan.json results/\n  nqueens merge --plan plan.json results/ --recount 10 --format json\n  nqueens merge --plan plan.json results/ --recount 2 --independent"
    )]
    Merge(MergeArgs),
    /// Predict a count, its unique count and its CPU time from a random sample of its subproblems, with 95 % intervals.
    #[command(
        after_help = "Each sampled subproblem is counted exactly by the default solver (halves); the totals are scaled up with a stratified estimator and its Student t interval (docs/estimate.md). A sample as large as the split is the exact count (design: exact). A sample with no spread bounds the total below only (total_high null). --seconds bounds the whole estimate, the exact symmetric searches included (cut short, the unique count is bounded by the total). Ctrl-C reports what was sampled at once (subproblems still counting are dropped), or exits 130 with one line if fewer than 2 were sampled or the sample was the exact count.\n\nExamples:\n  nqueens estimate 20 --samples 2000 --seed 1\n  nqueens estimate 27 --seconds 60 --cores 512 --format json"
    )]
    Estimate(EstimateArgs),
    /// A run's progress: shards done, running, missing and damaged; the partial count, the CPU spent and the ETA.
    #[command(
        after_help = "Examples:\n  nqueens status --plan plan.json results\n  nqueens status --plan plan.json results --estimate estimate.json --cores 1000\n  nqueens status --plan plan.json results --format json"
    )]
    Status(StatusArgs),
    /// Document 004's level lists: every placement of the first K columns' queens, in its order and notation.
    #[command(
        after_help = "Examples:\n  nqueens levels 8 --queens 2 --format python   # 004's 42 two-queen placements\n  nqueens levels 8 --queens 3 | wc -l           # 140\n  nqueens levels 8 --queens 2 --prefix 1        # 13 14 15 16 17 18\n\nThe size of every level: nqueens count N --solver levels"
    )]
    Levels(LevelsArgs),
    /// The sizes of the search spaces the source documents compare: (n^2)^n, A(n^2, n), C(n^2, n), n^n, n!.
    #[command(
        after_help = "Example:\n  nqueens space 8   # 281474976710656, 178462987637760, 4426165368, ..."
    )]
    Space(SpaceArgs),
    /// List the counting methods and what they do.
    #[command(after_help = "Examples:\n  nqueens solvers\n  nqueens solvers --format json")]
    Solvers(SolversArgs),
    /// Print the completion script for a shell to standard output.
    #[command(
        after_help = "Examples:\n  nqueens completions bash > ~/.local/share/bash-completion/completions/nqueens\n  nqueens completions zsh > ~/.zfunc/_nqueens   # with fpath+=(~/.zfunc)\n  nqueens completions fish > ~/.config/fish/completions/nqueens.fish"
    )]
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) to standard output: one page, nqueens(1), with a section for every verb.
    #[command(
        after_help = "Examples:\n  nqueens man > ~/.local/share/man/man1/nqueens.1\n  nqueens man | man -l -"
    )]
    Man,
}

/// The solvers' names, from the scheduler's registry.
fn solver_names() -> PossibleValuesParser {
    let names = nqueens::catalogue()
        .iter()
        .map(|s| PossibleValue::new(s.solver()).help(s.description()));
    PossibleValuesParser::new(names)
}

/// `bench --solvers`' help: the solvers it leaves out unless named, and
/// those it skips past their largest n, from the scheduler's registry.
/// The names are not listed (they are `nqueens solvers`' job), so the
/// help shows them once.
fn bench_solvers_help() -> String {
    let left_out: Vec<&str> = nqueens::catalogue()
        .iter()
        .filter(|s| !s.in_default_bench())
        .map(|s| s.solver())
        .collect();
    let limited: Vec<String> = nqueens::catalogue()
        .iter()
        .filter(|s| s.in_default_bench() && s.sizes().largest() < nqueens::MAX_N)
        .map(|s| format!("{} past n = {}", s.solver(), s.sizes().largest()))
        .collect();
    format!(
        "Solvers to compare, comma-separated; names and limits: nqueens solvers [default: all but {}, which check every placement or every set of squares (n^n, C(n^2, n)) and run only when named; any solver is skipped past its largest n: {}]",
        left_out.join(" and "),
        limited.join(", ")
    )
}

/// The solve methods' names, from the puzzles' registry.
fn method_names() -> PossibleValuesParser {
    let names = Method::ALL.iter().map(|m| {
        // A method that stops short of the largest board says where.
        let limit = if m.max_n() < nqueens::solve::MAX_N {
            format!(" (n up to {})", m.max_n())
        } else {
            String::new()
        };
        PossibleValue::new(m.name()).help(format!("{}{limit}", m.description()))
    });
    PossibleValuesParser::new(names)
}

/// The pieces' names, from the puzzles' registry.
fn piece_names() -> PossibleValuesParser {
    let names = Piece::ALL
        .iter()
        .map(|p| PossibleValue::new(p.name()).help(p.description()));
    PossibleValuesParser::new(names)
}

/// `pieces`' after_help: how it counts, each piece's limit (from the
/// kernel's own list), examples.
fn pieces_help() -> String {
    let limits: Vec<String> = Piece::ALL
        .iter()
        .map(|p| format!("{} {}", p.name(), p.max_n()))
        .collect();
    format!(
        "Counted by dynamic programming over rows, keeping for each state the most pieces and the ways to reach them; never by trying subsets.\n\
         Largest n: {}.\n\n\
         Examples:\n  \
         nqueens pieces kings 8                  # 16 kings in 281571 ways, one drawn\n  \
         nqueens pieces knights 8 --count-only   # 32 knights in 2 ways\n  \
         nqueens pieces bishops 12 --format json",
        limits.join(", ")
    )
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct CountArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N")]
    pub n: String,
    #[command(flatten)]
    pub run: RunArgs,
    /// Prefix depth of the split into subproblems [default: chosen from N and the threads].
    #[arg(long, value_name = "D")]
    pub depth: Option<String>,
    /// Counting method (see `nqueens solvers`) [default: the fastest, listed first there].
    #[arg(long, value_name = "NAME", value_parser = solver_names())]
    pub solver: Option<String>,
    /// Output format: text, the record for reading; json or csv for programs.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
    /// Record each finished subproblem in FILE and resume from it: run the same command again after an interruption.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The variants of the problem, shared by `count` and `solutions`.
#[derive(Debug, clap::Args)]
pub struct VariantArgs {
    /// Modular (toroidal) queens: both diagonals wrap around the edges (n up to 19; none unless gcd(n, 6) = 1).
    #[arg(long)]
    pub torus: bool,
    /// Only solutions with no three queens on one straight line of any slope (n up to 17).
    #[arg(long)]
    pub no_three_in_line: bool,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct TableArgs {
    /// First board size.
    #[arg(long, value_name = "A", default_value = "1")]
    pub from: String,
    /// Last board size.
    #[arg(long, value_name = "B", default_value = "12")]
    pub to: String,
    #[command(flatten)]
    pub run: RunArgs,
    /// Output format: text, an aligned table; markdown; csv; json, one object per line.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct BenchArgs {
    // The help is built from the registry (`bench_solvers_help`), so the
    // default it states is the one `request::bench` takes.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',', value_parser = solver_names(), hide_possible_values = true, help = bench_solvers_help())]
    pub solvers: Option<Vec<String>>,
    /// First board size.
    #[arg(long, value_name = "A", default_value = "8")]
    pub from: String,
    /// Last board size.
    #[arg(long, value_name = "B", default_value = "12")]
    pub to: String,
    /// Timed runs per solver and size, exactly (--repeat is the same) [default: as many as fill --target-seconds, from --min-runs to --max-runs].
    #[arg(long, visible_alias = "repeat", value_name = "R")]
    pub runs: Option<String>,
    /// Fewest timed runs per row without --runs [default: 3].
    #[arg(long, value_name = "R")]
    pub min_runs: Option<String>,
    /// Most timed runs per row without --runs [default: 1000].
    #[arg(long, value_name = "R")]
    pub max_runs: Option<String>,
    /// Seconds of timed runs to aim for per row without --runs, by the first run's time [default: 0.2].
    #[arg(long, value_name = "S")]
    pub target_seconds: Option<String>,
    /// Untimed runs before each row's timed runs [default: 1 while the previous size took under a second].
    #[arg(long, value_name = "W")]
    pub warmup: Option<String>,
    /// A shell command (sh -c) run before every run, warm-ups too; {N} is replaced by the size.
    #[arg(long, value_name = "CMD")]
    pub prepare: Option<String>,
    /// A shell command (sh -c) run after each row's runs; {N} is replaced by the size.
    #[arg(long, value_name = "CMD")]
    pub cleanup: Option<String>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Solver the others are compared with (speed-up = its mean / theirs); added if not listed.
    #[arg(long, value_name = "NAME", default_value = "mirror", value_parser = solver_names(), hide_possible_values = true)]
    pub baseline: String,
    /// Skip a solver at larger sizes once its median passes this many seconds (a program run past it is stopped).
    #[arg(long, value_name = "S", default_value = "60")]
    pub max_seconds: String,
    /// Output format of the summary on stdout: text, an aligned table; markdown; csv; json, one object per line.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
    // Not a doc comment: rustdoc would read <date> and <host> as HTML tags.
    #[arg(
        long,
        value_name = "DIR",
        help = "Record the run in DIR/<date>-<host>/: README.md, raw.csv, summary.md"
    )]
    pub out: Option<std::path::PathBuf>,
    /// A solver program to time too, 'NAME=PROGRAM ARGS {N}' (repeatable): run directly (no shell), with {N} (either case) replaced by the size.
    #[arg(long, value_name = "NAME=PROGRAM ARGS")]
    pub command: Vec<String>,
    /// Read a program's count from the last match of this regular expression's one capture group [default: the last whole number printed].
    #[arg(long, value_name = "REGEX")]
    pub count_pattern: Option<String>,
    /// Write the rows to FILE as JSON, as hyperfine's --export-json does (its keys and the rows' own).
    #[arg(long, value_name = "FILE")]
    pub export_json: Option<std::path::PathBuf>,
    /// Write the rows to FILE as a Markdown table, as hyperfine's --export-markdown does.
    #[arg(long, value_name = "FILE")]
    pub export_markdown: Option<std::path::PathBuf>,
    /// How the built-in solvers are timed: process (an `nqueens count` child, start-up included, as a --command is) or in-process (the count alone) [default: process with a --command, else in-process].
    #[arg(long, value_enum)]
    pub timing: Option<BenchTiming>,
}

/// `bench --timing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchTiming {
    Process,
    InProcess,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct SolutionsArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N")]
    pub n: String,
    /// Only fundamental solutions: the lexicographically smallest of each orbit under the 8 symmetries, with its orbit size.
    #[arg(long)]
    pub unique: bool,
    /// Only solutions whose first rows hold these 1-based columns, e.g. "1 5".
    #[arg(long, value_name = "\"c1 c2 ...\"", allow_hyphen_values = true)]
    pub prefix: Option<String>,
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    pub limit: Option<String>,
    /// How each solution is written: one line in a notation (vector, as `solve` writes it; algebraic; digits, as `levels` writes it), a drawn board, or a table (json, csv, markdown).
    #[arg(long, value_enum, default_value_t = SolutionFormat::Vector)]
    pub format: SolutionFormat,
    /// Also state how many solutions match (all of them, whatever --limit), as 000, 002 and 004 do: a first line, `92 solutions`, or in json a first record.
    #[arg(long)]
    pub count: bool,
    /// Number rows and columns from 0 (002's and 003's programs) or 1, in the drawings and in --prefix [default: 1].
    #[arg(long, value_name = "0|1")]
    pub base: Option<String>,
    /// How --format board turns the board: chess (row 1 at the bottom), rows (row 1 at the top), columns (the vector read column -> line).
    #[arg(long, value_enum, default_value_t = Orientation::Chess)]
    pub orientation: Orientation,
    /// Re-check every solution printed, and that none repeats; say so at the end (on stderr).
    #[arg(long)]
    pub verify: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The placement: 1-based columns, one per row, e.g. "1 5 8 6 3 7 2 4".
    #[arg(value_name = "\"c1 c2 ...\"", allow_hyphen_values = true)]
    pub columns: String,
    /// Also write an SVG picture of the board to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Draw with ASCII only, even on a Unicode terminal.
    #[arg(long)]
    pub ascii: bool,
    /// A partial board of N rows: fewer queens than rows, attacked squares marked, the first row left with no free square named.
    #[arg(long, value_name = "N")]
    pub size: Option<String>,
    /// Output format (text draws the board; json and csv give the placement and whether it is a solution).
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
    /// How the drawing turns the board: chess (row 1 at the bottom), rows (row 1 at the top), columns (the placement read column -> line, as 004 writes it) [default: chess; with --size, rows].
    #[arg(long, value_enum)]
    pub orientation: Option<Orientation>,
    /// The drawing's style: grid, or pipes as 004's afficher draws (1|R| | ...).
    #[arg(long, value_enum, default_value_t = BoardStyle::Grid)]
    pub style: BoardStyle,
    /// Number the drawing's rows and columns from 0 or 1 [default: 1]; the placement is still given 1-based.
    #[arg(long, value_name = "0|1")]
    pub base: Option<String>,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct LevelsArgs {
    /// Board size (1 to 64).
    #[arg(value_name = "N")]
    pub n: String,
    /// How many queens, one per column from column 1 (1 to N).
    #[arg(long, value_name = "K")]
    pub queens: String,
    /// Only placements whose first columns hold these 1-based lines, e.g. "1" or "7 5".
    #[arg(long, value_name = "\"r1 r2 ...\"", allow_hyphen_values = true)]
    pub prefix: Option<String>,
    /// How the placements are written: one line each in 004's notation (digits, as `solutions --format digits`), the whole level as 004's Python prints it, or a table (json, csv).
    #[arg(long, value_enum, default_value_t = LevelsFormat::Digits)]
    pub format: LevelsFormat,
    /// Also state how many placements the level holds: a first line (004's "Le nombre de solutions"), or in json a first record.
    #[arg(long)]
    pub count: bool,
    /// Number the lines from 0 or 1, in the output and in --prefix [default: 1].
    #[arg(long, value_name = "0|1")]
    pub base: Option<String>,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct SpaceArgs {
    /// Board size (1 to 10000).
    #[arg(value_name = "N")]
    pub n: String,
    /// Output format: text, an aligned table of name, size and formula; markdown; csv; json, one object per line.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
}

#[derive(Debug, clap::Args)]
pub struct SolversArgs {
    /// Output format: text, an aligned table; markdown; csv; json, one object per line.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct SolveArgs {
    /// Board size (1 to 10000000).
    #[arg(value_name = "N")]
    pub n: String,
    /// How to find the solution.
    #[arg(long, value_name = "METHOD", default_value = Method::Construct.name(), value_parser = method_names())]
    pub method: String,
    /// Seed of the random methods (min-conflicts, swap, random); the same seed gives the same solution.
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    /// Give up the random method after this many placements [default: 1000000].
    #[arg(long, value_name = "K")]
    pub max_attempts: Option<String>,
    /// Write the solution to FILE; the terminal gets a summary.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// How the solution is written: one line (vector, as `solutions` writes each), or json or csv with the method's numbers.
    #[arg(long, value_enum, default_value_t = SolveFormat::Vector)]
    pub format: SolveFormat,
    /// accessibility: the first queen's square, ROW,COL from 0 as the sheet writes it [default: 0,0].
    #[arg(long, value_name = "ROW,COL")]
    pub start: Option<String>,
    /// accessibility: run from every square (column by column) and list, as the sheet does, the runs that end in a solution.
    #[arg(long)]
    pub every_start: bool,
    /// accessibility: print the table of accessibilities first (squares a queen attacks, its own left out).
    #[arg(long)]
    pub table: bool,
    /// accessibility: keep a list of the free squares (the sheet's placerOptm) instead of scanning the board; the same runs, fewer squares examined.
    #[arg(long)]
    pub free_list: bool,
    /// How the placement is read: rows (the column of each row's queen) or columns (the row of each column's queen, as article 003 writes its lists).
    #[arg(long, value_enum, default_value_t = Reading::Rows)]
    pub reading: Reading,
    /// Number the written vector from 0 (002's and 003's programs) or 1 [default: 1].
    #[arg(long, value_name = "0|1")]
    pub base: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Reading {
    /// Entry r is the column of row r's queen (this tool's vectors).
    Rows,
    /// Entry c is the row of column c's queen (article 003's construction, document 004).
    Columns,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct PiecesArgs {
    /// The piece.
    #[arg(value_name = "PIECE", value_parser = piece_names())]
    pub piece: String,
    /// Board size (1 up to the piece's limit, listed below).
    #[arg(value_name = "N")]
    pub n: String,
    /// Only the numbers (the most pieces and the ways to place them): no placement rebuilt, drawn or listed.
    // `--count` was its name; kept, hidden, for scripts that use it.
    #[arg(long = "count-only", alias = "count")]
    pub count: bool,
    /// Output format (text draws the placement; json and csv list its squares).
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct PlanArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N")]
    pub n: String,
    /// Number of shards.
    #[arg(long, value_name = "K")]
    pub shards: String,
    /// Splitting solver [default: the default solver].
    #[arg(long, value_name = "NAME", value_parser = solver_names())]
    pub solver: Option<String>,
    /// Split depth [default: pairs and parallel: enough for 64 subproblems per shard; halves: n/2, its fastest cut, whose subproblems are fixed by n].
    #[arg(long, value_name = "D")]
    pub depth: Option<String>,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Count the minimum dominating sets of queens (as `dominate N --count`).
    #[arg(long, conflicts_with_all = ["solver", "depth", "torus", "no_three_in_line", "pawns"])]
    pub dominate: bool,
    /// Count the placements of Q queens with the fewest pawns (as `pawns N --queens Q --count`).
    #[arg(long, value_name = "Q", conflicts_with_all = ["solver", "depth", "torus", "no_three_in_line"])]
    pub pawns: Option<String>,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct RunShardArgs {
    /// The plan (from `nqueens plan`).
    #[arg(long, value_name = "plan.json")]
    pub plan: std::path::PathBuf,
    /// Shard id, or ids A-B run one after the other [default: $SLURM_ARRAY_TASK_ID].
    #[arg(long, value_name = "I|A-B")]
    pub shard: Option<String>,
    /// Shards per array task: task T runs shards T*P to T*P+P-1 (T from --shard or $SLURM_ARRAY_TASK_ID).
    #[arg(long, value_name = "P")]
    pub per_task: Option<String>,
    /// Directory of results (shard-I.json) and checkpoints (shard-I.ckpt).
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,
    /// Output format of the shard's record on stdout: text for reading; json or csv for programs.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
    #[command(flatten)]
    pub run: RunArgs,
}

/// A plan and the directory of its shards' results: what `missing`,
/// `merge` and `status` read.
#[derive(Debug, clap::Args)]
pub struct ResultsArgs {
    /// The plan.
    #[arg(long, value_name = "plan.json")]
    pub plan: std::path::PathBuf,
    /// Directory of results.
    #[arg(value_name = "DIR")]
    pub dir: std::path::PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct MissingArgs {
    #[command(flatten)]
    pub results: ResultsArgs,
    /// Output format (text: the ids in Slurm array syntax, nothing when none is missing).
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
    /// List the array tasks to rerun, for tasks of P shards each (`run-shard --per-task P`), not the shards.
    #[arg(long, value_name = "P")]
    pub per_task: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    #[command(flatten)]
    pub results: ResultsArgs,
    /// Output format: text, the record for reading; json or csv for programs.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
    /// Recount K randomly chosen shards here first and refuse the merge if any differs from its result.
    #[arg(long, value_name = "K")]
    pub recount: Option<String>,
    /// Seed of the choice of shards to recount [default: from the clock; always printed].
    #[arg(long, value_name = "S", requires = "recount")]
    pub seed: Option<String>,
    /// Recount every row set of the K shards by a depth-first search of its own, not by the halves join that counted it (halves plans; 75-160 times the join's CPU, about an hour a row set at n = 28).
    #[arg(long, requires = "recount")]
    pub independent: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, clap::Args)]
pub struct StatusArgs {
    #[command(flatten)]
    pub results: ResultsArgs,
    /// The JSON of `nqueens estimate` for the plan's board: the ETA then comes from its CPU estimate.
    #[arg(long, value_name = "FILE")]
    pub estimate: Option<std::path::PathBuf>,
    /// Cores the rest of the run will have, for the ETA [default: the shards running now].
    #[arg(long, value_name = "C")]
    pub cores: Option<String>,
    /// Output format: text, the record for reading; json or csv for programs.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct EstimateArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N")]
    pub n: String,
    /// Subproblems to sample (at least 2) [default: 1000].
    #[arg(long, value_name = "K", conflicts_with = "seconds")]
    pub samples: Option<String>,
    /// Take at most S seconds of wall time in all (the sample and the exact symmetric searches), instead of a fixed number.
    #[arg(long, value_name = "S")]
    pub seconds: Option<String>,
    /// Seed of the draw; the same seed and --samples draw the same subproblems [default: random, reported].
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Cores the whole count would run on, for the wall-time prediction (CPU time / cores) [default: the threads].
    #[arg(long, value_name = "C")]
    pub cores: Option<String>,
    /// Counting method: only the default, halves, is sampled.
    #[arg(long, value_name = "NAME", value_parser = solver_names())]
    pub solver: Option<String>,
    /// Sampling design: thinned (each sampled row set joined on about 4096 keys of its longer list, 1 in 16 whole), stratified (each counted whole) or descended (each joined along one random path of the join's cuts, its solutions and CPU both estimated) [default: thinned].
    #[arg(long, value_name = "DESIGN", value_parser = ["thinned", "stratified", "descended"])]
    pub design: Option<String>,
    /// Output format: text, the record for reading; json or csv for programs.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
}

#[derive(Debug, clap::Args)]
pub struct PlotArgs {
    /// A recorded run: the directory holding raw.csv.
    #[arg(value_name = "DIR")]
    pub dir: std::path::PathBuf,
    /// The SVG file to write [default: DIR/plot.svg].
    #[arg(long, value_name = "FILE.svg")]
    pub out: Option<std::path::PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Worker threads [default: the machine's available parallelism].
    #[arg(long, short = 'j', value_name = "T", allow_negative_numbers = true)]
    pub threads: Option<String>,
    /// Most memory the process may hold, e.g. 8G, 512M, 1.5GiB; a count that
    /// needs more stops with a message, keeping any checkpointed work
    /// [default: 3/4 of the memory available at start].
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub max_memory: Option<String>,
}

/// What `dominate` and `pawns` take after their board: each finds one
/// optimal placement, and with --count counts them all. What --count
/// counts and what --format writes is each verb's own help
/// (`placement_help`).
#[derive(Debug, clap::Args)]
pub struct PlacementArgs {
    #[arg(long)]
    pub count: bool,
    #[arg(long, value_enum, default_value_t = PlacementFormat::Text)]
    pub format: PlacementFormat,
    /// With --count: record each finished part of the count in FILE and resume from it (run the same command again after an interruption).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Gives `PlacementArgs`' --count and --format one verb's help (in place:
/// `mut_arg` would move them last in the completion scripts).
fn placement_help(count: &'static str, format: &'static str) -> impl FnMut(clap::Arg) -> clap::Arg {
    move |arg| match arg.get_id().as_str() {
        "count" => arg.help(count),
        "format" => arg.help(format),
        _ => arg,
    }
}

#[derive(Debug, clap::Args)]
#[command(
    allow_negative_numbers = true,
    mut_args(placement_help(
        "Also count the minimum dominating sets",
        "Output format: text (the record, then the board drawn), the squares on one line (the count on a second), one JSON object or a CSV row (n, queens, placement, count)",
    )),
)]
pub struct DominateArgs {
    /// Board size (1 to 13).
    #[arg(value_name = "N")]
    pub n: String,
    #[command(flatten)]
    pub placement: PlacementArgs,
}

#[derive(Debug, clap::Args)]
#[command(
    allow_negative_numbers = true,
    mut_args(placement_help(
        "Also count the placements with the fewest pawns",
        "Output format: text (the record, then the board drawn with Q and P), the squares on one line (the count on a second), one JSON object or a CSV row (n, queens, pawns, placement, pawns_placement, count)",
    )),
)]
pub struct PawnsArgs {
    /// Board size (1 to 11).
    #[arg(value_name = "N")]
    pub n: String,
    /// Number of queens (1 to N + 4, and at most ceil(N/2)^2).
    #[arg(long, value_name = "Q")]
    pub queens: String,
    #[command(flatten)]
    pub placement: PlacementArgs,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_definition_is_consistent() {
        super::Args::command().debug_assert();
    }
}
