//! Judging a revealed message before its cycle resolves.
//!
//! A message is valid or invalid as a whole when the cycle resolves, on the
//! position of that moment. Until then the position can only grow: boards
//! are created and populated (board actions, once per cycle each), pieces
//! move only at resolution and nothing is removed. So a message is judged
//! at its reveal against two positions:
//!
//! - the position now: if the message is valid there, it stays valid;
//! - the best case for its author: every board that may still be created
//!   this cycle is created, and the author's own board is populated if it
//!   may still be. A message invalid even there is invalid whatever happens
//!   (a line that cannot be read, too many moves, another player's piece,
//!   a wrong piece letter, a piece ordered twice...).
//!
//! Between the two, the message is *pending*: it is kept, and each line
//! that depends on the board is named with the board action that would
//! make it stand.

use super::action::{act, BoardAction};
use super::order::{read_message, InvalidMessage, LineError, Message};
use super::space::Seat;
use super::state::State;

/// A message judged before its cycle resolves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Valid now, so valid when the cycle resolves.
    Valid(Message),
    /// Valid only if board actions still open this cycle are taken: the
    /// message as read in the best case, and the lines that depend on it.
    Pending {
        /// The message read on the best-case position.
        message: Message,
        /// The lines that do not stand on the position now.
        lines: Vec<PendingLine>,
    },
    /// Invalid whatever happens before the cycle resolves.
    Invalid(InvalidMessage),
}

/// A line of a pending message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingLine {
    /// The message's author.
    pub author: String,
    /// 0-based index of the move in the message.
    pub index: usize,
    /// The move as written.
    pub written: String,
    /// Why it does not stand on the position now.
    pub now: LineError,
    /// The board actions it needs (each of them). Empty when any of
    /// several would do (e.g. any player creating a board makes the hub
    /// exist).
    pub needs: Vec<Need>,
}

/// A board action, still open this cycle, that a pending line needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Need {
    /// Whose action it is.
    pub player: String,
    /// Which action.
    pub action: BoardAction,
    /// Whether it is the author's own.
    pub own: bool,
}

impl Need {
    /// For the author: `you populate your board (`board populate`)`, `Bo creates their board`.
    #[must_use]
    pub fn private(&self) -> String {
        match (self.action, self.own) {
            (BoardAction::Create, true) => "you create your board (`board create`)".into(),
            (BoardAction::Create, false) => format!("{} creates their board", self.player),
            (BoardAction::Populate, true) => "you populate your board (`board populate`)".into(),
            (BoardAction::Populate, false) => format!("{} populates their board", self.player),
        }
    }

    /// For everyone: `Ann populates their board`.
    #[must_use]
    pub fn public(&self) -> String {
        match self.action {
            BoardAction::Create => format!("{} creates their board", self.player),
            BoardAction::Populate => format!("{} populates their board", self.player),
        }
    }
}

impl PendingLine {
    /// For the author: ``move 2 (`e2 e3`) stands if you populate your
    /// board before the cycle resolves (now: there is no piece on {Ann}e2)``.
    #[must_use]
    pub fn explain(&self) -> String {
        format!("move {} (`{}`) {}", self.index + 1, self.written.trim(), self.condition())
    }

    /// For everyone: ``move 2 (`e2 e3`) stands if Ann populates their
    /// board before the cycle resolves (now: there is no piece on {Ann}e2)``.
    #[must_use]
    pub fn explain_public(&self) -> String {
        format!("move {} (`{}`) {}", self.index + 1, self.written.trim(), self.condition_public())
    }

    /// For the author: ``stands if you populate your board (`board
    /// populate`) before the cycle resolves (now: there is no piece on {Ann}e2)``.
    #[must_use]
    pub fn condition(&self) -> String {
        let both = self.both_own();
        let when = if self.needs.is_empty() {
            "a player creates a board".to_string()
        } else if both {
            "you create and populate your board (`board create`, `board populate`)".to_string()
        } else {
            crate::words::join_and(&self.needs.iter().map(Need::private).collect::<Vec<_>>())
        };
        format!("stands if {when} before the cycle resolves (now: {})", self.now)
    }

    /// [`PendingLine::condition`] in the third person.
    #[must_use]
    pub fn condition_public(&self) -> String {
        let when = if self.needs.is_empty() {
            "a player creates a board".to_string()
        } else if self.both_own() {
            format!("{} creates and populates their board", self.author)
        } else {
            crate::words::join_and(&self.needs.iter().map(Need::public).collect::<Vec<_>>())
        };
        format!("stands if {when} before the cycle resolves (now: {})", self.now.public(&self.author))
    }

    /// The line needs exactly the author's own create and populate.
    fn both_own(&self) -> bool {
        matches!(
            self.needs.as_slice(),
            [
                Need { action: BoardAction::Create, own: true, .. },
                Need { action: BoardAction::Populate, own: true, .. }
            ]
        )
    }
}

/// A board action still open this cycle that can make a message valid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Open {
    seat: Seat,
    action: BoardAction,
}

/// The board actions still open this cycle that could help `seat`'s
/// message: any player's `create` (a board, and with it the hub, may
/// become a destination), and `seat`'s own `populate` (its pieces appear
/// on ranks 1 and 2). Another player's `populate` only adds their pieces,
/// which `seat` may never move, so it never helps.
fn open_actions(state: &State, seat: Seat) -> Vec<Open> {
    let mut out: Vec<Open> = state
        .seats()
        .filter(|s| !state.has_board(*s) && !state.created.contains(s))
        .map(|s| Open { seat: s, action: BoardAction::Create })
        .collect();
    let board_possible = state.has_board(seat) || out.iter().any(|o| o.seat == seat);
    if !state.populated.contains(&seat) && board_possible {
        out.push(Open { seat, action: BoardAction::Populate });
    }
    out
}

/// `state` after `actions` (creates first, then populates); an action
/// that is refused (populate without a board) is left out.
fn after(state: &State, actions: &[Open]) -> State {
    let mut s = state.clone();
    let creates = actions.iter().filter(|o| o.action == BoardAction::Create);
    let populates = actions.iter().filter(|o| o.action == BoardAction::Populate);
    for o in creates.chain(populates) {
        if let Ok((next, _)) = act(&s, o.seat, o.action) {
            s = next;
        }
    }
    s
}

/// The best case for `seat`'s message: every board that may still be
/// created this cycle is, and `seat`'s own is populated if it may be.
#[must_use]
pub fn best_case(state: &State, seat: Seat) -> State {
    after(state, &open_actions(state, seat))
}

fn need(state: &State, seat: Seat, o: Open) -> Need {
    Need { player: state.name(o.seat).to_string(), action: o.action, own: o.seat == seat }
}

/// Judges `seat`'s message `text` now (see the module's doc).
#[must_use]
pub fn judge(state: &State, seat: Seat, text: &str, power: usize) -> Judgement {
    let now = match read_message(state, seat, text, power) {
        Ok(m) => return Judgement::Valid(m),
        Err(e) => e,
    };
    let open = open_actions(state, seat);
    let best = after(state, &open);
    let message = match read_message(&best, seat, text, power) {
        Ok(m) => m,
        Err(e) => return Judgement::Invalid(e),
    };
    let mut lines = Vec::new();
    for (index, error) in now.lines {
        // An action is needed by the line if, without it, the line fails.
        let needs = open
            .iter()
            .filter(|o| {
                let rest: Vec<Open> = open.iter().copied().filter(|x| x != *o).collect();
                read_message(&after(state, &rest), seat, text, power)
                    .err()
                    .is_some_and(|e| e.lines.iter().any(|(k, _)| *k == index))
            })
            .map(|o| need(state, seat, *o))
            .collect();
        lines.push(PendingLine {
            author: state.name(seat).to_string(),
            index,
            written: now.moves.get(index).cloned().unwrap_or_default(),
            now: error,
            needs,
        });
    }
    Judgement::Pending { message, lines }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> State {
        State::new(&["Ann".to_string(), "Bo".to_string(), "Cy".to_string()], 2, 12).unwrap()
    }

    fn with(state: &State, who: &str, actions: &[BoardAction]) -> State {
        let seat = state.seat(who).unwrap();
        actions.iter().fold(state.clone(), |s, a| act(&s, seat, *a).unwrap().0)
    }

    #[test]
    fn a_move_of_pieces_still_to_be_placed_is_pending_on_populate() {
        let s = with(&three(), "Ann", &[BoardAction::Create]);
        let ann = s.seat("Ann").unwrap();
        match judge(&s, ann, "e2 e3\nNg1-f3", 3) {
            Judgement::Pending { message, lines } => {
                assert_eq!(message.moves.len(), 2);
                assert_eq!(lines.len(), 2);
                let needs: Vec<String> = lines[0].needs.iter().map(Need::private).collect();
                assert_eq!(needs, vec!["you populate your board (`board populate`)".to_string()]);
                assert_eq!(
                    lines[0].explain(),
                    "move 1 (`e2 e3`) stands if you populate your board (`board populate`) before the cycle resolves (now: there is no piece on {Ann}e2)"
                );
                assert_eq!(
                    lines[0].explain_public(),
                    "move 1 (`e2 e3`) stands if Ann populates their board before the cycle resolves (now: there is no piece on {Ann}e2)"
                );
            }
            other => panic!("expected pending, got {other:?}"),
        }
        // Populated: valid now.
        let s = with(&s, "Ann", &[BoardAction::Populate]);
        assert!(matches!(judge(&s, ann, "e2 e3\nNg1-f3", 3), Judgement::Valid(_)));
    }

    #[test]
    fn without_a_board_a_move_needs_both_board_actions() {
        let s = three();
        let ann = s.seat("Ann").unwrap();
        match judge(&s, ann, "{Ann}e2 - {Ann}e4", 3) {
            Judgement::Pending { lines, .. } => {
                let needs: Vec<String> = lines[0].needs.iter().map(Need::private).collect();
                assert_eq!(
                    needs,
                    vec![
                        "you create your board (`board create`)".to_string(),
                        "you populate your board (`board populate`)".to_string()
                    ]
                );
                assert!(lines[0]
                    .condition()
                    .starts_with("stands if you create and populate your board (`board create`, `board populate`)"));
                let public = lines[0].condition_public();
                assert!(public.starts_with("stands if Ann creates and populates their board"), "{public}");
                assert!(!public.contains("you"), "{public}");
            }
            other => panic!("expected pending, got {other:?}"),
        }
    }

    #[test]
    fn a_destination_on_a_board_still_to_be_created_is_pending_on_its_owner() {
        let s = with(&three(), "Ann", &[BoardAction::Create, BoardAction::Populate]);
        let ann = s.seat("Ann").unwrap();
        match judge(&s, ann, "Q d1 - d8\nN g1 - {Bo}f3", 3) {
            Judgement::Pending { lines, .. } => {
                assert_eq!(lines.len(), 1);
                assert_eq!(lines[0].index, 1);
                let needs: Vec<String> = lines[0].needs.iter().map(Need::public).collect();
                assert_eq!(needs, vec!["Bo creates their board".to_string()]);
            }
            other => panic!("expected pending, got {other:?}"),
        }
    }

    #[test]
    fn what_cannot_change_is_invalid_at_once() {
        let s = with(&three(), "Ann", &[BoardAction::Create, BoardAction::Populate]);
        let s = with(&s, "Bo", &[BoardAction::Create, BoardAction::Populate]);
        let ann = s.seat("Ann").unwrap();
        for text in [
            "e2 e3\ne2 e4",               // a piece twice
            "{Bo}e2 - {Bo}e3",            // another player's piece
            "N e2 - e3",                  // wrong letter
            "e2 e3\nd2 d3\nc2 c3\nb2 b3", // too many moves
            "e2 to the moon",             // cannot be read
            "{Zed}e2 - e3",               // no such board
            "{Ann}e5 - {Ann}e6",          // an empty space that no action fills
        ] {
            assert!(matches!(judge(&s, ann, text, 3), Judgement::Invalid(_)), "{text}");
        }
        // Still invalid while boards may appear: another player's (empty) board.
        let s = with(&three(), "Ann", &[BoardAction::Create]);
        assert!(matches!(judge(&s, ann, "{Cy}e2 - {Cy}e3", 3), Judgement::Invalid(_)));
    }

    #[test]
    fn the_hub_appears_with_any_board() {
        let s = three();
        let ann = s.seat("Ann").unwrap();
        // A move onto the hub from Ann's own board: needs her board anyway.
        match judge(&s, ann, "{Ann}d1 - d8", 3) {
            Judgement::Pending { lines, .. } => assert!(!lines.is_empty()),
            other => panic!("expected pending, got {other:?}"),
        }
    }
}
