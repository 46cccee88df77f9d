//! The command language shared by the console and (as slash commands) Discord:
//!
//! ```text
//! game create <variant> [movement=48h] [adjustment=24h] [at-deadline=resolve|wait] [early=yes|no] [palette=classic|colour-blind] [animation=yes|no]
//! game start | game status | game force [phase] [confirm] | game pause | game resume | game rollback | game end | game export
//! game extend <duration> | game deadline <duration> | game assign <user> <power> [swap] | game kick <user>
//! game set [palette=classic|colour-blind] [animation=yes|no] [movement-power=<n>]
//! game outbox | game outbox retry <number>
//! game rollback [fresh]
//! join [power] | leave
//! orders <order>, <order>... | orders show | orders clear | orders preview
//! ready | unready | draw yes|no | extend vote <duration> | extend | concede | history [phase] | game board | game chart | game timelapse | variants | help
//! profile [user] | leaderboard [game]
//! ```

use super::{parse_duration_within, AtDeadline, Bounds, Caller, GameError, Reply, Service, Settings};

/// The help text.
pub const HELP: &str = "\
Commands (the same words as the slash commands):
  game create <variant> [movement=48h] [adjustment=24h] [at-deadline=resolve|wait] [early=yes|no] [palette=classic|colour-blind] [animation=yes|no] [hashed=yes reveal=24h]
      `variants` lists the variants and their options
      min-reliability=<0-100> [min-reliability-new=no]: `join` refuses players whose reliability here is lower
      scoring=draw-size|sum-of-squares (Chess Dip, Chesspolitik): how a draw is scored at the end
      abandon-after=14d|off: a game nobody is left playing pauses, and ends as abandoned after this long
  join [power]            take a power (a random free one without a name)
  leave                   leave before the start
  game start              moderators: start (vacant powers are in civil disorder)
  orders <o1>, <o2>...    send orders privately, e.g. `orders K e1 - e2, N g1 S e1 - e2`
  orders show | orders clear | orders preview
  ready | unready         mark your orders final (all ready: the phase resolves early)
  commit <sha256>         hashed games: commit the SHA-256 of your orders, with a `# salt <random>` first line (commit window)
  reveal <text>           hashed games: reveal the exact text you committed (reveal window)
  hash [text]             how to seal orders on your own device; with a text, its SHA-256 (shows the text to the bot)
  board create | board populate                                  (Chess Wheel+: once per cycle each)
  proposal submit <text> | vote <number> yes|no | proposals     (Chess Wheel+)
  draw yes|no             secret draw vote
  extend vote <duration>  vote to extend the deadline, e.g. `extend vote 24h` (public; two thirds of the
                          powers still playing extend it once per phase, by the shortest duration voted)
  extend                  show the votes to extend the current phase
  concede                 concede the game (the last power standing wins)
  game status | game board | history [phase] | game export | variants
  game chart              a chart of every power's centers (pieces, material) over the game so far
  game timelapse          a GIF of the start and the position after every resolved phase, half a second each
  profile [user]          a player's record in this server (yours without a name): ratings, results, reliability
  leaderboard [game]      this server's players of a game by rating (every rated game without a name)
Moderators:
  game force [phase] [confirm]    resolve the phase now (a reveal window with commitments not revealed yet: only with `confirm`)
  game extend <duration> | game deadline <duration> | game pause | game resume
  game rollback [fresh] | game end | game assign <user> <power> [swap] | game kick <user>
  game set [palette=classic|colour-blind] [animation=yes|no]   the images, from the next one on
  game set movement-power=<n>     (Chess Wheel+) moves per cycle, from the next cycle on
  proposal enact <number> <note>  (Chess Wheel+) record a note of what a popular proposal changed; it changes no rule by itself
  game outbox                     the game's announcements not posted yet: queued (and why one is failing) or parked
  game outbox retry <number>      queue a parked announcement again";

/// A proposal's number (`3` or `#3`); `example` shows the command written right.
fn number(text: &str, example: &str) -> Result<i64, GameError> {
    text.trim_start_matches('#')
        .parse()
        .map_err(|_| GameError::Invalid(format!("`{text}` is not a proposal number: write e.g. `{example}`")))
}

/// The private answer to `hash [text]`: without a text, how to seal
/// orders; with one, its hash and a warning that the bot saw it.
#[must_use]
pub fn hash_reply(text: &str) -> String {
    if text.is_empty() {
        return super::hashed::HOW_TO_SEAL.to_string();
    }
    format!(
        "SHA-256 of those {} bytes: `{}`\nNote: computing it here shows the text to the bot (and the bot's operator), and it has no salt unless you wrote one. To keep your orders secret, seal them on your own device: `hash` without a text shows how (the sealing page works offline in any browser).",
        text.len(),
        super::hashed::sha256_hex(text)
    )
}

/// The variants with a line each and their options.
#[must_use]
pub fn variants_text() -> String {
    let mut t = String::from("Variants (`game create <id> [options]`):");
    for o in super::OFFERS {
        t += &format!("\n  {} ({}): {}", o.id, o.name, o.about);
        if !o.options.is_empty() {
            t += &format!("; options: {}", o.options.join(", "));
        }
    }
    t
}

/// The words after `game force`: the phase it must still be (none: the
/// current one), and whether it is confirmed (`confirm` before or after the
/// phase: `game force confirm`, `game force Spring 1401 confirm`).
fn force_words(rest: &str) -> (Option<&str>, bool) {
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

/// The game settings `game create` takes (any other `key=value` is the variant's option).
pub const SETTING_KEYS: &str =
    "movement, adjustment, at-deadline, early, hashed, reveal, cycle, timezone, deadline-at, days, grace, grace-length, cd-after, takeover, min-reliability, min-reliability-new, scoring, abandon-after, forfeit-after, replace-minimum, palette, animation";

/// The variants whose draws can be scored by centres (`scoring=`).
pub const CENTRE_GAMES: &[&str] = &["chessdip", "chesspolitik4"];

/// The most grace extensions a player can have in a game.
pub const MAX_GRACE: u32 = 10;

/// The most phases in civil disorder in a row before a player is unseated that `cd-after` takes.
pub const MAX_CD_AFTER: u32 = 20;

/// The settings of `game create <variant> <args>` over `base`: the words
/// read by [`parse_settings`], and a setting the variant cannot play with
/// refused with the reason rather than overridden (Chess Wheel+ takes its
/// orders only hashed and runs on a cycle, so `hashed=no` and `cycle=phases`
/// are refused there).
///
/// # Errors
/// As [`parse_settings`], and such a setting.
pub fn create_settings(variant: &str, args: &[&str], base: Settings) -> Result<Settings, GameError> {
    let s = parse_settings(args, base)?;
    let given = |key: &str| {
        args.iter().rev().find(|a| a.split_once('=').is_some_and(|(k, _)| k.eq_ignore_ascii_case(key))).copied()
    };
    if let Some(word) = given("days").filter(|_| s.deadline_at.is_none()) {
        return Err(GameError::Invalid(format!(
            "`{word}`: days choose the days a fixed-time deadline may fall on; give the time too, e.g. `deadline-at=20:00 {word}`"
        )));
    }
    let Some(offer) = chessdip_rules::any::offer(variant) else {
        return Ok(s);
    };
    if let Some(word) = given("hashed").filter(|_| offer.always_hashed && !s.hashed) {
        return Err(GameError::Invalid(format!(
            "`{word}`: {} takes its orders only hashed (each player commits the SHA-256 of a message, then reveals it), so it cannot be played with plain orders; leave `hashed` out",
            offer.name
        )));
    }
    if let Some(word) = given("deadline-at").filter(|_| offer.weekly || s.cycle != super::calendar::Cycle::Phases) {
        return Err(GameError::Invalid(format!(
            "`{word}`: {} runs on its weekly calendar of move, resolve and replenish windows (set its time zone with `timezone=`), so its phases do not end at a fixed time of day; leave `deadline-at` out",
            offer.name
        )));
    }
    if let Some(word) = given("scoring").filter(|_| !CENTRE_GAMES.contains(&offer.id)) {
        let draw =
            if offer.id == "chess-wheel" { "shared equally among the players still standing" } else { "½ each" };
        return Err(GameError::Invalid(format!(
            "`{word}`: only the four-power games with centers, Chess Dip and Chesspolitik, choose how a draw is scored; {} scores a win 1, a draw {draw}, a loss 0, so leave `scoring` out",
            offer.name
        )));
    }
    if let Some(word) = given("cycle").filter(|_| offer.weekly && s.cycle == super::calendar::Cycle::Phases) {
        return Err(GameError::Invalid(format!(
            "`{word}`: {} runs on a cycle of move, resolve and replenish windows; use `cycle=weekly` (the default) or a compressed week such as `cycle=7h`",
            offer.name
        )));
    }
    Ok(s)
}

/// Applies `key=value` words to `base`: the game settings (`movement=24h`,
/// `adjustment`, `at-deadline=resolve|wait`, `early=yes|no`, `hashed=yes|no`,
/// `replace-minimum`, `palette`, `animation=yes|no`), and any other key as the variant's option.
///
/// # Errors
/// A word that is not `key=value`, or a bad value, with what would be right.
pub fn parse_settings(args: &[&str], base: Settings) -> Result<Settings, GameError> {
    let mut s = base;
    for a in args {
        let (k, v) = a
            .split_once('=')
            .ok_or_else(|| GameError::Invalid(format!("`{a}`: settings are written key=value, e.g. movement=24h")))?;
        let yes = |v: &str| match v.to_ascii_lowercase().as_str() {
            "yes" | "true" | "on" => Ok(true),
            "no" | "false" | "off" => Ok(false),
            _ => Err(GameError::Invalid(format!("`{a}`: use yes or no"))),
        };
        match k.to_ascii_lowercase().as_str() {
            "movement" => s.movement_secs = parse_duration_within(v, Bounds::PHASE)?,
            "adjustment" | "adjustments" => s.adjustment_secs = parse_duration_within(v, Bounds::PHASE)?,
            "at-deadline" | "deadline" => {
                s.at_deadline = match v.to_ascii_lowercase().as_str() {
                    "resolve" => AtDeadline::Resolve,
                    "wait" => AtDeadline::Wait,
                    _ => return Err(GameError::Invalid(format!("`{a}`: at-deadline is resolve or wait"))),
                }
            }
            "early" => s.early = yes(v)?,
            "replace-minimum" => s.min_after_replace_secs = parse_duration_within(v, Bounds::PHASE)?,
            "palette" => {
                s.colour_blind = match v.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
                    "classic" => false,
                    "colourblind" | "colorblind" => true,
                    _ => return Err(GameError::Invalid(format!("`{a}`: palette is classic or colour-blind"))),
                }
            }
            "hashed" => s.hashed = yes(v)?,
            "animation" | "animations" | "animate" => s.animation = yes(v)?,
            "reveal" => s.reveal_secs = parse_duration_within(v, Bounds::PHASE)?,
            "forfeit-after" | "forfeit" => {
                s.forfeit_after = v.parse().ok().filter(|n| *n <= 100).ok_or_else(|| {
                    GameError::Invalid(format!(
                        "`{a}`: forfeit-after is a number of missed turns from 0 (never) to 100"
                    ))
                })?;
            }
            "cycle" => {
                s.cycle = match v.to_ascii_lowercase().as_str() {
                    "weekly" | "week" => super::calendar::Cycle::Weekly,
                    "phases" | "phase" => super::calendar::Cycle::Phases,
                    d => super::calendar::Cycle::Scaled {
                        secs: match super::parse_duration(d) {
                            Ok(secs) => Bounds::CYCLE.check(secs, d)?,
                            Err(_) => {
                                return Err(GameError::Invalid(format!(
                                    "`{a}`: cycle is weekly, phases, or a duration such as 7h for a compressed week"
                                )))
                            }
                        },
                    },
                };
            }
            "timezone" | "tz" => {
                super::calendar::parse_timezone(v).map_err(|e| GameError::Invalid(format!("`{a}`: {e}")))?;
                s.timezone = v.to_string();
            }
            "deadline-at" => {
                s.deadline_at = Some(v.parse().map_err(|e| {
                    GameError::Invalid(format!("`{a}`: {e}; a phase then ends at that local time (see `timezone=`)"))
                })?);
            }
            "days" => s.days = v.parse().map_err(|e| GameError::Invalid(format!("`{a}`: {e}")))?,
            "grace" => {
                s.grace = v.parse().ok().filter(|n| *n <= MAX_GRACE).ok_or_else(|| {
                    GameError::Invalid(format!(
                        "`{a}`: grace is a number of deadline extensions per player from 0 (no grace) to {MAX_GRACE}, e.g. grace=1"
                    ))
                })?;
            }
            "grace-length" => {
                s.grace_secs = parse_duration_within(v, Bounds::PHASE).map_err(|e| GameError::Invalid(format!("`{a}`: {e}")))?;
            }
            "cd-after" => {
                s.cd_after = match v.to_ascii_lowercase().as_str() {
                    "off" | "never" | "no" => None,
                    n => Some(n.parse().ok().filter(|n| (1..=MAX_CD_AFTER).contains(n)).ok_or_else(|| {
                        GameError::Invalid(format!(
                            "`{a}`: cd-after is a number of phases in civil disorder in a row from 1 to {MAX_CD_AFTER} after which the player is unseated, or off"
                        ))
                    })?),
                }
            }
            "takeover" => {
                s.takeover = match v.to_ascii_lowercase().as_str() {
                    "open" | "anyone" => super::Takeover::Open,
                    "moderator" | "moderators" | "approval" => super::Takeover::Moderator,
                    _ => {
                        return Err(GameError::Invalid(format!(
                            "`{a}`: takeover is open (anyone may join an open power) or moderator (join asks, a moderator grants with `game assign`)"
                        )))
                    }
                }
            }
            "scoring" => {
                s.scoring = super::scores::Scoring::parse(v).ok_or_else(|| {
                    GameError::Invalid(format!(
                        "`{a}`: scoring is draw-size (a draw shares the point equally) or sum-of-squares (a draw shares it by centers squared)"
                    ))
                })?;
            }
            "min-reliability" => {
                s.min_reliability = match v.to_ascii_lowercase().trim_end_matches('%') {
                    "off" | "no" | "none" => None,
                    n => Some(n.parse().ok().filter(|n| *n <= 100).ok_or_else(|| {
                        GameError::Invalid(format!(
                            "`{a}`: min-reliability is a percentage from 0 to 100 (e.g. min-reliability=80), or off"
                        ))
                    })?),
                }
            }
            "min-reliability-new" => s.min_reliability_new = yes(v)?,
            "abandon-after" => {
                s.abandon_after_secs = match v.to_ascii_lowercase().as_str() {
                    "off" | "never" | "no" => None,
                    d => Some(parse_duration_within(d, Bounds::ABANDON).map_err(|e| {
                        GameError::Invalid(format!(
                            "`{a}`: {e}. abandon-after is how long a game nobody is left playing waits for someone to take a seat before it ends as abandoned (e.g. abandon-after=14d), or off"
                        ))
                    })?),
                }
            }
            // Anything else is the variant's own option; the variant checks it.
            _ => {
                s.options.insert(k.to_ascii_lowercase(), v.to_ascii_lowercase());
            }
        }
    }
    Ok(s)
}

/// The first words of the commands other than `game ...`.
const COMMAND_WORDS: &[&str] = &[
    "help",
    "variants",
    "board",
    "status",
    "join",
    "leave",
    "orders",
    "commit",
    "hash",
    "proposal",
    "proposals",
    "vote",
    "ready",
    "unready",
    "concede",
    "draw",
    "extend",
    "history",
    "profile",
    "leaderboard",
];

impl Service {
    /// The ended game's answer, if the channel's game has ended.
    fn refuse_if_ended(&self, channel: &str) -> Result<(), GameError> {
        // No game (or an unreadable one): the command itself says what is wrong.
        self.store.read(|c| self.latest(c, channel)).map_or(Ok(()), |live| live.state.not_ended())
    }

    /// Runs one command line for `caller` in `channel`. Refusals come back as
    /// a private reply saying what was wrong.
    #[must_use]
    pub fn command(&self, channel: &str, guild: &str, caller: &Caller, line: &str) -> Vec<Reply> {
        // A reveal is hashed byte for byte: everything after `reveal` and one separator, untrimmed.
        if let Some(text) = reveal_text(line) {
            return self.reveal(channel, caller, text).unwrap_or_else(|e| vec![Reply::private(e.to_string())]);
        }
        match self.dispatch(channel, guild, caller, line.trim()) {
            Ok(r) => r,
            Err(e) => vec![Reply::private(super::chars::explain_refusal(line, &e.to_string()))],
        }
    }

    fn dispatch(&self, channel: &str, guild: &str, caller: &Caller, line: &str) -> Result<Vec<Reply>, GameError> {
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
        let one = |r: Result<Reply, GameError>| r.map(|r| vec![r]);
        // A command that acts on the game gets the ended game's answer before its arguments are read.
        let reading = matches!(
            lower.iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
            [] | [
                "help" | "variants" | "status" | "board" | "history" | "proposals" | "hash" | "profile" | "leaderboard",
                ..
            ] | ["game", "create" | "status" | "board" | "export" | "rollback" | "timelapse" | "chart" | "outbox", ..]
                | ["proposal", "list"]
        );
        // An unknown command is answered as unknown, ended game or not.
        let known = match lower.first().map(String::as_str) {
            Some("game") => matches!(
                lower.get(1).map(String::as_str),
                Some(
                    "create"
                        | "start"
                        | "status"
                        | "force"
                        | "pause"
                        | "resume"
                        | "rollback"
                        | "end"
                        | "export"
                        | "set"
                        | "extend"
                        | "deadline"
                        | "assign"
                        | "kick"
                        | "board"
                        | "timelapse"
                        | "chart"
                        | "outbox"
                )
            ),
            Some(word) => COMMAND_WORDS.contains(&word),
            None => true,
        };
        if !known {
            return Err(GameError::Invalid(format!("unknown command `{line}`; `help` lists the commands")));
        }
        if !reading {
            self.refuse_if_ended(channel)?;
        }
        match lower.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            [] | ["help"] => Ok(vec![Reply::private(self.help(channel))]),
            ["variants"] => Ok(vec![Reply::private(variants_text())]),
            ["game", "board"] | ["board"] => one(self.board(channel)),
            ["game", "timelapse"] => one(self.timelapse(channel)),
            ["game", "chart"] => one(self.chart(channel)),
            ["game", "create", variant, ..] => {
                let s = create_settings(variant, &words[3..], Settings::default())?;
                one(self.create(channel, guild, caller, variant, &s))
            }
            ["game", "create"] => Err(GameError::Invalid("name a variant: game create chessdip".into())),
            ["game", "start"] => one(self.start(channel, caller)),
            ["game", "status"] | ["status"] => one(self.status(channel)),
            ["game", "force", ..] => {
                let rest = rest_after(2);
                let (phase, confirmed) = force_words(&rest);
                self.force(channel, caller, phase, confirmed)
            }
            ["game", "pause"] => one(self.pause(channel, caller, true)),
            ["game", "resume"] => one(self.pause(channel, caller, false)),
            ["game", "rollback"] => one(self.rollback(channel, caller, false)),
            ["game", "rollback", "fresh"] => one(self.rollback(channel, caller, true)),
            ["game", "rollback", ..] => Err(GameError::Invalid(
                "write `game rollback`, or `game rollback fresh` to reopen a hashed phase with new commitments".into(),
            )),
            ["game", "end"] => one(self.end(channel, caller)),
            ["game", "export"] => Ok(vec![Reply::public(self.export(channel)?)]),
            ["game", "set", ..] => one(self.set(channel, caller, &words[2..])),
            ["game", "extend", d] => {
                one(self.deadline(channel, caller, parse_duration_within(d, Bounds::CHANGE)?, true))
            }
            ["game", "deadline", d] => {
                one(self.deadline(channel, caller, parse_duration_within(d, Bounds::CHANGE)?, false))
            }
            ["game", "assign", _, _, .., "swap"] if words.len() > 4 => {
                let power = rest_after(3);
                let power = power[..power.len() - 4].trim_end();
                self.assign(channel, caller, &Caller::player(words[2]), power, true)
            }
            ["game", "assign", _, _, ..] => {
                self.assign(channel, caller, &Caller::player(words[2]), &rest_after(3), false)
            }
            ["game", "kick", _] => self.kick(channel, caller, words[2]),
            ["game", "outbox"] => one(self.outbox_list(channel, caller)),
            ["game", "outbox", "retry", _] => one(self.outbox_retry(channel, caller, words[3])),
            ["game", "outbox", ..] => Err(GameError::Invalid(
                "write `game outbox` to see what waits to be posted, or `game outbox retry <number>` to queue a parked announcement again, e.g. `game outbox retry 12`".into(),
            )),
            ["join"] => one(self.join(channel, caller, None)),
            ["join", ..] => one(self.join(channel, caller, Some(&rest_after(1)))),
            ["leave"] => one(self.leave(channel, caller)),
            ["orders", "show"] | ["orders"] => one(self.show_orders(channel, caller)),
            ["orders", "clear"] => one(self.clear_orders(channel, caller)),
            ["orders", "preview"] => one(self.preview(channel, caller)),
            ["orders", ..] => self.submit_all(channel, caller, &rest_after(1)),
            ["commit", hash] => self.commit(channel, caller, hash),
            ["commit", ..] => Err(GameError::Invalid("write `commit <sha256 hex>`: 64 hex digits".into())),
            ["hash", ..] => Ok(vec![Reply::private(hash_reply(&rest_after(1)))]),
            ["board", _, ..] => self.board_action(channel, caller, &rest_after(1)),
            ["proposal", "submit", _, ..] => self.propose(channel, caller, &rest_after(2)),
            ["proposal", "submit"] => Err(GameError::Invalid(
                "write the proposal after the words: `proposal submit <text>`, e.g. `proposal submit Knights may jump between boards`".into(),
            )),
            ["proposal", "enact", n, _, ..] => one(self.enact(channel, caller, number(n, "proposal enact 3 <note>")?, &rest_after(3))),
            ["proposal", "enact", ..] => Err(GameError::Invalid(
                "write the proposal's number and what was changed: `proposal enact <number> <note>`, e.g. `proposal enact 1 movement power set to 4 from Cycle 3`".into(),
            )),
            ["proposals"] | ["proposal", "list"] => one(self.proposal_list(channel)),
            ["proposal", ..] => Err(GameError::Invalid(
                "write `proposal submit <text>`, `proposal list` (or `proposals`), or, for moderators, `proposal enact <number> <note>`; vote with `vote <number> yes|no`".into(),
            )),
            ["vote", n, "yes"] => one(self.vote(channel, caller, number(n, "vote 3 yes")?, true)),
            ["vote", n, "no"] => one(self.vote(channel, caller, number(n, "vote 3 no")?, false)),
            ["vote", ..] => Err(GameError::Invalid("write `vote <number> yes` or `vote <number> no`".into())),
            ["ready"] => self.ready(channel, caller, true),
            ["unready"] => self.ready(channel, caller, false),
            ["concede"] => self.concede(channel, caller),
            ["extend"] | ["extend", "votes"] => one(self.extend_votes(channel)),
            ["extend", "vote", d] => self.vote_extend(channel, caller, parse_duration_within(d, Bounds::CHANGE)?),
            ["extend", ..] => Err(GameError::Invalid(
                "write `extend vote <duration>` to vote to extend the deadline (e.g. `extend vote 24h`), or `extend` to see the votes".into(),
            )),
            ["draw", "yes"] => self.vote_draw(channel, caller, true),
            ["draw", "no"] => self.vote_draw(channel, caller, false),
            ["history"] => one(self.history(channel, None)),
            ["history", ..] => one(self.history(channel, Some(&rest_after(1)))),
            ["profile"] => one(self.profile(guild, caller, None)),
            ["profile", _] => one(self.profile(guild, caller, Some(words[1]))),
            ["profile", ..] => Err(GameError::Invalid(
                "write `profile` for your own record, or `profile <user>` for someone else's, e.g. `profile bob`".into(),
            )),
            ["leaderboard"] => one(self.leaderboard(guild, &caller.user, None)),
            ["leaderboard", ..] => one(self.leaderboard(guild, &caller.user, Some(&rest_after(1)))),
            _ => Err(GameError::Invalid(format!("unknown command `{line}`; `help` lists the commands"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::force_words;

    #[test]
    fn game_force_reads_the_phase_and_confirm_in_either_order() {
        assert_eq!(force_words(""), (None, false));
        assert_eq!(force_words("confirm"), (None, true));
        assert_eq!(force_words("CONFIRM"), (None, true));
        assert_eq!(force_words("Spring 1401"), (Some("Spring 1401"), false));
        assert_eq!(force_words("Spring 1401 confirm"), (Some("Spring 1401"), true));
        assert_eq!(force_words("confirm Spring 1401"), (Some("Spring 1401"), true));
        assert_eq!(force_words("Cycle 2"), (Some("Cycle 2"), false));
    }
}
