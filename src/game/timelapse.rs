//! The timelapse of a whole game: the starting position and the position
//! after every resolved phase (phases rolled back left out), gathered from
//! the store, drawn as one GIF
//! ([`crate::render::any::timelapse`]) when delivered. Asked for with
//! `game timelapse`, and attached to the announcement that a game has ended
//! ([`super::chart::story_at_end`]).

use super::lifecycle::GameStatus;
use super::outbox::ImageSource;
use super::{decode, GameError, Image, Position, Reply, Service, Settings};
use crate::rules::any::Game;
use crate::store::{self, GameRow, StoreError};

/// The phases of `game` not rolled back, in order.
pub(super) fn live_phases(c: &rusqlite::Connection, game: &GameRow) -> Result<Vec<store::PhaseRow>, GameError> {
    Ok(store::phases(c, game.id)?.into_iter().filter(|r| !r.rolled_back).collect())
}

/// Every resolved phase of `live` ([`live_phases`] of `game`) with the
/// position after it: the starting position of the phase that followed
/// it, or the position the game ended in for the last (`None` for the last
/// of a game going on, whose next phase is not written yet).
pub(super) fn resolved<'a>(
    live: &'a [store::PhaseRow],
    game: &GameRow,
    kind: &Game,
) -> Result<Vec<(&'a store::PhaseRow, Option<Position>)>, GameError> {
    let mut out = Vec::new();
    for (i, row) in live.iter().enumerate() {
        if row.open || row.report.is_none() {
            continue;
        }
        let after = match (live.get(i + 1), game.final_state.as_deref()) {
            (Some(next), _) => Some(decode(kind, next)?),
            (None, Some(json)) => Some(kind.decode(json).map_err(StoreError::from)?),
            (None, None) => None,
        };
        out.push((row, after));
    }
    Ok(out)
}

/// The frames of `game`'s timelapse: its starting position, titled
/// `Start` (unless nothing stands on it yet: Chess Wheel+'s boards are made
/// during the game), then the position after every resolved phase that
/// was not rolled back, titled `After <phase>`: the starting position of
/// the phase that followed it, or the position the game ended in for the
/// last. None before a phase has resolved.
pub(super) fn positions(
    c: &rusqlite::Connection,
    game: &GameRow,
    kind: &Game,
) -> Result<Vec<(Position, String)>, GameError> {
    let live = live_phases(c, game)?;
    let resolved = resolved(&live, game, kind)?;
    let mut out = Vec::new();
    if let (Some(first), false) = (live.first(), resolved.is_empty()) {
        let start = decode(kind, first)?;
        if start.tally().iter().any(|(_, n)| *n > 0) {
            out.push((start, START.to_string()));
        }
    }
    out.extend(resolved.into_iter().filter_map(|(row, after)| Some((after?, format!("After {}", row.name)))));
    Ok(out)
}

/// The title of a timelapse's first frame, the starting position.
const START: &str = "Start";

/// The timelapse image of `game` (`<variant>-timelapse.gif`), to be drawn
/// again from the store when delivered; the result of an ended game is
/// bannered across its last frame. `None` if no phase has resolved.
pub(super) fn image(
    c: &rusqlite::Connection,
    game: &GameRow,
    kind: &Game,
    settings: &Settings,
) -> Result<Option<Image>, GameError> {
    let result = game.ended.as_deref().filter(|_| game.status == GameStatus::Ended && game.final_state.is_some());
    let name = format!("{}-timelapse", super::slug(&game.variant));
    Ok(Image::timelapse(&name, positions(c, game, kind)?, settings, result).map(|i| i.stored(ImageSource::Timelapse)))
}

impl Service {
    /// The timelapse of the channel's game so far (or of its last game): a
    /// GIF of the starting position and the position after every resolved
    /// phase. Anyone may ask.
    ///
    /// # Errors
    /// No game, or no phase resolved yet.
    pub fn timelapse(&self, channel: &str) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            let frames = positions(c, &live.game, &live.kind)?;
            let phases: Vec<&str> = frames.iter().filter_map(|(_, t)| t.strip_prefix("After ")).collect();
            let (Some(first), Some(last)) = (phases.first(), phases.last()) else {
                return Err(super::chart::nothing_yet(
                    &live.game,
                    "the timelapse shows the position after every resolved phase",
                ));
            };
            let start = frames.first().is_some_and(|(_, t)| t == START);
            let whole = if live.game.status == GameStatus::Ended { "the whole game" } else { "the game so far" };
            let after = if phases.len() == 1 {
                format!("the position after {first}")
            } else {
                format!("the position after every resolved phase from {first} to {last}")
            };
            let what = if start { format!("the start and {after}") } else { after };
            let text = match frames.len() {
                1 => format!("{}: {whole}, one phase resolved: {what}.", live.kind.name()),
                n => format!("{}: {whole} in {n} frames, {what}.", live.kind.name()),
            };
            let mut reply = Reply::public(text);
            reply.images.extend(image(c, &live.game, &live.kind, &live.settings)?);
            Ok(reply)
        })
    }
}
