//! The commands: [`COMMANDS`], the one list of their words, whether they
//! only read, who they are for and their help line, from which the help
//! text is made; and the texts of two commands that need no game, `hash
//! [text]` and `variants`. A command is read into a
//! [`crate::request::Request`] and carried out in `request.rs`.

use std::sync::LazyLock;

/// The private answer to `hash [text]`: without a text, how to seal
/// orders; with one, its hash and a warning that the bot saw it.
#[must_use]
pub fn hash_reply(text: &str) -> String {
    if text.is_empty() {
        return crate::hashed::seal::HOW_TO_SEAL.to_string();
    }
    format!(
        "SHA-256 of those {} bytes: `{}`\nNote: computing it here shows the text to the bot (and the bot's operator), and it has no salt unless you wrote one. To keep your orders secret, seal them on your own device: `hash` without a text shows how (the sealing page works offline in any browser).",
        text.len(),
        crate::hashed::seal::sha256_hex(text)
    )
}

/// The variants with a line each and their options.
#[must_use]
pub fn variants_text() -> String {
    let mut t = String::from("Variants (`game create <id> [options]`):");
    for o in crate::OFFERS {
        t += &format!("\n  {} ({}): {}", o.id, o.name, o.about);
        if !o.options.is_empty() {
            t += &format!("; options: {}", o.options.join(", "));
        }
    }
    t
}

/// Who a command is for, as the help text groups them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Anyone (what the service allows them is its own business).
    Everyone,
    /// A game's moderators.
    Moderators,
}

/// One command of [`COMMANDS`].
#[derive(Copy, Clone, Debug)]
pub struct Spec {
    /// The words that name it, lower case (`game force`, `orders`).
    pub words: &'static str,
    /// Whether it only reads: answered for an ended game too, before its
    /// arguments are read.
    pub reads: bool,
    /// Who it is for.
    pub audience: Audience,
    /// How it is written, for the help text (empty: its words say it).
    pub usage: &'static str,
    /// What it does, for the help text (empty: listed under another).
    pub help: &'static str,
}

const fn spec(words: &'static str, reads: bool, usage: &'static str, help: &'static str) -> Spec {
    Spec { words, reads, audience: Audience::Everyone, usage, help }
}

const fn moderators(words: &'static str, reads: bool, usage: &'static str, help: &'static str) -> Spec {
    Spec { words, reads, audience: Audience::Moderators, usage, help }
}

/// Every command, in the help text's order. A line of text is this command
/// when its first words are these (the longest that match).
pub const COMMANDS: &[Spec] = &[
    spec("game create", true, "game create <variant> [movement=48h] [adjustment=24h] [at-deadline=resolve|wait] [early=yes|no] [palette=classic|colour-blind] [animation=yes|no] [hashed=yes reveal=24h]", "\n      `variants` lists the variants and their options\n      bots=<number>|<power>,<power>: bots take seats at once; vacant=hold|bot: a power that becomes vacant holds, or a bot plays it until someone takes it\n      min-reliability=<0-100> [min-reliability-new=no]: `join` refuses players whose reliability here is lower\n      scoring=draw-size|sum-of-squares (Chess Dip, Chesspolitik): how a draw is scored at the end\n      abandon-after=14d|off: a game nobody is left playing pauses, and ends as abandoned after this long\n      channel=new [name=<text>] [private=yes] [archive-after=7d] (Discord's /game create only): a text channel of its own in the server's games category, archived read-only after the end"),
    spec("join", false, "join [power]", "take a power (a random free one without a name)"),
    spec("leave", false, "leave", "leave before the start"),
    spec("game start", false, "game start", "moderators: start (vacant powers are in civil disorder)"),
    spec("orders", false, "orders <o1>, <o2>...", "send orders privately, e.g. `orders K e1 - e2, N g1 S e1 - e2`"),
    spec("orders show", false, "orders show | orders clear | orders preview", ""),
    spec("orders clear", false, "", ""),
    spec("orders preview", false, "", ""),
    spec("ready", false, "ready | unready", "mark your orders final (all ready: the phase resolves early)"),
    spec("unready", false, "", ""),
    spec("commit", false, "commit <sha256>", "hashed games: commit the SHA-256 of your orders, with a `# salt <random>` first line (commit window)"),
    spec("reveal", false, "reveal <text>", "hashed games: reveal the exact text you committed (reveal window)"),
    spec("hash", true, "hash [text]", "how to seal orders on your own device; with a text, its SHA-256 (shows the text to the bot)"),
    spec("board", true, "board create | board populate", "(Chess Wheel+: once per cycle each)"),
    spec("proposal submit", false, "proposal submit <text> | vote <number> yes|no | proposals", "(Chess Wheel+)"),
    spec("vote", false, "", ""),
    spec("proposals", true, "", ""),
    spec("proposal list", true, "", ""),
    spec("draw", false, "draw yes|no", "secret draw vote"),
    spec("extend vote", false, "extend vote <duration>", "vote to extend the deadline, e.g. `extend vote 24h` (public; two thirds of the\n                          powers still playing extend it once per phase, by the shortest duration voted)"),
    spec("extend", false, "extend", "show the votes to extend the current phase"),
    spec("extend votes", false, "", ""),
    spec("concede", false, "concede", "concede the game (the last power standing wins)"),
    spec("game status", true, "game status | game board | history [phase] | game export | variants | help", ""),
    spec("status", true, "", ""),
    spec("game board", true, "", ""),
    spec("history", true, "", ""),
    spec("game export", true, "", ""),
    spec("variants", true, "", ""),
    spec("help", true, "", ""),
    spec("game chart", true, "game chart", "a chart of every power's centers (pieces, material) over the game so far"),
    spec("game timelapse", true, "game timelapse", "a GIF of the start and the position after every resolved phase, half a second each"),
    spec("profile", true, "profile [user]", "a player's record in this server (yours without a name): ratings, results, reliability"),
    spec("games", true, "games", "this server's games: forming (to join), running, and those waiting for your orders"),
    spec("leaderboard", true, "leaderboard [game]", "this server's players of a game by rating (every rated game without a name)"),
    spec("notify", true, "notify [phase=on|off] [deadline=on|off] [results=on|off]", "\n      your direct messages in this server: a phase opening where you owe orders (on unless\n      turned off), the reminder before a deadline (on), each result (off); `notify` alone shows them"),
    moderators("game force", false, "game force [phase] [confirm]", "resolve the phase now (a reveal window with commitments not revealed yet: only with `confirm`)"),
    moderators("game extend", false, "game extend <duration> | game deadline <duration> | game pause | game resume", ""),
    moderators("game deadline", false, "", ""),
    moderators("game pause", false, "", ""),
    moderators("game resume", false, "", ""),
    moderators("game rollback", true, "game rollback [fresh] | game end | game assign <user> <power> [swap] | game kick <user>", ""),
    moderators("game end", false, "", ""),
    moderators("game assign", false, "", ""),
    moderators("game kick", false, "", ""),
    moderators("game bot", false, "game bot add <power> | game bot remove <power>", "seat a bot in a free seat or a vacant power, or take one out"),
    moderators("game set", false, "game set [palette=classic|colour-blind] [animation=yes|no]", "the images, from the next one on\n  game set movement-power=<n>     (Chess Wheel+) moves per cycle, from the next cycle on"),
    moderators("proposal enact", false, "proposal enact <number> <note>", "(Chess Wheel+) record a note of what a popular proposal changed; it changes no rule by itself"),
    moderators("game advertise", true, "game advertise [role]", "post the forming game's advert again (in the lobby if the bot has one), pinging the role once"),
    moderators("game outbox", true, "game outbox", "the game's announcements not posted yet: queued (and why one is failing) or parked"),
    moderators("game outbox retry", true, "game outbox retry <number>", "queue a parked announcement again"),
];

/// The command a line of text names, by its first words (the longest entry
/// of [`COMMANDS`] that matches), if any. `proposal` alone and other first
/// words that begin a command (`game`, `orders`) name the shortest such entry.
#[must_use]
pub fn spec_of(line: &str) -> Option<&'static Spec> {
    let lower: Vec<String> = line.split_whitespace().map(str::to_ascii_lowercase).collect();
    let matches = |s: &&Spec| {
        let w: Vec<&str> = s.words.split(' ').collect();
        w.len() <= lower.len() && w.iter().zip(&lower).all(|(a, b)| *a == b)
    };
    COMMANDS.iter().filter(matches).max_by_key(|s| s.words.len()).or_else(|| {
        // A command's first word with words that are not one of its forms
        // (`proposal foo`, `game outbox foo`): that command, to be refused with its forms.
        let first = lower.first()?;
        let second = lower.get(1).map_or("", String::as_str);
        COMMANDS
            .iter()
            .find(|s| s.words.split(' ').next() == Some(first) && first != "game")
            .or_else(|| COMMANDS.iter().find(|s| first == "game" && s.words.strip_prefix("game ") == Some(second)))
    })
}

/// The help text: every command of [`COMMANDS`], moderators' last.
#[must_use]
pub fn help_text() -> &'static str {
    static TEXT: LazyLock<String> = LazyLock::new(|| {
        let mut t = String::from("Commands (the same words as the slash commands):");
        let mut moderators_heading = false;
        for s in COMMANDS.iter().filter(|s| !s.usage.is_empty()) {
            if s.audience == Audience::Moderators && !moderators_heading {
                t += "\nModerators:";
                moderators_heading = true;
            }
            let width = if s.audience == Audience::Moderators { 32 } else { 24 };
            t += "\n  ";
            t += s.usage;
            if s.help.starts_with('\n') {
                t += s.help;
            } else if !s.help.is_empty() {
                let pad = if s.usage.len() < width { width - s.usage.len() } else { 3 };
                t += &" ".repeat(pad);
                t += s.help;
            }
        }
        t
    });
    &TEXT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_named_once_and_in_the_help() {
        let help = help_text();
        for (i, s) in COMMANDS.iter().enumerate() {
            let same = COMMANDS.iter().skip(i + 1).filter(|o| o.words == s.words && o.reads == s.reads).count();
            assert_eq!(same, 0, "`{}` is listed twice", s.words);
            let first = s.words.split(' ').next_back().unwrap_or_default();
            assert!(help.contains(first), "the help names `{}`", s.words);
        }
    }

    #[test]
    fn the_words_name_their_command() {
        assert_eq!(spec_of("game outbox retry 3").map(|s| s.words), Some("game outbox retry"));
        assert_eq!(spec_of("board").map(|s| s.reads), Some(true));
        assert_eq!(spec_of("orders K e1 - e2").map(|s| s.reads), Some(false));
        assert_eq!(spec_of("proposal foo").map(|s| s.words), Some("proposal submit"));
        assert!(spec_of("frobnicate").is_none());
        assert!(spec_of("game frobnicate").is_none());
    }
}
