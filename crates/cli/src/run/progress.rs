//! Progress bars on a terminal; elsewhere (a Slurm or nohup log, a pipe)
//! one plain line now and then, every [`LOG_EVERY`] (`--quiet`: none).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens::{Total, Watch};

/// How often a long run without a terminal writes where it stands: often
/// enough that a log shows a run is alive, rarely enough that a week-long
/// count writes ten thousand lines, not millions. `NQUEENS_PROGRESS_SECONDS`
/// sets another interval (tests, impatient logs).
pub const LOG_EVERY: Duration = Duration::from_secs(60);

/// Set by `--quiet`: no progress line in a log.
static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: long runs without a terminal write no progress lines.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// The plain lines of a bar with no terminal: when it last wrote one.
struct Log {
    every: Duration,
    start: Instant,
    last: Mutex<Instant>,
}

impl Log {
    /// A log of the progress unless `--quiet` was given.
    fn new() -> Option<Log> {
        if QUIET.load(Ordering::Relaxed) {
            return None;
        }
        let every = std::env::var("NQUEENS_PROGRESS_SECONDS")
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .map_or(LOG_EVERY, Duration::from_secs_f64);
        let now = Instant::now();
        Some(Log {
            every,
            start: now,
            last: Mutex::new(now),
        })
    }
}

/// A progress bar (over subproblems, or benchmark runs), drawn on stderr
/// when it is a terminal; otherwise (pipes, files, Slurm and CI logs) a
/// line on stderr every [`LOG_EVERY`] while the work goes on.
pub struct Bar {
    bar: ProgressBar,
    visible: bool,
    /// The plain lines, when there is no terminal.
    log: Option<Log>,
    /// What it counts: subproblems, runs.
    unit: String,
    /// Estimated work per subproblem, from the index of the first one the
    /// work holds; empty until the scheduler sends them (then the bar
    /// counts work, not pieces).
    weights: Mutex<(u64, Vec<u64>)>,
}

impl Bar {
    /// A bar over the subproblems of a count.
    pub fn new(label: String) -> Bar {
        Bar::with_unit(label, "subproblems", 0)
    }

    /// A bar over the timed runs of a benchmark.
    pub fn runs(len: u64) -> Bar {
        Bar::with_unit(String::new(), "runs", len)
    }

    fn with_unit(label: String, unit: &str, len: u64) -> Bar {
        let target = std::io::stderr()
            .is_terminal()
            .then(ProgressDrawTarget::stderr);
        Bar::drawn_on(label, unit, len, target)
    }

    /// A bar drawn on `target`, hidden when there is none. A count's bar
    /// (`len` 0) draws no percentage until the scheduler says how much work
    /// there is: a length of 0 reads 100 %, and the split and the
    /// symmetric searches come before the pieces (until 2026-11-25 the bar
    /// showed 100 % there, then started again at 0 %).
    fn drawn_on(label: String, unit: &str, len: u64, target: Option<ProgressDrawTarget>) -> Bar {
        let bar = match target {
            Some(target) => {
                let bar = ProgressBar::with_draw_target((len > 0).then_some(len), target);
                bar.set_style(style(unit, len > 0));
                bar.enable_steady_tick(Duration::from_millis(200));
                bar
            }
            None => ProgressBar::hidden(),
        };
        bar.set_prefix(label);
        let visible = !bar.is_hidden();
        Bar {
            bar,
            visible,
            log: (!visible).then(Log::new).flatten(),
            unit: unit.to_string(),
            weights: Mutex::new((0, Vec::new())),
        }
    }

    /// The work is known: the bar with its percentage from now on.
    fn measured(&self, len: u64) {
        if self.visible {
            self.bar.set_style(style(&self.unit, true));
        }
        self.bar.set_length(len);
    }

    /// Piece `index` is off the remaining work.
    fn step(&self, index: u64) {
        let w = self.weights.lock().map_or(1, |w| {
            let (first, w) = &*w;
            index
                .checked_sub(*first)
                .and_then(|i| usize::try_from(i).ok())
                .and_then(|i| w.get(i))
                .copied()
                .unwrap_or(1)
        });
        self.bar.inc(w);
        self.log_line();
    }

    /// The line of a log, if it is time for one: the label, the share of
    /// the work done and the time so far.
    fn log_line(&self) {
        let Some(log) = &self.log else { return };
        let now = Instant::now();
        match log.last.lock() {
            Ok(mut last) if now.duration_since(*last) >= log.every => *last = now,
            _ => return,
        }
        let (done, all) = (self.bar.position(), self.bar.length().unwrap_or(0));
        let share = if all > 0 {
            format!("{:.1} % of {}", 100.0 * done as f64 / all as f64, self.unit)
        } else {
            format!("{done} {}", self.unit)
        };
        let label = self.bar.prefix();
        let label = if label.is_empty() {
            String::new()
        } else {
            format!("{label}: ")
        };
        let took = now.duration_since(log.start).as_secs();
        let line = format!(
            "nqueens: {label}{share} done, {}h {:02}m {:02}s",
            took / 3600,
            took / 60 % 60,
            took % 60
        );
        let _ = writeln!(std::io::stderr(), "{}", nqueens::visible::visible(&line));
    }

    /// One more unit done.
    pub fn advance(&self) {
        self.bar.inc(1);
        self.log_line();
    }

    /// Units added to the work (a bench row that asks for more runs).
    pub fn grow(&self, units: u64) {
        self.bar.inc_length(units);
    }

    /// Units that will not run (a skipped solver): off the remaining work.
    pub fn skip(&self, units: u64) {
        self.bar.inc(units);
    }

    /// Runs `f` with the bar cleared, so lines written meanwhile stay clean.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    pub fn relabel(&self, label: String) {
        self.bar.set_prefix(label);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Watch for Bar {
    fn start(&self, pieces: usize) {
        if let Ok(mut w) = self.weights.lock() {
            w.1.clear();
        }
        self.measured(pieces as u64);
        self.bar.set_position(0);
        self.bar.reset_eta();
    }

    fn wants_weights(&self) -> bool {
        self.visible || self.log.is_some()
    }

    fn weights(&self, first: u64, weights: &[u64]) {
        self.measured(weights.iter().sum());
        if let Ok(mut w) = self.weights.lock() {
            *w = (first, weights.to_vec());
        }
    }

    fn done(&self, index: u64, _: Total) {
        // A hidden bar with no log is not worth a lock per piece.
        if self.visible || self.log.is_some() {
            self.step(index);
        }
    }

    fn passed(&self, index: u64) {
        self.step(index);
    }
}

/// The bar's look: with its percentage once the work is `known`, a
/// spinner before.
fn style(unit: &str, known: bool) -> ProgressStyle {
    let template = if known {
        format!("{{prefix}} [{{elapsed_precise}}] {{wide_bar}} {{percent}}% of {unit}, eta {{eta}}")
    } else {
        format!("{{prefix}} [{{elapsed_precise}}] {{spinner}} {unit} not known yet (splitting, symmetric searches)")
    };
    ProgressStyle::with_template(&template).expect("a valid template")
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use indicatif::{ProgressDrawTarget, TermLike};
    use nqueens::Watch;

    use super::Bar;

    /// A terminal that keeps what is drawn on it.
    #[derive(Clone, Debug, Default)]
    struct Screen(Arc<Mutex<Vec<String>>>);

    impl Screen {
        fn take(&self) -> Vec<String> {
            std::mem::take(&mut *self.0.lock().unwrap())
        }
    }

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push(s.to_string());
            Ok(())
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.write_line(s)
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn no_percentage_before_the_work_is_known() {
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        let bar = Bar::drawn_on("count 12".into(), "subproblems", 0, Some(target));
        // Drawn on demand: a steady tick makes `tick` do nothing.
        bar.bar.disable_steady_tick();
        bar.bar.tick();
        let before = screen.take().concat();
        assert!(
            before.contains("subproblems not known yet") && !before.contains('%'),
            "{before}"
        );
        bar.start(4);
        bar.passed(0);
        bar.bar.tick();
        let after = screen.take().concat();
        assert!(after.contains("25% of subproblems"), "{after}");
        bar.finish();
        // A bar over known runs has its percentage from the start.
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        let runs = Bar::drawn_on(String::new(), "runs", 8, Some(target));
        runs.bar.disable_steady_tick();
        runs.bar.tick();
        assert!(screen.take().concat().contains("0% of runs"));
        runs.finish();
    }
}
