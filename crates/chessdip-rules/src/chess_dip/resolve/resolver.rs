//! The resolver's mutable state (each node's bounds and, once decided, its
//! result; who reads whom) and three-valued propagation.

use super::graph::{Ctx, Node};

/// The mutable part: each node's bounds and, once decided, its result.
pub(super) struct Resolver<'c> {
    pub(super) ctx: &'c Ctx,
    pub(super) decided: Vec<bool>,
    pub(super) result: Vec<bool>,
    /// Lower and upper bounds of each node's result (equal once decided).
    pub(super) lo: Vec<bool>,
    pub(super) hi: Vec<bool>,
    /// Nodes decided by the backup rule rather than by their own evaluation.
    pub(super) forced: Vec<bool>,
    /// While bounding: the node being evaluated.
    pub(super) bounding: Option<usize>,
    /// Reads of undecided nodes made while bounding.
    pub(super) bound_reads: Vec<usize>,
    /// The undecided nodes each node's last evaluation read, and the reverse.
    pub(super) reads_of: Vec<Vec<usize>>,
    pub(super) readers: Vec<Vec<usize>>,
    /// Set when a guess leads to a contradiction.
    pub(super) conflict: bool,
    /// Guesses left for the cycle being settled.
    pub(super) budget: u32,
}

impl Resolver<'_> {
    pub(super) fn new(ctx: &Ctx) -> Resolver<'_> {
        let n = ctx.nodes.len();
        Resolver {
            ctx,
            decided: vec![false; n],
            result: vec![false; n],
            lo: vec![false; n],
            hi: vec![true; n],
            forced: vec![false; n],
            bounding: None,
            bound_reads: Vec::new(),
            reads_of: vec![Vec::new(); n],
            readers: vec![Vec::new(); n],
            conflict: false,
            budget: 0,
        }
    }

    pub(super) fn describe(&self, i: usize) -> String {
        match self.ctx.nodes[i] {
            Node::Order(o) => o.to_string(),
            Node::Convoy { square, of, .. } => format!("{square} C {}", self.ctx.order(usize::from(of))),
        }
    }

    pub(super) fn decide(&mut self, i: usize, value: bool) {
        self.decided[i] = true;
        self.result[i] = value;
        self.lo[i] = value;
        self.hi[i] = value;
    }

    /// Node `i`'s bounds from what it reads now, recording the reads.
    pub(super) fn bounds(&mut self, i: usize) -> (bool, bool) {
        self.bounding = Some(i);
        self.bound_reads.clear();
        let l = self.adjudicate(i, false);
        let h = self.adjudicate(i, true);
        self.bounding = None;
        self.reads_of[i].clear();
        for k in 0..self.bound_reads.len() {
            let x = self.bound_reads[k];
            if !self.reads_of[i].contains(&x) {
                self.reads_of[i].push(x);
            }
            if !self.readers[x].contains(&i) {
                self.readers[x].push(i);
            }
        }
        debug_assert!(!l || h, "bounds crossed for {}", self.describe(i));
        (l, h)
    }

    /// An order's result as the evaluation in hand sees it. Bounding, it is
    /// the bound that favours (`up`) or disfavours the quantity being
    /// computed: every caller passes `up` flipped where a success of `x`
    /// works against it, so each evaluation is monotone in what it reads.
    /// Otherwise (explaining outcomes, once all is decided) the result.
    pub(super) fn get(&mut self, x: usize, up: bool) -> bool {
        if self.bounding.is_some() {
            if !self.decided[x] {
                self.bound_reads.push(x);
            }
            return if up { self.hi[x] } else { self.lo[x] };
        }
        debug_assert!(self.decided[x], "read of an undecided node");
        self.result[x]
    }

    /// Three-valued propagation: tightens every undecided node's bounds
    /// (`lo` <= result <= `hi`) from the bounds of what it reads until nothing
    /// changes, deciding the nodes whose bounds meet. Bounds only tighten and
    /// each changes at most once per side, so this costs a polynomial number
    /// of evaluations. Bounds that would cross mean the decisions made so far
    /// (guesses) contradict each other: `conflict` is set.
    pub(super) fn propagate(&mut self, mut queue: Vec<usize>) {
        let n = self.ctx.nodes.len();
        let mut queued = vec![false; n];
        queue.retain(|&i| !std::mem::replace(&mut queued[i], true));
        while let Some(i) = queue.pop() {
            queued[i] = false;
            if self.decided[i] {
                continue;
            }
            let (l, h) = self.bounds(i);
            let (lo, hi) = (self.lo[i] || l, self.hi[i] && h);
            if lo && !hi {
                self.conflict = true;
                return;
            }
            if (lo, hi) == (self.lo[i], self.hi[i]) {
                continue;
            }
            self.lo[i] = lo;
            self.hi[i] = hi;
            if lo == hi {
                self.decided[i] = true;
                self.result[i] = lo;
            }
            for k in 0..self.readers[i].len() {
                let r = self.readers[i][k];
                if !queued[r] && !self.decided[r] {
                    queued[r] = true;
                    queue.push(r);
                }
            }
        }
    }
}
