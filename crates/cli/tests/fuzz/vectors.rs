//! The fuzz tests' random numbers, and the scratch fixtures a path
//! argument is given.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014): tiny, and good enough to pick arguments.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

/// Paths: names in the scratch directory (see `Scratch::reset`) and devices.
pub const PATHS: [&str; 16] = [
    "out.txt",
    "estimate.json",
    "out.svg",
    "new.json",
    "old.txt",
    "link",
    "dir",
    "fifo",
    "missing/out.svg",
    "run",
    "plan.json",
    "results",
    "nope.json",
    "/dev/null",
    "/dev/full",
    "",
];
