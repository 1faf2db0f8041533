//! Command-line definitions (clap) and nothing else: values are checked in
//! `options`.

use clap::{Parser, Subcommand, ValueEnum};

/// Count n-queens solutions fast: totals, unique solutions, nodes, timings.
#[derive(Debug, Parser)]
#[command(name = "nqueens", version, about, propagate_version = true)]
#[command(
    after_help = "Examples:\n  nqueens count 12\n  nqueens count 16 --threads 2 --format json\n  nqueens table --from 1 --to 14 --format markdown"
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count all and unique solutions of one board.
    #[command(
        after_help = "Examples:\n  nqueens count 12\n  nqueens count 16 --threads 2 --depth 4\n  nqueens count 8 --solver classic --format json   # 92 solutions, 2056 calls, 15720 iterations"
    )]
    Count(CountArgs),
    /// Tabulate counts for a range of boards, checked against OEIS A000170 / A002562.
    #[command(
        after_help = "By default it reproduces Kraitchik's classical table, n = 1..12.\n\nExamples:\n  nqueens table\n  nqueens table --from 4 --to 15 --format markdown\n  nqueens table --to 14 --format csv > counts.csv"
    )]
    Table(TableArgs),
    /// Benchmark solvers against each other: seconds, nodes and speed-up per board size.
    #[command(
        after_help = "Every solver's count is checked against the others and OEIS; a disagreement fails the run.\nA warm-up run precedes the timed runs while they take under a second.\n\nExamples:\n  nqueens bench\n  nqueens bench --solvers pairs,parallel,bitmask --from 10 --to 15 --repeat 5 --out results\n  nqueens bench --solvers classic,columns,levels,brute --to 11 --baseline classic --format markdown"
    )]
    Bench(BenchArgs),
    /// Draw SVG charts of a recorded benchmark run (seconds and nodes against n).
    #[command(
        after_help = "Example:\n  nqueens plot results/2026-11-22-vm --out results/2026-11-22-vm/plot.svg"
    )]
    Plot(PlotArgs),
    /// List the counting methods and what they do.
    #[command(after_help = "Example:\n  nqueens solvers")]
    Solvers,
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
    #[arg(long, value_name = "NAME")]
    pub solver: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
    /// Record each finished subproblem in FILE and resume from it: run the same command again after an interruption.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
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
    /// Output format (json: one object per line).
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct BenchArgs {
    /// Solvers to compare, comma-separated [default: all that handle the sizes].
    #[arg(long, value_name = "A,B,...")]
    pub solvers: Option<String>,
    /// First board size.
    #[arg(long, value_name = "A", default_value = "8")]
    pub from: String,
    /// Last board size.
    #[arg(long, value_name = "B", default_value = "12")]
    pub to: String,
    /// Timed runs per solver and size (the median is reported).
    #[arg(long, value_name = "R", default_value = "3")]
    pub repeat: String,
    #[command(flatten)]
    pub run: RunArgs,
    /// Solver the others are compared with (speed-up = its median / theirs); added if not listed.
    #[arg(long, value_name = "NAME", default_value = "mirror")]
    pub baseline: String,
    /// Skip a solver at larger sizes once its median passes this many seconds.
    #[arg(long, value_name = "S", default_value = "60")]
    pub max_seconds: String,
    /// Output format of the summary on stdout (json: one object per line).
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
    /// Record the run in DIR/<date>-<host>/: README.md, raw.csv, summary.md.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CountFormat {
    Text,
    Json,
    Csv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Text,
    Markdown,
    Csv,
    Json,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_definition_is_consistent() {
        super::Args::command().debug_assert();
    }
}
