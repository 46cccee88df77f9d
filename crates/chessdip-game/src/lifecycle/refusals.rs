//! The refusals that depend on what a command meets in the game (its seats,
//! the powers a phase waits for and those that conceded, a proposal's vote
//! and its window, the calendar, the phases resolved so far), beyond the state alone
//! ([`super::State::check`]). The service finds the facts; the words are
//! written here, each a [`GameError::State`].

use super::Stage;
use crate::GameError;
use chessdip_rules::family::PhaseInfo;

/// Whether `power` owes something in `phase`: orders, or in a `hashed`
/// game a commitment and its reveal (the stage the lifecycle already
/// checked).
///
/// # Errors
/// Not its move in a turn-based phase, or nothing to order.
pub fn owes(phase: &PhaseInfo, power: &str, hashed: bool) -> Result<(), GameError> {
    if phase.owing.iter().any(|p| p == power) {
        return Ok(());
    }
    // A hashed game names nobody whose move it is: only that there is nothing to order.
    Err(if phase.resolve_on_submit && !hashed {
        Refusal::NotYourMove { phase: &phase.name, owing: &phase.owing }
    } else {
        Refusal::NothingToOrder { power, phase: &phase.name }
    }
    .into())
}

/// Whether `power` may mark itself ready in `phase` at `stage`: it owes
/// something, and the phase is not a turn that ends when the move is made.
///
/// # Errors
/// Nothing to mark ready, or a turn-based phase.
pub fn may_mark_ready(phase: &PhaseInfo, stage: Stage, power: &str) -> Result<(), GameError> {
    if !phase.owing.iter().any(|p| p == power) {
        return Err(Refusal::NothingToMarkReady { power, phase: &phase.name }.into());
    }
    if phase.resolve_on_submit && stage == Stage::Orders {
        return Err(Refusal::NoReadyInTurns { phase: &phase.name }.into());
    }
    Ok(())
}

/// Whether proposal `number` takes votes in the open phase `now` (its
/// sequence number and stage): its vote is `open` and runs in `runs_in`,
/// the `window` (`move phase`, `resolve phase`) of the phase `phase_of`
/// names.
///
/// # Errors
/// The vote is closed, or runs in another window; database errors naming the phase.
pub fn may_vote(
    number: i64,
    open: bool,
    runs_in: (i64, Stage),
    now: (i64, Stage),
    window: &str,
    phase_of: impl FnOnce(i64) -> Result<String, GameError>,
) -> Result<(), GameError> {
    if !open {
        return Err(Refusal::VoteClosed { number }.into());
    }
    if runs_in != now {
        let phase = phase_of(runs_in.0)?;
        return Err(Refusal::VoteNotNow { number, window, phase: &phase }.into());
    }
    Ok(())
}

/// A command refused by what it meets in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal<'a> {
    /// `join` from a user a moderator removed.
    Kicked,
    /// `join` from a user who already holds `power`.
    AlreadyPlays {
        /// Their power.
        power: &'a str,
    },
    /// `join <power>` of a power someone holds.
    PowerTaken {
        /// The power asked for.
        power: &'a str,
        /// The powers still free.
        free: &'a [String],
    },
    /// `join <power>` of a power that conceded.
    ConcededForGood {
        /// The power asked for.
        power: &'a str,
    },
    /// `join` without a power in a started game.
    NameTheVacantPower,
    /// `join` without a power when none is free.
    EveryPowerTaken,
    /// `join` of a started game whose seats are open (a board per player).
    JoinTheNextGame,
    /// `join` of a game with as many players as it takes.
    Full {
        /// Its most players.
        max: usize,
    },
    /// `join <name>` of a board name someone has.
    BoardNameTaken {
        /// The name asked for.
        name: &'a str,
    },
    /// `join <name>` of a board name that looks like one someone has.
    BoardNameLooksLike {
        /// The name asked for, its invisible characters shown.
        shown: &'a str,
        /// The name it looks like.
        taken: &'a str,
        /// What makes them look alike (empty, or a note that starts with a space or a colon).
        lookalikes: &'a str,
    },
    /// `game start` with nobody seated.
    NobodyJoined,
    /// `game start` with fewer players than the game takes.
    TooFewPlayers {
        /// The game's name.
        game: &'a str,
        /// Its fewest players.
        min: usize,
        /// How many joined.
        joined: usize,
    },
    /// `game assign` of a player to the power they hold.
    AssignedAlready {
        /// The player's name.
        player: &'a str,
        /// The power.
        power: &'a str,
    },
    /// `game assign` of a seated player elsewhere, without `swap`.
    AssignWithoutSwap {
        /// The player's name.
        player: &'a str,
        /// The power they hold.
        holds: &'a str,
        /// Their user id.
        user: &'a str,
        /// The power asked for.
        power: &'a str,
        /// What a swap would do besides (`" and bob to France"`, `" and leaves France vacant"`).
        and: &'a str,
    },
    /// `game assign` of a power that conceded.
    Conceded {
        /// The power.
        power: &'a str,
    },
    /// A proposal command in a game without proposals.
    NoProposals {
        /// The game's name.
        game: &'a str,
    },
    /// `vote` on a closed proposal.
    VoteClosed {
        /// The proposal's number.
        number: i64,
    },
    /// `vote` outside the window the proposal's vote runs in.
    VoteNotNow {
        /// The proposal's number.
        number: i64,
        /// The window (`move phase`, `reveal window`).
        window: &'a str,
        /// The phase it runs in.
        phase: &'a str,
    },
    /// `proposal enact` of a proposal voted down.
    NotPopular {
        /// The proposal's number.
        number: i64,
        /// Votes for.
        yes: i64,
        /// Votes against.
        no: i64,
    },
    /// `proposal enact` of a proposal whose vote is still open.
    VoteNotClosed {
        /// The proposal's number.
        number: i64,
    },
    /// `proposal enact` of a proposal enacted before, with its note.
    EnactedWith {
        /// The proposal's number.
        number: i64,
        /// The note recorded then.
        note: &'a str,
    },
    /// `proposal enact` that lost the race to another moderator's.
    Enacted {
        /// The proposal's number.
        number: i64,
    },
    /// `game create` in a channel whose game is still forming.
    AlreadyForming {
        /// The forming game's name (with its mode).
        game: &'a str,
    },
    /// A player's command in a game that has not started, from a seated player.
    NotStartedSeated {
        /// Their power.
        power: &'a str,
    },
    /// An order from a power whose move it is not, in a turn-based phase.
    NotYourMove {
        /// The phase.
        phase: &'a str,
        /// The powers it waits for.
        owing: &'a [String],
    },
    /// An order (or a commitment, a reveal) from a power that owes nothing in the phase.
    NothingToOrder {
        /// The power.
        power: &'a str,
        /// The phase.
        phase: &'a str,
    },
    /// `ready` from a power that owes nothing in the phase.
    NothingToMarkReady {
        /// The power.
        power: &'a str,
        /// The phase.
        phase: &'a str,
    },
    /// `ready` in a turn-based phase, which ends when the move is made.
    NoReadyInTurns {
        /// The phase.
        phase: &'a str,
    },
    /// `game force` of a turn that has not been played.
    TurnNotSkipped {
        /// The powers that have not moved.
        waiting: &'a [&'a String],
    },
    /// `game force <phase>` when another phase is open.
    NoLongerOpen {
        /// The phase the moderator named.
        want: &'a str,
        /// The phase open now.
        current: &'a str,
    },
    /// `game force` of a phase that resolved meanwhile.
    AlreadyResolved,
    /// `game force` of a reveal window, without `confirm`, while commitments
    /// are not revealed yet: resolving would leave their powers without orders.
    UnrevealedCommitments {
        /// The phase.
        phase: &'a str,
        /// How many commitments are not revealed.
        count: usize,
        /// Their powers, with their players (`England (bob) and Italy (eve)`).
        powers: &'a str,
        /// When the reveal window closes (`11h`), if it has not closed yet.
        closes: Option<&'a str>,
    },
    /// `game rollback` of a game with no resolved phase.
    NothingToRollBack,
    /// `game resume` of a game nobody is left playing.
    NobodyPlays {
        /// The powers still in the game, all vacant.
        vacant: &'a [String],
        /// A game of a board per player, which takes no new player once started.
        boards: bool,
        /// When it ends as abandoned, if it does.
        ends: Option<i64>,
    },
    /// An order or a vote from a power that conceded.
    ConcededActs {
        /// The power.
        power: &'a str,
    },
    /// `extend vote` in a phase already extended by vote.
    ExtendedByVote {
        /// The phase.
        phase: &'a str,
        /// By how long (`24h`).
        by: &'a str,
    },
    /// `extend vote` of the duration the power already voted.
    ExtendVoteStands {
        /// The power.
        power: &'a str,
        /// The phase.
        phase: &'a str,
        /// The duration voted (`24h`).
        by: &'a str,
    },
    /// `extend vote` from a power with nothing left on the board.
    OutOfTheGame {
        /// The power.
        power: &'a str,
    },
    /// `game force` of a calendar game's move window during its resolve days.
    MoveWindowNotEarly {
        /// The phase.
        phase: &'a str,
        /// When the window opens (`its calendar time, in 2d`).
        when: &'a str,
    },
}

impl Refusal<'_> {
    /// The refusal, written for the person who sent the command.
    #[must_use]
    pub fn text(&self) -> String {
        let listed = |v: &[String]| if v.is_empty() { "none".to_string() } else { v.join(", ") };
        match self {
            Refusal::Kicked => {
                "a moderator removed you from this game: only a moderator can seat you again (`game assign`)".into()
            }
            Refusal::AlreadyPlays { power } => format!("you already play {power}; `leave` first to change"),
            Refusal::PowerTaken { power, free } => format!("{power} is taken; free powers: {}", listed(free)),
            Refusal::ConcededForGood { power } => {
                format!("{power} has conceded and stays in civil disorder; nobody takes it over")
            }
            Refusal::NameTheVacantPower => "the game has started: name the vacant power you take over".into(),
            Refusal::EveryPowerTaken => "every power is taken".into(),
            Refusal::JoinTheNextGame => "the game has started; new players join the next game".into(),
            Refusal::Full { max } => format!("the game is full ({max} players)"),
            Refusal::BoardNameTaken { name } => format!("{name} is taken; `join <another name>`"),
            Refusal::BoardNameLooksLike { shown, taken, lookalikes } => format!(
                "`{shown}` looks like {taken}, who has already joined{lookalikes}: boards and players must be told apart at a glance; `join <another name>`"
            ),
            Refusal::NobodyJoined => "nobody has joined yet".into(),
            Refusal::TooFewPlayers { game, min, joined } => {
                format!("{game} needs at least {min} players; {joined} joined so far")
            }
            Refusal::AssignedAlready { player, power } => format!("{player} already plays {power}"),
            Refusal::AssignWithoutSwap { player, holds, user, power, and } => {
                format!("{player} already plays {holds}: `game assign {user} {power} swap` moves them to {power}{and}")
            }
            Refusal::Conceded { power } => format!("{power} has conceded and stays in civil disorder"),
            Refusal::NoProposals { game } => format!("{game} has no proposals"),
            Refusal::VoteClosed { number } => format!("the vote on proposal #{number} is closed"),
            Refusal::VoteNotNow { number, window, phase } => {
                format!("the vote on proposal #{number} runs in the {window} of {phase}, not now")
            }
            Refusal::NotPopular { number, yes, no } => {
                format!("proposal #{number} was not popular ({yes} for, {no} against)")
            }
            Refusal::VoteNotClosed { number } => format!("the vote on proposal #{number} has not closed yet"),
            Refusal::EnactedWith { number, note } => format!(
                "proposal #{number} was already enacted, with the note: {note}. A note is recorded once; a further change is a new proposal"
            ),
            Refusal::Enacted { number } => format!("proposal #{number} was already enacted"),
            Refusal::AlreadyForming { game } => format!(
                "a game of {game} is forming in this channel: `join` it, or a moderator ends it with `game end` before creating another"
            ),
            Refusal::NotStartedSeated { power } => format!(
                "the game has not started yet: you play {power}, and it begins when a moderator runs `game start`"
            ),
            Refusal::NotYourMove { phase, owing } => format!("it is not your move: {phase} waits for {}", owing.join(", ")),
            Refusal::NothingToOrder { power, phase } => format!("{power} has nothing to order in {phase}"),
            Refusal::NothingToMarkReady { power, phase } => {
                format!("{power} has nothing to order in {phase}, so there is nothing to mark ready")
            }
            Refusal::NoReadyInTurns { phase } => format!(
                "{phase} ends when the move is made: send it with `orders ...` (there is no ready mark in a turn-based game)"
            ),
            Refusal::TurnNotSkipped { waiting } => format!(
                "{} has not moved, and a turn cannot be skipped: give more time with `game extend`, replace the player with `game assign`, or end the game",
                waiting.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(", ")
            ),
            Refusal::NoLongerOpen { want, current } => format!("{want} is no longer open: the current phase is {current}"),
            Refusal::AlreadyResolved => "that phase was already resolved".into(),
            Refusal::UnrevealedCommitments { phase, count, powers, closes } => {
                let what = if *count == 1 {
                    format!("the commitment of {powers} is")
                } else {
                    format!("the commitments of {powers} are")
                };
                let until = closes.map_or_else(
                    || "until a moderator forces it".to_string(),
                    |left| format!("until the window closes in {left}"),
                );
                format!(
                    "{phase} is in its reveal window, and {what} not revealed yet: forced now, it resolves without those orders (each player is told privately). `game force confirm` (on Discord `/game force confirm:True`) resolves it anyway; otherwise they may still reveal, {until}"
                )
            }
            Refusal::NothingToRollBack => "there is no resolved phase to roll back".into(),
            Refusal::NobodyPlays { vacant, boards, ends } => {
                let ends = ends.map_or(String::new(), |t| format!(", and it ends as abandoned <t:{t}:R> otherwise"));
                if *boards {
                    format!("nobody is left in the game (every player left or conceded), and a game of a board per player takes no new player once started: `game end` ends it{ends}")
                } else {
                    format!(
                        "nobody is left playing: every power still in the game is vacant ({}), so it would only resolve without orders. It resumes by itself when somebody takes a seat (`join <power>`, or `game assign <user> <power>`); `game end` ends it{ends}",
                        vacant.join(", ")
                    )
                }
            }
            Refusal::ConcededActs { power } => {
                format!("{power} has conceded: it is in civil disorder and no longer orders or votes")
            }
            Refusal::ExtendedByVote { phase, by } => format!(
                "{phase} was already extended by vote (by {by}): the players extend a phase once; a moderator can still `game extend`"
            ),
            Refusal::ExtendVoteStands { power, phase, by } => format!(
                "{power} already votes to extend {phase} by {by}: vote another duration to change it (`extend` shows the votes)"
            ),
            Refusal::OutOfTheGame { power } => {
                format!("{power} has nothing left on the board and no longer votes")
            }
            Refusal::MoveWindowNotEarly { phase, when } => format!(
                "the move phase of {phase} opens at {when}: the calendar is in its resolve days, so the move window is not opened early"
            ),
        }
    }
}

impl From<Refusal<'_>> for GameError {
    fn from(r: Refusal<'_>) -> GameError {
        GameError::State(r.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessdip_rules::family::PhaseKind;

    fn turn(resolve_on_submit: bool) -> PhaseInfo {
        PhaseInfo { name: "Turn 4".into(), kind: PhaseKind::Movement, owing: vec!["White".into()], resolve_on_submit }
    }

    #[test]
    fn a_turn_names_whose_move_it_is_except_in_a_hashed_game() {
        assert!(owes(&turn(true), "White", false).is_ok());
        let e = owes(&turn(true), "Black", false).unwrap_err().to_string();
        assert!(e.contains("it is not your move: Turn 4 waits for White"), "{e}");
        let e = owes(&turn(true), "Black", true).unwrap_err().to_string();
        assert!(e.contains("Black has nothing to order in Turn 4"), "{e}");
    }

    #[test]
    fn a_vote_is_taken_only_while_open_and_in_its_window() {
        let named = |seq: i64| Ok(format!("phase {seq}"));
        assert!(may_vote(1, true, (3, Stage::Reveal), (3, Stage::Reveal), "resolve phase", named).is_ok());
        let e = may_vote(1, false, (3, Stage::Reveal), (3, Stage::Reveal), "resolve phase", named).unwrap_err();
        assert!(e.to_string().contains("the vote on proposal #1 is closed"), "{e}");
        let e = may_vote(2, true, (4, Stage::Commit), (3, Stage::Reveal), "move phase", named).unwrap_err();
        assert!(e.to_string().contains("the vote on proposal #2 runs in the move phase of phase 4, not now"), "{e}");
    }

    #[test]
    fn a_turn_takes_no_ready_mark() {
        assert!(may_mark_ready(&turn(false), Stage::Orders, "White").is_ok());
        let e = may_mark_ready(&turn(true), Stage::Orders, "White").unwrap_err().to_string();
        assert!(e.contains("no ready mark in a turn-based game"), "{e}");
        let e = may_mark_ready(&turn(false), Stage::Orders, "Black").unwrap_err().to_string();
        assert!(e.contains("nothing to mark ready"), "{e}");
    }
}
