//! Moderation and the end of a game: deadlines, pause, rollback, end,
//! draw votes, concession.

use crate::lifecycle::{Command, Refusal, State, Timer};
use crate::lifecycle::{GameStatus, Stage};
use crate::standings::scores::Ending;
use crate::store::{self, GameRow};
use crate::{
    decode, encode, format_duration, Bounds, Caller, GameError, Image, Position, Reply, Service, Settings, MIN_RESUME,
};
use chessdip_rules::chess_wheel::{DEFAULT_MOVEMENT_POWER, MOVEMENT_POWER_OPTION};
use chessdip_rules::words::count;

/// Ends `game` with `result` (`draw between ...`, `Black wins by concession`)
/// in `position` (none for a game that never started): records both, and
/// gives the announcement, `headline` followed by the move list of games that
/// keep one and with an image of the final position, as every ending has.
/// The scores of `ending` are recorded and follow the headline.
pub(crate) fn game_over(
    c: &rusqlite::Connection,
    game: &GameRow,
    position: Option<&Position>,
    settings: &Settings,
    (result, at, ending): (&str, i64, &Ending),
    headline: String,
) -> Result<Reply, GameError> {
    store::set_status(c, game.id, GameStatus::Ended, Some(result))?;
    // It ends during the phase being played (none before the start).
    store::set_ended_at(c, game.id, at, Some(game.phase_seq).filter(|s| *s > 0))?;
    crate::seats::reliability::game_ended(c, game, at)?;
    let mut text = format!("{headline}\n{}", crate::standings::scores::record(c, game, position, settings, ending)?);
    let mut images = Vec::new();
    if let Some(p) = position {
        store::set_final_state(c, game.id, &encode(p)?)?;
        if let Some(t) = transcript_of(p, Some(result)) {
            text += &format!("\n```\n{t}\n```");
        }
        images.push(Image::final_position(p, settings, result, crate::final_marks(c, game.id, settings)?)?);
        images.extend(crate::story::whole::story_at_end(c, game.id)?);
    }
    let mut reply = Reply::public(text);
    reply.images = images;
    Ok(reply)
}

/// The move list of a game that keeps one. A game that ended other than
/// by its rules (a concession, a forfeit, a vote, a moderator), whose
/// rules' record therefore has no ending, gets its `Result:` line here.
pub(crate) fn transcript_of(p: &Position, ended: Option<&str>) -> Option<String> {
    let t = p.transcript()?;
    Some(match ended {
        Some(r) if p.result() == chessdip_rules::family::GameResult::Ongoing => format!("{t}\nResult: {r}"),
        _ => t,
    })
}

/// The settings a moderator may change during a game (`game set`): how
/// images look, and Chess Wheel+'s movement power (from the next cycle).
const CHANGEABLE: &[&str] = &["palette", "animation", "animations", "animate", MOVEMENT_POWER_OPTION];

/// The usage of `game set`.
const SET_USAGE: &str = "`game set palette=classic|colour-blind animation=yes|no` (Chess Wheel+ also \
    `movement-power=<moves per cycle>`), e.g. `game set animation=no`";

impl Service {
    /// A moderator changes how the game's images look, from the next image
    /// on (`palette=classic|colour-blind`, `animation=yes|no`), or Chess
    /// Wheel+'s movement power (`movement-power=4`), from the next cycle on.
    /// Each change is logged and announced. The other settings are fixed
    /// when the game is created.
    ///
    /// # Errors
    /// No game or an ended one, not a moderator, nothing to set, a setting
    /// that cannot change during a game or does not exist in this game, or a bad value.
    pub fn set(&self, channel: &str, caller: &Caller, words: &[&str]) -> Result<Reply, GameError> {
        if words.is_empty() {
            return Err(GameError::Invalid(format!("say what to change: {SET_USAGE}")));
        }
        for w in words {
            let key = w.split_once('=').map_or(*w, |(k, _)| k).to_ascii_lowercase();
            if !CHANGEABLE.contains(&key.as_str()) {
                return Err(GameError::Invalid(format!(
                    "`{w}`: during a game only the images' palette and animation, and Chess Wheel+'s movement power, can change ({SET_USAGE}); the other settings are fixed at `game create`"
                )));
            }
        }
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Settings)?;
            Self::require_moderator(&live.game, caller, "change the game's settings")?;
            let mut next = crate::options::parse_settings(words, live.settings.clone())?;
            let power = if next.options.get(MOVEMENT_POWER_OPTION) == live.settings.options.get(MOVEMENT_POWER_OPTION) {
                None
            } else {
                Some(self.movement_power_change(c, &live, &mut next)?)
            };
            let palette = |s: &Settings| if s.colour_blind { "colour-blind" } else { "classic" };
            let mut changed = Vec::new();
            if next.colour_blind != live.settings.colour_blind {
                changed.push(format!("the colour-blind palette is {}", if next.colour_blind { "on" } else { "off" }));
            }
            if next.animation != live.settings.animation {
                changed.push(if next.animation {
                    "each result comes with an animation of its resolution".to_string()
                } else {
                    "results come without an animation".to_string()
                });
            }
            let mut said = Vec::new();
            if !changed.is_empty() {
                said.push(format!(
                    "{} changed the game's images: {}, from the next image on.",
                    crate::names::shown(&caller.name),
                    changed.join("; ")
                ));
            }
            if let Some(Some(text)) = &power {
                said.push(format!("{} {text}", crate::names::shown(&caller.name)));
            }
            if said.is_empty() {
                let mut text = format!(
                    "Nothing changed: the palette is already {} and animations are {}",
                    palette(&next),
                    if next.animation { "on" } else { "off" }
                );
                if let Some(n) = live.kind.movement_power() {
                    text += &format!(", and the movement power is already {n} from the next cycle on");
                }
                return Ok(Reply::private(text + "."));
            }
            let json = serde_json::to_string(&next).map_err(store::StoreError::from)?;
            store::set_settings(c, live.game.id, &json)?;
            self.log_moderator(c, live.game.id, caller, "set", words.join(" "))?;
            self.announced(c, &live.game, Reply::public(said.join("\n")))
        })
    }

    /// Checks a new `movement-power` in `next` (Chess Wheel+ only), stores
    /// it in its plain form, and says what changes: `None` if the power
    /// stays as it is.
    fn movement_power_change(
        &self,
        c: &rusqlite::Connection,
        live: &crate::Live,
        next: &mut Settings,
    ) -> Result<Option<String>, GameError> {
        let Some(old) = live.kind.movement_power() else {
            return Err(GameError::Invalid(format!(
                "`{MOVEMENT_POWER_OPTION}` is a Chess Wheel+ setting: {} has no movement power",
                live.kind.name()
            )));
        };
        let kind = crate::Game::build(&live.game.variant, &next.options).map_err(GameError::Invalid)?;
        let new = kind.movement_power().unwrap_or(old);
        if new == DEFAULT_MOVEMENT_POWER {
            next.options.remove(MOVEMENT_POWER_OPTION);
        } else {
            next.options.insert(MOVEMENT_POWER_OPTION.into(), new.to_string());
        }
        if new == old {
            return Ok(None);
        }
        let moves = |n: usize| count(n, "move");
        if matches!(live.state, State::Forming) {
            return Ok(Some(format!("set the movement power to {} per cycle, from the first cycle on.", moves(new))));
        }
        let (row, position) = Self::current_phase(c, live)?;
        let Some((cycle, now)) = position.wheel_cycle() else {
            return Ok(None);
        };
        // Before its move phase opens (the replenish day) a cycle has no
        // commitments yet: its power is set as the move phase begins.
        if row.open && row.stage == Stage::Wait {
            if let Some(p) = position.with_movement_power(new) {
                store::set_phase_state(c, live.game.id, row.seq, &encode(&p)?)?;
                return Ok(Some(format!(
                    "set the movement power to {} per cycle from Cycle {cycle} on (its move phase has not opened yet).",
                    moves(new)
                )));
            }
        }
        Ok(Some(format!(
            "set the movement power to {} per cycle from Cycle {} on; Cycle {cycle} keeps {}, as it began with.",
            moves(new),
            cycle.saturating_add(1),
            moves(now)
        )))
    }

    /// A moderator moves the deadline: `extend` adds to it, otherwise it is
    /// set to now + `secs` (from a minute to 90 days, [`Bounds::CHANGE`]). A
    /// deadline is at least a minute and at most 90 days away. A paused
    /// game keeps its pause and changes the time it will have left. In a
    /// game with fixed-time deadlines the deadline lands on the fixed time:
    /// `extend` moves it to the first fixed time at least `secs` after the
    /// current deadline, otherwise the first at least `secs` after now
    /// ([`Settings::deadline_after`](crate::Settings::deadline_after)).
    ///
    /// # Errors
    /// Not a moderator, no open phase, a calendar game, too far away.
    pub fn deadline(&self, channel: &str, caller: &Caller, secs: i64, extend: bool) -> Result<Reply, GameError> {
        // Every front end's duration is checked here, naming the bound it broke.
        let secs = Bounds::CHANGE.check(secs, &format_duration(secs))?;
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Deadline)?;
            Self::require_moderator(&live.game, caller, "change the deadline")?;
            let (row, _) = Self::current_phase(c, &live)?;
            let what = if extend {
                format!("{} by {}", row.name, format_duration(secs))
            } else {
                format!("{} due in {}", row.name, format_duration(secs))
            };
            self.log_moderator(c, live.game.id, caller, if extend { "extend" } else { "deadline" }, what)?;
            let far = deadline_within;
            if let State::Running(crate::lifecycle::Running { timer: Timer::Paused { left }, .. }) = live.state {
                let left = far(if extend { left.saturating_add(secs) } else { secs })?;
                store::set_deadline(c, live.game.id, row.seq, None, Some(left))?;
                let text =
                    format!("The game is paused; on resume {} will remain for {}.", format_duration(left), row.name);
                return self.announced(c, &live.game, Reply::public(text));
            }
            let base = if extend { row.deadline.unwrap_or(now).max(now) } else { now };
            // In a fixed-time game the deadline lands on the first fixed time at least that long after.
            let d = now + far(live.settings.deadline_after(base, secs) - now)?;
            store::set_deadline(c, live.game.id, row.seq, Some(d), None)?;
            let text =
                format!("{} is now due in {}{}.", row.name, format_duration(d - now), live.settings.local_suffix(d));
            self.announced(c, &live.game, Reply::public(text).due(Some(d)))
        })
    }

    /// A moderator pauses the game (nothing is taken and nothing resolves;
    /// the time left is kept) or resumes it (the time left comes back, at
    /// least an hour; a calendar game's window takes its calendar time again).
    ///
    /// # Errors
    /// Not a moderator, wrong state.
    pub fn pause(&self, channel: &str, caller: &Caller, pause: bool) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, if pause { Command::Pause } else { Command::Resume })?;
            Self::require_moderator(&live.game, caller, if pause { "pause the game" } else { "resume the game" })?;
            let (row, _) = Self::current_phase(c, &live)?;
            if !pause {
                // A game nobody plays stays paused until somebody takes a seat (or it ends as abandoned).
                self.refuse_resume_if_nobody_plays(c, &live)?;
            }
            self.log_moderator(c, live.game.id, caller, if pause { "pause" } else { "resume" }, row.name.clone())?;
            if pause {
                let left = pause_in(c, &live.game, &row, now)?;
                let text = format!(
                    "The game is paused: nothing is taken and nothing resolves until a moderator resumes it ({} was left for {}).",
                    format_duration(left),
                    row.name
                );
                return self.announced(c, &live.game, Reply::public(text));
            }
            store::clear_abandoned(c, live.game.id)?;
            let (what, d) = self.resume_in(c, &live, &row)?;
            self.announced(c, &live.game, Reply::public(format!("The game resumes; {what}")).due(Some(d)))
        })
    }

    /// Resumes `live`, paused in phase `row`: the time that was left comes
    /// back (at least an hour; with fixed-time deadlines, on the next fixed
    /// time at least that far away), or a calendar game's window takes its
    /// calendar time again. Returns what now runs and until when (`Spring
    /// 1401 is due in 1d.`, with the proposal votes a new window opens).
    pub(crate) fn resume_in(
        &self,
        c: &rusqlite::Connection,
        live: &crate::Live,
        row: &store::PhaseRow,
    ) -> Result<(String, i64), GameError> {
        let now = self.now();
        let left = row.paused_left.unwrap_or(MIN_RESUME).max(MIN_RESUME);
        let (stage, d) = match (live.settings.cycle.is_calendar(), row.stage) {
            (false, stage) => (stage, live.settings.deadline_after(now, left)),
            // A calendar game's windows keep to the calendar: the open
            // window ends at its calendar time, or waits for the next move window.
            (true, Stage::Commit | Stage::Wait) => live.settings.enter_commit(now, false),
            (true, stage) => (stage, live.settings.reveal_deadline(now)),
        };
        let mut votes = String::new();
        if stage != row.stage {
            crate::lifecycle::change_stage(c, (live.game.id, row.seq), row.stage, stage, Some(d))?;
            for r in Self::proposal_windows(c, live.game.id, row.seq, stage)? {
                votes += &format!("\n{}", r.text);
            }
        }
        store::set_deadline(c, live.game.id, row.seq, Some(d), None)?;
        store::set_status(c, live.game.id, GameStatus::Active, None)?;
        let what = match (row.stage, stage) {
            (a, b) if a == b => {
                format!("{} is due in {}{}", row.name, format_duration(d - now), live.settings.local_suffix(d))
            }
            (_, Stage::Commit) => format!(
                "the move phase of {} is open on the calendar: commitments due in {}",
                row.name,
                format_duration(d - now)
            ),
            _ => format!(
                "the move window of {} on the calendar has passed, so it waits for the next, in {}",
                row.name,
                format_duration(d - now)
            ),
        };
        Ok((format!("{what}.{votes}"), d))
    }

    /// A moderator undoes the last resolution: that phase opens again as a
    /// new phase row with nothing ready and no votes, and the rolled-back
    /// phases stay in history, marked. A plain phase keeps its orders. A
    /// hashed phase reopens its reveal window with every commitment and
    /// every matched reveal it had (no new commitment is taken, and whoever
    /// had not revealed may reveal), or, when nobody had committed, a new
    /// commit window; with `fresh` it opens with no commitments and a new
    /// commit window. What a seat's player before a change of hands sent
    /// stays behind, and the announcement names those powers; an unseating
    /// the resolution caused is taken back, the seat given back if nobody
    /// took it since (`rollback.rs`).
    ///
    /// # Errors
    /// Not a moderator, nothing to undo, paused, an end that was not a phase's result.
    pub fn rollback(&self, channel: &str, caller: &Caller, fresh: bool) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::Rollback)?;
            Self::require_moderator(&live.game, caller, "roll back a phase")?;
            let game = &live.game;
            let phases = store::phases(c, game.id)?;
            let Some(target) = phases.iter().rfind(|r| !r.open && !r.rolled_back) else {
                return Err(Refusal::NothingToRollBack.into());
            };
            let undone = phases.iter().filter(|r| r.seq >= target.seq && !r.rolled_back).map(|r| r.name.as_str());
            let detail = format!(
                "{} reopened{} (rolled back: {})",
                target.name,
                if fresh { " fresh" } else { "" },
                undone.collect::<Vec<_>>().join(", ")
            );
            self.log_moderator(c, game.id, caller, "rollback", detail)?;
            let position = decode(&live.kind, target)?;
            let kind = position.phase().kind;
            let last = phases.last().map_or(target.seq, |r| r.seq);
            let seq = last + 1;
            let hashed = live.settings.hashed;
            let (mut stage, mut deadline) = live.settings.opening(now, kind);
            store::mark_rolled_back(c, game.id, target.seq, last)?;
            crate::seats::reliability::rolled_back(c, game, target.seq, last)?;
            // Turns are missed while a phase waits for its move: the count goes with the undone phases.
            store::forget_missed_turns(c, game.id)?;
            store::open_phase(c, game.id, seq, &target.name, &target.state, Some(deadline), stage)?;
            // The players its resolution unseated are seated again first: what is carried over
            // belongs to the seats' current holders (a seat that changed hands since reopens with nothing).
            let unseatings = self.unseatings_rolled_back(c, game, (target.seq, seq))?;
            let carried = crate::phase::rollback::carry_over(c, game, (target, seq), (hashed, fresh), now)?;
            if carried.commitments > 0 {
                // Its commitments stand: the phase reopens in its reveal window.
                let reveal = live.settings.reveal_deadline(now);
                crate::lifecycle::change_stage(c, (game.id, seq), stage, Stage::Reveal, Some(reveal))?;
                (stage, deadline) = (Stage::Reveal, reveal);
            }
            // Votes that were to run in the abandoned phases run in the reopened one and after.
            store::shift_open_votes(c, game.id, target.seq, seq - target.seq)?;
            let mut undone = String::new();
            if game.status == GameStatus::Ended {
                // The end is undone, and its scores and ratings with it.
                store::reopen_game(c, game.id)?;
                let scored = !store::scores(c, game.id)?.is_empty();
                store::delete_scores(c, game.id)?;
                let rated = store::rating_ord(c, game.id)?.is_some();
                crate::standings::ratings::rolled_back(c, game.id)?;
                undone = match (scored, rated) {
                    (_, true) => " The game's end is undone, and its scores and rating changes with it.",
                    (true, false) => " The game's end is undone, and its scores with it.",
                    (false, false) => " The game's end is undone.",
                }
                .to_string();
            }
            let (how, dropped) = match (hashed, fresh, stage) {
                (false, false, _) => (carried.how("with the orders it had"), carried.sentences("orders")),
                (false, true, _) => ("with no orders".to_string(), String::new()),
                (true, false, Stage::Reveal) => {
                    let still = if carried.unrevealed.is_empty() {
                        "every commitment is revealed; no new commitment is taken".to_string()
                    } else {
                        format!(
                            "no new commitment is taken; {} may still reveal",
                            chessdip_rules::words::join_and(&carried.unrevealed)
                        )
                    };
                    (
                        format!(
                            "in its reveal window, {} ({still})",
                            carried.how("with every commitment and every matched reveal it had")
                        ),
                        carried.sentences("commitments"),
                    )
                }
                (true, false, _) => (
                    "with a new commit window (nobody had committed)".to_string(),
                    carried.sentences("commitments"),
                ),
                (true, true, _) => ("with every commitment reset: a new commit window".to_string(), String::new()),
            };
            let what = match stage {
                Stage::Wait => "its move window opens in",
                Stage::Commit => "commitments due in",
                Stage::Reveal => "closing in",
                _ => "due in",
            };
            let text = format!(
                "Rolled back: {} is open again {how}, {what} {}.{dropped}{unseatings} Nobody is marked ready and no draw vote stands; the rolled-back phases stay in `history`, marked.{undone}",
                target.name,
                format_duration(deadline - now)
            );
            let buttons = crate::controls::phase_buttons(game.id, seq, true);
            let r = self.announced(c, game, Reply::public(text).due(Some(deadline)).with(buttons))?;
            // A reopened phase is a new opening: whoever owes something in it is told again by direct message.
            let dms = self.opening_dms(c, game.id, seq)?;
            self.tell(c, game, dms)?;
            Ok(r)
        })
    }

    /// A moderator ends the game.
    ///
    /// # Errors
    /// Not a moderator.
    pub fn end(&self, channel: &str, caller: &Caller) -> Result<Reply, GameError> {
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::End)?;
            Self::require_moderator(&live.game, caller, "end the game")?;
            let current = Self::current_phase(c, &live).ok();
            let detail = current.as_ref().map_or("before the start".to_string(), |(row, _)| format!("during {}", row.name));
            self.log_moderator(c, live.game.id, caller, "end", detail)?;
            let position = current.map(|(_, p)| p);
            let reply = game_over(
                c,
                &live.game,
                position.as_ref(),
                &live.settings,
                (crate::standings::scores::MODERATOR_END, self.now(), &Ending::Moderator),
                format!("**Game over: ended by a moderator ({}).** Its history stays available with `history` and `game export`; `game create` starts a new game here.", crate::names::shown(&caller.name)),
            )?;
            self.announced(c, &live.game, reply)
        })
    }

    /// A secret draw vote. When every power still playing (seated, alive,
    /// not conceded) has voted yes in this phase, the game ends in a draw.
    ///
    /// # Errors
    /// No game, not a player, conceded.
    pub fn vote_draw(&self, channel: &str, caller: &Caller, yes: bool) -> Result<Vec<Reply>, GameError> {
        self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::Draw, caller)?;
            let name = Self::playing(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            let had_voted = store::draw_votes(c, live.game.id, row.seq)?.contains(&name);
            store::set_draw_vote(c, live.game.id, row.seq, &name, yes)?;
            let mut out = vec![Reply::private(match (yes, had_voted) {
                (true, false) => {
                    "Your draw vote is recorded (secret). It lapses when this phase or its window ends.".to_string()
                }
                (true, true) => {
                    "Your draw vote was already recorded (secret); it stands until this phase or its window ends."
                        .to_string()
                }
                (false, true) => "Your draw vote is withdrawn.".to_string(),
                (false, false) => format!(
                    "{name} has no draw vote in {} to withdraw: nothing changed. (`draw yes` votes for a draw.)",
                    row.name
                ),
            })];
            if yes {
                out.extend(draw_if_agreed(c, &live.game, &live.settings, &position, (row.seq, self.now()))?);
            }
            self.announced_all(c, &live.game, out)
        })
    }

    /// The caller's power concedes: at once in civil disorder (its pending
    /// orders and votes cleared; it no longer orders or votes). When every
    /// surviving power but one has conceded, that one wins.
    /// A hashed phase's reveal window left with nothing to reveal resolves
    /// at once (its announcements follow this one's).
    ///
    /// # Errors
    /// No game, not a player, already conceded.
    pub fn concede(&self, channel: &str, caller: &Caller) -> Result<Vec<Reply>, GameError> {
        self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::Concede, caller)?;
            let name = Self::playing(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            store::concede(c, live.game.id, &name, self.now(), row.seq)?;
            crate::seats::reliability::conceded(c, &live.game, &name, self.now())?;
            crate::lifecycle::clear_seat(c, &live.game, &name, "the power conceded")?;
            let conceded = store::concessions(c, live.game.id)?;
            let standing: Vec<String> = Self::all_powers(c, &live)?
                .into_iter()
                .filter(|p| position.alive(p) && !conceded.contains(p))
                .collect();
            // A vacant power has nobody to win for: the powers somebody plays decide.
            let seated = store::players(c, live.game.id)?;
            let mut playing: Vec<&String> = standing.iter().filter(|p| seated.iter().any(|(q, _)| q == *p)).collect();
            // Bots play for the people in the game: with the last person gone, bots alone do not play on.
            let people = seated.iter().any(|(p, u)| !store::is_bot(u) && !conceded.contains(p));
            let bots_alone = !people && standing.len() > 1;
            if bots_alone {
                playing.clear();
            }
            let (text, ending, headline) = match (standing.as_slice(), playing.as_slice()) {
                (_, []) => {
                    let why = if standing.is_empty() {
                        "no power is left in the game".to_string()
                    } else if bots_alone {
                        format!("only bots are left in it ({})", chessdip_rules::words::join_and(&standing))
                    } else {
                        format!("nobody plays the powers still in the game ({})", chessdip_rules::words::join_and(&standing))
                    };
                    let headline = format!(
                        "{name} concedes. **Game over: abandoned**, {why}: nobody wins, and the game is not scored or rated."
                    );
                    (crate::standings::scores::ABANDONED_END.to_string(), Ending::Abandoned, headline)
                }
                ([winner], _) => {
                    let text = format!("{winner} wins by concession");
                    let headline = format!("{name} concedes. **Game over: {text}.**");
                    (text, Ending::Solo(winner.clone()), headline)
                }
                _ => {
                    let mut reply =
                        Reply::public(format!("{name} concedes the game and is in civil disorder from now on."));
                    // The players left may all have voted for a draw already.
                    if let Some(end) = draw_if_agreed(c, &live.game, &live.settings, &position, (row.seq, self.now()))? {
                        return self.announced_all(c, &live.game, vec![reply, end]);
                    }
                    if let Some((extended, until)) = self.extension_after_leaving(c, &live, &name)? {
                        reply = Reply::public(format!("{}\n{extended}", reply.text)).due(Some(until));
                    }
                    let mut out = vec![self.announced(c, &live.game, reply)?];
                    out.extend(self.resolve_if_nothing_left(c, live.game.id)?);
                    return Ok(out);
                }
            };
            let how = (text.as_str(), self.now(), &ending);
            let reply = game_over(c, &live.game, Some(&position), &live.settings, how, headline)?;
            Ok(vec![self.announced(c, &live.game, reply)?])
        })
    }
}

/// The draw that every power still playing `game` (in the game: alive and
/// not conceded; played: somebody holds it) has voted for in phase `seq`,
/// if there is at least one such power and they all have: the game ends in
/// a draw between the powers still in the game, in `position`, at `now`. Checked when
/// a vote is cast and whenever the voters change (a concession, a kick, an
/// unseating), so that a draw the others all wanted never waits for a vote
/// that can no longer come. The announcement, not yet announced.
pub(crate) fn draw_if_agreed(
    c: &rusqlite::Connection,
    game: &GameRow,
    settings: &Settings,
    position: &Position,
    (seq, now): (i64, i64),
) -> Result<Option<Reply>, GameError> {
    let conceded = store::concessions(c, game.id)?;
    let seated = store::players(c, game.id)?;
    let all: Vec<String> = match crate::kind_of(game, settings)?.seats() {
        chessdip_rules::family::Seats::Fixed(all) => all,
        chessdip_rules::family::Seats::Open { .. } => seated.iter().map(|(p, _)| p.clone()).collect(),
    };
    let alive: Vec<String> = all.into_iter().filter(|p| position.alive(p) && !conceded.contains(p)).collect();
    // Vacant powers have nobody to vote and conceded ones no longer vote: the players still playing decide.
    let voters: Vec<&String> = alive.iter().filter(|p| seated.iter().any(|(q, _)| q == *p)).collect();
    let votes = store::draw_votes(c, game.id, seq)?;
    if voters.is_empty() || !voters.iter().all(|p| votes.contains(p)) {
        return Ok(None);
    }
    // The draw is shared by the powers somebody plays: a vacant one scores nothing and is not in it.
    let text = format!("draw between {}", chessdip_rules::words::join_and(&voters));
    let headline = format!("**Game over: {text}**, by unanimous vote of the powers still playing.");
    Ok(Some(game_over(c, game, Some(position), settings, (text.as_str(), now, &Ending::Draw), headline)?))
}

/// Pauses `game` in its phase `row` at `now`: the deadline is put away with
/// the time that was left (at least a minute; an hour when it had none),
/// which is returned.
pub(crate) fn pause_in(
    c: &rusqlite::Connection,
    game: &GameRow,
    row: &store::PhaseRow,
    now: i64,
) -> Result<i64, GameError> {
    let left = row.deadline.map_or(MIN_RESUME, |d| (d - now).max(60));
    store::set_deadline(c, game.id, row.seq, None, Some(left))?;
    store::set_status(c, game.id, GameStatus::Paused, None)?;
    Ok(left)
}

/// A deadline `left` seconds away, if it is within a phase's bounds
/// ([`Bounds::PHASE`]); otherwise the bound it broke, named.
///
/// # Errors
/// Too near or too far.
pub(crate) fn deadline_within(left: i64) -> Result<i64, GameError> {
    Bounds::PHASE.check(left, &format_duration(left)).map_err(|_| {
        let (least, bound) =
            if left < Bounds::PHASE.min { ("least", Bounds::PHASE.min) } else { ("most", Bounds::PHASE.max) };
        GameError::Invalid(format!(
            "that would put the deadline {} away; a deadline is at {least} {} away",
            format_duration(left),
            format_duration(bound)
        ))
    })
}
