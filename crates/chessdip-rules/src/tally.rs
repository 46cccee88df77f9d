//! What a chart of a game counts in a position ([`Position::tally`]):
//! supply centers per power in the games with centers (Chess Dip,
//! Chesspolitik), pieces per player in Chess Wheel+, and material per side
//! in the two-player chess games (Diplomacy Chess, Diplomat Chess); and
//! the period a position belongs to ([`Position::period`]: the year, the
//! cycle, the turn or the move number).

use crate::any::{Position, Report};
use crate::diplomacy_chess::board::{side_name, value_of};
use crate::diplomat_chess::piece::{Colour, Kind};
use crate::power::Side;
use crate::Role;

/// Every power's count, by name, in seat order.
pub type Tally = Vec<(String, u32)>;

/// What a game's chart counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Supply centers per power, one point a game year (Chess Dip, Chesspolitik).
    Centers,
    /// Pieces per player, one point a cycle (Chess Wheel+).
    Pieces,
    /// Material per side, one point a turn (Diplomacy Chess) or a move
    /// (Diplomat Chess): chess's usual values ([`value_of`]) and
    /// [`diplomat_material`].
    Material,
}

/// A Diplomat Chess piece's material value: that of the chess piece it
/// stands for ([`value_of`]): the pawn 1, the horse a knight's 3, the bishop
/// 3, the rook 5, the king not counted, and the diplomat a queen's 9: it
/// takes the queen's place in a standard set, and its author holds it may
/// be the strongest piece of the game (a suborn takes a piece from one
/// side and gives it to the other).
#[must_use]
pub const fn diplomat_material(kind: Kind) -> u32 {
    value_of(match kind {
        Kind::King => Role::King,
        Kind::Diplomat => Role::Queen,
        Kind::Rook => Role::Rook,
        Kind::Bishop => Role::Bishop,
        Kind::Horse => Role::Knight,
        Kind::Pawn => Role::Pawn,
    })
}

impl Position {
    /// What [`Position::tally`] counts in this game.
    #[must_use]
    pub fn counted(&self) -> Counted {
        match self {
            Position::ChessDip { .. } => Counted::Centers,
            Position::ChessWheel { .. } => Counted::Pieces,
            Position::DiplomacyChess { .. } | Position::DiplomatChess { .. } => Counted::Material,
        }
    }

    /// Every power (in seat order, those out of the game too) with what a
    /// chart counts of it ([`Position::counted`]): its supply centers, its
    /// pieces on the boards, or its side's material.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        match self {
            Position::ChessDip { variant: v, state: s } => {
                v.power_ids().map(|p| (v.power(p).name.clone(), count(s.centers_of(p).len()))).collect()
            }
            Position::ChessWheel { state: s, .. } => s
                .seats()
                .map(|seat| (s.name(seat).to_string(), count(s.pieces.iter().filter(|p| p.owner == seat).count())))
                .collect(),
            Position::DiplomacyChess { state: s, .. } => [Side::White, Side::Black]
                .into_iter()
                .map(|side| {
                    let worth = s.position.pieces().filter(|(_, p)| p.side == side).map(|(_, p)| value_of(p.role));
                    (side_name(side).to_string(), worth.sum())
                })
                .collect(),
            Position::DiplomatChess { state: s, .. } => Colour::BOTH
                .into_iter()
                .map(|colour| {
                    let worth =
                        s.position.pieces().filter(|(_, p)| p.colour == colour).map(|(_, p)| diplomat_material(p.kind));
                    (colour.name().to_string(), worth.sum())
                })
                .collect(),
        }
    }

    /// [`Position::tally`] after `report`, resolved from this position,
    /// when the report says what changed the count: Chess Wheel+'s pieces
    /// less those taken in the cycle (its kept positions change in place
    /// when a board is created or populated, so the next cycle's position
    /// does not tell how a cycle ended). `None` for the other games, and
    /// for a report of another game.
    #[must_use]
    pub fn tally_after(&self, report: &Report) -> Option<Tally> {
        let (Position::ChessWheel { state: s, .. }, Report::ChessWheel(r)) = (self, report) else { return None };
        let mut tally = self.tally();
        for taken in &r.taken {
            if let Some((_, n)) = tally.iter_mut().find(|(name, _)| name == s.name(taken.piece.owner)) {
                *n = n.saturating_sub(1);
            }
        }
        Some(tally)
    }

    /// The period the position belongs to, which a chart draws one point
    /// for: the game year (Chess Dip, Chesspolitik), the cycle (Chess
    /// Wheel+), the turn (Diplomacy Chess) or the move number, White's and
    /// Black's moves together (Diplomat Chess).
    #[must_use]
    pub fn period(&self) -> u32 {
        match self {
            Position::ChessDip { state: s, .. } => s.phase.year,
            Position::ChessWheel { state: s, .. } => s.cycle,
            Position::DiplomacyChess { state: s, .. } => s.turn,
            Position::DiplomatChess { state: s, .. } => s.number,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::any::Game;

    fn start(id: &str, powers: &[&str]) -> Position {
        let game = Game::build(id, &BTreeMap::new()).expect("a variant");
        let powers: Vec<String> = powers.iter().map(|p| (*p).to_string()).collect();
        game.start(&powers).expect("starts")
    }

    #[test]
    fn the_start_of_each_family_counts_what_its_chart_shows() {
        let dip = start("chessdip", &[]);
        assert_eq!(dip.counted(), Counted::Centers);
        let centers = dip.tally();
        assert_eq!(centers.len(), 4, "every power: {centers:?}");
        for (power, n) in &centers {
            assert_eq!(Some(*n as usize), dip.centers(power), "{power}");
        }
        assert!(dip.phase().name.ends_with(&format!(" {}", dip.period())), "the year of {}", dip.phase().name);

        // Diplomacy Chess: 8 pawns, 2 knights, 2 bishops, 2 rooks and a queen a side.
        let simul = start("diplomacy-chess", &[]);
        assert_eq!(simul.counted(), Counted::Material);
        assert_eq!(simul.tally(), vec![("White".to_string(), 39), ("Black".to_string(), 39)]);

        // Diplomat Chess: 5 pawns, a horse, a bishop, a rook and a diplomat a side.
        let diplomat = start("diplomat-chess", &[]);
        assert_eq!(diplomat.tally(), vec![("White".to_string(), 5 + 3 + 3 + 5 + 9), ("Black".to_string(), 25)]);
        assert_eq!(diplomat.period(), 1);

        // Chess Wheel+ begins without boards: nobody has a piece yet.
        let wheel = start("chess-wheel", &["ann", "bo", "cy"]);
        assert_eq!(wheel.counted(), Counted::Pieces);
        assert_eq!(wheel.tally(), vec![("ann".to_string(), 0), ("bo".to_string(), 0), ("cy".to_string(), 0)]);
        assert_eq!(wheel.period(), 1);
        assert!(wheel.tally_after(&Report::ChessWheel(Box::default())).is_some());
        assert!(dip.tally_after(&Report::ChessWheel(Box::default())).is_none(), "only Chess Wheel+ needs the report");
    }

    #[test]
    fn kings_count_nothing_and_queens_and_diplomats_nine() {
        assert_eq!(Role::ALL.map(value_of), [0, 9, 5, 3, 3, 1]);
        assert_eq!(diplomat_material(Kind::King), 0);
        assert_eq!(diplomat_material(Kind::Diplomat), value_of(Role::Queen));
        assert_eq!(diplomat_material(Kind::Horse), value_of(Role::Knight));
    }
}
