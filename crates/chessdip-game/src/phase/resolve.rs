//! Resolution: claiming a phase exactly once, recording it as public
//! history, opening the next phase; the deadline tick and a forced phase.

use serde::{Deserialize, Serialize};

use crate::lifecycle::{Command, Refusal};
use crate::lifecycle::{GameStatus, Stage};
use crate::orders::slots::by_power;
use crate::standings::scores::Ending;
use crate::store::{self, StoreError};
use crate::story::source::ImageSource;
use crate::{decode, encode, format_duration, kind_of, settings_of, slug, Caller, GameError, Image, Reply, Service};
use chessdip_rules::family::{GameResult, OrderOutcome};

/// The stored form of a resolution (versioned): public history.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PhaseRecord {
    /// Format version.
    pub v: u32,
    /// The phase's name.
    pub phase: String,
    /// Every order with its outcome.
    pub orders: Vec<OrderOutcome>,
    /// Pieces removed: `K e4 (Ming Dynasty, by K d3)`.
    pub removed: Vec<String>,
    /// Other changes: `d4: Mughal Empire (was neutral)`.
    pub changes: Vec<String>,
    /// The public summary.
    pub summary: String,
    /// How the game stands afterwards.
    pub outcome: GameResult,
}

/// What an accepted command set off at once (a resolution, the reveal
/// window), done in its own transaction after the command's own was saved:
/// if it failed, the caller is told that what they sent is saved and what
/// happens instead, never that nothing was saved (which would have them send
/// it again).
pub(crate) fn set_off(saved: &str, what: &str, done: Result<Vec<Reply>, GameError>) -> Vec<Reply> {
    match done {
        Ok(replies) => replies,
        Err(e) => {
            tracing::error!(error = %e, "{what} after an accepted command failed; the deadline will do it");
            vec![Reply::private(format!(
                "{saved} is saved, but {what} right away failed ({e}): that happens at the deadline instead, or when a moderator uses `game force`."
            ))]
        }
    }
}

impl Service {
    /// Resolves phase `seq` of game `game` if it is still open; nothing if someone else did.
    pub(crate) fn resolve(&self, game: i64, seq: i64, why: &str) -> Result<Vec<Reply>, GameError> {
        self.store.write(|c| self.resolve_in(c, game, seq, why))
    }

    /// [`Service::resolve`] in the caller's transaction.
    pub(crate) fn resolve_in(
        &self,
        c: &rusqlite::Connection,
        game: i64,
        seq: i64,
        why: &str,
    ) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        {
            let Some(g) = store::game(c, game)? else { return Ok(Vec::new()) };
            let Some(row) = store::phase(c, game, seq)? else { return Ok(Vec::new()) };
            // Only a running, unpaused game's current phase resolves.
            if !row.open || g.phase_seq != seq || g.status != GameStatus::Active {
                return Ok(Vec::new());
            }
            let settings = settings_of(&g);
            let kind = kind_of(&g, &settings)?;
            let position = decode(&kind, &row)?;
            // A conceded power is in civil disorder: it has no orders.
            let conceded = store::concessions(c, game)?;
            let rows: Vec<_> =
                store::orders(c, game, seq, None)?.into_iter().filter(|o| !conceded.contains(&o.power)).collect();
            let started = std::time::Instant::now();
            let r = position.resolve(&by_power(&rows));
            crate::costs::rules(started.elapsed());
            let result = r.next.result();
            let record = PhaseRecord {
                v: 1,
                phase: row.name.clone(),
                orders: r.outcomes.clone(),
                removed: r.removed.clone(),
                changes: r.changes.clone(),
                // The powers bots play are named as bots, in the result and in history.
                summary: crate::seats::bots::bots_named(&r.summary, &store::bot_powers(c, game)?),
                outcome: result.clone(),
            };
            let json = serde_json::to_string(&record).map_err(StoreError::from)?;
            let kept = r.report.encode().map_err(StoreError::from)?;
            if !store::close_phase(c, game, seq, &json, &kept, now)? {
                return Ok(Vec::new());
            }
            let next_phase = r.next.phase();
            let over = result.is_over();
            let (stage, at) = settings.opening(now, next_phase.kind);
            let mut scores = String::new();
            let (deadline, votes) = if over {
                // No next phase: the game ends in the position this phase left.
                store::set_final_state(c, game, &encode(&r.next)?)?;
                store::set_status(c, game, GameStatus::Ended, Some(&result.to_string()))?;
                store::set_ended_at(c, game, now, Some(seq))?;
                crate::seats::reliability::game_ended(c, &g, now)?;
                let ending = match &result {
                    GameResult::Won { winner, .. } => Ending::Solo(winner.clone()),
                    _ => Ending::Draw,
                };
                scores = crate::standings::scores::record(c, &g, Some(&r.next), &settings, &ending)?;
                (None, Vec::new())
            } else {
                store::open_phase(c, game, seq + 1, &next_phase.name, &encode(&r.next)?, Some(at), stage)?;
                (Some(at), Self::proposal_windows(c, game, seq + 1, stage)?)
            };
            let draw = store::draw_votes(c, game, seq)?;
            let players = store::players(c, game)?;
            let lapsed: Vec<String> = if over {
                Vec::new()
            } else {
                players.iter().filter(|(p, _)| draw.contains(p)).map(|(_, u)| u.clone()).collect()
            };
            // Civil disorder is said on the power's own line; unseatings follow the result.
            let absence = self.absence_at_resolution(c, &g, (seq, over), &position, &record.summary)?;
            let mut text = format!("**{} resolved** ({why}).\n{}", record.phase, absence.summary);
            let fates = if settings.hashed {
                Self::fates_of(c, game, seq, &position.phase().owing, &r.verdicts)?
            } else {
                Vec::new()
            };
            // Commitments never revealed: each of their players is told so, privately.
            let owing = position.phase().owing;
            let dropped: Vec<_> = if settings.hashed {
                crate::hashed::unrevealed::unrevealed(c, game, seq)?
                    .into_iter()
                    .filter(|m| owing.contains(&m.power))
                    .collect()
            } else {
                Vec::new()
            };
            if settings.hashed {
                text += &crate::seats::bots::bots_named(&Self::messages_text(&fates), &store::bot_powers(c, game)?);
            }
            match (&record.outcome, deadline) {
                (GameResult::Ongoing, Some(d)) => {
                    let when = match stage {
                        Stage::Wait => "its move phase opens in",
                        Stage::Commit => "commitments due in",
                        _ => "due in",
                    };
                    text += &format!(
                        "\nNext: {}, {when} {}{}.",
                        next_phase.name,
                        format_duration(d - now),
                        settings.local_suffix(d)
                    );
                }
                (outcome, _) => text += &format!("\n**Game over: {outcome}.**\n{scores}"),
            }
            if let Some(t) = r.next.transcript().filter(|_| over) {
                text += &format!("\n```\n{t}\n```");
            }
            let mut reply = Reply::public(text).due(deadline);
            // The players act on the phase that opens from the result's buttons.
            if !over {
                reply.components = crate::controls::phase_buttons(game, seq + 1, true);
            }
            let marks = crate::conceded_marks(c, game, &settings)?;
            let s = slug(&record.phase);
            reply.images.push(
                Image::new(&format!("{s}-orders"), &position, Some(&r.report), &settings, "orders")
                    .marked(Self::message_marks(&fates))
                    .marked(marks.clone())
                    .stored(ImageSource::Orders { seq }),
            );
            reply.images.push(if over {
                Image::final_position(
                    &r.next,
                    &settings,
                    &record.outcome.to_string(),
                    crate::final_marks(c, game, &settings)?,
                )?
            } else {
                Image::new(&format!("{s}-result"), &r.next, None, &settings, "position")
                    .marked(marks.clone())
                    .stored(ImageSource::Phase { seq: seq + 1 })
            });
            // The animation comes last: front ends draw and post the stills first.
            if settings.animation {
                reply.images.push(
                    Image::animation(&format!("{s}-resolution"), &position, &r.report, &settings, "resolution")
                        .marked(marks.clone())
                        .stored(ImageSource::Orders { seq }),
                );
            }
            if over {
                reply.images.extend(crate::story::whole::story_at_end(c, game)?);
            }
            // The players who asked for results get this one by direct message.
            let results = Self::result_dms(c, &g, &players, &reply)?;
            let mut out = vec![reply];
            // Whoever joined a bot's power plays it from the phase that opens now.
            if !over {
                out.extend(self.hand_over(c, game)?);
            }
            let unseated = !absence.unseated.is_empty();
            // Every unseating of the resolution in one announcement, a line each.
            if !absence.unseated.is_empty() {
                let lines: Vec<String> = absence.unseated.into_iter().map(|r| r.text).collect();
                out.push(Reply::public(lines.join("\n")));
            }
            // The players left may all have voted for a draw that only the unseated one's vote was missing;
            // or nobody may be left playing at all.
            let mut lapsed = lapsed;
            if !over {
                let fresh = store::game(c, game)?.ok_or(GameError::NoGame)?;
                let draw = if unseated {
                    crate::moderation::draw_if_agreed(c, &fresh, &settings, &r.next, (seq, now))?
                } else {
                    None
                };
                if let Some(end) = draw {
                    lapsed.clear();
                    out.push(end);
                } else {
                    out.extend(self.abandon_if_nobody_plays(c, game)?);
                }
            }
            out.extend(votes);
            let next = (!over).then_some(next_phase.name.as_str());
            out.extend(crate::hashed::unrevealed::notices(&dropped, &record.phase, why, next));
            for user in lapsed {
                out.push(Reply::to_user(
                    &user,
                    format!(
                        "Your draw vote lapsed when {} was resolved; vote again if you still want a draw.",
                        record.phase
                    ),
                ));
            }
            // The result and everything it causes are announced in this transaction.
            let out = self.announced_all(c, &g, out)?;
            // Then, by direct message, the result to who asked, and the phase that opens now to each
            // player who owes something in it (once the seats are settled: unseatings, a bot's power
            // handed over). They are the outbox's alone: the caller's replies stay the channel's.
            let mut dms = results;
            if !over {
                dms.extend(self.opening_dms(c, game, seq + 1)?);
            }
            self.tell(c, &g, dms)?;
            Ok(out)
        }
    }

    /// A moderator resolves the current phase now; with `expected` (a phase
    /// name), only if that is still the current phase, so that a force racing
    /// the deadline cannot resolve the phase after it. A reveal window in
    /// which commitments are not revealed yet resolves only `confirmed`
    /// (`game force confirm`): their powers then have no orders, and each of
    /// their players is told privately.
    ///
    /// # Errors
    /// Not a moderator, no open phase, the expected phase already resolved,
    /// commitments not revealed yet and the force not confirmed.
    pub fn force(
        &self,
        channel: &str,
        caller: &Caller,
        expected: Option<&str>,
        confirmed: bool,
    ) -> Result<Vec<Reply>, GameError> {
        let (game, seq, commit) = self.store.read(|c| {
            let live = self.game_for(c, channel, Command::Force)?;
            Self::require_moderator(&live.game, caller, "force a phase")?;
            let (row, position) = Self::current_phase(c, &live)?;
            let phase = position.phase();
            if phase.resolve_on_submit && row.stage == Stage::Orders {
                // A turn-based game resolves as soon as the move is in: there is nothing to force but a skipped turn.
                let orders = store::orders(c, live.game.id, row.seq, None)?;
                let waiting: Vec<&String> =
                    phase.owing.iter().filter(|p| !orders.iter().any(|o| &o.power == *p)).collect();
                if !waiting.is_empty() {
                    return Err(Refusal::TurnNotSkipped { waiting: &waiting }.into());
                }
            }
            if let Some(want) = expected {
                if !row.name.eq_ignore_ascii_case(want.trim()) {
                    return Err(Refusal::NoLongerOpen { want, current: &row.name }.into());
                }
            }
            crate::hashed::unrevealed::may_force(c, live.game.id, &row, self.now(), confirmed)?;
            Ok::<_, GameError>((live.game.id, row.seq, row.stage))
        })?;
        // In a hashed game a force moves to the next window: pause, commitments, reveals, resolution.
        // The moderation log's entry is written in the same transaction as what the force did:
        // either both are saved, or neither (and the moderator is told it was not saved).
        let r = self.next_window(game, seq, commit, crate::phase::schedule::Trigger::Moderator(caller))?;
        if r.is_empty() {
            return Err(Refusal::AlreadyResolved.into());
        }
        Ok(r)
    }
}
