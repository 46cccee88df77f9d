//! `game export`: the whole game as JSON (`docs/export.md`), written as it
//! is read. Phases are read from the store and written one at a time, so a
//! game of any length is exported in little memory; the command line
//! (`chessdip export`) streams it to a file, and a front end with an upload
//! limit gets it whole, compressed, or a refusal that says how to get it.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;

use flate2::write::GzEncoder;
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::{json, Value};

use crate::lifecycle::GameStatus;
use crate::store::{self, PhaseRow, Seat, StoreError};
use crate::{decode, GameError, Live, Service};

/// The version of `game export`'s JSON (`docs/export.md`).
pub const EXPORT_FORMAT_VERSION: u32 = 2;

/// Why an export could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// No game, or the store failed while reading it.
    #[error(transparent)]
    Game(#[from] GameError),
    /// Writing the document failed (a full disk, a closed pipe).
    #[error("the export could not be written: {0}")]
    Write(#[source] std::io::Error),
    /// Over the upload limit even compressed.
    #[error("this game's export is more than {} even compressed, over the {} this channel takes. Whoever runs the bot can write it with `chessdip export --channel {channel} --output game.json` on the bot's machine (add `--gzip` for a compressed file); see the README", megabytes(*limit as u64), megabytes(*limit as u64))]
    TooLarge {
        /// The channel (as the command line's `--channel` takes it).
        channel: String,
        /// The limit, in bytes.
        limit: usize,
    },
}

impl From<StoreError> for ExportError {
    fn from(e: StoreError) -> ExportError {
        ExportError::Game(GameError::Store(e))
    }
}

/// `bytes` as megabytes for people (`10 MB`, `23.4 MB`).
fn megabytes(bytes: u64) -> String {
    let mb = bytes as f64 / (1024.0 * 1024.0);
    if (mb - mb.round()).abs() < 0.05 {
        format!("{mb:.0} MB")
    } else {
        format!("{mb:.1} MB")
    }
}

/// An export ready to upload: the JSON itself, or gzip-compressed when the
/// JSON is over the limit.
#[derive(Clone, Debug)]
pub struct ExportFile {
    /// `game.json` or `game.json.gz`.
    pub name: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// The size of the JSON itself.
    pub json_bytes: u64,
}

impl ExportFile {
    /// Whether the file is the compressed JSON.
    #[must_use]
    pub fn compressed(&self) -> bool {
        self.name.ends_with(".gz")
    }

    /// What to say with the file.
    #[must_use]
    pub fn caption(&self, limit: usize) -> String {
        if self.compressed() {
            format!(
                "The game so far: {} of JSON, over the {} this channel takes, so it is compressed with gzip ({}; `gunzip game.json.gz` or any archive tool opens it).",
                megabytes(self.json_bytes),
                megabytes(limit as u64),
                megabytes(self.bytes.len() as u64)
            )
        } else {
            "The game so far:".to_string()
        }
    }
}

/// Counts what passes through to `inner`.
struct Counted<W> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Bytes kept in memory up to a limit; past it, writing fails (and says so).
#[derive(Default)]
struct Capped {
    bytes: Vec<u8>,
    limit: usize,
    over: bool,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > self.limit {
            self.over = true;
            return Err(std::io::Error::other("over the upload limit"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The JSON as it comes: in memory while it fits the limit, then
/// compressed (the bytes so far first), and failing once even the
/// compressed file is over the limit.
struct Upload {
    plain: Option<Capped>,
    gz: Option<GzEncoder<Capped>>,
    limit: usize,
    json: u64,
}

impl Upload {
    fn over(&self) -> bool {
        self.gz.as_ref().is_some_and(|g| g.get_ref().over)
    }
}

impl Write for Upload {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Some(plain) = self.plain.as_mut() {
            if plain.write_all(buf).is_ok() {
                self.json += buf.len() as u64;
                return Ok(buf.len());
            }
            // Over the limit as JSON: compress what came so far and go on compressed.
            let so_far = self.plain.take().map(|p| p.bytes).unwrap_or_default();
            let cap = Capped { limit: self.limit, ..Capped::default() };
            let mut gz = GzEncoder::new(cap, flate2::Compression::default());
            gz.write_all(&so_far)?;
            self.gz = Some(gz);
        }
        match self.gz.as_mut() {
            Some(gz) => {
                gz.write_all(buf)?;
                self.json += buf.len() as u64;
                Ok(buf.len())
            }
            None => Err(std::io::Error::other("the upload was already finished")),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The document, read from the store as it is written.
struct Doc<'a> {
    c: &'a rusqlite::Connection,
    live: &'a Live,
    seats: Vec<Seat>,
    now: i64,
    /// The first error met while writing (serde can only carry text).
    failed: RefCell<Option<GameError>>,
}

impl Doc<'_> {
    /// Keeps `e` to return it after serde gives up, and turns it into serde's error.
    fn fail<E: serde::ser::Error>(&self, e: impl Into<GameError>) -> E {
        let e = e.into();
        let text = e.to_string();
        self.failed.borrow_mut().get_or_insert(e);
        E::custom(text)
    }

    fn named(&self, user: &str) -> String {
        self.seats.iter().find(|s| s.user == user).map_or(user.to_string(), |s| s.name.clone())
    }

    /// A phase's name by its number.
    fn phase_name(&self, seq: Option<i64>) -> Result<Option<String>, GameError> {
        match seq {
            Some(seq) => Ok(store::phase(self.c, self.live.game.id, seq)?.map(|r| r.name)),
            None => Ok(None),
        }
    }

    fn position_json(position: &crate::Position) -> Value {
        position
            .pieces_by_power()
            .into_iter()
            .map(|(p, pieces)| (p, json!(pieces)))
            .collect::<serde_json::Map<_, _>>()
            .into()
    }

    fn parse(j: &str) -> Result<Value, GameError> {
        Ok(serde_json::from_str::<Value>(j).map_err(StoreError::from)?)
    }

    /// Every power by name, in the variant's order, with who holds it and
    /// when and in which phase it conceded.
    fn powers(&self) -> Result<Value, GameError> {
        let conceded = store::concessions_timed(self.c, self.live.game.id)?;
        let forfeited = crate::seats::absence::forfeits(self.c, self.live.game.id, &self.live.settings)?;
        let mut out = Vec::new();
        for p in Service::all_powers(self.c, self.live)? {
            let holder = self.seats.iter().find(|s| s.power == p);
            let concession = conceded.iter().find(|k| k.power == p);
            out.push(json!({
                "name": p,
                "player": holder.map(|s| {
                    let bot = store::is_bot(&s.user);
                    let name = if bot { format!("{p} (bot)") } else { s.name.clone() };
                    json!({"user": s.user, "name": name, "bot": bot})
                }),
                "conceded": concession.is_some(),
                "forfeited": forfeited.contains(&p),
                "conceded_at": concession.and_then(|k| k.at),
                "conceded_phase": self.phase_name(concession.and_then(|k| k.seq))?,
            }));
        }
        Ok(Value::Array(out))
    }

    /// One phase. `open` means still being played: the current phase of a
    /// game that has not ended. Orders and reveal attempts are public only
    /// once the phase resolved; an attempt that did not match stays private
    /// to its sender: only its time and size are public (its hash, like its
    /// text, could give away what it said).
    fn phase(&self, row: &PhaseRow) -> Result<Value, GameError> {
        let (c, game) = (self.c, &self.live.game);
        let position = decode(&self.live.kind, row)?;
        let report: Option<Value> = row.report.as_deref().map(Self::parse).transpose()?;
        let open = row.open && !row.rolled_back && row.seq == game.phase_seq && game.status != GameStatus::Ended;
        let resolved = !row.open;
        let orders: Vec<Value> = if resolved {
            store::orders(c, game.id, row.seq, None)?
                .into_iter()
                .map(|o| json!({"power": o.power, "order": o.text, "by": self.named(&o.submitted_by), "user": o.submitted_by, "at": o.submitted_at}))
                .collect()
        } else {
            Vec::new()
        };
        let commitments: Vec<Value> = store::all_commitments(c, game.id, row.seq)?
            .into_iter()
            .map(|m| json!({"power": m.power, "hash": m.hash, "at": m.at, "void": m.void}))
            .collect();
        let reveals: Vec<Value> = if resolved {
            store::all_reveals(c, game.id, row.seq)?
                .into_iter()
                .map(|r| {
                    let (text, hash) =
                        if r.matched { (Some(r.text.as_str()), Some(r.hash.as_str())) } else { (None, None) };
                    json!({"power": r.power, "text": text, "bytes": r.text.len(), "hash": hash, "matched": r.matched, "detail": r.detail, "at": r.at, "void": r.void})
                })
                .collect()
        } else {
            Vec::new()
        };
        let board_actions: Vec<Value> = store::board_actions(c, game.id, row.seq)?
            .into_iter()
            .map(|(power, action, result, at)| json!({"power": power, "action": action, "result": result, "at": at}))
            .collect();
        let (extend_votes, extended_by_vote) = crate::phase::extend::export_json(c, game.id, row.seq)?;
        Ok(json!({
            "seq": row.seq,
            "phase": row.name,
            "open": open,
            "rolled_back": row.rolled_back,
            "stage": row.stage.as_str(),
            "deadline": if open { row.deadline } else { None },
            "resolved_at": row.resolved_at,
            "position": Self::position_json(&position),
            "state": Self::parse(&row.state)?,
            "orders": orders,
            "report": report,
            "commitments": commitments,
            "reveals": reveals,
            "board_actions": board_actions,
            "extend_votes": extend_votes,
            "extended_by_vote": extended_by_vote,
        }))
    }

    /// Each power's score at the end, in the powers' order; null while the
    /// game is played and for a game that was not scored (ended by a moderator).
    fn scores(&self) -> Result<Value, GameError> {
        let rows = store::scores(self.c, self.live.game.id)?;
        if rows.is_empty() {
            return Ok(Value::Null);
        }
        Ok(Value::Array(
            rows.into_iter()
                .map(|r| {
                    let name = r.user.as_deref().map(|u| self.named(u));
                    json!({"power": r.power, "user": r.user, "name": name, "score": r.score, "shown": r.shown, "how": r.how})
                })
                .collect(),
        ))
    }

    /// Each rated player's rating change, in the powers' order; null
    /// whenever `scores` is, empty for a scored game that changed no
    /// rating (fewer than two rated players).
    fn ratings(&self) -> Result<Value, GameError> {
        let game = &self.live.game;
        if store::scores(self.c, game.id)?.is_empty() {
            return Ok(Value::Null);
        }
        let system = crate::standings::ratings::System::of(&game.variant).map(crate::standings::ratings::System::name);
        let mut out = Vec::new();
        for r in store::game_rating_changes(self.c, game.id)? {
            out.push(
                json!({"power": r.power, "user": r.user, "name": self.named(&r.user), "outcome": r.outcome.as_str(),
                "score": r.score, "before": r.before, "after": r.after, "system": system, "ord": r.ord,
                "state": Self::parse(&r.state)?}),
            );
        }
        Ok(Value::Array(out))
    }

    fn proposals(&self) -> Result<Value, GameError> {
        let mut out = Vec::new();
        for p in store::proposals(self.c, self.live.game.id)? {
            out.push(json!({"number": p.number, "by": p.power, "text": p.text, "submitted_at": p.submitted_at,
                "phase": self.phase_name(Some(p.vote_seq))?,
                "open": p.open, "for": p.tally.map(|t| t.0), "against": p.tally.map(|t| t.1), "enacted": p.enacted}));
        }
        Ok(Value::Array(out))
    }

    fn moderation(&self) -> Result<Value, GameError> {
        let mut names: BTreeMap<i64, Option<String>> = BTreeMap::new();
        let mut out = Vec::new();
        for a in store::moderation_log(self.c, self.live.game.id)? {
            let phase = match a.seq {
                Some(seq) => match names.get(&seq) {
                    Some(name) => name.clone(),
                    None => {
                        let name = self.phase_name(Some(seq))?;
                        names.insert(seq, name.clone());
                        name
                    }
                },
                None => None,
            };
            out.push(json!({"at": a.at, "phase": phase, "by": a.name, "user": a.user, "action": a.action, "detail": a.detail}));
        }
        Ok(Value::Array(out))
    }

    /// The final position and the move list, for games that keep one.
    fn ending(&self) -> Result<(Value, Value), GameError> {
        let game = &self.live.game;
        let final_position = match game.final_state.as_deref() {
            Some(j) => {
                let p = self.live.kind.decode(j).map_err(StoreError::from)?;
                json!({"position": Self::position_json(&p), "state": Self::parse(j)?})
            }
            None => Value::Null,
        };
        let transcript = match store::phase(self.c, game.id, game.phase_seq)? {
            Some(row) => crate::moderation::transcript_of(&decode(&self.live.kind, &row)?, game.ended.as_deref()),
            None => None,
        };
        Ok((final_position, json!(transcript)))
    }
}

/// Every phase, oldest first, read one at a time.
struct Phases<'a>(&'a Doc<'a>);

impl Serialize for Phases<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let doc = self.0;
        let mut list = s.serialize_seq(None)?;
        let mut seq = 0;
        loop {
            let row = match store::phase_after(doc.c, doc.live.game.id, seq) {
                Ok(Some(row)) => row,
                Ok(None) => break,
                Err(e) => return Err(doc.fail(e)),
            };
            seq = row.seq;
            list.serialize_element(&doc.phase(&row).map_err(|e| doc.fail::<S::Error>(e))?)?;
        }
        list.end()
    }
}

impl Serialize for Doc<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let game = &self.live.game;
        let or_fail = |r: Result<Value, GameError>| r.map_err(|e| self.fail::<S::Error>(e));
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("format_version", &EXPORT_FORMAT_VERSION)?;
        m.serialize_entry("exported_at", &self.now)?;
        m.serialize_entry("variant", &game.variant)?;
        m.serialize_entry("variant_name", &self.live.kind.name())?;
        m.serialize_entry("channel", &game.channel)?;
        m.serialize_entry("created_by", &self.named(&game.created_by))?;
        m.serialize_entry("created_at", &game.created_at)?;
        m.serialize_entry("status", &format!("{:?}", game.status).to_lowercase())?;
        m.serialize_entry("result", &game.ended)?;
        m.serialize_entry("ended_at", &game.ended_at)?;
        m.serialize_entry("ended_phase", &or_fail(self.phase_name(game.ended_seq).map(|n| json!(n)))?)?;
        m.serialize_entry("scores", &or_fail(self.scores())?)?;
        m.serialize_entry("ratings", &or_fail(self.ratings())?)?;
        m.serialize_entry("settings", &or_fail(Self::parse(&game.settings))?)?;
        m.serialize_entry("powers", &or_fail(self.powers())?)?;
        m.serialize_entry("phases", &Phases(self))?;
        m.serialize_entry("proposals", &or_fail(self.proposals())?)?;
        m.serialize_entry("moderation", &or_fail(self.moderation())?)?;
        let absence = crate::seats::absence::export_json(self.c, game.id, |seq| self.phase_name(seq));
        m.serialize_entry("absence", &or_fail(absence)?)?;
        let (final_position, transcript) = self.ending().map_err(|e| self.fail::<S::Error>(e))?;
        m.serialize_entry("final", &final_position)?;
        m.serialize_entry("transcript", &transcript)?;
        m.end()
    }
}

impl Service {
    /// The whole game as JSON (`docs/export.md`), in memory: for the
    /// console. Front ends and the command line use [`Service::export_to`]
    /// or [`Service::export_file`], which stream it.
    ///
    /// # Errors
    /// No game, or the store failed.
    pub fn export(&self, channel: &str) -> Result<String, GameError> {
        let mut out = Vec::new();
        self.export_to(channel, &mut out).map_err(|e| match e {
            ExportError::Game(e) => e,
            other => GameError::State(other.to_string()),
        })?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// Writes the whole game as JSON to `out` as it is read from the store
    /// (one consistent snapshot; a phase at a time), and returns the bytes written.
    ///
    /// # Errors
    /// No game, the store failed, or writing to `out` failed.
    pub fn export_to(&self, channel: &str, out: &mut dyn Write) -> Result<u64, ExportError> {
        let now = self.now();
        let mut counted = Counted { inner: std::io::BufWriter::new(out), bytes: 0 };
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            let seats = store::seats(c, live.game.id)?;
            let doc = Doc { c, live: &live, seats, now, failed: RefCell::new(None) };
            let written = serde_json::to_writer_pretty(&mut counted, &doc);
            if let Some(e) = doc.failed.into_inner() {
                return Err(ExportError::Game(e));
            }
            written.map_err(|e| ExportError::Write(e.into()))?;
            counted.write_all(b"\n").map_err(ExportError::Write)?;
            counted.flush().map_err(ExportError::Write)
        })?;
        Ok(counted.bytes)
    }

    /// The export as a file of at most `limit` bytes, for a front end with an
    /// upload limit: the JSON, or gzip-compressed when the JSON is over the
    /// limit; never more than about `limit` bytes in memory.
    ///
    /// # Errors
    /// No game, the store failed, or over the limit even compressed (the
    /// error says how to get it from the command line).
    pub fn export_file(&self, channel: &str, limit: usize) -> Result<ExportFile, ExportError> {
        let mut upload = Upload { plain: Some(Capped { limit, ..Capped::default() }), gz: None, limit, json: 0 };
        let written = self.export_to(channel, &mut upload);
        let too_large = || ExportError::TooLarge { channel: channel.to_string(), limit };
        match written {
            Err(ExportError::Write(_)) if upload.over() => return Err(too_large()),
            Err(e) => return Err(e),
            Ok(_) => {}
        }
        let json_bytes = upload.json;
        match (upload.plain, upload.gz) {
            (Some(plain), _) => Ok(ExportFile { name: "game.json".into(), bytes: plain.bytes, json_bytes }),
            (None, Some(gz)) => match gz.finish() {
                Ok(capped) => Ok(ExportFile { name: "game.json.gz".into(), bytes: capped.bytes, json_bytes }),
                Err(_) => Err(too_large()),
            },
            (None, None) => Err(too_large()),
        }
    }
}
