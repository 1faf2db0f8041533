//! The join for AVX-512 (F, VL, BW, VPOPCNTDQ, with AVX2, popcnt, BMI1
//! and BMI2): the recursive join of [`super`] compiled with those
//! features, its blocks ([`block`]: sliced in slices of 512 keys, see
//! [`sliced`]), the cut of 64-bit keys eight at a time ([`cut`]), the
//! keys made 32 bits sixteen at a time, sorted into classes or in order
//! ([`classes`]), and AVX2's cut of 32-bit keys.

pub(super) mod block;
pub(super) mod classes;
pub(super) mod cut;
pub(super) mod sliced;

recursive_join!(cut::partition, classes::sort, classes::keys, super::avx2::cut::cut, super::avx2::cut::keep_without, super::avx2::node_bit_counts, block::block, block::BLOCK, #[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]);
