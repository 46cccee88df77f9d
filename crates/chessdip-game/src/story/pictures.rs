//! Board images attached to replies, drawn when asked for.

use std::sync::Arc;

use crate::story::source::{ImageSource, ImageSpec};

use crate::{Position, Report, Settings};
use chessdip_render::chart::Chart;
use chessdip_render::{Palette, Style};

/// A board image to attach, drawn when asked for ([`Image::bytes`]), so
/// that resolving many games at a deadline does not wait for drawing: a
/// still PNG, or an animated GIF of a resolution ([`Image::is_animation`]).
#[derive(Clone)]
pub struct Image {
    /// File name (`spring-1601-orders.png`, `spring-1601-resolution.gif`).
    pub name: String,
    job: Arc<ImageJob>,
    /// How to draw it again from the store (announced images go through the outbox).
    spec: Option<ImageSpec>,
}

struct ImageJob {
    position: Position,
    report: Option<Report>,
    style: Style,
    caption: String,
    /// An animation of `report` over `position` rather than a still image.
    animated: bool,
    /// A timelapse of the game (`position` is its first frame's), drawn
    /// as [`chessdip_render::any::timelapse_within`] from positions read
    /// when it is drawn.
    lapse: Option<crate::story::timelapse::Lapse>,
    /// A chart of the game, drawn as [`chessdip_render::chart::draw`] with
    /// `position` (the last it counts) giving the powers' colours.
    chart: Option<Box<Chart>>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image").field("name", &self.name).finish_non_exhaustive()
    }
}

/// The style images of a game are drawn in.
pub(crate) fn style_of(settings: &Settings) -> Style {
    Style { palette: if settings.colour_blind { Palette::ColourBlind } else { Palette::Classic }, ..Style::default() }
}

impl Image {
    /// An image of `position`, with a resolved phase's `report` drawn over it if given.
    pub(crate) fn new(
        name: &str,
        position: &Position,
        report: Option<&Report>,
        settings: &Settings,
        caption: &str,
    ) -> Image {
        let job = ImageJob {
            position: position.clone(),
            report: report.cloned(),
            style: style_of(settings),
            caption: caption.into(),
            animated: false,
            lapse: None,
            chart: None,
        };
        Image { name: format!("{name}.png"), job: Arc::new(job), spec: None }
    }

    /// An animation of a resolved phase's `report` over its starting
    /// `position` ([`chessdip_render::anim`]), drawn at
    /// [`chessdip_render::anim::WIDTH`] pixels.
    pub(crate) fn animation(
        name: &str,
        position: &Position,
        report: &Report,
        settings: &Settings,
        caption: &str,
    ) -> Image {
        let style = Style { width: chessdip_render::anim::WIDTH, ..style_of(settings) };
        let job = ImageJob {
            position: position.clone(),
            report: Some(report.clone()),
            style,
            caption: caption.into(),
            animated: true,
            lapse: None,
            chart: None,
        };
        Image { name: format!("{name}.gif"), job: Arc::new(job), spec: None }
    }

    /// The style a timelapse of a game with `settings` is drawn in:
    /// [`chessdip_render::anim::WIDTH`] pixels wide, `result` (an ended
    /// game's) in the band under the title of every frame.
    pub(crate) fn lapse_style(settings: &Settings, result: Option<&str>) -> Style {
        Style { width: chessdip_render::anim::WIDTH, result: result.map(str::to_string), ..style_of(settings) }
    }

    /// A timelapse of a whole game (`name.gif`) drawn in `style` as `lapse`
    /// says ([`crate::story::timelapse::Lapse`]), whose first position is `first`.
    pub(crate) fn timelapse(
        name: &str,
        lapse: crate::story::timelapse::Lapse,
        first: &Position,
        style: Style,
    ) -> Image {
        let job = ImageJob {
            position: first.clone(),
            report: None,
            style,
            caption: String::new(),
            animated: true,
            lapse: Some(lapse),
            chart: None,
        };
        Image { name: format!("{name}.gif"), job: Arc::new(job), spec: None }
    }

    /// The same image, reading what it is drawn from (a timelapse's
    /// positions) from `store` when it is drawn.
    pub(crate) fn read_from(mut self, store: &Arc<crate::store::Store>) -> Image {
        if let Some(lapse) = Arc::get_mut(&mut self.job).and_then(|j| j.lapse.as_mut()) {
            lapse.read_from(store);
        }
        self
    }

    /// What identifies this drawing, for images long to draw (a
    /// timelapse): two images with one key are one drawing, which a front
    /// end may draw once for both.
    #[must_use]
    pub fn key(&self) -> Option<&str> {
        self.job.lapse.as_ref().map(crate::story::timelapse::Lapse::key)
    }

    /// A chart of a whole game (`name.png`, [`chessdip_render::chart`]):
    /// `position` is the last position it counts, whose game gives the
    /// powers' colours in the game's palette.
    pub(crate) fn chart(name: &str, chart: Chart, position: &Position, settings: &Settings) -> Image {
        let job = ImageJob {
            position: position.clone(),
            report: None,
            style: style_of(settings),
            caption: String::new(),
            animated: false,
            lapse: None,
            chart: Some(Box::new(chart)),
        };
        Image { name: format!("{name}.png"), job: Arc::new(job), spec: None }
    }

    /// Whether this is an animated GIF (drawn after the still images, and
    /// left out where it does not fit).
    #[must_use]
    pub fn is_animation(&self) -> bool {
        self.job.animated
    }

    /// The same image, saying where its position comes from in the store
    /// (so that an announcement can draw it again after a restart).
    pub(crate) fn stored(mut self, source: ImageSource) -> Image {
        self.spec = Some(ImageSpec {
            name: self.name.trim_end_matches(".png").trim_end_matches(".gif").to_string(),
            source,
            caption: self.job.caption.clone(),
            heading: self.job.style.heading.clone(),
            marks: self.job.style.marks.clone(),
            animated: self.job.animated,
        });
        self
    }

    /// The same image with more legend notes on powers (before [`Image::stored`]).
    pub(crate) fn marked(mut self, marks: Vec<(String, String)>) -> Image {
        if let Some(job) = Arc::get_mut(&mut self.job) {
            job.style.marks.extend(marks);
        }
        self
    }

    /// How to draw it again from the store, if it was announced.
    #[must_use]
    pub fn spec(&self) -> Option<&ImageSpec> {
        self.spec.as_ref()
    }

    /// An announced image drawn again from its spec.
    pub(crate) fn drawn(spec: ImageSpec, position: &Position, report: Option<&Report>, settings: &Settings) -> Image {
        let mut image = match (spec.animated, report) {
            (true, Some(report)) => Image::animation(&spec.name, position, report, settings, &spec.caption),
            _ => Image::new(&spec.name, position, report, settings, &spec.caption),
        };
        if let Some(job) = Arc::get_mut(&mut image.job) {
            job.style.heading.clone_from(&spec.heading);
            job.style.marks.clone_from(&spec.marks);
            if matches!(spec.source, ImageSource::Final { .. }) {
                // The result is the band's, at full size: the title says `Final position`.
                job.style.result = Some(spec.caption.clone());
                job.caption = String::new();
            }
        }
        image.spec = Some(spec);
        image
    }

    /// The position a game ended in, titled `Final position` rather than a
    /// next phase, its result in the band under the title, with legend
    /// `marks` ([`final_marks`]: who was out and why, the scores). Its spec
    /// keeps the position, so that an announcement delivered after a
    /// rollback and another end still shows the end it announces.
    ///
    /// # Errors
    /// The position cannot be encoded.
    pub(crate) fn final_position(
        position: &Position,
        settings: &Settings,
        result: &str,
        marks: Vec<(String, String)>,
    ) -> Result<Image, crate::GameError> {
        let state = crate::encode(position)?;
        let mut image = Image::new("final-position", position, None, settings, "").marked(marks);
        if let Some(job) = Arc::get_mut(&mut image.job) {
            job.style.heading = Some("Final position".into());
            job.style.result = Some(result.to_string());
            // Stored as the caption, so that the spec draws it again.
            job.caption = result.to_string();
        }
        let mut image = image.stored(ImageSource::Final { state: Some(state) });
        if let Some(job) = Arc::get_mut(&mut image.job) {
            job.caption = String::new();
        }
        Ok(image)
    }

    /// Draws the image and encodes it: PNG for a still image, GIF for an
    /// animation. Empty if there is nothing to animate (nothing moved), or
    /// if drawing or encoding failed, even by a panic in a renderer (which
    /// is logged): front ends leave an empty image out and still post the
    /// result's text, so a drawing bug never holds a result back.
    #[must_use]
    pub fn bytes(&self) -> Vec<u8> {
        self.drawing(usize::MAX).bytes
    }

    /// [`Image::bytes`] for a front end that posts files of at most `limit`
    /// bytes: a timelapse that would be larger shows fewer positions (or is
    /// drawn smaller), and the drawing says so in its note. A timelapse
    /// drawn before for the same game, state and limit is not drawn again
    /// (`crate::story::drawings`).
    #[must_use]
    pub fn drawing(&self, limit: usize) -> Drawing {
        let kept = guarded(&self.name, || match &self.job.lapse {
            Some(lapse) => lapse.draw(&self.name, &self.job.style, limit),
            None => crate::story::drawings::Kept { bytes: self.draw(), note: None },
        })
        .unwrap_or(crate::story::drawings::Kept { bytes: Vec::new(), note: None });
        Drawing { name: self.name.clone(), bytes: kept.bytes, note: kept.note }
    }

    pub(crate) fn draw(&self) -> Vec<u8> {
        let j = &*self.job;
        if let Some(chart) = &j.chart {
            return chessdip_render::chart::draw(chart, &j.position, &j.style).png().unwrap_or_else(|e| {
                tracing::error!(image = %self.name, error = %e, "PNG encoding failed");
                Vec::new()
            });
        }
        if j.animated {
            let Some(report) = j.report.as_ref() else { return Vec::new() };
            // Encoded as drawn: about two frames in memory, not the whole animation.
            let Some(gif) = chessdip_render::any::animation_gif(&j.position, report, &j.style, &j.caption) else {
                return Vec::new();
            };
            return gif.unwrap_or_else(|e| {
                tracing::error!(image = %self.name, error = %e, "GIF encoding failed");
                Vec::new()
            });
        }
        match chessdip_render::any::draw(&j.position, j.report.as_ref(), &j.style, &j.caption).png() {
            Ok(bytes) => bytes,
            Err(e) => {
                tracing::error!(image = %self.name, error = %e, "PNG encoding failed");
                Vec::new()
            }
        }
    }
}

/// The legend marks of the powers of `game` that have conceded
/// (`conceded`) or forfeited by missed turns (`forfeited`), for images of
/// the game's current position.
///
/// # Errors
/// Database errors.
pub(crate) fn conceded_marks(
    c: &rusqlite::Connection,
    game: i64,
    settings: &Settings,
) -> Result<Vec<(String, String)>, crate::GameError> {
    let forfeited = crate::seats::absence::forfeits(c, game, settings)?;
    let mut marks: Vec<(String, String)> = crate::store::concessions(c, game)?
        .into_iter()
        .map(|p| {
            let word = if forfeited.contains(&p) { "forfeited" } else { "conceded" };
            (p, word.to_string())
        })
        .collect();
    // A power a bot plays is named as one.
    marks.extend(crate::store::bot_powers(c, game)?.into_iter().map(|p| (p, "bot".to_string())));
    Ok(marks)
}

/// The legend marks of an ended game's final image: why a power was out
/// at the end (`conceded`, `forfeited`, `unseated`, `kicked` by a
/// moderator, `eliminated`, `vacant`), and each power's score when the
/// game was scored (`score ⅓`), read from what its end stored.
pub(crate) fn final_marks(
    c: &rusqlite::Connection,
    game: i64,
    settings: &Settings,
) -> Result<Vec<(String, String)>, crate::GameError> {
    use crate::store;
    let scores = store::scores(c, game)?;
    let kicked = store::kicked_powers(c, game)?;
    let conceded = store::concessions(c, game)?;
    let forfeited = crate::seats::absence::forfeits(c, game, settings)?;
    let unseated: Vec<String> = store::open_seats(c, game)?.into_iter().map(|(p, _)| p).collect();
    let out = |p: &String| {
        if kicked.contains(p) {
            Some("kicked")
        } else if forfeited.contains(p) {
            Some("forfeited")
        } else if conceded.contains(p) {
            Some("conceded")
        } else if unseated.contains(p) {
            Some("unseated")
        } else {
            None
        }
    };
    let mut marks: Vec<(String, String)> = Vec::new();
    for row in &scores {
        // A power's first row is its score; a second one is a player who left its seat before the end.
        if marks.iter().any(|(q, m)| *q == row.power && m.starts_with("score ")) {
            continue;
        }
        // The score's own reason, except that a power left vacant by a kick says so.
        let why = match row.how.as_str() {
            how @ ("conceded" | "forfeited" | "unseated" | "eliminated") => Some(how),
            "vacant" => Some(out(&row.power).unwrap_or("vacant")),
            _ => out(&row.power),
        };
        if let Some(why) = why {
            marks.push((row.power.clone(), why.to_string()));
        }
        marks.push((row.power.clone(), format!("score {}", row.shown)));
    }
    // Powers out of the game that have no score (a game a moderator ended).
    for p in kicked.iter().chain(&conceded).chain(&unseated) {
        if !marks.iter().any(|(q, _)| q == p) {
            marks.extend(out(p).map(|why| (p.clone(), why.to_string())));
        }
    }
    marks.extend(store::bot_powers(c, game)?.into_iter().map(|p| (p, "bot".to_string())));
    Ok(marks)
}

/// Runs `draw`; `None` if it panicked (logged with `name`: the image is left out).
pub(crate) fn guarded<T>(name: &str, draw: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(draw))
        .map_err(|panic| {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            tracing::error!(image = %name, panic = %why, "drawing an image panicked; it is left out");
        })
        .ok()
}

/// An image drawn ([`Image::drawing`]).
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The file name.
    pub name: String,
    /// The bytes; empty if there is nothing to show (nothing moved, or it could not be drawn).
    pub bytes: Vec<u8>,
    /// What the message says of it, if anything: a timelapse shortened, or
    /// left out, to fit the file size it was drawn for.
    pub note: Option<String>,
}

/// `Spring 1601` -> `spring-1601`, for image file names.
pub(crate) fn slug(phase: &str) -> String {
    phase
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    #[test]
    pub(crate) fn a_panicking_drawing_gives_an_empty_image_not_a_crash() {
        assert_eq!(super::guarded("x.gif", || -> Vec<u8> { panic!("renderer bug") }), None);
        assert_eq!(super::guarded("x.png", || vec![1, 2, 3]), Some(vec![1, 2, 3]));
    }
}
