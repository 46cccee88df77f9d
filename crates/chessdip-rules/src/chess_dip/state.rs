//! Game state of a Diplomacy-style game: the phase, the pieces, center owners
//! and the small extra memory some rules need (moved pieces, the last movement
//! phase's two-square pawn advances, promoted home centers).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::variant::Variant;
use crate::power::PowerId;
use crate::role::Role;
use crate::square::Square;
use crate::square_set::SquareSet;

/// The three seasons of a year.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Season {
    /// First movement phase.
    Spring,
    /// Second movement phase; center ownership changes after it.
    Fall,
    /// Adjustments: builds, disbands (and promotions in Chess Dip).
    Winter,
}

impl Season {
    /// Whether pieces move in this season.
    #[must_use]
    pub const fn is_movement(self) -> bool {
        !matches!(self, Season::Winter)
    }
    const fn index(self) -> usize {
        self as usize
    }
}

/// A phase: season and year.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Phase {
    /// The year, numbered as the variant numbers them.
    pub year: u32,
    /// The season.
    pub season: Season,
}

impl Phase {
    /// The last year that can be numbered. A game that reaches it is over,
    /// drawn ([`super::game_result`]): its next year could not be numbered.
    pub const LAST_YEAR: u32 = u32::MAX;

    /// The phase after this one, not skipping anything. Winter of
    /// [`Phase::LAST_YEAR`] has no next phase and stays where it is (the
    /// game is over by then).
    #[must_use]
    pub const fn next(self) -> Phase {
        match self.season {
            Season::Spring => Phase { year: self.year, season: Season::Fall },
            Season::Fall => Phase { year: self.year, season: Season::Winter },
            Season::Winter => match self.year.checked_add(1) {
                Some(year) => Phase { year, season: Season::Spring },
                None => self,
            },
        }
    }

    /// The display name with the variant's season names (`Fall 1603`).
    #[must_use]
    pub fn name(self, variant: &Variant) -> String {
        format!("{} {}", variant.seasons[self.season.index()], self.year)
    }

    /// Reads `spring 1601`, `Fall 3`, `winter 1` (also `S1601`, `F1601`, `W1601`).
    ///
    /// # Errors
    /// A message saying what a phase looks like.
    pub fn parse(text: &str) -> Result<Phase, String> {
        let t = text.trim().to_ascii_lowercase();
        let err = || format!("`{text}` is not a phase: write a season and a year, like `spring 1601`");
        let (season_part, year_part) = match t.split_once(char::is_whitespace) {
            Some((s, y)) => (s.to_string(), y.trim().to_string()),
            None => {
                let split = t.find(|c: char| c.is_ascii_digit()).ok_or_else(err)?;
                (t[..split].to_string(), t[split..].to_string())
            }
        };
        let season = match season_part.as_str() {
            "spring" | "s" => Season::Spring,
            "fall" | "autumn" | "f" => Season::Fall,
            "winter" | "w" => Season::Winter,
            _ => return Err(err()),
        };
        let year = year_part.parse().map_err(|e: std::num::ParseIntError| match e.kind() {
            std::num::IntErrorKind::PosOverflow => {
                format!("`{text}` is not a phase: years go up to {}, not {year_part}", Phase::LAST_YEAR)
            }
            _ => err(),
        })?;
        Ok(Phase { year, season })
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.season {
            Season::Spring => "Spring",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        };
        write!(f, "{s} {}", self.year)
    }
}

/// A piece on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Its owner.
    pub power: PowerId,
    /// Its kind.
    pub role: Role,
    /// Whether it has ever moved successfully (castling needs unmoved pieces).
    #[serde(default)]
    pub moved: bool,
}

/// The state of a Diplomacy-style game between two phases.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "StateData", try_from = "StateData")]
pub struct ChessDipState {
    /// The phase to be played next.
    pub phase: Phase,
    pieces: [Option<Piece>; 64],
    owners: [Option<PowerId>; 64],
    /// Two-square pawn advances made in the last movement phase, as (from, to).
    /// The record lasts until the next movement phase resolves: an adjustment
    /// phase in between keeps it, less the pawns it disbands or promotes.
    pub double_steps: Vec<(Square, Square)>,
    /// Centers made home centers of one power by a promotion.
    pub promoted_homes: BTreeMap<Square, PowerId>,
}

/// The serialized form of [`ChessDipState`].
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StateData {
    phase: Phase,
    pieces: Vec<(Square, Piece)>,
    owners: Vec<(Square, PowerId)>,
    #[serde(default)]
    double_steps: Vec<(Square, Square)>,
    #[serde(default)]
    promoted_homes: BTreeMap<Square, PowerId>,
}

impl From<ChessDipState> for StateData {
    fn from(s: ChessDipState) -> StateData {
        StateData {
            phase: s.phase,
            pieces: s.pieces().collect(),
            owners: s.owned_centers().collect(),
            double_steps: s.double_steps,
            promoted_homes: s.promoted_homes,
        }
    }
}

impl TryFrom<StateData> for ChessDipState {
    type Error = String;
    fn try_from(d: StateData) -> Result<ChessDipState, String> {
        let mut s = ChessDipState::empty(d.phase);
        for (sq, p) in d.pieces {
            if s.piece(sq).is_some() {
                return Err(format!("two pieces on {sq}"));
            }
            s.put(sq, p);
        }
        for (sq, p) in d.owners {
            s.set_owner(sq, Some(p));
        }
        s.double_steps = d.double_steps;
        s.promoted_homes = d.promoted_homes;
        Ok(s)
    }
}

impl ChessDipState {
    /// An empty board in `phase`.
    #[must_use]
    pub fn empty(phase: Phase) -> ChessDipState {
        ChessDipState {
            phase,
            pieces: [None; 64],
            owners: [None; 64],
            double_steps: Vec::new(),
            promoted_homes: BTreeMap::new(),
        }
    }

    /// The variant's starting position in Spring of its first year.
    #[must_use]
    pub fn start(variant: &Variant) -> ChessDipState {
        let mut s = ChessDipState::empty(Phase { year: variant.first_year, season: Season::Spring });
        for (id, p) in variant.power_ids().map(|id| (id, variant.power(id))) {
            for &(role, sq) in &p.start_units {
                s.put(sq, Piece { power: id, role, moved: false });
            }
            for c in p.start_centers.iter() {
                s.set_owner(c, Some(id));
            }
        }
        s
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()]
    }

    /// Places (or replaces) a piece.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.pieces[sq.index()] = Some(piece);
    }

    /// Removes and returns the piece on `sq`.
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()].take()
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces.iter().enumerate().filter_map(|(i, p)| Some((Square::from_index(i)?, (*p)?)))
    }

    /// The pieces of one power.
    pub fn pieces_of(&self, power: PowerId) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces().filter(move |(_, p)| p.power == power)
    }

    /// The owner of a center (`None` for neutral centers and non-centers).
    #[must_use]
    pub fn owner(&self, sq: Square) -> Option<PowerId> {
        self.owners[sq.index()]
    }

    /// Sets a center's owner.
    pub fn set_owner(&mut self, sq: Square, owner: Option<PowerId>) {
        self.owners[sq.index()] = owner;
    }

    /// Every owned center with its owner.
    pub fn owned_centers(&self) -> impl Iterator<Item = (Square, PowerId)> + '_ {
        self.owners.iter().enumerate().filter_map(|(i, p)| Some((Square::from_index(i)?, (*p)?)))
    }

    /// The centers a power owns.
    #[must_use]
    pub fn centers_of(&self, power: PowerId) -> SquareSet {
        self.owned_centers().filter(|(_, p)| *p == power).map(|(s, _)| s).collect()
    }

    /// How many pieces a power has.
    #[must_use]
    pub fn piece_count(&self, power: PowerId) -> usize {
        self.pieces_of(power).count()
    }

    /// The power's home centers now: the variant's, less those a promotion
    /// gave to another power, plus those a promotion gave to it.
    #[must_use]
    pub fn homes(&self, variant: &Variant, power: PowerId) -> SquareSet {
        self.with_promotions(variant.power(power).homes, power)
    }

    /// Where the power may build when it owns the center and it is empty.
    #[must_use]
    pub fn build_zone(&self, variant: &Variant, power: PowerId) -> SquareSet {
        self.with_promotions(variant.power(power).build_zone, power)
    }

    fn with_promotions(&self, mut set: SquareSet, power: PowerId) -> SquareSet {
        for (&sq, &p) in &self.promoted_homes {
            if p == power {
                set.insert(sq);
            } else {
                set.remove(sq);
            }
        }
        set
    }

    /// Whether a power is still in the game: it has a piece or a center.
    #[must_use]
    pub fn is_alive(&self, power: PowerId) -> bool {
        self.pieces_of(power).next().is_some() || self.owned_centers().any(|(_, p)| p == power)
    }
}

/// A position as written in a scenario or a moderator's command, before checking.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// Pieces: power, role, square, whether it has moved.
    pub pieces: Vec<(PowerId, Role, Square, bool)>,
    /// Center owners that differ from the start (`None` = neutral).
    pub owners: Vec<(Square, Option<PowerId>)>,
    /// The last movement phase's two-square pawn advances.
    pub double_steps: Vec<(Square, Square)>,
    /// Centers that promotions made home centers.
    pub promoted_homes: Vec<(Square, PowerId)>,
}

/// Why a [`Setup`] is not a position of its variant.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A square outside the variant's board.
    #[error("{square} is not on the {files}x{ranks} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// Board width.
        files: u8,
        /// Board height.
        ranks: u8,
    },
    /// Two pieces on one square.
    #[error("two pieces are placed on {0}")]
    Occupied(Square),
    /// A piece kind this variant does not use.
    #[error("{variant} has no {role}s: it uses {allowed}")]
    Role {
        /// The variant's name.
        variant: String,
        /// The kind.
        role: Role,
        /// The kinds in play.
        allowed: String,
    },
    /// A center owner set on a square that is no center.
    #[error("{0} is not a supply center")]
    NotACenter(Square),
}

impl ChessDipState {
    /// Builds a position from a setup. Unlisted centers keep their start owner.
    ///
    /// # Errors
    /// [`SetupError`] for squares off the board, doubled squares, pieces the
    /// variant does not use, or owners set on non-centers.
    pub fn from_setup(variant: &Variant, phase: Phase, setup: &Setup) -> Result<ChessDipState, SetupError> {
        let board = variant.board;
        let on_board = |sq: Square| {
            if board.contains(sq) {
                Ok(())
            } else {
                Err(SetupError::OffBoard { square: sq, files: board.files, ranks: board.ranks })
            }
        };
        let mut s = ChessDipState::start(variant);
        s.phase = phase;
        s.pieces = [None; 64];
        for &(power, role, sq, moved) in &setup.pieces {
            on_board(sq)?;
            if !variant.has_role(role) {
                return Err(SetupError::Role { variant: variant.name.clone(), role, allowed: variant.roles_text() });
            }
            if s.piece(sq).is_some() {
                return Err(SetupError::Occupied(sq));
            }
            s.put(sq, Piece { power, role, moved });
        }
        for &(sq, owner) in &setup.owners {
            on_board(sq)?;
            if !variant.centers.contains(sq) {
                return Err(SetupError::NotACenter(sq));
            }
            s.set_owner(sq, owner);
        }
        for &(from, to) in &setup.double_steps {
            on_board(from)?;
            on_board(to)?;
        }
        s.double_steps = setup.double_steps.clone();
        for &(sq, p) in &setup.promoted_homes {
            on_board(sq)?;
            if !variant.centers.contains(sq) {
                return Err(SetupError::NotACenter(sq));
            }
            s.promoted_homes.insert(sq, p);
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases() {
        let p = Phase::parse("Fall 1603").unwrap();
        assert_eq!(p, Phase { year: 1603, season: Season::Fall });
        assert_eq!(p.next().to_string(), "Winter 1603");
        assert_eq!(p.next().next().to_string(), "Spring 1604");
        assert_eq!(Phase::parse("w1").unwrap().to_string(), "Winter 1");
        assert!(Phase::parse("summer 1").is_err());
        assert!(Phase::parse("").is_err());
        assert!(Phase::parse("spring -1").is_err());
    }

    #[test]
    fn huge_years_are_refused_and_the_last_year_does_not_wrap() {
        let e = Phase::parse("spring 99999999999").unwrap_err();
        assert!(e.contains("years go up to 4294967295, not 99999999999"), "{e}");
        assert!(Phase::parse("W99999999999999999999999999").is_err());
        let last = Phase::parse("winter 4294967295").unwrap();
        assert_eq!(last, Phase { year: Phase::LAST_YEAR, season: Season::Winter });
        assert_eq!(last.next(), last);
        let before = Phase { year: Phase::LAST_YEAR - 1, season: Season::Winter };
        assert_eq!(before.next(), Phase { year: Phase::LAST_YEAR, season: Season::Spring });
    }

    #[test]
    fn start_and_serde_round_trip() {
        let v = Variant::builtin("chesspolitik4").unwrap();
        let s = ChessDipState::start(&v);
        assert_eq!(s.pieces().count(), 16);
        assert_eq!(s.owned_centers().count(), 20);
        let json = serde_json::to_string(&s).unwrap();
        let back: ChessDipState = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
    }
}
