//! Chess moves in a Diplomacy Chess position: generation, legality "as if
//! it were that player's turn" and player-readable reasons why a move is
//! not legal. Works in positions where both kings are in check.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{at, attacks, back_rank, forward, last_rank, opponent, squares_of, Piece, Position};
use super::text::Voice;
use crate::{Role, Side, Square};

/// How a move moves its pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveKind {
    /// One piece from one square to another (with a capture if an enemy stands there).
    Normal,
    /// A pawn's two-square advance.
    DoubleStep,
    /// A pawn's en passant capture of the pawn on `captured`.
    EnPassant {
        /// The square of the pawn taken.
        captured: Square,
    },
    /// Castling: the king moves two squares, the rook jumps over it.
    Castle {
        /// The rook's square before.
        rook_from: Square,
        /// The rook's square after.
        rook_to: Square,
    },
}

/// A move of one side's piece (two pieces for castling).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// Whose move.
    pub side: Side,
    /// The moving piece's kind (a promoting pawn is a pawn).
    pub role: Role,
    /// Start square (the king's for castling).
    pub from: Square,
    /// Landing square (the king's for castling).
    pub to: Square,
    /// What a pawn reaching the last rank becomes.
    pub promotion: Option<Role>,
    /// Kind.
    pub kind: MoveKind,
}

impl Move {
    /// The squares the piece enters, one per tick, the landing square last
    /// (a knight's jump enters only its landing square).
    #[must_use]
    pub fn path(&self) -> Vec<Square> {
        line_path(self.from, self.to, self.role == Role::Knight)
    }

    /// For castling, the rook's path.
    #[must_use]
    pub fn rook_path(&self) -> Option<(Square, Vec<Square>)> {
        match self.kind {
            MoveKind::Castle { rook_from, rook_to } => Some((rook_from, line_path(rook_from, rook_to, false))),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[must_use]
    pub fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle { .. })
    }

    /// Whether a pawn moves straight ahead (it can never capture so).
    #[must_use]
    pub fn is_pawn_advance(&self) -> bool {
        self.role == Role::Pawn && self.from.file() == self.to.file()
    }

    /// Coordinate notation, `g1f3`, `e7e8q`, castling as the king's move `e1g1`.
    #[must_use]
    pub fn coords(&self) -> String {
        let promo = self.promotion.map_or(String::new(), |r| r.char().to_ascii_lowercase().to_string());
        format!("{}{}{promo}", self.from, self.to)
    }
}

impl fmt::Display for Move {
    /// Short algebraic-like text without check marks: `Nf3`, `exd5`, `O-O`, `e8=Q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let MoveKind::Castle { rook_from, .. } = self.kind {
            return f.write_str(if rook_from.file().index() == 7 { "O-O" } else { "O-O-O" });
        }
        if self.role == Role::Pawn {
            if self.from.file() != self.to.file() {
                write!(f, "{}x", self.from.file().char())?;
            }
            write!(f, "{}", self.to)?;
            if let Some(p) = self.promotion {
                write!(f, "={}", p.char())?;
            }
            return Ok(());
        }
        write!(f, "{}{}{}", self.role.char(), self.from, self.to)
    }
}

/// The squares from `from` to `to` one at a time along a line (or just `to`).
fn line_path(from: Square, to: Square, jump: bool) -> Vec<Square> {
    let (df, dr) = from.delta(to);
    if jump || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return vec![to];
    }
    let n = df.abs().max(dr.abs());
    (1..=n).filter_map(|k| from.offset(df.signum() * k, dr.signum() * k)).collect()
}

/// Which moves count as legal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Plain chess: for checkmate and stalemate.
    Chess,
    /// What a player may order in Diplomacy Chess: as chess, except that an
    /// enemy piece on a square the piece passes over does not make the move
    /// illegal (it may move away; if it stays the move fails), and a king
    /// may step onto a square attacked now (it fails if the square is still
    /// attacked after the turn). Castling keeps the chess rules.
    Orders,
}

/// The roles a pawn may promote to, strongest first.
pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Every move the piece on `from` could make ignoring its own king's safety.
#[must_use]
pub fn pseudo_from(pos: &Position, from: Square, rules: Rules) -> Vec<Move> {
    let Some(piece) = pos.get(from) else { return Vec::new() };
    let side = piece.side;
    let mut out = Vec::new();
    let mk = |to: Square, promotion: Option<Role>, kind: MoveKind| Move {
        side,
        role: piece.role,
        from,
        to,
        promotion,
        kind,
    };
    let free = |s: Square| pos.get(s).is_none();
    let enemy = |s: Square| pos.get(s).is_some_and(|p| p.side != side);
    match piece.role {
        Role::Pawn => {
            let fw = forward(side);
            let promo_rank = last_rank(side);
            let push = |out: &mut Vec<Move>, to: Square, kind: MoveKind| {
                if to.rank().index() == promo_rank {
                    out.extend(PROMOTIONS.iter().map(|&r| mk(to, Some(r), kind)));
                } else {
                    out.push(mk(to, None, kind));
                }
            };
            let one = from.offset(0, fw);
            if let Some(one) = one.filter(|s| free(*s)) {
                push(&mut out, one, MoveKind::Normal);
            }
            let start_rank = if side == Side::White { 1 } else { 6 };
            let passable = one.is_some_and(|s| free(s) || (rules == Rules::Orders && enemy(s)));
            if from.rank().index() == start_rank && passable {
                if let Some(two) = from.offset(0, 2 * fw).filter(|s| free(*s)) {
                    out.push(mk(two, None, MoveKind::DoubleStep));
                }
            }
            for df in [-1i8, 1] {
                let Some(to) = from.offset(df, fw) else { continue };
                if enemy(to) {
                    push(&mut out, to, MoveKind::Normal);
                } else if free(to) {
                    let ep =
                        pos.double_steps.iter().find(|&&(a, b)| midpoint(a, b) == Some(to) && b.rank() == from.rank());
                    if let Some(&(_, victim)) = ep {
                        if enemy(victim) && pos.get(victim).is_some_and(|p| p.role == Role::Pawn) {
                            out.push(mk(to, None, MoveKind::EnPassant { captured: victim }));
                        }
                    }
                }
            }
        }
        role => {
            let blockers = match rules {
                Rules::Chess => pos.occupied(),
                Rules::Orders => own(pos, side),
            };
            for to in squares_of(attacks(from, side, role, blockers)) {
                if pos.get(to).is_none_or(|p| p.side != side) {
                    out.push(mk(to, None, MoveKind::Normal));
                }
            }
            if role == Role::King {
                out.extend(castlings(pos, from, side).into_iter().map(|(short, rf, rt)| {
                    let to = at(if short { 6 } else { 2 }, back_rank(side));
                    mk(to, None, MoveKind::Castle { rook_from: rf, rook_to: rt })
                }));
            }
        }
    }
    out
}

/// The squares of `side`'s pieces.
fn own(pos: &Position, side: Side) -> cozy_chess::BitBoard {
    let mut bits = 0u64;
    for (s, _) in pos.pieces().filter(|(_, p)| p.side == side) {
        bits |= 1 << s.index();
    }
    cozy_chess::BitBoard(bits)
}

/// The square between two squares two ranks apart on one file.
fn midpoint(a: Square, b: Square) -> Option<Square> {
    let (df, dr) = a.delta(b);
    (df == 0 && dr.abs() == 2).then(|| a.offset(0, dr / 2)).flatten()
}

/// Castlings whose rights and empty squares allow them: (short, rook from, rook to).
fn castlings(pos: &Position, from: Square, side: Side) -> Vec<(bool, Square, Square)> {
    let r = back_rank(side);
    if from != at(4, r) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for short in [true, false] {
        if !pos.castling.get(side, short) {
            continue;
        }
        let (rook_file, between): (u8, &[u8]) = if short { (7, &[5, 6]) } else { (0, &[1, 2, 3]) };
        let rook = at(rook_file, r);
        if pos.get(rook) != Some(Piece::new(side, Role::Rook)) {
            continue;
        }
        if between.iter().all(|&f| pos.get(at(f, r)).is_none()) {
            out.push((short, rook, at(if short { 5 } else { 3 }, r)));
        }
    }
    out
}

/// Every pseudo-legal move of `side`.
#[must_use]
pub fn pseudo_moves(pos: &Position, side: Side, rules: Rules) -> Vec<Move> {
    pos.pieces().filter(|(_, p)| p.side == side).flat_map(|(s, _)| pseudo_from(pos, s, rules)).collect()
}

/// The position after `mv` as a plain chess move (no conflicts): used for
/// legality and for a player's own later moves in the progressive modes.
/// Last turn's two-square advances are forgotten; this move's is recorded.
#[must_use]
pub fn make(pos: &Position, mv: &Move) -> Position {
    let mut p = pos.clone();
    let piece = Piece::new(mv.side, mv.promotion.unwrap_or(mv.role));
    p.set(mv.from, None);
    p.set(mv.to, Some(piece));
    p.castling.touch(mv.from);
    p.castling.touch(mv.to);
    match mv.kind {
        MoveKind::EnPassant { captured } => p.set(captured, None),
        MoveKind::Castle { rook_from, rook_to } => {
            p.set(rook_from, None);
            p.set(rook_to, Some(Piece::new(mv.side, Role::Rook)));
        }
        MoveKind::Normal | MoveKind::DoubleStep => {}
    }
    p.double_steps = if mv.kind == MoveKind::DoubleStep { vec![(mv.from, mv.to)] } else { Vec::new() };
    p
}

/// Why a pseudo-legal move is not legal, or `Ok` if it is. Taking the
/// enemy king is always legal (it ends the game if it succeeds).
///
/// # Errors
/// A sentence for the player.
pub fn legality(pos: &Position, mv: &Move, rules: Rules) -> Result<(), String> {
    legality_in(pos, mv, rules, Voice::You)
}

/// [`legality`] with the reason in `voice`.
///
/// # Errors
/// A sentence in `voice`.
pub fn legality_in(pos: &Position, mv: &Move, rules: Rules, voice: Voice) -> Result<(), String> {
    let side = mv.side;
    let foe = opponent(side);
    if pos.get(mv.to).is_some_and(|p| p.role == Role::King && p.side == foe) {
        return Ok(());
    }
    if rules == Rules::Orders && mv.role == Role::King && !mv.is_castle() {
        return Ok(());
    }
    let (who, poss) = (voice.subject(), voice.poss());
    if let MoveKind::Castle { rook_from, .. } = mv.kind {
        let wing = if rook_from.file().index() == 7 { "kingside" } else { "queenside" };
        if pos.is_attacked(mv.from, foe) {
            return Err(format!("{who} cannot castle {wing} while {poss} king is in check{}", by(pos, mv.from, foe)));
        }
        let passed = line_path(mv.from, mv.to, false)[0];
        if pos.is_attacked(passed, foe) {
            return Err(format!(
                "{who} cannot castle {wing}: {poss} king would pass through {passed}, which is attacked{}",
                by(pos, passed, foe)
            ));
        }
    }
    let after = make(pos, mv);
    let Some(king) = after.king(side) else { return Ok(()) };
    let attackers = after.attackers(king, foe);
    let Some(&(asq, ap)) = attackers.first() else { return Ok(()) };
    let attacker = format!("the {} on {asq}", ap.role.name());
    if mv.role == Role::King {
        return Err(format!("{poss} king would be in check on {king} (attacked by {attacker})"));
    }
    if let Some(k) = pos.king(side) {
        if pos.is_attacked(k, foe) {
            return Err(format!(
                "{poss} king on {k} is in check{} and moving the {} on {} does not get it out of check",
                by(pos, k, foe),
                mv.role.name(),
                mv.from
            ));
        }
        return Err(format!("the {} on {} is pinned to {poss} king on {k} by {attacker}", mv.role.name(), mv.from));
    }
    Err(format!("moving the {} on {} would leave {poss} king in check", mv.role.name(), mv.from))
}

/// ` (from the queen on h4)`: the first attacker of `sq`, for messages.
fn by(pos: &Position, sq: Square, foe: Side) -> String {
    pos.attackers(sq, foe).first().map_or(String::new(), |(s, p)| format!(" (from the {} on {s})", p.role.name()))
}

/// Every legal move of `side` as if it were its turn.
#[must_use]
pub fn legal_moves(pos: &Position, side: Side, rules: Rules) -> Vec<Move> {
    pseudo_moves(pos, side, rules).into_iter().filter(|m| legality(pos, m, rules).is_ok()).collect()
}

/// Whether `side` has any legal chess move (for checkmate and stalemate).
#[must_use]
pub fn has_legal_move(pos: &Position, side: Side) -> bool {
    pos.pieces()
        .filter(|(_, p)| p.side == side)
        .any(|(s, _)| pseudo_from(pos, s, Rules::Chess).iter().any(|m| legality(pos, m, Rules::Chess).is_ok()))
}

/// Why the piece on `from` has no pseudo-legal move to `to` (the piece is
/// `side`'s): a sentence for the player.
#[must_use]
pub fn why_unreachable(pos: &Position, from: Square, to: Square) -> String {
    why_unreachable_in(pos, from, to, Voice::You)
}

/// [`why_unreachable`] in `voice`.
#[must_use]
pub fn why_unreachable_in(pos: &Position, from: Square, to: Square, voice: Voice) -> String {
    let Some(piece) = pos.get(from) else { return format!("{} no piece on {from}", voice.has()) };
    let name = piece.role.name();
    if from == to {
        return format!("the {name} on {from} is already there");
    }
    if let Some(p) = pos.get(to).filter(|p| p.side == piece.side) {
        return format!("{} own {} stands on {to}", voice.poss(), p.role.name());
    }
    let blocked = |path: &[Square]| {
        path.iter().rev().skip(1).rev().find(|s| pos.get(**s).is_some_and(|p| p.side == piece.side)).copied()
    };
    match piece.role {
        Role::Pawn => {
            let fw = forward(piece.side);
            let (df, dr) = from.delta(to);
            if df == 0 && (dr == fw || dr == 2 * fw) {
                let path = line_path(from, to, false);
                if pos.get(to).is_some() {
                    return format!("the pawn on {from} cannot advance: {to} is occupied (pawns take only diagonally)");
                }
                if let Some(s) = path.iter().find(|s| pos.get(**s).is_some_and(|p| p.side == piece.side)) {
                    return format!("the pawn on {from} cannot advance: {} own piece stands on {s}", voice.poss());
                }
                return format!("the pawn on {from} can advance two squares only from its starting square");
            }
            if df.abs() == 1 && dr == fw {
                return format!(
                    "a pawn moves diagonally only to take: there is nothing on {to} to take (en passant only right after an enemy pawn's two-square advance past {to})"
                );
            }
            format!("the pawn on {from} cannot reach {to}")
        }
        Role::King if from.distance(to) == 2 && from.rank() == to.rank() => {
            format!("the king on {from} cannot castle there now: {}", castle_obstacle(pos, from, to, piece.side, voice))
        }
        Role::Knight | Role::King => format!("the {name} on {from} cannot reach {to}"),
        role => {
            let (df, dr) = from.delta(to);
            let lines = match role {
                Role::Rook => df == 0 || dr == 0,
                Role::Bishop => df.abs() == dr.abs(),
                _ => df == 0 || dr == 0 || df.abs() == dr.abs(),
            };
            if lines {
                if let Some(s) = blocked(&line_path(from, to, false)) {
                    return format!("the {name} on {from} cannot reach {to}: {s} is in the way");
                }
            }
            format!("the {name} on {from} cannot reach {to}")
        }
    }
}

/// Why the king on `from` cannot castle to `to` by rights or obstacles.
fn castle_obstacle(pos: &Position, from: Square, to: Square, side: Side, voice: Voice) -> String {
    let r = back_rank(side);
    let short = to.file().index() > from.file().index();
    let wing = if short { "kingside" } else { "queenside" };
    if from != at(4, r) {
        return "the king is not on its starting square".into();
    }
    if !pos.castling.get(side, short) {
        return format!("castling {wing} is no longer allowed (the king or that rook has moved)");
    }
    let rook = at(if short { 7 } else { 0 }, r);
    if pos.get(rook) != Some(Piece::new(side, Role::Rook)) {
        return format!("{} no rook on {rook}", voice.has());
    }
    let between: &[u8] = if short { &[5, 6] } else { &[1, 2, 3] };
    let busy: Vec<String> =
        between.iter().map(|&f| at(f, r)).filter(|s| pos.get(*s).is_some()).map(|s| s.to_string()).collect();
    format!("there are pieces between the king and the rook ({})", busy.join(", "))
}

/// The pieces giving check to `side`'s king.
#[must_use]
pub fn checkers(pos: &Position, side: Side) -> Vec<(Square, Piece)> {
    pos.king(side).map_or(Vec::new(), |k| pos.attackers(k, opponent(side)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    #[test]
    fn start_has_twenty_moves_each() {
        let p = Position::start();
        assert_eq!(legal_moves(&p, Side::White, Rules::Chess).len(), 20);
        assert_eq!(legal_moves(&p, Side::Black, Rules::Orders).len(), 20);
    }

    #[test]
    fn perft_three_plies_from_start() {
        let p = Position::start();
        let n: usize = legal_moves(&p, Side::White, Rules::Chess)
            .iter()
            .map(|m| {
                let q = make(&p, m);
                legal_moves(&q, Side::Black, Rules::Chess)
                    .iter()
                    .map(|b| legal_moves(&make(&q, b), Side::White, Rules::Chess).len())
                    .sum::<usize>()
            })
            .sum();
        assert_eq!(n, 8902, "perft 3");
    }

    #[test]
    fn pin_is_explained() {
        let mut p = Position::from_fen_board("4k3/8/8/8/1b6/8/3P4/4K3").expect("fen");
        p.validate().expect("valid");
        let mv = pseudo_from(&p, sq("d2"), Rules::Orders).into_iter().find(|m| m.to == sq("d4")).expect("d4");
        let e = legality(&p, &mv, Rules::Orders).unwrap_err();
        assert!(e.contains("pinned") && e.contains("bishop on b4"), "{e}");
    }

    #[test]
    fn both_kings_in_check_is_fine() {
        let mut p = Position::from_fen_board("4k3/8/8/8/8/8/8/r3K2R").expect("fen");
        p.set(sq("e5"), Some(Piece::new(Side::White, Role::Rook)));
        assert!(p.in_check(Side::White) && p.in_check(Side::Black));
        assert!(has_legal_move(&p, Side::White));
        let mut moves: Vec<String> = legal_moves(&p, Side::White, Rules::Chess).iter().map(Move::coords).collect();
        moves.sort();
        assert_eq!(moves, ["e1d2", "e1e2", "e1f2", "e5e8"]);
        // As orders, the king may also step onto attacked squares, and the
        // rook may pass the black king's square.
        let orders = legal_moves(&p, Side::White, Rules::Orders);
        assert!(orders.iter().any(|m| m.coords() == "e1d1"));
    }
}
