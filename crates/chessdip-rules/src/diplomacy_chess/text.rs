//! The family's words about orders, in one place: who is spoken of (the
//! player, "your", or a side for the whole channel, "White's"), how a
//! condition came out, what became of a move, and the lines of the results
//! and of the transcript.
//!
//! Orders themselves are printed in their canonical form by
//! [`crate::diplomacy_chess::notation`] (SAN) and
//! [`crate::diplomacy_chess::condition`] (conditionals); this module puts them
//! into sentences. Public text (results, outcomes, the transcript, the
//! removed and changes lists) is in the third person; private replies may
//! say "your".

use serde::{Deserialize, Serialize};

use super::board::{side_name, Piece, Position};
use super::condition::Condition;
use super::resolve::outcome::Fate;
use crate::words::join_and;
use crate::{Role, Side, Square};

/// Whom a sentence speaks to or about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Voice {
    /// The player, in a private reply: "you have no knight", "your king".
    You,
    /// A side, for the whole channel: "White has no knight", "White's king".
    Public(Side),
}

impl Voice {
    /// `your` or `White's`.
    #[must_use]
    pub fn poss(self) -> String {
        match self {
            Voice::You => "your".into(),
            Voice::Public(s) => format!("{}'s", side_name(s)),
        }
    }

    /// `you have` or `White has`.
    #[must_use]
    pub fn has(self) -> String {
        match self {
            Voice::You => "you have".into(),
            Voice::Public(s) => format!("{} has", side_name(s)),
        }
    }

    /// `you` or `White` (as the subject of `cannot`, `may`...).
    #[must_use]
    pub fn subject(self) -> &'static str {
        match self {
            Voice::You => "you",
            Voice::Public(s) => side_name(s),
        }
    }
}

/// `both` for two, `all` for more: `the rooks on a1 and e1 can both go there`.
#[must_use]
pub fn both_or_all(n: usize) -> &'static str {
    if n == 2 {
        "both"
    } else {
        "all"
    }
}

/// `White's knight`, `Black's pawn`.
#[must_use]
pub fn piece_of(piece: Piece) -> String {
    format!("{}'s {}", side_name(piece.side), piece.role.name())
}

/// How a condition came out in `pos`, true to the board, for everyone:
/// `White's knight is on b1`, `there is no knight on h6`, `there are 2
/// queens, not 1`, `e5 is empty`, `move 2 was carried out`.
#[must_use]
pub fn condition_outcome(cond: &Condition, held: bool, pos: &Position) -> String {
    match *cond {
        Condition::PieceOn { role, square } => match pos.get(square) {
            Some(p) if p.role == role => format!("{} is on {square}", piece_of(p)),
            _ => format!("there is no {} on {square}", role.name()),
        },
        Condition::Count { n, role } => {
            let have = pos.pieces().filter(|(_, p)| p.role == role).count();
            let are = |k: usize| match k {
                0 => format!("there are no {}s", role.name()),
                1 => format!("there is 1 {}", role.name()),
                k => format!("there are {k} {}s", role.name()),
            };
            if held {
                format!("{} in the game", are(have))
            } else {
                format!("{}, not {n}", are(have))
            }
        }
        Condition::Empty(square) => match pos.get(square) {
            None => format!("{square} is empty"),
            Some(p) => format!("{square} is not empty ({} is there)", piece_of(p)),
        },
        Condition::Executed(n) => {
            if held {
                format!("move {n} was carried out")
            } else {
                format!("move {n} was not carried out")
            }
        }
    }
}

/// Which branch of a conditional ran, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    /// The move played (canonical), or `no move`.
    pub played: String,
    /// How the conditions came out: `White's knight is on b1`.
    pub why: String,
}

impl Branch {
    /// From the conditions asked, in order, with how each came out in `pos`,
    /// and the branch's text (`None`: no move).
    #[must_use]
    pub fn new(asked: &[(Condition, bool)], pos: &Position, played: Option<&str>) -> Branch {
        let why: Vec<String> = asked.iter().map(|(c, held)| condition_outcome(c, *held, pos)).collect();
        Branch { played: played.map_or_else(|| NO_MOVE.to_string(), str::to_string), why: join_and(&why) }
    }
}

/// The words for an order that gives no move.
pub const NO_MOVE: &str = "no move";

/// A piece taken: who, where it started the turn, where it was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Victim {
    /// The piece.
    pub piece: Piece,
    /// Its square at the start of the turn.
    pub origin: Square,
    /// Where it was taken.
    pub at: Square,
}

impl Victim {
    /// `Black's pawn on d5`, `White's knight (from g1) on f3`.
    #[must_use]
    pub fn described(&self) -> String {
        if self.origin == self.at {
            format!("{} on {}", piece_of(self.piece), self.at)
        } else {
            format!("{} (from {}) on {}", piece_of(self.piece), self.origin, self.at)
        }
    }

    /// What the taking move did: `took Black's pawn on d5`, `took White's
    /// knight on f3, which came from g1`, `... en passant`.
    #[must_use]
    pub fn took(&self, en_passant: bool) -> String {
        let ep = if en_passant { " en passant" } else { "" };
        if self.origin == self.at {
            format!("took {} on {}{ep}", piece_of(self.piece), self.at)
        } else {
            format!("took {} on {}{ep}, which came from {}", piece_of(self.piece), self.at, self.origin)
        }
    }

    /// The entry in the removed list: `Black's pawn on d5, by White's exd5`.
    #[must_use]
    pub fn removed(&self, by: Side, order: &str) -> String {
        format!("{}, by {}'s {order}", self.described(), side_name(by))
    }
}

/// Another move of the same resolution, as a reason names it: its side, its
/// canonical text and the kind of piece it moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherMove {
    /// Whose.
    pub side: Side,
    /// Canonical text (`Nbd2`).
    pub order: String,
    /// The piece kind it moves.
    pub role: Role,
}

impl OtherMove {
    fn named(&self) -> String {
        format!("{}'s {}", side_name(self.side), self.order)
    }
}

/// What became of a move the resolver tried, for everyone: `moved`, `took
/// Black's pawn on d5`, `met White's Nbd2 at d2`, `blocked at e4`.
/// `others[j]` is move `j` of the same resolution; `took` lists what this
/// move took (with whether en passant); `promotion` is what it promotes to.
#[must_use]
pub fn fate_reason(fate: Fate, others: &[OtherMove], took: &[(Victim, bool)], promotion: Option<Role>) -> String {
    let other = |j: usize| others.get(j).map_or_else(|| "another move".to_string(), OtherMove::named);
    match fate {
        Fate::Moved => {
            let mut parts: Vec<String> = took.iter().map(|(v, ep)| v.took(*ep)).collect();
            if let Some(p) = promotion {
                parts.push(format!("promoted to {}", p.name()));
            }
            if parts.is_empty() {
                "moved".to_string()
            } else {
                join_and(&parts)
            }
        }
        Fate::Blocked { at } => format!("blocked at {at}"),
        Fate::Met { at, other: j } => format!("met {} at {at}", other(j)),
        Fate::Swapped { other: j } => format!("ran head-on into {}", other(j)),
        Fate::EqualRank { at, other: j } => format!("equal-rank clash with {} on {at}", other(j)),
        Fate::TakenBy { at, other: j } => format!("taken on {at} by {}", other(j)),
        Fate::MetReturning { at, other: j } => match others.get(j) {
            Some(o) => {
                format!("ran into {}'s {} at {at} as it came back from {}", side_name(o.side), o.role.name(), o.order)
            }
            None => format!("ran into a piece coming back at {at}"),
        },
        Fate::KingInCheck { on } => format!("the king would be in check on {on}"),
        Fate::Partner => "the other half of the castling failed".to_string(),
    }
}

/// How a move's line is marked: carried out, failed, or neither (no move
/// was given, or it was not played).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mark {
    /// Carried out.
    Done,
    /// Tried and failed, or no longer legal.
    #[default]
    Failed,
    /// Neither: a pass, a condition's empty branch, or not played.
    NoMove,
}

impl Mark {
    /// `✓`, `✗` or `–`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Done => "\u{2713}",
            Mark::Failed => "\u{2717}",
            Mark::NoMove => "\u{2013}",
        }
    }
}

/// One order's line as the family shows it, from its parts.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// Its place in the list (shown in the progressive modes).
    pub slot: Option<usize>,
    /// The canonical order.
    pub order: &'a str,
    /// The branch a conditional played.
    pub branch: Option<&'a Branch>,
    /// The mark.
    pub mark: Mark,
    /// What happened to the move played (`moved`, `blocked at e4`, `no move`).
    pub result: &'a str,
}

impl Line<'_> {
    /// The public reason of an outcome: the result, after the branch a
    /// conditional played: `White's knight is on b1, so d3: moved`.
    #[must_use]
    pub fn reason(&self) -> String {
        match self.branch {
            None => self.result.to_string(),
            Some(b) if b.played == NO_MOVE => format!("{}, so no move", b.why),
            Some(b) => format!("{}, so {}: {}", b.why, b.played, self.result),
        }
    }

    /// The results' line: `✓ 1. Nf3 (moved)`, `– pass`, `✓ Nb1?d3:Nc3 → d3
    /// (White's knight is on b1; moved)`.
    #[must_use]
    pub fn summary(&self) -> String {
        let step = self.slot.map_or(String::new(), |n| format!("{n}. "));
        let head = format!("{} {step}{}", self.mark.symbol(), self.order);
        match self.branch {
            Some(b) if b.played == NO_MOVE => format!("{head} \u{2192} no move ({})", b.why),
            Some(b) => format!("{head} \u{2192} {} ({}; {})", b.played, b.why, self.result),
            None if self.order == PASS => head,
            None => format!("{head} ({})", self.result),
        }
    }

    /// The transcript's item: `Nf3 ✓`, `exd5 ✓ (took Black's pawn on d5)`,
    /// `Nb1?d3:Nc3 → d3 ✓`, `pass`.
    #[must_use]
    pub fn transcript(&self) -> String {
        let head = match self.branch {
            Some(b) => format!("{} \u{2192} {}", self.order, b.played),
            None => self.order.to_string(),
        };
        let played_nothing = self.branch.is_some_and(|b| b.played == NO_MOVE) || self.order == PASS;
        match self.mark {
            Mark::NoMove if played_nothing => head,
            Mark::Done if self.result == "moved" || self.result.is_empty() => format!("{head} {}", self.mark.symbol()),
            mark => format!("{head} {} ({})", mark.symbol(), self.result),
        }
    }
}

/// The canonical text of an explicit pass.
pub const PASS: &str = "pass";

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    #[test]
    fn both_or_all_reads_well() {
        assert_eq!(both_or_all(2), "both");
        assert_eq!(both_or_all(3), "all");
    }

    #[test]
    fn voices() {
        assert_eq!(Voice::You.poss(), "your");
        assert_eq!(Voice::Public(Side::Black).poss(), "Black's");
        assert_eq!(Voice::Public(Side::White).has(), "White has");
    }

    #[test]
    fn conditions_say_what_the_board_showed() {
        let p = Position::start();
        let on = |role, s: &str| Condition::PieceOn { role, square: sq(s) };
        assert_eq!(condition_outcome(&on(Role::Knight, "b1"), true, &p), "White's knight is on b1");
        assert_eq!(condition_outcome(&on(Role::Knight, "d3"), false, &p), "there is no knight on d3");
        assert_eq!(condition_outcome(&on(Role::Knight, "e2"), false, &p), "there is no knight on e2");
        let two = Condition::Count { n: 2, role: Role::Queen };
        assert_eq!(condition_outcome(&two, true, &p), "there are 2 queens in the game");
        let one = Condition::Count { n: 1, role: Role::Queen };
        assert_eq!(condition_outcome(&one, false, &p), "there are 2 queens, not 1");
        assert_eq!(condition_outcome(&Condition::Empty(sq("e5")), true, &p), "e5 is empty");
        assert_eq!(
            condition_outcome(&Condition::Empty(sq("e2")), false, &p),
            "e2 is not empty (White's pawn is there)"
        );
        assert_eq!(condition_outcome(&Condition::Executed(2), false, &p), "move 2 was not carried out");
    }

    #[test]
    fn captures_name_both_squares_when_both_matter() {
        let knight = Piece::new(Side::White, Role::Knight);
        let moved = Victim { piece: knight, origin: sq("g1"), at: sq("f3") };
        assert_eq!(moved.took(false), "took White's knight on f3, which came from g1");
        assert_eq!(moved.removed(Side::Black, "Qf3"), "White's knight (from g1) on f3, by Black's Qf3");
        let pawn = Victim { piece: Piece::new(Side::Black, Role::Pawn), origin: sq("d5"), at: sq("d5") };
        assert_eq!(pawn.took(false), "took Black's pawn on d5");
        assert_eq!(pawn.removed(Side::White, "exd5"), "Black's pawn on d5, by White's exd5");
    }

    #[test]
    fn reasons_name_sides_never_your() {
        let others = vec![
            OtherMove { side: Side::White, order: "Nbd2".into(), role: Role::Knight },
            OtherMove { side: Side::White, order: "Rf6".into(), role: Role::Rook },
        ];
        let met = fate_reason(Fate::Met { at: sq("d2"), other: 0 }, &others, &[], None);
        assert_eq!(met, "met White's Nbd2 at d2");
        let back = fate_reason(Fate::MetReturning { at: sq("h6"), other: 1 }, &others, &[], None);
        assert_eq!(back, "ran into White's rook at h6 as it came back from Rf6");
        assert_eq!(
            fate_reason(Fate::EqualRank { at: sq("d1"), other: 0 }, &others, &[], None),
            "equal-rank clash with White's Nbd2 on d1"
        );
    }

    #[test]
    fn lines_mark_passes_and_branches() {
        let pass = Line { slot: None, order: PASS, branch: None, mark: Mark::NoMove, result: NO_MOVE };
        assert_eq!(pass.summary(), "\u{2013} pass");
        assert_eq!(pass.transcript(), "pass");
        let b = Branch { played: "d3".into(), why: "White's knight is on b1".into() };
        let cond = Line { slot: Some(1), order: "Nb1?d3:Nc3", branch: Some(&b), mark: Mark::Done, result: "moved" };
        assert_eq!(cond.summary(), "\u{2713} 1. Nb1?d3:Nc3 \u{2192} d3 (White's knight is on b1; moved)");
        assert_eq!(cond.reason(), "White's knight is on b1, so d3: moved");
        assert_eq!(cond.transcript(), "Nb1?d3:Nc3 \u{2192} d3 \u{2713}");
        let none = Branch { played: NO_MOVE.into(), why: "there is no knight on f6".into() };
        let empty = Line { slot: None, order: "Nf6?e6:", branch: Some(&none), mark: Mark::NoMove, result: NO_MOVE };
        assert_eq!(empty.summary(), "\u{2013} Nf6?e6: \u{2192} no move (there is no knight on f6)");
        assert_eq!(empty.transcript(), "Nf6?e6: \u{2192} no move");
        let failed = Line { slot: None, order: "Nc3", branch: None, mark: Mark::Failed, result: "blocked at c3" };
        assert_eq!(failed.summary(), "\u{2717} Nc3 (blocked at c3)");
        assert_eq!(failed.transcript(), "Nc3 \u{2717} (blocked at c3)");
    }
}
