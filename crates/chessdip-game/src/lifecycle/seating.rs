//! What the seat commands (`join`, `game start`, `game assign`) may do in
//! a game's state. [`super::State::check`] has already refused what the
//! state refuses outright (an ended game, `leave` or `game start` of a
//! started one); what is left depends on the state *and* on the seats, and
//! is decided here: a forming game seats anyone in a free seat, a running or
//! paused one only takes over a vacant power, and an assignment in a running
//! phase gives the replacement time.

use super::{Refusal, Running, State, Timer};
use crate::seats::reliability::{Reliability, NEW_BELOW};
use crate::{GameError, Settings};
use chessdip_rules::family::Seats;

/// How `join` seats a player, by the game's state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Joining {
    /// The game is forming: any free power (one picked at random when none
    /// is named), or a new board in a game with a board per player.
    Forming,
    /// The game is under way (running or paused): only a vacant power,
    /// named; a game with a board per player takes no new player.
    TakeOver,
}

impl State {
    /// How `join` seats a player now (an ended game was refused before).
    #[must_use]
    pub fn joining(&self) -> Joining {
        match self {
            State::Forming => Joining::Forming,
            _ => Joining::TakeOver,
        }
    }

    /// Whether `game assign` now moves the phase's deadline to at least the
    /// replacement minimum away: in a running phase with a deadline of its
    /// own (not paused, not on the game's calendar).
    #[must_use]
    pub fn replacement_moves_deadline(&self, settings: &Settings) -> bool {
        let running =
            matches!(self, State::Running(Running { timer: Timer::Due(_) | Timer::WaitingForModerator { .. }, .. }));
        running && !settings.cycle.is_calendar()
    }
}

impl Joining {
    /// Whether `join` without a power may pick one: only before the start.
    ///
    /// # Errors
    /// The game has started: the vacant power must be named.
    pub fn unnamed(self) -> Result<(), GameError> {
        match self {
            Joining::Forming => Ok(()),
            Joining::TakeOver => Err(Refusal::NameTheVacantPower.into()),
        }
    }

    /// Whether a new board may join a game with a board per player: only
    /// before the start.
    ///
    /// # Errors
    /// The game has started: new players join the next game.
    pub fn new_board(self) -> Result<(), GameError> {
        match self {
            Joining::Forming => Ok(()),
            Joining::TakeOver => Err(Refusal::JoinTheNextGame.into()),
        }
    }
}

/// Whether a user with `record` (in the game's server) may join a game
/// with `settings` by its `min-reliability`: at or above it; a new user
/// (fewer than [`NEW_BELOW`] phases owed, who has no percentage yet) unless
/// the game says `min-reliability-new=no`. `game assign` is the
/// moderator's decision and is not checked.
///
/// # Errors
/// The reliability is below the minimum, or the user is new and the game takes no new players.
pub fn may_join_with(settings: &Settings, record: &Reliability) -> Result<(), GameError> {
    let Some(min) = settings.min_reliability else { return Ok(()) };
    match record.percent() {
        Some(p) if p >= u32::from(min) => Ok(()),
        Some(_) => Err(GameError::State(format!(
            "your reliability in this server is {}; this game asks for {min}% (`min-reliability={min}`). `profile` shows your record",
            record.summary()
        ))),
        None if settings.min_reliability_new => Ok(()),
        None => Err(GameError::State(format!(
            "this game asks for a reliability of {min}% and takes no new players (`min-reliability-new=no`): you owed orders in {} in this server so far, and a reliability is counted from {NEW_BELOW}",
            chessdip_rules::words::count(record.owed() as usize, "phase")
        ))),
    }
}

/// Whether `game start` may start the forming game `game` (its name), with
/// `seats` and `joined` players: somebody joined, and, where each player
/// has a board, at least the fewest players it takes (fixed powers left
/// vacant start in civil disorder).
///
/// # Errors
/// Nobody joined, or too few players.
pub fn may_start(game: &str, seats: &Seats, joined: usize) -> Result<(), GameError> {
    if joined == 0 {
        return Err(Refusal::NobodyJoined.into());
    }
    match *seats {
        Seats::Open { min, .. } if joined < min => Err(Refusal::TooFewPlayers { game, min, joined }.into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::Stage;
    use crate::phase::calendar::Cycle;

    fn running(timer: Timer) -> State {
        State::Running(Running { seq: 2, phase: "Spring 1601".into(), stage: Stage::Orders, timer })
    }

    #[test]
    fn a_started_game_only_takes_over_a_named_vacant_power() {
        assert!(State::Forming.joining().unnamed().is_ok());
        assert!(State::Forming.joining().new_board().is_ok());
        for s in [running(Timer::Due(10)), running(Timer::Paused { left: 60 })] {
            let e = s.joining().unnamed().unwrap_err().to_string();
            assert!(e.contains("name the vacant power"), "{e}");
            let e = s.joining().new_board().unwrap_err().to_string();
            assert!(e.contains("new players join the next game"), "{e}");
        }
    }

    #[test]
    fn only_a_running_phase_with_its_own_deadline_gives_a_replacement_time() {
        let plain = Settings::default();
        assert!(running(Timer::Due(10)).replacement_moves_deadline(&plain));
        assert!(running(Timer::WaitingForModerator { since: 5 }).replacement_moves_deadline(&plain));
        assert!(!running(Timer::Paused { left: 60 }).replacement_moves_deadline(&plain));
        assert!(!State::Forming.replacement_moves_deadline(&plain));
        let weekly = Settings { cycle: Cycle::Weekly, hashed: true, ..Settings::default() };
        assert!(!running(Timer::Due(10)).replacement_moves_deadline(&weekly));
    }

    #[test]
    fn a_game_starts_with_somebody_and_enough_boards() {
        let fixed = Seats::Fixed(vec!["White".into(), "Black".into()]);
        assert!(may_start("Chess Dip", &fixed, 1).is_ok());
        let e = may_start("Chess Dip", &fixed, 0).unwrap_err().to_string();
        assert!(e.contains("nobody has joined yet"), "{e}");
        let open = Seats::Open { min: 3, max: 8 };
        let e = may_start("Chess Wheel+", &open, 2).unwrap_err().to_string();
        assert!(e.contains("Chess Wheel+ needs at least 3 players; 2 joined so far"), "{e}");
        assert!(may_start("Chess Wheel+", &open, 3).is_ok());
    }
}
