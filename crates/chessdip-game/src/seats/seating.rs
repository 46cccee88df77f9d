//! Games and players: create, join, leave, start, assign, kick.

use std::collections::BTreeSet;

use crate::lifecycle::{Command, Joining, Refusal};
use crate::lifecycle::{GameStatus, Stage};
use crate::names;
use crate::store::{self, StoreError};
use crate::{encode, format_duration, Caller, GameError, Image, Reply, Service, Settings};
use chessdip_rules::any::Game;
use chessdip_rules::family::{find_name, Seats};

/// The look-alike characters of `name`, named in parentheses (empty if none).
fn named_lookalikes(name: &str) -> String {
    let odd = crate::orders::chars::lookalikes_in(name);
    if odd.is_empty() {
        String::new()
    } else {
        format!(" ({})", odd.join("; "))
    }
}

/// What the channel is told when a moderator removes `seat`'s player: what
/// becomes of the power, as `game status` shows it (`conceded`: the power
/// had conceded, and stays out).
fn kicked_text(live: &crate::Live, seat: &store::Seat, conceded: bool) -> String {
    let who = &names::shown(&seat.name);
    let power = &seat.power;
    match (live.state.joining(), live.kind.seats()) {
        (Joining::Forming, Seats::Fixed(_)) => format!(
            "{who} has been removed and may not join this game again unless a moderator assigns them; {power} is free (`join {power}`)."
        ),
        (Joining::Forming, Seats::Open { .. }) => {
            format!("{who} has been removed and may not join this game again unless a moderator assigns them.")
        }
        (Joining::TakeOver, Seats::Open { .. }) => format!(
            "{who} has been removed and may not join this game again. A Chess Wheel+ board is its player's own: nobody takes {power} over."
        ),
        (Joining::TakeOver, Seats::Fixed(_)) => format!(
            "{who} has been removed; {power} is {}.",
            crate::seats::absence::vacant_label(power, !conceded, live.settings.takeover)
        ),
    }
}

/// Words a Chess Wheel+ order reads on its own, which a board (a player's
/// name) must not be called.
const BOARD_WORDS: &[&str] = &["hub", "board", "boards", "create", "populate"];

/// Whether `name` may name a board: 1 to 32 letters, digits or
/// underscores (an underscore between two letters or digits), and not
/// something an order reads as a space (`e2`, `h10`) or a board word (`hub`).
pub(crate) fn board_name_allowed(name: &str) -> Result<(), GameError> {
    let shown = crate::orders::chars::visible(name);
    if name.is_empty() || name.chars().count() > 32 || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(GameError::Invalid(format!(
            "`{shown}` cannot name a board: use 1 to 32 letters, digits or underscores{}",
            named_lookalikes(name)
        )));
    }
    // `_x_` and `__x__` are italics and underlining on Discord: an underscore only joins two words.
    if name.starts_with('_') || name.ends_with('_') || name.contains("__") {
        return Err(GameError::Invalid(format!(
            "`{shown}` cannot name a board: an underscore goes between two letters or digits, as in `red_fox` (Discord would show the name as formatting); `join <another name>`"
        )));
    }
    let mut chars = name.chars();
    let square = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit());
    if square {
        return Err(GameError::Invalid(format!(
            "`{name}` cannot name a board: orders would read it as the space {}; `join <another name>`",
            name.to_lowercase()
        )));
    }
    if let Some(word) =
        BOARD_WORDS.iter().find(|w| crate::orders::chars::skeleton(w) == crate::orders::chars::skeleton(name))
    {
        return Err(GameError::Invalid(format!(
            "`{shown}` cannot name a board: `{word}` is a word of the game's own (rank 8 is the hub; `board create`, `board populate`); `join <another name>`"
        )));
    }
    Ok(())
}

impl Service {
    /// Whether [`Service::create`] would take `variant` with `settings`
    /// (a known variant, its options, the bots it seats), without creating
    /// anything: for a front end that must do something first (make the
    /// game's channel) only if the game will be created.
    ///
    /// # Errors
    /// An unknown variant or option, bots that cannot be seated.
    pub fn check_create(&self, variant: &str, settings: &Settings) -> Result<(), GameError> {
        Self::prepared(variant, settings, self.now()).map(drop)
    }

    /// The game of `variant` with `settings`, the settings as the variant
    /// plays them, and the bots it seats at creation.
    fn prepared(variant: &str, settings: &Settings, now: i64) -> Result<(Game, Settings, Vec<String>), GameError> {
        let kind = Game::build(variant, &settings.options).map_err(|e| {
            // An unknown key may have been meant as a game setting rather than the variant's option.
            GameError::Invalid(if settings.options.is_empty() || chessdip_rules::any::offer(variant).is_none() {
                e
            } else {
                format!("{e} (game settings: {})", crate::options::SETTING_KEYS)
            })
        })?;
        let mut settings = settings.clone();
        if let Some(o) = chessdip_rules::any::offer(kind.id()) {
            if o.always_hashed {
                settings.hashed = true;
            }
            if o.weekly && settings.cycle == crate::phase::calendar::Cycle::Phases {
                settings.cycle = crate::phase::calendar::Cycle::Weekly;
            }
        }
        // `start-at=` becomes a time now that the game is made (in its time zone).
        if let Some(at) = settings.start_at.clone() {
            let t = at.time(now, &settings.timezone).ok_or_else(|| {
                GameError::Invalid(format!(
                    "`start-at`: that local time does not exist in {} (a clock change skips it); choose another time",
                    settings.timezone
                ))
            })?;
            if t <= now {
                return Err(GameError::Invalid(format!(
                    "`start-at`: {} has passed; give a time to come (e.g. start-at=2h)",
                    crate::seats::adverts::when(t, &settings.timezone)
                )));
            }
            settings.start_at = Some(crate::StartAt::At(t));
        }
        let bots = crate::seats::bots::at_creation(&kind, &settings)?;
        Ok((kind, settings, bots))
    }

    /// Creates a game in `channel`; the caller becomes its moderator.
    ///
    /// # Errors
    /// An unknown variant or option, or a live game in the channel.
    pub fn create(
        &self,
        channel: &str,
        guild: &str,
        caller: &Caller,
        variant: &str,
        settings: &Settings,
    ) -> Result<Reply, GameError> {
        let now = self.now();
        let (kind, settings, bots) = Self::prepared(variant, settings, now)?;
        let settings = &settings;
        let json = serde_json::to_string(settings).map_err(StoreError::from)?;
        let who = match kind.seats() {
            Seats::Fixed(powers) => {
                format!("Powers: {}. Join with `join <power>` (or `join` for a random one)", powers.join(", "))
            }
            Seats::Open { min, max } => {
                format!("{min} to {max} players; join with `join` (your board takes your name) or `join <name>`")
            }
        };
        let mut shown: Vec<String> = settings.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        // Turn-based variants forfeit after missed turns: the players should know after how many.
        let turn_based = chessdip_rules::any::offer(kind.id())
            .is_some_and(|o| o.options.iter().any(|x| x.starts_with("forfeit-after")));
        if turn_based {
            shown.push(match settings.forfeit_after {
                0 => "forfeit-after=0 (never)".to_string(),
                n => format!("forfeit-after={n} (missed turns in a row)"),
            });
        }
        let options = if shown.is_empty() { String::new() } else { format!(" Options: {}.", shown.join(", ")) };
        let own_boards = matches!(kind.seats(), Seats::Open { .. });
        let starts = match (&settings.start_at, settings.start) {
            (Some(crate::StartAt::At(t)), _) => format!(
                "it starts by itself on {}{}, or before when {} starts it with `game start`",
                crate::seats::adverts::when(*t, &settings.timezone),
                if settings.takes_bots() { ", with bots in the seats still free" } else { "" },
                names::shown(&caller.name)
            ),
            (_, crate::StartRule::WhenFull) => format!(
                "it starts the moment the last seat is taken, or before when {} starts it with `game start`",
                names::shown(&caller.name)
            ),
            _ => format!("{} starts it with `game start`", names::shown(&caller.name)),
        };
        let text = format!(
            "A game of {} is forming.{options} {who}; {starts}. {}{}{}{}",
            kind.name(),
            settings.timing(kind.has_adjustments()),
            if settings.hashed { " Orders are hashed: commit, then reveal (see `help`)." } else { "" },
            crate::seats::absence::absence_rule(settings, turn_based, own_boards),
            crate::seats::reliability::joining_rule(settings)
        );
        let text = match &settings.channel {
            Some(ch) => format!(
                "{text} This channel is the game's own: {} read it, and its players post here once seated.",
                if ch.private { "only its players, its moderators and I" } else { "everyone may" }
            ),
            None => text,
        };
        let text = if bots.is_empty() {
            text
        } else {
            let named: Vec<String> = bots.iter().map(|b| format!("{b} (bot)")).collect();
            format!(
                "{text} Bots take their seats: {}. Joining a bot's power before the start takes it from the bot.",
                chessdip_rules::words::join_and(&named)
            )
        };
        self.store.write(|c| {
            let Some(id) = store::insert_game(c, channel, guild, kind.id(), &json, &caller.user, now)? else {
                let live = Self::latest_at(c, channel, now)?;
                return Err(if live.state == crate::lifecycle::State::Forming {
                    Refusal::AlreadyForming { game: &crate::info::titled(&live) }.into()
                } else {
                    GameError::GameExists
                });
            };
            let game = store::game(c, id)?.ok_or(GameError::NoGame)?;
            if let Some(crate::StartAt::At(t)) = settings.start_at {
                store::set_start_at(c, id, Some(t))?;
            }
            if let Some(ch) = &settings.channel {
                // The front end made this channel for the game, its creator let in.
                let readers = [caller.user.clone()];
                store::add_game_channel(c, channel, id, ch.private, ch.archive_after_secs, &readers, now)?;
            }
            for b in &bots {
                store::seat_bot(c, id, b, now)?;
            }
            self.advertise_new(c, &game, &text)
        })
    }

    /// Joins the game as `power` (a random free one if `None`; in games
    /// with open seats, a power named `power` or after the caller).
    ///
    /// # Errors
    /// No game, the power taken or unknown, the caller already seated, the game started with the power held.
    pub fn join(&self, channel: &str, caller: &Caller, power: Option<&str>) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Join)?;
            if store::is_kicked(c, live.game.id, &caller.user)? {
                return Err(Refusal::Kicked.into());
            }
            let players = store::players(c, live.game.id)?;
            if let Some((p, _)) = players.iter().find(|(_, u)| *u == caller.user) {
                return Err(Refusal::AlreadyPlays { power: p }.into());
            }
            if let Some(h) = store::handovers(c, live.game.id)?.into_iter().find(|h| h.user == caller.user) {
                return Err(GameError::State(format!(
                    "you take over {} from its bot when the next phase opens already: one power at a time",
                    h.power
                )));
            }
            crate::seats::reliability::may_join(c, &live, caller)?;
            let taken: BTreeSet<&str> = players.iter().map(|(p, _)| p.as_str()).collect();
            let joining = live.state.joining();
            // Whether the power named is a bot's: a person may take it (at once before the start, at the next phase after).
            let mut from_bot = false;
            let (name, left) = match live.kind.seats() {
                Seats::Fixed(all) => {
                    let free: Vec<String> = all.iter().filter(|n| !taken.contains(n.as_str())).cloned().collect();
                    let name = match power {
                        Some(text) => {
                            let Some(name) = find_name(&all, text) else {
                                return Err(GameError::Invalid(format!(
                                    "there is no power `{}` in {}{}: free powers are {}",
                                    crate::orders::chars::visible(text),
                                    live.kind.name(),
                                    named_lookalikes(text),
                                    if free.is_empty() { "none".to_string() } else { free.join(", ") }
                                )));
                            };
                            from_bot = players.iter().any(|(p, u)| p == name && store::is_bot(u));
                            if taken.contains(name) && !from_bot {
                                return Err(Refusal::PowerTaken { power: name, free: &free }.into());
                            }
                            if store::concessions(c, live.game.id)?.iter().any(|p| p == name) {
                                return Err(Refusal::ConcededForGood { power: name }.into());
                            }
                            name.to_string()
                        }
                        None => {
                            joining.unnamed()?;
                            if free.is_empty() {
                                return Err(Refusal::EveryPowerTaken.into());
                            }
                            let pick = (now.unsigned_abs() as usize) ^ caller.user.len().wrapping_mul(2_654_435_761);
                            free[pick % free.len()].clone()
                        }
                    };
                    let left = if from_bot { free.len() } else { free.len().saturating_sub(1) };
                    (name, Some(left))
                }
                Seats::Open { max, .. } => {
                    joining.new_board()?;
                    if players.len() >= max {
                        return Err(Refusal::Full { max }.into());
                    }
                    let name = match power {
                        Some(p) => p.trim().to_string(),
                        // The board takes the player's name, as letters and digits, an underscore between words.
                        None => {
                            let kept: String = caller.name.chars().filter(|c| c.is_alphanumeric() || *c == '_').collect();
                            let words: Vec<&str> = kept.split('_').filter(|w| !w.is_empty()).collect();
                            let n: String = words.join("_").chars().take(32).collect();
                            let n = n.trim_end_matches('_').to_string();
                            if n.is_empty() {
                                format!("player{}", players.len() + 1)
                            } else {
                                n
                            }
                        }
                    };
                    board_name_allowed(&name)?;
                    if let Some(t) = taken.iter().find(|t| crate::orders::chars::skeleton(t) == crate::orders::chars::skeleton(&name)) {
                        if t.to_lowercase() == name.to_lowercase() {
                            return Err(Refusal::BoardNameTaken { name: &name }.into());
                        }
                        let (shown, lookalikes) = (crate::orders::chars::visible(&name), named_lookalikes(&name));
                        return Err(Refusal::BoardNameLooksLike { shown: &shown, taken: t, lookalikes: &lookalikes }.into());
                    }
                    (name, None)
                }
            };
            // A bot is shown as `bot`: a person shown so could not be told from one.
            if crate::orders::chars::skeleton(&caller.name) == crate::orders::chars::skeleton(store::BOT_NAME) {
                return Err(GameError::Invalid(format!(
                    "your name `{}` is how the computer players are shown (`Italy (bot)`): the others could not tell you from a bot. Change the name you are shown by (on Discord, your nickname in this server), then `join` again",
                    names::shown(&crate::orders::chars::visible(&caller.name))
                )));
            }
            // Players are told apart by name: one that looks like another player's is refused.
            for seat in store::seats(c, live.game.id)?.iter().filter(|s| s.user != caller.user) {
                if crate::orders::chars::skeleton(&seat.name) == crate::orders::chars::skeleton(&caller.name) {
                    return Err(GameError::Invalid(format!(
                        "your name `{}` looks like the name of {}'s player, `{}`{}: the others could not tell you apart. Change the name you are shown by (on Discord, your nickname in this server), then `join` again",
                        names::shown(&crate::orders::chars::visible(&caller.name)),
                        seat.power,
                        names::shown(&crate::orders::chars::visible(&seat.name)),
                        named_lookalikes(&caller.name),
                    )));
                }
            }
            if from_bot {
                if joining == Joining::TakeOver {
                    return self.join_bot_power(c, &live, caller, &name);
                }
                store::unseat(c, live.game.id, &store::bot_user(&name))?;
            }
            if joining == Joining::TakeOver {
                if let Some(asked) = self.takeover_asked(c, &live, caller, &name)? {
                    return Ok(asked);
                }
                self.took_over(c, &live.game, (&caller.user, &caller.name), &name)?;
            }
            store::seat(c, live.game.id, &name, &caller.user, &caller.name, now)?;
            crate::lifecycle::clear_seat(c, &live.game, &name, "the seat changed hands")?;
            let tail = match left {
                _ if joining == Joining::TakeOver => String::new(),
                Some(0) => " Every power is taken: a moderator can `game start`.".to_string(),
                Some(n) => format!(" {n} power{} still free.", if n == 1 { "" } else { "s" }),
                None => format!(" {} player{} so far.", players.len() + 1, if players.is_empty() { "" } else { "s" }),
            };
            let mut text = if joining == Joining::TakeOver {
                format!("{} joins as {name}, taking over a vacant power.", names::shown(&caller.name))
            } else {
                let instead = if from_bot { ", in place of its bot" } else { "" };
                format!("{} joins as {name}{instead}.{tail}", names::shown(&caller.name))
            };
            // A game nobody played is played again (and resumes if that had paused it).
            let mut due = None;
            if let Some((again, d)) = self.played_again(c, &live)? {
                text += &again;
                due = d;
            }
            // `start=when-full`: the last seat taken starts the game, in this transaction.
            let full = match live.kind.seats() {
                Seats::Fixed(_) => left == Some(0),
                Seats::Open { max, .. } => players.len() + 1 >= max,
            };
            if joining != Joining::TakeOver && full && live.settings.start == crate::StartRule::WhenFull {
                text = text.replace(" Every power is taken: a moderator can `game start`.", " Every seat is taken.");
                let mut live = live;
                let begun = self.begin(c, &mut live, now)?;
                let mut rs = self.announced_all(c, &live.game, vec![Reply::public(text), begun])?;
                self.tell_opening(c, &live.game)?;
                return Ok(rs.swap_remove(0));
            }
            self.announced(c, &live.game, Reply::public(text).due(due))
        })
    }

    /// Leaves a forming game.
    ///
    /// # Errors
    /// No game, not seated, the game started.
    pub fn leave(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Leave)?;
            if !store::unseat(c, live.game.id, &caller.user)? {
                return Err(GameError::NotPlayer(String::new()));
            }
            self.announced(c, &live.game, Reply::public(format!("{} leaves the game.", names::shown(&caller.name))))
        })
    }

    /// Starts the game: all powers taken, or a moderator starts with vacant powers in civil disorder.
    ///
    /// # Errors
    /// No game, already started, powers vacant and the caller not a moderator.
    pub fn start(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let mut live = self.game_for(c, channel, Command::Start)?;
            // Only a moderator starts a game (every announcement says so), whoever has joined.
            Self::require_moderator(&live.game, caller, "start the game")?;
            let r = self.begin(c, &mut live, now)?;
            let r = self.announced(c, &live.game, r)?;
            self.tell_opening(c, &live.game)?;
            Ok(r)
        })
    }

    /// Each player who owes orders in the first phase is told so by direct
    /// message, after the start's announcement (in the caller's transaction).
    pub(crate) fn tell_opening(&self, c: &rusqlite::Connection, game: &store::GameRow) -> Result<(), GameError> {
        let dms = self.opening_dms(c, game.id, 1)?;
        self.tell(c, game, dms)
    }

    /// Starts a forming game in the caller's transaction: its first phase
    /// opens, with the players' buttons. Its announcement, not yet written.
    pub(crate) fn begin(&self, c: &rusqlite::Connection, live: &mut crate::Live, now: i64) -> Result<Reply, GameError> {
        {
            let players = store::players(c, live.game.id)?;
            let seats = live.kind.seats();
            crate::lifecycle::may_start(live.kind.name(), &seats, players.len())?;
            let bots: Vec<String> =
                players.iter().filter(|(_, u)| store::is_bot(u)).map(|(p, _)| format!("{p} (bot)")).collect();
            if bots.len() == players.len() {
                return Err(GameError::State(format!(
                    "only bots have joined ({}): a game is started for people, so a person must `join` first",
                    chessdip_rules::words::join_and(&bots)
                )));
            }
            let (powers, vacant) = match seats {
                Seats::Fixed(all) => {
                    let vacant: Vec<String> =
                        all.iter().filter(|n| !players.iter().any(|(p, _)| p == *n)).cloned().collect();
                    (all, vacant)
                }
                Seats::Open { .. } => (players.iter().map(|(p, _)| p.clone()).collect(), Vec::new()),
            };
            let position = live.kind.start(&powers).map_err(GameError::State)?;
            let phase = position.phase();
            if let crate::phase::calendar::Cycle::Scaled { .. } = live.settings.cycle {
                // A compressed cycle's calendar starts with the game.
                live.settings.anchor = Some(now);
                store::set_settings(
                    c,
                    live.game.id,
                    &serde_json::to_string(&live.settings).map_err(StoreError::from)?,
                )?;
            }
            let (stage, deadline) = live.settings.opening(now, phase.kind);
            store::open_phase(c, live.game.id, 1, &phase.name, &encode(&position)?, Some(deadline), stage)?;
            store::set_status(c, live.game.id, GameStatus::Active, None)?;
            let mut cd =
                if vacant.is_empty() { String::new() } else { format!(" In civil disorder: {}.", vacant.join(", ")) };
            if !bots.is_empty() {
                cd += &format!(" Played by bots: {}.", chessdip_rules::words::join_and(&bots));
            }
            let text = if stage == Stage::Wait {
                format!(
                    "The game begins: {}. Orders are hashed; the move phase (commitments) opens in {}.{cd}",
                    phase.name,
                    format_duration(deadline - self.now())
                )
            } else if live.settings.hashed {
                format!(
                    "The game begins: {}. Orders are hashed: commit the SHA-256 of your orders with `commit <hash>` within {}{}, then reveal the exact text with `reveal <text>` in the reveal window that follows. {}{cd}",
                    phase.name,
                    format_duration(deadline - self.now()),
                    live.settings.local_suffix(deadline),
                    live.settings.timing(live.kind.has_adjustments())
                )
            } else {
                format!(
                    "The game begins: {}. Orders are due in {}{}.{cd} Send them privately with `orders ...`.",
                    phase.name,
                    format_duration(deadline - self.now()),
                    live.settings.local_suffix(deadline)
                )
            };
            let mut r =
                Reply::public(text).due(Some(deadline)).with(crate::controls::phase_buttons(live.game.id, 1, true));
            r.images.push(
                Image::new("start-position", &position, None, &live.settings, "position")
                    .stored(crate::story::source::ImageSource::Phase { seq: 1 }),
            );
            Ok(r)
        }
    }

    /// A moderator seats `who` as `power` (replacing whoever held it, who
    /// loses it). A user who holds another power is refused unless `swap`:
    /// then they move to `power`, and its holder (if any) takes their old one.
    /// Mid-phase, the deadline is pushed to at least the replacement minimum.
    /// A hashed phase's reveal window left with nothing to reveal resolves
    /// at once (its announcements follow this one's).
    ///
    /// # Errors
    /// Not a moderator, unknown power, the user seated elsewhere without `swap`.
    pub fn assign(
        &self,
        channel: &str,
        caller: &Caller,
        who: &Caller,
        power: &str,
        swap: bool,
    ) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Assign)?;
            Self::require_moderator(&live.game, caller, "assign or replace players")?;
            self.log_moderator(
                c,
                live.game.id,
                caller,
                "assign",
                format!("{} to {power}{}", who.name, if swap { " (swap)" } else { "" }),
            )?;
            let seats = store::seats(c, live.game.id)?;
            let known: Vec<String> = match live.kind.seats() {
                Seats::Fixed(all) => all,
                Seats::Open { .. } => seats.iter().map(|s| s.power.clone()).collect(),
            };
            let name = find_name(&known, power).map(str::to_string).ok_or_else(|| {
                GameError::Invalid(format!("there is no power `{power}`: the powers are {}", known.join(", ")))
            })?;
            if store::is_bot(&who.user) {
                return Err(GameError::Invalid(format!(
                    "`{}` is a bot's id: `game bot add {name}` seats a bot",
                    who.user
                )));
            }
            let before = seats.iter().find(|s| s.power == name).cloned();
            // A bot gives way to the person assigned (it moves nowhere: in a swap, the old power is left to itself).
            let bot_before = before.as_ref().is_some_and(|b| store::is_bot(&b.user));
            let before = before.filter(|_| !bot_before);
            let mine = seats.iter().find(|s| s.user == who.user).cloned();
            if let Some(m) = &mine {
                if m.power == name {
                    return Err(Refusal::AssignedAlready { player: &names::shown(&m.name), power: &name }.into());
                }
                if !swap {
                    let and = match &before {
                        Some(b) => format!(" and {} to {}", names::shown(&b.name), m.power),
                        None => format!(" and leaves {} vacant", m.power),
                    };
                    let (player, holds, user) = (&names::shown(&m.name), &m.power, &who.user);
                    return Err(Refusal::AssignWithoutSwap { player, holds, user, power: &name, and: &and }.into());
                }
            } else if swap {
                return Err(GameError::Invalid(format!(
                    "{} holds no power to swap: `game assign {} {name}` seats them",
                    names::shown(&who.name),
                    who.user
                )));
            }
            if store::concessions(c, live.game.id)?.contains(&name) {
                return Err(Refusal::Conceded { power: &name }.into());
            }
            // Move the user out of their old seat first (a user holds one power).
            let shown = mine.as_ref().map_or(who.name.clone(), |m| m.name.clone());
            if let Some(m) = &mine {
                store::unseat(c, live.game.id, &m.user)?;
            }
            if bot_before {
                store::unseat(c, live.game.id, &store::bot_user(&name))?;
                store::drop_handover(c, live.game.id, &name)?;
            }
            if before.is_none() && live.state.joining() == Joining::TakeOver {
                self.took_over(c, &live.game, (&who.user, &shown), &name)?;
            }
            crate::seats::reliability::replaced(c, &live.game, before.as_ref().filter(|_| mine.is_none()), now)?;
            store::seat(c, live.game.id, &name, &who.user, &shown, now)?;
            store::unkick(c, live.game.id, &who.user)?;
            crate::lifecycle::clear_seat(c, &live.game, &name, "the seat changed hands")?;
            let mut said = format!("{} now plays {name}", names::shown(&shown));
            if let (Some(m), Some(b)) = (&mine, &before) {
                store::seat(c, live.game.id, &m.power, &b.user, &b.name, now)?;
                said += &format!(", and {} now plays {}", names::shown(&b.name), m.power);
            } else if let Some(m) = &mine {
                said += &format!("; {} is vacant", m.power);
            } else if let Some(b) = &before {
                said += &format!(" (replacing {})", names::shown(&b.name));
            } else if bot_before {
                said += " (replacing its bot)";
            }
            let mut bot_took = None;
            if let Some(m) = &mine {
                crate::lifecycle::clear_seat(c, &live.game, &m.power, "the seat changed hands")?;
                if before.is_none() && live.state.joining() == Joining::TakeOver {
                    bot_took = self.vacated(c, &live.game, &m.power)?;
                }
            }
            let mut extra = String::new();
            let mut due = None;
            // A reveal window left with nothing to reveal resolves (after this is announced): no deadline to move.
            let ends = Self::nothing_left_to_reveal(c, live.game.id)?.is_some();
            if let Some((again, d)) = self.played_again(c, &live)? {
                // A game nobody played is played again (and resumes, with at least an hour, if that had paused it).
                extra = again;
                due = d;
            } else if live.state.replacement_moves_deadline(&live.settings) && !ends {
                if let Some(row) = store::phase(c, live.game.id, live.game.phase_seq)? {
                    let min = now + live.settings.min_after_replace_secs;
                    if row.open && row.deadline.is_some_and(|d| d < min) {
                        let to = live.settings.deadline_after(now, live.settings.min_after_replace_secs);
                        store::set_deadline(c, live.game.id, row.seq, Some(to), None)?;
                        extra = format!(
                            " The deadline moves to {} from now{}.",
                            format_duration(to - now),
                            live.settings.local_suffix(to)
                        );
                    }
                }
            }
            // The old power is not vacant after all: a bot plays it.
            if let (Some(m), Some(_)) = (&mine, &bot_took) {
                said = said.replace(&format!("; {} is vacant", m.power), "");
            }
            let bot_took = bot_took.map_or_else(String::new, |t| format!(" {t}"));
            let text = format!("{said}.{extra}{bot_took}");
            let mut out = vec![self.announced(c, &live.game, Reply::public(text).due(due))?];
            out.extend(self.resolve_if_nothing_left(c, live.game.id)?);
            Ok(out)
        })
    }

    /// A moderator removes a player; they may not join the game again on
    /// their own. Their power is free again in a forming game; in a started
    /// one it is open for takeover as the game's `takeover` says (in civil
    /// disorder until then), and a Chess Wheel+ board leaves with its player.
    /// A hashed phase's reveal window left with nothing to reveal resolves
    /// at once (its announcements follow this one's).
    ///
    /// # Errors
    /// Not a moderator, not a player.
    pub fn kick(&self, channel: &str, caller: &Caller, user: &str) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Kick)?;
            Self::require_moderator(&live.game, caller, "remove players")?;
            self.log_moderator(c, live.game.id, caller, "kick", user)?;
            let seat = store::seats(c, live.game.id)?.into_iter().find(|s| s.user == user || s.name == user);
            let Some(seat) = seat else {
                return Err(GameError::Invalid(format!("{user} is not playing in this game")));
            };
            if store::is_bot(&seat.user) {
                return Err(GameError::Invalid(format!(
                    "{} is played by a bot: `game bot remove {}` takes it out",
                    seat.power, seat.power
                )));
            }
            crate::seats::reliability::left(c, &live.game, &seat, now)?;
            store::unseat(c, live.game.id, &seat.user)?;
            store::kick(c, live.game.id, &seat.user, now)?;
            crate::lifecycle::clear_seat(c, &live.game, &seat.power, "the seat changed hands")?;
            let conceded = store::concessions(c, live.game.id)?.contains(&seat.power);
            let bot = match live.state.joining() {
                Joining::TakeOver if !conceded => self.vacated(c, &live.game, &seat.power)?,
                _ => None,
            };
            let text = match bot {
                Some(t) => format!("{} has been removed. {t}", names::shown(&seat.name)),
                None => kicked_text(&live, &seat, conceded),
            };
            let mut out = vec![self.announced(c, &live.game, Reply::public(text))?];
            // The players left may all have voted for a draw already; or nobody may be left playing.
            if let Ok((row, position)) = Self::current_phase(c, &live) {
                let now = (row.seq, now);
                if let Some(end) = crate::moderation::draw_if_agreed(c, &live.game, &live.settings, &position, now)? {
                    out.push(self.announced(c, &live.game, end)?);
                    return Ok(out);
                }
            }
            if let Some(notice) = self.abandon_if_nobody_plays(c, live.game.id)? {
                out.push(self.announced(c, &live.game, notice)?);
            }
            out.extend(self.resolve_if_nothing_left(c, live.game.id)?);
            Ok(out)
        })
    }
}
