//! Unexpected failures (the database, Discord) and the apology that tells
//! the player what became of their command.
//!
//! The service runs each change in one transaction: a database error means
//! the change it was writing was rolled back. Once the service has
//! answered, the change is saved, whatever becomes of the answer. So the
//! handlers tag a failure with how far the command got ([`Progress`]), and
//! the apology says that, rather than guessing.

use std::fmt;

use super::types::Error;

/// How far a command got before an unexpected failure.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The database failed inside the service: the change being written
    /// was rolled back.
    NotSaved,
    /// The service carried the command out (anything it changed is saved);
    /// sending the answer failed.
    AnswerLost,
    /// The service refused the command (it was not carried out); sending
    /// the reason failed.
    RefusalLost,
    /// Not known: the service's task failed, or the failure came before or
    /// around it.
    Unknown,
}

impl Progress {
    /// The outcome an error was tagged with ([`Progress::Unknown`] if none).
    #[must_use]
    pub fn of(error: &Error) -> Progress {
        error.downcast_ref::<Failure>().map_or(Progress::Unknown, |f| f.outcome)
    }
}

/// An unexpected error, tagged with how far the command got.
#[derive(Debug)]
pub struct Failure {
    /// How far the command got.
    pub outcome: Progress,
    /// What failed.
    pub source: Error,
}

impl Failure {
    /// Tags `source` (boxed, as handlers return it).
    pub fn tag(outcome: Progress, source: impl Into<Error>) -> Error {
        Box::new(Failure { outcome, source: source.into() })
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let when = match self.outcome {
            Progress::NotSaved => "the database failed; its change was rolled back",
            Progress::AnswerLost => "the command was carried out; answering failed",
            Progress::RefusalLost => "the command was refused; sending the reason failed",
            Progress::Unknown => "failed",
        };
        write!(f, "{when}: {}", self.source)
    }
}

impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.source.as_ref())
    }
}

/// Where the player talks to the bot, which decides how they can check.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// A slash command in the game's channel.
    Command,
    /// A direct message.
    DirectMessage,
}

/// The apology for a failure with id `id`: what became of the command,
/// how to check, and what the id is for.
#[must_use]
pub fn apology(outcome: Progress, via: Via, id: &str) -> String {
    let check = match via {
        Via::Command => "`/orders show` or `/game status`",
        Via::DirectMessage => "`show` or `status` (with the game's number first if you play in several)",
    };
    let what = match (outcome, via) {
        (Progress::NotSaved, _) => format!(
            "Sorry: the database failed while I handled your {} (error {id}). The change it was making was not saved (a change is saved whole or not at all). Check what stands with {check}, then send it again if it is still needed.",
            if via == Via::Command { "command" } else { "message" }
        ),
        (Progress::AnswerLost, Via::Command) => format!(
            "Sorry: your command went through, and anything it changed is saved, but I could not send you all of my answer (error {id}). Do not send it again: see where things stand with {check}."
        ),
        (Progress::AnswerLost, Via::DirectMessage) => format!(
            "Sorry: I handled your message, but I could not send you all of my answer (error {id}). Before sending it again, check what stands with {check}."
        ),
        (Progress::RefusalLost, _) => format!(
            "Sorry: your command was refused, so it was not carried out, but I could not send you the reason (error {id}). Check what stands with {check} and try again."
        ),
        (Progress::Unknown, _) => format!(
            "Sorry, something went wrong on my side (error {id}), and I cannot tell whether your {} went through. Check what stands with {check} before sending it again.",
            if via == Via::Command { "command" } else { "message" }
        ),
    };
    format!("{what} If this keeps happening, show the error id to a moderator: whoever runs the bot finds what happened in its log by that id.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn io(text: &str) -> Error {
        Box::new(std::io::Error::other(text.to_string()))
    }

    #[test]
    fn errors_keep_their_outcome_and_untagged_ones_are_unknown() {
        assert_eq!(Progress::of(&Failure::tag(Progress::AnswerLost, io("discord said no"))), Progress::AnswerLost);
        assert_eq!(Progress::of(&Failure::tag(Progress::NotSaved, io("disk I/O error"))), Progress::NotSaved);
        assert_eq!(Progress::of(&io("anything else")), Progress::Unknown);
        let e = Failure::tag(Progress::NotSaved, io("disk I/O error"));
        assert_eq!(e.to_string(), "the database failed; its change was rolled back: disk I/O error");
        assert!(std::error::Error::source(e.as_ref()).is_some());
    }

    #[test]
    fn a_database_failure_says_nothing_was_saved() {
        let t = apology(Progress::NotSaved, Via::Command, "E1-0");
        assert!(t.contains("error E1-0") && t.contains("was not saved"), "{t}");
        assert!(t.contains("`/orders show` or `/game status`") && t.contains("send it again if"), "{t}");
        assert!(!t.contains("went through"), "{t}");
    }

    #[test]
    fn a_lost_answer_says_the_command_went_through() {
        let t = apology(Progress::AnswerLost, Via::Command, "E1-1");
        assert!(t.contains("went through") && t.contains("is saved") && t.contains("Do not send it again"), "{t}");
        assert!(!t.contains("not saved"), "{t}");
        let t = apology(Progress::AnswerLost, Via::DirectMessage, "E1-1");
        assert!(t.contains("I handled your message") && t.contains("`show` or `status`"), "{t}");
    }

    #[test]
    fn a_lost_refusal_and_an_unknown_failure_say_what_is_known() {
        let t = apology(Progress::RefusalLost, Via::Command, "E1-2");
        assert!(t.contains("refused, so it was not carried out") && t.contains("try again"), "{t}");
        let t = apology(Progress::Unknown, Via::DirectMessage, "E1-3");
        assert!(t.contains("cannot tell whether your message went through"), "{t}");
        assert!(t.contains("`show` or `status`"), "{t}");
    }

    #[test]
    fn every_apology_gives_the_id_for_a_moderator_and_never_claims_nothing_was_lost() {
        for outcome in [Progress::NotSaved, Progress::AnswerLost, Progress::RefusalLost, Progress::Unknown] {
            for via in [Via::Command, Via::DirectMessage] {
                let t = apology(outcome, via, "Eabc-7");
                assert!(t.contains("error Eabc-7") && t.contains("show the error id to a moderator"), "{t}");
                assert!(!t.contains("Nothing you sent was lost"), "{t}");
                assert!(t.len() < 2000, "one Discord message");
            }
        }
    }
}
