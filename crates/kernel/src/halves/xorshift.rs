//! Pseudo-random words for the tests and the probe: reproducible from a
//! seed, with no dependency.

/// Marsaglia's xorshift64 from `state` (not 0): one word a call.
pub(super) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
