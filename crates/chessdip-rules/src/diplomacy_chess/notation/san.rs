//! A legal move written back as SAN: the canonical form orders are stored
//! and shown in.

use super::super::board::Position;
use super::super::movegen::{Move, MoveKind};
use super::{read, MoveText};
use crate::Role;

/// The texts that could name `mv` in `pos`, least disambiguated first: the
/// bare SAN (`Nf3`), with the start file (`Ngf3`), with the start rank
/// (`N1f3`), with the start square (`Ng1f3`). A capture mark when an enemy
/// piece stands on the landing square (always for a pawn's diagonal move).
fn spellings(pos: &Position, mv: &Move) -> Vec<MoveText> {
    let (from, to, promotion) = (mv.from, mv.to, mv.promotion);
    if let MoveKind::Castle { rook_from, .. } = mv.kind {
        let long = rook_from.file().index() == 0;
        return vec![
            MoveText::Castle { long },
            MoveText::Coords { role: Some(Role::King), from, to, promotion: None, capture: false },
        ];
    }
    let (file, rank) = (Some(from.file().index()), Some(from.rank().index()));
    if mv.role == Role::Pawn {
        let capture = from.file() != to.file();
        let first = MoveText::San {
            role: Role::Pawn,
            file: capture.then_some(from.file().index()),
            rank: None,
            to,
            promotion,
            capture,
        };
        return vec![first, MoveText::Coords { role: None, from, to, promotion, capture }];
    }
    let capture = pos.get(to).is_some_and(|p| p.side != mv.side);
    let san = |file, rank| MoveText::San { role: mv.role, file, rank, to, promotion, capture };
    vec![
        san(None, None),
        san(file, None),
        san(None, rank),
        MoveText::Coords { role: Some(mv.role), from, to, promotion, capture },
    ]
}

/// The canonical text of `mv` (SAN, no check marks): the first spelling
/// (bare, then with the start file, rank, square) that `reads` takes back to
/// `mv`; the full square if none does.
#[must_use]
pub fn san_with(pos: &Position, mv: &Move, reads: impl Fn(&MoveText) -> bool) -> String {
    let all = spellings(pos, mv);
    all.iter().find(|t| reads(t)).or(all.last()).map_or_else(|| mv.coords(), ToString::to_string)
}

/// The SAN of `mv` in `pos` as a chess player writes it: disambiguated only
/// as far as [`read`] needs in `pos`.
#[must_use]
pub fn san(pos: &Position, mv: &Move) -> String {
    san_with(pos, mv, |t| read(pos, mv.side, t).is_ok_and(|r| r.mv == *mv))
}
