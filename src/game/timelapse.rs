//! The timelapse of a whole game: the starting position and the position
//! after every resolved phase (phases rolled back left out), gathered from
//! the store, drawn as one GIF
//! ([`crate::render::any::timelapse`]) when delivered. Asked for with
//! `game timelapse`, and attached to the announcement that a game has ended
//! ([`super::chart::story_at_end`]).

use super::lifecycle::GameStatus;
use super::outbox::ImageSource;
use super::story::{Story, Told};
use super::{decode, GameError, Image, Position, Reply, Service, Settings};
use crate::rules::any::Game;
use crate::store::{self, GameRow, StoreError};

/// Every resolved phase of `told` with the position after it: the
/// starting position of the phase that followed it, or the position the
/// game ended in for the last (`None` for the last of a game going on,
/// whose next phase is not written yet).
pub(super) fn resolved<'a>(
    told: &'a Told,
    kind: &Game,
) -> Result<Vec<(&'a store::PhaseRow, Option<Position>)>, GameError> {
    let mut out = Vec::new();
    for (i, row) in told.live.iter().enumerate() {
        if row.open || row.report.is_none() {
            continue;
        }
        let after = match (told.live.get(i + 1), told.last.as_deref()) {
            (Some(next), _) => Some(decode(kind, next)?),
            (None, Some(json)) => Some(kind.decode(json).map_err(StoreError::from)?),
            (None, None) => None,
        };
        out.push((row, after));
    }
    Ok(out)
}

/// The frames of the timelapse of `told`: the starting position, titled
/// `Start` (unless nothing stands on it yet: Chess Wheel+'s boards are made
/// during the game), then the position after every resolved phase, titled
/// `After <phase>`: the starting position of the phase that followed it,
/// or the position the game ended in for the last. None before a phase
/// has resolved.
pub(super) fn positions(told: &Told, kind: &Game) -> Result<Vec<(Position, String)>, GameError> {
    let resolved = resolved(told, kind)?;
    let mut out = Vec::new();
    if let (Some(first), false) = (told.live.first(), resolved.is_empty()) {
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

/// The timelapse image of `game` (`<variant>-timelapse.gif`) as `told`,
/// keeping its story so that it is drawn the same when delivered; the
/// result of an ended game is bannered across its frames. `None` if no
/// phase has resolved.
pub(super) fn image(told: &Told, game: &GameRow, kind: &Game, settings: &Settings) -> Result<Option<Image>, GameError> {
    let name = format!("{}-timelapse", super::slug(&game.variant));
    let source = ImageSource::Timelapse { at: Some(Story::of(told)) };
    Ok(Image::timelapse(&name, positions(told, kind)?, settings, told.result.as_deref()).map(|i| i.stored(source)))
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
            let told = super::story::now(c, &live.game)?;
            let frames = positions(&told, &live.kind)?;
            let phases: Vec<&str> = frames.iter().filter_map(|(_, t)| t.strip_prefix("After ")).collect();
            let (Some(first), Some(last)) = (phases.first(), phases.last()) else {
                return Err(GameError::State(
                    "no phase of this game has resolved yet: the timelapse shows the position after every resolved phase; ask again once the first phase resolves (`status` says when its deadline is)".into(),
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
            reply.images.extend(image(&told, &live.game, &live.kind, &live.settings)?);
            Ok(reply)
        })
    }
}
