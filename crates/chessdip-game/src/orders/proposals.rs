//! Proposals and votes (Chess Wheel+): a player proposes; the vote runs in
//! the next resolve phase if it was submitted in a move phase, or in the
//! next move phase if submitted in a resolve phase (or the replenish day);
//! when the window closes the bot announces whether it is popular (more for
//! than against). The bot changes no rule by itself: the one numeric rule,
//! the movement power, is a moderator's setting (`game set
//! movement-power=<n>`, from the next cycle); any other change the players
//! follow by agreement. A moderator records what was done with `proposal
//! enact <number> <note>`, once per proposal.

use crate::lifecycle::Stage;
use crate::lifecycle::{may_vote, Command, Refusal};
use crate::store::{self, Proposal};
use crate::{Caller, GameError, Reply, Service};

fn rank(stage: Stage) -> i64 {
    match stage {
        Stage::Wait => 0,
        Stage::Orders | Stage::Commit => 1,
        Stage::Reveal | Stage::Sealed => 2,
    }
}

fn window_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Reveal | Stage::Sealed => "resolve phase",
        _ => "move phase",
    }
}

/// The voting window of a proposal submitted during (`seq`, `stage`).
fn voting_window(seq: i64, stage: Stage) -> (i64, Stage) {
    match stage {
        Stage::Wait => (seq, Stage::Commit),
        Stage::Commit | Stage::Orders => (seq, Stage::Reveal),
        Stage::Reveal | Stage::Sealed => (seq + 1, Stage::Commit),
    }
}

/// The name of phase `seq`, or "the next phase" if it has not opened yet.
fn phase_name(c: &rusqlite::Connection, game: i64, seq: i64) -> Result<String, GameError> {
    Ok(store::phase(c, game, seq)?.map_or_else(|| "the next phase".to_string(), |r| r.name))
}

fn describe(p: &Proposal, phase: &str) -> String {
    let state = match (p.open, p.tally, &p.enacted) {
        (true, _, _) => format!("vote in the {} of {phase}", window_name(p.vote_stage)),
        (false, Some((y, n)), None) => {
            format!("{} ({y} for, {n} against)", if y > n { "popular" } else { "not popular" })
        }
        (false, Some((y, n)), Some(note)) => format!("popular ({y} for, {n} against), enacted: {note}"),
        (false, None, _) => "closed".into(),
    };
    format!("#{} by {}: {} [{state}]", p.number, p.power, p.text)
}

/// What follows a popular vote: what the bot can change and how the change is recorded.
const POPULAR_NEXT: &str = " The bot changes no rule by itself: if the proposal changes the movement power, a moderator \
    sets it with `game set movement-power=<n>` (from the next cycle); any other change the players follow by agreement. \
    A moderator then records what was done with `proposal enact <number> <note>`.";

impl Service {
    fn proposals_game(
        &self,
        c: &rusqlite::Connection,
        channel: &str,
        command: Option<Command>,
    ) -> Result<crate::Live, GameError> {
        let live = match command {
            Some(command) => self.game_for(c, channel, command)?,
            None => self.latest(c, channel)?,
        };
        if !live.kind.has_proposals() {
            return Err(Refusal::NoProposals { game: live.kind.name() }.into());
        }
        Ok(live)
    }

    /// Records a proposal; its vote runs in the next move or resolve phase.
    ///
    /// # Errors
    /// Not a game with proposals, not a player, empty text.
    pub fn propose(&self, channel: &str, caller: &Caller, text: &str) -> Result<Vec<Reply>, GameError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(GameError::Invalid("write the proposal's text: `proposal submit <text>`".into()));
        }
        if text.chars().count() > 1500 {
            return Err(GameError::Invalid("a proposal is at most 1,500 characters".into()));
        }
        let now = self.now();
        self.store.write(|c| {
            let live = self.proposals_game(c, channel, Some(Command::Proposal))?;
            let name = Self::playing(c, &live, caller)?;
            let (row, _) = Self::current_phase(c, &live)?;
            let (seq, stage) = voting_window(row.seq, row.stage);
            let number = store::add_proposal(c, live.game.id, text, &name, &caller.user, now, seq, stage)?;
            let when = if seq == row.seq {
                format!("the {} of {}", window_name(stage), row.name)
            } else {
                format!("the next {}", window_name(stage))
            };
            self.announced_all(
                c,
                &live.game,
                vec![Reply::public(format!(
                    "Proposal #{number} by {name}: {text}\nVoting: {when} (`vote {number} yes` or `vote {number} no`)."
                ))],
            )
        })
    }

    /// The caller's vote on proposal `number` (changeable until the window closes).
    ///
    /// # Errors
    /// No such proposal, not its voting window, not a player.
    pub fn vote(&self, channel: &str, caller: &Caller, number: i64, yes: bool) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.proposals_game(c, channel, Some(Command::Proposal))?;
            let name = Self::playing(c, &live, caller)?;
            let (row, _) = Self::current_phase(c, &live)?;
            let p = store::proposal(c, live.game.id, number)?
                .ok_or_else(|| GameError::Invalid(format!("there is no proposal #{number}; `proposals` lists them")))?;
            let window = window_name(p.vote_stage);
            let runs_in = (p.vote_seq, p.vote_stage);
            may_vote(number, p.open, runs_in, (row.seq, row.stage), window, |seq| phase_name(c, live.game.id, seq))?;
            store::set_vote(c, p.id, &name, yes, now)?;
            Ok(Reply::private(format!(
                "{name} votes {} proposal #{number}. You may change your vote until the {} ends.",
                if yes { "for" } else { "against" },
                window_name(p.vote_stage)
            )))
        })
    }

    /// A moderator records that a popular proposal was enacted, with a note
    /// of what was changed. This records the note and announces it; it
    /// changes no rule (the movement power changes with `game set`). A
    /// proposal is enacted once.
    ///
    /// # Errors
    /// Not a moderator, no such proposal, not (yet) popular, already enacted, no note.
    pub fn enact(&self, channel: &str, caller: &Caller, number: i64, note: &str) -> Result<Reply, GameError> {
        let now = self.now();
        let note = note.trim();
        self.store.write(|c| {
            let live = self.proposals_game(c, channel, Some(Command::Enact))?;
            Self::require_moderator(&live.game, caller, "enact a proposal")?;
            if note.is_empty() {
                return Err(GameError::Invalid("say what was changed: `proposal enact <number> <note>`".into()));
            }
            if note.chars().count() > 1500 {
                return Err(GameError::Invalid("a note is at most 1,500 characters".into()));
            }
            let p = store::proposal(c, live.game.id, number)?
                .ok_or_else(|| GameError::Invalid(format!("there is no proposal #{number}; `proposals` lists them")))?;
            match p.tally {
                Some((y, n)) if y > n => {}
                Some((yes, no)) => return Err(Refusal::NotPopular { number, yes, no }.into()),
                None => return Err(Refusal::VoteNotClosed { number }.into()),
            }
            if let Some(earlier) = &p.enacted {
                return Err(Refusal::EnactedWith { number, note: earlier }.into());
            }
            if !store::enact_proposal(c, p.id, note, &caller.user, now)? {
                return Err(Refusal::Enacted { number }.into());
            }
            self.log_moderator(c, live.game.id, caller, "enact", format!("#{number}: {note}"))?;
            let text = format!(
                "{} recorded proposal #{number} ({}) as enacted: {note}\n(The bot keeps this note; it changes no rule by itself.)",
                crate::names::shown(&caller.name),
                p.text
            );
            self.announced(c, &live.game, Reply::public(text))
        })
    }

    /// Every proposal with its state.
    ///
    /// # Errors
    /// Not a game with proposals.
    pub fn proposal_list(&self, channel: &str) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.proposals_game(c, channel, None)?;
            let all = store::proposals(c, live.game.id)?;
            if all.is_empty() {
                return Ok(Reply::public("No proposals yet: `proposal submit <text>`."));
            }
            let mut lines = Vec::new();
            for p in &all {
                lines.push(describe(p, &phase_name(c, live.game.id, p.vote_seq)?));
            }
            Ok(Reply::public(format!("Proposals:\n{}", lines.join("\n"))))
        })
    }

    /// After a game moves to (`seq`, `stage`): closes the votes whose window
    /// has passed (announcing each result) and announces the votes that open.
    pub(crate) fn proposal_windows(
        c: &rusqlite::Connection,
        game: i64,
        seq: i64,
        stage: Stage,
    ) -> Result<Vec<Reply>, GameError> {
        let mut out = Vec::new();
        for p in store::proposals(c, game)?.into_iter().filter(|p| p.open) {
            if (p.vote_seq, rank(p.vote_stage)) < (seq, rank(stage)) {
                if let Some((y, n)) = store::close_proposal(c, p.id)? {
                    let verdict = if y > n { "is popular" } else { "is not popular" };
                    out.push(Reply::public(format!(
                        "The vote on proposal #{} ({}) has closed: it {verdict}, {y} for and {n} against.{}",
                        p.number,
                        p.text,
                        if y > n { POPULAR_NEXT } else { "" }
                    )));
                }
            } else if (p.vote_seq, p.vote_stage) == (seq, stage) {
                out.push(Reply::public(format!(
                    "Voting is open on proposal #{} by {}: {} (`vote {} yes|no`).",
                    p.number, p.power, p.text, p.number
                )));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vote_runs_in_the_other_half_of_the_cycle() {
        assert_eq!(voting_window(3, Stage::Commit), (3, Stage::Reveal));
        assert_eq!(voting_window(3, Stage::Reveal), (4, Stage::Commit));
        assert_eq!(voting_window(3, Stage::Wait), (3, Stage::Commit));
    }
}
