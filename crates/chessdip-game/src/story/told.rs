//! A game's story as its whole-game images tell it (the chart, `chart.rs`,
//! and the timelapse, `timelapse.rs`): its phases not rolled back, the
//! position it ended in and its result. An announcement keeps the story as
//! it was when it was made ([`Story`], in its images' specs), so that what
//! happens later (a rollback, another end) cannot change the pictures of an
//! end announced before it, however late it is delivered.

use serde::{Deserialize, Serialize};

use crate::lifecycle::GameStatus;
use crate::store::StoreError;
use crate::store::{self, GameRow, PhaseRow};
use crate::{decode, GameError, Position};
use chessdip_rules::any::Game;

/// A game's story as it stood when an image of it was announced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Story {
    /// The phases that were not rolled back, as runs of phase numbers
    /// (first and last of each run, both included).
    pub phases: Vec<[i64; 2]>,
    /// The position the game had ended in, versioned JSON (none for a game going on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
    /// The game's result, if it had ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// A story read from the store: the phase rows it is made of, in order.
#[derive(Debug)]
pub(crate) struct Told {
    /// The phases not rolled back (as the story stood), in order.
    pub live: Vec<PhaseRow>,
    /// The position the game ended in, versioned JSON.
    pub last: Option<String>,
    /// The game's result.
    pub result: Option<String>,
}

impl Story {
    /// The story of `told`, to keep with an announcement.
    pub(crate) fn of(told: &Told) -> Story {
        let mut phases: Vec<[i64; 2]> = Vec::new();
        for row in &told.live {
            match phases.last_mut() {
                Some([_, last]) if *last + 1 == row.seq => *last = row.seq,
                _ => phases.push([row.seq, row.seq]),
            }
        }
        Story { phases, last: told.last.clone(), result: told.result.clone() }
    }

    /// Whether phase `seq` is part of the story.
    fn holds(&self, seq: i64) -> bool {
        self.phases.iter().any(|[first, last]| (*first..=*last).contains(&seq))
    }
}

/// `game`'s story now: its phases not rolled back, and its final position
/// and result if it has ended.
///
/// # Errors
/// Database errors.
pub(crate) fn now(c: &rusqlite::Connection, game: &GameRow) -> Result<Told, GameError> {
    let live = store::phases(c, game.id)?.into_iter().filter(|r| !r.rolled_back).collect();
    let ended = game.status == GameStatus::Ended;
    Ok(Told { live, last: game.final_state.clone().filter(|_| ended), result: game.ended.clone().filter(|_| ended) })
}

/// `game`'s story as `story` kept it (its phases are stored for good: a
/// rollback only marks them), or as it is now without one (an image
/// announced before stories were kept).
///
/// # Errors
/// Database errors.
pub(crate) fn told(c: &rusqlite::Connection, game: &GameRow, story: Option<&Story>) -> Result<Told, GameError> {
    let Some(story) = story else { return now(c, game) };
    let live = store::phases(c, game.id)?.into_iter().filter(|r| story.holds(r.seq)).collect();
    Ok(Told { live, last: story.last.clone(), result: story.result.clone() })
}

/// Every resolved phase of `told` with the position after it: the
/// starting position of the phase that followed it, or the position the
/// game ended in for the last (`None` for the last of a game going on,
/// whose next phase is not written yet).
pub(crate) fn resolved<'a>(
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

/// The refusal of a chart or a timelapse (`shows`: what it shows) before
/// any phase of `game` has resolved: when to ask again, or that the game
/// ended before one did and there is nothing to show.
pub(crate) fn nothing_yet(game: &GameRow, shows: &str) -> GameError {
    let when = match game.status {
        GameStatus::Forming => {
            "the game has not started yet: ask again once it has started and its first phase has resolved"
        }
        GameStatus::Ended => "the game ended before its first phase resolved, so there is nothing to show",
        _ => "ask again once the first phase resolves (`status` says when its deadline is)",
    };
    GameError::State(format!("no phase of this game has resolved yet: {shows}; {when}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64) -> PhaseRow {
        PhaseRow {
            seq,
            name: format!("Turn {seq}"),
            state: String::new(),
            open: false,
            deadline: None,
            paused_left: None,
            report: None,
            stage: crate::status::Stage::Orders,
            rolled_back: false,
            resolved_at: None,
            resolution: None,
        }
    }

    #[test]
    fn a_story_keeps_its_phases_as_runs() {
        let told = Told { live: [1, 2, 3, 6, 7, 9].map(row).to_vec(), last: Some("{}".into()), result: None };
        let story = Story::of(&told);
        assert_eq!(story.phases, vec![[1, 3], [6, 7], [9, 9]]);
        assert!(story.holds(2) && story.holds(9) && !story.holds(4) && !story.holds(8));
        let json = serde_json::to_string(&story).expect("json");
        assert_eq!(json, r#"{"phases":[[1,3],[6,7],[9,9]],"last":"{}"}"#);
        assert_eq!(serde_json::from_str::<Story>(&json).expect("read"), story);
    }

    #[test]
    fn images_announced_before_stories_were_kept_still_read() {
        use crate::story::source::ImageSource;
        let read = |json: &str| serde_json::from_str::<ImageSource>(json).expect(json);
        assert_eq!(read(r#"{"from":"final"}"#), ImageSource::Final { state: None });
        assert_eq!(read(r#"{"from":"timelapse"}"#), ImageSource::Timelapse { at: None });
        assert_eq!(read(r#"{"from":"chart"}"#), ImageSource::Chart { at: None });
        let kept = ImageSource::Final { state: Some("{}".into()) };
        assert_eq!(read(&serde_json::to_string(&kept).expect("json")), kept);
        // An item without a story is written as before.
        assert_eq!(serde_json::to_string(&ImageSource::Chart { at: None }).expect("json"), r#"{"from":"chart"}"#);
    }
}
