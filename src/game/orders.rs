//! Orders: submit, show, clear, ready, preview.

use super::lifecycle::{Command, State};
use super::{Caller, GameError, Image, Live, Reply, Service};
use crate::rules::family::{PhaseInfo, SlotOrder, Submission};
use crate::store::{self, OrderRow, PhaseRow, Stage};

/// A power's stored orders as the rules see them.
pub(super) fn slots(rows: &[OrderRow]) -> Vec<SlotOrder> {
    rows.iter().map(|r| SlotOrder { slot: r.slot.clone(), text: r.text.clone() }).collect()
}

/// Every power's orders, grouped by power.
pub(super) fn by_power(rows: &[OrderRow]) -> Vec<(String, Vec<SlotOrder>)> {
    let mut out: Vec<(String, Vec<SlotOrder>)> = Vec::new();
    for r in rows {
        let o = SlotOrder { slot: r.slot.clone(), text: r.text.clone() };
        match out.iter_mut().find(|(p, _)| *p == r.power) {
            Some((_, list)) => list.push(o),
            None => out.push((r.power.clone(), vec![o])),
        }
    }
    out
}

/// Makes the stored orders of `power` equal to `new`: rows whose slot and
/// text are unchanged stay as they were (with their sender and time).
pub(super) fn store_orders(
    c: &rusqlite::Connection,
    (game, seq): (i64, i64),
    power: &str,
    old: &[OrderRow],
    new: &[SlotOrder],
    user: &str,
    now: i64,
) -> Result<(), GameError> {
    for r in old {
        if !new.iter().any(|n| n.slot == r.slot && n.text == r.text) {
            store::delete_orders(c, game, seq, power, Some(&r.slot))?;
        }
    }
    for n in new {
        if !old.iter().any(|r| n.slot == r.slot && n.text == r.text) {
            let row = OrderRow {
                power: power.to_string(),
                slot: n.slot.clone(),
                text: n.text.clone(),
                submitted_by: user.into(),
            };
            store::put_order(c, game, seq, &row, now)?;
        }
    }
    Ok(())
}

/// The private reply to a submission: accepted, rejected, notes, the order set.
pub(super) fn submission_text(power: &str, sub: &Submission, readback: &str) -> String {
    let mut text = String::new();
    if !sub.accepted.is_empty() {
        text += &format!("Accepted for {power}: {}\n", sub.accepted.join(", "));
    }
    if !sub.rejected.is_empty() {
        text += &format!(
            "Rejected:\n{}\n",
            sub.rejected.iter().map(|(t, why)| format!("  `{t}`: {why}")).collect::<Vec<_>>().join("\n")
        );
    }
    for n in &sub.notes {
        text += &format!("Note: {n}\n");
    }
    text + readback
}

impl Service {
    /// The channel's game if it is running (for reading one's own orders):
    /// a forming or ended game says so.
    pub(super) fn running(&self, c: &rusqlite::Connection, channel: &str) -> Result<Live, GameError> {
        let live = self.latest(c, channel)?;
        match &live.state {
            State::Ended { result, .. } => Err(GameError::Ended(result.clone())),
            State::Forming => Err(GameError::State("the game has not started yet".into())),
            State::Running(_) => Ok(live),
        }
    }

    /// Checks that the caller may order now and returns their power, the open phase and its position.
    fn ordering(
        c: &rusqlite::Connection,
        live: &Live,
        caller: &Caller,
    ) -> Result<(String, PhaseRow, super::Position), GameError> {
        let name = Self::playing(c, live, caller)?;
        let (row, position) = Self::current_phase(c, live)?;
        let phase = position.phase();
        if !phase.owing.contains(&name) {
            return Err(GameError::State(if phase.resolve_on_submit {
                format!("it is not your move: {} waits for {}", phase.name, phase.owing.join(", "))
            } else {
                format!("{name} has nothing to order in {}", phase.name)
            }));
        }
        Ok((name, row, position))
    }

    /// The seated, non-conceded powers that owe something in `phase`: the
    /// ones whose action early resolution waits for.
    pub(super) fn acting(c: &rusqlite::Connection, game: i64, phase: &PhaseInfo) -> Result<Vec<String>, GameError> {
        let seated = store::players(c, game)?;
        let conceded = store::concessions(c, game)?;
        Ok(phase
            .owing
            .iter()
            .filter(|p| seated.iter().any(|(q, _)| q == *p) && !conceded.contains(p))
            .cloned()
            .collect())
    }

    /// Whether every power that owes something in the current stage has
    /// acted in that stage, so that the stage may end early: ready (plain
    /// orders), committed and ready (commit window), every commitment
    /// revealed (reveal window). Never in a game without early resolution,
    /// nor in a calendar game (its windows close on the calendar), nor when
    /// nobody is there to act.
    pub(super) fn stage_complete(
        c: &rusqlite::Connection,
        live: &Live,
        row: &PhaseRow,
        phase: &PhaseInfo,
    ) -> Result<bool, GameError> {
        if !live.settings.early || live.settings.cycle.is_calendar() || !row.open {
            return Ok(false);
        }
        let game = live.game.id;
        let acting = Self::acting(c, game, phase)?;
        let ready = store::ready_powers(c, game, row.seq)?;
        Ok(match row.stage {
            Stage::Orders => !acting.is_empty() && acting.iter().all(|p| ready.contains(p)),
            Stage::Commit => {
                let committed = store::commitments(c, game, row.seq)?;
                !acting.is_empty()
                    && acting.iter().all(|p| ready.contains(p) && committed.iter().any(|m| &m.power == p))
            }
            Stage::Reveal => {
                let latest: std::collections::BTreeMap<String, String> =
                    store::commitments(c, game, row.seq)?.into_iter().map(|m| (m.power, m.hash)).collect();
                let reveals = store::reveals(c, game, row.seq)?;
                !latest.is_empty()
                    && latest.iter().all(|(p, h)| reveals.iter().any(|r| &r.power == p && r.matched && &r.hash == h))
            }
            Stage::Wait | Stage::Sealed => false,
        })
    }

    /// Submits one or more orders (separated by commas, semicolons or new lines;
    /// each game says how its orders combine). Each is checked at once; the
    /// power's order set is stored before the reply is made. In a turn-based
    /// game the phase then resolves.
    ///
    /// # Errors
    /// No game, not a player, the phase closed, a hashed game.
    pub fn submit(&self, channel: &str, caller: &Caller, text: &str) -> Result<Reply, GameError> {
        self.submit_all(channel, caller, text).map(|mut rs| rs.remove(0))
    }

    /// [`Service::submit`], with the public replies of a phase it resolved (turn-based games).
    ///
    /// # Errors
    /// As [`Service::submit`].
    pub fn submit_all(&self, channel: &str, caller: &Caller, text: &str) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        if text.trim().is_empty() {
            return Err(GameError::Invalid("no orders given: e.g. `orders K e1 - e2, N g1 S e1 - e2`".into()));
        }
        let (reply, resolve) = self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Orders)?;
            let (name, row, position) = Self::ordering(c, &live, caller)?;
            let old = store::orders(c, live.game.id, row.seq, Some(&name))?;
            let sub = position.submit(&name, &slots(&old), text);
            if !sub.accepted.is_empty() {
                store_orders(c, (live.game.id, row.seq), &name, &old, &sub.orders, &caller.user, now)?;
                store::set_ready(c, live.game.id, row.seq, &name, false)?;
                store::moved_in_time(c, live.game.id, &name)?;
            }
            let readback = position.describe(&name, &sub.orders);
            let phase = position.phase();
            // A turn-based phase ends when every power whose turn it is has moved.
            let resolve = phase.resolve_on_submit && !sub.accepted.is_empty() && {
                let all = store::orders(c, live.game.id, row.seq, None)?;
                let acting = Self::acting(c, live.game.id, &phase)?;
                !acting.is_empty() && acting.iter().all(|p| all.iter().any(|o| &o.power == p))
            };
            Ok::<_, GameError>((
                super::Reply::private(submission_text(&name, &sub, &readback)),
                resolve.then_some((live.game.id, row.seq)),
            ))
        })?;
        let mut out = vec![reply];
        if let Some((game, seq)) = resolve {
            out.extend(self.resolve(game, seq, "the move was made")?);
        }
        Ok(out)
    }

    /// The caller's orders for the current phase, and the pieces without one.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn show_orders(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.running(c, channel)?;
            let name = Self::power_of(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            let ready = store::ready_powers(c, live.game.id, row.seq)?.contains(&name);
            let rows = store::orders(c, live.game.id, row.seq, Some(&name))?;
            let mut t = position.describe(&name, &slots(&rows));
            if live.settings.hashed {
                t += "\n";
                t += &Self::hashed_readback(c, live.game.id, &row, &name)?;
            }
            if store::concessions(c, live.game.id)?.contains(&name) {
                t += &format!("\n{name} has conceded: it is in civil disorder.");
            } else {
                t += if ready { "\nYou are marked ready." } else { "\nNot marked ready." };
            }
            Ok(Reply::private(t))
        })
    }

    /// Removes all the caller's orders for this phase.
    ///
    /// # Errors
    /// No game, not a player, the phase closed.
    pub fn clear_orders(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Orders)?;
            let (name, row, _) = Self::ordering(c, &live, caller)?;
            let n = store::delete_orders(c, live.game.id, row.seq, &name, None)?;
            store::set_ready(c, live.game.id, row.seq, &name, false)?;
            Ok(Reply::private(format!("Cleared {n} order{} for {name}.", if n == 1 { "" } else { "s" })))
        })
    }

    /// Marks the caller's power ready (or not). With early resolution on,
    /// the stage ends once every seated power that owes something in it has
    /// acted ([`Service::stage_complete`]).
    ///
    /// # Errors
    /// No game, not a player, nothing to be ready for in this stage.
    pub fn ready(&self, channel: &str, caller: &Caller, ready: bool) -> Result<Vec<Reply>, GameError> {
        let (done, calendar) = self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Ready)?;
            let name = Self::playing(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            let phase = position.phase();
            if !phase.owing.contains(&name) {
                return Err(GameError::State(format!(
                    "{name} has nothing to order in {}, so there is nothing to mark ready",
                    phase.name
                )));
            }
            if phase.resolve_on_submit && row.stage == Stage::Orders {
                return Err(GameError::State(format!(
                    "{} ends when the move is made: send it with `orders ...` (there is no ready mark in a turn-based game)",
                    phase.name
                )));
            }
            store::set_ready(c, live.game.id, row.seq, &name, ready)?;
            let done = ready && Self::stage_complete(c, &live, &row, &phase)?;
            Ok::<_, GameError>((done.then_some((live.game.id, row.seq, row.stage)), live.settings.cycle.is_calendar()))
        })?;
        let mut out = vec![Reply::private(match (ready, calendar) {
            (true, true) => {
                "Marked ready. This game follows its calendar: the window closes at its time, whoever is ready."
            }
            (true, false) => "Marked ready.",
            (false, _) => "No longer ready.",
        })];
        if let Some((game, seq, stage)) = done {
            out.extend(if stage == Stage::Commit {
                self.open_reveals(game, seq, "every power committed and is ready")?
            } else {
                self.resolve(game, seq, "every power is ready")?
            });
        }
        Ok(out)
    }

    /// What the caller's current orders would do if every other power held,
    /// with the image. Private; nothing is stored.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn preview(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        let (live, name, position, rows) = self.store.read(|c| {
            let live = self.running(c, channel)?;
            let name = Self::power_of(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            let rows = store::orders(c, live.game.id, row.seq, Some(&name))?;
            Ok::<_, GameError>((live, name, position, rows))
        })?;
        let r = position.resolve(&[(name.clone(), slots(&rows))]);
        let mut text = format!("If every other power held, {name}'s orders would do this:");
        let mine: Vec<_> = r.outcomes.iter().filter(|o| o.power == name).collect();
        if mine.is_empty() {
            text += "\n  (no orders)";
        }
        for o in mine {
            text += &format!("\n  {} {}: {}", if o.succeeded { "\u{2713}" } else { "\u{2717}" }, o.order, o.reason);
        }
        let mut reply = Reply::private(text);
        reply.images.push(Image::new("preview", &position, Some(&r.report), &live.settings, "preview"));
        Ok(reply)
    }
}
