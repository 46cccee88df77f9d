//! The timelapse of a whole game: the starting position and the position
//! after every resolved phase (phases rolled back left out), gathered from
//! the store, drawn as one GIF
//! ([`chessdip_render::any::timelapse`]) when delivered. Asked for with
//! `game timelapse`, and attached to the announcement that a game has ended
//! (`story_at_end` in `whole.rs`).

use std::sync::Arc;

use crate::lifecycle::GameStatus;
use crate::store::{self, GameRow, Store, StoreError};
use crate::story::drawings::{Drawings, Kept, Key};
use crate::story::source::ImageSource;
use crate::story::told::{Story, Told};
use crate::{decode, GameError, Image, Position, Reply, Service, Settings};
use chessdip_render::anim::AnimError;
use chessdip_render::any::{self, Lapse as Lapse_};
use chessdip_render::Style;
use chessdip_rules::any::Game;

/// Where a timelapse frame's position is read from: the starting position
/// of one of the story's live phases (by index), or the position the game
/// ended in.
#[derive(Clone, Copy, Debug)]
enum At {
    Phase(usize),
    End,
}

/// The frames of the timelapse of `told`, with their titles, without
/// reading their positions (but the first's): the starting position,
/// titled `Start` (unless nothing stands on it yet: Chess Wheel+'s boards
/// are made during the game), then the position after every resolved
/// phase, titled `After <phase>`: the starting position of the phase that
/// followed it, or the position the game ended in for the last. None
/// before a phase has resolved.
fn frames(told: &Told, kind: &Game) -> Result<Vec<(At, String)>, GameError> {
    let mut out = Vec::new();
    for (i, row) in told.live.iter().enumerate() {
        if row.open || row.report.is_none() {
            continue;
        }
        let after = match (told.live.get(i + 1), &told.last) {
            (Some(_), _) => At::Phase(i + 1),
            (None, Some(_)) => At::End,
            (None, None) => continue,
        };
        out.push((after, format!("After {}", row.name)));
    }
    if let (Some(first), false) = (told.live.first(), out.is_empty()) {
        if decode(kind, first)?.tally().iter().any(|(_, n)| *n > 0) {
            out.insert(0, (At::Phase(0), START.to_string()));
        }
    }
    Ok(out)
}

/// The positions of `frames` of `told`, with their titles.
fn read(told: &Told, kind: &Game, frames: Vec<(At, String)>) -> Result<Vec<(Position, String)>, GameError> {
    frames
        .into_iter()
        .map(|(at, title)| {
            let position = match (at, told.last.as_deref()) {
                (At::Phase(i), _) => decode(kind, &told.live[i])?,
                (At::End, Some(json)) => kind.decode(json).map_err(StoreError::from)?,
                (At::End, None) => return Err(GameError::NoGame),
            };
            Ok((position, title))
        })
        .collect()
}

/// The frames of the timelapse of `told` ([`frames`]) with their positions.
pub(crate) fn positions(told: &Told, kind: &Game) -> Result<Vec<(Position, String)>, GameError> {
    read(told, kind, frames(told, kind)?)
}

/// The title of a timelapse's first frame, the starting position.
const START: &str = "Start";

/// A timelapse to draw: its positions are read from the store when it is
/// drawn (on a drawing thread, not on the command's path), and what is
/// drawn is kept ([`crate::story::drawings`]) for the next request.
#[derive(Debug)]
pub(crate) struct Lapse {
    /// The game.
    game: i64,
    /// Its story as the image tells it.
    story: Story,
    /// How many positions it shows.
    frames: usize,
    /// The digest of everything it is drawn from.
    key: String,
    /// The store to read it from, once the service gave it.
    store: Option<Arc<Store>>,
}

impl Lapse {
    /// Gives the timelapse the store its positions are read from.
    pub(crate) fn read_from(&mut self, store: &Arc<Store>) {
        self.store = Some(store.clone());
    }

    /// What identifies this drawing: two requests with one key are one drawing.
    pub(crate) fn key(&self) -> &str {
        &self.key
    }

    /// The timelapse as a GIF of at most `limit` bytes ([`any::timelapse_within`]):
    /// kept from an earlier request if it was drawn for this story and limit, or
    /// drawn and kept. `name` is the image's file name, `style` how it is drawn.
    pub(crate) fn draw(&self, name: &str, style: &Style, limit: usize) -> Kept {
        let Some(store) = &self.store else {
            tracing::error!(image = %name, "a timelapse was asked for without its store; it is left out");
            return Kept { bytes: Vec::new(), note: None };
        };
        let drawings = Drawings::next_to(store.path());
        let size = if limit == usize::MAX { "any".to_string() } else { limit.to_string() };
        let file = format!("{}-{}-{}-{size}", self.game, name.trim_end_matches(".gif"), self.key);
        if let Some(kept) = drawings.get(&file, "gif") {
            tracing::debug!(image = %name, game = self.game, bytes = kept.bytes.len(), "timelapse kept from before");
            return kept;
        }
        let started = std::time::Instant::now();
        let positions = store.read(|c| {
            let game = store::game(c, self.game)?.ok_or(GameError::NoGame)?;
            let settings = crate::settings_of(&game);
            let kind = crate::kind_of(&game, &settings)?;
            positions(&crate::story::told::told(c, &game, Some(&self.story))?, &kind)
        });
        let positions = match positions {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(image = %name, error = %e, "the timelapse's positions cannot be read; it is left out");
                return Kept { bytes: Vec::new(), note: None };
            }
        };
        let kept = match any::timelapse_within(&positions, style, limit) {
            Ok(lapse) => Kept { note: shortened(&lapse, self.frames, style.width, limit), bytes: lapse.gif },
            Err(AnimError::OverLimit(_)) => Kept {
                bytes: Vec::new(),
                note: Some(format!(
                    "(The game's timelapse is left out: even its first and last positions, drawn small, are over the {} a file may be in this channel.)",
                    megabytes(limit)
                )),
            },
            Err(e) => {
                tracing::error!(image = %name, error = %e, "GIF encoding failed");
                return Kept { bytes: Vec::new(), note: None };
            }
        };
        tracing::debug!(
            image = %name,
            game = self.game,
            frames = self.frames,
            bytes = kept.bytes.len(),
            ms = started.elapsed().as_millis(),
            "timelapse drawn"
        );
        drawings.put(&file, "gif", &kept);
        kept
    }
}

/// `bytes` in megabytes as a message gives them: `10 MB`, `0.3 MB`.
fn megabytes(bytes: usize) -> String {
    let mb = bytes as f64 / (1024.0 * 1024.0);
    if (mb - mb.round()).abs() < 0.05 {
        format!("{} MB", mb.round())
    } else {
        format!("{mb:.1} MB")
    }
}

/// What the message says of a timelapse of `frames` positions drawn as
/// `lapse` to fit `limit` bytes at `width` pixels, if it was shortened.
fn shortened(lapse: &Lapse_, frames: usize, width: u32, limit: usize) -> Option<String> {
    if lapse.step == 1 && lapse.width == width {
        return None;
    }
    let which = match lapse.step {
        1 => "every position".to_string(),
        2 => format!("every other position and the last ({} of {frames})", lapse.shown),
        n => format!("every {} position and the last ({} of {frames})", chessdip_rules::words::ordinal(n), lapse.shown),
    };
    let size = if lapse.width < width { format!(", {} px wide,", lapse.width) } else { String::new() };
    Some(format!(
        "(The game's timelapse shows {which}{size} to stay under the {} a file may be in this channel.)",
        megabytes(limit)
    ))
}

/// The timelapse image of `game` (`<variant>-timelapse.gif`) as `told`,
/// keeping its story so that it is drawn the same when delivered; the
/// result of an ended game is bannered across its frames. `None` if no
/// phase has resolved. Its positions are read when it is drawn, from the
/// store the service gives it ([`Image::read_from`]).
pub(crate) fn image(told: &Told, game: &GameRow, kind: &Game, settings: &Settings) -> Result<Option<Image>, GameError> {
    let titles = frames(told, kind)?;
    let Some((first, _)) = titles.first() else { return Ok(None) };
    let first = read(told, kind, vec![(*first, String::new())])?.remove(0).0;
    let name = format!("{}-timelapse", crate::slug(&game.variant));
    let story = Story::of(told);
    let style = Image::lapse_style(settings, told.result.as_deref());
    let mut key = Key::new(game.id, &name);
    key.add(&format!("{:?} {} {:?}", style.palette, style.width, style.result));
    key.add(&game.variant);
    key.add(&game.settings);
    for row in &told.live {
        key.add(&format!("{} {}", row.seq, row.name));
        key.add(&row.state);
    }
    key.add(told.last.as_deref().unwrap_or(""));
    let lapse = Lapse { game: game.id, story: story.clone(), frames: titles.len(), key: key.finish(), store: None };
    let source = ImageSource::Timelapse { at: Some(story) };
    Ok(Some(Image::timelapse(&name, lapse, &first, style).stored(source)))
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
            let told = crate::story::told::now(c, &live.game)?;
            let frames = frames(&told, &live.kind)?;
            let phases: Vec<&str> = frames.iter().filter_map(|(_, t)| t.strip_prefix("After ")).collect();
            let (Some(first), Some(last)) = (phases.first(), phases.last()) else {
                return Err(crate::story::told::nothing_yet(
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
            reply
                .images
                .extend(image(&told, &live.game, &live.kind, &live.settings)?.map(|i| i.read_from(&self.store)));
            Ok(reply)
        })
    }
}
