//! Orders: submit, show, clear, ready, preview.

use crate::lifecycle::{self, Command, Stage};
use crate::store::{self, OrderRow, PhaseRow};
use crate::{Caller, GameError, Image, Live, Reply, Service};
use chessdip_rules::family::{PhaseInfo, SlotOrder, Submission};
use chessdip_rules::words::count;

/// A power's stored orders as the rules see them.
pub(crate) fn slots(rows: &[OrderRow]) -> Vec<SlotOrder> {
    rows.iter().map(|r| SlotOrder { slot: r.slot.clone(), text: r.text.clone() }).collect()
}

/// Makes the stored orders of `power` equal to `new`: rows whose slot and
/// text are unchanged stay as they were (with their sender and time).
pub(crate) fn store_orders(
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
                submitted_at: now,
            };
            store::put_order(c, game, seq, &row, now)?;
        }
    }
    Ok(())
}

/// The private reply to a submission: accepted, rejected, notes, the order set.
///
/// Bounded whatever was sent: the same order given several times is one
/// entry with a count (`` `K z9 - z8` (×40): there is no square z9 ``), at
/// most 10 rejection lines (and 20 accepted orders) are listed with a count
/// of the rest, and an order or a reason (which may quote the order) is cut
/// short if long.
pub(crate) fn submission_text(power: &str, sub: &Submission, readback: &str) -> String {
    const REJECTED_LINES: usize = 10;
    const ACCEPTED_ITEMS: usize = 20;
    const ORDER_CHARS: usize = 60;
    const REASON_CHARS: usize = 200;
    /// `s`, cut to at most `max` characters with an ellipsis.
    fn cut(s: &str, max: usize) -> String {
        if s.chars().count() <= max {
            return s.to_string();
        }
        s.chars().take(max - 1).chain(['\u{2026}']).collect()
    }
    /// Equal items counted, in the order they first appear.
    fn grouped<T: Eq + std::hash::Hash + Copy>(items: impl Iterator<Item = T>) -> Vec<(T, usize)> {
        let mut out: Vec<(T, usize)> = Vec::new();
        let mut index: std::collections::HashMap<T, usize> = std::collections::HashMap::new();
        for item in items {
            match index.get(&item) {
                Some(&i) => out[i].1 += 1,
                None => {
                    index.insert(item, out.len());
                    out.push((item, 1));
                }
            }
        }
        out
    }
    let times = |n: usize| if n > 1 { format!(" (\u{d7}{n})") } else { String::new() };
    let mut text = String::new();
    if !sub.accepted.is_empty() {
        let groups = grouped(sub.accepted.iter().map(String::as_str));
        let mut list: Vec<String> =
            groups.iter().take(ACCEPTED_ITEMS).map(|(t, n)| format!("{}{}", cut(t, ORDER_CHARS), times(*n))).collect();
        let more: usize = groups.iter().skip(ACCEPTED_ITEMS).map(|(_, n)| n).sum();
        if more > 0 {
            list.push(format!("\u{2026}and {}", count(more, "more order")));
        }
        text += &format!("Accepted for {power}: {}\n", list.join(", "));
    }
    if !sub.rejected.is_empty() {
        let groups = grouped(sub.rejected.iter().map(|(t, why)| (t.as_str(), why.as_str())));
        text += "Rejected:\n";
        for ((t, why), n) in groups.iter().take(REJECTED_LINES) {
            text += &format!("  `{}`{}: {}\n", cut(t, ORDER_CHARS), times(*n), cut(why, REASON_CHARS));
        }
        let more: usize = groups.iter().skip(REJECTED_LINES).map(|(_, n)| n).sum();
        if more > 0 {
            text += &format!("  \u{2026}and {}\n", count(more, "more rejected order"));
        }
    }
    for n in &sub.notes {
        text += &format!("Note: {n}\n");
    }
    text + readback
}

/// Withdraws `power`'s ready mark, if it had one: whether it had.
pub(crate) fn unready(c: &rusqlite::Connection, game: i64, seq: i64, power: &str) -> Result<bool, GameError> {
    let was = store::ready_powers(c, game, seq)?.iter().any(|p| p == power);
    if was {
        store::set_ready(c, game, seq, power, false)?;
    }
    Ok(was)
}

/// What a player is told when a change of orders withdrew their ready mark.
pub(crate) fn unready_note(power: &str, what: &str) -> String {
    format!("{power} was marked ready; {what} withdrew that mark, so the phase will not end early for {power}: send `ready` again when these are final.")
}

/// The most bytes one submission of plain orders may have (as a reveal).
pub const MAX_ORDERS: usize = crate::hashed::seal::MAX_REVEAL;

impl Service {
    /// The channel's game if it is running (for reading the caller's own
    /// orders): a forming or ended game says so (to a seated caller, with
    /// the power they play).
    pub(crate) fn running(&self, c: &rusqlite::Connection, channel: &str, caller: &Caller) -> Result<Live, GameError> {
        let live = self.latest(c, channel)?;
        Self::refuse_seated_if_forming(c, &live, caller)?;
        live.state.started()?;
        Ok(live)
    }

    /// Checks that the caller owes orders (plain, or a hashed game's
    /// commitment or reveal) in the open phase, whose stage the lifecycle
    /// already checked, and returns their power, the phase and its position.
    pub(crate) fn ordering(
        c: &rusqlite::Connection,
        live: &Live,
        caller: &Caller,
    ) -> Result<(String, PhaseRow, crate::Position), GameError> {
        let name = Self::playing(c, live, caller)?;
        let (row, position) = Self::current_phase(c, live)?;
        lifecycle::owes(&position.phase(), &name, live.settings.hashed)?;
        Ok((name, row, position))
    }

    /// The seated, non-conceded powers that owe something in `phase`: the
    /// ones whose action early resolution waits for.
    pub(crate) fn acting(c: &rusqlite::Connection, game: i64, phase: &PhaseInfo) -> Result<Vec<String>, GameError> {
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
    /// nobody is there to act, nor when only bots are (bots alone would
    /// play phase after phase at once: the deadline paces them).
    pub(crate) fn stage_complete(
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
        let bots = store::bot_powers(c, game)?;
        if acting.iter().all(|p| bots.contains(p)) {
            return Ok(false);
        }
        let ready = store::ready_powers(c, game, row.seq)?;
        Ok(match row.stage {
            Stage::Orders => !acting.is_empty() && acting.iter().all(|p| ready.contains(p)),
            Stage::Commit => {
                let committed = store::commitments(c, game, row.seq)?;
                !acting.is_empty()
                    && acting.iter().all(|p| ready.contains(p) && committed.iter().any(|m| &m.power == p))
            }
            Stage::Reveal => {
                let committed = store::commitments(c, game, row.seq)?;
                committed.iter().any(|m| !store::is_bot(&m.user))
                    && crate::hashed::unrevealed::unrevealed(c, game, row.seq)?.is_empty()
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
        if text.len() > MAX_ORDERS {
            return Err(GameError::Invalid(format!(
                "that text has {} bytes; orders are at most {MAX_ORDERS} bytes (16 KB) at a time: send them in parts, or check you sent the right text",
                text.len()
            )));
        }
        let (reply, resolve) = self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::Orders, caller)?;
            let (name, row, position) = Self::ordering(c, &live, caller)?;
            let old = store::orders(c, live.game.id, row.seq, Some(&name))?;
            let mut sub = position.submit(&name, &slots(&old), text);
            crate::orders::chars::explain_submission(text, &mut sub);
            let mut unreadied = false;
            if !sub.accepted.is_empty() {
                store_orders(c, (live.game.id, row.seq), &name, &old, &sub.orders, &caller.user, now)?;
                // Orders that change nothing keep the ready mark.
                let same = |a: &[SlotOrder], b: &[SlotOrder]| {
                    let key = |v: &[SlotOrder]| {
                        let mut k: Vec<(String, String)> = v.iter().map(|o| (o.slot.clone(), o.text.clone())).collect();
                        k.sort();
                        k
                    };
                    key(a) == key(b)
                };
                if !same(&slots(&old), &sub.orders) {
                    unreadied = unready(c, live.game.id, row.seq, &name)?;
                }
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
            let mut text = submission_text(&name, &sub, &readback);
            if unreadied && !resolve {
                text += &format!("\n{}", unready_note(&name, "new orders"));
            }
            Ok::<_, GameError>((crate::Reply::private(text), resolve.then_some((live.game.id, row.seq))))
        })?;
        let mut out = vec![reply];
        if let Some((game, seq)) = resolve {
            let done = self.resolve(game, seq, "the move was made");
            out.extend(crate::phase::resolve::set_off("Your move", "resolving the phase", done));
        }
        Ok(out)
    }

    /// The caller's orders for the current phase, and the pieces without one.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn show_orders(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.running(c, channel, caller)?;
            let name = Self::power_of(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            let ready = store::ready_powers(c, live.game.id, row.seq)?.contains(&name);
            let rows = store::orders(c, live.game.id, row.seq, Some(&name))?;
            let phase = position.phase();
            // A power with nothing to order (a Winter without adjustments) is told so, as an order would be.
            if !phase.owing.contains(&name) && !phase.resolve_on_submit {
                let mut t = format!(
                    "{}.",
                    GameError::from(lifecycle::Refusal::NothingToOrder { power: &name, phase: &phase.name })
                );
                if store::concessions(c, live.game.id)?.contains(&name) {
                    t += &format!("\n{name} has conceded: it is in civil disorder.");
                }
                return Ok(Reply::private(t));
            }
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
            let live = self.game_for_player(c, channel, Command::Orders, caller)?;
            let (name, row, _) = Self::ordering(c, &live, caller)?;
            let n = store::delete_orders(c, live.game.id, row.seq, &name, None)?;
            let mut text = format!("Cleared {} for {name}.", count(n, "order"));
            if unready(c, live.game.id, row.seq, &name)? {
                text += &format!(" {}", unready_note(&name, "clearing orders"));
            }
            Ok(Reply::private(text))
        })
    }

    /// Marks the caller's power ready (or not). With early resolution on,
    /// the stage ends once every seated power that owes something in it has
    /// acted (`Service::stage_complete`).
    ///
    /// # Errors
    /// No game, not a player, nothing to be ready for in this stage.
    pub fn ready(&self, channel: &str, caller: &Caller, ready: bool) -> Result<Vec<Reply>, GameError> {
        let (done, text) = self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::Ready, caller)?;
            let name = Self::playing(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            let phase = position.phase();
            lifecycle::may_mark_ready(&phase, row.stage, &name)?;
            let was = store::ready_powers(c, live.game.id, row.seq)?.contains(&name);
            store::set_ready(c, live.game.id, row.seq, &name, ready)?;
            let done = ready && Self::stage_complete(c, &live, &row, &phase)?;
            let text = match (ready, was, live.settings.cycle.is_calendar()) {
                (true, _, true) => {
                    "Marked ready. This game follows its calendar: the window closes at its time, whoever is ready."
                        .to_string()
                }
                (true, false, false) => {
                    // Ready without orders is a choice to hold, not an absence: say what it does.
                    let sent = crate::seats::absence::sent_orders(c, live.game.id, row.seq, live.settings.hashed)?;
                    if !sent.contains(&name) {
                        let what = if live.settings.hashed { "a commitment" } else { "orders" };
                        format!(
                            "Marked ready without {what}: {}, unless you send {} before the phase resolves.",
                            crate::seats::absence::consequence(&live.kind, &position, &name),
                            if live.settings.hashed { "one" } else { "some" }
                        )
                    } else {
                        "Marked ready.".to_string()
                    }
                }
                (true, true, false) => format!("{name} was already marked ready."),
                (false, true, _) => format!("No longer ready: {name}'s ready mark is withdrawn."),
                (false, false, _) => {
                    format!("{name} was not marked ready, so there is no ready mark to withdraw: nothing changed.")
                }
            };
            Ok::<_, GameError>((done.then_some((live.game.id, row.seq, row.stage)), text))
        })?;
        let mut out = vec![Reply::private(text)];
        if let Some((game, seq, stage)) = done {
            out.extend(if stage == Stage::Commit {
                let done = self.open_reveals(game, seq, "every power committed and is ready");
                crate::phase::resolve::set_off("Your ready mark", "closing the commit window", done)
            } else {
                let done = self.resolve(game, seq, "every power is ready");
                crate::phase::resolve::set_off("Your ready mark", "resolving the phase", done)
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
            let live = self.running(c, channel, caller)?;
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
            // A deliberate pass neither succeeds nor fails.
            let pass = o.order == "pass" || o.order.ends_with(". pass");
            let mark = match (pass, o.succeeded) {
                (true, _) => "\u{2013}",
                (false, true) => "\u{2713}",
                (false, false) => "\u{2717}",
            };
            text += &format!("\n  {mark} {}: {}", o.order, o.reason);
        }
        let mut reply = Reply::private(text);
        reply.images.push(Image::new("preview", &position, Some(&r.report), &live.settings, "preview"));
        Ok(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submission(accepted: &[&str], rejected: &[(&str, &str)]) -> Submission {
        Submission {
            accepted: accepted.iter().map(ToString::to_string).collect(),
            rejected: rejected.iter().map(|(t, w)| (t.to_string(), w.to_string())).collect(),
            ..Submission::default()
        }
    }

    #[test]
    fn identical_rejections_are_one_line_with_a_count() {
        let mut rejected = vec![("K z9 - z8", "there is no square z9"); 40];
        rejected.insert(3, ("N b1 - e5", "a knight on b1 cannot reach e5"));
        let text = submission_text("France", &submission(&["K c1 - c2"], &rejected), "(read-back)");
        assert_eq!(
            text,
            "Accepted for France: K c1 - c2\nRejected:\n  `K z9 - z8` (\u{d7}40): there is no square z9\n  `N b1 - e5`: a knight on b1 cannot reach e5\n(read-back)"
        );
    }

    #[test]
    fn the_same_order_for_another_reason_is_another_line() {
        let rejected =
            [("K e1 - e2", "the phase is over"), ("K e1 - e2", "no piece on e1"), ("K e1 - e2", "no piece on e1")];
        let text = submission_text("France", &submission(&[], &rejected), "");
        assert_eq!(text, "Rejected:\n  `K e1 - e2`: the phase is over\n  `K e1 - e2` (\u{d7}2): no piece on e1\n");
    }

    #[test]
    fn at_most_ten_rejection_lines_then_a_count_of_the_rest() {
        let orders: Vec<String> = (0..25).map(|i| format!("K z{i} - z8")).collect();
        let mut rejected: Vec<(&str, &str)> = orders.iter().map(|o| (o.as_str(), "there is no such square")).collect();
        rejected.extend([(orders[24].as_str(), "there is no such square"); 5]);
        let text = submission_text("France", &submission(&[], &rejected), "");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12, "{text}");
        assert_eq!(lines[1], "  `K z0 - z8`: there is no such square");
        assert_eq!(lines[10], "  `K z9 - z8`: there is no such square");
        // 15 distinct orders left, the last of them given 6 times.
        assert_eq!(lines[11], "  \u{2026}and 20 more rejected orders");
        let one = submission_text("France", &submission(&[], &rejected[..11]), "");
        assert!(one.ends_with("  \u{2026}and 1 more rejected order\n"), "{one}");
    }

    #[test]
    fn long_orders_and_reasons_are_cut_and_accepted_duplicates_counted() {
        let long = format!("Q {} - e4", "x".repeat(5000));
        let why = format!("`{}` is not a square", "x".repeat(5000));
        let accepted: Vec<&str> = std::iter::repeat_n("K c1 - c2", 30).chain(["N b1 - c3"]).collect();
        let text = submission_text("France", &submission(&accepted, &[(long.as_str(), why.as_str())]), "");
        assert!(text.len() < 400, "{} bytes: {text}", text.len());
        assert!(text.starts_with("Accepted for France: K c1 - c2 (\u{d7}30), N b1 - c3\n"), "{text}");
        assert!(text.contains("`Q xxx") && text.contains("\u{2026}`: `xxx"), "{text}");
        let many: Vec<String> = (0..50).map(|i| format!("K c{i} - c2")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let text = submission_text("France", &submission(&many, &[]), "");
        assert!(text.contains(", K c19 - c2, \u{2026}and 30 more orders\n"), "{text}");
    }
}
