//! The Diplomacy-style games on chessboards: Chesspolitik (and Chess Dip).
//!
//! Pure: no I/O, no async, no Discord or SQL. Text goes in through
//! [`order_text::parse`], is checked by [`validate::validate_movement`] or
//! [`adjust::validate_adjustment`], and phases are resolved by
//! [`phase::apply_movement`] and [`adjust::apply_adjustments`]. Text comes
//! out through [`text`] alone: the canonical form of every order, and the
//! public reasons of results.

pub mod adjust;
pub mod family;
pub mod geometry;
pub mod legal;
pub mod order;
pub mod order_text;
mod order_tokens;
pub mod phase;
pub mod resolve;
pub mod state;
pub mod text;
pub mod validate;
pub mod variant;
pub mod winter;

pub use adjust::{
    apply_adjustments, validate_adjustment, Adjustment, AdjustmentKind, AdjustmentReport, IllegalAdjustment,
};
pub use family::ChessDipReport;
pub use geometry::{MoveKind, Via};
pub use order::{Coupling, IllegalOrder, Order, OrderKind, Supported};
pub use order_text::{parse, parse_read, Context, OrderText, ParseError, Reading};
pub use phase::{apply_movement, carry_out, game_result, GameResult, MovementReport};
pub use resolve::{resolve, Judgement, Resolution, Strength};
pub use state::{ChessDipState, Phase, Piece, Season, Setup, SetupError};
pub use text::Explain;
pub use validate::{validate_movement, Validated};
pub use variant::{Variant, VariantError};
