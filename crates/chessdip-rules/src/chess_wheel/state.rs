//! The state of a Chess Wheel+ game between resolutions: the players (in
//! seat order), which standard boards exist, the pieces, the cycle and its
//! board-action flags, who has ever created a king, and the winner.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::piece::Piece;
use super::space::{same_name, Seat, Space};
use crate::Role;

/// The position and the cycle's bookkeeping.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The cycle number, from 1. Resolving a cycle starts the next one, up
    /// to [`State::LAST_CYCLE`], where the game ends drawn.
    pub cycle: u32,
    /// Player names in seat order; a player's board has the same name.
    pub players: Vec<String>,
    /// Seats whose standard board exists.
    pub boards: BTreeSet<Seat>,
    /// The boards' slots on the picture, in the order the boards were
    /// created: a board keeps its slot when others are added. States stored
    /// before slots existed have none; [`State::board_order`] then falls
    /// back to seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<Seat>,
    /// Every piece, sorted by space.
    pub pieces: Vec<Piece>,
    /// Seats that created their board this cycle.
    pub created: BTreeSet<Seat>,
    /// Seats that populated their board this cycle.
    pub populated: BTreeSet<Seat>,
    /// Seats that have ever created a king (by populating).
    pub kings_created: BTreeSet<Seat>,
    /// The winner, decided when a cycle resolves.
    pub winner: Option<Seat>,
    /// This cycle's movement power, if a moderator set one other than the
    /// seed's [`DEFAULT_MOVEMENT_POWER`] (it is fixed when the cycle begins;
    /// see [`State::movement_power`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<usize>,
}

/// The seed's movement power: moves a player may make per cycle.
pub const DEFAULT_MOVEMENT_POWER: usize = 3;

/// A problem with a state built from a scenario or a stored value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// Fewer than two or more than the limit of players.
    #[error("Chess Wheel+ takes {min} to {max} players, not {got}")]
    PlayerCount {
        /// Fewest.
        min: usize,
        /// Most.
        max: usize,
        /// Given.
        got: usize,
    },
    /// A name that cannot be a board name.
    #[error("`{0}` cannot be a player's name here: names need a letter or digit and no braces or line breaks (boards are written `{{Name}}e2`)")]
    BadName(String),
    /// Two players with one name.
    #[error("two players are called `{0}` (names are compared without case)")]
    SameName(String),
    /// Two pieces on one space.
    #[error("two pieces on {0}")]
    Crowded(String),
    /// A piece on a board that does not exist.
    #[error("{0} is on a board that does not exist")]
    NoBoard(String),
}

impl State {
    /// The last cycle number. A game that reaches it without a winner is
    /// over, drawn: the cycle after it could not be numbered.
    pub const LAST_CYCLE: u32 = u32::MAX;

    /// A new game: cycle 1, no boards, no pieces.
    ///
    /// # Errors
    /// [`StateError`] for a bad player count or names.
    pub fn new(players: &[String], min: usize, max: usize) -> Result<State, StateError> {
        if players.len() < min || players.len() > max {
            return Err(StateError::PlayerCount { min, max, got: players.len() });
        }
        for (i, p) in players.iter().enumerate() {
            let bad = p.trim().is_empty()
                || p.trim() != p
                || p.contains(['{', '}', '\n', '\r'])
                || !p.chars().any(char::is_alphanumeric);
            if bad {
                return Err(StateError::BadName(p.clone()));
            }
            if players[..i].iter().any(|q| same_name(p, q)) {
                return Err(StateError::SameName(p.clone()));
            }
        }
        Ok(State { cycle: 1, players: players.to_vec(), ..State::default() })
    }

    /// Checks that no two pieces share a space and every board space is on
    /// an existing board; sorts the pieces.
    ///
    /// # Errors
    /// [`StateError::Crowded`] or [`StateError::NoBoard`].
    pub fn checked(mut self) -> Result<State, StateError> {
        self.pieces.sort_by_key(|p| p.space);
        for w in self.pieces.windows(2) {
            if w[0].space == w[1].space {
                return Err(StateError::Crowded(self.space_name(w[0].space)));
            }
        }
        if let Some(p) = self.pieces.iter().find(|p| p.space.board().is_some_and(|b| !self.boards.contains(&b))) {
            return Err(StateError::NoBoard(self.space_name(p.space)));
        }
        Ok(self)
    }

    /// The movement power of this cycle: how many moves a player's message
    /// may hold (each costs 1, succeeding or not).
    #[must_use]
    pub fn movement_power(&self) -> usize {
        self.power.unwrap_or(DEFAULT_MOVEMENT_POWER)
    }

    /// Sets the movement power of this cycle (the seed's is stored as none).
    pub fn set_movement_power(&mut self, power: usize) {
        self.power = (power != DEFAULT_MOVEMENT_POWER).then_some(power);
    }

    /// Whether the cycle counter is at [`State::LAST_CYCLE`].
    #[must_use]
    pub const fn at_cycle_limit(&self) -> bool {
        self.cycle == State::LAST_CYCLE
    }

    /// Whether the game is over: won, or drawn at the cycle limit.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.winner.is_some() || self.at_cycle_limit()
    }

    /// The seat of a player or board name, read case-insensitively.
    #[must_use]
    pub fn seat(&self, name: &str) -> Option<Seat> {
        self.players.iter().position(|p| same_name(p, name)).and_then(|i| Seat::try_from(i).ok())
    }

    /// A seat's name (`?` for a seat that does not exist).
    #[must_use]
    pub fn name(&self, seat: Seat) -> &str {
        self.players.get(usize::from(seat)).map_or("?", String::as_str)
    }

    /// Every seat.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players.len()).filter_map(|i| Seat::try_from(i).ok())
    }

    /// Whether `seat` has a standard board.
    #[must_use]
    pub fn has_board(&self, seat: Seat) -> bool {
        self.boards.contains(&seat)
    }

    /// Every existing board in slot order (the order boards were created):
    /// the seats in [`State::slots`] that have a board, then any board
    /// missing from the slots (a state stored before slots, or one built by
    /// hand) in seat order.
    #[must_use]
    pub fn board_order(&self) -> Vec<Seat> {
        let mut order: Vec<Seat> = Vec::with_capacity(self.boards.len());
        for &seat in self.slots.iter().chain(self.boards.iter()) {
            if self.boards.contains(&seat) && !order.contains(&seat) {
                order.push(seat);
            }
        }
        order
    }

    /// Whether a space exists: hub spaces once any board exists, board spaces on existing boards.
    #[must_use]
    pub fn exists(&self, space: Space) -> bool {
        match space.board() {
            Some(b) => self.has_board(b),
            None => !self.boards.is_empty(),
        }
    }

    /// Every space that exists now, boards in seat order (ranks 1-7, `a1`
    /// first), then the hub (if any board exists).
    #[must_use]
    pub fn spaces(&self) -> Vec<Space> {
        let mut out = Vec::new();
        for &board in &self.boards {
            for rank in 0..super::space::HUB_RANK {
                for file in 0..super::space::FILES {
                    out.extend(Space::on(board, file, rank));
                }
            }
        }
        if !self.boards.is_empty() {
            out.extend((0..super::space::FILES).map(|file| Space::Hub { file }));
        }
        out
    }

    /// Where `piece` may be ordered with a move that is in its range: every
    /// existing space it reaches (nothing blocks), its own pieces' spaces
    /// included (such a move fails unless that piece leaves).
    #[must_use]
    pub fn destinations(&self, piece: Piece) -> Vec<Space> {
        self.spaces().into_iter().filter(|&to| super::piece::reach(piece.role, piece.space, to).is_ok()).collect()
    }

    /// The piece on `space`.
    #[must_use]
    pub fn piece(&self, space: Space) -> Option<Piece> {
        self.pieces.binary_search_by_key(&space, |p| p.space).ok().map(|i| self.pieces[i])
    }

    /// The pieces of `seat`.
    pub fn pieces_of(&self, seat: Seat) -> impl Iterator<Item = Piece> + '_ {
        self.pieces.iter().copied().filter(move |p| p.owner == seat)
    }

    /// Whether `seat` owns a king.
    #[must_use]
    pub fn owns_king(&self, seat: Seat) -> bool {
        self.pieces_of(seat).any(|p| p.role == Role::King)
    }

    /// `{Ann}e2` or `d8`.
    #[must_use]
    pub fn space_name(&self, space: Space) -> String {
        space.name(&self.players)
    }

    /// `Q {Ann}d1`.
    #[must_use]
    pub fn piece_text(&self, p: Piece) -> String {
        format!("{} {}", p.role.char(), self.space_name(p.space))
    }

    /// `Bo's knight`: whose piece it is, for everyone.
    #[must_use]
    pub fn piece_owner_text(&self, p: Piece) -> String {
        format!("{}'s {}", self.name(p.owner), p.role.name())
    }

    /// The winner under the seed's rule, checked on this position: once at
    /// least two players have created a king, the only player owning one.
    #[must_use]
    pub fn king_winner(&self) -> Option<Seat> {
        if self.kings_created.len() < 2 {
            return None;
        }
        let owners: BTreeSet<Seat> = self.pieces.iter().filter(|p| p.role == Role::King).map(|p| p.owner).collect();
        match owners.len() {
            1 => owners.first().copied(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_exist_with_boards_and_destinations_follow_reach() {
        let mut s = State::new(&["Ann".into(), "Bo".into()], 2, 12).expect("state");
        assert!(s.spaces().is_empty(), "no board, no hub");
        s.boards.insert(0);
        assert_eq!(s.spaces().len(), 56 + 8);
        s.boards.insert(1);
        assert_eq!(s.spaces().len(), 2 * 56 + 8);
        let king = Piece { owner: 0, role: Role::King, space: Space::on(0, 4, 0).expect("e1") };
        assert_eq!(s.destinations(king).len(), 5, "d1 f1 d2 e2 f2");
        let hub_rook = Piece { owner: 0, role: Role::Rook, space: Space::Hub { file: 0 } };
        // Down the a-file of both boards (7 + 7) and along the hub (7).
        assert_eq!(s.destinations(hub_rook).len(), 21);
    }
}
