//! Moderation and the end of a game: deadlines, pause, rollback, end,
//! draw votes, concession.

use super::{decode, format_duration, kind_of, settings_of, Caller, GameError, Reply, Service};
use crate::store::{self, GameStatus, StoreError};

impl Service {
    /// A moderator moves the deadline: `extend` adds to it, otherwise it is set to now + `secs`.
    ///
    /// # Errors
    /// Not a moderator, no open phase.
    pub fn deadline(&self, channel: &str, caller: &Caller, secs: i64, extend: bool) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = Self::live(c, channel)?;
            Self::require_moderator(&live.game, caller, "change the deadline")?;
            let (row, _) = Self::current_phase(c, &live)?;
            if live.game.status == GameStatus::Paused {
                let left = if extend { row.paused_left.unwrap_or(0) + secs } else { secs };
                store::set_deadline(c, live.game.id, row.seq, None, Some(left))?;
                return Ok(Reply::public(format!(
                    "The game is paused; on resume {} will remain for {}.",
                    format_duration(left),
                    row.name
                )));
            }
            let base = if extend { row.deadline.unwrap_or(now).max(now) } else { now };
            let d = base + secs;
            store::set_deadline(c, live.game.id, row.seq, Some(d), None)?;
            Ok(Reply::public(format!("{} is now due in {}.", row.name, format_duration(d - now))).due(Some(d)))
        })
    }

    /// A moderator pauses (deadlines frozen) or resumes the game.
    ///
    /// # Errors
    /// Not a moderator, wrong state.
    pub fn pause(&self, channel: &str, caller: &Caller, pause: bool) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = Self::live(c, channel)?;
            Self::require_moderator(&live.game, caller, if pause { "pause the game" } else { "resume the game" })?;
            let (row, _) = Self::current_phase(c, &live)?;
            match (pause, live.game.status) {
                (true, GameStatus::Active) => {
                    let left = row.deadline.map(|d| (d - now).max(60));
                    store::set_deadline(c, live.game.id, row.seq, None, left)?;
                    store::set_status(c, live.game.id, GameStatus::Paused, None)?;
                    Ok(Reply::public("The game is paused: the deadline is frozen and no orders are taken."))
                }
                (false, GameStatus::Paused) => {
                    let d = row.paused_left.map(|l| now + l);
                    store::set_deadline(c, live.game.id, row.seq, d, None)?;
                    store::set_status(c, live.game.id, GameStatus::Active, None)?;
                    Ok(Reply::public(format!(
                        "The game resumes; {} is due in {}.",
                        row.name,
                        d.map_or("no deadline".into(), |d| format_duration(d - now))
                    ))
                    .due(d))
                }
                (true, _) => Err(GameError::State("the game is not running".into())),
                (false, _) => Err(GameError::State("the game is not paused".into())),
            }
        })
    }

    /// A moderator undoes the last resolution: the previous phase reopens with its orders.
    ///
    /// # Errors
    /// Not a moderator, nothing to undo.
    pub fn rollback(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
            Self::require_moderator(&game, caller, "roll back a phase")?;
            if game.phase_seq < 2 {
                return Err(GameError::State("there is no resolved phase to roll back".into()));
            }
            let settings = settings_of(&game);
            let kind = kind_of(&game, &settings)?;
            let prev = store::phase(c, game.id, game.phase_seq - 1)?
                .ok_or_else(|| GameError::State("no previous phase".into()))?;
            let position = decode(&kind, &prev)?;
            // A hashed phase reopens for reveals (its commitments stand).
            let deadline =
                if settings.hashed { settings.reveal_deadline(now) } else { self.deadline_for(&settings, &position) };
            store::reopen_previous(c, game.id, game.phase_seq, Some(deadline))?;
            if game.status == GameStatus::Ended {
                store::set_status(c, game.id, GameStatus::Active, None)?;
                c.execute("UPDATE games SET ended = NULL WHERE id = ?1", [game.id]).map_err(StoreError::from)?;
            }
            Ok(Reply::public(format!(
                "Rolled back: {} is open again with the orders it had, due in {}.",
                prev.name,
                format_duration(deadline - now)
            ))
            .due(Some(deadline)))
        })
    }

    /// A moderator ends the game.
    ///
    /// # Errors
    /// Not a moderator.
    pub fn end(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = Self::live(c, channel)?;
            Self::require_moderator(&live.game, caller, "end the game")?;
            store::set_status(c, live.game.id, GameStatus::Ended, Some("ended by a moderator"))?;
            Ok(Reply::public("The game has been ended by a moderator. Its history stays available with `history`."))
        })
    }

    /// A secret draw vote. When every surviving power has voted yes this phase, the game ends in a draw.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn vote_draw(&self, channel: &str, caller: &Caller, yes: bool) -> Result<Vec<Reply>, GameError> {
        self.store.write(|c| {
            let live = Self::live(c, channel)?;
            let name = Self::power_of(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            if !row.open {
                return Err(GameError::State("this phase is being resolved; vote again in the next one".into()));
            }
            store::set_draw_vote(c, live.game.id, row.seq, &name, yes)?;
            let votes = store::draw_votes(c, live.game.id, row.seq)?;
            let alive: Vec<String> = Self::all_powers(c, &live)?.into_iter().filter(|p| position.alive(p)).collect();
            let mut out = vec![Reply::private(if yes {
                "Your draw vote is recorded (secret). It lapses when this phase resolves."
            } else {
                "Your draw vote is withdrawn."
            })];
            // Powers in civil disorder have nobody to vote: the seated survivors decide.
            let seated = store::players(c, live.game.id)?;
            let voters: Vec<&String> = alive.iter().filter(|p| seated.iter().any(|(q, _)| q == *p)).collect();
            if yes && voters.iter().all(|p| votes.contains(p)) {
                let text = format!("draw between {}", alive.join(", "));
                store::set_status(c, live.game.id, GameStatus::Ended, Some(&text))?;
                out.push(Reply::public(format!("**Game over: {text}**, by unanimous vote of the surviving powers.")));
            }
            Ok(out)
        })
    }

    /// The caller's power concedes. When every surviving power but one has
    /// conceded, that one wins.
    ///
    /// # Errors
    /// No game, not a player.
    pub fn concede(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = Self::live(c, channel)?;
            let name = Self::power_of(c, &live, caller)?;
            let (_, position) = Self::current_phase(c, &live)?;
            store::concede(c, live.game.id, &name)?;
            let conceded = store::concessions(c, live.game.id)?;
            let standing: Vec<String> = Self::all_powers(c, &live)?
                .into_iter()
                .filter(|p| position.alive(p) && !conceded.contains(p))
                .collect();
            if let [winner] = standing.as_slice() {
                let text = format!("{winner} wins by concession");
                store::set_status(c, live.game.id, GameStatus::Ended, Some(&text))?;
                return Ok(Reply::public(format!("{name} concedes. **Game over: {text}.**")));
            }
            Ok(Reply::public(format!("{name} concedes the game.")))
        })
    }
}
