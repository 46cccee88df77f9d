//! Reliability records: what each user did with the phases they owed
//! orders in and the games they sat in, per server (guild).

use rusqlite::{params, Connection};

use super::StoreError;

/// What a reliability row records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    /// Owed orders in a phase and sent them before the deadline.
    InTime,
    /// Sent them only after a grace extension.
    AfterGrace,
    /// Sent none: civil disorder.
    CivilDisorder,
    /// Sat in the game to its end.
    Finished,
    /// Was unseated after phases in civil disorder.
    Unseated,
    /// Conceded (or forfeited).
    Conceded,
    /// Left the seat before the end otherwise (replaced or kicked by a moderator).
    Left,
}

impl RecordKind {
    /// The stored word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RecordKind::InTime => "in_time",
            RecordKind::AfterGrace => "after_grace",
            RecordKind::CivilDisorder => "civil_disorder",
            RecordKind::Finished => "finished",
            RecordKind::Unseated => "unseated",
            RecordKind::Conceded => "conceded",
            RecordKind::Left => "left",
        }
    }

    /// The kind of a stored word.
    #[must_use]
    pub fn parse(s: &str) -> Option<RecordKind> {
        [
            RecordKind::InTime,
            RecordKind::AfterGrace,
            RecordKind::CivilDisorder,
            RecordKind::Finished,
            RecordKind::Unseated,
            RecordKind::Conceded,
            RecordKind::Left,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }

    /// Whether it records a phase (rather than a game).
    #[must_use]
    pub fn is_phase(self) -> bool {
        matches!(self, RecordKind::InTime | RecordKind::AfterGrace | RecordKind::CivilDisorder)
    }
}

/// One row of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordRow {
    /// The game.
    pub game_id: i64,
    /// The phase (0 for a game's row).
    pub seq: i64,
    /// What happened.
    pub kind: RecordKind,
    /// The power the user held.
    pub power: String,
    /// When (unix seconds).
    pub at: i64,
}

/// Records `kind` for `user` in `guild` (phase `seq` of game `game`, or 0
/// for a game's row), once: a second write of the same row is ignored.
/// Returns whether it was new.
///
/// # Errors
/// Database errors.
#[allow(clippy::too_many_arguments)]
pub fn record(
    c: &Connection,
    guild: &str,
    user: &str,
    game: i64,
    seq: i64,
    kind: RecordKind,
    power: &str,
    at: i64,
) -> Result<bool, StoreError> {
    let n = c.execute(
        "INSERT OR IGNORE INTO reliability (guild, user_id, game_id, seq, kind, power, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![guild, user, game, seq, kind.as_str(), power, at],
    )?;
    Ok(n == 1)
}

/// Every row of `user`'s record in `guild`, oldest first.
///
/// # Errors
/// Database errors.
pub fn records(c: &Connection, guild: &str, user: &str) -> Result<Vec<RecordRow>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT game_id, seq, kind, power, at FROM reliability WHERE guild = ?1 AND user_id = ?2 ORDER BY at, game_id, seq",
    )?;
    let rows = st.query_map(params![guild, user], |r| {
        let kind: String = r.get(2)?;
        Ok((r.get(0)?, r.get(1)?, kind, r.get(3)?, r.get(4)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (game_id, seq, kind, power, at): (i64, i64, String, String, i64) = row?;
        if let Some(kind) = RecordKind::parse(&kind) {
            out.push(RecordRow { game_id, seq, kind, power, at });
        }
    }
    Ok(out)
}
