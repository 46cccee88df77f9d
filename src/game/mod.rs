//! The game master: games, players, phases and deadlines, orders, readiness,
//! moderation, draws and history, over the [`crate::store`]. Transport-agnostic:
//! every call takes the channel and the caller and returns [`Reply`]s that
//! say who may see them. This is the only place that decides who may do what.
//!
//! Front ends call [`Service::command`] with the same words as the slash
//! commands (see [`command`]), or the typed methods.

pub mod command;
pub mod variants;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::render::dip::{draw, Overlay};
use crate::render::{Palette, Style};
use crate::rules::dip::{
    self, apply_adjustments, apply_movement, validate_adjustment, validate_movement, Adjustment, AdjustmentKind,
    Context, DipState, GameResult, Order, Variant,
};
use crate::rules::{PowerId, Square};
use crate::store::{self, GameRow, GameStatus, OrderRow, PhaseRow, Store, StoreError};

/// Who is calling: a user id and whether the front end vouches that they
/// moderate this channel (Discord: the moderator role or Manage Channels).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// Opaque user id.
    pub user: String,
    /// Moderator of the channel, as the front end knows it.
    pub moderator: bool,
}

impl Caller {
    /// A user without moderator rights.
    #[must_use]
    pub fn player(user: &str) -> Caller {
        Caller { user: user.to_string(), moderator: false }
    }
}

/// Who may see a reply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Visibility {
    /// Only the caller (an ephemeral reply or a DM).
    Private,
    /// Everyone in the game's channel.
    Public,
}

/// A board image to attach, drawn when asked for ([`Image::png`]), so that
/// resolving many games at a deadline does not wait for drawing.
#[derive(Clone)]
pub struct Image {
    /// File name (`spring-1601-orders.png`).
    pub name: String,
    job: Arc<ImageJob>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image").field("name", &self.name).finish_non_exhaustive()
    }
}

impl Image {
    /// Draws the image and encodes it as PNG.
    #[must_use]
    pub fn png(&self) -> Vec<u8> {
        let j = &*self.job;
        let overlay = match &j.drawing {
            Drawing::Position => Overlay::None,
            Drawing::Movement(r, o) => Overlay::Movement(r, o),
            Drawing::Adjustment(o, r) => Overlay::Adjustment(o, r),
        };
        draw(&j.variant, &j.state, overlay, &j.style, j.caption).png().unwrap_or_default()
    }
}

enum Drawing {
    Position,
    Movement(dip::Resolution, Vec<Order>),
    Adjustment(Vec<Adjustment>, dip::AdjustmentReport),
}

struct ImageJob {
    variant: Variant,
    state: DipState,
    drawing: Drawing,
    style: Style,
    caption: &'static str,
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
}

impl Reply {
    fn private(text: impl Into<String>) -> Reply {
        Reply { visibility: Visibility::Private, to: None, text: text.into(), images: Vec::new() }
    }
    fn public(text: impl Into<String>) -> Reply {
        Reply { visibility: Visibility::Public, to: None, text: text.into(), images: Vec::new() }
    }
}

/// Why a request was refused. Shown to the caller privately.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No game in the channel.
    #[error("there is no game in this channel: start one with `game create <variant>` (chessdip, chesspolitik4, chesspolitik2)")]
    NoGame,
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
    /// Resolve as soon as every power with pieces is ready.
    pub early: bool,
    /// Orders by hashed commitment (Chess Wheel+; later issues).
    pub hashed: bool,
    /// A replacement player gets at least this long before the deadline.
    pub min_after_replace_secs: i64,
    /// Order colours in images.
    pub colour_blind: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            movement_secs: 48 * 3600,
            adjustment_secs: 24 * 3600,
            at_deadline: AtDeadline::Resolve,
            early: true,
            hashed: false,
            min_after_replace_secs: 12 * 3600,
            colour_blind: false,
        }
    }
}

/// Time, in unix seconds: the system clock, or a manual one for tests and the console.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Now.
    fn now(&self) -> i64;
}

/// The system clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
    }
}

/// A clock that moves only when told.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// Starting at `t`.
    #[must_use]
    pub fn new(t: i64) -> ManualClock {
        ManualClock(AtomicI64::new(t))
    }
    /// Moves the clock forward.
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The stored form of a phase's starting position (versioned).
#[derive(Serialize, Deserialize)]
struct StoredState {
    v: u32,
    state: DipState,
}

/// The stored form of a resolution (versioned): public history.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PhaseRecord {
    /// Format version.
    pub v: u32,
    /// The phase's name.
    pub phase: String,
    /// Every order with its outcome: (power, order, succeeded, reason).
    pub orders: Vec<(String, String, bool, String)>,
    /// Pieces removed: `K e4 (Ming Dynasty)`.
    pub dislodged: Vec<String>,
    /// Centers that changed hands: `d4: Mughal Empire (was neutral)`.
    pub centers: Vec<String>,
    /// The public summary.
    pub summary: String,
    /// How the game stands afterwards.
    pub outcome: String,
}

/// The game master.
#[derive(Debug, Clone)]
pub struct Service {
    store: Arc<Store>,
    clock: Arc<dyn Clock>,
}

struct Live {
    game: GameRow,
    variant: Variant,
    settings: Settings,
}

fn variant_of(game: &GameRow) -> Result<Variant, GameError> {
    Variant::builtin(&game.variant).map_err(|e| GameError::Invalid(e.to_string()))
}

fn settings_of(game: &GameRow) -> Settings {
    serde_json::from_str(&game.settings).unwrap_or_default()
}

fn decode_state(row: &PhaseRow) -> Result<DipState, GameError> {
    let s: StoredState = serde_json::from_str(&row.state).map_err(StoreError::from)?;
    Ok(s.state)
}

fn encode_state(state: &DipState) -> Result<String, GameError> {
    Ok(serde_json::to_string(&StoredState { v: 1, state: state.clone() }).map_err(StoreError::from)?)
}

/// `2d 3h`, `45m`, `30s`.
#[must_use]
pub fn format_duration(secs: i64) -> String {
    let secs = secs.max(0);
    let (d, h, m) = (secs / 86400, secs % 86400 / 3600, secs % 3600 / 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{secs}s"),
        (0, 0, m) => format!("{m}m"),
        (0, h, 0) => format!("{h}h"),
        (0, h, m) => format!("{h}h {m}m"),
        (d, 0, _) => format!("{d}d"),
        (d, h, _) => format!("{d}d {h}h"),
    }
}

/// Parses `48h`, `2d`, `90m`, `1d12h`, `30s`.
///
/// # Errors
/// A message saying what a duration looks like.
pub fn parse_duration(text: &str) -> Result<i64, GameError> {
    let bad = || GameError::Invalid(format!("`{text}` is not a duration: write e.g. 48h, 2d, 90m or 1d12h"));
    let mut total = 0i64;
    let mut num = String::new();
    let mut any = false;
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = match c.to_ascii_lowercase() {
            'd' => 86400,
            'h' => 3600,
            'm' => 60,
            's' => 1,
            ' ' => continue,
            _ => return Err(bad()),
        };
        let n: i64 = num.parse().map_err(|_| bad())?;
        total = total.checked_add(n.checked_mul(unit).ok_or_else(bad)?).ok_or_else(bad)?;
        num.clear();
        any = true;
    }
    if !num.is_empty() || !any || total <= 0 {
        return Err(bad());
    }
    Ok(total)
}

/// Splits a message into order texts: commas, semicolons and new lines separate orders.
fn split_orders(text: &str) -> Vec<String> {
    text.split([',', ';', '\n']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// An order's text checked against the position: the squares of the pieces it
/// orders (its slot is the first), or why it is not legal.
enum Checked {
    Movement(Vec<Order>),
    Adjustment(Adjustment),
}

impl Checked {
    fn squares(&self) -> Vec<Square> {
        match self {
            Checked::Movement(o) => o.iter().map(|o| o.square).collect(),
            Checked::Adjustment(a) => match a.kind {
                AdjustmentKind::Build { square, .. }
                | AdjustmentKind::Disband { square, .. }
                | AdjustmentKind::Promote { square, .. } => vec![square],
                AdjustmentKind::Waive => Vec::new(),
            },
        }
    }

    fn slot(&self, waive_no: usize) -> String {
        match self {
            Checked::Movement(o) => o[0].square.to_string(),
            Checked::Adjustment(a) => match a.kind {
                AdjustmentKind::Build { square, .. } => format!("build {square}"),
                AdjustmentKind::Disband { square, .. } => format!("disband {square}"),
                AdjustmentKind::Promote { square, .. } => format!("promote {square}"),
                AdjustmentKind::Waive => format!("waive {waive_no}"),
            },
        }
    }
}

fn check(v: &Variant, state: &DipState, p: PowerId, text: &str, earlier: &[Adjustment]) -> Result<Checked, String> {
    let ctx = if state.phase.season.is_movement() { Context::Movement } else { Context::Adjustment };
    let parsed = dip::parse(v.board, text, ctx).map_err(|e| e.kind.to_string())?;
    if ctx == Context::Movement {
        validate_movement(v, state, p, &parsed)
            .map(|x| Checked::Movement(x.orders().collect()))
            .map_err(|e| e.to_string())
    } else {
        validate_adjustment(v, state, p, &parsed, earlier).map(Checked::Adjustment).map_err(|e| e.to_string())
    }
}

/// The phase's orders, re-checked against its position (they were legal
/// when stored; a row that is not, because of damage, is skipped).
fn checked_orders(v: &Variant, state: &DipState, rows: &[OrderRow]) -> (Vec<Order>, Vec<Adjustment>) {
    let (mut moves, mut adjs) = (Vec::new(), Vec::new());
    for r in rows {
        let Some(p) = v.power_by_name(&r.power) else { continue };
        let earlier: Vec<Adjustment> = adjs.iter().copied().filter(|a: &Adjustment| a.power == p).collect();
        match check(v, state, p, &r.text, &earlier) {
            Ok(Checked::Movement(o)) => moves.extend(o),
            Ok(Checked::Adjustment(a)) => adjs.push(a),
            Err(e) => tracing::warn!(order = %r.text, error = %e, "stored order no longer valid; skipped"),
        }
    }
    (moves, adjs)
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

    fn live(&self, c: &rusqlite::Connection, channel: &str) -> Result<Live, GameError> {
        let game = store::live_game(c, channel)?.ok_or(GameError::NoGame)?;
        let variant = variant_of(&game)?;
        let settings = settings_of(&game);
        Ok(Live { game, variant, settings })
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

    /// The caller's power in the game.
    fn power_of(c: &rusqlite::Connection, live: &Live, caller: &Caller) -> Result<(PowerId, String), GameError> {
        let players = store::players(c, live.game.id)?;
        let name = players.iter().find(|(_, u)| *u == caller.user).map(|(p, _)| p.clone()).ok_or_else(|| {
            GameError::NotPlayer(if live.game.status == GameStatus::Forming {
                ": join with `join <power>`".to_string()
            } else {
                String::new()
            })
        })?;
        let id =
            live.variant.power_by_name(&name).ok_or_else(|| GameError::Invalid(format!("unknown power {name}")))?;
        Ok((id, name))
    }

    fn current_phase(c: &rusqlite::Connection, live: &Live) -> Result<(PhaseRow, DipState), GameError> {
        if live.game.status == GameStatus::Forming {
            return Err(GameError::State("the game has not started yet".into()));
        }
        let row = store::phase(c, live.game.id, live.game.phase_seq)?
            .ok_or_else(|| GameError::State("the game has no current phase".into()))?;
        let state = decode_state(&row)?;
        Ok((row, state))
    }

    fn deadline_for(&self, settings: &Settings, state: &DipState) -> i64 {
        let secs = if state.phase.season.is_movement() { settings.movement_secs } else { settings.adjustment_secs };
        self.now() + secs
    }

    // ----- games and players -----

    /// Creates a game in `channel`; the caller becomes its moderator.
    ///
    /// # Errors
    /// An unknown variant, or a live game in the channel.
    pub fn create(
        &self,
        channel: &str,
        guild: &str,
        caller: &Caller,
        variant: &str,
        settings: &Settings,
    ) -> Result<Reply, GameError> {
        let v = Variant::builtin(variant).map_err(|_| {
            GameError::Invalid(format!(
                "unknown variant `{variant}`: choose one of {}",
                dip::variant::BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            ))
        })?;
        let json = serde_json::to_string(settings).map_err(StoreError::from)?;
        let now = self.now();
        let created = self.store.write(|c| -> Result<Option<i64>, GameError> {
            Ok(store::insert_game(c, channel, guild, &v.id, &json, &caller.user, now)?)
        })?;
        if created.is_none() {
            return Err(GameError::GameExists);
        }
        let powers: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
        Ok(Reply::public(format!(
            "A game of {} is forming. Powers: {}. Join with `join <power>` (or `join` for a random one); {} starts it with `game start`. Movement phases last {}, adjustments {}.",
            v.name,
            powers.join(", "),
            caller.user,
            format_duration(settings.movement_secs),
            format_duration(settings.adjustment_secs)
        )))
    }

    /// Joins the game as `power` (a random free one if `None`).
    ///
    /// # Errors
    /// No game, the power taken or unknown, the caller already seated, the game started with the power held.
    pub fn join(&self, channel: &str, caller: &Caller, power: Option<&str>) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            let players = store::players(c, live.game.id)?;
            if let Some((p, _)) = players.iter().find(|(_, u)| *u == caller.user) {
                return Err(GameError::State(format!("you already play {p}; `leave` first to change")));
            }
            let taken: BTreeSet<&str> = players.iter().map(|(p, _)| p.as_str()).collect();
            let free: Vec<String> =
                live.variant.powers.iter().map(|p| p.name.clone()).filter(|n| !taken.contains(n.as_str())).collect();
            let name = match power {
                Some(text) => {
                    let id = live.variant.power_by_name(text).ok_or_else(|| {
                        GameError::Invalid(format!(
                            "there is no power `{text}` in {}: free powers are {}",
                            live.variant.name,
                            free.join(", ")
                        ))
                    })?;
                    let name = live.variant.power(id).name.clone();
                    if taken.contains(name.as_str()) {
                        return Err(GameError::State(format!("{name} is taken; free powers: {}", free.join(", "))));
                    }
                    name
                }
                None if free.is_empty() => return Err(GameError::State("every power is taken".into())),
                None => free[(now.unsigned_abs() as usize ^ caller.user.len().wrapping_mul(2654435761)) % free.len()]
                    .clone(),
            };
            if live.game.status != GameStatus::Forming && power.is_none() {
                return Err(GameError::State("the game has started: name the vacant power you take over".into()));
            }
            store::seat(c, live.game.id, &name, &caller.user, now)?;
            let left = free.len() - 1;
            let tail = if live.game.status != GameStatus::Forming {
                " (taking over a vacant power)".to_string()
            } else if left == 0 {
                " Every power is taken: a moderator can `game start`.".to_string()
            } else {
                format!(" {left} power{} still free.", if left == 1 { "" } else { "s" })
            };
            Ok(Reply::public(format!("{} joins as {name}.{tail}", caller.user)))
        })
    }

    /// Leaves a forming game.
    ///
    /// # Errors
    /// No game, not seated, the game started.
    pub fn leave(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            if live.game.status != GameStatus::Forming {
                return Err(GameError::State("the game has started: ask a moderator to replace you".into()));
            }
            if !store::unseat(c, live.game.id, &caller.user)? {
                return Err(GameError::NotPlayer(String::new()));
            }
            Ok(Reply::public(format!("{} leaves the game.", caller.user)))
        })
    }

    /// Starts the game: all powers taken, or a moderator starts with vacant powers in civil disorder.
    ///
    /// # Errors
    /// No game, already started, powers vacant and the caller not a moderator.
    pub fn start(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        let reply = self.store.write(|c| {
            let live = self.live(c, channel)?;
            if live.game.status != GameStatus::Forming {
                return Err(GameError::State("the game has already started".into()));
            }
            let players = store::players(c, live.game.id)?;
            let vacant: Vec<String> = live
                .variant
                .powers
                .iter()
                .map(|p| p.name.clone())
                .filter(|n| !players.iter().any(|(p, _)| p == n))
                .collect();
            if !vacant.is_empty() && !Self::is_moderator(&live.game, caller) {
                return Err(GameError::State(format!(
                    "{} still free; a moderator can start anyway, leaving them in civil disorder",
                    vacant.join(", ")
                )));
            }
            if players.is_empty() {
                return Err(GameError::State("nobody has joined yet".into()));
            }
            let state = DipState::start(&live.variant);
            let deadline = self.deadline_for(&live.settings, &state);
            store::open_phase(
                c,
                live.game.id,
                1,
                &state.phase.name(&live.variant),
                &encode_state(&state)?,
                Some(deadline),
            )?;
            store::set_status(c, live.game.id, GameStatus::Active, None)?;
            let cd =
                if vacant.is_empty() { String::new() } else { format!(" In civil disorder: {}.", vacant.join(", ")) };
            Ok((
                format!(
                    "The game begins: {}. Orders are due in {}.{cd} Send them privately with `orders ...`.",
                    state.phase.name(&live.variant),
                    format_duration(deadline - self.now())
                ),
                live.variant,
                state,
                settings_of(&live.game),
            ))
        })?;
        let (text, variant, state, settings) = reply;
        let mut r = Reply::public(text);
        r.images.push(self.image(&variant, &state, Drawing::Position, &settings, "position", "start-position"));
        Ok(r)
    }

    /// A moderator seats `user` as `power` (replacing whoever held it, who loses it).
    /// Mid-phase, the deadline is pushed to at least the replacement minimum.
    ///
    /// # Errors
    /// Not a moderator, unknown power.
    pub fn assign(&self, channel: &str, caller: &Caller, user: &str, power: &str) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            Self::require_moderator(&live.game, caller, "assign or replace players")?;
            let id = live
                .variant
                .power_by_name(power)
                .ok_or_else(|| GameError::Invalid(format!("there is no power `{power}`")))?;
            let name = live.variant.power(id).name.clone();
            let before = store::players(c, live.game.id)?.into_iter().find(|(p, _)| *p == name).map(|(_, u)| u);
            store::seat(c, live.game.id, &name, user, now)?;
            let mut extra = String::new();
            if live.game.status == GameStatus::Active {
                if let Some(row) = store::phase(c, live.game.id, live.game.phase_seq)? {
                    let min = now + live.settings.min_after_replace_secs;
                    if row.open && row.deadline.is_some_and(|d| d < min) {
                        store::set_deadline(c, live.game.id, row.seq, Some(min), None)?;
                        extra = format!(" The deadline moves to {} from now.", format_duration(min - now));
                    }
                }
            }
            let was = before.map_or(String::new(), |u| format!(" (replacing {u})"));
            Ok(Reply::public(format!("{user} now plays {name}{was}.{extra}")))
        })
    }

    /// A moderator removes a player; their power is vacant (civil disorder) until assigned.
    ///
    /// # Errors
    /// Not a moderator, not a player.
    pub fn kick(&self, channel: &str, caller: &Caller, user: &str) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            Self::require_moderator(&live.game, caller, "remove players")?;
            if !store::unseat(c, live.game.id, user)? {
                return Err(GameError::Invalid(format!("{user} is not playing in this game")));
            }
            Ok(Reply::public(format!("{user} has been removed; their power is vacant until a moderator assigns it.")))
        })
    }

    // ----- orders -----

    /// Submits one or more orders (separated by commas, semicolons or new lines).
    /// Each is checked at once; accepted ones are stored (replacing earlier orders
    /// for the same pieces) before the reply is made.
    ///
    /// # Errors
    /// No game, not a player, the phase closed.
    pub fn submit(&self, channel: &str, caller: &Caller, text: &str) -> Result<Reply, GameError> {
        let now = self.now();
        let texts = split_orders(text);
        if texts.is_empty() {
            return Err(GameError::Invalid("no orders given: e.g. `orders K e1 - e2, N g1 S e1 - e2`".into()));
        }
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            if live.game.status == GameStatus::Paused {
                return Err(GameError::State("the game is paused; orders are taken again when it resumes".into()));
            }
            let (power, name) = Self::power_of(c, &live, caller)?;
            let (row, state) = Self::current_phase(c, &live)?;
            if !row.open {
                return Err(GameError::State("this phase is being resolved; send orders for the next one".into()));
            }
            let mut accepted = Vec::new();
            let mut rejected = Vec::new();
            for t in &texts {
                let existing = store::orders(c, live.game.id, row.seq, Some(&name))?;
                let mut earlier = Vec::new();
                let mut covering: Vec<(String, Vec<Square>)> = Vec::new();
                for r in &existing {
                    if let Ok(ch) = check(&live.variant, &state, power, &r.text, &earlier) {
                        if let Checked::Adjustment(a) = ch {
                            earlier.push(a);
                        }
                        covering.push((r.slot.clone(), ch.squares()));
                    }
                }
                // An order for the same piece replaces the earlier one: leave it out of the limits.
                let probe = check(&live.variant, &state, power, t, &[]);
                let replaced: Vec<String> = match &probe {
                    Ok(ch) => {
                        let sq = ch.squares();
                        covering
                            .iter()
                            .filter(|(_, s)| s.iter().any(|x| sq.contains(x)))
                            .map(|(slot, _)| slot.clone())
                            .collect()
                    }
                    Err(_) => Vec::new(),
                };
                let kept: Vec<Adjustment> = earlier
                    .iter()
                    .copied()
                    .filter(|a| !replaced.iter().any(|slot| Checked::Adjustment(*a).slot(0) == *slot))
                    .collect();
                match check(&live.variant, &state, power, t, &kept) {
                    Ok(ch) => {
                        for slot in &replaced {
                            store::delete_orders(c, live.game.id, row.seq, &name, Some(slot))?;
                        }
                        let waives = existing.iter().filter(|r| r.slot.starts_with("waive")).count();
                        let o = OrderRow {
                            power: name.clone(),
                            slot: ch.slot(waives + 1),
                            text: t.clone(),
                            submitted_by: caller.user.clone(),
                        };
                        store::put_order(c, live.game.id, row.seq, &o, now)?;
                        accepted.push(t.clone());
                    }
                    Err(e) => rejected.push(format!("`{t}`: {e}")),
                }
            }
            if !accepted.is_empty() {
                store::set_ready(c, live.game.id, row.seq, &name, false)?;
            }
            let mut text = String::new();
            if !accepted.is_empty() {
                text += &format!("Accepted for {name}: {}\n", accepted.join(", "));
            }
            if !rejected.is_empty() {
                text += &format!(
                    "Rejected:\n{}\n",
                    rejected.iter().map(|r| format!("  {r}")).collect::<Vec<_>>().join("\n")
                );
            }
            text += &Self::order_set_text(c, &live, &row, &state, power, &name)?;
            Ok(Reply::private(text))
        })
    }

    fn order_set_text(
        c: &rusqlite::Connection,
        live: &Live,
        row: &PhaseRow,
        state: &DipState,
        power: PowerId,
        name: &str,
    ) -> Result<String, GameError> {
        let orders = store::orders(c, live.game.id, row.seq, Some(name))?;
        let mut covered = Vec::new();
        let mut earlier = Vec::new();
        for r in &orders {
            if let Ok(ch) = check(&live.variant, state, power, &r.text, &earlier) {
                covered.extend(ch.squares());
                if let Checked::Adjustment(a) = ch {
                    earlier.push(a);
                }
            }
        }
        let mut text = format!("{name}'s orders for {}:", row.name);
        if orders.is_empty() {
            text += " none yet.";
        }
        for r in &orders {
            text += &format!("\n  {}", r.text);
        }
        if state.phase.season.is_movement() {
            let missing: Vec<String> = state
                .pieces_of(power)
                .filter(|(sq, _)| !covered.contains(sq))
                .map(|(sq, p)| format!("{} {sq}", p.role.char()))
                .collect();
            if !missing.is_empty() {
                text += &format!("\nNo order yet (they will hold): {}", missing.join(", "));
            }
        } else {
            let centers = state.centers_of(power).len() as i64;
            let pieces = state.piece_count(power) as i64;
            let adj = centers - pieces;
            let used = earlier
                .iter()
                .filter(|a| matches!(a.kind, AdjustmentKind::Build { .. } | AdjustmentKind::Waive))
                .count() as i64;
            let disbands = earlier.iter().filter(|a| matches!(a.kind, AdjustmentKind::Disband { .. })).count() as i64;
            if adj > 0 {
                text += &format!("\nBuilds: {used} of {adj} ordered.");
            } else if adj < 0 {
                text += &format!("\nDisbands: {disbands} of {} ordered (the rest are chosen by civil disorder).", -adj);
            }
        }
        Ok(text)
    }

    /// The caller's orders for the current phase, and the pieces without one.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn show_orders(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.live(c, channel)?;
            let (power, name) = Self::power_of(c, &live, caller)?;
            let (row, state) = Self::current_phase(c, &live)?;
            let ready = store::ready_powers(c, live.game.id, row.seq)?.contains(&name);
            let mut t = Self::order_set_text(c, &live, &row, &state, power, &name)?;
            t += if ready { "\nYou are marked ready." } else { "\nNot marked ready." };
            Ok(Reply::private(t))
        })
    }

    /// Removes all the caller's orders for this phase.
    ///
    /// # Errors
    /// No game, not a player, the phase closed.
    pub fn clear_orders(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            let (_, name) = Self::power_of(c, &live, caller)?;
            let (row, _) = Self::current_phase(c, &live)?;
            if !row.open {
                return Err(GameError::State("this phase is being resolved".into()));
            }
            let n = store::delete_orders(c, live.game.id, row.seq, &name, None)?;
            store::set_ready(c, live.game.id, row.seq, &name, false)?;
            Ok(Reply::private(format!("Cleared {n} order{} for {name}.", if n == 1 { "" } else { "s" })))
        })
    }

    /// Marks the caller's power ready (or not). With early resolution on,
    /// the phase resolves once every power with pieces or builds is ready.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn ready(&self, channel: &str, caller: &Caller, ready: bool) -> Result<Vec<Reply>, GameError> {
        let (game, seq, all) = self.store.write(|c| {
            let live = self.live(c, channel)?;
            let (_, name) = Self::power_of(c, &live, caller)?;
            let (row, state) = Self::current_phase(c, &live)?;
            store::set_ready(c, live.game.id, row.seq, &name, ready)?;
            let players = store::players(c, live.game.id)?;
            let ready_now = store::ready_powers(c, live.game.id, row.seq)?;
            let needed: Vec<&String> = players
                .iter()
                .map(|(p, _)| p)
                .filter(|p| live.variant.power_by_name(p).is_some_and(|id| Self::has_business(&state, id)))
                .collect();
            let all = live.settings.early && needed.iter().all(|p| ready_now.contains(p));
            Ok::<_, GameError>((live.game.id, row.seq, all))
        })?;
        let mut out = vec![Reply::private(if ready { "Marked ready." } else { "No longer ready." })];
        if ready && all {
            out.extend(self.resolve(game, seq, "every power is ready")?);
        }
        Ok(out)
    }

    /// Whether a power has anything to order this phase.
    fn has_business(state: &DipState, p: PowerId) -> bool {
        if state.phase.season.is_movement() {
            state.piece_count(p) > 0
        } else {
            state.centers_of(p).len() != state.piece_count(p)
        }
    }

    /// What the caller's current orders would do if every other power held,
    /// with the image. Private; nothing is stored.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn preview(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        let (live, power, state, rows) = self.store.read(|c| {
            let live = self.live(c, channel)?;
            let (power, name) = Self::power_of(c, &live, caller)?;
            let (row, state) = Self::current_phase(c, &live)?;
            let rows = store::orders(c, live.game.id, row.seq, Some(&name))?;
            Ok::<_, GameError>((live, power, state, rows))
        })?;
        if !state.phase.season.is_movement() {
            return Err(GameError::State("previews are for movement phases".into()));
        }
        let (orders, _) = checked_orders(&live.variant, &state, &rows);
        let (_, mr) = apply_movement(&live.variant, &state, &orders);
        let mut text = format!("If every other power held, {}'s orders would do this:", live.variant.power(power).name);
        for (o, out) in mr.resolution.orders.iter().zip(&mr.resolution.outcomes) {
            if o.power == power {
                text += &format!("\n  {o}: {}", out.reason());
            }
        }
        let mut r = Reply::private(text);
        r.images.push(self.image(
            &live.variant,
            &state,
            Drawing::Movement(mr.resolution.clone(), orders.clone()),
            &live.settings,
            "preview",
            "preview",
        ));
        Ok(r)
    }

    // ----- resolution -----

    /// Resolves phase `seq` of game `game` if it is still open; nothing if someone else did.
    fn resolve(&self, game: i64, seq: i64, why: &str) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        let done = self.store.write(|c| {
            let Some(g) = store::game(c, game)? else { return Ok(None) };
            let Some(row) = store::phase(c, game, seq)? else { return Ok(None) };
            if !row.open || g.phase_seq != seq || g.status == GameStatus::Ended {
                return Ok(None);
            }
            let variant = variant_of(&g)?;
            let settings = settings_of(&g);
            let state = decode_state(&row)?;
            let rows = store::orders(c, game, seq, None)?;
            let (moves, adjs) = checked_orders(&variant, &state, &rows);
            let outcome = if state.phase.season.is_movement() {
                let (next, mr) = apply_movement(&variant, &state, &moves);
                Resolved::Movement { next, report: mr, orders: moves }
            } else {
                let (next, ar) = apply_adjustments(&variant, &state, &adjs);
                Resolved::Adjustment { next, report: ar, orders: adjs }
            };
            let record = Self::record(&variant, &state, &rows, &outcome);
            let json = serde_json::to_string(&record).map_err(StoreError::from)?;
            if !store::close_phase(c, game, seq, &json, now)? {
                return Ok(None);
            }
            let next = outcome.next();
            let result = dip::game_result(&variant, next);
            let draw = store::draw_votes(c, game, seq)?;
            let alive: Vec<String> =
                variant.power_ids().filter(|&p| next.is_alive(p)).map(|p| variant.power(p).name.clone()).collect();
            store::open_phase(
                c,
                game,
                seq + 1,
                &next.phase.name(&variant),
                &encode_state(next)?,
                Some(
                    now + if next.phase.season.is_movement() {
                        settings.movement_secs
                    } else {
                        settings.adjustment_secs
                    },
                ),
            )?;
            let mut ended = None;
            if let GameResult::Solo { winner } = result {
                ended =
                    Some(format!("{} wins with {} centers", variant.power(winner).name, next.centers_of(winner).len()));
            }
            if ended.is_some() {
                store::set_status(c, game, GameStatus::Ended, ended.as_deref())?;
                store::set_deadline(c, game, seq + 1, None, None)?;
            }
            let players = store::players(c, game)?;
            let lapsed: Vec<String> = if ended.is_none() {
                players.iter().filter(|(p, _)| draw.contains(p)).map(|(_, u)| u.clone()).collect()
            } else {
                Vec::new()
            };
            Ok::<_, GameError>(Some((g, variant, settings, state, outcome, record, ended, lapsed, alive)))
        })?;
        let Some((g, variant, settings, state, outcome, record, ended, lapsed, _)) = done else {
            return Ok(Vec::new());
        };
        let mut text = format!("**{} resolved** ({why}).\n{}", record.phase, record.summary);
        if let Some(e) = &ended {
            text += &format!("\n**Game over: {e}.**");
        } else {
            let next = outcome.next();
            text += &format!(
                "\nNext: {}, due in {}.",
                next.phase.name(&variant),
                format_duration(if next.phase.season.is_movement() {
                    settings.movement_secs
                } else {
                    settings.adjustment_secs
                })
            );
        }

        let mut r = Reply::public(text);
        let slug = record.phase.to_lowercase().replace(' ', "-");
        match &outcome {
            Resolved::Movement { report, orders, next } => {
                r.images.push(self.image(
                    &variant,
                    &state,
                    Drawing::Movement(report.resolution.clone(), orders.clone()),
                    &settings,
                    "orders",
                    &format!("{slug}-orders"),
                ));
                r.images.push(self.image(
                    &variant,
                    next,
                    Drawing::Position,
                    &settings,
                    "position",
                    &format!("{slug}-result"),
                ));
            }
            Resolved::Adjustment { report, orders, next } => {
                r.images.push(self.image(
                    &variant,
                    &state,
                    Drawing::Adjustment(orders.clone(), report.clone()),
                    &settings,
                    "adjustments",
                    &format!("{slug}-adjustments"),
                ));
                r.images.push(self.image(
                    &variant,
                    next,
                    Drawing::Position,
                    &settings,
                    "position",
                    &format!("{slug}-result"),
                ));
            }
        }
        let _ = g;
        let mut out = vec![r];
        for user in lapsed {
            out.push(Reply {
                visibility: Visibility::Private,
                to: Some(user),
                text: format!(
                    "Your draw vote lapsed when {} was resolved; vote again if you still want a draw.",
                    record.phase
                ),
                images: Vec::new(),
            });
        }
        Ok(out)
    }

    fn record(variant: &Variant, state: &DipState, rows: &[OrderRow], outcome: &Resolved) -> PhaseRecord {
        let phase = state.phase.name(variant);
        let mut orders = Vec::new();
        let mut dislodged = Vec::new();
        let mut centers = Vec::new();
        let mut summary = String::new();
        let name = |p: PowerId| variant.power(p).name.clone();
        match outcome {
            Resolved::Movement { report, .. } => {
                let res = &report.resolution;
                for r in rows {
                    let Some(p) = variant.power_by_name(&r.power) else { continue };
                    let Ok(Checked::Movement(os)) = check(variant, state, p, &r.text, &[]) else { continue };
                    let outs: Vec<_> = os
                        .iter()
                        .filter_map(|o| res.orders.iter().position(|x| x == o).map(|k| res.outcomes[k]))
                        .collect();
                    let ok = outs.iter().all(|o| o.succeeded());
                    let reason =
                        outs.iter().find(|o| !o.succeeded()).or(outs.first()).map_or_else(String::new, |o| o.reason());
                    orders.push((r.power.clone(), r.text.clone(), ok, reason));
                }
                for &(sq, by) in &res.dislodged {
                    if let Some(p) = state.piece(sq) {
                        dislodged.push(format!("{} {sq} ({}, by {by})", p.role.char(), name(p.power)));
                    }
                }
                for &(sq, old, new) in &report.center_changes {
                    centers.push(format!("{sq}: {} (was {})", name(new), old.map_or("neutral".to_string(), name)));
                }
            }
            Resolved::Adjustment { report, .. } => {
                let mut earlier: Vec<Adjustment> = Vec::new();
                for r in rows {
                    let Some(p) = variant.power_by_name(&r.power) else { continue };
                    let mine: Vec<Adjustment> = earlier.iter().copied().filter(|a| a.power == p).collect();
                    let done = match check(variant, state, p, &r.text, &mine) {
                        Ok(Checked::Adjustment(a)) => {
                            earlier.push(a);
                            report.carried_out.contains(&a)
                        }
                        _ => false,
                    };
                    orders.push((
                        r.power.clone(),
                        r.text.clone(),
                        done,
                        if done { "carried out".into() } else { "not carried out".into() },
                    ));
                }
                for &(p, role, sq) in &report.civil_disorder {
                    dislodged.push(format!("{} {sq} ({}, disbanded in civil disorder)", role.char(), name(p)));
                }
                for &(p, sq) in &report.default_promotions {
                    centers.push(format!("{sq}: {}'s pawn promoted to a knight (no order)", name(p)));
                }
            }
        }
        let mut by_power: Vec<String> = variant.powers.iter().map(|p| p.name.clone()).collect();
        by_power.retain(|p| orders.iter().any(|o| &o.0 == p));
        for p in &by_power {
            summary += &format!("{p}:");
            for (_, t, ok, why) in orders.iter().filter(|o| &o.0 == p) {
                summary += &format!("\n  {} {t} ({why})", if *ok { "\u{2713}" } else { "\u{2717}" });
            }
            summary += "\n";
        }
        if by_power.is_empty() {
            summary += "No orders were given.\n";
        }
        if !dislodged.is_empty() {
            summary += &format!("Removed: {}\n", dislodged.join("; "));
        }
        if !centers.is_empty() {
            summary += &format!("Centers: {}\n", centers.join("; "));
        }
        let next = outcome.next();
        let owed: Vec<String> = variant
            .power_ids()
            .filter_map(|p| {
                let d = next.centers_of(p).len() as i64 - next.piece_count(p) as i64;
                (!next.phase.season.is_movement() && d != 0).then(|| {
                    if d > 0 {
                        format!("{} may build {d}", name(p))
                    } else {
                        format!("{} must disband {}", name(p), -d)
                    }
                })
            })
            .collect();
        if !owed.is_empty() {
            summary += &format!("Adjustments: {}\n", owed.join("; "));
        }
        let outcome_text = match dip::game_result(variant, next) {
            GameResult::Solo { winner } => format!("{} wins", name(winner)),
            GameResult::Ongoing => "ongoing".into(),
        };
        PhaseRecord {
            v: 1,
            phase,
            orders,
            dislodged,
            centers,
            summary: summary.trim_end().to_string(),
            outcome: outcome_text,
        }
    }

    fn image(
        &self,
        v: &Variant,
        state: &DipState,
        drawing: Drawing,
        settings: &Settings,
        caption: &'static str,
        name: &str,
    ) -> Image {
        let style = Style {
            palette: if settings.colour_blind { Palette::ColourBlind } else { Palette::Classic },
            ..Style::default()
        };
        let job = ImageJob { variant: v.clone(), state: state.clone(), drawing, style, caption };
        Image { name: format!("{name}.png"), job: Arc::new(job) }
    }

    /// Resolves every active game whose deadline has passed (unless it waits for a moderator).
    /// Returns the public replies, per channel.
    ///
    /// # Errors
    /// Database errors.
    pub fn tick(&self) -> Result<Vec<(String, Reply)>, GameError> {
        let now = self.now();
        let due = self.store.read(|c| Ok::<_, GameError>(store::due_games(c, now)?))?;
        let mut out = Vec::new();
        for g in due {
            if settings_of(&g).at_deadline == AtDeadline::Wait {
                continue;
            }
            for r in self.resolve(g.id, g.phase_seq, "the deadline passed")? {
                out.push((g.channel.clone(), r));
            }
        }
        Ok(out)
    }

    // ----- moderation -----

    /// A moderator resolves the current phase now; with `expected` (a phase
    /// name), only if that is still the current phase, so that a force racing
    /// the deadline cannot resolve the phase after it.
    ///
    /// # Errors
    /// Not a moderator, no open phase, the expected phase already resolved.
    pub fn force(&self, channel: &str, caller: &Caller, expected: Option<&str>) -> Result<Vec<Reply>, GameError> {
        let (game, seq) = self.store.read(|c| {
            let live = self.live(c, channel)?;
            Self::require_moderator(&live.game, caller, "force a phase")?;
            let (row, _) = Self::current_phase(c, &live)?;
            if let Some(want) = expected {
                if !row.name.eq_ignore_ascii_case(want.trim()) {
                    return Err(GameError::State(format!(
                        "{want} is no longer open: the current phase is {}",
                        row.name
                    )));
                }
            }
            Ok::<_, GameError>((live.game.id, row.seq))
        })?;
        let r = self.resolve(game, seq, "forced by a moderator")?;
        if r.is_empty() {
            return Err(GameError::State("that phase was already resolved".into()));
        }
        Ok(r)
    }

    /// A moderator moves the deadline: `extend` adds to it, otherwise it is set to now + `secs`.
    ///
    /// # Errors
    /// Not a moderator, no open phase.
    pub fn deadline(&self, channel: &str, caller: &Caller, secs: i64, extend: bool) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            Self::require_moderator(&live.game, caller, "change the deadline")?;
            let (row, _) = Self::current_phase(c, &live)?;
            if live.game.status == GameStatus::Paused {
                let left = if extend { row.paused_left.unwrap_or(0) + secs } else { secs };
                store::set_deadline(c, live.game.id, row.seq, None, Some(left))?;
                return Ok(Reply::public(format!(
                    "The game is paused; on resume {} will remain for {}.",
                    format_duration(left),
                    row.name
                )));
            }
            let base = if extend { row.deadline.unwrap_or(now).max(now) } else { now };
            let d = base + secs;
            store::set_deadline(c, live.game.id, row.seq, Some(d), None)?;
            Ok(Reply::public(format!("{} is now due in {}.", row.name, format_duration(d - now))))
        })
    }

    /// A moderator pauses (deadlines frozen) or resumes the game.
    ///
    /// # Errors
    /// Not a moderator, wrong state.
    pub fn pause(&self, channel: &str, caller: &Caller, pause: bool) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            Self::require_moderator(&live.game, caller, if pause { "pause the game" } else { "resume the game" })?;
            let (row, _) = Self::current_phase(c, &live)?;
            match (pause, live.game.status) {
                (true, GameStatus::Active) => {
                    let left = row.deadline.map(|d| (d - now).max(60));
                    store::set_deadline(c, live.game.id, row.seq, None, left)?;
                    store::set_status(c, live.game.id, GameStatus::Paused, None)?;
                    Ok(Reply::public("The game is paused: the deadline is frozen and no orders are taken."))
                }
                (false, GameStatus::Paused) => {
                    let d = row.paused_left.map(|l| now + l);
                    store::set_deadline(c, live.game.id, row.seq, d, None)?;
                    store::set_status(c, live.game.id, GameStatus::Active, None)?;
                    Ok(Reply::public(format!(
                        "The game resumes; {} is due in {}.",
                        row.name,
                        d.map_or("no deadline".into(), |d| format_duration(d - now))
                    )))
                }
                (true, _) => Err(GameError::State("the game is not running".into())),
                (false, _) => Err(GameError::State("the game is not paused".into())),
            }
        })
    }

    /// A moderator undoes the last resolution: the previous phase reopens with its orders.
    ///
    /// # Errors
    /// Not a moderator, nothing to undo.
    pub fn rollback(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
            Self::require_moderator(&game, caller, "roll back a phase")?;
            if game.phase_seq < 2 {
                return Err(GameError::State("there is no resolved phase to roll back".into()));
            }
            let settings = settings_of(&game);
            let prev = store::phase(c, game.id, game.phase_seq - 1)?
                .ok_or_else(|| GameError::State("no previous phase".into()))?;
            let state = decode_state(&prev)?;
            let deadline = self.deadline_for(&settings, &state);
            store::reopen_previous(c, game.id, game.phase_seq, Some(deadline))?;
            if game.status == GameStatus::Ended {
                store::set_status(c, game.id, GameStatus::Active, None)?;
                c.execute("UPDATE games SET ended = NULL WHERE id = ?1", [game.id]).map_err(StoreError::from)?;
            }
            Ok(Reply::public(format!(
                "Rolled back: {} is open again with the orders it had, due in {}.",
                prev.name,
                format_duration(deadline - now)
            )))
        })
    }

    /// A moderator ends the game.
    ///
    /// # Errors
    /// Not a moderator.
    pub fn end(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            Self::require_moderator(&live.game, caller, "end the game")?;
            store::set_status(c, live.game.id, GameStatus::Ended, Some("ended by a moderator"))?;
            Ok(Reply::public("The game has been ended by a moderator. Its history stays available with `history`."))
        })
    }

    /// A secret draw vote. When every surviving power has voted yes this phase, the game ends in a draw.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn vote_draw(&self, channel: &str, caller: &Caller, yes: bool) -> Result<Vec<Reply>, GameError> {
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            let (_, name) = Self::power_of(c, &live, caller)?;
            let (row, state) = Self::current_phase(c, &live)?;
            store::set_draw_vote(c, live.game.id, row.seq, &name, yes)?;
            let votes = store::draw_votes(c, live.game.id, row.seq)?;
            let alive: Vec<String> = live
                .variant
                .power_ids()
                .filter(|&p| state.is_alive(p))
                .map(|p| live.variant.power(p).name.clone())
                .collect();
            let mut out = vec![Reply::private(if yes {
                "Your draw vote is recorded (secret). It lapses when this phase resolves."
            } else {
                "Your draw vote is withdrawn."
            })];
            if yes && alive.iter().all(|p| votes.contains(p)) {
                let text = format!("draw between {}", alive.join(", "));
                store::set_status(c, live.game.id, GameStatus::Ended, Some(&text))?;
                out.push(Reply::public(format!("**Game over: {text}**, by unanimous vote of the surviving powers.")));
            }
            Ok(out)
        })
    }

    /// The caller's power concedes. When every surviving power but one has
    /// conceded, that one wins.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn concede(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.live(c, channel)?;
            let (_, name) = Self::power_of(c, &live, caller)?;
            let (_, state) = Self::current_phase(c, &live)?;
            store::concede(c, live.game.id, &name)?;
            let conceded = store::concessions(c, live.game.id)?;
            let standing: Vec<String> = live
                .variant
                .power_ids()
                .filter(|&p| state.is_alive(p))
                .map(|p| live.variant.power(p).name.clone())
                .filter(|n| !conceded.contains(n))
                .collect();
            if let [winner] = standing.as_slice() {
                let text = format!("{winner} wins by concession");
                store::set_status(c, live.game.id, GameStatus::Ended, Some(&text))?;
                return Ok(Reply::public(format!("{name} concedes. **Game over: {text}.**")));
            }
            Ok(Reply::public(format!("{name} concedes the game.")))
        })
    }

    // ----- information -----

    /// The game's status: phase, deadline, players, who is ready (not what they ordered).
    ///
    /// # Errors
    /// No game.
    pub fn status(&self, channel: &str) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.read(|c| {
            let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
            let variant = variant_of(&game)?;
            let players = store::players(c, game.id)?;
            let mut t = format!(
                "{} ({}): ",
                variant.name,
                match game.status {
                    GameStatus::Forming => "forming",
                    GameStatus::Active => "active",
                    GameStatus::Paused => "paused",
                    GameStatus::Ended => "ended",
                }
            );
            if let Some(e) = &game.ended {
                t += &format!("{e}. ");
            }
            if let Some(row) = store::phase(c, game.id, game.phase_seq)? {
                let state = decode_state(&row)?;
                t += &row.name;
                if let Some(d) = row.deadline {
                    t += &format!(", due in {}", format_duration(d - now));
                }
                let ready = store::ready_powers(c, game.id, row.seq)?;
                t += ".";
                for p in variant.power_ids() {
                    let name = &variant.power(p).name;
                    let who =
                        players.iter().find(|(q, _)| q == name).map_or("vacant (civil disorder)", |(_, u)| u.as_str());
                    t += &format!(
                        "\n  {name} ({who}): {} centers, {} pieces{}",
                        state.centers_of(p).len(),
                        state.piece_count(p),
                        if ready.contains(name) { ", ready" } else { "" }
                    );
                }
            } else {
                for (p, u) in &players {
                    t += &format!("\n  {p}: {u}");
                }
            }
            Ok(Reply::public(t))
        })
    }

    /// A resolved phase's orders, outcomes and images (public history), by
    /// name (`spring 1601`) or the latest if `None`.
    ///
    /// # Errors
    /// No game, no such resolved phase.
    pub fn history(&self, channel: &str, phase: Option<&str>) -> Result<Reply, GameError> {
        let (game, rows) = self.store.read(|c| {
            let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
            let rows = store::phases(c, game.id)?;
            Ok::<_, GameError>((game, rows))
        })?;
        let resolved: Vec<&PhaseRow> = rows.iter().filter(|r| !r.open && r.report.is_some()).collect();
        let row = match phase {
            None => resolved.last().copied(),
            Some(name) => resolved.iter().copied().find(|r| r.name.eq_ignore_ascii_case(name.trim())),
        }
        .ok_or_else(|| {
            GameError::Invalid(format!(
                "no resolved phase {}: resolved so far: {}",
                phase.unwrap_or(""),
                if resolved.is_empty() {
                    "none".into()
                } else {
                    resolved.iter().map(|r| r.name.clone()).collect::<Vec<_>>().join(", ")
                }
            ))
        })?;
        let record: PhaseRecord =
            serde_json::from_str(row.report.as_deref().unwrap_or("{}")).map_err(StoreError::from)?;
        let variant = variant_of(&game)?;
        let settings = settings_of(&game);
        let state = decode_state(row)?;
        let orders = self.store.read(|c| Ok::<_, GameError>(store::orders(c, game.id, row.seq, None)?))?;
        let (moves, adjs) = checked_orders(&variant, &state, &orders);
        let mut r = Reply::public(format!("**{}**\n{}", record.phase, record.summary));
        let slug = record.phase.to_lowercase().replace(' ', "-");
        if state.phase.season.is_movement() {
            let (_, mr) = apply_movement(&variant, &state, &moves);
            r.images.push(self.image(
                &variant,
                &state,
                Drawing::Movement(mr.resolution, moves.clone()),
                &settings,
                "orders",
                &format!("{slug}-orders"),
            ));
        } else {
            let (_, ar) = apply_adjustments(&variant, &state, &adjs);
            r.images.push(self.image(
                &variant,
                &state,
                Drawing::Adjustment(adjs.clone(), ar),
                &settings,
                "adjustments",
                &format!("{slug}-adjustments"),
            ));
        }
        Ok(r)
    }

    /// The whole game as JSON: settings, players, every phase's position and, once resolved, its orders and outcomes.
    ///
    /// # Errors
    /// No game.
    pub fn export(&self, channel: &str) -> Result<String, GameError> {
        self.store.read(|c| {
            let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
            let players = store::players(c, game.id)?;
            let mut phases = Vec::new();
            for row in store::phases(c, game.id)? {
                let state: serde_json::Value = serde_json::from_str(&row.state).map_err(StoreError::from)?;
                let report: Option<serde_json::Value> = match &row.report {
                    Some(r) => Some(serde_json::from_str(r).map_err(StoreError::from)?),
                    None => None,
                };
                // Orders of an open phase are private: not exported.
                let orders: Vec<serde_json::Value> = if row.open {
                    Vec::new()
                } else {
                    store::orders(c, game.id, row.seq, None)?
                        .into_iter()
                        .map(|o| serde_json::json!({"power": o.power, "order": o.text}))
                        .collect()
                };
                phases.push(serde_json::json!({"phase": row.name, "open": row.open, "state": state, "orders": orders, "report": report}));
            }
            let v = serde_json::json!({
                "format": 1,
                "variant": game.variant,
                "channel": game.channel,
                "status": format!("{:?}", game.status).to_lowercase(),
                "ended": game.ended,
                "settings": serde_json::from_str::<serde_json::Value>(&game.settings).map_err(StoreError::from)?,
                "players": players.iter().map(|(p, u)| serde_json::json!({"power": p, "user": u})).collect::<Vec<_>>(),
                "phases": phases,
            });
            Ok(serde_json::to_string_pretty(&v).map_err(StoreError::from)?)
        })
    }
}

enum Resolved {
    Movement { next: DipState, report: dip::MovementReport, orders: Vec<Order> },
    Adjustment { next: DipState, report: dip::AdjustmentReport, orders: Vec<Adjustment> },
}

impl Resolved {
    fn next(&self) -> &DipState {
        match self {
            Resolved::Movement { next, .. } | Resolved::Adjustment { next, .. } => next,
        }
    }
}
