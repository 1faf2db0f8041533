//! What one piece of work found ([`Found`]) and what a run adds up
//! ([`Total`]): solutions and nodes for every kind of work, and for a kind
//! that classifies (the variants) the symmetries of each solution,
//! classified as it was found.

use nqueens_kernel::Tally;

/// What one piece of work found. Every kind fills `solutions` and
/// `nodes`; a kind whose pieces classify their solutions
/// ([`crate::UniqueBy::Classified`]: the variants) also the three
/// symmetry fields.
///
/// ```
/// use nqueens_sched::Found;
/// let f = Found::from(nqueens_kernel::Tally { solutions: 4, nodes: 30 });
/// assert_eq!((f.solutions, f.nodes, f.fundamental), (4, 30, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Found {
    /// Solutions (weighted, for the splits that count one of a mirror pair).
    pub solutions: u64,
    /// Nodes (queens placed).
    pub nodes: u64,
    /// Solutions a half turn leaves unchanged (classifying kinds only).
    pub fixed_180: u64,
    /// Solutions a quarter turn leaves unchanged (classifying kinds only).
    pub fixed_90: u64,
    /// Solutions that are the smallest of their orbit (classifying kinds only).
    pub fundamental: u64,
}

impl Found {
    /// Its fields in a fixed order, the first `width` of them: what a
    /// checkpoint or a shard result records (2 for a plain tally, 5 for a
    /// classified one, [`crate::Kind::width`]).
    ///
    /// ```
    /// use nqueens_sched::Found;
    /// let f = Found { solutions: 1, nodes: 2, fixed_180: 3, fixed_90: 4, fundamental: 5 };
    /// assert_eq!(f.fields(2), vec![1, 2]);
    /// assert_eq!(Found::from_fields(&f.fields(5)), Some(f));
    /// ```
    pub fn fields(&self, width: usize) -> Vec<u64> {
        let all = [
            self.solutions,
            self.nodes,
            self.fixed_180,
            self.fixed_90,
            self.fundamental,
        ];
        all[..width.min(all.len())].to_vec()
    }

    /// The inverse of [`Found::fields`]: 2 or 5 numbers, `None` otherwise.
    ///
    /// ```
    /// use nqueens_sched::Found;
    /// assert_eq!(Found::from_fields(&[7, 9]).unwrap().nodes, 9);
    /// assert_eq!(Found::from_fields(&[7]), None);
    /// ```
    pub fn from_fields(f: &[u64]) -> Option<Found> {
        match *f {
            [solutions, nodes] => Some(Found {
                solutions,
                nodes,
                ..Found::default()
            }),
            [solutions, nodes, fixed_180, fixed_90, fundamental] => Some(Found {
                solutions,
                nodes,
                fixed_180,
                fixed_90,
                fundamental,
            }),
            _ => None,
        }
    }
}

impl From<Tally> for Found {
    fn from(t: Tally) -> Found {
        Found {
            solutions: t.solutions,
            nodes: t.nodes,
            ..Found::default()
        }
    }
}

/// [`Found`] summed in `u128`: totals pass `u64` from n = 29 on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Total {
    /// Solutions.
    pub solutions: u128,
    /// Nodes (queens placed).
    pub nodes: u128,
    /// Solutions fixed by a half turn, as classified (classifying kinds only).
    pub fixed_180: u128,
    /// Solutions fixed by a quarter turn, as classified (classifying kinds only).
    pub fixed_90: u128,
    /// One solution per orbit, as classified (classifying kinds only).
    pub fundamental: u128,
    /// The part of `nodes` taken from recorded results (a checkpoint being
    /// resumed), not searched by this run.
    pub resumed_nodes: u128,
}

impl Total {
    /// Solutions and nodes alone.
    ///
    /// ```
    /// let t = nqueens_sched::Total::plain(92, 2056);
    /// assert_eq!((t.solutions, t.nodes, t.fixed_90), (92, 2056, 0));
    /// ```
    pub fn plain(solutions: u128, nodes: u128) -> Total {
        Total {
            solutions,
            nodes,
            ..Total::default()
        }
    }
}

impl From<Found> for Total {
    fn from(f: Found) -> Total {
        Total {
            solutions: f.solutions.into(),
            nodes: f.nodes.into(),
            fixed_180: f.fixed_180.into(),
            fixed_90: f.fixed_90.into(),
            fundamental: f.fundamental.into(),
            resumed_nodes: 0,
        }
    }
}

impl From<Tally> for Total {
    fn from(t: Tally) -> Total {
        Total::from(Found::from(t))
    }
}

impl std::ops::Add for Total {
    type Output = Total;
    fn add(self, o: Total) -> Total {
        Total {
            solutions: self.solutions + o.solutions,
            nodes: self.nodes + o.nodes,
            fixed_180: self.fixed_180 + o.fixed_180,
            fixed_90: self.fixed_90 + o.fixed_90,
            fundamental: self.fundamental + o.fundamental,
            resumed_nodes: self.resumed_nodes + o.resumed_nodes,
        }
    }
}

impl std::iter::Sum for Total {
    fn sum<I: Iterator<Item = Total>>(iter: I) -> Total {
        iter.fold(Total::default(), |a, b| a + b)
    }
}
