//! Board actions, taken outside the hashed orders whenever a player asks:
//! `create` (their standard board) and `populate` (their starting pieces).
//! Each may be taken once per cycle; a cycle ends when it resolves.

use std::fmt;

use super::piece::{Piece, START};
use super::space::{Seat, Space};
use super::state::State;
use crate::words;
use crate::Role;

/// A board action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardAction {
    /// Create the player's standard board (8x8, named after them; its rank
    /// 8 is the hub). Refused if they already have one.
    Create,
    /// Place the starting pieces on the player's standard board, skipping
    /// spaces that are occupied.
    Populate,
}

impl BoardAction {
    /// Reads `create` or `populate` (any case; `create board`, `populate my
    /// board` too).
    ///
    /// # Errors
    /// What the two actions are.
    pub fn parse(text: &str) -> Result<BoardAction, String> {
        let lower = text.trim().to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let action = match words.as_slice() {
            ["create", rest @ ..] if tail_ok(rest) => Some(BoardAction::Create),
            ["populate", rest @ ..] if tail_ok(rest) => Some(BoardAction::Populate),
            _ => None,
        };
        action.ok_or_else(|| {
            let shown: String = text.trim().chars().take(40).collect();
            format!(
                "`{shown}` is not a board action: write `board create` (make your standard board) or `board populate` (place your starting pieces on it)"
            )
        })
    }
}

impl std::str::FromStr for BoardAction {
    type Err = String;

    fn from_str(s: &str) -> Result<BoardAction, String> {
        BoardAction::parse(s)
    }
}

fn tail_ok(rest: &[&str]) -> bool {
    matches!(rest, [] | ["board"] | ["my", "board"])
}

impl fmt::Display for BoardAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BoardAction::Create => "create",
            BoardAction::Populate => "populate",
        })
    }
}

/// Carries out `action` for `seat`: the new state and what happened, in the
/// third person (it is announced to the whole channel and kept in history).
///
/// # Errors
/// Why the action is refused (the state is unchanged and the action is not
/// used up).
pub fn act(state: &State, seat: Seat, action: BoardAction) -> Result<(State, String), String> {
    let mut next = state.clone();
    let name = state.name(seat).to_string();
    match action {
        BoardAction::Create => {
            if state.created.contains(&seat) {
                return Err(format!(
                    "you already created your board this cycle; boards can be created once per cycle (next: Cycle {})",
                    state.cycle.saturating_add(1)
                ));
            }
            if state.has_board(seat) {
                return Err(format!(
                    "you already have your standard board {{{name}}}: a player has one, and it stays for the whole game; `board populate` places your pieces on it"
                ));
            }
            // The new board takes the next slot; the others keep theirs.
            next.slots = state.board_order();
            next.slots.push(seat);
            next.boards.insert(seat);
            next.created.insert(seat);
            Ok((
                next,
                format!(
                    "{name} created the standard board {{{name}}}: ranks 1-7 are {name}'s, rank 8 is the hub shared by every board. `board populate` places {name}'s starting pieces on it."
                ),
            ))
        }
        BoardAction::Populate => {
            if state.populated.contains(&seat) {
                return Err(format!(
                    "you already populated your board this cycle; you may populate it again in Cycle {}",
                    state.cycle.saturating_add(1)
                ));
            }
            if !state.has_board(seat) {
                return Err("you have no standard board to populate: `board create` makes it first".into());
            }
            let mut placed = Vec::new();
            let mut skipped = Vec::new();
            for &(role, file, rank) in &START {
                let Some(space) = Space::on(seat, file, rank) else { continue };
                match state.piece(space) {
                    Some(p) => skipped.push(format!("{} ({})", state.space_name(space), state.piece_owner_text(p))),
                    None => placed.push(Piece { owner: seat, role, space }),
                }
            }
            if placed.is_empty() {
                return Err(format!(
                    "every starting space of {{{name}}} is occupied, so there is nothing to place; populating is not used up this cycle"
                ));
            }
            let king = placed.iter().any(|p| p.role == Role::King);
            let count = placed.len();
            next.pieces.extend(placed);
            next.pieces.sort_by_key(|p| p.space);
            next.populated.insert(seat);
            if king {
                next.kings_created.insert(seat);
            }
            let mut text = format!("{name} placed {} on {{{name}}}", words::count(count, "piece"));
            if skipped.is_empty() {
                text += ".";
            } else {
                text +=
                    &format!("; skipped {}: {}.", words::count(skipped.len(), "occupied space"), skipped.join(", "));
            }
            if !king {
                text += " No king was placed (e1 is occupied).";
            }
            Ok((next, text))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> State {
        State::new(&["Ann".to_string(), "Bo".to_string()], 2, 12).expect("state")
    }

    #[test]
    fn parse_actions() {
        assert_eq!(BoardAction::parse(" Create "), Ok(BoardAction::Create));
        assert_eq!(BoardAction::parse("populate my board"), Ok(BoardAction::Populate));
        assert_eq!(BoardAction::parse("POPULATE board"), Ok(BoardAction::Populate));
        let e = BoardAction::parse("destroy").unwrap_err();
        assert!(e.contains("`board create`") && e.contains("`board populate`"), "{e}");
        assert!(BoardAction::parse("").is_err());
    }

    #[test]
    fn create_once_per_cycle_and_only_without_a_board() {
        let s = two();
        let (s, text) = act(&s, 0, BoardAction::Create).expect("created");
        assert!(text.starts_with("Ann created the standard board {Ann}:") && !text.contains("your"), "{text}");
        assert!(s.has_board(0) && !s.has_board(1));
        assert_eq!(s.board_order(), vec![0]);
        assert_eq!(
            act(&s, 0, BoardAction::Create).unwrap_err().split(';').next(),
            Some("you already created your board this cycle")
        );
        // A later cycle: the board still exists.
        let mut later = s.clone();
        later.created.clear();
        later.cycle = 2;
        assert!(act(&later, 0, BoardAction::Create).unwrap_err().contains("already have your standard board"));
    }

    #[test]
    fn boards_keep_the_slot_of_their_creation() {
        let names: Vec<String> = ["Ann", "Bo", "Cy", "Dee"].iter().map(|n| (*n).to_string()).collect();
        let mut s = State::new(&names, 2, 12).expect("state");
        for seat in [2, 0, 3] {
            s = act(&s, seat, BoardAction::Create).expect("created").0;
        }
        assert_eq!(s.board_order(), vec![2, 0, 3]);
        // A state stored before slots: seat order of the existing boards, kept once a board is added.
        let json = serde_json::to_string(&s).expect("json").replace(",\"slots\":[2,0,3]", "");
        assert!(!json.contains("slots"), "{json}");
        let old: State = serde_json::from_str(&json).expect("old state");
        assert_eq!(old.board_order(), vec![0, 2, 3]);
        let (new, _) = act(&old, 1, BoardAction::Create).expect("created");
        assert_eq!(new.board_order(), vec![0, 2, 3, 1]);
    }

    #[test]
    fn populate_needs_a_board_once_per_cycle_and_skips_occupied_spaces() {
        let s = two();
        assert!(act(&s, 0, BoardAction::Populate).unwrap_err().contains("`board create` makes it first"));
        let (s, _) = act(&s, 0, BoardAction::Create).expect("created");
        let (s, _) = act(&s, 1, BoardAction::Create).expect("created");
        let (s, text) = act(&s, 0, BoardAction::Populate).expect("populated");
        assert_eq!(text, "Ann placed 16 pieces on {Ann}.");
        assert_eq!(s.pieces_of(0).count(), 16);
        assert!(s.kings_created.contains(&0));
        assert!(act(&s, 0, BoardAction::Populate)
            .unwrap_err()
            .starts_with("you already populated your board this cycle"));
        // Next cycle: two pieces gone, Bo's knight on Ann's e1.
        let mut s = s;
        s.populated.clear();
        s.pieces
            .retain(|p| !(p.space == Space::on(0, 4, 0).expect("e1") || p.space == Space::on(0, 3, 1).expect("d2")));
        s.pieces.push(Piece { owner: 1, role: Role::Knight, space: Space::on(0, 4, 0).expect("e1") });
        s.pieces.sort_by_key(|p| p.space);
        let before_kings = s.kings_created.clone();
        let (s2, text) = act(&s, 0, BoardAction::Populate).expect("replenished");
        assert!(text.starts_with("Ann placed 1 piece on {Ann}; skipped 15 occupied spaces:"), "{text}");
        assert!(text.contains("{Ann}e1 (Bo's knight)") && text.contains("{Ann}a1 (Ann's rook)"), "{text}");
        assert!(text.ends_with("No king was placed (e1 is occupied)."), "{text}");
        assert_eq!(s2.kings_created, before_kings);
        assert_eq!(s2.piece(Space::on(0, 3, 1).expect("d2")).map(|p| (p.owner, p.role)), Some((0, Role::Pawn)));
        // Nothing to place: refused, not used up.
        let (full, _) = act(&s2, 1, BoardAction::Populate).expect("Bo populates");
        let mut full = full;
        full.populated.clear();
        let e = act(&full, 0, BoardAction::Populate).unwrap_err();
        assert!(e.contains("nothing to place"), "{e}");
    }
}
