//! The surface every game family shows the game master.
//!
//! A family (the Diplomacy-style games in [`crate::chess_dip`], Diplomacy
//! Chess, Diplomat Chess, Chess Wheel+) implements [`Family`] on its variant
//! type. The service stores a power's orders as [`SlotOrder`] rows (text
//! plus a slot naming what the order is for) and the state as JSON; it asks
//! the family what a phase is, what a submission does to a power's order set,
//! and what a phase's orders resolve to. Nothing here knows about time,
//! storage, images or Discord.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// One stored order of a power: what it is for (`slot`: a piece's square, a
/// move number, `build c1`...) and its text as the player wrote it. A power
/// has at most one order per slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotOrder {
    /// What the order is for; unique within a power's orders for a phase.
    pub slot: String,
    /// The order text, as accepted.
    pub text: String,
}

impl SlotOrder {
    /// An order for `slot`.
    #[must_use]
    pub fn new(slot: impl Into<String>, text: impl Into<String>) -> SlotOrder {
        SlotOrder { slot: slot.into(), text: text.into() }
    }
}

/// Who may play a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seats {
    /// These powers, by name, in order.
    Fixed(Vec<String>),
    /// Any number of players within the bounds; each player's power is named
    /// after the player (Chess Wheel+).
    Open {
        /// Fewest players to start.
        min: usize,
        /// Most players.
        max: usize,
    },
}

/// Finds a name in `names` as a player would type it: case-insensitively,
/// or by a unique prefix or a unique whole word (`mughal`, `Russia`).
#[must_use]
pub fn find_name<'a, S: AsRef<str>>(names: &'a [S], typed: &str) -> Option<&'a str> {
    let t = typed.trim();
    if let Some(n) = names.iter().find(|n| n.as_ref().eq_ignore_ascii_case(t)) {
        return Some(n.as_ref());
    }
    let lower = t.to_lowercase();
    if lower.is_empty() {
        return None;
    }
    let matches: Vec<&str> = names
        .iter()
        .map(AsRef::as_ref)
        .filter(|n| {
            let n = n.to_lowercase();
            n.starts_with(&lower) || n.split_whitespace().any(|w| w == lower)
        })
        .collect();
    match matches.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// Which deadline a phase takes from the game's settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhaseKind {
    /// Orders for pieces (Diplomacy's Spring and Fall, a simultaneous chess
    /// turn, one side's move in a turn-based game, a Chess Wheel+ cycle).
    Movement,
    /// Builds and disbands (Diplomacy's Winter).
    Adjustment,
}

/// What the service needs to know about the current phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseInfo {
    /// Display name: `Spring 1601`, `Turn 3`, `Move 12 (White)`.
    pub name: String,
    /// Which deadline applies.
    pub kind: PhaseKind,
    /// The powers expected to order in this phase (for readiness, early
    /// resolution and reminders). Others may not submit.
    pub owing: Vec<String>,
    /// Turn-based phases: submitting is being done, and the phase resolves
    /// as soon as every owing power has orders in.
    pub resolve_on_submit: bool,
}

/// What a submission did to a power's orders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Submission {
    /// Orders accepted, in the family's canonical form (`N g1 - f3`; SAN
    /// for Diplomacy Chess; the seed's notation for Diplomat Chess), never
    /// the raw typed text.
    pub accepted: Vec<String>,
    /// Rejected order texts (as typed: they could not be read into the
    /// canonical form) with the reason, written for the player.
    pub rejected: Vec<(String, String)>,
    /// The power's complete order set afterwards (what the service stores),
    /// each order in the canonical form, which reads back the same.
    pub orders: Vec<SlotOrder>,
    /// Anything else the player should read (e.g. how an ambiguous square was read).
    pub notes: Vec<String>,
    /// For families whose orders are one message, valid or invalid as a
    /// whole: why this message is invalid whatever happens before the phase
    /// resolves (none of its orders will run).
    pub invalid: Option<String>,
    /// Parts accepted now but judged again when the phase resolves, because
    /// they depend on what happens before then (a board still to be
    /// created or populated): `move 2 (`e2 e3`): ...`, for the player.
    pub pending: Vec<String>,
}

/// How a whole message was judged when its phase resolved (families whose
/// orders are one message, valid or invalid as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Its orders ran.
    Valid {
        /// How many orders it held.
        orders: usize,
    },
    /// None of its orders ran.
    Invalid {
        /// Why, for everyone.
        why: String,
    },
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Valid { orders: 0 } => f.write_str("valid, no moves"),
            Verdict::Valid { orders: 1 } => f.write_str("valid, 1 move"),
            Verdict::Valid { orders } => write!(f, "valid, {orders} moves"),
            Verdict::Invalid { why } => write!(f, "invalid as a whole, none of its moves ran: {why}"),
        }
    }
}

/// One order's fate in a resolved phase (public history).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderOutcome {
    /// The power that gave it.
    pub power: String,
    /// The order in the family's canonical form.
    pub order: String,
    /// Did it succeed (a support: was it given; an adjustment: was it carried out)?
    pub succeeded: bool,
    /// Why, in a few words, true and in the third person (public text):
    /// `moved`, `bounced at d2 (1 against 2: K c1 - d2 supported by N b1)`.
    pub reason: String,
}

/// A resolved phase.
#[derive(Clone, Debug)]
pub struct Resolution<S, R> {
    /// The state the next phase starts from.
    pub next: S,
    /// Every order given, with its outcome, grouped by power in seat order.
    pub outcomes: Vec<OrderOutcome>,
    /// Pieces removed this phase, readable: `K e4 (Ming Dynasty, by K d3)`.
    pub removed: Vec<String>,
    /// Other public changes: centers changing hands, promotions, suborned pieces.
    pub changes: Vec<String>,
    /// The public summary (per power: orders with outcomes; removals;
    /// changes; what is owed next), written for the whole channel: third
    /// person, never "your".
    pub summary: String,
    /// What the renderer needs to draw the phase (family-specific).
    pub report: R,
    /// Per power, how its whole message was judged (families whose orders
    /// are one message; empty for the others). The summary lists the moves
    /// of an invalid message with each one's reason; the game master's
    /// list of messages only refers to it.
    pub verdicts: Vec<(String, Verdict)>,
}

/// How a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// Still being played.
    Ongoing,
    /// One power has won.
    Won {
        /// The winner's name.
        winner: String,
        /// How: `with 15 centers`, `by checkmate`.
        how: String,
    },
    /// Nobody won.
    Drawn {
        /// Why: `stalemate`, `threefold repetition`, `bare kings`.
        how: String,
    },
}

impl GameResult {
    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        !matches!(self, GameResult::Ongoing)
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameResult::Ongoing => f.write_str("ongoing"),
            GameResult::Won { winner, how } if how.is_empty() => write!(f, "{winner} wins"),
            GameResult::Won { winner, how } => write!(f, "{winner} wins {how}"),
            GameResult::Drawn { how } if how.is_empty() => f.write_str("draw"),
            GameResult::Drawn { how } => write!(f, "draw ({how})"),
        }
    }
}

/// A game family's rules as the game master uses them. Implemented by each
/// family's variant type; pure and deterministic.
pub trait Family {
    /// The position between phases (stored as JSON).
    type State: Clone + std::fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What a resolved phase hands the renderer.
    type Report: Clone + std::fmt::Debug + Send + Sync + 'static;

    /// The variant's id (`chessdip`, `diplomacy-chess`).
    fn id(&self) -> &str;
    /// Its display name.
    fn name(&self) -> &str;
    /// Who plays.
    fn seats(&self) -> Seats;
    /// The starting state for these players' powers (names as seated).
    ///
    /// # Errors
    /// A message for the game's creator (e.g. too few players).
    fn start(&self, powers: &[String]) -> Result<Self::State, String>;
    /// The current phase.
    fn phase(&self, state: &Self::State) -> PhaseInfo;
    /// Applies a submission of `text` (one or many orders, as the player
    /// typed them) to `power`'s current orders. Never panics on any text.
    fn submit(&self, state: &Self::State, power: &str, current: &[SlotOrder], text: &str) -> Submission;
    /// The private read-back of `power`'s orders: the order set, and what
    /// has no order yet (`No order yet (they will hold): K d1`).
    fn describe(&self, state: &Self::State, power: &str, current: &[SlotOrder]) -> String;
    /// Resolves the phase with every power's orders (powers absent or with
    /// no orders get the family's default: hold, civil disorder...).
    fn resolve(
        &self,
        state: &Self::State,
        orders: &[(String, Vec<SlotOrder>)],
    ) -> Resolution<Self::State, Self::Report>;
    /// How the game stands in `state`.
    fn result(&self, state: &Self::State) -> GameResult;
    /// Whether `power` is still in the game (for draw votes and concessions).
    fn alive(&self, state: &Self::State, power: &str) -> bool;
    /// One line on a power for the status: `5 centers, 6 pieces`, `in check`.
    fn standing(&self, state: &Self::State, power: &str) -> String;
    /// The line on a power in the position a game ended in, however it
    /// ended (by its rules, a vote, a concession, a moderator): how the
    /// power stands, never what it may do next (`to move`, a board to
    /// populate).
    fn final_standing(&self, state: &Self::State, power: &str) -> String {
        self.standing(state, power)
    }
    /// The order syntax with examples, for `help` in a game of this variant.
    fn order_help(&self) -> String;
    /// Completions of a partly typed order for `power` (for autocomplete):
    /// whole legal orders whose text starts like `partial`, at most `max`.
    fn suggest(&self, _state: &Self::State, _power: &str, _partial: &str, _max: usize) -> Vec<String> {
        Vec::new()
    }
    /// The game so far as a readable move list (games that keep one in
    /// their state, e.g. one line per turn with both moves and outcomes).
    fn transcript(&self, _state: &Self::State) -> Option<String> {
        None
    }
}
