//! Hashed orders: a player commits the SHA-256 of their orders during the
//! commit window (the commitment is posted publicly, so everyone sees it was
//! made in time), then reveals the exact text during the reveal window. A
//! reveal that matches the latest commitment becomes the power's orders; a
//! power with no matching reveal has no orders. Every commitment and every
//! reveal attempt is kept and shown in the history once the phase resolves:
//! a matched reveal with its text, an attempt that did not match only with
//! its time and size (its text stays private to its sender, and so does its
//! hash: anyone could find a short text from it by hashing every guess).
//!
//! The canonical form: SHA-256 over the UTF-8 bytes exactly as revealed,
//! written as 64 lowercase hex digits.

use super::seal::{is_salted, parse_hash, sha256_hex, sha256_hex_bytes, without_comments, MAX_REVEAL};
use crate::lifecycle::Command;
use crate::lifecycle::Stage;
use crate::orders::submit::{slots, store_orders, submission_text};
use crate::store::{self, Commitment, PhaseRow, Reveal};
use crate::{Caller, GameError, Reply, Service};
use chessdip_rules::family::Verdict;
use chessdip_rules::words::count;

/// The refusal of a reveal of `len` bytes, more than [`MAX_REVEAL`].
fn too_long(len: usize) -> GameError {
    GameError::Invalid(format!(
        "that text has {len} bytes; a reveal has at most {MAX_REVEAL} (16 KB): orders are short, check you sent the right file"
    ))
}

/// How a reveal's detail starts when its text is invalid as a whole (as
/// [`Verdict::Invalid`] reads).
const INVALID_WHOLE: &str = "invalid as a whole";

/// What became of a power's message in a resolved hashed phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// The power committed nothing.
    NoCommitment,
    /// Committed, never revealed: no orders.
    NotRevealed {
        /// The latest commitment.
        hash: String,
    },
    /// Revealed and matched.
    Revealed {
        /// The commitment.
        hash: String,
        /// Whether the message was invalid as a whole.
        invalid: bool,
        /// How it was read, for everyone.
        detail: String,
    },
}

/// The first 12 hex digits of a hash, for lists (the whole one is in history).
fn short_hash(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// A revealed text for history: in a code block, at most 600 characters.
fn quoted(text: &str) -> String {
    let shown: String = text.chars().take(600).collect();
    let more = if shown.len() < text.len() {
        format!("\n    ...({} bytes in all: `game export` has it)", text.len())
    } else {
        String::new()
    };
    format!("\n```\n{}\n```{more}", shown.replace("```", "' ' '"))
}

impl Service {
    /// Records the caller's commitment (the latest counts) and announces it publicly.
    ///
    /// # Errors
    /// Not a hashed game, not the commit window, not a player, not a hash.
    pub fn commit(&self, channel: &str, caller: &Caller, hash: &str) -> Result<Vec<Reply>, GameError> {
        let hash = parse_hash(hash)?;
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::Commit, caller)?;
            let (name, row, _) = Self::ordering(c, &live, caller)?;
            let before = store::commitments(c, live.game.id, row.seq)?.into_iter().filter(|m| m.power == name).count();
            store::add_commitment(c, live.game.id, row.seq, &Commitment { power: name.clone(), hash: hash.clone(), user: caller.user.clone(), at: now, void: None })?;
            let unreadied = crate::orders::submit::unready(c, live.game.id, row.seq, &name)?;
            let again = if before > 0 { format!(" (replacing its earlier {})", if before == 1 { "one" } else { "ones" }) } else { String::new() };
            let unready = if unreadied { format!(" {}", crate::orders::submit::unready_note(&name, "a new commitment")) } else { String::new() };
            self.announced_all(c, &live.game, vec![
                Reply::private(format!(
                    "Commitment recorded for {name}{again}: `{hash}`. Keep the exact text: in the reveal window send `reveal` with it, byte for byte. (Its first line should be `# salt` and random characters, as the sealing page and `chessdip seal` write it: without a salt, anyone can find your orders by hashing every possible order. `hash` shows how.){unready}"
                )),
                Reply::public(format!("{} committed `{hash}` for {}{again}.", crate::seats::bots::power_of_caller(&name, caller), row.name)),
            ])
        })
    }

    /// Reveals a file's exact bytes. A file that is not UTF-8 text (saved as
    /// Latin-1, say) cannot hold orders: the attempt is recorded with its
    /// hash, and the error says how to save the file.
    ///
    /// # Errors
    /// As [`Service::reveal`], and a file that is not UTF-8.
    pub fn reveal_bytes(&self, channel: &str, caller: &Caller, bytes: &[u8]) -> Result<Vec<Reply>, GameError> {
        crate::bots::not_a_bot(caller)?;
        if bytes.len() > MAX_REVEAL {
            return Err(too_long(bytes.len()));
        }
        if let Ok(text) = std::str::from_utf8(bytes) {
            return self.reveal(channel, caller, text);
        }
        let now = self.now();
        let hash = sha256_hex_bytes(bytes);
        self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::Reveal, caller)?;
            let (name, row, _) = Self::ordering(c, &live, caller)?;
            let attempt = Reveal {
                power: name,
                text: String::from_utf8_lossy(&bytes[..bytes.len().min(MAX_REVEAL)]).into_owned(),
                hash: hash.clone(),
                matched: false,
                detail: "not UTF-8 text".into(),
                user: caller.user.clone(),
                at: now,
                void: None,
            };
            store::add_reveal(c, live.game.id, row.seq, &attempt)?;
            Ok::<_, GameError>(())
        })?;
        Err(GameError::Invalid(format!(
            "that file is not UTF-8 text (its SHA-256 is `{hash}`; the attempt is recorded): orders are read as UTF-8. Save the file as UTF-8 (in Notepad: Save as, Encoding: UTF-8), hash that file, and commit its hash if the commit window is still open."
        )))
    }

    /// Checks a revealed text against the caller's latest commitment; a
    /// match becomes the power's orders. Every attempt is kept.
    ///
    /// # Errors
    /// Not a hashed game, not the reveal window, not a player, no commitment, a mismatch.
    pub fn reveal(&self, channel: &str, caller: &Caller, text: &str) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        if text.len() > MAX_REVEAL {
            return Err(too_long(text.len()));
        }
        let hash = sha256_hex(text);
        let written = self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::Reveal, caller)?;
            let (name, row, position) = Self::ordering(c, &live, caller)?;
            let latest = store::commitments(c, live.game.id, row.seq)?.into_iter().rfind(|m| m.power == name);
            let record = |matched: bool, detail: String| Reveal {
                power: name.clone(),
                text: text.to_string(),
                hash: hash.clone(),
                matched,
                detail,
                user: caller.user.clone(),
                at: now,
                void: None,
            };
            // The text of a commitment for the phase before, which resolved before it was revealed, is named.
            let late = || crate::hashed::unrevealed::too_late(c, live.game.id, row.seq, &caller.user, &hash);
            let Some(commitment) = latest else {
                store::add_reveal(c, live.game.id, row.seq, &record(false, "no commitment".into()))?;
                let late = late()?.map_or(String::new(), |l| format!(" {l}"));
                return Ok::<_, GameError>((
                    Err(format!("{name} made no commitment in {}: there is nothing to reveal, and {name} has no orders this phase.{late}", row.name)),
                    None,
                ));
            };
            // A power whose reveal already matched has its orders: a second text changes nothing.
            let revealed = store::reveals(c, live.game.id, row.seq)?
                .into_iter()
                .any(|r| r.power == name && r.matched && r.hash == commitment.hash);
            if revealed && commitment.hash == hash {
                return Ok((
                    Err(format!(
                        "{name}'s orders for {} are already revealed, with this same text: nothing changed. (`orders show` lists them.)",
                        row.name
                    )),
                    None,
                ));
            }
            if revealed {
                store::add_reveal(c, live.game.id, row.seq, &record(false, "does not match the commitment".into()))?;
                return Ok((
                    Err(format!(
                        "That text does not match {name}'s commitment `{}`, and {name}'s orders for {} were already revealed with the text that does: they stand, and this text changes nothing. (`orders show` lists them; the attempt is recorded, its text private to you.)",
                        commitment.hash, row.name
                    )),
                    None,
                ));
            }
            if commitment.hash != hash {
                let mut hints = crate::hashed::mismatch::mismatch_hints(text, &commitment.hash);
                let earlier = store::commitments(c, live.game.id, row.seq)?
                    .into_iter()
                    .any(|m| m.power == name && m.hash == hash);
                if earlier {
                    hints.insert(0, "you revealed the text of an earlier commitment that a later one replaced: reveal the text of the latest".into());
                }
                store::add_reveal(c, live.game.id, row.seq, &record(false, "does not match the commitment".into()))?;
                let mut msg = format!(
                    "That text does not match {name}'s commitment.\n  committed: `{}`\n  revealed:  `{hash}` ({} bytes)\n",
                    commitment.hash,
                    text.len()
                );
                if earlier {
                    msg += &format!("This is the text of an earlier commitment of {name}, replaced by a later one: reveal the text of the latest.");
                } else if let Some(late) = late()? {
                    msg += &format!("{late} Reveal the text of {name}'s commitment for {}.", row.name);
                } else if hints.is_empty() && !is_salted(text) {
                    msg += "This text has no salt line: if you sealed your orders, reveal the whole sealed text, its `# salt` line first (the sealed file itself, attached, keeps every byte).";
                } else if hints.is_empty() {
                    msg += "The hash is over the exact UTF-8 bytes: check for a different word or letter case, a missing or extra line, trailing newlines and CRLF vs LF line ends. A .txt attachment keeps the bytes exactly.";
                } else {
                    msg += &format!("Likely cause: {}.", hints.join("; or "));
                }
                msg += " You may try again until the reveal window closes. (The attempt is recorded; its text stays private to you: the public record shows only its time and size.)";
                return Ok((Err(msg), None));
            }
            // The revealed message is the power's whole order set; `#` lines (salt, notes) are not orders.
            let old = store::orders(c, live.game.id, row.seq, Some(&name))?;
            let orders_text = without_comments(text);
            let mut sub = position.submit(&name, &[], &orders_text);
            crate::orders::chars::explain_submission(&orders_text, &mut sub);
            store_orders(c, (live.game.id, row.seq), &name, &old, &sub.orders, &caller.user, now)?;
            let n = |k: usize| count(k, "order");
            let detail = if let Some(why) = &sub.invalid {
                Verdict::Invalid { why: why.clone() }.to_string()
            } else if !sub.pending.is_empty() {
                format!("accepted: {}, judged when the phase resolves: {}", n(sub.orders.len()), sub.pending.join("; "))
            } else if sub.rejected.is_empty() {
                format!("accepted: {}", n(sub.orders.len()))
            } else {
                format!("accepted: {}; rejected: {}", n(sub.orders.len()), n(sub.rejected.len()))
            };
            store::add_reveal(c, live.game.id, row.seq, &record(true, detail))?;
            let readback = position.describe(&name, &slots(&store::orders(c, live.game.id, row.seq, Some(&name))?));
            let mut private = submission_text(&name, &sub, &readback);
            if sub.invalid.is_some() {
                private += "\nThe commitment fixes the text, so it cannot be mended this phase: none of its orders will run.";
            } else if !sub.rejected.is_empty() {
                private += "\nRejected orders cannot be mended now: the commitment fixes the text. The pieces they were for will hold.";
            }
            if !is_salted(text) {
                private += "\nWarning: this text has no salt line (`# salt` and at least 8 random characters), so anyone could have guessed your commitment by hashing every possible order. Seal your next orders (the sealing page from `/hash`, or `chessdip seal`) and they will have one.";
            }
            let public = Reply::public(format!(
                "{}'s reveal matches its commitment `{hash}`.",
                crate::seats::bots::power_of_caller(&name, caller)
            ));
            // Early resolution: every power that committed has revealed a match.
            let resolve = Self::stage_complete(c, &live, &row, &position.phase())?;
            let replies = self.announced_all(c, &live.game, vec![Reply::private(private), public])?;
            Ok((Ok(replies), resolve.then_some((live.game.id, row.seq))))
        });
        let (replies, resolve) = written.map_err(|e| self.late_reveal(channel, caller, &hash, e))?;
        let mut out = replies.map_err(GameError::Invalid)?;
        if let Some((game, seq)) = resolve {
            let done = self.resolve(game, seq, "every commitment was revealed");
            out.extend(crate::phase::resolve::set_off("Your reveal", "resolving the phase", done));
        }
        Ok(out)
    }

    /// What became of each power's message in a hashed phase that resolved
    /// with `verdicts` (how the rules judged whole messages then, if they do).
    pub(crate) fn fates_of(
        c: &rusqlite::Connection,
        game: i64,
        seq: i64,
        owing: &[String],
        verdicts: &[(String, Verdict)],
    ) -> Result<Vec<(String, Fate)>, GameError> {
        let commitments = store::commitments(c, game, seq)?;
        let reveals = store::reveals(c, game, seq)?;
        let mut out = Vec::new();
        for power in owing {
            let latest = commitments.iter().rfind(|m| &m.power == power);
            let matched =
                latest.and_then(|m| reveals.iter().rfind(|r| &r.power == power && r.matched && r.hash == m.hash));
            let fate = match (latest, matched) {
                (None, _) => Fate::NoCommitment,
                (Some(m), None) => Fate::NotRevealed { hash: m.hash.clone() },
                (Some(m), Some(r)) => match verdicts.iter().find(|(p, _)| p == power) {
                    // The family's summary lists an invalid message's moves with their reasons: say them once.
                    Some((_, Verdict::Invalid { .. })) => Fate::Revealed {
                        hash: m.hash.clone(),
                        invalid: true,
                        detail: format!("{INVALID_WHOLE}, none of its moves ran (each move's reason is above)"),
                    },
                    Some((_, v)) => Fate::Revealed { hash: m.hash.clone(), invalid: false, detail: v.to_string() },
                    None => Fate::Revealed {
                        hash: m.hash.clone(),
                        invalid: r.detail.starts_with(INVALID_WHOLE),
                        detail: r.detail.clone(),
                    },
                },
            };
            out.push((power.clone(), fate));
        }
        Ok(out)
    }

    /// Each power's message in a resolved hashed phase, for the public
    /// result: revealed (valid, or invalid as a whole and why), committed
    /// but never revealed, or no commitment at all.
    pub(crate) fn messages_text(fates: &[(String, Fate)]) -> String {
        let mut t = String::from("\nMessages:");
        for (power, fate) in fates {
            t += &match fate {
                Fate::NoCommitment => format!("\n  {power}: no commitment (no orders)"),
                Fate::NotRevealed { hash } => {
                    format!("\n  {power}: committed `{}`, never revealed (no orders)", short_hash(hash))
                }
                Fate::Revealed { hash, detail, .. } => {
                    format!("\n  {power}: revealed `{}`: {}", short_hash(hash), crate::orders::chars::visible(detail))
                }
            };
        }
        t + "\n(`history` shows every matched text, to check against its hash.)"
    }

    /// The legend marks of powers whose message is missing or invalid.
    pub(crate) fn message_marks(fates: &[(String, Fate)]) -> Vec<(String, String)> {
        fates
            .iter()
            .filter_map(|(power, fate)| {
                let mark = match fate {
                    Fate::NoCommitment => "no message",
                    Fate::NotRevealed { .. } => "not revealed",
                    Fate::Revealed { invalid: true, .. } => "invalid message",
                    Fate::Revealed { .. } => return None,
                };
                Some((power.clone(), mark.to_string()))
            })
            .collect()
    }

    /// The commitments and reveal attempts of a phase, as history text.
    pub(crate) fn hashed_history(c: &rusqlite::Connection, game: i64, seq: i64) -> Result<String, GameError> {
        let commitments = store::all_commitments(c, game, seq)?;
        let reveals = store::all_reveals(c, game, seq)?;
        if commitments.is_empty() && reveals.is_empty() {
            return Ok(String::new());
        }
        let mut t = String::from("\nCommitments:");
        if commitments.is_empty() {
            t += " none";
        }
        let void = |why: &Option<String>| why.as_ref().map_or(String::new(), |w| format!(" (void: {w})"));
        for m in &commitments {
            t += &format!("\n  {} `{}` at <t:{}>{}", m.power, m.hash, m.at, void(&m.void));
        }
        t += "\nReveals:";
        if reveals.is_empty() {
            t += " none";
        }
        for r in &reveals {
            // Once resolved, every matched text is public: anyone can hash it and check. An attempt
            // that did not match (a mis-pasted file, a private note) stays private to its sender,
            // its hash too (a short text is found from its hash by hashing every guess): the
            // record shows only its time and size.
            if r.matched {
                t += &format!("\n  {} \u{2713} `{}` at <t:{}>: {}{}", r.power, r.hash, r.at, r.detail, void(&r.void));
                t += &quoted(&r.text);
            } else {
                t += &format!(
                    "\n  {} \u{2717} at <t:{}>: {}{}\n    ({}; a text that did not match stays private to its sender)",
                    r.power,
                    r.at,
                    r.detail,
                    void(&r.void),
                    count(r.text.len(), "byte")
                );
            }
        }
        Ok(t)
    }

    /// The hashed part of a power's read-back.
    pub(crate) fn hashed_readback(
        c: &rusqlite::Connection,
        game: i64,
        row: &PhaseRow,
        power: &str,
    ) -> Result<String, GameError> {
        let latest = store::commitments(c, game, row.seq)?.into_iter().rfind(|m| m.power == power);
        let revealed = store::reveals(c, game, row.seq)?
            .into_iter()
            .any(|r| r.power == power && r.matched && latest.as_ref().is_some_and(|m| m.hash == r.hash));
        Ok(match (row.stage, latest, revealed) {
            (_, None, _) => format!("{power} has no commitment for {}.", row.name),
            (Stage::Commit | Stage::Wait, Some(m), _) => {
                format!("{power}'s commitment: `{}` (reveal it when the reveal window opens).", m.hash)
            }
            (_, Some(m), true) => format!("{power}'s commitment `{}` is revealed.", m.hash),
            (_, Some(m), false) => {
                format!("{power}'s commitment `{}` is not revealed yet: send `reveal` with the exact text.", m.hash)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invalid_verdict_reads_as_invalid_as_a_whole() {
        let v = Verdict::Invalid { why: "move 1: no piece".into() }.to_string();
        assert!(v.starts_with(INVALID_WHOLE), "{v}");
    }
}
