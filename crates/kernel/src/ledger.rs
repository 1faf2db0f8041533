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

    /// [`Ledger::room`], growing the capacity to at most `most` elements
    /// (or just what is asked, if that is more): for a buffer whose size
    /// a count plans, so that doubling takes no room the others need.
    #[inline(always)]
    pub(crate) fn room_within<T>(
        &mut self,
        v: &mut Vec<T>,
        extra: usize,
        most: usize,
    ) -> Result<(), OverCap> {
        if v.capacity() - v.len() >= extra {
            return Ok(());
        }
        self.grow_within(v, extra, most)
    }

    /// Makes `v` at least `len` elements long, dropping what it holds: for
    /// a buffer whose every slot is written before it is read. Grown, it
    /// is allocated anew and zeroed by the allocator (fresh pages need no
    /// writing: growing and filling the buffer was 2.5 % of the
    /// instructions at the n = 22 shard), to twice its old capacity if
    /// that is more and fits the cap (as [`Ledger::room`] grows).
    pub(crate) fn zeroed<T: Clone + Default>(
        &mut self,
        v: &mut Vec<T>,
        len: usize,
    ) -> Result<(), OverCap> {
        if v.len() >= len {
            return Ok(());
        }
        let size = std::mem::size_of::<T>().max(1);
        let old = v.capacity();
        self.release(v);
        let fits = |n: usize| {
            n.checked_mul(size)
                .and_then(|b| b.checked_add(self.held))
                .is_some_and(|b| b <= self.cap)
        };
        let doubled = len.max(old.saturating_mul(2));
        let target = [doubled, len]
            .into_iter()
            .find(|&n| fits(n))
            .ok_or(OverCap)?;
        *v = vec![T::default(); target];
        self.held += v.capacity() * size;
        Ok(())
    }

    /// Gives back what `v` holds past its length.
    pub(crate) fn shrink<T>(&mut self, v: &mut Vec<T>) {
        let old = v.capacity();
        v.shrink_to_fit();
        self.held -= (old - v.capacity()) * std::mem::size_of::<T>().max(1);
    }

    /// Gives back what `v` holds past `most` elements (and past its
    /// length): a buffer kept from one use to the next, trimmed to the
    /// room its next use has, keeps its pages (a buffer given back and
    /// grown again is faulted in anew, page by page).
    pub(crate) fn shrink_to<T>(&mut self, v: &mut Vec<T>, most: usize) {
        let old = v.capacity();
        v.shrink_to(most);
        self.held -= (old - v.capacity()) * std::mem::size_of::<T>().max(1);
    }

    /// Gives back all that `v` holds.
    pub(crate) fn release<T>(&mut self, v: &mut Vec<T>) {
        self.held -= v.capacity() * std::mem::size_of::<T>().max(1);
        *v = Vec::new();
    }

    /// Doubles the capacity (or more, if asked), or, when doubling would
    /// pass the cap, grows it by what is asked and half of the room left
    /// past that: a buffer that keeps growing near the cap is moved a few
    /// times, not once for each request. (Grown just enough, a side listed
    /// near the cap at n = 28 was moved by `mremap` for each upper
    /// placement's keys, gigabytes each time: both sampling threads spent
    /// minutes in the kernel.)
    #[cold]
    #[inline(never)]
    fn grow<T>(&mut self, v: &mut Vec<T>, extra: usize) -> Result<(), OverCap> {
        self.grow_within(v, extra, usize::MAX)
    }

    /// [`Ledger::grow`], doubling to at most `most` elements.
    #[cold]
    #[inline(never)]
    fn grow_within<T>(&mut self, v: &mut Vec<T>, extra: usize, most: usize) -> Result<(), OverCap> {
        let size = std::mem::size_of::<T>().max(1);
        let old = v.capacity();
        let need = v.len().checked_add(extra).ok_or(OverCap)?;
        // The largest capacity the cap allows.
        let largest = old.saturating_add(self.cap.saturating_sub(self.held) / size);
        if need > largest {
            return Err(OverCap);
        }
        let doubled = need.max(old.saturating_mul(2).max(64).min(most));
        let target = if doubled <= largest {
            doubled
        } else {
            (need + (largest - need) / 2).min(most.max(need))
        };
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
        // Doubling from 64 keys: 512 bytes, then 1024 would pass the cap
        // (at most 125 keys fit), so the second growth takes what it is
        // asked for (84) and half of the rest past it: 104 keys.
        ledger.room(&mut a, 10).unwrap();
        assert_eq!((a.capacity(), ledger.held), (64, 512));
        a.resize(64, 0);
        ledger.room(&mut a, 20).unwrap();
        assert_eq!((a.capacity(), ledger.held), (104, 832));
        // 832 + 4 * 42 = 1000 fits exactly; one more does not.
        assert!(ledger.room(&mut b, 43).is_err());
        assert_eq!((b.capacity(), ledger.held), (0, 832));
        ledger.room(&mut b, 42).unwrap();
        assert_eq!(ledger.held, 1000);
        assert_eq!(ledger.held, 8 * a.capacity() + 4 * b.capacity());
        // Room already there costs nothing, whatever the cap.
        b.resize(30, 0);
        ledger.room(&mut b, 12).unwrap();
        assert!(ledger.room(&mut b, 13).is_err());
        assert!(ledger.room(&mut a, usize::MAX).is_err());
        // Growth within a bound doubles up to it, or takes what is asked.
        ledger.cap = usize::MAX;
        ledger.release(&mut a);
        assert_eq!((a.capacity(), ledger.held), (0, 4 * b.capacity()));
        ledger.room_within(&mut a, 100, 150).unwrap();
        a.resize(100, 0);
        ledger.room_within(&mut a, 10, 150).unwrap();
        assert_eq!(a.capacity(), 150);
        a.resize(150, 0);
        ledger.room_within(&mut a, 60, 150).unwrap();
        assert_eq!(a.capacity(), 210);
        assert_eq!(ledger.held, 8 * a.capacity() + 4 * b.capacity());
    }

    /// A buffer that grows a little at a time near the cap is moved a few
    /// times (half of the room left each time), not once a request.
    #[test]
    fn growth_near_the_cap_moves_the_buffer_a_few_times() {
        let mut ledger = Ledger {
            held: 0,
            cap: 8 * 100_000,
        };
        let mut a: Vec<u64> = Vec::new();
        let mut moves = 0;
        for len in 1..=99_990 {
            let before = a.capacity();
            ledger.room(&mut a, 1).unwrap();
            moves += usize::from(a.capacity() != before);
            a.resize(len, 0);
        }
        // 11 doublings to 65,536 keys, then about log2 of the rest.
        assert!(moves <= 30, "{moves} moves");
        assert_eq!(ledger.held, 8 * a.capacity());
        assert!(ledger.held <= ledger.cap);
    }

    #[test]
    fn a_zeroed_buffer_doubles_its_capacity_within_the_cap() {
        let mut ledger = Ledger { held: 0, cap: 1000 };
        let mut a: Vec<u64> = vec![7; 3];
        // Long enough already: kept as it is, unaccounted as it was.
        ledger.zeroed(&mut a, 3).unwrap();
        assert_eq!((a, ledger.held), (vec![7; 3], 0));
        let mut a: Vec<u64> = Vec::new();
        ledger.zeroed(&mut a, 40).unwrap();
        assert_eq!((a.len(), ledger.held), (40, 320));
        a[5] = 9;
        // Twice the old capacity fits (80 keys, 640 bytes): all zero.
        ledger.zeroed(&mut a, 50).unwrap();
        assert_eq!((a.len(), ledger.held), (80, 640));
        assert!(a.iter().all(|&k| k == 0));
        // 200 keys would pass the cap; 120 (960 bytes) is taken as asked.
        ledger.zeroed(&mut a, 120).unwrap();
        assert_eq!((a.len(), ledger.held), (120, 960));
        assert!(ledger.zeroed(&mut a, 126).is_err());
        assert_eq!(ledger.held, 8 * a.capacity());
    }
}
