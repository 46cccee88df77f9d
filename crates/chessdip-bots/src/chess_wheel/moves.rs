//! What one move is worth in Chess Wheel+, seen alone: the piece it takes,
//! the danger it leaves or walks into (nothing blocks, so a piece is in
//! danger wherever an enemy piece reaches), and the space it frees on its
//! owner's board, which the next `populate` fills with a new piece.

use chessdip_rules::chess_wheel::{reach, Move, Piece, Seat, Space, State, START};
use chessdip_rules::Role;

/// What a piece is worth: one piece (the arena and the game count pieces),
/// more for the strong ones, and a king most (the last king standing wins).
#[must_use]
pub(crate) fn worth(role: Role) -> f64 {
    match role {
        Role::Pawn => 1.0,
        Role::Knight | Role::Bishop => 1.3,
        Role::Rook => 1.5,
        Role::Queen => 2.0,
        Role::King => 6.0,
    }
}

/// How likely a piece an enemy reaches is to be taken (the enemy has a few
/// moves a cycle and other things to do).
const DANGER: f64 = 0.45;

/// What freeing a starting space of the own board is worth (a piece next cycle).
const FREED: f64 = 0.7;

/// Whether `space` is one `populate` fills on `seat`'s board.
pub(crate) fn is_start_space(seat: Seat, space: Space) -> bool {
    START.iter().any(|&(_, f, r)| Space::on(seat, f, r) == Some(space))
}

/// The danger map: for each space, whether a piece of another player reaches it.
#[derive(Clone, Debug)]
pub(crate) struct Danger {
    enemies: Vec<Piece>,
}

impl Danger {
    /// The enemies of `me` in `s`.
    pub(crate) fn new(s: &State, me: Seat) -> Danger {
        Danger { enemies: s.pieces.iter().copied().filter(|p| p.owner != me).collect() }
    }

    /// Whether some enemy piece (other than one on `except`) reaches `space`.
    pub(crate) fn at(&self, space: Space, except: Option<Space>) -> bool {
        self.enemies.iter().any(|e| Some(e.space) != except && reach(e.role, e.space, space).is_ok())
    }
}

/// Every move of `me`'s pieces worth considering, with its worth alone.
pub(crate) fn candidates(s: &State, me: Seat, danger: &Danger) -> Vec<(Move, f64)> {
    let mut out = Vec::new();
    for piece in s.pieces_of(me) {
        let w = worth(piece.role);
        let now = if danger.at(piece.space, None) { DANGER * w } else { 0.0 };
        let frees = is_start_space(me, piece.space);
        for to in s.destinations(piece) {
            let victim = s.piece(to);
            if victim.is_some_and(|v| v.owner == me) {
                continue;
            }
            let mut value = now;
            if let Some(v) = victim {
                value += worth(v.role);
            }
            // Danger where it lands, not counting the piece it takes.
            if danger.at(to, victim.map(|v| v.space)) {
                value -= DANGER * w;
            }
            if frees {
                value += FREED;
            }
            if is_start_space(me, to) {
                // It would stand where a new piece could be placed.
                value -= FREED;
            }
            out.push((Move { piece, to, take: victim.is_some() }, value));
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}
