//! Finding and joining a game without typing: a forming game's advert
//! (in its channel, and in the lobby if the bot has one) with a "Join as…"
//! menu and a Start button, edited in place as seats fill and when the game
//! starts or ends; `game advertise`; and the controls pressed on the bot's
//! messages ([`Service::press`]), each carried out as the command it stands
//! for, only on the game and phase it was shown in.

use std::sync::Arc;

use crate::controls::{Action, Component, Control, Style};
use crate::lifecycle::GameStatus;
use crate::standings::profile::channel_shown;
use crate::store::{self, NewItem, StoreError};
use crate::{kind_of, settings_of, Caller, GameError, Reply, Request, Service, StartAt, StartRule};
use chessdip_rules::any::Game;
use chessdip_rules::family::Seats;

/// What a pressed control asks of the front end.
#[derive(Clone, Debug)]
pub enum Pressed {
    /// Answer with these replies (as the command's answer).
    Replies(Vec<Reply>),
    /// Open the order form of the game in `channel`, filled with `orders`.
    Form {
        /// The control that sends the form back.
        submit: Control,
        /// The form's title.
        title: String,
        /// The orders sent so far, a line each.
        orders: String,
        /// An example of orders in this game, for the empty form.
        example: String,
    },
}

impl Service {
    /// This service, advertising every forming game also in `lobby` (a channel id).
    #[must_use]
    pub fn with_lobby(mut self, lobby: Option<String>) -> Service {
        self.lobby = lobby.filter(|l| !l.trim().is_empty()).map(Arc::from);
        self
    }

    /// Refuses a command carried out for a pressed control when its game or
    /// phase is no longer current (checked in the command's transaction).
    pub(crate) fn still_pressable(&self, live: &crate::Live) -> Result<(), GameError> {
        match self.pressed {
            Some((game, phase)) => out_of_date(&live.game, game, phase),
            None => Ok(()),
        }
    }

    /// Carries out the control `id` pressed by `caller` (with the menu's
    /// choice or the form's text as `value`) in server `guild`: the command
    /// it stands for, through [`Service::handle`], on the game it names and
    /// only while that game is in the phase it was shown in. Returns the
    /// game's channel and what to answer.
    ///
    /// # Errors
    /// Not one of our controls; out of date (another version, the game
    /// ended, a later phase); or the command's own refusal.
    pub fn press(
        &self,
        guild: &str,
        caller: &Caller,
        id: &str,
        value: Option<&str>,
    ) -> Result<(String, Pressed), GameError> {
        crate::bots::not_a_bot(caller)?;
        let control = match Control::parse(id) {
            None => return Err(GameError::Invalid(format!("`{id}` is not one of this bot's buttons"))),
            Some(Err(why)) => {
                return Err(GameError::State(format!(
                    "This button is out of date ({why}): use the buttons of the game's latest message, or the commands (`/game status`)."
                )))
            }
            Some(Ok(c)) => c,
        };
        let game = self.store.read(|c| store::game(c, control.game).map_err(GameError::from))?.ok_or_else(|| {
            GameError::State("This button's game is gone: use `/games` to find the games of this server.".into())
        })?;
        out_of_date(&game, control.game, control.phase)?;
        let channel = game.channel.clone();
        let pressed = Service { pressed: Some((control.game, control.phase)), ..self.clone() };
        let request = match control.action {
            Action::Join => Request::Join { power: value.map(str::to_string).filter(|v| !v.is_empty()) },
            Action::Start => Request::Start,
            Action::Ready => Request::Ready,
            Action::Unready => Request::Unready,
            Action::Draw => Request::Draw { yes: true },
            Action::Submit => {
                let text = value.unwrap_or("").trim();
                if text.is_empty() {
                    return Err(GameError::Invalid(
                        "the order form was empty: nothing changed. Write one order a line, e.g. `K e2 - e4`.".into(),
                    ));
                }
                Request::Submit { orders: text.to_string() }
            }
            Action::Orders => {
                let mut rs = pressed.handle(&channel, guild, caller, Request::ShowOrders)?;
                let buttons = vec![
                    Component::button(Action::Form, control.game, control.phase, "Order form", Style::Primary),
                    Component::button(Action::Ready, control.game, control.phase, "Ready", Style::Success),
                    Component::button(Action::Unready, control.game, control.phase, "Not ready", Style::Secondary),
                ];
                if let Some(first) = rs.first_mut() {
                    if !settings_of(&game).hashed {
                        first.components = buttons;
                    } else {
                        first.text += "\nThis game's orders are hashed: `/commit` the SHA-256 of your orders, then `/reveal` them.";
                    }
                }
                return Ok((channel, Pressed::Replies(rs)));
            }
            Action::Form => {
                let (title, orders, example) = pressed.order_form(&channel, caller)?;
                let submit = Control { action: Action::Submit, ..control };
                return Ok((channel, Pressed::Form { submit, title, orders, example }));
            }
        };
        let replies = pressed.handle(&channel, guild, caller, request)?;
        Ok((channel, Pressed::Replies(replies)))
    }

    /// The order form's title, the caller's orders so far (a line each) and an example.
    fn order_form(&self, channel: &str, caller: &Caller) -> Result<(String, String, String), GameError> {
        self.store.read(|c| {
            let live = self.running(c, channel, caller)?;
            self.still_pressable(&live)?;
            let name = Self::power_of(c, &live, caller)?;
            let (row, _) = Self::current_phase(c, &live)?;
            let rows = store::orders(c, live.game.id, row.seq, Some(&name))?;
            let orders: Vec<String> = rows.into_iter().map(|r| r.text).collect();
            let title: String = format!("{name}: {}", row.name).chars().take(45).collect();
            let example = "One order a line, as `orders` takes them (`/help` shows how).".to_string();
            Ok((title, orders.join("\n"), example))
        })
    }

    /// Advertises a game just created (in the caller's transaction): its
    /// announcement in its channel with the Join menu and the Start button,
    /// and the same in the lobby. Returns the channel's announcement.
    pub(crate) fn advertise_new(
        &self,
        c: &rusqlite::Connection,
        game: &store::GameRow,
        intro: &str,
    ) -> Result<Reply, GameError> {
        let (seats, components) = advert_view(c, game)?;
        let reply = Reply::public(format!("{intro}\n{seats}")).with(components.clone());
        let reply = self.announced(c, game, reply)?;
        if let Some(item) = reply.outbox {
            store::add_advert(c, game.id, item, &game.channel, intro, &shown(&seats, &components)?)?;
        }
        if let Some(lobby) = self.lobby.as_deref().filter(|l| *l != game.channel && game.guild != store::CONSOLE_GUILD)
        {
            let intro = format!("In {}: {intro}", channel_shown(&game.guild, &game.channel));
            let mut rs = [Reply::public(format!("{intro}\n{seats}")).with(components.clone())];
            self.announce(c, lobby, Some(game.id), &mut rs)?;
            if let Some(item) = rs[0].outbox {
                store::add_advert(c, game.id, item, lobby, &intro, &shown(&seats, &components)?)?;
            }
        }
        Ok(reply)
    }

    /// Edits every advert of `game` whose seats, state or controls changed
    /// (in the caller's transaction): an edit item rewrites its message.
    pub(crate) fn refresh_adverts(&self, c: &rusqlite::Connection, game: i64) -> Result<(), GameError> {
        let adverts = store::adverts(c, game)?;
        if adverts.is_empty() {
            return Ok(());
        }
        let Some(row) = store::game(c, game)? else { return Ok(()) };
        let (seats, components) = advert_view(c, &row)?;
        let now_shown = shown(&seats, &components)?;
        for a in adverts.into_iter().filter(|a| a.shown != now_shown) {
            store::drop_untried_edits(c, a.item)?;
            let text = format!("{}\n{seats}", a.intro);
            let components_json = serde_json::to_string(&components).map_err(StoreError::from)?;
            let item = NewItem {
                channel: &a.channel,
                user: None,
                game: Some(game),
                text: &text,
                deadline: None,
                images: "[]",
                mentions: "[]",
                components: &components_json,
                edits: Some(a.item),
            };
            store::push_outbox(c, &item, self.now())?;
            store::advert_shown(c, a.item, &now_shown)?;
        }
        Ok(())
    }

    /// `game advertise [role]`: a moderator posts the forming game's advert
    /// again, in the lobby if the bot has one (else in the game's channel),
    /// pinging `role` (a role id) once. It is edited as the others are.
    ///
    /// # Errors
    /// No game, not forming, not a moderator.
    pub fn advertise(&self, channel: &str, caller: &Caller, role: Option<&str>) -> Result<Vec<Reply>, GameError> {
        let role = role.map(str::trim).filter(|r| !r.is_empty());
        if let Some(r) = role.filter(|r| !r.chars().all(|c| c.is_ascii_digit())) {
            return Err(GameError::Invalid(format!(
                "`{r}` is not a role: name a role of this server (on Discord, `/game advertise role:` offers them)"
            )));
        }
        self.store.write(|c| {
            let live = self.latest(c, channel)?;
            Self::require_moderator(&live.game, caller, "advertise the game")?;
            if live.game.status != GameStatus::Forming {
                return Err(GameError::State(
                    "only a forming game is advertised: this one has started (`/games` lists the running games)".into(),
                ));
            }
            let target = match self.lobby.as_deref() {
                Some(l) if live.game.guild != store::CONSOLE_GUILD => l.to_string(),
                _ => live.game.channel.clone(),
            };
            let (seats, components) = advert_view(c, &live.game)?;
            let first = store::adverts(c, live.game.id)?.into_iter().next();
            let intro = first.map_or_else(|| format!("A game of {} is forming.", live.kind.name()), |a| a.intro);
            let intro = if target == live.game.channel {
                intro
            } else {
                format!("In {}: {}", channel_shown(&live.game.guild, &live.game.channel), strip_where(&intro))
            };
            let ping = role.map_or_else(String::new, |r| format!("<@&{r}> "));
            let mut r = Reply::public(format!("{ping}{intro}\n{seats}")).with(components.clone());
            if let Some(role) = role {
                r.mentions.push(format!("&{role}"));
            }
            let mut rs = [r];
            self.announce(c, &target, Some(live.game.id), &mut rs)?;
            if let Some(item) = rs[0].outbox {
                store::add_advert(
                    c,
                    live.game.id,
                    item,
                    &target,
                    &format!("{ping}{intro}"),
                    &shown(&seats, &components)?,
                )?;
            }
            let [r] = rs;
            let done = Reply::private(if target == live.game.channel {
                "Advertised again in this channel.".to_string()
            } else {
                format!("Advertised again in {}.", channel_shown(&live.game.guild, &target))
            });
            Ok(vec![r, done])
        })
    }
}

/// An intro without the lobby's "In #channel: " (advertised again there).
fn strip_where(intro: &str) -> &str {
    intro.strip_prefix("In ").and_then(|r| r.split_once(": ")).map_or(intro, |(_, rest)| rest)
}

/// Refuses a control of `game`/`phase` on `now` (the game as stored now).
fn out_of_date(now: &store::GameRow, game: i64, phase: i64) -> Result<(), GameError> {
    if now.id != game {
        return Err(GameError::State(
            "This button is for another game than the one in this channel now: use the buttons of the latest message."
                .into(),
        ));
    }
    if now.status == GameStatus::Ended {
        return Err(GameError::State(
            "This button is out of date: the game has ended (`/game status` shows how; `/games` lists the others)."
                .into(),
        ));
    }
    if now.phase_seq != phase {
        let what = if phase == 0 { "the game had not started yet" } else { "an earlier phase" };
        return Err(GameError::State(format!(
            "This button is out of date: it was shown when {what}, and the game has moved on. Nothing changed; use the buttons of the latest message, or `/game status`."
        )));
    }
    Ok(())
}

/// What an advert shows, to compare: its seats line and its components.
fn shown(seats: &str, components: &[Component]) -> Result<String, GameError> {
    Ok(format!("{seats}\n{}", serde_json::to_string(components).map_err(StoreError::from)?))
}

/// An advert's seats (who holds which power, how many are left, how it
/// starts) and its controls, for the game as it stands.
fn advert_view(c: &rusqlite::Connection, game: &store::GameRow) -> Result<(String, Vec<Component>), GameError> {
    let settings = settings_of(game);
    let kind = kind_of(game, &settings)?;
    let seats = store::seats(c, game.id)?;
    let holder = |s: &store::Seat| {
        if store::is_bot(&s.user) {
            "bot".to_string()
        } else {
            crate::names::shown(&s.name).to_string()
        }
    };
    let (free, left) = open_seats(&kind, &seats);
    let lines: Vec<String> = match kind.seats() {
        Seats::Fixed(all) => all
            .iter()
            .map(|p| {
                seats.iter().find(|s| &s.power == p).map_or(format!("{p}: free"), |s| format!("{p}: {}", holder(s)))
            })
            .collect(),
        Seats::Open { .. } => seats.iter().map(|s| format!("{}: {}", s.power, holder(s))).collect(),
    };
    let state = match game.status {
        GameStatus::Forming => None,
        GameStatus::Ended if game.phase_seq == 0 => Some("This game was cancelled before it started.".to_string()),
        GameStatus::Ended => Some("This game has ended.".to_string()),
        // Said once: the advert is not edited again at every phase.
        GameStatus::Active | GameStatus::Paused => {
            Some(format!("This game has started: follow it in {}.", channel_shown(&game.guild, &game.channel)))
        }
    };
    let seats_line = if lines.is_empty() { "No players yet.".to_string() } else { lines.join(" · ") };
    let Some(state) = state else {
        let left_line = match left {
            0 => "Every seat is taken.".to_string(),
            n => format!("{} left.", chessdip_rules::words::count(n, "seat")),
        };
        let how = match (&settings.start_at, settings.start) {
            (Some(StartAt::At(t)), _) => format!(" It starts on {}.", when(*t, &settings.timezone)),
            (_, StartRule::WhenFull) => " It starts the moment the last seat is taken.".to_string(),
            _ => " A moderator starts it.".to_string(),
        };
        let mut components = Vec::new();
        match kind.seats() {
            Seats::Fixed(_) if !free.is_empty() => components.push(join_menu(game.id, "Join as…".into(), free)),
            Seats::Open { .. } if left != 0 => {
                components.push(Component::button(Action::Join, game.id, 0, "Join", Style::Primary));
            }
            _ => {}
        }
        components.push(Component::button(Action::Start, game.id, 0, "Start (moderators)", Style::Secondary));
        return Ok((format!("Seats: {seats_line}\n{left_line}{how}"), components));
    };
    Ok((format!("Seats: {seats_line}\n{state}"), Vec::new()))
}

/// The seats of a forming game one may still take: the powers free or
/// held by a bot (a person takes a bot's power), in the game's order (none
/// for a game of open seats, joined by name); and how many seats nobody holds.
pub(crate) fn open_seats(kind: &Game, seats: &[store::Seat]) -> (Vec<String>, usize) {
    match kind.seats() {
        Seats::Fixed(all) => {
            let held = |p: &String, by_anyone: bool| {
                seats.iter().any(|s| &s.power == p && (by_anyone || !store::is_bot(&s.user)))
            };
            let joinable = all.iter().filter(|p| !held(p, false)).cloned().collect();
            let left = all.iter().filter(|p| !held(p, true)).count();
            (joinable, left)
        }
        Seats::Open { max, .. } => (Vec::new(), max.saturating_sub(seats.len())),
    }
}

/// The Join menu of `game` (while it forms), offering `powers` (at most 25, as Discord shows).
pub(crate) fn join_menu(game: i64, placeholder: String, powers: Vec<String>) -> Component {
    Component::Menu {
        control: Control { action: Action::Join, game, phase: 0 },
        placeholder,
        choices: powers.into_iter().take(25).collect(),
    }
}

/// `t` in time zone `zone` (`Tuesday 1 December 2026, 20:00 CET`), or in UTC if the zone is unknown.
pub(crate) fn when(t: i64, zone: &str) -> String {
    let Some(utc) = chrono::DateTime::from_timestamp(t, 0) else { return format!("{t}") };
    match zone.parse::<chrono_tz::Tz>() {
        Ok(tz) => utc.with_timezone(&tz).format("%A %-d %B %Y, %H:%M %Z").to_string(),
        Err(_) => utc.format("%A %-d %B %Y, %H:%M UTC").to_string(),
    }
}
