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

/// Stands in a vector for the byte 0xFF, which is no UTF-8: the argument
/// is passed as raw bytes (a file name need not be text).
pub const NOT_UTF8: char = '\u{f8ff}';

/// An argument as the bytes passed to the program ([`NOT_UTF8`] made 0xFF).
pub fn os_arg(a: &str) -> std::ffi::OsString {
    use std::os::unix::ffi::OsStringExt;
    let mut bytes = Vec::with_capacity(a.len());
    for c in a.chars() {
        if c == NOT_UTF8 {
            bytes.push(0xff);
        } else {
            bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    std::ffi::OsString::from_vec(bytes)
}

/// Paths: names in the scratch directory (see `Scratch::reset`), devices,
/// and a name that is no UTF-8.
pub const PATHS: [&str; 17] = [
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
    "bad\u{f8ff}\u{1b}[31m.out",
];
