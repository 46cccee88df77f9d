//! A game's settings.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::calendar;
use super::lifecycle::Stage;
use crate::rules::family::PhaseKind;
use crate::store::GameRow;

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

pub(super) fn settings_of(game: &GameRow) -> Settings {
    serde_json::from_str(&game.settings).unwrap_or_default()
}
