//! The splitting solvers' work: the subproblems of a kernel split, and
//! the choice of its depth (`split`).

pub(crate) mod split;
