//! Direct messages to players (`notify`): a phase opening tells each
//! player who owes something in it, once, what they owe, the deadline and
//! the board; the reminder before a deadline is also sent to the late
//! players; and, for those who ask, each result. What each user wants is
//! kept per server (`notify phase=on|off deadline=on|off results=on|off`,
//! [`crate::store::NotifySettings`]: phase openings and reminders unless
//! turned off, results only if turned on).
//!
//! Every one of these messages is an outbox item written in the
//! transaction that opens the phase (or claims the reminder, or resolves
//! the phase): it is sent once, whoever opened the phase, and a phase
//! reopened by a rollback is a new opening, told again. Bots are told
//! nothing. A user who does not accept direct messages is recorded when
//! Discord refuses one ([`Service::dm_refused`]), and still sent the next.

use crate::lifecycle::{GameStatus, Stage};
use crate::orders::slots::by_power;
use crate::standings::profile::channel_shown;
use crate::store::{self, GameRow, NotifySettings, PhaseRow};
use crate::story::source::ImageSource;
use crate::{
    decode, format_duration, kind_of, settings_of, slug, Caller, GameError, Image, Position, Reply, Service, Settings,
};

/// What a `notify` line asks to change (none: show the settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotifyChange {
    /// Phase openings.
    pub phase: Option<bool>,
    /// Deadline reminders.
    pub deadline: Option<bool>,
    /// Results.
    pub results: Option<bool>,
}

/// How to write `notify`, for refusals.
const HOW: &str = "write `notify` to see your settings, or e.g. `notify phase=off`: it takes phase=on|off, deadline=on|off and results=on|off";

/// Reads the words after `notify` (`phase=off results=on`).
///
/// # Errors
/// A word that is not `key=on|off` of a known key, or a key given twice.
pub fn notify_words(words: &[&str]) -> Result<NotifyChange, GameError> {
    let mut change = NotifyChange::default();
    for w in words {
        let Some((key, value)) = w.split_once(['=', ':']) else {
            return Err(GameError::Invalid(format!("`{w}` is not a setting: {HOW}")));
        };
        let key = key.to_ascii_lowercase();
        let slot = match key.as_str() {
            "phase" => &mut change.phase,
            "deadline" => &mut change.deadline,
            "results" => &mut change.results,
            _ => return Err(GameError::Invalid(format!("there is no setting `{key}` for direct messages: {HOW}"))),
        };
        let on = match value.to_ascii_lowercase().as_str() {
            "on" => true,
            "off" => false,
            _ => {
                return Err(GameError::Invalid(format!(
                    "`{key}` is `on` or `off`, not `{value}`: write `notify {key}=on` or `notify {key}=off`"
                )))
            }
        };
        if slot.replace(on).is_some() {
            return Err(GameError::Invalid(format!("`{key}` is given twice: give each setting once ({HOW})")));
        }
    }
    Ok(change)
}

fn word(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// The settings in words.
fn settings_text(s: NotifySettings) -> String {
    format!(
        "Direct messages from me in this server:\n- phase: **{}**: when a phase opens in which you owe orders (what you owe, the deadline and the board)\n- deadline: **{}**: the reminder before a deadline, while your orders are missing\n- results: **{}**: each result of your games\nChange them with `notify phase=on|off deadline=on|off results=on|off` (any of the three).",
        word(s.phase),
        word(s.deadline),
        word(s.results)
    )
}

/// What a player owes as a stage opens, for the direct message that tells them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owed {
    /// Orders (a turn-based game's move when `turn`).
    Orders { turn: bool },
    /// A hashed game's commitment.
    Commitment,
    /// The reveal of a commitment.
    Reveal,
}

/// How a direct message names a game: `Chesspolitik (2 players) in <#123>`
/// (on the console, `in channel NAME`).
fn game_named(g: &GameRow) -> String {
    format!("{} in {}", crate::names::variant_name(&g.variant), channel_shown(&g.guild, &g.channel))
}

impl Service {
    /// `notify [phase=on|off] [deadline=on|off] [results=on|off]`: the
    /// caller's direct messages in server `guild` (for a line sent without
    /// a server, a direct message to the bot: the server of the game of
    /// `channel`), changed as `change` says; shown either way.
    ///
    /// # Errors
    /// No server to set them for; database errors.
    pub fn notify(
        &self,
        channel: &str,
        guild: &str,
        caller: &Caller,
        change: NotifyChange,
    ) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let guild = if guild.is_empty() {
                store::latest_game(c, channel)?.map(|g| g.guild).ok_or_else(|| {
                    GameError::Invalid(
                        "direct messages are set per server: use `/notify` in a channel of the server, or send `notify` here with the number of one of your games there (e.g. `1: notify phase=off`)".into(),
                    )
                })?
            } else {
                guild.to_string()
            };
            let mut s = store::notify_settings(c, &caller.user, &guild)?;
            let changed = change != NotifyChange::default();
            if changed {
                s.phase = change.phase.unwrap_or(s.phase);
                s.deadline = change.deadline.unwrap_or(s.deadline);
                s.results = change.results.unwrap_or(s.results);
                store::set_notify_settings(c, &caller.user, &guild, s, now)?;
            }
            let mut text = if changed { format!("Saved. {}", settings_text(s)) } else { settings_text(s) };
            if let Some((last, _)) = store::dm_refusals(c, &caller.user)? {
                text += &format!(
                    "\nMy last direct message to you could not be delivered (<t:{last}:R>): you do not accept direct messages from me. To get them, allow direct messages from this server's members in its privacy settings."
                );
            }
            Ok(Reply::private(text))
        })
    }

    /// Records that Discord refused outbox item `id`, a direct message to
    /// `user`, for good (they do not accept direct messages from the bot,
    /// or the id is no user's): the item is done (kept as delivered, with
    /// `error`; it is not tried again, nor parked), and the user recorded.
    /// Returns whether this is the first refusal recorded for them since
    /// they last accepted one (the one to log).
    ///
    /// # Errors
    /// Database errors.
    pub fn dm_refused(&self, id: i64, user: &str, error: &str) -> Result<bool, GameError> {
        let now = self.now();
        self.store.write(|c| {
            store::outbox_refused(c, id, error, now)?;
            Ok(store::dm_refused(c, user, now)?)
        })
    }

    /// Writes the direct messages `dms` about game `g` to the outbox, in the
    /// caller's transaction (each player's a queue of its own beside the
    /// channel's posts). They are not returned with the command's replies:
    /// the outbox alone carries them.
    pub(crate) fn tell(&self, c: &rusqlite::Connection, g: &GameRow, mut dms: Vec<Reply>) -> Result<(), GameError> {
        self.announce(c, &g.channel, Some(g.id), &mut dms)
    }

    /// The direct messages of the stage of phase `seq` of `game` that has
    /// just opened (its orders, its commit window or its reveal window):
    /// one to each person seated for a power that owes something in it and
    /// has not done it yet, whose `phase` setting in the game's server is
    /// on. Told ([`Service::tell`]) by the caller, in the transaction that opened it.
    pub(crate) fn opening_dms(&self, c: &rusqlite::Connection, game: i64, seq: i64) -> Result<Vec<Reply>, GameError> {
        let Some(g) = store::game(c, game)?.filter(|g| g.status == GameStatus::Active) else { return Ok(Vec::new()) };
        let Some(row) = store::phase(c, game, seq)?.filter(|r| r.open) else { return Ok(Vec::new()) };
        let settings = settings_of(&g);
        let kind = kind_of(&g, &settings)?;
        let position = decode(&kind, &row)?;
        let phase = position.phase();
        let acting = Self::acting(c, game, &phase)?;
        let owed = match row.stage {
            Stage::Orders => Owed::Orders { turn: phase.resolve_on_submit },
            Stage::Commit => Owed::Commitment,
            Stage::Reveal => Owed::Reveal,
            Stage::Wait | Stage::Sealed => return Ok(Vec::new()),
        };
        // Who has done it already (orders carried over by a rollback, a bot's turn): not told.
        let done: Vec<String> = match owed {
            Owed::Orders { .. } => by_power(&store::orders(c, game, seq, None)?).into_iter().map(|(p, _)| p).collect(),
            Owed::Commitment => store::commitments(c, game, seq)?.into_iter().map(|m| m.power).collect(),
            Owed::Reveal => Vec::new(),
        };
        let unrevealed =
            if owed == Owed::Reveal { crate::hashed::unrevealed::unrevealed(c, game, seq)? } else { Vec::new() };
        let marks = crate::conceded_marks(c, game, &settings)?;
        let mut out = Vec::new();
        for (power, user) in store::players(c, game)? {
            if store::is_bot(&user) || !acting.contains(&power) || done.contains(&power) {
                continue;
            }
            if owed == Owed::Reveal && !unrevealed.iter().any(|m| m.power == power && m.user == user) {
                continue;
            }
            if !store::notify_settings(c, &user, &g.guild)?.phase {
                continue;
            }
            let text = self.opening_text(&g, &row, &position, &settings, (&power, owed));
            // "My orders" answers with their pieces, what they owe and the order form.
            let mut reply =
                Reply::to_user(&user, text).due(row.deadline).with(vec![crate::controls::my_orders(g.id, seq)]);
            // The board they are to order on (a reveal repeats nothing: its commitment was made on it).
            if owed != Owed::Reveal {
                reply.images.push(
                    Image::new(&format!("{}-position", slug(&row.name)), &position, None, &settings, "position")
                        .marked(marks.clone())
                        .stored(ImageSource::Phase { seq }),
                );
            }
            out.push(reply);
        }
        Ok(out)
    }

    /// The text of the direct message that tells the player of `power` that
    /// a stage of `row` opened and what they owe in it.
    fn opening_text(
        &self,
        g: &GameRow,
        row: &PhaseRow,
        position: &Position,
        settings: &Settings,
        (power, owed): (&str, Owed),
    ) -> String {
        let now = self.now();
        let left =
            row.deadline.map_or(String::new(), |d| format!("{}{}", format_duration(d - now), settings.local_suffix(d)));
        let head = |what: &str, when: &str| {
            // The first line alone (a front end may make it a title, where no mention shows).
            format!("**{what}: {}**\n{}, where you play {power}. {when} {left}.", row.name, game_named(g))
        };
        match owed {
            Owed::Orders { turn } => {
                let title = if turn { "Your move" } else { "Your orders" };
                format!(
                    "{}\n{}\nSend them privately with `orders ...`, here or in the game's channel (`orders show` reads them back).",
                    head(title, "Due in"),
                    position.describe(power, &[])
                )
            }
            Owed::Commitment => format!(
                "{}\nCommit the SHA-256 of your orders with `commit <hash>`; you reveal the exact text with `reveal <text>` in the reveal window that follows (`hash` shows how to seal them on your own device).",
                head("Commit your orders", "The commit window closes in")
            ),
            Owed::Reveal => format!(
                "{}\nReveal the exact text you committed with `reveal <text>`: a commitment not revealed in time plays no orders.",
                head("Reveal your orders", "The reveal window closes in")
            ),
        }
    }

    /// The reminders by direct message of phase `row` of `g`, to the late
    /// players `missing` (power, user) whose `deadline` setting is on: those
    /// who still owe what the phase's stage waits for (orders, a commitment
    /// or a reveal). Told by the caller with the channel's reminder.
    pub(crate) fn reminder_dms(
        &self,
        c: &rusqlite::Connection,
        g: &GameRow,
        row: &PhaseRow,
        missing: &[(String, String)],
    ) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        let (what, owes): (&str, Vec<String>) = match row.stage {
            Stage::Orders => ("your orders are", missing.iter().map(|(p, _)| p.clone()).collect()),
            Stage::Commit => {
                let committed: Vec<String> =
                    store::commitments(c, g.id, row.seq)?.into_iter().map(|m| m.power).collect();
                (
                    "your commitment is",
                    missing.iter().map(|(p, _)| p.clone()).filter(|p| !committed.contains(p)).collect(),
                )
            }
            Stage::Reveal => (
                "the reveal of your commitment is",
                crate::hashed::unrevealed::unrevealed(c, g.id, row.seq)?.into_iter().map(|m| m.power).collect(),
            ),
            Stage::Wait | Stage::Sealed => return Ok(Vec::new()),
        };
        let settings = settings_of(g);
        let mut out = Vec::new();
        for (power, user) in missing {
            if store::is_bot(user) || !owes.contains(power) || !store::notify_settings(c, user, &g.guild)?.deadline {
                continue;
            }
            let left = row
                .deadline
                .map_or(String::new(), |d| format!(" in {}{}", format_duration(d - now), settings.local_suffix(d)));
            let how = match row.stage {
                Stage::Commit => "commit them with `commit <hash>`",
                Stage::Reveal => "reveal them with `reveal <text>`",
                _ => "send them privately with `orders ...`, here or in the game's channel",
            };
            let text = format!(
                "**Reminder: {}**\n{}, where you play {power}: {what} still missing, due{left}. Please {how}.",
                row.name,
                game_named(g)
            );
            out.push(
                Reply::to_user(user, text).due(row.deadline).with(vec![crate::controls::my_orders(g.id, row.seq)]),
            );
        }
        Ok(out)
    }

    /// The result `result` of a phase of `g` by direct message, to each
    /// person of `players` (power, user) whose `results` setting is on: its
    /// text and its still images (neither the animation nor, at an end, the
    /// chart and the timelapse, which the channel has).
    pub(crate) fn result_dms(
        c: &rusqlite::Connection,
        g: &GameRow,
        players: &[(String, String)],
        result: &Reply,
    ) -> Result<Vec<Reply>, GameError> {
        let mut out = Vec::new();
        for (power, user) in players {
            if store::is_bot(user) || !store::notify_settings(c, user, &g.guild)?.results {
                continue;
            }
            // The result's first line first (a front end may make it a title), then which game it is.
            let (first, rest) = result.text.split_once('\n').unwrap_or((&result.text, ""));
            let text = format!("{first}\n{}, where you play {power}.\n{rest}", game_named(g));
            let mut reply = Reply::to_user(user, text).due(result.deadline);
            reply.images = result
                .images
                .iter()
                .filter(|i| {
                    !i.is_animation()
                        && i.spec().is_some_and(|s| {
                            !matches!(s.source, ImageSource::Timelapse { .. } | ImageSource::Chart { .. })
                        })
                })
                .cloned()
                .collect();
            out.push(reply);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notify_reads_each_setting_once_and_names_what_is_wrong() {
        assert_eq!(notify_words(&[]).ok(), Some(NotifyChange::default()));
        assert_eq!(
            notify_words(&["phase=off", "RESULTS=On"]).ok(),
            Some(NotifyChange { phase: Some(false), deadline: None, results: Some(true) })
        );
        assert_eq!(
            notify_words(&["deadline:on"]).ok(),
            Some(NotifyChange { phase: None, deadline: Some(true), results: None })
        );
        let e = notify_words(&["phase=maybe"]).unwrap_err().to_string();
        assert!(e.contains("`phase` is `on` or `off`, not `maybe`"), "{e}");
        let e = notify_words(&["colour=on"]).unwrap_err().to_string();
        assert!(e.contains("there is no setting `colour`") && e.contains("phase=on|off"), "{e}");
        let e = notify_words(&["phase"]).unwrap_err().to_string();
        assert!(e.contains("`phase` is not a setting"), "{e}");
        let e = notify_words(&["phase=on", "phase=off"]).unwrap_err().to_string();
        assert!(e.contains("`phase` is given twice"), "{e}");
    }
}
