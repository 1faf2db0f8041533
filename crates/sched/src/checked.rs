//! A count checked once, where it is asked for: the kind of work, the
//! board and the options that [`Kind::check`] accepted, as one value the
//! scheduler's entry points take without checking again.

use std::sync::Arc;

use nqueens_kernel::Board;

use crate::{Error, Kind, Layout, Options, Threads};

/// A count the scheduler can run: a kind of work, a board within the
/// kind's [`Kind::sizes`] and options whose depth is one of its
/// [`Kind::depths`]. It is made only by [`Checked::of`] (or [`Checked::new`]), the one call of
/// [`Kind::check`], so [`crate::count_task`], [`crate::count_parts`] and
/// [`crate::threads_started`] take it as it is; a front end makes it
/// where it reads the request (the command line, a Python call, a plan or
/// a checkpoint it trusts no more than typed input).
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_sched::{solvers, Checked, Options};
/// let levels = solvers::by_name("levels").unwrap();
/// let board = Board::new(15).unwrap();
/// let e = Checked::of(levels.clone(), board, Options::sequential()).unwrap_err();
/// assert_eq!(e.to_string(), "n must be a whole number from 1 to 14 for solver levels, not 15");
/// let count = Checked::of(levels.clone(), Board::new(8).unwrap(), Options::sequential()).unwrap();
/// assert_eq!(count.board().n(), 8);
/// ```
pub struct Checked<K: ?Sized = dyn Kind> {
    task: Arc<K>,
    board: Board,
    opts: Options,
}

impl<K: ?Sized> Clone for Checked<K> {
    fn clone(&self) -> Checked<K> {
        Checked {
            task: Arc::clone(&self.task),
            board: self.board,
            opts: self.opts,
        }
    }
}

impl<K: Kind + ?Sized> std::fmt::Debug for Checked<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checked")
            .field("work", &self.task.work())
            .field("solver", &self.task.solver())
            .field("board", &self.board)
            .field("opts", &self.opts)
            .finish()
    }
}

impl<K: Kind> Checked<K> {
    /// `task` on `board` under `opts`, or the refusal of a board past the
    /// kind's sizes or a depth it does not take ([`Kind::check`]).
    pub fn new(task: K, board: Board, opts: Options) -> Result<Checked<K>, Error> {
        Checked::of(Arc::new(task), board, opts)
    }
}

impl<K: Kind + ?Sized> Checked<K> {
    /// [`Checked::new`] for a kind already shared: a solver of the table,
    /// a kind the catalogue hands out (`Checked<dyn Kind>`, the default).
    pub fn of(task: Arc<K>, board: Board, opts: Options) -> Result<Checked<K>, Error> {
        task.check(board, &opts)?;
        Ok(Checked { task, board, opts })
    }

    /// The kind of work.
    pub fn task(&self) -> &K {
        &self.task
    }

    /// The kind of work, shared (to check another board against it).
    pub fn shared(&self) -> &Arc<K> {
        &self.task
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The options (threads, depth, memory).
    pub fn opts(&self) -> &Options {
        &self.opts
    }

    /// The same count with `memory` bytes of working memory: the check
    /// does not read the memory, so the count stays checked.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{solvers, Checked, Options};
    /// let task = solvers::default().clone();
    /// let count = Checked::of(task, Board::new(8).unwrap(), Options::sequential()).unwrap();
    /// assert_eq!(count.with_memory(Some(1 << 20)).opts().memory, Some(1 << 20));
    /// ```
    pub fn with_memory(&self, memory: Option<u64>) -> Checked<K> {
        Checked {
            opts: Options {
                memory,
                ..self.opts
            },
            ..self.clone()
        }
    }

    /// The same count split at `depth`, or its refusal: the depth checked
    /// against [`Kind::depths`] (the half of [`Kind::check`] the board
    /// does not need again), for a front end that reads the board first
    /// and the depth after it.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{solvers, Checked, Options};
    /// let pairs = solvers::by_name("pairs").unwrap().clone();
    /// let count = Checked::of(pairs, Board::new(7).unwrap(), Options::sequential()).unwrap();
    /// assert_eq!(count.with_depth(2).unwrap().opts().depth, Some(2));
    /// assert_eq!(count.with_depth(8).unwrap_err().to_string(),
    ///     "--depth must be a whole number from 1 to 7 for solver pairs on n = 7, not 8");
    /// ```
    pub fn with_depth(&self, depth: usize) -> Result<Checked<K>, Error> {
        self.task.depths(self.board)?.check("--depth", depth)?;
        let opts = Options {
            depth: Some(depth),
            ..self.opts
        };
        Ok(Checked {
            opts,
            ..self.clone()
        })
    }

    /// The same count with its split depth made explicit, and the layout
    /// of that split: the depth asked for, or the one the kind chooses
    /// for these options (what a checkpoint's header records). A kind
    /// that does not split is returned as it is, with no layout.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{solvers, Checked, Options};
    /// let pairs = solvers::by_name("pairs").unwrap().clone();
    /// let count = Checked::of(pairs, Board::new(7).unwrap(), Options::sequential()).unwrap();
    /// let (count, layout) = count.pinned().unwrap();
    /// // One thread: the scheduler's own depth is 1.
    /// assert_eq!((count.opts().depth, layout.unwrap().depth), (Some(1), 1));
    /// ```
    pub fn pinned(&self) -> Result<(Checked<K>, Option<Layout>), Error> {
        let Some(layout) = self.task.layout(self.board, &self.opts)? else {
            return Ok((self.clone(), None));
        };
        // The kind's own depth for this board: one of its depths.
        let opts = Options {
            depth: Some(layout.depth),
            ..self.opts
        };
        Ok((
            Checked {
                opts,
                ..self.clone()
            },
            Some(layout),
        ))
    }

    /// The same board and options for `task`, checked against it by
    /// [`Checked::new`] (a pawns count, its queens read after the board
    /// that limits them, made of the board checked with a placeholder
    /// queen count). Always checked: a kind may refuse more than its
    /// [`Kind::sizes`], and the check is a comparison.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{solvers, Checked, Kind, Options};
    /// let board = Board::new(20).unwrap();
    /// let count = Checked::of(solvers::default().clone(), board, Options::sequential()).unwrap();
    /// // Another solver with the same sizes: the board passes again.
    /// let pairs = count.with_task(solvers::by_name("pairs").unwrap().clone()).unwrap();
    /// assert_eq!((pairs.task().solver(), pairs.board().n()), ("pairs", 20));
    /// // One with other sizes: refused by them.
    /// let e = count.with_task(solvers::by_name("levels").unwrap().clone()).unwrap_err();
    /// assert_eq!(e.to_string(), "n must be a whole number from 1 to 14 for solver levels, not 20");
    /// ```
    pub fn with_task(&self, task: Arc<K>) -> Result<Checked<K>, Error> {
        Checked::of(task, self.board, self.opts)
    }

    /// The same count on `threads` threads: a [`Threads`] is valid by its
    /// type, and the check does not read it.
    pub fn with_threads(&self, threads: Threads) -> Checked<K> {
        Checked {
            opts: Options {
                threads,
                ..self.opts
            },
            ..self.clone()
        }
    }
}
