//! Working memory under a cap: the buffers of a count grow through one
//! [`Ledger`], which knows what they hold and refuses to pass the cap.

/// Proof that a buffer would have grown past its cap.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OverCap;

/// The bytes a scratch's buffers hold, against the cap of the count in
/// progress: every buffer grows through [`Ledger::room`], so `held` is
/// the sum of their capacities and never passes `cap`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ledger {
    pub(crate) held: usize,
    pub(crate) cap: usize,
}

impl Ledger {
    /// Makes room in `v` for `extra` more elements past its length.
    #[inline(always)]
    pub(crate) fn room<T>(&mut self, v: &mut Vec<T>, extra: usize) -> Result<(), OverCap> {
        if v.capacity() - v.len() >= extra {
            return Ok(());
        }
        self.grow(v, extra)
    }

    /// Doubles the capacity (or more, if asked), or grows it just enough
    /// when doubling would pass the cap.
    #[cold]
    #[inline(never)]
    fn grow<T>(&mut self, v: &mut Vec<T>, extra: usize) -> Result<(), OverCap> {
        let size = std::mem::size_of::<T>().max(1);
        let old = v.capacity();
        let need = v.len().checked_add(extra).ok_or(OverCap)?;
        let fits = |capacity: usize| {
            (capacity - old)
                .checked_mul(size)
                .and_then(|b| b.checked_add(self.held))
                .is_some_and(|b| b <= self.cap)
        };
        let doubled = need.max(old.saturating_mul(2)).max(64);
        let target = [doubled, need]
            .into_iter()
            .find(|&c| fits(c))
            .ok_or(OverCap)?;
        v.reserve_exact(target - v.len());
        self.held += (v.capacity() - old) * size;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_stops_at_the_cap_and_held_is_the_sum_of_capacities() {
        let mut ledger = Ledger { held: 0, cap: 1000 };
        let (mut a, mut b): (Vec<u64>, Vec<u32>) = (Vec::new(), Vec::new());
        // Doubling from 64 keys: 512 bytes, then 1024 would pass the cap,
        // so the second growth takes just what it is asked for.
        ledger.room(&mut a, 10).unwrap();
        assert_eq!((a.capacity(), ledger.held), (64, 512));
        a.resize(64, 0);
        ledger.room(&mut a, 20).unwrap();
        assert_eq!((a.capacity(), ledger.held), (84, 672));
        // 672 + 4 * 82 = 1000 fits exactly; one more does not.
        assert!(ledger.room(&mut b, 83).is_err());
        assert_eq!((b.capacity(), ledger.held), (0, 672));
        ledger.room(&mut b, 82).unwrap();
        assert_eq!(ledger.held, 1000);
        assert_eq!(ledger.held, 8 * a.capacity() + 4 * b.capacity());
        // Room already there costs nothing, whatever the cap.
        b.resize(50, 0);
        ledger.room(&mut b, 32).unwrap();
        assert!(ledger.room(&mut b, 33).is_err());
        assert!(ledger.room(&mut a, usize::MAX).is_err());
    }
}
