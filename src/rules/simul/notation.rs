//! Move text: standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q`,
//! `Qxc6+`) and coordinates (`g1f3`, `g1-f3`, `Ng1-f3`, `e7e8q`), read in
//! two stages: text to [`MoveText`] (syntax only), then [`MoveText`] and a
//! position to a legal [`Move`] or a reason (for the player, or in the third
//! person for public text). Written back as SAN ([`san`], [`san_with`]): the
//! canonical form orders are stored and shown in.

use std::fmt;

use thiserror::Error;

use super::board::at;
use super::board::{back_rank, last_rank, Position};
use super::movegen::{legality_in, pseudo_from, why_unreachable_in, Move, MoveKind, Rules};
use super::text::{both_or_all, join_and, join_or, Voice};
use crate::rules::{Role, Side, Square};

/// A move as written, before looking at the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `O-O` (short) or `O-O-O`.
    Castle {
        /// Queenside.
        long: bool,
    },
    /// Standard algebraic notation: piece, optional start file/rank, landing square.
    San {
        /// The piece kind (pawn when no letter is given).
        role: Role,
        /// Start file index, if given (`Nbd2`, `exd5`).
        file: Option<u8>,
        /// Start rank index, if given (`R1a3`).
        rank: Option<u8>,
        /// Landing square.
        to: Square,
        /// Promotion piece, if given.
        promotion: Option<Role>,
        /// Whether it was written as a capture (`Nxf3`); never checked, kept
        /// so that the text reads back as written.
        capture: bool,
    },
    /// Start and landing squares (`g1f3`), optionally with the piece letter.
    Coords {
        /// The piece letter, if given (`Ng1-f3`).
        role: Option<Role>,
        /// Start square.
        from: Square,
        /// Landing square.
        to: Square,
        /// Promotion piece, if given.
        promotion: Option<Role>,
        /// Whether it was written as a capture (`e4xd5`).
        capture: bool,
    },
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not a move{detail}: write it like `Nf3`, `exd5`, `O-O`, `e8=Q` or `g1f3`")]
pub struct SyntaxError {
    /// What was written.
    pub text: String,
    /// Extra detail (` (no square in it)`), possibly empty.
    pub detail: String,
}

fn syntax(text: &str, detail: &str) -> SyntaxError {
    SyntaxError { text: text.to_string(), detail: detail.to_string() }
}

fn promo_role(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'Q' => Some(Role::Queen),
        'R' => Some(Role::Rook),
        'B' => Some(Role::Bishop),
        'N' => Some(Role::Knight),
        'K' => Some(Role::King),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

/// Reads move text (no conditions).
///
/// # Errors
/// [`SyntaxError`] naming the text.
pub fn parse_move(text: &str) -> Result<MoveText, SyntaxError> {
    let original = text.trim();
    if original.chars().count() > 24 {
        return Err(syntax(original, " (too long)"));
    }
    let mut t: String = original.chars().filter(|c| !c.is_whitespace()).collect();
    // Annotations and check marks.
    while t.ends_with(['+', '#', '!', '?']) {
        t.pop();
    }
    for suffix in ["e.p.", "ep"] {
        if t.len() > suffix.len() + 2 && t.to_ascii_lowercase().ends_with(suffix) {
            t.truncate(t.len() - suffix.len());
        }
    }
    let castle: String = t.chars().filter(|c| *c != '-').collect::<String>().to_ascii_uppercase().replace('0', "O");
    match castle.as_str() {
        "OO" => return Ok(MoveText::Castle { long: false }),
        "OOO" => return Ok(MoveText::Castle { long: true }),
        _ => {}
    }
    let chars: Vec<char> = t.chars().collect();
    if chars.is_empty() {
        return Err(syntax(original, ""));
    }
    // Piece letter: upper case KQRBNP, or lower case k q r n (a lower-case b is a file).
    let (role, mut rest) = match chars[0] {
        'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'n' => {
            (Role::from_char(chars[0]).filter(|_| chars.len() > 1), &chars[1..])
        }
        _ => (None, &chars[..]),
    };
    // Promotion suffix: `=Q`, `/Q`, `(Q)`, or a letter right after the last rank digit.
    let mut promotion = None;
    if rest.len() >= 3 && rest[rest.len() - 3] == '(' && rest[rest.len() - 1] == ')' {
        promotion = Some(promo_role(rest[rest.len() - 2]).ok_or_else(|| syntax(original, " (unknown promotion)"))?);
        rest = &rest[..rest.len() - 3];
    } else if rest.len() >= 2 && matches!(rest[rest.len() - 2], '=' | '/') {
        promotion = Some(promo_role(rest[rest.len() - 1]).ok_or_else(|| syntax(original, " (unknown promotion)"))?);
        rest = &rest[..rest.len() - 2];
    } else if rest.len() >= 3
        && rest[rest.len() - 2].is_ascii_digit()
        && rest[rest.len() - 1].is_ascii_alphabetic()
        && promo_role(rest[rest.len() - 1]).is_some()
    {
        promotion = promo_role(rest[rest.len() - 1]);
        rest = &rest[..rest.len() - 1];
    }
    // The rest: squares, a disambiguation, separators `x`, `-`, `:`.
    let capture = rest.iter().any(|c| matches!(c, 'x' | 'X' | ':' | '×'));
    let core: String = rest.iter().filter(|c| !matches!(c, 'x' | 'X' | '-' | ':' | '×')).collect();
    let core: Vec<char> = core.to_ascii_lowercase().chars().collect();
    if core.len() < 2 || !core.iter().all(|c| matches!(c, 'a'..='h' | '1'..='8')) {
        return Err(syntax(original, ""));
    }
    let n = core.len();
    let to = square(core[n - 2], core[n - 1]).ok_or_else(|| syntax(original, ""))?;
    let prefix = &core[..n - 2];
    match prefix {
        [] => Ok(MoveText::San { role: role.unwrap_or(Role::Pawn), file: None, rank: None, to, promotion, capture }),
        [f] if f.is_ascii_lowercase() => Ok(MoveText::San {
            role: role.unwrap_or(Role::Pawn),
            file: Some(*f as u8 - b'a'),
            rank: None,
            to,
            promotion,
            capture,
        }),
        [r] => Ok(MoveText::San {
            role: role.unwrap_or(Role::Pawn),
            file: None,
            rank: Some(*r as u8 - b'1'),
            to,
            promotion,
            capture,
        }),
        [f, r] => {
            let from = square(*f, *r).ok_or_else(|| syntax(original, ""))?;
            Ok(MoveText::Coords { role, from, to, promotion, capture })
        }
        _ => Err(syntax(original, "")),
    }
}

fn square(f: char, r: char) -> Option<Square> {
    if !f.is_ascii_lowercase() || !r.is_ascii_digit() || !('a'..='h').contains(&f) || !('1'..='8').contains(&r) {
        return None;
    }
    Square::from_coords(f as u8 - b'a', r as u8 - b'1')
}

/// A move text that does not give a legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// Not a move at all.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// Several pieces fit the text.
    #[error("{text} is ambiguous: {options} can {} go there{}", both_or_all(*.count), .hint.as_ref().map_or(String::new(), |h| format!("; write {h}")))]
    Ambiguous {
        /// The text.
        text: String,
        /// `the knights on b1 and f3`.
        options: String,
        /// How many pieces fit.
        count: usize,
        /// `Nbd2 or Nfd2`, for the player (none in public text).
        hint: Option<String>,
    },
    /// Understood but not allowed, with the reason.
    #[error("{0}")]
    Illegal(String),
}

/// How a move text is read: whom the reasons speak to, and whether the
/// player's own king must be safe after the move alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Whom reasons speak to.
    pub voice: Voice,
    /// Whether a move that leaves the player's own king in check is refused
    /// (not in the simultaneously progressive mode, where the whole list is
    /// judged instead).
    pub king_safety: bool,
}

impl Reading {
    /// A player's order, read for the player: the chess rules for orders.
    pub const PLAYER: Reading = Reading { voice: Voice::You, king_safety: true };
}

/// What a player's move text was read as (for notes such as a default promotion).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The legal move.
    pub mv: Move,
    /// Something the player should know about how it was read.
    pub note: Option<String>,
}

/// Finds the legal move `text` stands for in `pos` for `side`, as if it were
/// `side`'s turn.
///
/// # Errors
/// [`IllegalMove`] with a reason for the player.
pub fn read(pos: &Position, side: Side, text: &MoveText) -> Result<ReadMove, IllegalMove> {
    read_with(pos, side, text, Reading::PLAYER)
}

/// [`read`], with the reasons in `how.voice` and the king's safety checked
/// or not.
///
/// # Errors
/// [`IllegalMove`] with a reason.
pub fn read_with(pos: &Position, side: Side, text: &MoveText, how: Reading) -> Result<ReadMove, IllegalMove> {
    let v = how.voice;
    match *text {
        MoveText::Castle { long } => {
            let r = back_rank(side);
            let (from, to) = (at(4, r), at(if long { 2 } else { 6 }, r));
            if pos.get(from).is_none_or(|p| p.side != side || p.role != Role::King) {
                return Err(IllegalMove::Illegal(format!(
                    "{} cannot castle: {} king is not on {from}",
                    v.subject(),
                    v.poss()
                )));
            }
            pick(pos, side, from, to, None, how)
        }
        MoveText::Coords { role, from, to, promotion, .. } => {
            let piece = pos.get(from).filter(|p| p.side == side).ok_or_else(|| no_piece(from, v))?;
            if let Some(said) = role.filter(|r| *r != piece.role) {
                return Err(wrong_piece(from, piece.role, said));
            }
            pick(pos, side, from, to, promotion, how)
        }
        MoveText::San { role, file, rank, to, promotion, .. } => {
            let mine = candidates(pos, side, role, file, rank);
            let name = role.name();
            if mine.is_empty() {
                return Err(IllegalMove::Illegal(match (file, rank) {
                    (None, None) => format!("{} no {name}", v.has()),
                    _ => format!("{} no {name} there to move to {to}", v.has()),
                }));
            }
            let reach: Vec<Square> = mine
                .iter()
                .copied()
                .filter(|&s| pseudo_from(pos, s, Rules::Orders).iter().any(|m| m.to == to && promo_fits(m, promotion)))
                .collect();
            match reach.as_slice() {
                [] if mine.len() == 1 => Err(IllegalMove::Illegal(why_unreachable_in(pos, mine[0], to, v))),
                [] => {
                    // Of several, the one whose line leads there but is blocked says why.
                    let lined: Vec<Square> = mine.iter().copied().filter(|&s| on_a_line(pos, s, to)).collect();
                    Err(IllegalMove::Illegal(match lined.as_slice() {
                        [one] => why_unreachable_in(pos, *one, to, v),
                        _ => format!("none of {} {name}s can reach {to}", v.poss()),
                    }))
                }
                [one] => pick(pos, side, *one, to, promotion, how),
                several => {
                    let legal: Vec<Square> =
                        several.iter().copied().filter(|&s| pick(pos, side, s, to, promotion, how).is_ok()).collect();
                    match legal.as_slice() {
                        [one] => pick(pos, side, *one, to, promotion, how),
                        [] => pick(pos, side, several[0], to, promotion, how),
                        many => Err(ambiguous(role, to, many, promotion, v)),
                    }
                }
            }
        }
    }
}

/// Reads `text` as if the player's other pieces were not on the board: a
/// piece may pass or land where its partners stand, because in the
/// simultaneously progressive mode they may leave at the first tick (whether
/// they do is the caller's to check). Castling is never read so. The king's
/// safety is not checked.
///
/// # Errors
/// [`IllegalMove`] with a reason in `voice`.
pub fn read_through(pos: &Position, side: Side, text: &MoveText, voice: Voice) -> Result<ReadMove, IllegalMove> {
    let how = Reading { voice, king_safety: false };
    match *text {
        MoveText::Castle { .. } => read_with(pos, side, text, how),
        MoveText::Coords { role, from, to, promotion, .. } => {
            let piece = pos.get(from).filter(|p| p.side == side).ok_or_else(|| no_piece(from, voice))?;
            if let Some(said) = role.filter(|r| *r != piece.role) {
                return Err(wrong_piece(from, piece.role, said));
            }
            pick(&alone(pos, side, from), side, from, to, promotion, how)
        }
        MoveText::San { role, file, rank, to, promotion, .. } => {
            let reach: Vec<Square> = candidates(pos, side, role, file, rank)
                .into_iter()
                .filter(|&s| {
                    pseudo_from(&alone(pos, side, s), s, Rules::Orders)
                        .iter()
                        .any(|m| m.to == to && promo_fits(m, promotion))
                })
                .collect();
            match reach.as_slice() {
                [one] => pick(&alone(pos, side, *one), side, *one, to, promotion, how),
                [] => read_with(pos, side, text, how),
                many => Err(ambiguous(role, to, many, promotion, voice)),
            }
        }
    }
}

/// Whether the piece on `from` could reach `to` on an otherwise empty board.
fn on_a_line(pos: &Position, from: Square, to: Square) -> bool {
    let mut empty = Position::empty();
    empty.set(from, pos.get(from));
    pseudo_from(&empty, from, Rules::Orders).iter().any(|m| m.to == to)
}

/// `pos` without `side`'s pieces other than the one on `keep`.
fn alone(pos: &Position, side: Side, keep: Square) -> Position {
    let mut p = pos.clone();
    for (s, piece) in pos.pieces() {
        if piece.side == side && s != keep {
            p.set(s, None);
        }
    }
    p
}

/// `side`'s pieces of kind `role` on the given file and rank, if any.
fn candidates(pos: &Position, side: Side, role: Role, file: Option<u8>, rank: Option<u8>) -> Vec<Square> {
    pos.pieces()
        .filter(|(s, p)| {
            p.side == side
                && p.role == role
                && file.is_none_or(|f| s.file().index() == f)
                && rank.is_none_or(|r| s.rank().index() == r)
        })
        .map(|(s, _)| s)
        .collect()
}

fn no_piece(sq: Square, v: Voice) -> IllegalMove {
    IllegalMove::Illegal(format!("{} no piece on {sq}", v.has()))
}

fn wrong_piece(sq: Square, found: Role, said: Role) -> IllegalMove {
    IllegalMove::Illegal(format!("the piece on {sq} is a {}, not a {}", found.name(), said.name()))
}

fn promo_fits(m: &Move, promotion: Option<Role>) -> bool {
    promotion.is_none() || m.promotion.is_none() || m.promotion == promotion
}

fn ambiguous(role: Role, to: Square, many: &[Square], promotion: Option<Role>, v: Voice) -> IllegalMove {
    let name = role.name();
    let squares: Vec<String> = many.iter().map(ToString::to_string).collect();
    let options = format!("the {name}s on {}", join_and(&squares));
    let promo = promotion.map_or(String::new(), |p| format!("={}", p.char()));
    let letter = if role == Role::Pawn { String::new() } else { role.char().to_string() };
    let hints: Vec<String> = many
        .iter()
        .map(|s| {
            let same_file = many.iter().filter(|o| o.file() == s.file()).count() > 1;
            let same_rank = many.iter().filter(|o| o.rank() == s.rank()).count() > 1;
            let d = match (same_file, same_rank) {
                (false, _) => s.file().char().to_string(),
                (true, false) => s.rank().number().to_string(),
                (true, true) => s.to_string(),
            };
            format!("{letter}{d}{to}{promo}")
        })
        .collect();
    let text = format!("{letter}{to}{promo}");
    let hint = (v == Voice::You).then(|| join_or(&hints));
    IllegalMove::Ambiguous { text, options, count: many.len(), hint }
}

/// The legal move of the piece on `from` to `to` with `promotion`.
fn pick(
    pos: &Position,
    side: Side,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    how: Reading,
) -> Result<ReadMove, IllegalMove> {
    let v = how.voice;
    let Some(piece) = pos.get(from).filter(|p| p.side == side) else { return Err(no_piece(from, v)) };
    if let Some(p) = promotion {
        if matches!(p, Role::King | Role::Pawn) {
            return Err(IllegalMove::Illegal("a pawn promotes to a queen, rook, bishop or knight".into()));
        }
        if piece.role != Role::Pawn || to.rank().index() != last_rank(side) {
            return Err(IllegalMove::Illegal(format!(
                "only a pawn reaching the last rank promotes; the {} on {from} going to {to} does not",
                piece.role.name()
            )));
        }
    }
    let candidates: Vec<Move> = pseudo_from(pos, from, Rules::Orders).into_iter().filter(|m| m.to == to).collect();
    if candidates.is_empty() {
        return Err(IllegalMove::Illegal(why_unreachable_in(pos, from, to, v)));
    }
    let (mv, defaulted) = if candidates[0].promotion.is_some() {
        match promotion {
            Some(p) => (candidates.iter().copied().find(|m| m.promotion == Some(p)), false),
            None => (candidates.iter().copied().find(|m| m.promotion == Some(Role::Queen)), true),
        }
    } else {
        (candidates.first().copied(), false)
    };
    let mv = mv.ok_or_else(|| IllegalMove::Illegal(why_unreachable_in(pos, from, to, v)))?;
    if how.king_safety {
        legality_in(pos, &mv, Rules::Orders, v).map_err(IllegalMove::Illegal)?;
    }
    let note = defaulted.then(|| {
        format!("read as {}: the pawn on {from} becomes a queen (write =R, =B or =N for another piece)", san(pos, &mv))
    });
    Ok(ReadMove { mv, note })
}

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

impl fmt::Display for MoveText {
    /// The text as written, normalised: `Nf3`, `Nxf3`, `exd5`, `Ng1f3`,
    /// `e7e8=Q`, `O-O`. A canonical text reads back to itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let promo = |p: &Option<Role>| p.map_or(String::new(), |r| format!("={}", r.char()));
        let x = |c: bool| if c { "x" } else { "" };
        match self {
            MoveText::Castle { long: false } => f.write_str("O-O"),
            MoveText::Castle { long: true } => f.write_str("O-O-O"),
            MoveText::San { role, file, rank, to, promotion, capture } => {
                if *role != Role::Pawn {
                    write!(f, "{}", role.char())?;
                }
                if let Some(c) = file {
                    write!(f, "{}", char::from(b'a' + c))?;
                }
                if let Some(r) = rank {
                    write!(f, "{}", r + 1)?;
                }
                // A pawn named by its file is taking.
                let taking = *capture || (*role == Role::Pawn && file.is_some());
                write!(f, "{}{to}{}", x(taking), promo(promotion))
            }
            MoveText::Coords { role, from, to, promotion, capture } => {
                if let Some(r) = role {
                    write!(f, "{}", r.char())?;
                }
                write!(f, "{from}{}{to}{}", x(*capture), promo(promotion))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    fn read_text(pos: &Position, side: Side, t: &str) -> Result<Move, String> {
        let mt = parse_move(t).map_err(|e| e.to_string())?;
        read(pos, side, &mt).map(|r| r.mv).map_err(|e| e.to_string())
    }

    #[test]
    fn san_and_coordinates() {
        let p = Position::start();
        for (t, from, to) in [
            ("Nf3", "g1", "f3"),
            ("g1f3", "g1", "f3"),
            ("g1-f3", "g1", "f3"),
            ("Ng1-f3", "g1", "f3"),
            ("e4", "e2", "e4"),
            ("e2e4", "e2", "e4"),
            ("Nc3+", "b1", "c3"),
            (" N f3 ", "g1", "f3"),
        ] {
            let m = read_text(&p, Side::White, t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!((m.from, m.to), (sq(from), sq(to)), "{t}");
        }
        let m = read_text(&p, Side::Black, "Nf6").expect("black knight");
        assert_eq!(m.from, sq("g8"));
        assert_eq!(read_text(&p, Side::White, "Ne3").unwrap_err(), "none of your knights can reach e3");
        // Of two bishops, the one whose diagonal leads there says what is in the way.
        assert_eq!(
            read_text(&p, Side::White, "Bg5").unwrap_err(),
            "the bishop on c1 cannot reach g5: d2 is in the way"
        );
        assert_eq!(read_text(&p, Side::White, "g1e3").unwrap_err(), "the knight on g1 cannot reach e3");
        assert_eq!(read_text(&p, Side::White, "e4e5").unwrap_err(), "you have no piece on e4");
        assert!(read_text(&p, Side::White, "f1c4").unwrap_err().contains("e2 is in the way"));
        assert!(read_text(&p, Side::White, "Nz9").unwrap_err().contains("is not a move"));
    }

    #[test]
    fn promotion_castling_and_ambiguity() {
        let mut p = Position::from_fen_board("r3k2r/1P6/8/8/8/8/8/RN2K2R").expect("fen");
        p.castling = super::super::board::Castling::ALL;
        p.validate().expect("valid");
        let m = read_text(&p, Side::White, "b8=N").expect("under-promotion");
        assert_eq!(m.promotion, Some(Role::Knight));
        assert_eq!(read_text(&p, Side::White, "b7b8q").expect("coords").promotion, Some(Role::Queen));
        let r = read(&p, Side::White, &parse_move("b8").expect("parse")).expect("default queen");
        assert_eq!(r.mv.promotion, Some(Role::Queen));
        assert!(r.note.is_some());
        assert!(read_text(&p, Side::White, "O-O").expect("short").is_castle());
        assert!(read_text(&p, Side::White, "e1g1").expect("as king move").is_castle());
        assert!(read_text(&p, Side::White, "O-O-O").unwrap_err().contains("between"));
        assert!(read_text(&p, Side::Black, "0-0").expect("black short").is_castle());
        let e = read_text(&p, Side::Black, "O-O-O").unwrap_err();
        assert!(e.contains("c8") && e.contains("pawn on b7"), "into check: {e}");
        assert_eq!(read_text(&p, Side::White, "bxa8=R").expect("capture-promotion").promotion, Some(Role::Rook));
        let mut q = Position::from_fen_board("4k3/8/8/8/8/5N2/8/1N2K3").expect("fen");
        q.validate().expect("valid");
        let e = read_text(&q, Side::White, "Nd2").unwrap_err();
        assert!(e.contains("ambiguous") && e.contains("Nbd2 or Nfd2"), "{e}");
        assert_eq!(read_text(&q, Side::White, "Nbd2").expect("b").from, sq("b1"));
    }

    #[test]
    fn parse_never_panics_on_odd_text() {
        for t in ["", "x", "=", "e", "e9", "Qxx", "(Q)", "O-O-O-O", "a1a1a1", "ÿ", "e8=", "Ka", "P", "exd5e.p."] {
            let _ = parse_move(t);
        }
        assert!(parse_move("exd6e.p.").is_ok());
    }
}
