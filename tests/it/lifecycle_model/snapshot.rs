//! What the invariants look at: the channel's latest game as the store has
//! it, read straight from the tables after every step.

use std::collections::{BTreeMap, BTreeSet};

use chessdip_game::store::{Store, StoreError};
use rusqlite::{params, OptionalExtension};

/// A phase row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseView {
    /// Display name (`Spring 1601`).
    pub name: String,
    /// `open` (as opposed to `resolved`).
    pub open: bool,
    /// `orders`, `wait`, `commit` or `reveal`.
    pub stage: String,
    /// Deadline, unix seconds.
    pub deadline: Option<i64>,
}

/// The game's settings that the invariants need, read from its JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsView {
    /// `at_deadline` is `wait`.
    pub waits: bool,
    /// Hashed orders.
    pub hashed: bool,
    /// A weekly (calendar) cycle.
    pub weekly: bool,
    /// The IANA zone of the weekly cycle or of fixed-time deadlines.
    pub timezone: String,
    /// Fixed-time deadlines: the local time (hour, minute).
    pub deadline_at: Option<(u32, u32)>,
    /// The days a fixed-time deadline may fall on, as stored (`mon-fri`).
    pub days: String,
}

/// The channel's latest game after a step (all empty when there is none).
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// The clock.
    pub now: i64,
    /// The game's row id (0: no game).
    pub game: i64,
    /// `forming`, `active`, `paused` or `ended` (empty: no game).
    pub status: String,
    /// The variant id.
    pub variant: String,
    /// The settings.
    pub settings: SettingsView,
    /// The settings as stored (JSON), to read them once per game.
    settings_json: String,
    /// The current phase's sequence number.
    pub phase_seq: i64,
    /// Every phase row by sequence number.
    pub phases: BTreeMap<i64, PhaseView>,
    /// Seated players: power -> user.
    pub players: BTreeMap<String, String>,
    /// Powers marked ready in the current phase.
    pub ready: Vec<String>,
    /// Powers voting for a draw in the current phase.
    pub draw_votes: Vec<String>,
    /// The current phase's orders: (power, submitted_by).
    pub orders: Vec<(String, String)>,
    /// Every commitment hash of the game (with repeats).
    pub commitments: Vec<String>,
    /// How many reveal attempts the game has.
    pub reveals: usize,
}

impl Snapshot {
    /// The current phase, if the game has one.
    pub fn current(&self) -> Option<&PhaseView> {
        self.phases.get(&self.phase_seq)
    }

    /// The current phase's stage (empty without one).
    pub fn stage(&self) -> &str {
        self.current().map_or("", |p| p.stage.as_str())
    }

    /// The current phase's deadline.
    pub fn deadline(&self) -> Option<i64> {
        self.current().and_then(|p| p.deadline)
    }

    /// Whether a phase row is open.
    pub fn is_open(&self, seq: i64) -> bool {
        self.phases.get(&seq).is_some_and(|p| p.open)
    }

    /// The user seated as `power`.
    pub fn holder(&self, power: &str) -> Option<&str> {
        self.players.get(power).map(String::as_str)
    }

    /// The status, `none` without a game.
    pub fn status_name(&self) -> &str {
        if self.status.is_empty() {
            "none"
        } else {
            &self.status
        }
    }
}

fn settings_view(json: &str) -> SettingsView {
    let v: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
    SettingsView {
        waits: v["at_deadline"].as_str() == Some("wait"),
        hashed: v["hashed"].as_bool().unwrap_or(false),
        weekly: v["cycle"]["kind"].as_str() == Some("weekly"),
        timezone: v["timezone"].as_str().unwrap_or("UTC").to_string(),
        deadline_at: v["deadline_at"].as_str().and_then(|t| {
            let (h, m) = t.split_once(':')?;
            Some((h.parse().ok()?, m.parse().ok()?))
        }),
        days: v["days"].as_str().unwrap_or("every").to_string(),
    }
}

/// Reads the channel's latest game (`last`: the snapshot before, whose parsed settings are reused).
pub fn take(store: &Store, channel: &str, now: i64, last: &Snapshot) -> Snapshot {
    store.read(|c| read(c, channel, now, last)).expect("read the store for the invariants")
}

fn read(c: &rusqlite::Connection, channel: &str, now: i64, last: &Snapshot) -> Result<Snapshot, StoreError> {
    let mut s = Snapshot { now, ..Snapshot::default() };
    let mut st = c.prepare_cached(
        "SELECT id, status, variant, settings, phase_seq FROM games WHERE channel_id = ?1 ORDER BY id DESC LIMIT 1",
    )?;
    let game = st
        .query_row([channel], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, String>(3)?, r.get(4)?)))
        .optional()?;
    let Some((id, status, variant, settings, seq)) = game else { return Ok(s) };
    (s.game, s.status, s.variant, s.phase_seq) = (id, status, variant, seq);
    s.settings = if settings == last.settings_json { last.settings.clone() } else { settings_view(&settings) };
    s.settings_json = settings;
    let mut st = c.prepare_cached("SELECT seq, name, status, stage, deadline FROM phases WHERE game_id = ?1")?;
    for row in st.query_map([id], |r| {
        let view = PhaseView {
            name: r.get(1)?,
            open: r.get::<_, String>(2)? == "open",
            stage: r.get(3)?,
            deadline: r.get(4)?,
        };
        Ok((r.get::<_, i64>(0)?, view))
    })? {
        let (seq, view) = row?;
        s.phases.insert(seq, view);
    }
    // The rest in one statement (each prepared statement costs in a debug build): a row per fact, tagged.
    let mut st = c.prepare_cached(
        "SELECT 'player', power, user_id FROM players WHERE game_id = ?1
         UNION ALL SELECT 'ready', power, '' FROM ready WHERE game_id = ?1 AND seq = ?2
         UNION ALL SELECT 'draw', power, '' FROM draw_votes WHERE game_id = ?1 AND seq = ?2
         UNION ALL SELECT 'order', power, submitted_by FROM orders WHERE game_id = ?1 AND seq = ?2
         UNION ALL SELECT 'commitment', hash, '' FROM commitments WHERE game_id = ?1
         UNION ALL SELECT 'reveal', '', '' FROM reveals WHERE game_id = ?1",
    )?;
    let mut rows = st.query(params![id, seq])?;
    while let Some(r) = rows.next()? {
        let (tag, a, b): (String, String, String) = (r.get(0)?, r.get(1)?, r.get(2)?);
        match tag.as_str() {
            "player" => {
                s.players.insert(a, b);
            }
            "ready" => s.ready.push(a),
            "draw" => s.draw_votes.push(a),
            "order" => s.orders.push((a, b)),
            "commitment" => s.commitments.push(a),
            _ => s.reveals += 1,
        }
    }
    Ok(s)
}

/// A phase's latest commitment per power and the hashes each power revealed with a match.
pub struct HashedPhase {
    /// power -> the hash of its latest commitment.
    pub latest: BTreeMap<String, String>,
    /// (power, hash) of every matched reveal.
    pub matched: BTreeSet<(String, String)>,
}

/// Reads phase `seq`'s commitments and matched reveals that count: those
/// made void when their seat changed hands or their power conceded do not
/// (`docs/lifecycle.md`: they stay in history, marked).
pub fn hashed_phase(store: &Store, game: i64, seq: i64) -> HashedPhase {
    store
        .read(|c| {
            let mut st = c.prepare_cached(
                "SELECT power, hash FROM commitments WHERE game_id = ?1 AND seq = ?2 AND void IS NULL ORDER BY id",
            )?;
            let latest = st.query_map(params![game, seq], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
            let mut st = c.prepare_cached(
                "SELECT power, hash FROM reveals WHERE game_id = ?1 AND seq = ?2 AND matched != 0 AND void IS NULL",
            )?;
            let matched =
                st.query_map(params![game, seq], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
            Ok::<_, StoreError>(HashedPhase { latest, matched })
        })
        .expect("read a hashed phase")
}
