//! Computer players: their seats (a `players` row whose user id is
//! [`bot_user`]), the turns they took, the sealed texts of their
//! commitments, and the people waiting to take a bot's seat.

use rusqlite::{params, Connection, OptionalExtension};

use super::{Stage, StoreError};

/// What every bot's user id begins with. No person's id has it: Discord's
/// ids are numbers, and the service refuses it from the console and
/// direct messages.
pub const BOT_PREFIX: &str = "bot:";

/// The name a bot's seat is shown by (`Italy (bot)`).
pub const BOT_NAME: &str = "bot";

/// The user id of the bot that plays `power`.
#[must_use]
pub fn bot_user(power: &str) -> String {
    format!("{BOT_PREFIX}{power}")
}

/// Whether `user` is a bot's user id.
#[must_use]
pub fn is_bot(user: &str) -> bool {
    user.starts_with(BOT_PREFIX)
}

/// Seats a bot as `power`, replacing whoever held it.
///
/// # Errors
/// Database errors.
pub fn seat_bot(c: &Connection, game: i64, power: &str, now: i64) -> Result<(), StoreError> {
    super::seat(c, game, power, &bot_user(power), BOT_NAME, now)
}

/// The powers bots play in `game`, by name.
///
/// # Errors
/// Database errors.
pub fn bot_powers(c: &Connection, game: i64) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power FROM players WHERE game_id = ?1 AND substr(user_id, 1, 4) = 'bot:' ORDER BY power",
    )?;
    let rows = st.query_map(params![game], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A turn a bot owes: its seat in the open stage of its game's current
/// phase, with no turn recorded for that stage yet.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BotTurn {
    /// The game.
    pub game: i64,
    /// Its channel.
    pub channel: String,
    /// The phase.
    pub seq: i64,
    /// The open stage.
    pub stage: Stage,
    /// The bot's power.
    pub power: String,
}

/// The turns bots owe in running games (not paused), at most `limit`,
/// oldest phase first. A stage without orders to give (a calendar game's
/// wait, a sealed phase) owes none.
///
/// # Errors
/// Database errors.
pub fn owed_bot_turns(c: &Connection, limit: usize) -> Result<Vec<BotTurn>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT g.id, g.channel_id, ph.seq, ph.stage, p.power
         FROM players p
         JOIN games g ON g.id = p.game_id
         JOIN phases ph ON ph.game_id = g.id AND ph.seq = g.phase_seq
         WHERE substr(p.user_id, 1, 4) = 'bot:' AND g.status = 'active' AND ph.status = 'open'
           AND ph.stage IN ('orders', 'commit', 'reveal')
           AND NOT EXISTS (SELECT 1 FROM bot_turns t
                           WHERE t.game_id = g.id AND t.seq = ph.seq AND t.stage = ph.stage AND t.power = p.power)
         ORDER BY g.id, p.power
         LIMIT ?1",
    )?;
    let rows = st.query_map(params![i64::try_from(limit).unwrap_or(i64::MAX)], |r| {
        Ok(BotTurn {
            game: r.get(0)?,
            channel: r.get(1)?,
            seq: r.get(2)?,
            stage: Stage::parse(&r.get::<_, String>(3)?),
            power: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How a bot's turn went, as it is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnPlayed {
    /// `played`, `nothing owed`, `moved on`, or what went wrong.
    pub outcome: String,
    /// Milliseconds of thought, if it thought.
    pub think_ms: Option<i64>,
    /// The work done, in the bot's nodes.
    pub nodes: Option<i64>,
    /// Whether the time budget ran out first.
    pub stopped_by_time: Option<bool>,
}

/// Records that the bot of `turn` took it (once: a second record of the
/// same turn changes nothing); whether this was the first record.
///
/// # Errors
/// Database errors.
pub fn bot_turn_taken(c: &Connection, turn: &BotTurn, played: &TurnPlayed, now: i64) -> Result<bool, StoreError> {
    let n = c.execute(
        "INSERT INTO bot_turns (game_id, seq, stage, power, outcome, think_ms, nodes, stopped_by_time, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING",
        params![
            turn.game,
            turn.seq,
            turn.stage.as_str(),
            turn.power,
            played.outcome,
            played.think_ms,
            played.nodes,
            played.stopped_by_time,
            now
        ],
    )?;
    Ok(n == 1)
}

/// The turns bots took in `game`: (phase, stage, power, outcome), in order.
///
/// # Errors
/// Database errors.
pub fn bot_turns(c: &Connection, game: i64) -> Result<Vec<(i64, String, String, String)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT seq, stage, power, outcome FROM bot_turns WHERE game_id = ?1 ORDER BY seq, at, power, stage",
    )?;
    let rows = st.query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Keeps the sealed text a bot commits to (before it commits).
///
/// # Errors
/// Database errors.
pub fn keep_bot_seal(
    c: &Connection,
    game: i64,
    power: &str,
    hash: &str,
    text: &str,
    now: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO bot_seals (game_id, power, hash, text, at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
        params![game, power, hash, text, now],
    )?;
    Ok(())
}

/// The sealed text of the bot commitment `hash` of `power`, if a bot made it.
///
/// # Errors
/// Database errors.
pub fn bot_seal(c: &Connection, game: i64, power: &str, hash: &str) -> Result<Option<String>, StoreError> {
    Ok(c.query_row(
        "SELECT text FROM bot_seals WHERE game_id = ?1 AND power = ?2 AND hash = ?3",
        params![game, power, hash],
        |r| r.get(0),
    )
    .optional()?)
}

/// 16 random bytes from SQLite's generator, for a salt.
///
/// # Errors
/// Database errors.
pub fn random_salt(c: &Connection) -> Result<Vec<u8>, StoreError> {
    Ok(c.query_row("SELECT randomblob(16)", [], |r| r.get(0))?)
}

/// A person waiting to take a bot's seat at the next phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handover {
    /// The power.
    pub power: String,
    /// Who takes it.
    pub user: String,
    /// The name they are shown by.
    pub name: String,
    /// The phase they joined in.
    pub seq: i64,
}

/// Records that `h.user` takes `h.power` from its bot when the next phase opens.
///
/// # Errors
/// Database errors (another person waiting for the power, or this one for another).
pub fn add_handover(c: &Connection, game: i64, h: &Handover, now: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO bot_handovers (game_id, power, user_id, name, seq, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game, h.power, h.user, h.name, h.seq, now],
    )?;
    Ok(())
}

/// The people waiting to take a bot's seat in `game`, by power.
///
/// # Errors
/// Database errors.
pub fn handovers(c: &Connection, game: i64) -> Result<Vec<Handover>, StoreError> {
    let mut st =
        c.prepare_cached("SELECT power, user_id, name, seq FROM bot_handovers WHERE game_id = ?1 ORDER BY power")?;
    let rows = st.query_map(params![game], |r| {
        Ok(Handover { power: r.get(0)?, user: r.get(1)?, name: r.get(2)?, seq: r.get(3)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Drops the waiting handover of `power` (taken, or no longer possible).
///
/// # Errors
/// Database errors.
pub fn drop_handover(c: &Connection, game: i64, power: &str) -> Result<(), StoreError> {
    c.execute("DELETE FROM bot_handovers WHERE game_id = ?1 AND power = ?2", params![game, power])?;
    Ok(())
}
