//! The results a checkpoint holds, kept compact: one flat vector of
//! `1 + width` numbers a record (the subproblem's index, then its fields,
//! [`Total::numbers`]), sorted by index and searched by halving.
//!
//! A hash map of [`Total`] took about 100 bytes a record with its spare
//! buckets; this takes 24 for a plain count (width 2), 48 for a
//! classified one. A whole n = 25 count records 16.9 million subproblems:
//! 0.4 GB here, where the map alone would have held 1.6 GB.

use nqueens_sched::Total;

/// Records sorted by subproblem index (after [`Recorded::sort`]).
#[derive(Debug, Default)]
pub(crate) struct Recorded {
    width: usize,
    flat: Vec<u64>,
}

impl Recorded {
    /// An empty table of records of `width` fields (2 or 5).
    pub(crate) fn new(width: usize) -> Recorded {
        Recorded {
            width,
            flat: Vec::new(),
        }
    }

    fn stride(&self) -> usize {
        1 + self.width
    }

    /// Records held.
    pub(crate) fn len(&self) -> usize {
        self.flat.len() / self.stride()
    }

    /// Adds one record, in any order: [`Recorded::sort`] comes after the
    /// last.
    pub(crate) fn push(&mut self, index: u64, found: Total) {
        self.flat.push(index);
        self.flat.extend(found.numbers(self.width));
    }

    /// Sorts the records by index and drops repeats of a record; a
    /// subproblem recorded twice with different counts is refused with
    /// its index. The vector is then cut to its length.
    pub(crate) fn sort(&mut self) -> Result<(), u64> {
        match self.stride() {
            3 => sort_rows::<3>(&mut self.flat),
            6 => sort_rows::<6>(&mut self.flat),
            s => unreachable!("a record holds 2 or 5 fields, not {}", s - 1),
        }
        let s = self.stride();
        let mut kept = 0;
        for i in 0..self.len() {
            let row = i * s;
            if kept > 0 && self.flat[(kept - 1) * s] == self.flat[row] {
                if self.flat[(kept - 1) * s..kept * s] != self.flat[row..row + s] {
                    return Err(self.flat[row]);
                }
                continue;
            }
            self.flat.copy_within(row..row + s, kept * s);
            kept += 1;
        }
        self.flat.truncate(kept * s);
        self.flat.shrink_to_fit();
        Ok(())
    }

    /// What subproblem `index` found, if recorded.
    pub(crate) fn get(&self, index: u64) -> Option<Total> {
        let s = self.stride();
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let at = self.flat[mid * s];
            if at == index {
                return Total::from_numbers(&self.flat[mid * s + 1..(mid + 1) * s]);
            }
            if at < index {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        None
    }
}

impl Recorded {
    /// Every record, in index order (after [`Recorded::sort`]).
    pub(crate) fn records(&self) -> impl Iterator<Item = (u64, Total)> + '_ {
        self.flat.chunks_exact(self.stride()).filter_map(|row| {
            let (&index, numbers) = row.split_first()?;
            Some((index, Total::from_numbers(numbers)?))
        })
    }
}

/// Sorts `flat`, rows of `S` numbers, by each row's first number, in place.
fn sort_rows<const S: usize>(flat: &mut [u64]) {
    let (rows, rest) = flat.as_chunks_mut::<S>();
    debug_assert!(rest.is_empty());
    rows.sort_unstable_by_key(|r| r[0]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(i: u64, width: usize) -> Total {
        Total::from_numbers(&(0..width as u64).map(|f| i * 10 + f).collect::<Vec<_>>()).unwrap()
    }

    /// Records pushed out of order, with repeats, are found by index at
    /// both widths; absent indices are not; the table holds each once.
    #[test]
    fn records_are_found_by_index_in_any_order() {
        for width in [2, 5] {
            let mut r = Recorded::new(width);
            let indices: Vec<u64> = (0..500u64)
                .map(|i| (i * 7919) % 1000)
                .filter(|i| i % 3 != 0)
                .collect();
            for &i in indices.iter().chain(&indices[..50]) {
                r.push(i, found(i, width));
            }
            assert_eq!(r.sort(), Ok(()));
            let mut unique = indices.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(r.len(), unique.len());
            for i in 0..1000 {
                let expected = unique.binary_search(&i).is_ok().then(|| found(i, width));
                assert_eq!(r.get(i), expected, "index {i}, width {width}");
            }
        }
    }

    /// A subproblem recorded twice with different counts is refused with
    /// its index; an empty table finds nothing.
    #[test]
    fn a_repeat_with_other_counts_is_refused() {
        let mut r = Recorded::new(2);
        assert_eq!(r.sort(), Ok(()));
        assert_eq!(r.get(0), None);
        r.push(4, found(4, 2));
        r.push(9, found(9, 2));
        r.push(4, found(5, 2));
        assert_eq!(r.sort(), Err(4));
    }
}
