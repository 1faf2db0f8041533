//! The domination search itself: branching on the squares that cover the
//! first uncovered one, each candidate forbidden in the branches after its
//! own (see the module documentation of [`crate::dominate`]).

use super::set::Set;
use super::{Domination, Part};

impl Domination {
    /// The candidates allowed at the root of an existence search: the
    /// corner's row and diagonal, its column left to the transposition.
    pub(super) fn first_branching(&self) -> Set {
        let n = self.n;
        let row = (0..n).fold(Set::EMPTY, |m, c| m | Set::single(c));
        let diagonal = (0..n).fold(Set::EMPTY, |m, i| m | Set::single(i * n + i));
        row | diagonal
    }

    /// The squares whose `reach` holds every square of `open` (`open` not
    /// empty): the only single queens that can finish the search.
    pub(super) fn common(&self, mut open: Set) -> Set {
        let mut all = self.full;
        while !open.is_empty() && !all.is_empty() {
            all &= self.reach[open.first()];
            open ^= Set::single(open.first());
        }
        all
    }

    /// Whether `node` cannot be finished: too many uncovered squares for
    /// the queens left.
    pub(super) fn hopeless(&self, open: Set, left: u32) -> bool {
        left == 0 || open.count_ones() > self.widest * left
    }

    /// Depth-first search for a dominating set below `node`; `allowed`
    /// restricts the first branching (the symmetry), later ones take every
    /// candidate.
    pub(super) fn find_from(&self, node: Part, allowed: Set) -> Option<Set> {
        let open = self.full & !node.covered;
        if open.is_empty() {
            return Some(node.chosen);
        }
        if self.hopeless(open, node.left) {
            return None;
        }
        if node.left == 1 {
            let last = self.common(open) & !node.forbidden & allowed;
            return (!last.is_empty()).then(|| node.chosen | Set::single(last.first()));
        }
        let s = open.first();
        let mut candidates = self.reach[s] & !node.forbidden & allowed;
        let mut forbidden = node.forbidden;
        while !candidates.is_empty() {
            let q = Set::single(candidates.first());
            let child = Part {
                covered: node.covered | self.reach[q.first()],
                forbidden,
                chosen: node.chosen | q,
                left: node.left - 1,
            };
            if let Some(found) = self.find_from(child, self.full) {
                return Some(found);
            }
            forbidden |= q;
            candidates ^= q;
        }
        None
    }

    /// The children of `node` in search order, each forbidding the
    /// candidates before it.
    pub(super) fn children(&self, node: Part, mut each: impl FnMut(Part)) {
        let open = self.full & !node.covered;
        let s = open.first();
        let mut candidates = self.reach[s] & !node.forbidden;
        let mut forbidden = node.forbidden;
        while !candidates.is_empty() {
            let q = Set::single(candidates.first());
            each(Part {
                covered: node.covered | self.reach[q.first()],
                forbidden,
                chosen: node.chosen | q,
                left: node.left - 1,
            });
            forbidden |= q;
            candidates ^= q;
        }
    }

    /// Collects the nodes `depth` levels below `node` (leaves and dead ends
    /// on the way are kept as they are: they count themselves).
    pub(super) fn expand(&self, node: Part, depth: usize, out: &mut Vec<Part>) {
        let open = self.full & !node.covered;
        if depth == 0 || open.is_empty() || self.hopeless(open, node.left) {
            out.push(node);
            return;
        }
        self.children(node, |child| self.expand(child, depth - 1, out));
    }

    /// Counts the dominating sets below `node` (every one minimum when the
    /// root had γ queens), adding the nodes visited to `nodes`.
    pub(super) fn count_from(&self, node: Part, nodes: &mut u64) -> u64 {
        let open = self.full & !node.covered;
        if open.is_empty() {
            return 1;
        }
        if self.hopeless(open, node.left) {
            return 0;
        }
        if node.left == 1 {
            let last = self.common(open) & !node.forbidden;
            *nodes += u64::from(last.count_ones());
            return u64::from(last.count_ones());
        }
        let mut total = 0;
        self.children(node, |child| {
            *nodes += 1;
            total += self.count_from(child, nodes);
        });
        total
    }
}
