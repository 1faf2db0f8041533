//! The AVX-512 join's blocks: AVX2's choice (see
//! [`super::super::avx2::block`]), the sliced ones in slices of 512
//! keys (see [`super::sliced`]).

use super::super::avx2::block::{live, quads, to_slice_by};
use super::sliced::sliced_live_any;
use super::sliced::slices;

/// Below this many pairs a block is counted without cutting: four times
/// AVX2's (524288 pairs), for a pair counted in a 512-key slice costs
/// less than cutting the lists to smaller blocks. User CPU of count 18
/// on one thread, interleaved pairs: twice AVX2's 0.940 of AVX2's,
/// four times 0.975 of twice, eight times 1.026 of four times.
pub(in crate::halves::join) const BLOCK: usize = 4 * super::super::avx2::block::BLOCK;

/// The pairs of a block: sliced on the live bits once the shorter list
/// is long enough (see [`to_slice_by`]), else four keys of the shorter
/// list against eight of the longer at a time.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(in crate::halves::join) fn block(x: &[u32], y: &[u32]) -> u64 {
    // As AVX2's, with a 512-key slice (see [`slices`]) costing about
    // twice as much to build and a third more a key to look up.
    let cost = |t: usize, l: usize| {
        let (wide, narrow) = slices(t);
        t.div_ceil(32) * 116 + wide * (600 + 44 * l) + narrow * (300 + 33 * l)
    };
    match to_slice_by(x, y, cost) {
        Some((looked_up, transposed)) => sliced_live_any(looked_up, transposed, live(x, y)),
        None => quads(x, y),
    }
}
