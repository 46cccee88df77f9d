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
    /// Conceded.
    Conceded,
    /// Forfeited: lost the game by missing `forfeit-after` turns in a row.
    Forfeited,
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
            RecordKind::Forfeited => "forfeited",
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
            RecordKind::Forfeited,
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
    // A bot has no record: it never owes anything of its own.
    if super::is_bot(user) {
        return Ok(false);
    }
    let n = c.execute(
        "INSERT OR IGNORE INTO reliability (guild, user_id, game_id, seq, kind, power, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![guild, user, game, seq, kind.as_str(), power, at],
    )?;
    Ok(n == 1)
}

/// Records that `user` missed their turn in phase `seq` of game `game`
/// for the `n`th time in a row (a turn-based phase waits for its move):
/// one `civil_disorder` row per missed turn.
///
/// # Errors
/// Database errors.
pub fn record_missed_turn(
    c: &Connection,
    (guild, user): (&str, &str),
    (game, seq, n): (i64, i64, i64),
    power: &str,
    at: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR IGNORE INTO reliability (guild, user_id, game_id, seq, kind, n, power, at)
         VALUES (?1, ?2, ?3, ?4, 'civil_disorder', ?5, ?6, ?7)",
        params![guild, user, game, seq, n, power, at],
    )?;
    Ok(())
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

/// Takes back the rows of a rollback: the phase rows of phases `from..=to`
/// of game `game` (rolled back: they are played again as new phases) and
/// the unseatings their resolutions caused, and, with `reopened`, the
/// game's `finished` rows (the end they recorded is undone). Returns how
/// many rows it took back.
///
/// # Errors
/// Database errors.
pub fn forget_rolled_back(c: &Connection, game: i64, from: i64, to: i64, reopened: bool) -> Result<usize, StoreError> {
    let mut n = c.execute(
        "DELETE FROM reliability WHERE game_id = ?1 AND seq BETWEEN ?2 AND ?3
           AND kind IN ('in_time', 'after_grace', 'civil_disorder', 'unseated')",
        params![game, from, to],
    )?;
    if reopened {
        n += c.execute("DELETE FROM reliability WHERE game_id = ?1 AND kind = 'finished'", params![game])?;
    }
    Ok(n)
}

/// How many phases `user` has left `power` of game `game` (in `guild`) in
/// civil disorder since the power last sent orders, whoever held it then:
/// their `civil_disorder` rows after the power's last phase in time or
/// after grace. A rollback takes back the rows of the phases it undoes, and
/// a phase forced before its deadline gives a power without orders none,
/// so neither counts; leaving the seat and taking it back again does not
/// start the count again.
///
/// # Errors
/// Database errors.
pub fn disorder_streak(c: &Connection, guild: &str, game: i64, power: &str, user: &str) -> Result<u32, StoreError> {
    let n: i64 = c
        .prepare_cached(
            "SELECT COUNT(*) FROM reliability
         WHERE guild = ?1 AND user_id = ?2 AND game_id = ?3 AND power = ?4 AND kind = 'civil_disorder'
           AND seq > COALESCE((SELECT MAX(seq) FROM reliability
                               WHERE game_id = ?3 AND power = ?4 AND kind IN ('in_time', 'after_grace')), 0)",
        )?
        .query_row(params![guild, user, game, power], |r| r.get(0))?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// The players of game `game` (in `guild`) who left its seats before its
/// end, oldest first: each `unseated`, `left`, `conceded` or `forfeited`
/// row, as (user, power, kind).
///
/// # Errors
/// Database errors.
pub fn departures(c: &Connection, guild: &str, game: i64) -> Result<Vec<(String, String, RecordKind)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT user_id, power, kind FROM reliability
         WHERE game_id = ?2 AND guild = ?1 AND kind IN ('unseated', 'left', 'conceded', 'forfeited')
         ORDER BY at, seq, user_id",
    )?;
    let rows = st.query_map(params![guild, game], |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, String>(2)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (user, power, kind) = row?;
        if let Some(kind) = RecordKind::parse(&kind) {
            out.push((user, power, kind));
        }
    }
    Ok(out)
}

/// Whether `user` holds or held a seat in a game of `guild` (a user with
/// no record yet may still be seated in a game that has not resolved a phase).
///
/// # Errors
/// Database errors.
pub fn sat_in_guild(c: &Connection, guild: &str, user: &str) -> Result<bool, StoreError> {
    Ok(c.query_row(
        "SELECT EXISTS (SELECT 1 FROM players p JOIN games g ON g.id = p.game_id WHERE g.guild_id = ?1 AND p.user_id = ?2)
             OR EXISTS (SELECT 1 FROM reliability WHERE guild = ?1 AND user_id = ?2)",
        params![guild, user],
        |r| r.get(0),
    )?)
}

/// Each seat of game `game` with the time its holder took it: (power, user, since).
///
/// # Errors
/// Database errors.
pub fn seated_since(c: &Connection, game: i64) -> Result<Vec<(String, String, i64)>, StoreError> {
    let mut st = c.prepare_cached("SELECT power, user_id, joined_at FROM players WHERE game_id = ?1 ORDER BY power")?;
    let rows = st.query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Whether `user` already has a phase row (of any kind) for phase `seq` of game `game`.
///
/// # Errors
/// Database errors.
pub fn has_phase_row(c: &Connection, user: &str, game: i64, seq: i64) -> Result<bool, StoreError> {
    Ok(c.query_row(
        "SELECT EXISTS (SELECT 1 FROM reliability WHERE user_id = ?1 AND game_id = ?2 AND seq = ?3
             AND kind IN ('in_time', 'after_grace', 'civil_disorder'))",
        params![user, game, seq],
        |r| r.get(0),
    )?)
}

/// Whether the records of games played before records were kept have been
/// counted (once, at the first start with records).
///
/// # Errors
/// Database errors.
pub fn old_records_counted(c: &Connection) -> Result<bool, StoreError> {
    Ok(c.query_row("SELECT EXISTS (SELECT 1 FROM reliability_counted)", [], |r| r.get(0))?)
}

/// Begins a pass of counting the old games' records, at `at`; its number.
///
/// # Errors
/// Database errors.
pub fn begin_count_pass(c: &Connection, at: i64) -> Result<i64, StoreError> {
    c.execute("INSERT INTO reliability_count_passes (started) VALUES (?1)", params![at])?;
    Ok(c.last_insert_rowid())
}

/// Adds a game counted by pass `pass`, which wrote `rows` rows (in the
/// transaction that wrote them).
///
/// # Errors
/// Database errors.
pub fn count_pass_game(c: &Connection, pass: i64, rows: usize) -> Result<(), StoreError> {
    c.execute(
        "UPDATE reliability_count_passes SET games = games + 1, rows = rows + ?2 WHERE pass = ?1",
        params![pass, i64::try_from(rows).unwrap_or(i64::MAX)],
    )?;
    Ok(())
}

/// Ends pass `pass` at `at` and remembers that the old games' records were
/// counted, with the rows every pass wrote (an interrupted first start's
/// included). Returns those rows.
///
/// # Errors
/// Database errors.
pub fn mark_old_records_counted(c: &Connection, pass: i64, at: i64) -> Result<i64, StoreError> {
    c.execute("UPDATE reliability_count_passes SET finished = ?2 WHERE pass = ?1", params![pass, at])?;
    let rows: i64 = c.query_row("SELECT COALESCE(SUM(rows), 0) FROM reliability_count_passes", [], |r| r.get(0))?;
    c.execute("INSERT OR IGNORE INTO reliability_counted (id, at, rows) VALUES (1, ?1, ?2)", params![at, rows])?;
    Ok(rows)
}

/// One pass of counting the old games' records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountPass {
    /// When it began.
    pub started: i64,
    /// The games it counted.
    pub games: i64,
    /// The rows it wrote.
    pub rows: i64,
    /// When it finished (`None`: it was interrupted).
    pub finished: Option<i64>,
}

/// Every pass of counting the old games' records, in order.
///
/// # Errors
/// Database errors.
pub fn count_passes(c: &Connection) -> Result<Vec<CountPass>, StoreError> {
    let mut st =
        c.prepare_cached("SELECT started, games, rows, finished FROM reliability_count_passes ORDER BY pass")?;
    let rows = st.query_map([], |r| {
        Ok(CountPass { started: r.get(0)?, games: r.get(1)?, rows: r.get(2)?, finished: r.get(3)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every game that has started (in any server), by id.
///
/// # Errors
/// Database errors.
pub fn started_games(c: &Connection) -> Result<Vec<i64>, StoreError> {
    let mut st = c.prepare_cached("SELECT id FROM games WHERE phase_seq > 0 ORDER BY id")?;
    let rows = st.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The games of `guild` in which `user` holds a seat now: (game, power), by game.
///
/// # Errors
/// Database errors.
pub fn seats_in_guild(c: &Connection, guild: &str, user: &str) -> Result<Vec<(i64, String)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT p.game_id, p.power FROM players p JOIN games g ON g.id = p.game_id
         WHERE g.guild_id = ?1 AND p.user_id = ?2 ORDER BY p.game_id",
    )?;
    let rows = st.query_map(params![guild, user], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
