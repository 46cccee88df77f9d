//! What a bot decides: the order texts it would type, the board actions it
//! would take, and how long it thought.

use std::time::Duration;

use chessdip_rules::chess_wheel::BoardAction;

/// One decision of a player for one power in one phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decision {
    /// The order texts, each as a person would type it and in the rules'
    /// canonical form (`N g1 - f3`, `Nf3`, `Ha3`, `Q {Ann}d1 - d8`). Submit
    /// them as one message ([`Decision::message`]): in the games whose
    /// submission is a whole list (Diplomacy Chess's progressive modes, a
    /// Chess Wheel+ message) the list is the order set. Empty: nothing to
    /// submit (the service refuses an empty text): every piece holds, no
    /// builds, no moves this cycle.
    pub orders: Vec<String>,
    /// Chess Wheel+'s board actions (`create`, `populate`; the console's
    /// `board create`), to be carried out in this order *before* the
    /// orders are committed: the orders were chosen on the position after
    /// them. Empty in the other games.
    pub actions: Vec<BoardAction>,
    /// How the decision was reached.
    pub stats: Stats,
}

impl Decision {
    /// The orders as one message, one order a line (what is submitted, or
    /// in a hashed game sealed, committed and revealed).
    #[must_use]
    pub fn message(&self) -> String {
        self.orders.join("\n")
    }

    /// Whether there is nothing to submit and nothing to do.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty() && self.actions.is_empty()
    }
}

/// How a decision was reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The work done, in the game's nodes (positions evaluated or phases
    /// adjudicated).
    pub nodes: u64,
    /// The wall time the decision took.
    pub elapsed: Duration,
    /// Whether the time budget ran out before the node budget: only then
    /// can the same seed give another decision on another machine.
    pub stopped_by_time: bool,
    /// Orders the bot chose but the rules' own check of its whole list
    /// withdrew before they were written (none, unless a bot has a bug:
    /// the tests require none).
    pub withdrawn: usize,
}
