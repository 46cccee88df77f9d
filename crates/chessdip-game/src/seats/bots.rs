//! Seats for the computer players: `game bot add|remove <power>`, the
//! bots `game create ... bots=` seats, a bot in a power that becomes vacant
//! (`vacant=bot`), and a person taking a bot's power, who plays it from the
//! next phase. A bot's seat is a seat like a person's: a `players` row
//! whose user is `bot:<power>` ([`store::bot_user`]), shown as `Italy (bot)`.
//! How a bot plays its turns is in `crate::bots`.

use rusqlite::Connection;

use crate::lifecycle::{Command, Joining};
use crate::store::{self, GameRow, Seat};
use crate::{names, settings_of, Caller, GameError, Live, Reply, Service, Settings, Vacant};
use chessdip_rules::any::Game;
use chessdip_rules::family::{find_name, Seats};

/// How a seat reads in a text: `Italy (bot)` for a bot, the player's name otherwise.
#[must_use]
pub fn holder(seat: &Seat) -> String {
    if store::is_bot(&seat.user) {
        format!("{} (bot)", seat.power)
    } else {
        names::shown(&seat.name)
    }
}

/// `power` as a text names it when `caller` acts for it: `Italy (bot)` for a bot.
#[must_use]
pub fn power_of_caller(power: &str, caller: &Caller) -> String {
    if store::is_bot(&caller.user) {
        format!("{power} (bot)")
    } else {
        power.to_string()
    }
}

/// `summary` (a resolution's, or a message's lines) with each power in
/// `bots` named as a bot where a line names it first: `Italy:` becomes
/// `Italy (bot):`, `  Italy: revealed ...` becomes `  Italy (bot): revealed ...`.
#[must_use]
pub fn bots_named(summary: &str, bots: &[String]) -> String {
    if bots.is_empty() {
        return summary.to_string();
    }
    let lines: Vec<String> = summary
        .lines()
        .map(|line| {
            let body = line.trim_start();
            let indent = &line[..line.len() - body.len()];
            match bots.iter().find(|b| body.strip_prefix(b.as_str()).is_some_and(|rest| rest.starts_with(':'))) {
                Some(b) => format!("{indent}{b} (bot){}", &body[b.len()..]),
                None => line.to_string(),
            }
        })
        .collect();
    lines.join("\n")
}

/// The powers `game create ... bots=` seats bots in, in order, or why not:
/// a number of free powers (the first ones; in Chess Wheel+ boards named
/// `bot1`, `bot2`...), or the powers named; always leaving a seat for a
/// person, who starts the game with them.
///
/// # Errors
/// An unknown or repeated power, or more bots than leave a seat for a person.
pub(crate) fn at_creation(kind: &Game, settings: &Settings) -> Result<Vec<String>, GameError> {
    let word = match &settings.bots {
        crate::BotSeats::None | crate::BotSeats::Count(0) => return Ok(Vec::new()),
        crate::BotSeats::Count(n) => format!("bots={n}"),
        crate::BotSeats::Powers(p) => format!("bots={}", p.join(",")),
    };
    let (all, most) = match kind.seats() {
        Seats::Fixed(all) => {
            let n = all.len();
            (Some(all), n)
        }
        Seats::Open { max, .. } => (None, max),
    };
    let room = most.saturating_sub(1);
    let refusal = format!(
        "`{word}`: {} has {most} {}, and a person must have one to play and start the game, so `bots=` seats 1 to {room}{}",
        kind.name(),
        if all.is_some() { "powers" } else { "seats at most" },
        all.as_ref().map_or_else(String::new, |a| format!(" (by number, or named: `bots={}`)", a[..room.min(a.len())].join(",")))
    );
    let too_many = |_: usize| GameError::Invalid(refusal.clone());
    match (&settings.bots, all) {
        (crate::BotSeats::Count(n), _) if *n > room => Err(too_many(*n)),
        (crate::BotSeats::Count(n), Some(all)) => Ok(all.into_iter().take(*n).collect()),
        (crate::BotSeats::Count(n), None) => Ok((1..=*n).map(|i| format!("bot{i}")).collect()),
        (crate::BotSeats::Powers(names), _) if names.len() > room => Err(too_many(names.len())),
        (crate::BotSeats::Powers(names), Some(all)) => {
            let mut out: Vec<String> = Vec::new();
            for typed in names {
                let Some(name) = find_name(&all, typed) else {
                    return Err(GameError::Invalid(format!(
                        "`{word}`: there is no power `{}` in {}: its powers are {}",
                        crate::orders::chars::visible(typed),
                        kind.name(),
                        all.join(", ")
                    )));
                };
                if out.iter().any(|o| o == name) {
                    return Err(GameError::Invalid(format!("`{word}`: {name} is named twice; name each power once")));
                }
                out.push(name.to_string());
            }
            Ok(out)
        }
        (crate::BotSeats::Powers(names), None) => {
            let mut out: Vec<String> = Vec::new();
            for n in names {
                crate::seats::seating::board_name_allowed(n)?;
                if out.iter().any(|o| o.eq_ignore_ascii_case(n)) {
                    return Err(GameError::Invalid(format!("`{word}`: {n} is named twice; name each board once")));
                }
                out.push(n.clone());
            }
            Ok(out)
        }
        (crate::BotSeats::None, _) => Ok(Vec::new()),
    }
}

/// Why a power takes no bot: it conceded or forfeited (it stays out of the
/// game), or it has nothing left on the board; `None` if a bot may take it.
fn out_of_the_game(c: &Connection, live: &Live, power: &str) -> Result<Option<String>, GameError> {
    if store::concessions(c, live.game.id)?.iter().any(|p| p == power) {
        let word = if crate::seats::absence::forfeits(c, live.game.id, &live.settings)?.iter().any(|p| p == power) {
            "forfeited"
        } else {
            "conceded"
        };
        return Ok(Some(format!(
            "{power} {word}: a power that conceded or forfeited stays out of the game, so no bot takes it"
        )));
    }
    if let Ok((_, position)) = Service::current_phase(c, live) {
        if !position.alive(power) {
            return Ok(Some(format!("{power} has nothing left on the board: there is nothing for a bot to play")));
        }
    }
    Ok(None)
}

impl Service {
    /// `game bot add <power>` (`add`) or `game bot remove <power>`: a
    /// moderator seats a bot in a free seat of a forming game or a vacant
    /// power of a started one, or takes a bot out (its power is then free,
    /// or vacant). Announced in the channel. Removing a bot may leave a
    /// hashed phase's reveal window with nothing to reveal (it resolves at
    /// once), or the players left all agreeing to a draw.
    ///
    /// # Errors
    /// Not a moderator, an unknown power, a held, conceded or forfeited
    /// power (add), a power no bot plays (remove), a started game with a
    /// board per player (add).
    pub fn bot(&self, channel: &str, caller: &Caller, add: bool, power: &str) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Bot)?;
            Self::require_moderator(&live.game, caller, if add { "seat a bot" } else { "remove a bot" })?;
            let seats = store::seats(c, live.game.id)?;
            let joining = live.state.joining();
            let open_seats = matches!(live.kind.seats(), Seats::Open { .. });
            let known: Vec<String> = match live.kind.seats() {
                Seats::Fixed(all) => all,
                Seats::Open { .. } => seats.iter().map(|s| s.power.clone()).collect(),
            };
            let verb = if add { "add" } else { "remove" };
            let name = match find_name(&known, power) {
                Some(n) => n.to_string(),
                // A new board of a forming Chess Wheel+ game takes the name given.
                None if add && open_seats => {
                    joining.new_board()?;
                    crate::seats::seating::board_name_allowed(power.trim())?;
                    power.trim().to_string()
                }
                None => {
                    return Err(GameError::Invalid(format!(
                        "there is no power `{}` in {}: {} (`game bot {verb} <power>`)",
                        crate::orders::chars::visible(power),
                        live.kind.name(),
                        if known.is_empty() {
                            "nobody has joined yet".to_string()
                        } else {
                            format!("its powers are {}", known.join(", "))
                        }
                    )))
                }
            };
            let seat = seats.iter().find(|s| s.power == name).cloned();
            let mut out = if add {
                vec![self.bot_add(c, &live, (&name, seat.as_ref(), seats.len()), caller, now)?]
            } else {
                self.bot_remove(c, &live, &name, seat.as_ref(), caller)?
            };
            if !add {
                out.extend(self.resolve_if_nothing_left(c, live.game.id)?);
            }
            Ok(out)
        })
    }

    /// Seats a bot as `name` (held now by `seat`, if anyone; `taken` seats in all).
    fn bot_add(
        &self,
        c: &Connection,
        live: &Live,
        (name, seat, taken): (&str, Option<&Seat>, usize),
        caller: &Caller,
        now: i64,
    ) -> Result<Reply, GameError> {
        let joining = live.state.joining();
        if let Some(why) = out_of_the_game(c, live, name)? {
            return Err(GameError::State(why));
        }
        match seat {
            Some(s) if store::is_bot(&s.user) => {
                return Err(GameError::State(format!("a bot already plays {name}: `game status` lists who plays what")))
            }
            Some(s) => {
                return Err(GameError::State(format!(
                    "{name} is held by {}: a bot takes only a free seat or a vacant power (to put a bot there, first `game kick {}`)",
                    names::shown(&s.name),
                    s.user
                )))
            }
            None => {}
        }
        match live.kind.seats() {
            Seats::Open { max, .. } => {
                joining.new_board()?;
                if taken >= max {
                    return Err(crate::lifecycle::Refusal::Full { max }.into());
                }
            }
            Seats::Fixed(_) => {}
        }
        store::seat_bot(c, live.game.id, name, now)?;
        crate::lifecycle::clear_seat(c, &live.game, name, "the seat changed hands")?;
        self.log_moderator(c, live.game.id, caller, "bot add", name)?;
        let text = match joining {
            Joining::Forming => format!(
                "{name} (bot) joins: a bot plays {name}, and whoever joins {name} before the start takes it from the bot."
            ),
            Joining::TakeOver => format!(
                "{name} (bot): a bot now plays {name} until someone takes it; `join {name}` plays it from the next phase."
            ),
        };
        self.announced(c, &live.game, Reply::public(text))
    }

    /// Takes the bot out of `name` (held by `seat`).
    fn bot_remove(
        &self,
        c: &Connection,
        live: &Live,
        name: &str,
        seat: Option<&Seat>,
        caller: &Caller,
    ) -> Result<Vec<Reply>, GameError> {
        let Some(seat) = seat.filter(|s| store::is_bot(&s.user)) else {
            let now_held = match seat {
                Some(s) => format!("{} holds it", names::shown(&s.name)),
                None if live.state.joining() == Joining::Forming => "it is free".to_string(),
                None => "it is vacant".to_string(),
            };
            return Err(GameError::State(format!(
                "no bot plays {name} ({now_held}): `game bot remove` takes out a bot; `game status` lists who plays what"
            )));
        };
        store::unseat(c, live.game.id, &seat.user)?;
        crate::lifecycle::clear_seat(c, &live.game, name, "the seat changed hands")?;
        self.log_moderator(c, live.game.id, caller, "bot remove", name)?;
        let mut text = match (live.state.joining(), live.kind.seats()) {
            (Joining::Forming, Seats::Fixed(_)) => format!("The bot leaves {name}: {name} is free (`join {name}`)."),
            (Joining::Forming, Seats::Open { .. }) => format!("The bot leaves; its board {name} goes with it."),
            (Joining::TakeOver, _) => format!(
                "The bot no longer plays {name}: {name} is {}.",
                crate::seats::absence::vacant_label(name, true, live.settings.takeover)
            ),
        };
        if let Some(h) = store::handovers(c, live.game.id)?.into_iter().find(|h| h.power == name) {
            store::drop_handover(c, live.game.id, name)?;
            text += &format!(
                " {} was to take {name} from the bot at the next phase: `join {name}` takes it now.",
                names::shown(&h.name)
            );
        }
        let mut out = vec![self.announced(c, &live.game, Reply::public(text))?];
        // One voter fewer: the players left may all have voted for a draw already.
        if let Ok((row, position)) = Self::current_phase(c, live) {
            let now = (row.seq, self.now());
            if let Some(end) = crate::moderation::draw_if_agreed(c, &live.game, &live.settings, &position, now)? {
                out.push(self.announced(c, &live.game, end)?);
            }
        }
        Ok(out)
    }

    /// `join` of the power `name` a bot plays in a started game: the caller
    /// takes the seat when the next phase opens (the bot plays the phase it
    /// is in, its orders already given), or, in a `takeover=moderator` game
    /// (and the caller not a moderator), asks for it.
    pub(crate) fn join_bot_power(
        &self,
        c: &Connection,
        live: &Live,
        caller: &Caller,
        name: &str,
    ) -> Result<Reply, GameError> {
        if let Some(asked) = self.takeover_asked(c, live, caller, name)? {
            return Ok(asked);
        }
        // A game nobody plays (its people gone) waits for a person: they take the seat at once, and it resumes.
        if store::abandoned(c, live.game.id)?.is_some() {
            let now = self.now();
            store::unseat(c, live.game.id, &store::bot_user(name))?;
            store::seat(c, live.game.id, name, &caller.user, &caller.name, now)?;
            crate::lifecycle::clear_seat(c, &live.game, name, "the seat changed hands")?;
            self.took_over(c, &live.game, (&caller.user, &caller.name), name)?;
            let mut text = format!("{} joins as {name}, taking over from its bot.", names::shown(&caller.name));
            let mut due = None;
            if let Some((again, d)) = self.played_again(c, live)? {
                text += &again;
                due = d;
            }
            return self.announced(c, &live.game, Reply::public(text).due(due));
        }
        let waiting = store::handovers(c, live.game.id)?;
        if let Some(h) = waiting.iter().find(|h| h.power == name) {
            return Err(GameError::State(format!(
                "{} already takes {name} from its bot when the next phase opens; `game status` shows the vacant powers",
                names::shown(&h.name)
            )));
        }
        let h = store::Handover {
            power: name.to_string(),
            user: caller.user.clone(),
            name: caller.name.clone(),
            seq: live.game.phase_seq,
        };
        store::add_handover(c, live.game.id, &h, self.now())?;
        let phase = store::phase(c, live.game.id, live.game.phase_seq)?.map_or_else(String::new, |r| r.name);
        let text = format!(
            "{} takes over {name} from its bot when the next phase opens; the bot plays {phase}, whose orders it has given.",
            names::shown(&caller.name)
        );
        self.announced(c, &live.game, Reply::public(text))
    }

    /// When a phase of game `g` opens after a resolution: every person
    /// waiting to take a bot's power takes its seat (a takeover), the bot
    /// leaving. The announcements, to follow the result.
    pub(crate) fn hand_over(&self, c: &Connection, game: i64) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        let Some(g) = store::game(c, game)? else { return Ok(Vec::new()) };
        let g = &g;
        let mut out = Vec::new();
        for h in store::handovers(c, g.id)? {
            store::drop_handover(c, g.id, &h.power)?;
            let seats = store::seats(c, g.id)?;
            let bot_there = seats.iter().any(|s| s.power == h.power && store::is_bot(&s.user));
            let seated_elsewhere = seats.iter().any(|s| s.user == h.user);
            if !bot_there || seated_elsewhere || store::is_kicked(c, g.id, &h.user)? {
                continue;
            }
            store::unseat(c, g.id, &store::bot_user(&h.power))?;
            store::seat(c, g.id, &h.power, &h.user, &h.name, now)?;
            crate::lifecycle::clear_seat(c, g, &h.power, "the seat changed hands")?;
            self.took_over(c, g, (&h.user, &h.name), &h.power)?;
            out.push(Reply::public(format!(
                "{} now plays {}, taking over from the bot.",
                names::shown(&h.name),
                h.power
            )));
        }
        Ok(out)
    }

    /// `power` of the started game `g` has just become vacant (its player
    /// unseated, removed, or moved away): in a `vacant=bot` game a bot
    /// takes it (unless it conceded or has nothing left). What to add to
    /// the announcement of the vacancy, if a bot took it.
    pub(crate) fn vacated(&self, c: &Connection, g: &GameRow, power: &str) -> Result<Option<String>, GameError> {
        let settings = settings_of(g);
        if settings.vacant != Vacant::Bot || g.phase_seq == 0 {
            return Ok(None);
        }
        let kind = crate::kind_of(g, &settings)?;
        if !matches!(kind.seats(), Seats::Fixed(_)) {
            return Ok(None);
        }
        let live = Self::latest_at(c, &g.channel, self.now())?;
        if live.game.id != g.id || out_of_the_game(c, &live, power)?.is_some() {
            return Ok(None);
        }
        if store::seats(c, g.id)?.iter().any(|s| s.power == power) {
            return Ok(None);
        }
        store::seat_bot(c, g.id, power, self.now())?;
        crate::lifecycle::clear_seat(c, g, power, "the seat changed hands")?;
        Ok(Some(format!(
            "{power} (bot): a bot plays {power} until someone takes it; `join {power}` plays it from the next phase."
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_is_named_as_one_where_a_line_names_its_power() {
        let bots = vec!["Italy".to_string()];
        let s = "Italy:\n  \u{2713} K e1 - e2 (moved)\nItalian Job:\nFrance:\n  Italy: revealed `ab`";
        assert_eq!(
            bots_named(s, &bots),
            "Italy (bot):\n  \u{2713} K e1 - e2 (moved)\nItalian Job:\nFrance:\n  Italy (bot): revealed `ab`"
        );
        assert_eq!(bots_named(s, &[]), s);
    }
}
