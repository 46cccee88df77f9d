//! What propagation leaves open: cycles settled by Kruijswijk's
//! guess-and-check, or else by the backup rule, and the strongly connected
//! components that find them.

use super::graph::Node;
use super::resolver::Resolver;

/// How many guesses [`Resolver::settle`] may make on one cycle before it
/// gives up looking for a single consistent resolution and applies the
/// backup rule (keeps adversarial order sets polynomial).
const GUESS_BUDGET: u32 = 4096;

/// A saved copy of the resolver's decisions, to undo a guess.
type Snapshot = (Vec<bool>, Vec<bool>, Vec<bool>, Vec<bool>);

impl Resolver<'_> {
    fn snapshot(&self) -> Snapshot {
        (self.decided.clone(), self.result.clone(), self.lo.clone(), self.hi.clone())
    }

    fn restore(&mut self, s: Snapshot) {
        (self.decided, self.result, self.lo, self.hi) = s;
    }

    /// Settles what propagation cannot. The undecided nodes are cycles with
    /// two consistent resolutions or none (circular movement, paradoxes) or
    /// one that only guessing finds, and what hangs on them. Takes a cycle
    /// that hangs on no other undecided node and guesses (Kruijswijk's
    /// guess-and-check): if exactly one consistent resolution exists it
    /// stands; otherwise the backup rule decides: a cycle with a convoy is a
    /// paradox and its convoys fail (Szykman), one without is circular
    /// movement and its moves succeed. Then propagates, until all is decided.
    pub(super) fn settle(&mut self) {
        let n = self.ctx.nodes.len();
        loop {
            let undecided: Vec<usize> = (0..n).filter(|&i| !self.decided[i]).collect();
            if undecided.is_empty() {
                return;
            }
            let mut edges = vec![Vec::new(); n];
            for &i in &undecided {
                edges[i] = self.reads_of[i].iter().copied().filter(|&x| !self.decided[x]).collect();
            }
            let comp = strongly_connected(&edges);
            let leaks = |c: usize| undecided.iter().any(|&i| comp[i] == c && edges[i].iter().any(|&x| comp[x] != c));
            let bottom = undecided.iter().map(|&i| comp[i]).find(|&c| !leaks(c)).unwrap_or(comp[undecided[0]]);
            let members: Vec<usize> = undecided.iter().copied().filter(|&i| comp[i] == bottom).collect();
            self.budget = GUESS_BUDGET;
            let mut solution = None;
            let count = self.search(&members, &mut solution);
            tracing::trace!(cycle = ?members.iter().map(|&d| self.describe(d)).collect::<Vec<_>>(), count, "guess-and-check");
            match solution {
                Some(s) if count == 1 => {
                    self.restore(s);
                    let queue = members.iter().flat_map(|&m| self.readers[m].clone()).collect();
                    self.propagate(queue);
                }
                _ => self.backup_rule(&members),
            }
        }
    }

    /// Counts the consistent resolutions of the undecided `members` (0, 1,
    /// or 2 meaning "more than one"), keeping the first one found.
    fn search(&mut self, members: &[usize], solution: &mut Option<Snapshot>) -> u32 {
        let Some(&x) = members.iter().find(|&&m| !self.decided[m]) else {
            // Everything guessed or derived: each member's own evaluation must agree.
            for &m in members {
                let (l, h) = self.bounds(m);
                if l && !self.result[m] || !h && self.result[m] {
                    return 0;
                }
            }
            if solution.is_none() {
                *solution = Some(self.snapshot());
            }
            return 1;
        };
        let mut count = 0;
        for value in [false, true] {
            if self.budget == 0 {
                return 2;
            }
            self.budget -= 1;
            let saved = self.snapshot();
            self.decide(x, value);
            self.conflict = false;
            let queue = self.readers[x].clone();
            self.propagate(queue);
            if !self.conflict {
                count += self.search(members, solution);
            }
            self.restore(saved);
            if count >= 2 {
                return 2;
            }
        }
        count
    }

    /// No single consistent resolution: convoys in the cycle fail, or, with
    /// no convoy in it, its moves succeed.
    fn backup_rule(&mut self, members: &[usize]) {
        let has_convoy = members.iter().any(|&d| matches!(self.ctx.nodes[d], Node::Convoy { .. }));
        tracing::trace!(cycle = ?members.iter().map(|&d| self.describe(d)).collect::<Vec<_>>(), has_convoy, "backup rule");
        let mut queue = Vec::new();
        for &d in members {
            let settle = if has_convoy {
                matches!(self.ctx.nodes[d], Node::Convoy { .. }).then_some(false)
            } else {
                self.ctx.is_move(d).then_some(true)
            };
            if let Some(v) = settle {
                self.decide(d, v);
                self.forced[d] = true;
                queue.extend(self.readers[d].iter().copied());
            }
        }
        if queue.is_empty() && !members.iter().any(|&d| self.forced[d]) {
            // Cannot happen (a cycle holds a move or a convoy); make progress anyway.
            self.decide(members[0], false);
            self.forced[members[0]] = true;
            queue.extend(self.readers[members[0]].iter().copied());
        }
        self.propagate(queue);
    }
}

/// Tarjan's strongly connected components (iterative): a component id per node.
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<usize> {
    let n = edges.len();
    let (mut index, mut low, mut comp) = (vec![usize::MAX; n], vec![0; n], vec![usize::MAX; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut next, mut ncomp) = (Vec::new(), 0, 0);
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*k) {
                *k += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = ncomp;
                    if w == v {
                        break;
                    }
                }
                ncomp += 1;
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::strongly_connected;

    #[test]
    fn components() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 alone, 4 -> 4.
        let edges = vec![vec![1], vec![2], vec![0, 3], vec![], vec![4]];
        let c = strongly_connected(&edges);
        assert!(c[0] == c[1] && c[1] == c[2]);
        assert_ne!(c[2], c[3]);
        assert_ne!(c[3], c[4]);
    }
}
