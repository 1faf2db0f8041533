//! The outside programs of a bench run (`--command`): each timed as a whole
//! process, its count checked against OEIS and the built-in solvers. A
//! program that fails (no count, a wrong count, a crash, a non-zero exit,
//! a hang past `--max-seconds`) gets its row with a note, one error line at
//! the end of the run, and no runs at larger sizes; the other solvers and
//! the rows already written go on untouched.

use std::collections::HashMap;
use std::time::Duration;

use anyhow::Result;
use nqueens_kernel::oeis;

use nqueens::verify::Check;

use crate::command::{self, Command};
use crate::machine;
use crate::process::{self, Failure, Finished};
use crate::record::RunDir;
use crate::request::Request;
use crate::row::{Row, Timing};
use crate::runs::{self, Sample};
use crate::show::Show;
use crate::stats;

/// What is known of a program from the sizes before.
enum Past {
    /// The median of its last size, seconds.
    Median(f64),
    /// Why it runs no more.
    Dropped(String),
}

/// The programs' state across sizes, and their errors.
pub(crate) struct Programs {
    past: HashMap<String, Past>,
    /// Counts that disagree with OEIS or the built-in solvers.
    wrong: Vec<String>,
    /// Crashes, non-zero exits, hangs, missing counts.
    failed: Vec<String>,
}

/// How a program's run went wrong, for the row and the error line.
enum Trouble {
    Failed(String),
    Wrong(String, Check),
    /// Not the program's fault (raw.csv could not be written, --prepare
    /// failed): ends the run.
    Fatal(anyhow::Error),
}

impl Programs {
    pub fn new() -> Programs {
        Programs {
            past: HashMap::new(),
            wrong: Vec::new(),
            failed: Vec::new(),
        }
    }

    /// Times `command` at size `n`: warm-ups, the runs `opts.runs` plans,
    /// each appended to raw.csv as it ends. `baseline` is the baseline
    /// solver's mean and standard deviation at this size; `agreed` the
    /// first built-in count and its solver.
    pub fn bench(
        &mut self,
        command: &Command,
        n: usize,
        (baseline, agreed): (Option<stats::Spread>, Option<(u128, &str)>),
        opts: &Request,
        mut out: Option<&mut RunDir>,
        show: &mut dyn Show,
    ) -> Result<Row> {
        let mut row = Row::new(n, command.name.clone(), Timing::Process, 1);
        let previous = match self.past.get(&command.name) {
            Some(Past::Dropped(why)) => {
                row.note = Some(format!("skipped: {why}"));
                show.skipped(opts.runs.planned() as u64);
                return Ok(row);
            }
            Some(&Past::Median(p)) if p > opts.max_seconds => {
                row.note = Some(format!(
                    "skipped: the previous size took {p:.1} s, over --max-seconds {}",
                    opts.max_seconds
                ));
                show.skipped(opts.runs.planned() as u64);
                return Ok(row);
            }
            Some(&Past::Median(p)) => Some(p),
            None => None,
        };
        let argv = command.argv(n);
        row.command = shell_words::join(&argv);
        let limit = Duration::from_secs_f64(opts.max_seconds);
        let runs = &opts.runs;
        let mut planned = runs.planned();
        let trouble = (|| {
            for _ in 0..runs.warmups(previous) {
                runs::prepare(runs, n, opts).map_err(Trouble::Fatal)?;
                let warm = process::run_bounded(&argv, limit, &opts.stop).map_err(fault)?;
                read_count(&warm, opts)?;
            }
            let mut run = 1;
            while run <= planned {
                runs::prepare(runs, n, opts).map_err(Trouble::Fatal)?;
                let done = process::run_bounded(&argv, limit, &opts.stop).map_err(fault)?;
                let count = read_count(&done, opts)?;
                let sample = Sample::of(&done);
                if let Some(dir) = out.as_deref_mut() {
                    dir.raw(&format!(
                        "{n},{},1,{run},{:.6},{count},,,{:.6},{},{},{}",
                        command.name,
                        sample.seconds,
                        sample.user + sample.system,
                        done.usage.max_rss_kib,
                        machine::cores().columns(),
                        Timing::Process.name()
                    ))
                    .map_err(Trouble::Fatal)?;
                }
                row.push(&sample);
                show.ran();
                if row.total.is_some_and(|c| c != count) {
                    return Err(Trouble::Failed(format!(
                        "printed {count} at run {run} and {} at an earlier run",
                        row.total.unwrap_or_default()
                    )));
                }
                row.total = Some(count);
                if run == 1 {
                    planned = runs::more(runs, sample.seconds, planned, show);
                }
                run += 1;
            }
            runs::cleanup(runs, n, opts).map_err(Trouble::Fatal)?;
            checked(n, row.total.unwrap_or_default(), agreed)
        })();
        let shown = argv.join(" ");
        match trouble {
            Ok(check) => {
                row.check = check;
                let m = row.median().unwrap_or_default();
                row.speedup = baseline
                    .zip(row.mean())
                    .and_then(|(b, this)| stats::speedup(b, this));
                self.past.insert(command.name.clone(), Past::Median(m));
            }
            Err(t) => {
                let (why, list) = match t {
                    Trouble::Fatal(e) => return Err(e),
                    Trouble::Failed(why) => (why, &mut self.failed),
                    Trouble::Wrong(why, check) => {
                        row.check = check;
                        (why, &mut self.wrong)
                    }
                };
                show.skipped(planned.saturating_sub(row.seconds.len()) as u64);
                list.push(format!(
                    "command '{}' ({shown}) at n = {n} {why}",
                    command.name
                ));
                row.note = Some(format!("failed: {why}"));
                self.past.insert(
                    command.name.clone(),
                    Past::Dropped(format!("failed at n = {n}")),
                );
            }
        }
        Ok(row)
    }

    /// The errors: wrong counts, then the other failures.
    pub fn failures(self) -> (Vec<String>, Vec<String>) {
        (self.wrong, self.failed)
    }
}

/// The README's lines on the programs: each command, and how it is timed.
pub(crate) fn describe(s: &mut String, opts: &Request) {
    use std::fmt::Write as _;
    for c in &opts.commands {
        let _ = writeln!(
            s,
            "- program `{}`: `{}`",
            c.name,
            shell_words::join(&c.words)
        );
    }
    if opts.commands.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "- programs are run directly (no shell), {{n}} replaced by the size; seconds are wall time from spawn to exit, cpu_seconds user + system of the program (wait4), max_rss_kib its peak resident memory as Linux counts it (never below this bench process's own peak, which Linux charges to a child up to its exec); the count is {}; a run past --max-seconds {} is killed with its process group",
        match &opts.count_pattern {
            Some(re) => format!("the last match of `{re}`"),
            None => "the last whole number it prints".to_string(),
        },
        opts.max_seconds
    );
}

fn fault(f: Failure) -> Trouble {
    match f {
        Failure::Interrupted => Trouble::Fatal(crate::stop::interrupted_error()),
        f => Trouble::Failed(f.to_string()),
    }
}

fn read_count(done: &Finished, opts: &Request) -> Result<u128, Trouble> {
    command::count_in(&done.stdout, opts.count_pattern.as_ref()).ok_or_else(|| {
        Trouble::Failed(match &opts.count_pattern {
            Some(re) => format!("printed nothing that matches --count-pattern '{re}'"),
            None => "printed no whole number to read as its count".to_string(),
        })
    })
}

/// A program's count against OEIS A000170, else against the built-in
/// solvers' count at the same size.
fn checked(n: usize, count: u128, agreed: Option<(u128, &str)>) -> Result<Check, Trouble> {
    match (oeis::known(n), agreed) {
        (Some((total, unique)), _) if total != count => Err(Trouble::Wrong(
            format!("printed {count}; the known count is {total} (OEIS A000170)"),
            Check::Mismatch { total, unique },
        )),
        (Some(_), _) => Ok(Check::Match),
        (None, Some((total, name))) if total != count => Err(Trouble::Wrong(
            format!("printed {count}; {name} counted {total}"),
            Check::Unknown,
        )),
        (None, _) => Ok(Check::Unknown),
    }
}
