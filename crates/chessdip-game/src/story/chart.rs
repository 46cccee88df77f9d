//! The chart of a whole game: what [`chessdip_rules::tally`] counts (supply
//! centers, pieces, material) for every power, one point a period (a year,
//! a cycle, a turn or a move), gathered from the positions kept with the
//! resolved phases (phases rolled back left out) and drawn as a PNG
//! ([`chessdip_render::chart`]) when delivered. Asked for with `game chart`,
//! and attached to the announcement that a game has ended.

use crate::lifecycle::GameStatus;
use crate::store::GameRow;
use crate::story::source::ImageSource;
use crate::story::told::nothing_yet;
use crate::story::told::{Story, Told};
use crate::{decode, GameError, Image, Position, Reply, Service, Settings};
use chessdip_render::chart::Chart;
use chessdip_rules::any::{Game, Report};
use chessdip_rules::tally::{Counted, Tally};

/// What a chart of `position`'s game says it counts: (subtitle, values'
/// axis, periods' axis, piece values if any).
fn wording(position: &Position) -> (&'static str, &'static str, &'static str, Option<&'static str>) {
    match (position.counted(), position) {
        (Counted::Centers, _) => ("Supply centers at the end of each year", "centers", "Year", None),
        (Counted::Pieces, _) => ("Pieces on the boards at the end of each cycle", "pieces", "Cycle", None),
        (Counted::Material, Position::DiplomatChess { .. }) => (
            "Material at the end of each move (P 1, H 3, B 3, R 5, D 9)",
            "material",
            "Move",
            Some("pawn 1, horse 3, bishop 3, rook 5, diplomat 9, kings not counted"),
        ),
        (Counted::Material, _) => (
            "Material at the end of each turn (P 1, N 3, B 3, R 5, Q 9)",
            "material",
            "Turn",
            Some("pawn 1, knight 3, bishop 3, rook 5, queen 9, kings not counted"),
        ),
    }
}

/// The chart of the game `told` tells, with the last position it counts
/// (whose game gives the powers' colours): the start (except in Chess
/// Wheel+, which starts without boards), then one point a period, the
/// count after that period's last resolved phase. `None` if no phase has
/// resolved.
pub(crate) fn data(told: &Told, kind: &Game) -> Result<Option<(Chart, Position)>, GameError> {
    let Some(first) = told.live.first() else { return Ok(None) };
    let start = decode(kind, first)?;
    let counted = start.counted();
    // Each point's period (none for the start) and tally.
    let mut points: Vec<(Option<u32>, Tally)> = Vec::new();
    if counted != Counted::Pieces {
        points.push((None, start.tally()));
    }
    let mut last = None;
    for (row, after) in crate::story::told::resolved(told, kind)? {
        let before = decode(kind, row)?;
        let report = row.resolution.as_deref().and_then(|json| Report::decode(json).ok());
        let Some(tally) = report.and_then(|r| before.tally_after(&r)).or_else(|| after.as_ref().map(Position::tally))
        else {
            continue;
        };
        let period = Some(before.period());
        match points.last_mut() {
            Some((p, t)) if *p == period => *t = tally,
            _ => points.push((period, tally)),
        }
        last = Some(after.unwrap_or(before));
    }
    let Some(last) = last else { return Ok(None) };
    let (subtitle, unit, axis, _) = wording(&start);
    let series = start
        .tally()
        .into_iter()
        .map(|(name, _)| {
            let values =
                points.iter().map(|(_, t)| t.iter().find(|(n, _)| *n == name).map_or(0, |(_, v)| *v)).collect();
            (name, values)
        })
        .collect();
    let labels = points.iter().map(|(p, _)| p.map_or_else(|| "Start".to_string(), |p| p.to_string())).collect();
    let chart = Chart {
        title: kind.name().to_string(),
        subtitle: subtitle.to_string(),
        unit: unit.to_string(),
        axis: axis.to_string(),
        labels,
        series,
        from_zero: counted != Counted::Material,
        result: told.result.clone(),
    };
    Ok(Some((chart, last)))
}

/// The chart of `game` as `told` (`<variant>-chart.png`), keeping its
/// story so that it is drawn the same when delivered. `None` if no phase
/// has resolved.
pub(crate) fn chart_image(
    told: &Told,
    game: &GameRow,
    kind: &Game,
    settings: &Settings,
) -> Result<Option<Image>, GameError> {
    let name = format!("{}-chart", crate::slug(&game.variant));
    let source = ImageSource::Chart { at: Some(Story::of(told)) };
    Ok(data(told, kind)?.map(|(chart, last)| Image::chart(&name, chart, &last, settings).stored(source)))
}

/// What a chart shows, for [`nothing_yet`].
const CHART_SHOWS: &str = "the chart shows how the powers stand after every resolved phase";

impl Service {
    /// The chart of the channel's game so far (or of its last game): what
    /// each power had at the start and at the end of every period. Anyone
    /// may ask.
    ///
    /// # Errors
    /// No game, or no phase resolved yet.
    pub fn chart_data(&self, channel: &str) -> Result<Chart, GameError> {
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            let told = crate::story::told::now(c, &live.game)?;
            data(&told, &live.kind)?.map(|(chart, _)| chart).ok_or_else(|| nothing_yet(&live.game, CHART_SHOWS))
        })
    }

    /// The chart of the channel's game so far (or of its last game) as a
    /// PNG, with the last values in the text. Anyone may ask.
    ///
    /// # Errors
    /// No game, or no phase resolved yet.
    pub fn chart(&self, channel: &str) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            let told = crate::story::told::now(c, &live.game)?;
            let (chart, position) = data(&told, &live.kind)?.ok_or_else(|| nothing_yet(&live.game, CHART_SHOWS))?;
            let (_, unit, axis, values) = wording(&position);
            let (first, last) = (chart.labels.first().cloned(), chart.labels.last().cloned());
            let span = match (first.as_deref(), last.as_deref()) {
                (Some("Start"), Some(l)) => format!("from the start to {} {l}", axis.to_lowercase()),
                (Some(f), Some(l)) if f == l => format!("{} {l}", axis.to_lowercase()),
                (Some(f), Some(l)) => format!("{}s {f} to {l}", axis.to_lowercase()),
                _ => String::new(),
            };
            let now = chart.standings().iter().map(|(_, n, v)| format!("{n} {v}")).collect::<Vec<_>>().join(", ");
            let ended = live.game.status == GameStatus::Ended;
            let whole = if ended { "the whole game" } else { "the game so far" };
            let mut text = format!(
                "{}: {whole}, {} ({span}). Latest {unit}: {now}.",
                live.kind.name(),
                chart.subtitle.split(" (").next().unwrap_or(&chart.subtitle).to_lowercase()
            );
            if let Some(values) = values {
                text += &format!(" Material counts {values}.");
            }
            let mut reply = Reply::public(text);
            reply.images.extend(chart_image(&told, &live.game, &live.kind, &live.settings)?);
            Ok(reply)
        })
    }
}
