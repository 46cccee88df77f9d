//! Absence's effects: a grace extension at a deadline, civil disorder and
//! reliability rows at a resolution, and unseating a player who has left
//! their power in civil disorder for `cd-after` phases in a row. What is
//! decided (who is late, who is graced, who is unseated) is decided in
//! the lifecycle (`lifecycle/absence.rs`); this file reads the store, writes the
//! rows and says it in the channel, in the caller's transaction.

use rusqlite::Connection;

use crate::lifecycle::{self, GameStatus, Grace, Late, Owing, Stage};
use crate::store::{self, GameRow, RecordKind, Seat, SeatEvent, SeatEventKind};
use crate::{
    decode, kind_of, settings_of, Caller, Game, GameError, Live, Position, Reply, Service, Settings, Takeover,
};
use chessdip_rules::family::PhaseKind;

/// A power that owes orders in a phase, as absence sees it.
struct Due {
    power: String,
    /// Its seat (`None`: vacant).
    seat: Option<Seat>,
    /// Whether its player acted: sent orders (hashed: a commitment that
    /// counts), or marked ready without any, choosing to hold. Either way
    /// the power is not absent: no grace, no civil disorder.
    sent: bool,
    /// Whether it was marked ready without orders (part of `sent`).
    ready_only: bool,
}

/// The powers that sent orders in phase `seq` of `game` (in a hashed game:
/// a commitment, which is what counts until the reveal).
pub(crate) fn sent_orders(c: &Connection, game: i64, seq: i64, hashed: bool) -> Result<Vec<String>, GameError> {
    Ok(if hashed {
        store::commitments(c, game, seq)?.into_iter().map(|m| m.power).collect()
    } else {
        store::orders(c, game, seq, None)?.into_iter().map(|o| o.power).collect()
    })
}

/// The powers owing orders in phase `seq` (conceded ones left out), with
/// their seats and whether their players acted (orders, or a ready mark).
fn due(c: &Connection, g: &GameRow, seq: i64, settings: &Settings, position: &Position) -> Result<Vec<Due>, GameError> {
    let seats = store::seats(c, g.id)?;
    let conceded = store::concessions(c, g.id)?;
    let sent = sent_orders(c, g.id, seq, settings.hashed)?;
    let ready = store::ready_powers(c, g.id, seq)?;
    Ok(position
        .phase()
        .owing
        .into_iter()
        .filter(|p| !conceded.contains(p))
        .map(|power| {
            let seat = seats.iter().find(|s| s.power == power).cloned();
            // Only a seated player marks ready (a mark outlives no unseating).
            let ready_only = seat.is_some() && !sent.contains(&power) && ready.contains(&power);
            Due { seat, sent: sent.contains(&power) || ready_only, ready_only, power }
        })
        .collect())
}

/// What `power` does without orders (in civil disorder, or marked ready
/// without any), in `kind`'s rules and `position`'s phase: in a Winter, a
/// power owed builds builds nothing, one that must disband disbands as the
/// rules say, and its pawns on the last rank become knights.
pub(crate) fn consequence(kind: &Game, position: &Position, power: &str) -> String {
    match (kind, position) {
        (Game::ChessDip(_), Position::ChessDip { variant: v, state: s })
            if position.phase().kind == PhaseKind::Adjustment =>
        {
            v.power_by_name(power)
                .map_or_else(|| "no builds".to_string(), |p| chessdip_rules::chess_dip::winter::without_orders(v, s, p))
        }
        (Game::ChessDip(_), _) => "every piece holds".into(),
        (Game::DiplomacyChess(_) | Game::DiplomatChess(_), _) => "no move".into(),
        (Game::ChessWheel(_), _) => "its message missing".into(),
    }
}

/// The grace announcement: who is late, pinged, and the grace each has
/// left; `sent` names what counts as orders (`orders`, `commitment`).
fn grace_text(phase: &str, sent: &str, late: &[Late], until: i64) -> String {
    let who: Vec<String> = late
        .iter()
        .map(|l| {
            let left = match (l.graced, l.left) {
                (true, 0) => "grace used, none left".to_string(),
                (true, n) => format!("grace used, {n} left"),
                (false, _) => "no grace left: civil disorder if nothing comes".to_string(),
            };
            format!("{} (<@{}>, {left})", l.power, l.user)
        })
        .collect();
    format!(
        "**Grace:** the deadline of {phase} passed with no {sent} from {}. The phase is extended once for everyone: due <t:{until}:R>",
        chessdip_rules::words::join_and(&who)
    )
}

/// The summary with each power in civil disorder said on its own line:
/// a line that only said the power made no move (`White: no move`) becomes
/// that line, the others are added after the summary.
fn with_disorder_lines(summary: &str, lines: &[(String, String)]) -> String {
    let mut out: Vec<String> = summary.lines().map(str::to_string).collect();
    for (power, line) in lines {
        match out.iter_mut().find(|l| l.trim() == format!("{power}: no move")) {
            Some(l) => line.clone_into(l),
            None => out.push(line.clone()),
        }
    }
    out.join("\n")
}

/// What absence did at a resolution.
#[derive(Debug, Default)]
pub(crate) struct AtResolution {
    /// The summary, with the civil disorder lines.
    pub summary: String,
    /// The unseating announcements, to follow the result (not yet announced).
    pub unseated: Vec<Reply>,
}

impl Service {
    /// At the deadline of `stage` of phase `seq` of game `game`: extends the
    /// stage for everyone if a late power's player has grace left, writing
    /// the grace spent and telling the channel (pinging the late players).
    /// `None` when the deadline ends the stage as it would have.
    pub(crate) fn grace(&self, game: i64, seq: i64, stage: Stage) -> Result<Option<Vec<Reply>>, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let Some(g) = store::game(c, game)? else { return Ok(None) };
            let Some(row) = store::phase(c, game, seq)? else { return Ok(None) };
            let settings = settings_of(&g);
            if !lifecycle::graceable(&settings, stage) {
                return Ok(None);
            }
            // Only a running game's current stage whose deadline has passed (someone else may have moved it).
            let Some(deadline) = row.deadline.filter(|d| *d <= now) else { return Ok(None) };
            if !row.open || row.stage != stage || g.phase_seq != seq || g.status != GameStatus::Active {
                return Ok(None);
            }
            let kind = kind_of(&g, &settings)?;
            let position = decode(&kind, &row)?;
            let mut owing = Vec::new();
            for d in due(c, &g, seq, &settings, &position)? {
                // A bot is never late for want of time: it has no grace and is pinged by nobody.
                let Some(seat) = d.seat.filter(|s| !store::is_bot(&s.user)) else { continue };
                let left = settings.grace.saturating_sub(store::grace_spent(c, game, &seat.user)?);
                owing.push(Owing { power: d.power, user: seat.user, sent: d.sent, grace_left: left });
            }
            let once = store::phase_graced(c, game, seq)?;
            let Grace::Extend { until, late } = lifecycle::at_deadline(&settings, (stage, once), deadline, &owing)
            else {
                return Ok(None);
            };
            // However far the deadline was overdue, the late players get the grace's length from now.
            let until = until.max(settings.deadline_after(now, settings.grace_secs));
            store::set_deadline(c, game, seq, Some(until), None)?;
            for l in late.iter().filter(|l| l.graced) {
                store::add_grace_used(c, game, seq, (&l.power, &l.user), deadline, until)?;
            }
            let sent = if settings.hashed { "commitment" } else { "orders" };
            let text = format!("{}{}.", grace_text(&row.name, sent, &late, until), settings.local_suffix(until));
            let mut reply = Reply::public(text).due(Some(until));
            reply.mentions = late.iter().map(|l| l.user.clone()).collect();
            Ok(Some(vec![self.announced(c, &g, reply)?]))
        })
    }

    /// A moderator forces `stage` of phase `seq` of game `game` (in the
    /// force's transaction, before it acts): if that closes the window that
    /// takes orders before the phase's own deadline, it is recorded, so
    /// that the resolution (now, or after a hashed game's reveal window)
    /// counts nobody absent for lack of orders.
    pub(crate) fn force_noted(&self, c: &Connection, game: i64, seq: i64, stage: Stage) -> Result<(), GameError> {
        let now = self.now();
        let Some(g) = store::game(c, game)? else { return Ok(()) };
        let Some(row) = store::phase(c, game, seq)? else { return Ok(()) };
        if !row.open || row.stage != stage || g.phase_seq != seq || g.status != GameStatus::Active {
            return Ok(());
        }
        // The phase's own deadline: the one its grace extended, if it was graced.
        let deadline = store::graced_from(c, game, seq)?.or(row.deadline);
        if lifecycle::forced_early(&settings_of(&g), stage, now, deadline) {
            store::add_early_force(c, game, seq, now, deadline.unwrap_or(now))?;
        }
        Ok(())
    }

    /// At the resolution of phase `seq` (in its transaction): each power
    /// that owed orders and sent none is in civil disorder (a row, and a
    /// line of the result), each seated player gets a reliability row for
    /// the phase, and a player in civil disorder `cd-after` phases in a row
    /// is unseated, their power opened for takeover (unless the resolution
    /// ended the game: `over`; never a board of its own, as in Chess
    /// Wheel+, which nobody else could take over). In a phase a moderator
    /// forced before its deadline, a seated power without orders holds as
    /// the rules say, and its line says so: it was not given its time, so
    /// it is neither in civil disorder nor owed a phase in the record.
    pub(crate) fn absence_at_resolution(
        &self,
        c: &Connection,
        g: &GameRow,
        (seq, over): (i64, bool),
        position: &Position,
        summary: &str,
    ) -> Result<AtResolution, GameError> {
        let now = self.now();
        let settings = settings_of(g);
        let kind = kind_of(g, &settings)?;
        let mut lines = Vec::new();
        let mut unseated = Vec::new();
        // Forced before its deadline: a seated power without orders did not have its time.
        let early = store::forced_early(c, g.id, seq)?;
        for d in due(c, g, seq, &settings, position)? {
            let user = d.seat.as_ref().map(|s| s.user.as_str());
            if let (Some(_), false, true) = (user, d.sent, early) {
                let what = consequence(&kind, position, &d.power);
                lines.push((
                    d.power.clone(),
                    format!("{} sent no orders (forced before the deadline): {what}.", d.power),
                ));
                continue;
            }
            if let Some(user) = user {
                let record = match (d.sent, store::graced(c, g.id, seq, &d.power)?) {
                    (false, _) => RecordKind::CivilDisorder,
                    (true, true) => RecordKind::AfterGrace,
                    (true, false) => RecordKind::InTime,
                };
                store::record(c, &g.guild, user, g.id, seq, record, &d.power, now)?;
            }
            if d.ready_only {
                let what = consequence(&kind, position, &d.power);
                lines.push((d.power.clone(), format!("{} marked ready without orders: {what}.", d.power)));
            }
            if d.sent {
                continue;
            }
            store::add_civil_disorder(c, g.id, seq, &d.power, user, now)?;
            let who = if user.is_some() { "sent no orders" } else { "is vacant" };
            let what = consequence(&kind, position, &d.power);
            lines.push((d.power.clone(), format!("{} {who}: civil disorder, {what}.", d.power)));
            // A board per player (Chess Wheel+) is the player's own: nobody else could take it over.
            let seats_open_to_others = matches!(kind.seats(), chessdip_rules::family::Seats::Fixed(_));
            let person = d.seat.as_ref().filter(|s| !store::is_bot(&s.user));
            if let (Some(seat), Some(_), false, true) = (person, settings.cd_after, over, seats_open_to_others) {
                let streak = store::disorder_streak(c, &g.guild, g.id, &d.power, &seat.user)?;
                if lifecycle::unseats(&settings, streak) {
                    unseated.push(self.unseat_in(c, g, seq, seat, streak, &settings)?);
                }
            }
        }
        Ok(AtResolution { summary: with_disorder_lines(summary, &lines), unseated })
    }

    /// Unseats `seat`'s player after `streak` phases in civil disorder: the
    /// seat is cleared, the event and the reliability row written; returns
    /// what tells the channel the power is open for takeover (the caller
    /// announces it).
    fn unseat_in(
        &self,
        c: &Connection,
        g: &GameRow,
        seq: i64,
        seat: &Seat,
        streak: u32,
        settings: &Settings,
    ) -> Result<Reply, GameError> {
        let now = self.now();
        store::unseat(c, g.id, &seat.user)?;
        lifecycle::clear_seat(c, g, &seat.power, "the player was unseated")?;
        let event = SeatEvent {
            power: seat.power.clone(),
            user: seat.user.clone(),
            name: seat.name.clone(),
            kind: SeatEventKind::Unseated,
            seq: Some(seq),
            at: now,
        };
        store::add_seat_event(c, g.id, &event)?;
        // Recorded with the phase that unseated them: a rollback of that phase takes it back.
        store::record(c, &g.guild, &seat.user, g.id, seq, RecordKind::Unseated, &seat.power, now)?;
        let how = match settings.takeover {
            Takeover::Open => format!("`join {}`", seat.power),
            Takeover::Moderator => {
                format!("`join {}` asks the moderators, who grant it with `game assign`", seat.power)
            }
        };
        let text = match self.vacated(c, g, &seat.power)? {
            Some(bot) => format!(
                "{} is unseated from {} after {} in civil disorder. {bot}",
                crate::names::shown(&seat.name),
                seat.power,
                chessdip_rules::words::count(streak as usize, "phase"),
            ),
            None => format!(
                "{} is unseated from {} after {} in civil disorder: {} is open for takeover — {how}.",
                crate::names::shown(&seat.name),
                seat.power,
                chessdip_rules::words::count(streak as usize, "phase"),
                seat.power
            ),
        };
        // Announced with the result, after it.
        Ok(Reply::public(text))
    }
}

/// What the game's announcement says of late and absent players: their
/// grace, and after how many phases in civil disorder a player is unseated
/// (empty when neither applies). `turn_based`: a turn-based game, where an
/// absence ends in a forfeit (its `forfeit-after` is shown with the
/// options) rather than an unseating; `own_boards`: Chess Wheel+, whose
/// boards are their players' own and never change hands.
pub(crate) fn absence_rule(settings: &Settings, turn_based: bool, own_boards: bool) -> String {
    let mut out = String::new();
    if settings.grace > 0 && !settings.cycle.is_calendar() {
        let times = match settings.grace {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        out += &format!(
            " Grace: a player late at a deadline extends it by {} for everyone, {times} per player in this game.",
            crate::format_duration(settings.grace_secs)
        );
    }
    if let (Some(n), false, false) = (settings.cd_after, turn_based, own_boards) {
        let how_long = if n == 1 { "a phase".to_string() } else { format!("{n} phases in a row") };
        let who = match settings.takeover {
            Takeover::Open => "anyone may `join` it",
            Takeover::Moderator => "a moderator assigns it",
        };
        let bot = if settings.vacant == crate::Vacant::Bot { ", a bot playing it until then" } else { "" };
        out += &format!(
            " A player in civil disorder for {how_long} is unseated and the power opened for takeover ({who}{bot})."
        );
    }
    out
}

/// The powers of game `game` that forfeited: a forfeit is recorded as a
/// concession, so these are the conceded powers whose missed turns in a
/// row reached the game's `forfeit-after`.
///
/// # Errors
/// Database errors.
pub(crate) fn forfeits(c: &Connection, game: i64, settings: &Settings) -> Result<Vec<String>, GameError> {
    let limit = i64::from(settings.forfeit_after);
    let mut out = Vec::new();
    for p in store::concessions(c, game)? {
        if limit > 0 && store::missed_turns(c, game, &p)? >= limit {
            out.push(p);
        }
    }
    Ok(out)
}

/// How `game status` shows a power nobody holds: in a running game, open
/// for takeover (`open` false: conceded or forfeited, or no phase running).
pub(crate) fn vacant_label(power: &str, open: bool, takeover: Takeover) -> String {
    match (open, takeover) {
        (false, _) => "vacant, in civil disorder".to_string(),
        (true, Takeover::Open) => format!("open for takeover: `join {power}`; in civil disorder until then"),
        (true, Takeover::Moderator) => {
            format!("open for takeover: `join {power}` asks the moderators; in civil disorder until then")
        }
    }
}

impl Service {
    /// `join` of the vacant `power` of a started game: in a game where a
    /// moderator approves takeovers (and the caller is not one), the request
    /// is recorded and the moderators told in the channel, and the reply is
    /// returned instead of seating the caller. `None`: seat them.
    ///
    /// # Errors
    /// The caller already asked for this power; database errors.
    pub(crate) fn takeover_asked(
        &self,
        c: &Connection,
        live: &Live,
        caller: &Caller,
        power: &str,
    ) -> Result<Option<Reply>, GameError> {
        if live.settings.takeover != Takeover::Moderator || Self::is_moderator(&live.game, caller) {
            return Ok(None);
        }
        let events = store::seat_events(c, live.game.id)?;
        // Asked already, since the power last changed hands.
        let asked = events
            .iter()
            .rev()
            .filter(|e| e.power == power)
            .take_while(|e| e.kind == SeatEventKind::Asked)
            .any(|e| e.user == caller.user);
        if asked {
            return Err(GameError::State(format!(
                "you have already asked to take over {power}: a moderator grants it with `game assign {} {power}`",
                caller.user
            )));
        }
        let event = SeatEvent {
            power: power.to_string(),
            user: caller.user.clone(),
            name: caller.name.clone(),
            kind: SeatEventKind::Asked,
            seq: Some(live.game.phase_seq),
            at: self.now(),
        };
        store::add_seat_event(c, live.game.id, &event)?;
        let text = format!(
            "{} asks to take over {power}. In this game a moderator approves takeovers: `game assign {} {power}` grants it.",
            crate::names::shown(&caller.name),
            caller.user
        );
        let mut reply = Reply::public(text);
        reply.mentions = vec![live.game.created_by.clone()];
        Ok(Some(self.announced(c, &live.game, reply)?))
    }

    /// Records that `user` (shown as `name`) took over the vacant `power`
    /// of a started game (by `join`, or granted by `game assign`).
    ///
    /// # Errors
    /// Database errors.
    pub(crate) fn took_over(
        &self,
        c: &Connection,
        game: &GameRow,
        (user, name): (&str, &str),
        power: &str,
    ) -> Result<(), GameError> {
        let event = SeatEvent {
            power: power.to_string(),
            user: user.to_string(),
            name: name.to_string(),
            kind: SeatEventKind::TookOver,
            seq: Some(game.phase_seq),
            at: self.now(),
        };
        Ok(store::add_seat_event(c, game.id, &event)?)
    }
}

/// The export's `absence` object: every grace extension, civil disorder,
/// window forced before its deadline and seat event of `game`, oldest first, with its time and phase
/// (`phase_name` names a phase by its number).
pub(crate) fn export_json(
    c: &Connection,
    game: i64,
    phase_name: impl Fn(Option<i64>) -> Result<Option<String>, GameError>,
) -> Result<serde_json::Value, GameError> {
    use serde_json::json;
    let mut grace = Vec::new();
    for g in store::grace_history(c, game)? {
        grace.push(
            json!({"phase": phase_name(Some(g.seq))?, "power": g.power, "user": g.user, "at": g.at, "until": g.until}),
        );
    }
    let mut disorder = Vec::new();
    for d in store::disorder_history(c, game)? {
        let missed = (d.n > 0).then_some(d.n);
        disorder.push(
            json!({"phase": phase_name(Some(d.seq))?, "power": d.power, "user": d.user, "at": d.at, "missed_turn": missed}),
        );
    }
    let mut forced = Vec::new();
    for (seq, at, deadline) in store::early_forces(c, game)? {
        forced.push(json!({"phase": phase_name(Some(seq))?, "at": at, "deadline": deadline}));
    }
    let mut seats = Vec::new();
    for e in store::seat_events(c, game)? {
        seats.push(json!({"phase": phase_name(e.seq)?, "power": e.power, "user": e.user, "event": e.kind.as_str(), "at": e.at}));
    }
    Ok(json!({"grace": grace, "civil_disorder": disorder, "forced_early": forced, "seats": seats}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_no_move_line_becomes_the_civil_disorder_line_and_others_are_added() {
        let lines = vec![
            ("White".to_string(), "White sent no orders: civil disorder, no move.".to_string()),
            ("England".to_string(), "England sent no orders: civil disorder, every piece holds.".to_string()),
        ];
        let s = with_disorder_lines("White: no move\nBlack:\n  e4\nTaken: x", &lines);
        assert_eq!(
            s,
            "White sent no orders: civil disorder, no move.\nBlack:\n  e4\nTaken: x\nEngland sent no orders: civil disorder, every piece holds."
        );
        assert_eq!(with_disorder_lines("France:\n  ok", &[]), "France:\n  ok");
    }

    #[test]
    fn the_grace_text_names_each_late_power_and_its_grace() {
        let late = [
            Late { power: "England".into(), user: "1".into(), graced: true, left: 0 },
            Late { power: "France".into(), user: "2".into(), graced: false, left: 0 },
        ];
        let t = grace_text("Spring 1901", "orders", &late, 86_500);
        assert!(t.contains("England (<@1>, grace used, none left)"), "{t}");
        assert!(t.contains("France (<@2>, no grace left: civil disorder if nothing comes)"), "{t}");
        assert!(t.contains("no orders from") && t.contains("extended once for everyone: due <t:86500:R>"), "{t}");
        assert!(!t.ends_with('.'), "the caller ends the sentence after the local time: {t}");
    }
}
