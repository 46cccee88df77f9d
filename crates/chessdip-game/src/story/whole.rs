//! The pictures of a game as a whole, its chart and its timelapse: drawn
//! for the announcement of its end, and again from the story an
//! announcement kept when it is delivered.

use crate::store::{self, GameRow};
use crate::story::chart::chart_image;
use crate::story::source::ImageSource;
use crate::{GameError, Image, Settings};
use chessdip_rules::any::Game;

/// An announced image of `game` as a whole, drawn from the story its spec
/// kept (or, for one announced before stories were kept, from the game as
/// it is): its chart or its timelapse, as `source` says. `None` if no phase
/// had resolved, or for any other source.
pub(crate) fn story_image(
    c: &rusqlite::Connection,
    game: &GameRow,
    kind: &Game,
    settings: &Settings,
    source: &ImageSource,
) -> Result<Option<Image>, GameError> {
    match source {
        ImageSource::Chart { at } => {
            chart_image(&crate::story::told::told(c, game, at.as_ref())?, game, kind, settings)
        }
        ImageSource::Timelapse { at } => {
            crate::story::timelapse::image(&crate::story::told::told(c, game, at.as_ref())?, game, kind, settings)
        }
        _ => Ok(None),
    }
}

/// The images that tell the story of game `game`, for the announcement
/// that it has ended (read after its last phase and final position are
/// written, and kept as they are then): its chart, then its timelapse;
/// neither if no phase resolved.
pub(crate) fn story_at_end(c: &rusqlite::Connection, game: i64) -> Result<Vec<Image>, GameError> {
    let Some(g) = store::game(c, game)? else { return Ok(Vec::new()) };
    let settings = crate::settings_of(&g);
    let kind = crate::kind_of(&g, &settings)?;
    let told = crate::story::told::now(c, &g)?;
    let mut images = Vec::new();
    images.extend(chart_image(&told, &g, &kind, &settings)?);
    images.extend(crate::story::timelapse::image(&told, &g, &kind, &settings)?);
    Ok(images)
}
