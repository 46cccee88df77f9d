//! A game nobody is left playing: every power vacant, conceded or out of
//! the game (and, in Chess Wheel+, whose boards never change hands, every
//! player absent for `cd-after` cycles in a row). Such a game pauses itself
//! at once and says so once, pinging its creator; it resumes when someone
//! takes a seat, and ends as abandoned (not scored, not rated) once it has
//! waited `abandon-after` with nobody playing. Without this a game whose
//! players all left resolved "no orders" phase after phase for good.

use rusqlite::Connection;

use crate::lifecycle::{GameStatus, Refusal};
use crate::moderation::{game_over, pause_in};
use crate::standings::scores::{Ending, ABANDONED_END};
use crate::store::{self, Abandoned, GameRow};
use crate::{decode, kind_of, settings_of, GameError, Live, Reply, Service, Settings, Takeover};
use chessdip_rules::family::Seats;
use chessdip_rules::words::join_and;

/// Who plays a game and who cannot, as abandonment sees it.
#[derive(Debug, Default)]
pub(crate) struct Players {
    /// The powers somebody plays: seated, not conceded, alive (in Chess
    /// Wheel+ also not absent for `cd-after` cycles in a row); a bot's only
    /// while a person is still in the game.
    pub playing: Vec<String>,
    /// The powers nobody plays that are still in the game (alive, not
    /// conceded): vacant, or played by a bot with no person left.
    pub vacant: Vec<String>,
    /// The powers held by a player, absent or not (alive, not conceded).
    pub seated: Vec<String>,
}

/// Whether a Chess Wheel+ player counts as absent: their last `cd_after`
/// cycles were all in civil disorder (no message) without a board action.
fn absent(c: &Connection, g: &GameRow, seat: &store::Seat, settings: &Settings) -> Result<bool, GameError> {
    let Some(most) = settings.cd_after.filter(|n| *n > 0) else { return Ok(false) };
    if store::disorder_streak(c, &g.guild, g.id, &seat.power, &seat.user)? < most {
        return Ok(false);
    }
    let since = g.phase_seq - i64::from(most);
    for seq in since.max(1)..=g.phase_seq {
        if store::board_actions(c, g.id, seq)?.iter().any(|(p, ..)| *p == seat.power) {
            return Ok(false);
        }
    }
    Ok(true)
}

impl Service {
    /// Who still plays game `g` in its current phase.
    pub(crate) fn players_of(c: &Connection, g: &GameRow) -> Result<Players, GameError> {
        let settings = settings_of(g);
        let kind = kind_of(g, &settings)?;
        let Some(row) = store::phase(c, g.id, g.phase_seq)? else { return Ok(Players::default()) };
        let position = decode(&kind, &row)?;
        let seats = store::seats(c, g.id)?;
        let conceded = store::concessions(c, g.id)?;
        let own_boards = matches!(kind.seats(), Seats::Open { .. });
        let powers: Vec<String> = match kind.seats() {
            Seats::Fixed(all) => all,
            Seats::Open { .. } => seats.iter().map(|s| s.power.clone()).collect(),
        };
        // Bots play for the people in the game: with none left (every person gone or conceded), nobody plays.
        let people = seats.iter().any(|s| !store::is_bot(&s.user) && !conceded.contains(&s.power));
        let mut out = Players::default();
        for power in powers.into_iter().filter(|p| !conceded.contains(p) && position.alive(p)) {
            match seats.iter().find(|s| s.power == power) {
                // A bot plays on while a person is in the game (an eliminated one watches it to its end).
                Some(seat) if store::is_bot(&seat.user) && people => out.playing.push(power),
                Some(seat) if store::is_bot(&seat.user) => out.vacant.push(power),
                Some(seat) => {
                    out.seated.push(power.clone());
                    if !(own_boards && absent(c, g, seat, &settings)?) {
                        out.playing.push(power);
                    }
                }
                None => out.vacant.push(power),
            }
        }
        Ok(out)
    }

    /// After what may have left nobody playing game `game` (an unseating,
    /// a kick, a resolution): if nobody plays it any more and it is running
    /// and not already abandoned, it is abandoned: paused (unless a
    /// moderator had paused it), recorded with when it ends, and the
    /// channel told once, pinging its creator, with what can be done. The
    /// announcement (the caller announces it, after what caused it).
    pub(crate) fn abandon_if_nobody_plays(&self, c: &Connection, game: i64) -> Result<Option<Reply>, GameError> {
        let now = self.now();
        let Some(g) = store::game(c, game)? else { return Ok(None) };
        if !matches!(g.status, GameStatus::Active | GameStatus::Paused) || store::abandoned(c, g.id)?.is_some() {
            return Ok(None);
        }
        let players = Self::players_of(c, &g)?;
        if !players.playing.is_empty() {
            return Ok(None);
        }
        let Some(row) = store::phase(c, g.id, g.phase_seq)?.filter(|r| r.open) else { return Ok(None) };
        let settings = settings_of(&g);
        let paused = g.status == GameStatus::Active;
        if paused {
            pause_in(c, &g, &row, now)?;
        }
        let ends_at = settings.abandon_after_secs.map(|s| now + s);
        store::set_abandoned(c, g.id, &Abandoned { since: now, ends_at, paused })?;
        let own_boards = matches!(kind_of(&g, &settings)?.seats(), Seats::Open { .. });
        let mut text = if own_boards {
            let n = settings.cd_after.unwrap_or(0);
            format!(
                "**Nobody is left playing:** every player has left, conceded or sent nothing for {} in a row.",
                chessdip_rules::words::count(n as usize, "cycle")
            )
        } else {
            let bots = !store::bot_powers(c, g.id)?.is_empty();
            if bots {
                "**Nobody is left playing:** every power still in the game is vacant or played by a bot.".to_string()
            } else {
                "**Nobody is left playing:** every power still in the game is vacant.".to_string()
            }
        };
        text += if paused {
            " The game is paused: nothing resolves until somebody plays again."
        } else {
            " The game stays paused."
        };
        let vacant: Vec<String> = players.vacant.iter().map(|p| format!("`{p}`")).collect();
        text += &match (own_boards, settings.takeover) {
            (true, _) if players.seated.is_empty() => format!(
                "\nNo new player can join a game of a board per player once it started: moderators (<@{}>) can `game end` it.",
                g.created_by
            ),
            (true, _) => format!(
                "\nModerators (<@{}>): when the players are back, `game resume` lets them play on; `game end` ends the game.",
                g.created_by
            ),
            (false, Takeover::Open) => format!(
                "\nAnyone may take a vacant power with `join <power>` ({}), and the game resumes. Moderators (<@{}>): `game assign <user> <power>` seats someone, `game end` ends the game.",
                join_and(&vacant),
                g.created_by
            ),
            (false, Takeover::Moderator) => format!(
                "\n`join <power>` asks for a vacant power ({}); moderators (<@{}>) grant it with `game assign <user> <power>`, and the game resumes, or end it with `game end`.",
                join_and(&vacant),
                g.created_by
            ),
        };
        text += &match ends_at {
            Some(t) if own_boards => {
                format!("\nIf nobody resumes it, it ends as abandoned <t:{t}:R>: not scored, not rated.")
            }
            Some(t) => format!("\nIf nobody takes a seat, it ends as abandoned <t:{t}:R>: not scored, not rated."),
            None => "\nIt waits for good (`abandon-after=off`).".to_string(),
        };
        let mut reply = Reply::public(text).due(ends_at);
        reply.mentions = vec![g.created_by.clone()];
        Ok(Some(reply))
    }

    /// Somebody took a seat of `live`'s game (a takeover, or a moderator's
    /// assignment): a game that was abandoned is played again. Its record
    /// goes, and if the abandonment paused it, it resumes. What to add to
    /// the seat's announcement (with the new deadline), if anything.
    pub(crate) fn played_again(&self, c: &Connection, live: &Live) -> Result<Option<(String, Option<i64>)>, GameError> {
        let Some(a) = store::abandoned(c, live.game.id)? else { return Ok(None) };
        store::clear_abandoned(c, live.game.id)?;
        let Some(row) = store::phase(c, live.game.id, live.game.phase_seq)?.filter(|r| r.open) else {
            return Ok(None);
        };
        if !a.paused || live.game.status != GameStatus::Paused {
            return Ok(Some((
                " Somebody plays the game again; it stays paused until a moderator resumes it.".to_string(),
                None,
            )));
        }
        let (what, d) = self.resume_in(c, live, &row)?;
        Ok(Some((format!(" The game resumes; {what}"), Some(d))))
    }

    /// A moderator's `game resume` of a game nobody plays: refused while
    /// nobody holds a power still in the game (it would only resolve phase
    /// after phase without orders); a Chess Wheel+ game whose players are
    /// absent but keep their boards may be resumed for them.
    pub(crate) fn refuse_resume_if_nobody_plays(&self, c: &Connection, live: &Live) -> Result<(), GameError> {
        let players = Self::players_of(c, &live.game)?;
        if !players.seated.is_empty() {
            return Ok(());
        }
        let ends = store::abandoned(c, live.game.id)?.and_then(|a| a.ends_at);
        let boards = matches!(live.kind.seats(), Seats::Open { .. });
        Err(Refusal::NobodyPlays { vacant: &players.vacant, boards, ends }.into())
    }

    /// Ends every game that has waited `abandon-after` with nobody playing
    /// (the scheduler's tick), each in its own transaction: as abandoned,
    /// not scored and not rated. The announcements, with each game's channel.
    ///
    /// # Errors
    /// Database errors (a game that fails is logged and left for the next tick).
    pub fn end_abandoned(&self) -> Result<Vec<(String, Reply)>, GameError> {
        let now = self.now();
        let due = self.store.read(|c| Ok::<_, GameError>(store::due_abandoned(c, now)?))?;
        let mut out = Vec::new();
        for g in due {
            let done = self.store.write(|c| {
                // Somebody may have taken a seat since it was listed.
                let Some(g) = store::game(c, g.id)? else { return Ok(None) };
                let Some(a) = store::abandoned(c, g.id)?.filter(|a| a.ends_at.is_some_and(|t| t <= now)) else {
                    return Ok(None);
                };
                if !matches!(g.status, GameStatus::Active | GameStatus::Paused) {
                    return Ok(None);
                }
                let settings = settings_of(&g);
                let kind = kind_of(&g, &settings)?;
                let row = store::phase(c, g.id, g.phase_seq)?;
                let position = row.as_ref().map(|r| decode(&kind, r)).transpose()?;
                let headline = format!(
                    "**Game over: abandoned.** Nobody has played it since <t:{}:f>: it ends not scored and not rated. Its history stays available with `history` and `game export`; `game create` starts a new game here.",
                    a.since
                );
                let how = (ABANDONED_END, now, &Ending::Abandoned);
                let reply = game_over(c, &g, position.as_ref(), &settings, how, headline)?;
                Ok::<_, GameError>(Some(self.announced(c, &g, reply)?))
            });
            match done {
                Ok(Some(r)) => out.push((g.channel.clone(), r)),
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(game = g.id, channel = %g.channel, error = %e, "ending an abandoned game failed")
                }
            }
        }
        Ok(out)
    }
}
