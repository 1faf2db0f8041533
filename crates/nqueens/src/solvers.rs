//! The counting methods, as records: what `nqueens solvers` prints and
//! Python's `solvers()` returns, one list of keys for both.

use nqueens_kernel::Board;
use nqueens_sched::{solvers, Fields};

/// One record a solver, the default first: `name`, `min_n`, `max_n`,
/// `default`, `threads` (whether it uses more than one), `splits`
/// (whether it cuts its work into parts: a checkpoint, a shard),
/// `budgeted` (whether a memory budget caps it), `description`.
///
/// ```
/// use nqueens::Value;
/// let all = nqueens::solvers();
/// assert_eq!(all[0][0], ("name", Value::Text("halves".into())));
/// assert_eq!(all[0][3], ("default", Value::Bool(true)));
/// ```
pub fn solvers() -> Vec<Fields> {
    let probe = Board::new(8).expect("8 is a board");
    solvers::all()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            vec![
                ("name", s.solver().into()),
                ("min_n", 1usize.into()),
                ("max_n", s.sizes().largest().into()),
                // The registry lists the default first.
                ("default", (i == 0).into()),
                ("threads", s.uses_threads().into()),
                ("splits", s.depths(probe).is_ok().into()),
                ("budgeted", s.budgeted().into()),
                ("description", s.description().into()),
            ]
        })
        .collect()
}
