//! The game master: games, players, phases and deadlines, orders, readiness,
//! moderation, draws and history, over the [`crate::store`]. Transport-agnostic:
//! every call takes the channel and the caller and returns [`Reply`]s that
//! say who may see them. This is the only place that decides who may do what.
//!
//! The games themselves are reached through [`chessdip_rules::any`], which
//! dispatches to the rules families, and drawn through
//! [`chessdip_render::any`]; nothing here knows a game's rules. Front ends call [`Service::command`] with the same words as the
//! slash commands (see [`command`]), or the typed methods.

#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

mod abandon;
mod absence;
mod actions;
pub mod calendar;
mod caller;
pub mod chars;
mod chart;
pub mod clock;
pub mod command;
pub mod costs;
mod drawings;
mod error;
pub mod export;
pub mod extend;
pub mod fixed_time;
pub mod hashed;
mod image;
mod info;
pub mod leaderboard;
pub mod lifecycle;
mod mismatch;
mod moderation;
pub mod names;
mod orders;
pub mod outbox;
pub mod parking;
mod profile;
mod proposals;
pub mod ratings;
pub mod reliability;
mod reply;
mod reports;
mod resolve;
mod rollback;
mod schedule;
pub mod scores;
mod seats;
mod service;
mod settings;
pub mod status;
pub mod store;
mod story;
mod timelapse;
mod unrevealed;
mod windows;

pub use chessdip_rules::any::{Game, Position, Report, OFFERS};
pub use caller::Caller;
pub use clock::{format_duration, parse_duration, parse_duration_within, Bounds, Clock, ManualClock, SystemClock};
pub use error::GameError;
pub use image::{Drawing, Image};
pub use reply::{Reply, Visibility};
pub use resolve::PhaseRecord;
pub use schedule::{reminder_text, Reminder};
pub use service::{Service, MIN_RESUME};
pub use settings::{AtDeadline, Settings, Takeover};

use image::{conceded_marks, final_marks, slug};
use service::{decode, encode, kind_of, Live};
use settings::settings_of;
