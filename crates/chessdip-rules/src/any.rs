//! Any of the five games: the one dispatch over the rules families
//! ([`crate::family::Family`]), by enum.
//!
//! A [`Game`] is a variant with its creation options; a [`Position`] is a
//! game together with a state of that game, so the two cannot mismatch; a
//! [`Report`] is what resolving a phase of it tells the renderers. Drawing
//! them is the `chessdip-render` crate's job (its `any` module).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::chess_dip::{self, ChessDipReport, ChessDipState};
use crate::chess_wheel::{self, ChessWheelReport};
use crate::diplomacy_chess::{self, DiplomacyChessReport, DiplomacyChessState};
use crate::diplomat_chess::{self, DiplomatChessReport, DiplomatChessState};
use crate::family::{Family, GameResult, PhaseInfo, Resolution, Seats, SlotOrder, Submission};

/// A variant the service offers: id, display name, one line about it, and
/// the options `game create` takes for it.
#[derive(Clone, Copy, Debug)]
pub struct Offer {
    /// The id players type (`chessdip`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One line.
    pub about: &'static str,
    /// Options as `key=a|b` with the default first, for the help text.
    pub options: &'static [&'static str],
    /// Orders only by hashed commitment.
    pub always_hashed: bool,
    /// Runs on the weekly cycle by default.
    pub weekly: bool,
    /// Players make proposals and vote on them.
    pub proposals: bool,
}

/// Every variant, in the order menus show them.
pub const OFFERS: &[Offer] = &[
    Offer {
        id: "chessdip",
        name: "Chess Dip",
        about: "4 powers; Diplomacy on a chessboard with kings, knights, bishops, rooks and pawns",
        options: &[],
        always_hashed: false,
        weekly: false,
        proposals: false,
    },
    Offer {
        id: "chesspolitik4",
        name: "Chesspolitik",
        about: "4 powers on 8x8, kings and knights, standard Diplomacy adjudication",
        options: &[],
        always_hashed: false,
        weekly: false,
        proposals: false,
    },
    Offer {
        id: "chesspolitik2",
        name: "Chesspolitik (2 players)",
        about: "2 powers on 6x6, kings and knights",
        options: &[],
        always_hashed: false,
        weekly: false,
        proposals: false,
    },
    Offer {
        id: "diplomacy-chess",
        name: "Diplomacy Chess",
        about: "2 players; simultaneous chess: both move at once, clashing moves fail or the higher rank takes",
        options: &["mode=basic|progressive|simultaneous-progressive"],
        always_hashed: false,
        weekly: false,
        proposals: false,
    },
    Offer {
        id: "diplomat-chess",
        name: "Diplomat Chess",
        about: "2 players; turn-based chess on a 43-cell disk, with a diplomat that suborns enemy pieces",
        options: &["suborn=convert|remove|drop", "forfeit-after=3 (missed turns)"],
        always_hashed: false,
        weekly: false,
        proposals: false,
    },
    Offer {
        id: "chess-wheel",
        name: "Chess Wheel+",
        about:
            "2 to 12 players; a board per player joined at a shared rank, three moves a week, hashed orders, proposals",
        options: &["cycle=weekly|<duration, e.g. 7h>", "timezone=UTC", "movement-power=3 (moves per cycle)"],
        always_hashed: true,
        weekly: true,
        proposals: true,
    },
];

/// Every variant id, comma-separated (for messages).
#[must_use]
pub fn ids() -> String {
    OFFERS.iter().map(|o| o.id).collect::<Vec<_>>().join(", ")
}

/// The offer for `id` (case-insensitive).
#[must_use]
pub fn offer(id: &str) -> Option<&'static Offer> {
    OFFERS.iter().find(|o| o.id.eq_ignore_ascii_case(id.trim()))
}

/// The rules family a variant belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Chess Dip and Chesspolitik.
    ChessDip,
    /// Diplomacy Chess.
    DiplomacyChess,
    /// Diplomat Chess.
    DiplomatChess,
    /// Chess Wheel+.
    ChessWheel,
}

impl Kind {
    /// The family of variant `id` (case-insensitive), if it is one the service offers.
    #[must_use]
    pub fn of(id: &str) -> Option<Kind> {
        match offer(id)?.id {
            "chessdip" | "chesspolitik4" | "chesspolitik2" => Some(Kind::ChessDip),
            "diplomacy-chess" => Some(Kind::DiplomacyChess),
            "diplomat-chess" => Some(Kind::DiplomatChess),
            "chess-wheel" => Some(Kind::ChessWheel),
            _ => None,
        }
    }
}

/// A variant with its options, ready to play.
#[derive(Clone, Debug)]
pub enum Game {
    /// Chess Dip and Chesspolitik.
    ChessDip(Arc<chess_dip::Variant>),
    /// Diplomacy Chess.
    DiplomacyChess(Arc<diplomacy_chess::Variant>),
    /// Diplomat Chess.
    DiplomatChess(Arc<diplomat_chess::Variant>),
    /// Chess Wheel+.
    ChessWheel(Arc<chess_wheel::Variant>),
}

/// A game and a state of it.
#[derive(Clone, Debug)]
pub enum Position {
    /// Chess Dip and Chesspolitik.
    ChessDip {
        /// The variant.
        variant: Arc<chess_dip::Variant>,
        /// The state.
        state: ChessDipState,
    },
    /// Diplomacy Chess.
    DiplomacyChess {
        /// The variant.
        variant: Arc<diplomacy_chess::Variant>,
        /// The state.
        state: DiplomacyChessState,
    },
    /// Diplomat Chess.
    DiplomatChess {
        /// The variant.
        variant: Arc<diplomat_chess::Variant>,
        /// The state.
        state: DiplomatChessState,
    },
    /// Chess Wheel+.
    ChessWheel {
        /// The variant.
        variant: Arc<chess_wheel::Variant>,
        /// The state.
        state: chess_wheel::State,
    },
}

/// What a resolved phase hands the renderer, by family. The service stores
/// it with the phase when it resolves (serialised), so that every later
/// reader (history, the outbox's images, the export) reads the result the
/// phase had instead of resolving it again.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "family", content = "report", rename_all = "snake_case")]
pub enum Report {
    /// Chess Dip and Chesspolitik.
    #[serde(rename = "dip")]
    ChessDip(ChessDipReport),
    /// Diplomacy Chess.
    #[serde(rename = "simul")]
    DiplomacyChess(Box<DiplomacyChessReport>),
    /// Diplomat Chess.
    #[serde(rename = "diplomat")]
    DiplomatChess(Box<DiplomatChessReport>),
    /// Chess Wheel+.
    #[serde(rename = "wheel")]
    ChessWheel(Box<ChessWheelReport>),
}

/// The stored form of a state (versioned).
#[derive(Serialize, Deserialize)]
struct Stored<S> {
    v: u32,
    state: S,
}

/// Calls `$body` with the family's variant `$v` and state `$s`, and `$wrap`
/// a function that turns a state of that family back into a [`Position`].
macro_rules! each {
    ($pos:expr, |$v:ident, $s:ident, $wrap:ident| $body:expr) => {
        match $pos {
            Position::ChessDip { variant: $v, state: $s } => {
                #[allow(unused_variables)]
                let $wrap = |s| Position::ChessDip { variant: $v.clone(), state: s };
                $body
            }
            Position::DiplomacyChess { variant: $v, state: $s } => {
                #[allow(unused_variables)]
                let $wrap = |s| Position::DiplomacyChess { variant: $v.clone(), state: s };
                $body
            }
            Position::DiplomatChess { variant: $v, state: $s } => {
                #[allow(unused_variables)]
                let $wrap = |s| Position::DiplomatChess { variant: $v.clone(), state: s };
                $body
            }
            Position::ChessWheel { variant: $v, state: $s } => {
                #[allow(unused_variables)]
                let $wrap = |s| Position::ChessWheel { variant: $v.clone(), state: s };
                $body
            }
        }
    };
}

/// Calls `$body` with the family's variant `$v` (any [`Game`]).
macro_rules! each_game {
    ($game:expr, |$v:ident| $body:expr) => {
        match $game {
            Game::ChessDip($v) => $body,
            Game::DiplomacyChess($v) => $body,
            Game::DiplomatChess($v) => $body,
            Game::ChessWheel($v) => $body,
        }
    };
}

impl Game {
    /// Builds variant `id` with `options` (`mode=progressive`...).
    ///
    /// # Errors
    /// An unknown variant or option, with what would be right.
    pub fn build(id: &str, options: &BTreeMap<String, String>) -> Result<Game, String> {
        let Some(o) = offer(id) else {
            return Err(format!(
                "unknown variant `{id}`: choose one of {}",
                OFFERS.iter().map(|o| o.id).collect::<Vec<_>>().join(", ")
            ));
        };
        match Kind::of(o.id) {
            Some(Kind::ChessDip) => {
                if let Some(k) = options.keys().next() {
                    return Err(format!("{} takes no option `{k}`", o.name));
                }
                chess_dip::Variant::shared(o.id).map(Game::ChessDip)
            }
            Some(Kind::DiplomacyChess) => {
                diplomacy_chess::Variant::new(options).map(|v| Game::DiplomacyChess(Arc::new(v)))
            }
            Some(Kind::DiplomatChess) => {
                diplomat_chess::Variant::new(options).map(|v| Game::DiplomatChess(Arc::new(v)))
            }
            Some(Kind::ChessWheel) => chess_wheel::new(options).map(|v| Game::ChessWheel(Arc::new(v))),
            None => Err(format!("variant `{}` is not available", o.id)),
        }
    }

    /// The variant's id.
    #[must_use]
    pub fn id(&self) -> &str {
        each_game!(self, |v| v.id())
    }

    /// The movement power set for the cycles that begin from now on (Chess
    /// Wheel+ only).
    #[must_use]
    pub fn movement_power(&self) -> Option<usize> {
        match self {
            Game::ChessWheel(v) => Some(v.movement_power),
            _ => None,
        }
    }

    /// Whether players make proposals and vote on them.
    #[must_use]
    pub fn has_proposals(&self) -> bool {
        offer(self.id()).is_some_and(|o| o.proposals)
    }

    /// Whether the variant has adjustment phases (Chess Dip's and
    /// Chesspolitik's Winter builds and disbands).
    #[must_use]
    pub fn has_adjustments(&self) -> bool {
        matches!(self, Game::ChessDip(_))
    }

    /// The variant's display name.
    #[must_use]
    pub fn name(&self) -> &str {
        each_game!(self, |v| Family::name(v.as_ref()))
    }

    /// The mode the game is played in, for the variant that has modes
    /// (Diplomacy Chess: `basic`, `progressive`, `simultaneous-progressive`).
    #[must_use]
    pub fn mode(&self) -> Option<&'static str> {
        match self {
            Game::DiplomacyChess(v) => Some(v.mode.id()),
            _ => None,
        }
    }

    /// Who plays.
    #[must_use]
    pub fn seats(&self) -> Seats {
        each_game!(self, |v| v.seats())
    }

    /// The order syntax with examples.
    #[must_use]
    pub fn order_help(&self) -> String {
        each_game!(self, |v| v.order_help())
    }

    /// The starting position for the seated powers.
    ///
    /// # Errors
    /// A message for the game's creator.
    pub fn start(&self, powers: &[String]) -> Result<Position, String> {
        Ok(match self {
            Game::ChessDip(v) => Position::ChessDip { variant: v.clone(), state: v.start(powers)? },
            Game::DiplomacyChess(v) => Position::DiplomacyChess { variant: v.clone(), state: v.start(powers)? },
            Game::DiplomatChess(v) => Position::DiplomatChess { variant: v.clone(), state: v.start(powers)? },
            Game::ChessWheel(v) => Position::ChessWheel { variant: v.clone(), state: v.start(powers)? },
        })
    }

    /// Reads a stored state of this game.
    ///
    /// # Errors
    /// The JSON does not hold a state of this game.
    pub fn decode(&self, json: &str) -> Result<Position, serde_json::Error> {
        Ok(match self {
            Game::ChessDip(v) => Position::ChessDip {
                variant: v.clone(),
                state: serde_json::from_str::<Stored<ChessDipState>>(json)?.state,
            },
            Game::DiplomacyChess(v) => Position::DiplomacyChess {
                variant: v.clone(),
                state: serde_json::from_str::<Stored<DiplomacyChessState>>(json)?.state,
            },
            Game::DiplomatChess(v) => Position::DiplomatChess {
                variant: v.clone(),
                state: serde_json::from_str::<Stored<DiplomatChessState>>(json)?.state,
            },
            Game::ChessWheel(v) => Position::ChessWheel {
                variant: v.clone(),
                state: serde_json::from_str::<Stored<chess_wheel::State>>(json)?.state,
            },
        })
    }
}

impl Position {
    /// Every piece on the board by power name, as scenario files write a
    /// position (`K d1`, `P {Ann}e2`, `H c2`), powers in seat order: the
    /// position readable without the variant's internal numbering.
    #[must_use]
    pub fn pieces_by_power(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        let mut add = |power: &str, piece: String| match out.iter_mut().find(|(p, _)| p == power) {
            Some((_, list)) => list.push(piece),
            None => out.push((power.to_string(), vec![piece])),
        };
        match self {
            Position::ChessDip { variant: v, state: s } => {
                for p in v.power_ids() {
                    add(&v.power(p).name, String::new());
                }
                for (sq, piece) in s.pieces() {
                    add(&v.power(piece.power).name, format!("{} {sq}", piece.role.char()));
                }
            }
            Position::DiplomacyChess { state: s, .. } => {
                for (sq, piece) in s.position.pieces() {
                    add(crate::diplomacy_chess::board::side_name(piece.side), format!("{} {sq}", piece.role.char()));
                }
            }
            Position::DiplomatChess { state: s, .. } => {
                for (cell, piece) in s.position.pieces() {
                    add(piece.colour.name(), format!("{} {cell}", piece.kind.letter()));
                }
            }
            Position::ChessWheel { state: s, .. } => {
                for name in &s.players {
                    add(name, String::new());
                }
                for piece in &s.pieces {
                    add(s.name(piece.owner), format!("{} {}", piece.role.char(), s.space_name(piece.space)));
                }
            }
        }
        for (_, list) in &mut out {
            list.retain(|p| !p.is_empty());
        }
        out
    }

    /// Chess Wheel+: the cycle's number and the movement power it began with.
    #[must_use]
    pub fn wheel_cycle(&self) -> Option<(u32, usize)> {
        match self {
            Position::ChessWheel { state: s, .. } => Some((s.cycle, s.movement_power())),
            _ => None,
        }
    }

    /// Chess Wheel+: the same position with this cycle's movement power set to `power`.
    #[must_use]
    pub fn with_movement_power(&self, power: usize) -> Option<Position> {
        match self {
            Position::ChessWheel { variant: v, state: s } => {
                let mut s = s.clone();
                s.set_movement_power(power);
                Some(Position::ChessWheel { variant: v.clone(), state: s })
            }
            _ => None,
        }
    }

    /// The stored form.
    ///
    /// # Errors
    /// Serialisation failed (it does not for these types).
    pub fn encode(&self) -> Result<String, serde_json::Error> {
        each!(self, |_v, s, _w| serde_json::to_string(&Stored { v: 2, state: s }))
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> PhaseInfo {
        each!(self, |v, s, _w| v.phase(s))
    }

    /// Applies a submission to `power`'s orders (the rules' own words: the
    /// service names odd characters in what it refuses).
    #[must_use]
    pub fn submit(&self, power: &str, current: &[SlotOrder], text: &str) -> Submission {
        each!(self, |v, s, _w| v.submit(s, power, current, text))
    }

    /// The read-back of `power`'s orders.
    #[must_use]
    pub fn describe(&self, power: &str, current: &[SlotOrder]) -> String {
        each!(self, |v, s, _w| v.describe(s, power, current))
    }

    /// Resolves the phase.
    #[must_use]
    pub fn resolve(&self, orders: &[(String, Vec<SlotOrder>)]) -> Resolution<Position, Report> {
        each!(self, |v, s, wrap| {
            let r = v.resolve(s, orders);
            Resolution {
                next: wrap(r.next),
                outcomes: r.outcomes,
                removed: r.removed,
                changes: r.changes,
                summary: r.summary,
                report: Report::from(r.report),
                verdicts: r.verdicts,
            }
        })
    }

    /// How the game stands.
    #[must_use]
    pub fn result(&self) -> GameResult {
        each!(self, |v, s, _w| v.result(s))
    }

    /// Whether `power` is still in the game.
    #[must_use]
    pub fn alive(&self, power: &str) -> bool {
        each!(self, |v, s, _w| v.alive(s, power))
    }

    /// The supply centers `power` owns, in the games with centers (none in the others).
    #[must_use]
    pub fn centers(&self, power: &str) -> Option<usize> {
        match self {
            Position::ChessDip { variant: v, state: s } => v.power_by_name(power).map(|p| s.centers_of(p).len()),
            _ => None,
        }
    }

    /// A line on `power` for the status.
    #[must_use]
    pub fn standing(&self, power: &str) -> String {
        each!(self, |v, s, _w| v.standing(s, power))
    }

    /// A line on `power` in the position a game ended in.
    #[must_use]
    pub fn final_standing(&self, power: &str) -> String {
        each!(self, |v, s, _w| v.final_standing(s, power))
    }

    /// Completions of a partly typed order for `power`.
    #[must_use]
    pub fn suggest(&self, power: &str, partial: &str, max: usize) -> Vec<String> {
        each!(self, |v, s, _w| v.suggest(s, power, partial, max))
    }

    /// The game so far as a move list, for games that keep one.
    #[must_use]
    pub fn transcript(&self) -> Option<String> {
        each!(self, |v, s, _w| v.transcript(s))
    }

    /// An action that changes the position outside the orders (Chess
    /// Wheel+'s `create` and `populate`): the new position and what happened.
    ///
    /// # Errors
    /// The game has no such actions, or this one is not allowed now (said for the player).
    pub fn act(&self, power: &str, text: &str) -> Result<(Position, String), String> {
        match self {
            Position::ChessWheel { variant: v, state: s } => {
                let action: chess_wheel::BoardAction = text.parse()?;
                let (next, said) = v.act(s, power, action)?;
                Ok((Position::ChessWheel { variant: v.clone(), state: next }, said))
            }
            _ => Err("this game has no board actions".into()),
        }
    }
}

/// The stored form of a report (versioned).
#[derive(Serialize, Deserialize)]
struct StoredReport<R> {
    v: u32,
    report: R,
}

impl Report {
    /// The stored form: versioned JSON.
    ///
    /// # Errors
    /// Serialisation failed.
    pub fn encode(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(&StoredReport { v: 1, report: self })
    }

    /// Reads a stored report.
    ///
    /// # Errors
    /// The JSON does not hold a report.
    pub fn decode(json: &str) -> Result<Report, serde_json::Error> {
        Ok(serde_json::from_str::<StoredReport<Report>>(json)?.report)
    }

    /// This report with what reports keep today filled in, if it was kept
    /// before they did: the game a Diplomat Chess move left, the position a
    /// Chess Wheel+ cycle's moves left. `before` is the position the phase
    /// resolved from. It plays the report's own move (or applies its own
    /// moves) again, so the picture stays the result the phase had. `None`
    /// when nothing is missing.
    #[must_use]
    pub fn completed(&self, before: &Position) -> Option<Report> {
        match (self, before) {
            (Report::DiplomatChess(r), Position::DiplomatChess { variant: v, state: s }) if r.after.is_none() => {
                let mv = r.mv?;
                let next = s.play(v, mv).next.snapshot();
                Some(Report::DiplomatChess(Box::new(DiplomatChessReport {
                    after: Some(Box::new(next)),
                    ..(**r).clone()
                })))
            }
            (Report::ChessWheel(r), Position::ChessWheel { state: s, .. }) if r.moved.is_none() => {
                let moved = r.after(s);
                Some(Report::ChessWheel(Box::new(ChessWheelReport { moved: Some(Box::new(moved)), ..(**r).clone() })))
            }
            _ => None,
        }
    }
}

impl From<ChessDipReport> for Report {
    fn from(r: ChessDipReport) -> Report {
        Report::ChessDip(r)
    }
}

impl From<DiplomacyChessReport> for Report {
    fn from(r: DiplomacyChessReport) -> Report {
        Report::DiplomacyChess(Box::new(r))
    }
}

impl From<ChessWheelReport> for Report {
    fn from(r: ChessWheelReport) -> Report {
        Report::ChessWheel(Box::new(r))
    }
}

impl From<DiplomatChessReport> for Report {
    fn from(r: DiplomatChessReport) -> Report {
        Report::DiplomatChess(Box::new(r))
    }
}
