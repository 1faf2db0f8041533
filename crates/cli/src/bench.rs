//! The old paths of the two helpers the cluster runner names
//! (`crate::bench::machine::host`, `crate::bench::os::own_cpu`), kept
//! until it moves into a crate of its own and names them where they live:
//! `nqueens::machine`. The benchmark harness is `nqueens-bench`.

pub mod machine {
    pub use nqueens::machine::host;
}

pub mod os {
    pub use nqueens::machine::own_cpu;
}
