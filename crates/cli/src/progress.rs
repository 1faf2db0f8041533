//! Progress bars on a terminal, nothing anywhere else.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens_kernel::Tally;
use nqueens_sched::Progress;

/// A bar over the subproblems of one count, drawn on stderr when it is a
/// terminal and hidden otherwise (pipes, files, CI logs).
pub struct Bar {
    bar: ProgressBar,
}

impl Bar {
    pub fn new(label: String) -> Bar {
        let bar = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} subproblems, eta {eta}",
                )
                .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        } else {
            ProgressBar::hidden()
        };
        bar.set_prefix(label);
        Bar { bar }
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

impl Progress for Bar {
    fn start(&self, subproblems: usize) {
        self.bar.set_length(subproblems as u64);
        self.bar.set_position(0);
        self.bar.reset_eta();
    }

    fn done(&self, _: u64, _: Tally) {
        self.bar.inc(1);
    }
}
