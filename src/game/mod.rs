//! The game master: games, players, phases and deadlines, orders, readiness,
//! moderation, draws and history, over the [`crate::store`]. Transport-agnostic:
//! every call takes the channel and the caller and returns [`Reply`]s that
//! say who may see them. This is the only place that decides who may do what.
//!
//! The games themselves are reached through [`variants`], which dispatches
//! to the rules families and their renderers; nothing here knows a game's
//! rules. Front ends call [`Service::command`] with the same words as the
//! slash commands (see [`command`]), or the typed methods.

mod actions;
pub mod calendar;
pub mod chars;
pub mod clock;
pub mod command;
pub mod export;
pub mod hashed;
mod info;
pub mod lifecycle;
mod mismatch;
mod moderation;
mod orders;
pub mod outbox;
mod proposals;
mod resolve;
mod schedule;
mod seats;
pub mod variants;
mod windows;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use clock::{format_duration, parse_duration, parse_duration_within, Bounds, Clock, ManualClock, SystemClock};
pub use resolve::PhaseRecord;
pub use schedule::{reminder_text, Reminder};
pub use variants::{Game, Position, Report, OFFERS};

use crate::render::{Palette, Style};
use crate::rules::family::PhaseKind;
use crate::store::{self, GameRow, PhaseRow, Store, StoreError};
use lifecycle::{GameStatus, Stage};

/// Who is calling: a user id and whether the front end vouches that they
/// moderate this channel (Discord: the moderator role or Manage Channels).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// Opaque user id.
    pub user: String,
    /// The name to show others (a display name; in the console the id).
    pub name: String,
    /// Moderator of the channel, as the front end knows it.
    pub moderator: bool,
}

impl Caller {
    /// A user without moderator rights.
    #[must_use]
    pub fn player(user: &str) -> Caller {
        Caller { user: user.to_string(), name: user.to_string(), moderator: false }
    }

    /// A user who moderates the channel.
    #[must_use]
    pub fn moderator(user: &str) -> Caller {
        Caller { moderator: true, ..Caller::player(user) }
    }
}

/// Who may see a reply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Visibility {
    /// Only the caller (an ephemeral reply or a DM), or the user in [`Reply::to`].
    Private,
    /// Everyone in the game's channel.
    Public,
}

/// A board image to attach, drawn when asked for ([`Image::bytes`]), so
/// that resolving many games at a deadline does not wait for drawing: a
/// still PNG, or an animated GIF of a resolution ([`Image::is_animation`]).
#[derive(Clone)]
pub struct Image {
    /// File name (`spring-1601-orders.png`, `spring-1601-resolution.gif`).
    pub name: String,
    job: Arc<ImageJob>,
    /// How to draw it again from the store (announced images go through the outbox).
    spec: Option<outbox::ImageSpec>,
}

struct ImageJob {
    position: Position,
    report: Option<Report>,
    style: Style,
    caption: String,
    /// An animation of `report` over `position` rather than a still image.
    animated: bool,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image").field("name", &self.name).finish_non_exhaustive()
    }
}

/// The style images of a game are drawn in.
fn style_of(settings: &Settings) -> Style {
    Style { palette: if settings.colour_blind { Palette::ColourBlind } else { Palette::Classic }, ..Style::default() }
}

impl Image {
    /// An image of `position`, with a resolved phase's `report` drawn over it if given.
    fn new(name: &str, position: &Position, report: Option<&Report>, settings: &Settings, caption: &str) -> Image {
        let job = ImageJob {
            position: position.clone(),
            report: report.cloned(),
            style: style_of(settings),
            caption: caption.into(),
            animated: false,
        };
        Image { name: format!("{name}.png"), job: Arc::new(job), spec: None }
    }

    /// An animation of a resolved phase's `report` over its starting
    /// `position` ([`crate::render::anim`]), drawn at
    /// [`crate::render::anim::WIDTH`] pixels.
    fn animation(name: &str, position: &Position, report: &Report, settings: &Settings, caption: &str) -> Image {
        let style = Style { width: crate::render::anim::WIDTH, ..style_of(settings) };
        let job = ImageJob {
            position: position.clone(),
            report: Some(report.clone()),
            style,
            caption: caption.into(),
            animated: true,
        };
        Image { name: format!("{name}.gif"), job: Arc::new(job), spec: None }
    }

    /// Whether this is an animated GIF (drawn after the still images, and
    /// left out where it does not fit).
    #[must_use]
    pub fn is_animation(&self) -> bool {
        self.job.animated
    }

    /// The same image, saying where its position comes from in the store
    /// (so that an announcement can draw it again after a restart).
    fn stored(mut self, source: outbox::ImageSource) -> Image {
        self.spec = Some(outbox::ImageSpec {
            name: self.name.trim_end_matches(".png").trim_end_matches(".gif").to_string(),
            source,
            caption: self.job.caption.clone(),
            heading: self.job.style.heading.clone(),
            marks: self.job.style.marks.clone(),
            animated: self.job.animated,
        });
        self
    }

    /// The same image with more legend notes on powers (before [`Image::stored`]).
    fn marked(mut self, marks: Vec<(String, String)>) -> Image {
        if let Some(job) = Arc::get_mut(&mut self.job) {
            job.style.marks.extend(marks);
        }
        self
    }

    /// How to draw it again from the store, if it was announced.
    #[must_use]
    pub fn spec(&self) -> Option<&outbox::ImageSpec> {
        self.spec.as_ref()
    }

    /// An announced image drawn again from its spec.
    fn drawn(spec: outbox::ImageSpec, position: &Position, report: Option<&Report>, settings: &Settings) -> Image {
        let mut image = match (spec.animated, report) {
            (true, Some(report)) => Image::animation(&spec.name, position, report, settings, &spec.caption),
            _ => Image::new(&spec.name, position, report, settings, &spec.caption),
        };
        if let Some(job) = Arc::get_mut(&mut image.job) {
            job.style.heading.clone_from(&spec.heading);
            job.style.marks.clone_from(&spec.marks);
            if spec.source == outbox::ImageSource::Final {
                job.style.result = Some(spec.caption.clone());
            }
        }
        image.spec = Some(spec);
        image
    }

    /// The position a game ended in, titled with its result rather than a
    /// next phase, with legend `marks` (conceded powers).
    fn final_position(position: &Position, settings: &Settings, result: &str, marks: Vec<(String, String)>) -> Image {
        let mut image = Image::new("final-position", position, None, settings, "").marked(marks);
        if let Some(job) = Arc::get_mut(&mut image.job) {
            job.style.heading = Some("Final position".into());
            job.style.result = Some(result.to_string());
            job.caption = result.to_string();
        }
        image.stored(outbox::ImageSource::Final)
    }

    /// Draws the image and encodes it: PNG for a still image, GIF for an
    /// animation. Empty if there is nothing to animate (nothing moved), or
    /// if drawing or encoding failed, even by a panic in a renderer (which
    /// is logged): front ends leave an empty image out and still post the
    /// result's text, so a drawing bug never holds a result back.
    #[must_use]
    pub fn bytes(&self) -> Vec<u8> {
        guarded(&self.name, || self.draw())
    }

    fn draw(&self) -> Vec<u8> {
        let j = &*self.job;
        if j.animated {
            let Some(report) = j.report.as_ref() else { return Vec::new() };
            let Some(frames) = j.position.animate(report, &j.style, &j.caption) else { return Vec::new() };
            return crate::render::anim::gif(&frames).unwrap_or_else(|e| {
                tracing::error!(image = %self.name, error = %e, "GIF encoding failed");
                Vec::new()
            });
        }
        match j.position.draw(j.report.as_ref(), &j.style, &j.caption).png() {
            Ok(bytes) => bytes,
            Err(e) => {
                tracing::error!(image = %self.name, error = %e, "PNG encoding failed");
                Vec::new()
            }
        }
    }
}

/// The legend marks of the powers that have conceded (`conceded`), for
/// images of the game's current position.
fn conceded_marks(conceded: &[String]) -> Vec<(String, String)> {
    conceded.iter().map(|p| (p.clone(), "conceded".to_string())).collect()
}

/// Runs `draw`, turning a panic into an empty image (logged with `name`).
fn guarded(name: &str, draw: impl FnOnce() -> Vec<u8>) -> Vec<u8> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(draw)).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        tracing::error!(image = %name, panic = %why, "drawing an image panicked; it is left out");
        Vec::new()
    })
}

/// What the service answers.
#[derive(Clone, Debug)]
pub struct Reply {
    /// Who may see it.
    pub visibility: Visibility,
    /// For a private reply to someone other than the caller (a DM): the user.
    pub to: Option<String>,
    /// The text.
    pub text: String,
    /// Images to attach.
    pub images: Vec<Image>,
    /// A deadline the text speaks of (unix seconds), for front ends that
    /// show times in each reader's own zone.
    pub deadline: Option<i64>,
    /// The outbox item that carries this reply to the channel or its user
    /// (set for announcements): front ends deliver it from the outbox, not
    /// from the command's answer.
    pub outbox: Option<i64>,
    /// Users the message may ping (a reminder's late players); nobody else is.
    pub mentions: Vec<String>,
}

impl Reply {
    fn private(text: impl Into<String>) -> Reply {
        Reply {
            visibility: Visibility::Private,
            to: None,
            text: text.into(),
            images: Vec::new(),
            deadline: None,
            outbox: None,
            mentions: Vec::new(),
        }
    }
    fn public(text: impl Into<String>) -> Reply {
        Reply { visibility: Visibility::Public, ..Reply::private(text) }
    }
    /// A private reply to the caller (for front ends that turn errors into replies).
    #[must_use]
    pub fn private_text(text: impl Into<String>) -> Reply {
        Reply::private(text)
    }
    fn due(mut self, deadline: Option<i64>) -> Reply {
        self.deadline = deadline;
        self
    }
    fn to_user(user: &str, text: impl Into<String>) -> Reply {
        Reply { to: Some(user.to_string()), ..Reply::private(text) }
    }
}

/// Why a request was refused. Shown to the caller privately.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No game in the channel.
    #[error("there is no game in this channel: start one with `game create <variant>` ({})", variants::ids())]
    NoGame,
    /// The channel's game is over.
    #[error("this game has ended: {0}. Its history stays available (`history`, `game export`); start a new game with `game create <variant>`")]
    Ended(String),
    /// A live game exists.
    #[error("this channel already has a game in progress; a moderator can end it with `game end`")]
    GameExists,
    /// The caller has no power.
    #[error("you are not playing in this game{0}")]
    NotPlayer(String),
    /// Moderators only.
    #[error("only a moderator of this game can {0}")]
    NotModerator(&'static str),
    /// Wrong moment.
    #[error("{0}")]
    State(String),
    /// Bad input.
    #[error("{0}")]
    Invalid(String),
    /// The database.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What happens at a phase's deadline.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtDeadline {
    /// Resolve with what was ordered (unordered pieces hold, civil disorder in Winter).
    Resolve,
    /// Wait for a moderator to force the phase.
    Wait,
}

/// A game's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Seconds for a movement phase.
    pub movement_secs: i64,
    /// Seconds for an adjustment phase.
    pub adjustment_secs: i64,
    /// What the deadline does.
    pub at_deadline: AtDeadline,
    /// Resolve as soon as every power with something to order is ready.
    pub early: bool,
    /// Orders by hashed commitment: each phase has a commit window (the
    /// phase's length) and then a reveal window.
    pub hashed: bool,
    /// Seconds of a hashed game's reveal window.
    #[serde(default = "default_reveal_secs")]
    pub reveal_secs: i64,
    /// A replacement player gets at least this long before the deadline.
    pub min_after_replace_secs: i64,
    /// Order colours in images.
    pub colour_blind: bool,
    /// An animated GIF of each resolution beside the still images.
    #[serde(default = "default_animation")]
    pub animation: bool,
    /// The variant's own options (`mode=progressive`).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// How phases are timed (each its own length, or a weekly cycle).
    #[serde(default)]
    pub cycle: calendar::Cycle,
    /// Turn-based games: consecutive missed turns after which a player forfeits (0: never).
    #[serde(default = "default_forfeit_after")]
    pub forfeit_after: u32,
    /// The IANA time zone of a weekly cycle.
    #[serde(default = "default_timezone")]
    pub timezone: String,
    /// Where a compressed cycle's calendar starts (unix seconds; set when the game starts).
    #[serde(default)]
    pub anchor: Option<i64>,
}

fn default_animation() -> bool {
    true
}

fn default_forfeit_after() -> u32 {
    3
}

fn default_timezone() -> String {
    "UTC".into()
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            movement_secs: 48 * 3600,
            adjustment_secs: 24 * 3600,
            at_deadline: AtDeadline::Resolve,
            early: true,
            hashed: false,
            reveal_secs: default_reveal_secs(),
            min_after_replace_secs: 12 * 3600,
            colour_blind: false,
            animation: default_animation(),
            options: BTreeMap::new(),
            cycle: calendar::Cycle::Phases,
            forfeit_after: default_forfeit_after(),
            timezone: default_timezone(),
            anchor: None,
        }
    }
}

fn default_reveal_secs() -> i64 {
    24 * 3600
}

impl Settings {
    /// How a phase opens: for commitments in a hashed game, for orders otherwise.
    #[must_use]
    pub fn first_stage(&self) -> Stage {
        if self.hashed {
            Stage::Commit
        } else {
            Stage::Orders
        }
    }

    /// The length of a phase of `kind`.
    #[must_use]
    pub fn phase_secs(&self, kind: PhaseKind) -> i64 {
        match kind {
            PhaseKind::Movement => self.movement_secs,
            PhaseKind::Adjustment => self.adjustment_secs,
        }
    }
}

/// The game master.
#[derive(Debug, Clone)]
pub struct Service {
    store: Arc<Store>,
    clock: Arc<dyn Clock>,
}

/// A game as read from the store, with its rules and where it is in its lifecycle.
struct Live {
    game: GameRow,
    kind: Game,
    settings: Settings,
    state: lifecycle::State,
}

/// A paused game resumes with at least this long before its deadline.
pub const MIN_RESUME: i64 = 3600;

fn settings_of(game: &GameRow) -> Settings {
    serde_json::from_str(&game.settings).unwrap_or_default()
}

fn kind_of(game: &GameRow, settings: &Settings) -> Result<Game, GameError> {
    Game::build(&game.variant, &settings.options).map_err(GameError::Invalid)
}

fn decode(kind: &Game, row: &PhaseRow) -> Result<Position, GameError> {
    Ok(kind.decode(&row.state).map_err(StoreError::from)?)
}

fn encode(position: &Position) -> Result<String, GameError> {
    Ok(position.encode().map_err(StoreError::from)?)
}

/// `Spring 1601` -> `spring-1601`, for image file names.
fn slug(phase: &str) -> String {
    phase
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

impl Service {
    /// A service over `store`, telling time by `clock`.
    #[must_use]
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service { store: Arc::new(store), clock }
    }

    /// The clock.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// The store (for front ends that list games, e.g. a scheduler).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The channel's game (the live one, or the last one if it ended) with its lifecycle state.
    fn latest_at(c: &rusqlite::Connection, channel: &str, now: i64) -> Result<Live, GameError> {
        let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
        let settings = settings_of(&game);
        let kind = kind_of(&game, &settings)?;
        let row = if game.phase_seq > 0 { store::phase(c, game.id, game.phase_seq)? } else { None };
        let state = lifecycle::State::of(&game, row.as_ref(), &settings, now);
        Ok(Live { game, kind, settings, state })
    }

    /// The channel's game for reading (status, history, export): live or ended.
    fn latest(&self, c: &rusqlite::Connection, channel: &str) -> Result<Live, GameError> {
        Self::latest_at(c, channel, self.now())
    }

    /// The channel's game, if `command` is allowed in its state; otherwise
    /// the model's refusal (an ended game says so, with its result).
    fn game_for(
        &self,
        c: &rusqlite::Connection,
        channel: &str,
        command: lifecycle::Command,
    ) -> Result<Live, GameError> {
        let live = Self::latest_at(c, channel, self.now())?;
        live.state.check(command, &live.settings, self.now())?;
        Ok(live)
    }

    fn is_moderator(game: &GameRow, caller: &Caller) -> bool {
        caller.moderator || game.created_by == caller.user
    }

    fn require_moderator(game: &GameRow, caller: &Caller, what: &'static str) -> Result<(), GameError> {
        if Self::is_moderator(game, caller) {
            Ok(())
        } else {
            Err(GameError::NotModerator(what))
        }
    }

    /// Records a moderator's action in the game's log (in the caller's
    /// transaction: an action that fails is not logged).
    fn log_moderator(
        &self,
        c: &rusqlite::Connection,
        game: i64,
        caller: &Caller,
        action: &str,
        detail: impl Into<String>,
    ) -> Result<(), GameError> {
        self.log_moderator_in(c, game, caller, action, detail, None)
    }

    /// [`Service::log_moderator`] for an action on phase `seq` (`None`: the game's current phase).
    fn log_moderator_in(
        &self,
        c: &rusqlite::Connection,
        game: i64,
        caller: &Caller,
        action: &str,
        detail: impl Into<String>,
        seq: Option<i64>,
    ) -> Result<(), GameError> {
        let entry = store::ModeratorAction {
            at: self.now(),
            user: caller.user.clone(),
            name: caller.name.clone(),
            action: action.into(),
            detail: detail.into(),
            seq,
        };
        Ok(store::log_moderation(c, game, &entry)?)
    }

    /// The caller's power, if it may still act: a conceded power is in
    /// civil disorder and neither orders nor votes.
    fn playing(c: &rusqlite::Connection, live: &Live, caller: &Caller) -> Result<String, GameError> {
        let name = Self::power_of(c, live, caller)?;
        if store::concessions(c, live.game.id)?.contains(&name) {
            return Err(GameError::State(format!(
                "{name} has conceded: it is in civil disorder and no longer orders or votes"
            )));
        }
        Ok(name)
    }

    /// The caller's power in the game.
    fn power_of(c: &rusqlite::Connection, live: &Live, caller: &Caller) -> Result<String, GameError> {
        let players = store::players(c, live.game.id)?;
        players.into_iter().find(|(_, u)| *u == caller.user).map(|(p, _)| p).ok_or_else(|| {
            GameError::NotPlayer(if live.game.status == GameStatus::Forming {
                ": join with `join <power>`".to_string()
            } else {
                String::new()
            })
        })
    }

    /// Every power of the game: the variant's, or the seated players' where seats are open.
    fn all_powers(c: &rusqlite::Connection, live: &Live) -> Result<Vec<String>, GameError> {
        Ok(match live.kind.seats() {
            crate::rules::family::Seats::Fixed(all) => all,
            crate::rules::family::Seats::Open { .. } => {
                store::players(c, live.game.id)?.into_iter().map(|(p, _)| p).collect()
            }
        })
    }

    fn current_phase(c: &rusqlite::Connection, live: &Live) -> Result<(PhaseRow, Position), GameError> {
        if live.game.status == GameStatus::Forming {
            return Err(GameError::State("the game has not started yet".into()));
        }
        let row = store::phase(c, live.game.id, live.game.phase_seq)?
            .ok_or_else(|| GameError::State("the game has no current phase".into()))?;
        let position = decode(&live.kind, &row)?;
        Ok((row, position))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_panicking_drawing_gives_an_empty_image_not_a_crash() {
        assert_eq!(super::guarded("x.gif", || panic!("renderer bug")), Vec::<u8>::new());
        assert_eq!(super::guarded("x.png", || vec![1, 2, 3]), vec![1, 2, 3]);
    }
}
