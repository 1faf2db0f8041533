//! Progress bars on a terminal, nothing anywhere else.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens_sched::{Found, Watch};

/// A progress bar (over subproblems, or benchmark runs), drawn on stderr
/// when it is a terminal and hidden otherwise (pipes, files, CI logs).
pub struct Bar {
    bar: ProgressBar,
    visible: bool,
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
        let bar = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
            let template = format!(
                "{{prefix}} [{{elapsed_precise}}] {{wide_bar}} {{percent}}% of {unit}, eta {{eta}}"
            );
            bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        } else {
            ProgressBar::hidden()
        };
        bar.set_prefix(label);
        let visible = !bar.is_hidden();
        Bar {
            bar,
            visible,
            weights: Mutex::new((0, Vec::new())),
        }
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
    }

    /// One more unit done.
    pub fn advance(&self) {
        self.bar.inc(1);
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
        self.bar.set_length(pieces as u64);
        self.bar.set_position(0);
        self.bar.reset_eta();
    }

    fn wants_weights(&self) -> bool {
        self.visible
    }

    fn weights(&self, first: u64, weights: &[u64]) {
        self.bar.set_length(weights.iter().sum());
        if let Ok(mut w) = self.weights.lock() {
            *w = (first, weights.to_vec());
        }
    }

    fn done(&self, index: u64, _: Found) {
        // A hidden bar is not worth a lock per piece.
        if self.visible {
            self.step(index);
        }
    }

    fn passed(&self, index: u64) {
        self.step(index);
    }
}
