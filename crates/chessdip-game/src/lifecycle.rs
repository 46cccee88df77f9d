//! The game's lifecycle as one explicit model (`docs/lifecycle.md`).
//!
//! A game is *forming*, *running* or *ended*. A running game is in a phase
//! and a stage of it (orders; or, in a hashed game, wait, commit, reveal,
//! sealed) with a timer: a deadline, "waiting for a moderator" (the deadline
//! passed in a game set to wait), or paused with the time that was left.
//!
//! Every command is a transition. [`State::check`] is the one place that
//! says whether a command is allowed in a state, and when it is not, why,
//! and what would be allowed instead; what a seat command may do beyond
//! that (take a free seat of a forming game, or a vacant power of a running
//! one) is decided in `seating`. What each transition resets and keeps
//! is done by the service and listed in the docs:
//! - any phase or stage change clears every ready mark and draw vote;
//! - a seat changing hands (join of a vacant power, assign, kick, swap) or
//!   its power conceding clears that seat's pending orders, ready mark and
//!   draw vote, and voids its commitments and reveals for the open phase;
//! - nothing recorded is deleted: orders, commitments, reveal attempts,
//!   board actions and rolled-back phases stay as history.
//!
//! Closing a hashed phase's commit window is the transition [`AfterCommit`]:
//! the reveal window, or, when nobody committed, the resolution at once.

mod absence;
mod refusals;
mod resets;
mod seating;
pub use absence::{at_deadline, forced_early, graceable, takes_orders, unseats, Grace, Late, Owing};
pub use refusals::{may_mark_ready, may_vote, owes, Refusal};
pub use resets::{change_stage, clear_seat};
pub use seating::{may_join_with, may_start, Joining};

pub use crate::status::{GameStatus, Stage};
use crate::store::{GameRow, PhaseRow};
use crate::{format_duration, AtDeadline, GameError, Settings};

/// Where a game is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// Players are joining; no phase yet.
    Forming,
    /// Being played.
    Running(Running),
    /// Over, with its result.
    Ended {
        /// How it ended (`France wins with 18 centers`, `ended by a moderator`).
        result: String,
        /// Whether a phase's result ended it (a rollback can undo that; it
        /// cannot undo a vote, a concession or a moderator's end).
        by_phase: bool,
    },
}

/// A running game's phase, stage and timer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Running {
    /// The phase's sequence number.
    pub seq: i64,
    /// Its name (`Spring 1601`).
    pub phase: String,
    /// The open part of the phase.
    pub stage: Stage,
    /// What ends the stage.
    pub timer: Timer,
}

/// What ends a running stage.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Timer {
    /// The deadline (unix seconds), in the future or just passed and about to be handled.
    Due(i64),
    /// The deadline passed in a game set to `at-deadline=wait`: a moderator forces the phase.
    WaitingForModerator {
        /// When the deadline passed.
        since: i64,
    },
    /// Paused by a moderator, with the seconds that were left.
    Paused {
        /// Seconds left when paused (restored on resume, at least an hour).
        left: i64,
    },
}

/// The commands, as transitions of the model.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `join` (before the start, or taking over a vacant power).
    Join,
    /// `leave` (before the start).
    Leave,
    /// `game start`.
    Start,
    /// `orders ...`, `orders clear`.
    Orders,
    /// `commit <hash>`.
    Commit,
    /// `reveal <text>`.
    Reveal,
    /// `ready`, `unready`.
    Ready,
    /// `draw yes|no`.
    Draw,
    /// `concede`.
    Concede,
    /// `board create|populate` (Chess Wheel+).
    BoardAction,
    /// `proposal submit`, `vote` (Chess Wheel+).
    Proposal,
    /// `game force`.
    Force,
    /// `game extend`, `game deadline`.
    Deadline,
    /// `game pause`.
    Pause,
    /// `game resume`.
    Resume,
    /// `game rollback`.
    Rollback,
    /// `game end`.
    End,
    /// `game assign`.
    Assign,
    /// `game kick`.
    Kick,
    /// `proposal enact`.
    Enact,
    /// `game set` (the images' palette and animation).
    Settings,
    /// `extend vote <duration>`: a player's vote to extend the deadline.
    ExtendVote,
    /// `game bot add|remove <power>`: a moderator seats a bot or removes one.
    Bot,
}

impl Command {
    /// Every command, in the order above.
    pub const ALL: &'static [Command] = &[
        Command::Join,
        Command::Leave,
        Command::Start,
        Command::Orders,
        Command::Commit,
        Command::Reveal,
        Command::Ready,
        Command::Draw,
        Command::Concede,
        Command::BoardAction,
        Command::Proposal,
        Command::Force,
        Command::Deadline,
        Command::Pause,
        Command::Resume,
        Command::Rollback,
        Command::End,
        Command::Assign,
        Command::Kick,
        Command::Enact,
        Command::Settings,
        Command::ExtendVote,
        Command::Bot,
    ];
}

/// What closing a hashed phase's commit window leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AfterCommit {
    /// The reveal window opens for the powers that committed.
    Reveal,
    /// Nobody committed, so nobody has anything to reveal: the phase resolves
    /// at once instead of waiting out an empty reveal window.
    Resolve,
}

impl AfterCommit {
    /// The transition out of the commit window, with `committed` counted
    /// commitments (void ones do not count). A calendar game (Chess Wheel+)
    /// keeps its calendar: its resolve window, which also holds proposal
    /// votes and board actions, is never cut short.
    #[must_use]
    pub fn of(committed: usize, settings: &Settings) -> AfterCommit {
        if committed == 0 && !settings.cycle.is_calendar() {
            AfterCommit::Resolve
        } else {
            AfterCommit::Reveal
        }
    }
}

/// Whether a hashed phase's reveal window is over because nobody has
/// anything left to reveal, with `counted` commitments that still count
/// and `unrevealed` of them without a matching reveal: none left at all
/// (every one void: seats changed hands, powers conceded), or, with early
/// resolution, every one revealed. A calendar game keeps its calendar.
#[must_use]
pub fn reveals_done(counted: usize, unrevealed: usize, settings: &Settings) -> bool {
    !settings.cycle.is_calendar() && unrevealed == 0 && (counted == 0 || settings.early)
}

/// What a player's command in a forming game is told, seated or not: no
/// phase yet, and how the game begins.
const NOT_STARTED: &str = "the game has not started yet: it begins when a moderator runs `game start` (until then, players take a seat with `join`)";

impl State {
    /// The state of `game` whose current phase row is `row`, at `now`.
    #[must_use]
    pub fn of(game: &GameRow, row: Option<&PhaseRow>, settings: &Settings, now: i64) -> State {
        match (game.status, row) {
            (GameStatus::Forming, _) => State::Forming,
            // A phase's result ends a game with its last phase resolved; a
            // vote, a concession, a forfeit or a moderator ends it mid-phase.
            (GameStatus::Ended, row) => State::Ended {
                result: game.ended.clone().unwrap_or_else(|| "ended".into()),
                by_phase: row.is_some_and(|r| !r.open),
            },
            (_, None) => State::Forming,
            (status, Some(row)) => {
                let timer = match (status, row.deadline) {
                    (GameStatus::Paused, _) => Timer::Paused { left: row.paused_left.unwrap_or(crate::MIN_RESUME) },
                    (_, Some(d)) if d <= now && settings.at_deadline == AtDeadline::Wait => {
                        Timer::WaitingForModerator { since: d }
                    }
                    (_, Some(d)) => Timer::Due(d),
                    (_, None) => Timer::WaitingForModerator { since: now },
                };
                State::Running(Running { seq: row.seq, phase: row.name.clone(), stage: row.stage, timer })
            }
        }
    }

    /// The ended game's answer ("this game has ended: ..."), if it has ended.
    ///
    /// # Errors
    /// The game has ended.
    pub fn not_ended(&self) -> Result<(), GameError> {
        match self {
            State::Ended { result, .. } => Err(GameError::Ended(result.clone())),
            _ => Ok(()),
        }
    }

    /// Whether the game is under way: an ended game says so ("this game has
    /// ended: ..."), a forming one that it has not started.
    ///
    /// # Errors
    /// The game has ended, or has not started.
    pub fn started(&self) -> Result<(), GameError> {
        self.not_ended()?;
        self.opened()
    }

    /// Whether the game has had a phase (running, or ended with its
    /// history): a forming game has none yet.
    ///
    /// # Errors
    /// The game has not started.
    pub fn opened(&self) -> Result<(), GameError> {
        match self {
            State::Forming => Err(GameError::State(NOT_STARTED.into())),
            _ => Ok(()),
        }
    }

    /// Whether the game is paused.
    #[must_use]
    pub fn paused(&self) -> bool {
        matches!(self, State::Running(Running { timer: Timer::Paused { .. }, .. }))
    }

    /// Whether `command` is allowed now; if not, why, and what would be.
    ///
    /// # Errors
    /// The refusal, written for the person who sent the command.
    pub fn check(&self, command: Command, settings: &Settings, now: i64) -> Result<(), GameError> {
        use Command as C;
        let refuse = |why: String| Err(GameError::State(why));
        match self {
            State::Ended { result, by_phase } => match command {
                C::Rollback if *by_phase => Ok(()),
                C::Rollback => refuse(format!(
                    "this game has ended ({result}); only a phase's result can be rolled back, not a vote, a concession or a moderator's end. Start a new game with `game create <variant>`"
                )),
                _ => Err(GameError::Ended(result.clone())),
            },
            State::Forming => match command {
                C::Join | C::Leave | C::Start | C::Assign | C::Kick | C::Bot | C::End | C::Settings => Ok(()),
                C::Force | C::Deadline | C::Pause | C::Resume | C::Rollback => refuse(
                    "the game has not started yet: it is forming (players `join`, then `game start`); there is no phase to act on".into(),
                ),
                C::ExtendVote => refuse(
                    "the game has not started yet: there is no deadline to extend until a moderator runs `game start`".into(),
                ),
                _ => refuse(NOT_STARTED.into()),
            },
            State::Running(r) => r.check(command, settings, now),
        }
    }
}

impl Running {
    fn check(&self, command: Command, settings: &Settings, now: i64) -> Result<(), GameError> {
        use Command as C;
        let refuse = |why: String| Err(GameError::State(why));
        let phase = &self.phase;
        // How long the current stage still runs, when it has a deadline.
        let left = match self.timer {
            Timer::Due(d) => Some(format_duration(d - now)),
            _ => None,
        };
        if let Timer::Paused { .. } = self.timer {
            return match command {
                C::Resume
                | C::End
                | C::Deadline
                | C::Assign
                | C::Kick
                | C::Bot
                | C::Join
                | C::Enact
                | C::Settings => Ok(()),
                C::Pause => refuse("the game is already paused; `game resume` resumes it".into()),
                C::ExtendVote => refuse(
                    "the game is paused by a moderator: its deadline is not running, so there is nothing to extend until `game resume`".into(),
                ),
                C::Leave | C::Start => refuse("the game has started: ask a moderator to replace you".into()),
                C::Force | C::Rollback => refuse(format!(
                    "the game is paused, and nothing resolves or reopens a phase while it is: `game resume` first, then `game {}`",
                    if command == C::Force { "force" } else { "rollback" }
                )),
                _ => refuse(
                    "the game is paused by a moderator: nothing is taken and nothing resolves until `game resume` (you can still read `game status`, `orders show` and `history`)".into(),
                ),
            };
        }
        match command {
            C::Start => refuse("the game has already started".into()),
            C::Leave => refuse("the game has started: ask a moderator to replace you (`game assign`)".into()),
            C::Resume => refuse("the game is not paused".into()),
            C::Orders if settings.hashed => refuse(
                "this game takes hashed orders: `commit <sha256 hex>` during the commit window, then `reveal <the exact text>`; plain orders are refused so that nobody, the bot included, sees them early".into(),
            ),
            C::Commit | C::Reveal if !settings.hashed => {
                refuse("this game takes plain orders: `orders ...` (commit and reveal are for hashed games)".into())
            }
            C::Orders | C::Commit | C::Reveal | C::Ready => self.stage_allows(command, settings, left.as_deref()),
            C::ExtendVote if settings.cycle.is_calendar() => refuse(format!(
                "{phase}'s windows follow the game's calendar ({}), so its deadline is not extended by vote",
                settings.timing(false)
            )),
            C::Deadline if settings.cycle.is_calendar() => refuse(format!(
                "{phase}'s windows follow the game's calendar ({}), so deadlines are not moved by hand: pause the game, or `game force` to close the current window now",
                settings.timing(false)
            )),
            _ => Ok(()),
        }
    }

    /// Orders, commitments, reveals and ready marks by stage (`left`: how
    /// long the stage still runs, when it has a deadline).
    fn stage_allows(&self, command: Command, settings: &Settings, left: Option<&str>) -> Result<(), GameError> {
        use Command as C;
        let phase = &self.phase;
        let refuse = |why: String| Err(GameError::State(why));
        let in_left = |what: &str| left.map_or_else(String::new, |l| format!("{what} in {l}"));
        match (self.stage, command) {
            (Stage::Orders, C::Orders | C::Ready) | (Stage::Commit, C::Commit | C::Ready) | (Stage::Reveal, C::Reveal) => {
                Ok(())
            }
            (Stage::Wait, _) => refuse(format!(
                "the move phase of {phase} has not opened yet: {}commitments are taken from then{}",
                left.map_or_else(String::new, |l| format!("it opens in {l}, and ")),
                if settings.cycle.is_calendar() { " (on the game's calendar)" } else { "" }
            )),
            (Stage::Commit, C::Reveal) => refuse(format!(
                "the reveal window of {phase} is not open yet: {}until then only commitments are taken",
                left.map_or_else(String::new, |l| format!("it opens in {l}; "))
            )),
            (Stage::Reveal, C::Commit) => refuse(format!(
                "the commit window of {phase} has closed; reveal the text you committed with `reveal <text>`{}",
                in_left(" before the reveal window closes")
            )),
            (Stage::Reveal, _) => refuse(format!(
                "in the reveal window of {phase} there is nothing to mark ready: the phase resolves once every commitment is revealed, or when the window closes{}",
                in_left("")
            )),
            (Stage::Sealed, _) => refuse(format!(
                "{phase} was rolled back after its orders were published: its matched reveals stand and nothing new is taken; it resolves again when the window closes{} or a moderator forces it",
                in_left("")
            )),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phase::calendar::Cycle;

    fn running(stage: Stage, timer: Timer) -> State {
        State::Running(Running { seq: 3, phase: "Fall 1601".into(), stage, timer })
    }

    fn hashed() -> Settings {
        Settings { hashed: true, ..Settings::default() }
    }

    #[test]
    fn a_paused_game_takes_nothing_and_resolves_nothing() {
        let s = running(Stage::Orders, Timer::Paused { left: 600 });
        for c in [Command::Orders, Command::Ready, Command::Draw, Command::Concede, Command::Force, Command::Rollback] {
            let e = s.check(c, &Settings::default(), 0).unwrap_err().to_string();
            assert!(e.contains("paused") && e.contains("game resume"), "{c:?}: {e}");
        }
        for c in [Command::Resume, Command::End, Command::Deadline, Command::Assign, Command::Kick] {
            assert!(s.check(c, &Settings::default(), 0).is_ok(), "{c:?}");
        }
    }

    #[test]
    fn each_stage_takes_its_own_actions() {
        let h = hashed();
        let at = |stage| running(stage, Timer::Due(100));
        assert!(at(Stage::Commit).check(Command::Commit, &h, 0).is_ok());
        assert!(at(Stage::Commit).check(Command::Ready, &h, 0).is_ok());
        assert!(at(Stage::Reveal).check(Command::Reveal, &h, 0).is_ok());
        let e = at(Stage::Reveal).check(Command::Ready, &h, 0).unwrap_err().to_string();
        assert!(e.contains("nothing to mark ready"), "{e}");
        let e = at(Stage::Wait).check(Command::Ready, &h, 0).unwrap_err().to_string();
        assert!(e.contains("has not opened yet: it opens in 2m"), "{e}");
        let e = at(Stage::Reveal).check(Command::Commit, &h, 0).unwrap_err().to_string();
        assert!(e.ends_with("before the reveal window closes in 2m"), "{e}");
        assert!(!e.contains("(in "), "no stray parentheses: {e}");
        let e = at(Stage::Sealed).check(Command::Reveal, &h, 0).unwrap_err().to_string();
        assert!(e.contains("rolled back"), "{e}");
        let e = at(Stage::Orders).check(Command::Orders, &h, 0).unwrap_err().to_string();
        assert!(e.contains("hashed orders"), "{e}");
        let e = at(Stage::Orders).check(Command::Commit, &Settings::default(), 0).unwrap_err().to_string();
        assert!(e.contains("plain orders"), "{e}");
    }

    #[test]
    fn an_ended_game_says_so_and_only_a_phase_result_rolls_back() {
        let won = State::Ended { result: "France wins with 18 centers".into(), by_phase: true };
        let e = won.check(Command::Orders, &Settings::default(), 0).unwrap_err().to_string();
        assert!(e.contains("has ended") && e.contains("France wins") && e.contains("game create"), "{e}");
        assert!(won.check(Command::Rollback, &Settings::default(), 0).is_ok());
        let drawn = State::Ended { result: "draw between A, B".into(), by_phase: false };
        assert!(drawn.check(Command::Rollback, &Settings::default(), 0).is_err());
    }

    #[test]
    fn a_forming_game_has_no_phase_to_act_on() {
        for c in [Command::Orders, Command::Ready, Command::Force, Command::Pause, Command::Rollback] {
            assert!(State::Forming.check(c, &Settings::default(), 0).is_err(), "{c:?}");
        }
        for c in [Command::Join, Command::Leave, Command::Start, Command::Assign, Command::Kick, Command::End] {
            assert!(State::Forming.check(c, &Settings::default(), 0).is_ok(), "{c:?}");
        }
    }

    #[test]
    fn a_commit_window_with_no_commitment_resolves_at_once_except_on_a_calendar() {
        assert_eq!(AfterCommit::of(0, &hashed()), AfterCommit::Resolve);
        assert_eq!(AfterCommit::of(1, &hashed()), AfterCommit::Reveal);
        let weekly = Settings { cycle: Cycle::Weekly, hashed: true, ..Settings::default() };
        assert_eq!(AfterCommit::of(0, &weekly), AfterCommit::Reveal);
    }

    #[test]
    fn a_reveal_window_with_nothing_left_to_reveal_is_over() {
        let late = Settings { early: false, ..hashed() };
        assert!(reveals_done(0, 0, &hashed()) && reveals_done(0, 0, &late));
        assert!(reveals_done(2, 0, &hashed()) && !reveals_done(2, 0, &late));
        assert!(!reveals_done(2, 1, &hashed()));
        let weekly = Settings { cycle: Cycle::Weekly, hashed: true, ..Settings::default() };
        assert!(!reveals_done(0, 0, &weekly));
    }

    #[test]
    fn extension_votes_need_a_running_deadline() {
        let e = running(Stage::Orders, Timer::Paused { left: 60 })
            .check(Command::ExtendVote, &Settings::default(), 0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("paused") && e.contains("game resume"), "{e}");
        let e = State::Forming.check(Command::ExtendVote, &Settings::default(), 0).unwrap_err().to_string();
        assert!(e.contains("not started") && e.contains("game start"), "{e}");
        let ended = State::Ended { result: "draw".into(), by_phase: false };
        assert!(ended.check(Command::ExtendVote, &Settings::default(), 0).unwrap_err().to_string().contains("ended"));
        let weekly = Settings { cycle: Cycle::Weekly, hashed: true, ..Settings::default() };
        let e = running(Stage::Commit, Timer::Due(10)).check(Command::ExtendVote, &weekly, 0).unwrap_err().to_string();
        assert!(e.contains("calendar"), "{e}");
        assert!(running(Stage::Orders, Timer::Due(10)).check(Command::ExtendVote, &Settings::default(), 0).is_ok());
    }

    #[test]
    fn calendar_deadlines_are_not_moved_by_hand() {
        let weekly = Settings { cycle: Cycle::Weekly, hashed: true, ..Settings::default() };
        let e = running(Stage::Commit, Timer::Due(10)).check(Command::Deadline, &weekly, 0).unwrap_err().to_string();
        assert!(e.contains("calendar"), "{e}");
    }
}
