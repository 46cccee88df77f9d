//! One typed request per command: what the console and direct messages read
//! from a line of text ([`Request::parse`]) and what each slash command
//! builds directly, handled by one entry point ([`Service::handle`]).
//!
//! [`crate::command::COMMANDS`] is the one list of the commands: their
//! words, whether they only read (answered for an ended game too), who they
//! are for and their help line. The help text, the words the console and
//! direct messages recognise, and the lifecycle transition each request is
//! ([`Request::transition`]) come from these two files, so a new command is
//! added here (its variant and its reading), there (its entry) and in the
//! service method that carries it out.

use crate::command::spec_of;
use crate::lifecycle::Command;
use crate::{parse_duration_within, Bounds, Caller, GameError, Reply, Service, Settings};

/// A command with its arguments read.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// `help`: the commands, with what the caller's game is waiting for.
    Help,
    /// `variants`: the variants with their options.
    Variants,
    /// `game create <variant> [key=value ...]`.
    Create {
        /// The variant's id.
        variant: String,
        /// The settings the words gave (boxed: they are most of a request's size).
        settings: Box<Settings>,
    },
    /// `game start`.
    Start,
    /// `game status` (or `status`).
    Status,
    /// `game board` (or `board`).
    Board,
    /// `game timelapse`.
    Timelapse,
    /// `game chart`.
    Chart,
    /// `game force [phase] [confirm]`.
    Force {
        /// The phase it must still be (none: the current one).
        phase: Option<String>,
        /// Whether commitments not revealed yet may be dropped.
        confirmed: bool,
    },
    /// `game pause`.
    Pause,
    /// `game resume`.
    Resume,
    /// `game rollback [fresh]`.
    Rollback {
        /// Reopen a hashed phase with new commitments.
        fresh: bool,
    },
    /// `game end`.
    End,
    /// `game export`.
    Export,
    /// `game set key=value ...`.
    Set {
        /// The `key=value` words.
        options: Vec<String>,
    },
    /// `game extend <duration>`: more time for the current phase.
    Extend {
        /// Seconds.
        secs: i64,
    },
    /// `game deadline <duration>`: the deadline set to this long from now.
    Deadline {
        /// Seconds.
        secs: i64,
    },
    /// `game assign <user> <power> [swap]`.
    Assign {
        /// Who takes the power.
        player: Caller,
        /// The power.
        power: String,
        /// Whether two players swap their powers.
        swap: bool,
    },
    /// `game kick <user>`.
    Kick {
        /// Who.
        user: String,
    },
    /// `game bot add <power>` or `game bot remove <power>`.
    Bot {
        /// Seat a bot (`add`) or remove one (`remove`).
        add: bool,
        /// The power, as written.
        power: String,
    },
    /// `game outbox`.
    Outbox,
    /// `game outbox retry <number>`.
    OutboxRetry {
        /// The announcement's number, as written.
        id: String,
    },
    /// `join [power]`.
    Join {
        /// The power (none: a random free one).
        power: Option<String>,
    },
    /// `leave`.
    Leave,
    /// `orders` or `orders show`.
    ShowOrders,
    /// `orders clear`.
    ClearOrders,
    /// `orders preview`.
    Preview,
    /// `orders <order>, <order> ...`.
    Submit {
        /// The orders as written.
        orders: String,
    },
    /// `commit <sha256>`.
    Commit {
        /// The hash as written.
        hash: String,
    },
    /// `reveal <text>`: the text exactly, after the word and one separator.
    Reveal {
        /// The revealed text, byte for byte.
        text: String,
    },
    /// `hash [text]`.
    Hash {
        /// The text to hash (empty: how to seal).
        text: String,
    },
    /// `board create|populate ...` (Chess Wheel+).
    BoardAction {
        /// The action's words.
        action: String,
    },
    /// `proposal submit <text>` (Chess Wheel+).
    Propose {
        /// The proposal.
        text: String,
    },
    /// `proposal enact <number> <note>` (Chess Wheel+).
    Enact {
        /// The proposal's number.
        number: i64,
        /// What was changed.
        note: String,
    },
    /// `proposals` or `proposal list`.
    Proposals,
    /// `vote <number> yes|no` (Chess Wheel+).
    Vote {
        /// The proposal's number.
        number: i64,
        /// Yes or no.
        yes: bool,
    },
    /// `ready`.
    Ready,
    /// `unready`.
    Unready,
    /// `concede`.
    Concede,
    /// `extend` or `extend votes`: the votes to extend this phase.
    ExtendVotes,
    /// `extend vote <duration>`.
    ExtendVote {
        /// Seconds.
        secs: i64,
    },
    /// `draw yes|no`.
    Draw {
        /// Yes or no.
        yes: bool,
    },
    /// `history [phase]`.
    History {
        /// The phase (none: the list).
        phase: Option<String>,
    },
    /// `profile [user]`.
    Profile {
        /// Whose (none: the caller's).
        user: Option<String>,
    },
    /// `leaderboard [game]`.
    Leaderboard {
        /// Which game (none: every rated game).
        game: Option<String>,
    },
    /// `games`: this server's forming and running games, and the caller's turns.
    Games,
    /// `game advertise [role]`: a moderator posts the forming game's advert again.
    Advertise {
        /// A role to ping once (its id).
        role: Option<String>,
    },
    /// `notify [phase=on|off] [deadline=on|off] [results=on|off]`: the
    /// caller's direct messages in this server (none given: shown).
    Notify {
        /// A phase opening in which they owe orders.
        phase: Option<bool>,
        /// The reminder before a deadline.
        deadline: Option<bool>,
        /// Each result.
        results: Option<bool>,
    },
}

/// A proposal's number (`3` or `#3`); `example` shows the command written right.
fn number(text: &str, example: &str) -> Result<i64, GameError> {
    text.trim_start_matches('#')
        .parse()
        .map_err(|_| GameError::Invalid(format!("`{text}` is not a proposal number: write e.g. `{example}`")))
}

/// The words after `game force`: the phase it must still be (none: the
/// current one), and whether it is confirmed (`confirm` before or after the
/// phase: `game force confirm`, `game force Spring 1401 confirm`).
pub(crate) fn force_words(rest: &str) -> (Option<&str>, bool) {
    let confirm = |w: &str| w.eq_ignore_ascii_case("confirm");
    let (phase, confirmed) = match rest.split_once(char::is_whitespace) {
        Some((first, phase)) if confirm(first) => (phase, true),
        _ => match rest.rsplit_once(char::is_whitespace) {
            Some((phase, last)) if confirm(last) => (phase, true),
            _ if confirm(rest) => ("", true),
            _ => (rest, false),
        },
    };
    (Some(phase.trim()).filter(|p| !p.is_empty()), confirmed)
}

/// The text of a `reveal` line exactly: after the word and one space or new line.
#[must_use]
pub fn reveal_text(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let word = t.get(..6)?;
    if !word.eq_ignore_ascii_case("reveal") {
        return None;
    }
    let rest = &t[6..];
    let mut chars = rest.chars();
    match chars.next() {
        Some(c) if c.is_whitespace() => Some(chars.as_str()),
        None => Some(""),
        Some(_) => None,
    }
}

impl Request {
    /// Reads a line of text (the console's, a direct message's): the command
    /// its words name, with its arguments.
    ///
    /// # Errors
    /// An unknown command, or arguments that are not what the command takes,
    /// with how to write it.
    pub fn parse(line: &str) -> Result<Request, GameError> {
        // A reveal is hashed byte for byte: everything after `reveal` and one separator, untrimmed.
        if let Some(text) = reveal_text(line) {
            return Ok(Request::Reveal { text: text.to_string() });
        }
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let rest_after = |n: usize| -> String {
            let mut s = line;
            for _ in 0..n {
                s = s.trim_start();
                s = s.find(char::is_whitespace).map_or("", |i| &s[i..]);
            }
            s.trim().to_string()
        };
        let duration = |d: &str| parse_duration_within(d, Bounds::CHANGE);
        let unknown = || GameError::Invalid(format!("unknown command `{line}`; `help` lists the commands"));
        Ok(match lower.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            [] | ["help"] => Request::Help,
            ["variants"] => Request::Variants,
            ["game", "board"] | ["board"] => Request::Board,
            ["game", "timelapse"] => Request::Timelapse,
            ["game", "chart"] => Request::Chart,
            ["game", "create", variant, ..] => Request::Create {
                variant: (*variant).to_string(),
                settings: Box::new(crate::options::create_settings(variant, &words[3..], Settings::default())?),
            },
            ["game", "create"] => return Err(GameError::Invalid("name a variant: game create chessdip".into())),
            ["game", "start"] => Request::Start,
            ["game", "status"] | ["status"] => Request::Status,
            ["game", "force", ..] => {
                let rest = rest_after(2);
                let (phase, confirmed) = force_words(&rest);
                Request::Force { phase: phase.map(str::to_string), confirmed }
            }
            ["game", "pause"] => Request::Pause,
            ["game", "resume"] => Request::Resume,
            ["game", "rollback"] => Request::Rollback { fresh: false },
            ["game", "rollback", "fresh"] => Request::Rollback { fresh: true },
            ["game", "rollback", ..] => {
                return Err(GameError::Invalid(
                    "write `game rollback`, or `game rollback fresh` to reopen a hashed phase with new commitments".into(),
                ))
            }
            ["game", "end"] => Request::End,
            ["game", "export"] => Request::Export,
            ["game", "set", ..] => Request::Set { options: words[2..].iter().map(|w| (*w).to_string()).collect() },
            ["game", "extend", d] => Request::Extend { secs: duration(d)? },
            ["game", "deadline", d] => Request::Deadline { secs: duration(d)? },
            ["game", "assign", _, _, .., "swap"] if words.len() > 4 => {
                let power = rest_after(3);
                let power = power[..power.len() - 4].trim_end().to_string();
                Request::Assign { player: Caller::player(words[2]), power, swap: true }
            }
            ["game", "assign", _, _, ..] => {
                Request::Assign { player: Caller::player(words[2]), power: rest_after(3), swap: false }
            }
            ["game", "kick", _] => Request::Kick { user: words[2].to_string() },
            ["game", "bot", "add", _, ..] => Request::Bot { add: true, power: rest_after(3) },
            ["game", "bot", "remove", _, ..] => Request::Bot { add: false, power: rest_after(3) },
            ["game", "bot", ..] => return Err(GameError::Invalid(
                "write `game bot add <power>` to seat a bot in a free seat or a vacant power, or `game bot remove <power>` to take a bot out, e.g. `game bot add Italy`".into(),
            )),
            ["game", "outbox"] => Request::Outbox,
            ["game", "outbox", "retry", _] => Request::OutboxRetry { id: words[3].to_string() },
            ["game", "outbox", ..] => return Err(GameError::Invalid(
                "write `game outbox` to see what waits to be posted, or `game outbox retry <number>` to queue a parked announcement again, e.g. `game outbox retry 12`".into(),
            )),
            ["join"] => Request::Join { power: None },
            ["join", ..] => Request::Join { power: Some(rest_after(1)) },
            ["leave"] => Request::Leave,
            ["orders", "show"] | ["orders"] => Request::ShowOrders,
            ["orders", "clear"] => Request::ClearOrders,
            ["orders", "preview"] => Request::Preview,
            ["orders", ..] => Request::Submit { orders: rest_after(1) },
            ["commit", _] => Request::Commit { hash: words[1].to_string() },
            ["commit", ..] => return Err(GameError::Invalid("write `commit <sha256 hex>`: 64 hex digits".into())),
            ["hash", ..] => Request::Hash { text: rest_after(1) },
            ["board", _, ..] => Request::BoardAction { action: rest_after(1) },
            ["proposal", "submit", _, ..] => Request::Propose { text: rest_after(2) },
            ["proposal", "submit"] => return Err(GameError::Invalid(
                "write the proposal after the words: `proposal submit <text>`, e.g. `proposal submit Knights may jump between boards`".into(),
            )),
            ["proposal", "enact", n, _, ..] => {
                Request::Enact { number: number(n, "proposal enact 3 <note>")?, note: rest_after(3) }
            }
            ["proposal", "enact", ..] => return Err(GameError::Invalid(
                "write the proposal's number and what was changed: `proposal enact <number> <note>`, e.g. `proposal enact 1 movement power set to 4 from Cycle 3`".into(),
            )),
            ["proposals"] | ["proposal", "list"] => Request::Proposals,
            ["proposal", ..] => return Err(GameError::Invalid(
                "write `proposal submit <text>`, `proposal list` (or `proposals`), or, for moderators, `proposal enact <number> <note>`; vote with `vote <number> yes|no`".into(),
            )),
            ["vote", n, "yes"] => Request::Vote { number: number(n, "vote 3 yes")?, yes: true },
            ["vote", n, "no"] => Request::Vote { number: number(n, "vote 3 no")?, yes: false },
            ["vote", ..] => return Err(GameError::Invalid("write `vote <number> yes` or `vote <number> no`".into())),
            ["ready"] => Request::Ready,
            ["unready"] => Request::Unready,
            ["concede"] => Request::Concede,
            ["extend"] | ["extend", "votes"] => Request::ExtendVotes,
            ["extend", "vote", d] => Request::ExtendVote { secs: duration(d)? },
            ["extend", ..] => return Err(GameError::Invalid(
                "write `extend vote <duration>` to vote to extend the deadline (e.g. `extend vote 24h`), or `extend` to see the votes".into(),
            )),
            ["draw", "yes"] => Request::Draw { yes: true },
            ["draw", "no"] => Request::Draw { yes: false },
            ["history"] => Request::History { phase: None },
            ["history", ..] => Request::History { phase: Some(rest_after(1)) },
            ["profile"] => Request::Profile { user: None },
            ["profile", _] => Request::Profile { user: Some(words[1].to_string()) },
            ["profile", ..] => return Err(GameError::Invalid(
                "write `profile` for your own record, or `profile <user>` for someone else's, e.g. `profile bob`".into(),
            )),
            ["games"] => Request::Games,
            ["game", "advertise"] => Request::Advertise { role: None },
            ["game", "advertise", role] => {
                Request::Advertise { role: Some(role.trim_start_matches("<@&").trim_end_matches('>').to_string()) }
            }
            ["leaderboard"] => Request::Leaderboard { game: None },
            ["leaderboard", ..] => Request::Leaderboard { game: Some(rest_after(1)) },
            ["notify", ..] => {
                let c = crate::notify::notify_words(&words[1..])?;
                Request::Notify { phase: c.phase, deadline: c.deadline, results: c.results }
            }
            _ => return Err(unknown()),
        })
    }

    /// Whether it only reads: answered for an ended game too.
    #[must_use]
    pub fn reads(&self) -> bool {
        matches!(
            self,
            Request::Help
                | Request::Variants
                | Request::Create { .. }
                | Request::Status
                | Request::Board
                | Request::Timelapse
                | Request::Chart
                | Request::Export
                | Request::Rollback { .. }
                | Request::Outbox
                | Request::OutboxRetry { .. }
                | Request::Hash { .. }
                | Request::Proposals
                | Request::History { .. }
                | Request::Profile { .. }
                | Request::Leaderboard { .. }
                | Request::Games
                | Request::Advertise { .. }
                | Request::Notify { .. }
        )
    }

    /// The lifecycle's transition this request is, if it changes the game
    /// (`docs/lifecycle.md`); `None` for what only reads or concerns the
    /// server (profiles), the user (their direct messages) or the bot (the outbox).
    #[must_use]
    pub fn transition(&self) -> Option<Command> {
        Some(match self {
            Request::Join { .. } => Command::Join,
            Request::Leave => Command::Leave,
            Request::Start => Command::Start,
            Request::Submit { .. } | Request::ClearOrders => Command::Orders,
            Request::Commit { .. } => Command::Commit,
            Request::Reveal { .. } => Command::Reveal,
            Request::Ready | Request::Unready => Command::Ready,
            Request::Draw { .. } => Command::Draw,
            Request::Concede => Command::Concede,
            Request::BoardAction { .. } => Command::BoardAction,
            Request::Propose { .. } | Request::Vote { .. } => Command::Proposal,
            Request::Force { .. } => Command::Force,
            Request::Extend { .. } | Request::Deadline { .. } => Command::Deadline,
            Request::Pause => Command::Pause,
            Request::Resume => Command::Resume,
            Request::Rollback { .. } => Command::Rollback,
            Request::End => Command::End,
            Request::Assign { .. } => Command::Assign,
            Request::Kick { .. } => Command::Kick,
            Request::Bot { .. } => Command::Bot,
            Request::Enact { .. } => Command::Enact,
            Request::Set { .. } => Command::Settings,
            Request::ExtendVote { .. } => Command::ExtendVote,
            Request::Help
            | Request::Variants
            | Request::Create { .. }
            | Request::Status
            | Request::Board
            | Request::Timelapse
            | Request::Chart
            | Request::Export
            | Request::Outbox
            | Request::OutboxRetry { .. }
            | Request::ShowOrders
            | Request::Preview
            | Request::Hash { .. }
            | Request::Proposals
            | Request::ExtendVotes
            | Request::History { .. }
            | Request::Profile { .. }
            | Request::Leaderboard { .. }
            | Request::Games
            | Request::Advertise { .. }
            | Request::Notify { .. } => return None,
        })
    }
}

/// Why `channel=new` is refused in a typed command (`guild`: the console's, or a direct message's).
fn typed_channel_refusal(guild: &str) -> String {
    let here = if guild == crate::store::CONSOLE_GUILD {
        "there is no Discord in the console: a console game runs in the console's channel, where it is created (the console's own line `channel <name>` switches channels)"
    } else {
        "a game created by a typed command runs in the channel it is for"
    };
    format!(
        "`channel=new` makes a Discord text channel for the game, which only the slash command `/game create channel:new` does; {here}. Leave `channel=new` (and `name=`, `private=`, `archive-after=`) out"
    )
}

impl Service {
    /// The ended game's answer, if the channel's game has ended.
    fn refuse_if_ended(&self, channel: &str) -> Result<(), GameError> {
        // No game (or an unreadable one): the command itself says what is wrong.
        self.store().read(|c| self.latest(c, channel)).map_or(Ok(()), |live| live.state.not_ended())
    }

    /// Runs one command line for `caller` in `channel` of server `guild`.
    /// Refusals come back as a private reply saying what was wrong.
    #[must_use]
    pub fn command(&self, channel: &str, guild: &str, caller: &Caller, line: &str) -> Vec<Reply> {
        if let Err(e) = crate::bots::not_a_bot(caller) {
            return vec![Reply::private(e.to_string())];
        }
        let read = || {
            // An unknown command is answered as unknown, ended game or not; a
            // command that acts on the game gets the ended game's answer
            // before its arguments are read.
            if reveal_text(line).is_none() {
                match spec_of(line) {
                    None if !line.trim().is_empty() => {
                        return Err(GameError::Invalid(format!(
                            "unknown command `{}`; `help` lists the commands",
                            line.trim()
                        )))
                    }
                    Some(s) if !s.reads => self.refuse_if_ended(channel)?,
                    _ => {}
                }
            }
            let request = Request::parse(line)?;
            if matches!(&request, Request::Create { settings, .. } if settings.channel.is_some()) {
                return Err(GameError::Invalid(typed_channel_refusal(guild)));
            }
            Ok(request)
        };
        match read().and_then(|request| self.handle(channel, guild, caller, request)) {
            Ok(r) => r,
            Err(e) => vec![Reply::private(crate::orders::chars::explain_refusal(line, &e.to_string()))],
        }
    }

    /// Carries out `request` for `caller` in `channel` of server `guild`:
    /// the one entry point of every command, whichever front end read it.
    /// A request that acts on the game gets the ended game's answer.
    ///
    /// # Errors
    /// The refusal, saying what was wrong and what would be right.
    pub fn handle(
        &self,
        channel: &str,
        guild: &str,
        caller: &Caller,
        request: Request,
    ) -> Result<Vec<Reply>, GameError> {
        if !request.reads() {
            self.refuse_if_ended(channel)?;
        }
        let one = |r: Result<Reply, GameError>| r.map(|r| vec![r]);
        match request {
            Request::Help => Ok(vec![Reply::private(self.help(channel))]),
            Request::Variants => Ok(vec![Reply::private(crate::command::variants_text())]),
            Request::Board => one(self.board(channel)),
            Request::Timelapse => one(self.timelapse(channel)),
            Request::Chart => one(self.chart(channel)),
            Request::Create { variant, settings } => one(self.create(channel, guild, caller, &variant, &settings)),
            Request::Start => one(self.start(channel, caller)),
            Request::Status => one(self.status(channel)),
            Request::Force { phase, confirmed } => self.force(channel, caller, phase.as_deref(), confirmed),
            Request::Pause => one(self.pause(channel, caller, true)),
            Request::Resume => one(self.pause(channel, caller, false)),
            Request::Rollback { fresh } => one(self.rollback(channel, caller, fresh)),
            Request::End => one(self.end(channel, caller)),
            Request::Export => Ok(vec![Reply::public(self.export(channel)?)]),
            Request::Set { options } => {
                let words: Vec<&str> = options.iter().map(String::as_str).collect();
                one(self.set(channel, caller, &words))
            }
            Request::Extend { secs } => one(self.deadline(channel, caller, secs, true)),
            Request::Deadline { secs } => one(self.deadline(channel, caller, secs, false)),
            Request::Assign { player, power, swap } => self.assign(channel, caller, &player, &power, swap),
            Request::Kick { user } => self.kick(channel, caller, &user),
            Request::Bot { add, power } => self.bot(channel, caller, add, &power),
            Request::Outbox => one(self.outbox_list(channel, caller)),
            Request::Games => one(self.games(guild, caller)),
            Request::Advertise { role } => self.advertise(channel, caller, role.as_deref()),
            Request::OutboxRetry { id } => one(self.outbox_retry(channel, caller, &id)),
            Request::Join { power } => one(self.join(channel, caller, power.as_deref())),
            Request::Leave => one(self.leave(channel, caller)),
            Request::ShowOrders => one(self.show_orders(channel, caller)),
            Request::ClearOrders => one(self.clear_orders(channel, caller)),
            Request::Preview => one(self.preview(channel, caller)),
            Request::Submit { orders } => self.submit_all(channel, caller, &orders),
            Request::Commit { hash } => self.commit(channel, caller, &hash),
            Request::Reveal { text } => self.reveal(channel, caller, &text),
            Request::Hash { text } => Ok(vec![Reply::private(crate::command::hash_reply(&text))]),
            Request::BoardAction { action } => self.board_action(channel, caller, &action),
            Request::Propose { text } => self.propose(channel, caller, &text),
            Request::Enact { number, note } => one(self.enact(channel, caller, number, &note)),
            Request::Proposals => one(self.proposal_list(channel)),
            Request::Vote { number, yes } => one(self.vote(channel, caller, number, yes)),
            Request::Ready => self.ready(channel, caller, true),
            Request::Unready => self.ready(channel, caller, false),
            Request::Concede => self.concede(channel, caller),
            Request::ExtendVotes => one(self.extend_votes(channel)),
            Request::ExtendVote { secs } => self.vote_extend(channel, caller, secs),
            Request::Draw { yes } => self.vote_draw(channel, caller, yes),
            Request::History { phase } => one(self.history(channel, phase.as_deref())),
            Request::Profile { user } => one(self.profile(guild, caller, user.as_deref())),
            Request::Leaderboard { game } => one(self.leaderboard(guild, &caller.user, game.as_deref())),
            Request::Notify { phase, deadline, results } => {
                one(self.notify(channel, guild, caller, crate::notify::NotifyChange { phase, deadline, results }))
            }
        }
    }
}

#[cfg(test)]
mod tests;
