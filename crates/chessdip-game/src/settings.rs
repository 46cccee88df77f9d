//! A game's settings.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::lifecycle::Stage;
use crate::phase::calendar;
use crate::phase::fixed_time::{Days, TimeOfDay};
use crate::store::GameRow;
use chessdip_rules::family::PhaseKind;

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
    /// Fixed-time deadlines: a phase ends at this local time (in
    /// `timezone`) on one of `days`, the first at least the phase's length
    /// after it opens. `None`: a phase ends its length after it opens.
    #[serde(default)]
    pub deadline_at: Option<TimeOfDay>,
    /// The days a fixed-time deadline may fall on.
    #[serde(default)]
    pub days: Days,
    /// Grace extensions per player per game: at a deadline where a seated
    /// power owes orders and sent none, the phase is extended once for
    /// everyone while that player has grace left (0: no grace).
    #[serde(default = "default_grace_for_old_games")]
    pub grace: u32,
    /// How long a grace extension is (with `deadline_at`: to the next fixed
    /// time at least this long after the deadline).
    #[serde(default = "default_grace_secs")]
    pub grace_secs: i64,
    /// Consecutive phases in civil disorder after which a player is
    /// unseated and the power opened for takeover (`None`: never).
    #[serde(default = "default_cd_after_for_old_games")]
    pub cd_after: Option<u32>,
    /// Who may take over an open power: anyone, or whom a moderator assigns.
    #[serde(default)]
    pub takeover: Takeover,
    /// The reliability (percent) a user needs to join (`None`: anyone).
    #[serde(default)]
    pub min_reliability: Option<u8>,
    /// Whether a new user (too few phases for a reliability) may join
    /// when `min_reliability` is set.
    #[serde(default = "default_animation")]
    pub min_reliability_new: bool,
    /// How a game with centers shares a draw (`scoring=draw-size|sum-of-squares`).
    #[serde(default)]
    pub scoring: crate::standings::scores::Scoring,
    /// How long a game nobody is left playing stays paused, waiting for
    /// someone to take a seat, before it ends as abandoned (`None`: it
    /// waits for good). Games created before this existed get the default.
    #[serde(default = "default_abandon_after")]
    pub abandon_after_secs: Option<i64>,
    /// Who plays a power that becomes vacant in a running game (its player
    /// unseated, removed, or moved away): nobody (it holds, in civil
    /// disorder) or a bot, until someone takes it.
    #[serde(default)]
    pub vacant: Vacant,
    /// The bots `game create` seats (`bots=3`, `bots=Italy,France`).
    #[serde(default, skip_serializing_if = "BotSeats::is_none")]
    pub bots: BotSeats,
    /// How the game starts: by a moderator, or the moment its last seat is taken (`start=when-full`).
    #[serde(default, skip_serializing_if = "StartRule::by_moderator")]
    pub start: StartRule,
    /// `start-at=`: when the game starts by itself (with bots in the empty
    /// seats if it takes bots; if not, it waits to be full and says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_at: Option<StartAt>,
    /// `channel=new`: the game runs in a text channel the bot made for it
    /// on Discord (`None`: where it was created).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channel: Option<NewChannel>,
}

impl Settings {
    /// Whether bots take the seats still free at the start time (`bots=` or `vacant=bot`).
    #[must_use]
    pub fn takes_bots(&self) -> bool {
        self.vacant == Vacant::Bot || !self.bots.is_none()
    }
}

/// How a game starts (`start=moderator|when-full`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartRule {
    /// A moderator starts it with `game start`.
    #[default]
    Moderator,
    /// It starts the moment the last seat is taken.
    WhenFull,
}

impl StartRule {
    fn by_moderator(&self) -> bool {
        *self == StartRule::Moderator
    }
}

/// When a game starts by itself (`start-at=`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartAt {
    /// This long after it is created (`start-at=2h`); made a time when it is created.
    In(i64),
    /// A local date and time in the game's time zone (`start-at=2026-12-01T20:00`); made a time when it is created.
    Local(String),
    /// At this time (unix seconds).
    At(i64),
}

/// How `start-at=` keeps a local date and time (`2026-12-01T20:00`).
pub(crate) const LOCAL_FORMAT: &str = "%Y-%m-%dT%H:%M";

impl StartAt {
    /// The time it names, for a game created at `now` in time zone `zone`;
    /// `None` for a local time that does not exist there.
    #[must_use]
    pub fn time(&self, now: i64, zone: &str) -> Option<i64> {
        match self {
            StartAt::In(secs) => Some(now + secs),
            StartAt::At(t) => Some(*t),
            StartAt::Local(text) => {
                let tz: chrono_tz::Tz = zone.parse().ok()?;
                let local = chrono::NaiveDateTime::parse_from_str(text, LOCAL_FORMAT).ok()?;
                local.and_local_timezone(tz).earliest().map(|t| t.timestamp())
            }
        }
    }
}

/// The channel `channel=new` makes for a game (`name=`, `private=`, `archive-after=`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewChannel {
    /// Its name, as Discord's rules for channel names have it
    /// ([`crate::options::channel_name`]); empty until `game create` names it after the variant.
    #[serde(default)]
    pub name: String,
    /// Only its players, its moderators and the bot read it.
    #[serde(default)]
    pub private: bool,
    /// How long after the game ends the channel is archived (moved to the
    /// server's archive category and made read-only).
    #[serde(default = "default_archive_after")]
    pub archive_after_secs: i64,
}

impl Default for NewChannel {
    fn default() -> NewChannel {
        NewChannel { name: String::new(), private: false, archive_after_secs: default_archive_after() }
    }
}

/// A week.
fn default_archive_after() -> i64 {
    7 * 24 * 3600
}

/// Who plays a power that becomes vacant (`vacant=hold|bot`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vacant {
    /// Nobody: it holds (and disbands) in civil disorder until someone takes it.
    #[default]
    Hold,
    /// A bot, until someone takes it.
    Bot,
}

impl Vacant {
    /// The word `game create` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Vacant::Hold => "hold",
            Vacant::Bot => "bot",
        }
    }
}

/// The bots `game create` seats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotSeats {
    /// None.
    #[default]
    None,
    /// This many, in free seats (`bots=3`).
    Count(usize),
    /// These powers (`bots=Italy,France`; in Chess Wheel+, these board names).
    Powers(Vec<String>),
}

impl BotSeats {
    /// Whether it seats no bot.
    #[must_use]
    pub fn is_none(&self) -> bool {
        matches!(self, BotSeats::None | BotSeats::Count(0))
    }
}

/// Two weeks.
fn default_abandon_after() -> Option<i64> {
    Some(14 * 24 * 3600)
}

/// Who may take over a power opened by civil disorder.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Takeover {
    /// Anyone not kicked and not holding another power, with `join`.
    #[default]
    Open,
    /// `join` asks; a moderator grants with `game assign`.
    Moderator,
}

impl Takeover {
    /// The word `game create` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Takeover::Open => "open",
            Takeover::Moderator => "moderator",
        }
    }
}

/// Games created before grace existed keep playing without it.
fn default_grace_for_old_games() -> u32 {
    0
}

/// Games created before civil disorder was counted never unseat anyone.
fn default_cd_after_for_old_games() -> Option<u32> {
    None
}

fn default_grace_secs() -> i64 {
    24 * 3600
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
            deadline_at: None,
            days: Days::EVERY,
            grace: 1,
            grace_secs: default_grace_secs(),
            cd_after: Some(2),
            takeover: Takeover::Open,
            min_reliability: None,
            min_reliability_new: true,
            scoring: crate::standings::scores::Scoring::DrawSize,
            abandon_after_secs: default_abandon_after(),
            vacant: Vacant::Hold,
            bots: BotSeats::None,
            start: StartRule::Moderator,
            start_at: None,
            channel: None,
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

pub(crate) fn settings_of(game: &GameRow) -> Settings {
    serde_json::from_str(&game.settings).unwrap_or_default()
}
