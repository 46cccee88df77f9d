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

pub mod bots;
mod caller;
pub mod command;
pub mod controls;
pub mod costs;
mod error;
pub mod hashed;
mod info;
pub mod lifecycle;
mod moderation;
pub mod names;
pub mod notify;
pub mod options;
pub mod orders;
pub mod phase;
mod reply;
pub mod request;
pub mod seats;
mod service;
mod settings;
pub mod standings;
pub mod status;
pub mod store;
pub mod story;

pub use caller::Caller;
pub use chessdip_rules::any::{Game, Position, Report, OFFERS};
pub use error::GameError;
pub use phase::clock::{
    format_duration, parse_duration, parse_duration_within, Bounds, Clock, ManualClock, SystemClock,
};
pub use phase::resolve::PhaseRecord;
pub use phase::schedule::{reminder_text, Reminder};
pub use reply::{Reply, Visibility};
pub use request::Request;
pub use service::{Service, MIN_RESUME};
pub use settings::{AtDeadline, BotSeats, NewChannel, Settings, StartAt, StartRule, Takeover, Vacant};
pub use store::BotTurn;
pub use story::pictures::{Drawing, Image};

use service::{decode, encode, kind_of, Live};
use settings::settings_of;
use story::pictures::{conceded_marks, final_marks, slug};
