//! `chessdip play`: a local console over the same service and a real SQLite
//! file. Each line is `<user> <command>` with the slash commands' words
//! (`gm game create chessdip`, `p2 join Italy`, `p2 orders K e1 - e2`).
//! Console-only lines: `advance <duration>` (at most a year) moves the clock with the bot
//! running (each deadline on the way is handled at its time), `advance to
//! <time>` moves it to a moment (RFC 3339, `2099-01-05T09:00:00Z`; only
//! forward), `downtime <duration>` (or `downtime to <time>`) moves it with
//! the bot down, which then catches up at once; `channel <name>` switches the game channel,
//! `<user> reveal-file <path>` reveals a file's exact bytes in a hashed
//! game, and `#` starts a comment. Images are written to a folder and their paths printed.
//! The clock is kept in the database: a later console goes on from its time.

use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chessdip_game::{parse_duration_within, Bounds, Caller, Clock, Reply, Service, SystemClock, Visibility};

/// The system clock plus an offset the console can advance. The console
/// keeps the offset in its database, so a later console goes on from the
/// same time.
#[derive(Debug, Default)]
pub struct OffsetClock(AtomicI64);

impl OffsetClock {
    /// `offset` seconds ahead of the system clock.
    #[must_use]
    pub fn new(offset: i64) -> OffsetClock {
        OffsetClock(AtomicI64::new(offset))
    }

    /// Moves time forward by `secs`.
    pub fn advance(&self, secs: i64) {
        let _ = self.0.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |o| Some(o.saturating_add(secs.max(0))));
    }

    /// How far ahead of the system clock it is, in seconds.
    #[must_use]
    pub fn offset(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

impl Clock for OffsetClock {
    fn now(&self) -> i64 {
        SystemClock.now().saturating_add(self.0.load(Ordering::SeqCst))
    }
}

/// How far `advance <duration>` and `downtime <duration>` move the clock: a
/// second to a year. (`advance to <time>` goes to any RFC 3339 time, at
/// most the year 9999, which leaves every later deadline a real time.)
pub const ADVANCE: Bounds = Bounds { what: "a move of the console's clock", min: 1, max: 365 * 86400 };

/// The console's state.
#[derive(Debug)]
pub struct Console {
    service: Service,
    clock: Arc<OffsetClock>,
    moderators: Vec<String>,
    images: Option<PathBuf>,
    channel: String,
    written: usize,
    /// Announcements claimed for output that has not been printed yet.
    claimed: Vec<i64>,
    /// The time zone times are shown in.
    zone: chrono_tz::Tz,
    /// How long a bot may think about one decision.
    think: std::time::Duration,
}

impl Console {
    /// A console over `service`, whose clock is `clock` (the one the
    /// service reads: `advance` and `downtime` move it), writing images
    /// under `images`. The store stays the service's: the console does not
    /// open one (`chessdip play` builds the service).
    #[must_use]
    pub fn new(service: Service, clock: Arc<OffsetClock>, images: PathBuf, moderators: Vec<String>) -> Console {
        // Number images after those an earlier session wrote, so that files sort in order and none is overwritten.
        let written = last_image_number(&images);
        Console {
            service,
            clock,
            moderators,
            images: Some(images),
            channel: "console".into(),
            written,
            claimed: Vec::new(),
            zone: chrono_tz::UTC,
            think: chessdip_game::bots::DEFAULT_THINK,
        }
    }

    /// Lets each bot think at most `think` about a decision (500 ms by default).
    #[must_use]
    pub fn with_bot_think(mut self, think: std::time::Duration) -> Console {
        self.think = think;
        self
    }

    /// Shows times in `zone` (UTC by default), with its abbreviation: `Tue 2 Nov 2027, 18:00 CET`.
    #[must_use]
    pub fn in_zone(mut self, zone: chrono_tz::Tz) -> Console {
        self.zone = zone;
        self
    }

    /// Stops writing images (replies then name the images they carry).
    #[must_use]
    pub fn without_images(mut self) -> Console {
        self.images = None;
        self
    }

    /// The service (for tests).
    #[must_use]
    pub fn service(&self) -> &Service {
        &self.service
    }

    /// Runs one line and returns what to print. A `reveal` keeps its text
    /// exactly as typed after `reveal ` (trailing spaces included). Players'
    /// names are printed as they are ([`chessdip_game::names::plain`]).
    pub fn line(&mut self, line: &str) -> String {
        chessdip_game::names::plain(&self.run(line))
    }

    fn run(&mut self, line: &str) -> String {
        let raw = line.strip_suffix('\n').unwrap_or(line);
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return String::new();
        }
        let (user, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(u, r)| (u, r.trim()));
        // Another console on this database may have moved the clock meanwhile: never fall behind it.
        let mut out = self.catch_up_clock();
        match user.to_ascii_lowercase().as_str() {
            "advance" | "downtime" => {
                let running = user.eq_ignore_ascii_case("advance");
                let target = match self.target(rest) {
                    Ok(t) => t,
                    Err(e) => return format!("error: {e}\n"),
                };
                out += &if running {
                    format!("(the clock moves forward {rest})\n")
                } else {
                    format!("(the bot is down {rest}, then starts again and catches up)\n")
                };
                if running {
                    // The bot is running: each deadline on the way is handled at its time, however many.
                    loop {
                        let t = match self.service.next_wake(0) {
                            Ok(Some(t)) if t <= target => t,
                            Ok(_) => break,
                            Err(e) => {
                                out += &format!("error: {e}\n");
                                break;
                            }
                        };
                        let stuck = t <= self.clock.now();
                        out += &self.move_clock(t - self.clock.now());
                        let (said, failed) = self.ticked();
                        out += &said;
                        if stuck && (said.is_empty() || failed) {
                            break; // due but nothing to do (logged) or failing: do not spin
                        }
                    }
                }
                out += &self.move_clock(target - self.clock.now());
            }
            "channel" if !rest.is_empty() => {
                self.channel = rest.to_string();
                return format!("(now in channel {rest})\n");
            }
            "help" => {
                return format!(
                    "{}\nConsole: advance <duration up to 365d> | advance to <RFC 3339 time> (the bot running), downtime <duration> | downtime to <time> (the bot down, then catching up), channel <name>, <user> reveal-file <path>, # comment\n",
                    chessdip_game::command::help_text()
                )
            }
            _ => {
                if rest.is_empty() {
                    return "error: write `<user> <command>`, e.g. `p1 join England`; `help` lists the commands\n"
                        .into();
                }
                // `gm advance 1d`: the console's own commands take no user.
                let word = rest.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
                if matches!(word.as_str(), "advance" | "downtime" | "channel") {
                    return format!(
                        "error: `{word}` is the console's own command and takes no user: write `{rest}` alone on the line\n"
                    );
                }
                let caller = Caller {
                    user: user.to_string(),
                    name: user.to_string(),
                    moderator: self.moderators.iter().any(|m| m == user),
                };
                // `reveal-file PATH` reveals a file's exact bytes (console lines cannot hold new lines).
                // The command as typed, after the user's name: a reveal is hashed byte for byte.
                let exact = raw.trim_start()[user.len()..].trim_start();
                let replies = match rest.strip_prefix("reveal-file") {
                    Some(path) => match read_reveal(path.trim()) {
                        Ok(bytes) => self
                            .service
                            .reveal_bytes(&self.channel, &caller, &bytes)
                            .unwrap_or_else(|e| vec![chessdip_game::Reply::private_text(e.to_string())]),
                        Err(e) => return format!("error: {e}\n"),
                    },
                    None if chessdip_game::request::reveal_text(exact).is_some() => {
                        self.service.command(&self.channel, "console", &caller, exact)
                    }
                    None => self.service.command(&self.channel, "console", &caller, rest),
                };
                // Announcements come from the outbox, in the order they were written.
                for r in replies.iter().filter(|r| r.outbox.is_none()) {
                    out += &self.show(r, user);
                }
                out += &self.pending();
            }
        }
        out += &self.tick();
        out
    }

    /// Where `advance` or `downtime` takes the clock: `<duration>` from now,
    /// or `to <RFC 3339 time>` (only forward).
    fn target(&self, rest: &str) -> Result<i64, String> {
        let now = self.clock.now();
        if let Some(when) = rest.strip_prefix("to ").or_else(|| rest.strip_prefix("TO ")) {
            let when = when.trim();
            let t = chrono::DateTime::parse_from_rfc3339(when)
                .map_err(|_| {
                    format!("`{when}` is not a time: write it as RFC 3339, e.g. `advance to 2099-01-05T09:00:00Z`")
                })?
                .timestamp();
            if t < now {
                return Err(format!("{when} is in the past; the clock only moves forward"));
            }
            return Ok(t);
        }
        let secs = parse_duration_within(rest, ADVANCE).map_err(|e| e.to_string())?;
        Ok(now + secs)
    }

    /// Moves the clock up to the one stored, if another console moved it
    /// further; an error to print.
    fn catch_up_clock(&self) -> String {
        match self.service.console_offset(SystemClock.now()) {
            Ok(stored) => {
                let behind = stored - self.clock.offset();
                if behind > 0 {
                    self.clock.advance(behind);
                }
                String::new()
            }
            Err(e) => format!("error: the console's clock could not be read: {e}\n"),
        }
    }

    /// Moves the clock forward by `secs` (if positive) and stores it, so that
    /// the next console on this database goes on from here; an error to print.
    fn move_clock(&self, secs: i64) -> String {
        self.clock.advance(secs);
        match self.service.keep_console_clock(self.clock.offset(), self.clock.now()) {
            Ok(()) => String::new(),
            Err(e) => format!("error: the console's clock could not be stored: {e}\n"),
        }
    }

    /// What the scheduler does now: resolves what is due, until nothing is
    /// (a bot catching up after downtime handles one window after another),
    /// and the bots seated in games play the turns they owe; prints what
    /// that announced.
    fn tick(&mut self) -> String {
        self.ticked().0
    }

    /// [`Console::tick`], and whether the scheduler failed.
    fn ticked(&mut self) -> (String, bool) {
        let mut out = String::new();
        for _ in 0..100 {
            let ticked = match self.service.tick() {
                Ok(rs) => !rs.is_empty(),
                Err(e) => {
                    out += &format!("error: {e}\n");
                    return (out, true);
                }
            };
            // A phase that opened (at a deadline, or by the last ready mark) is the bots' turn at once.
            let played = match self.service.play_bots(self.think) {
                Ok(n) => n > 0,
                Err(e) => {
                    out += &format!("error: {e}\n");
                    return (out, true);
                }
            };
            if !ticked && !played {
                break;
            }
            out += &self.pending();
        }
        (out, false)
    }

    /// Prints the announcements waiting in the outbox (the console's games'
    /// results, game starts, commitments...). Each is claimed (marked
    /// delivered, if it still is pending) before it is printed, so that two
    /// consoles on one database never both print it. The console calls it
    /// after every line; `play` also calls it on start, so whatever a
    /// previous session left undelivered is shown.
    pub fn pending(&mut self) -> String {
        chessdip_game::names::plain(&self.print_pending())
    }

    fn print_pending(&mut self) -> String {
        let items = match self.service.outbox_pending() {
            Ok(items) => items,
            Err(e) => return format!("error: {e}\n"),
        };
        let mut out = String::new();
        for d in items {
            match self.service.delivered(d.item.id) {
                Ok(true) => {}
                Ok(false) => continue, // another console printed it
                Err(e) => {
                    out += &format!("error: {e}\n");
                    continue;
                }
            }
            self.claimed.push(d.item.id);
            // An advert's edit rewrites a message in place on Discord; here
            // the announcements it follows have said it already.
            if d.item.edits.is_some() {
                continue;
            }
            // A direct message's text only: its board (a phase opening's, a result's stills) is
            // the one the channel's announcement of that phase already wrote.
            let shown = if d.item.user.is_some() {
                self.show(&Reply { images: Vec::new(), ..d.reply.clone() }, "")
            } else {
                self.show(&d.reply, "")
            };
            if d.item.channel == self.channel {
                out += &shown;
            } else {
                out += &format!("(in channel {})\n{shown}", d.item.channel);
            }
        }
        out
    }

    /// Says that everything returned so far was printed: its announcements stay delivered.
    pub fn printed(&mut self) {
        self.claimed.clear();
    }

    /// Says that what was returned since the last [`Console::printed`] could
    /// not be printed (standard output failed): its announcements go back to
    /// the outbox, and the next console on this database prints them.
    ///
    /// # Errors
    /// The database could not be written.
    pub fn unprinted(&mut self) -> Result<(), chessdip_game::GameError> {
        let ids = std::mem::take(&mut self.claimed);
        self.service.undelivered(&ids)
    }

    fn show(&mut self, r: &Reply, user: &str) -> String {
        let head = match r.visibility {
            Visibility::Public => "[public]".to_string(),
            Visibility::Private => format!("[private to {}]", r.to.as_deref().unwrap_or(user)),
        };
        let text = pings_by_name(&local_times(&r.text, self.clock.now(), self.zone));
        let mut s = format!("{head} {}\n", text.replace('\n', "\n    "));
        for img in &r.images {
            let Some(dir) = &self.images else {
                self.written += 1;
                s += &format!("    image: {} (not written)\n", img.name);
                continue;
            };
            // Stills first, as on Discord; an animation of a phase where nothing moved is empty and left out.
            let bytes = img.bytes();
            if bytes.is_empty() && img.is_animation() {
                continue;
            }
            self.written += 1;
            let path = dir.join(format!("{:03}-{}", self.written, img.name));
            let written = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, &bytes));
            match written {
                Ok(()) => s += &format!("    image: {}\n", path.display()),
                Err(e) => s += &format!("    (could not write {}: {e})\n", path.display()),
            }
        }
        s
    }
}

/// The bytes of a file to reveal, reading at most one byte more than a
/// reveal may have (a huge file, or `/dev/zero`, is refused without being read).
///
/// # Errors
/// The file cannot be read, or is longer than a reveal may be.
pub fn read_reveal(path: &str) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let max = chessdip_game::hashed::seal::MAX_REVEAL;
    if path.is_empty() {
        return Err("write `<user> reveal-file <path>`, the path of the sealed file to reveal".into());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(u64::try_from(max).unwrap_or(u64::MAX) + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if bytes.len() > max {
        return Err(format!(
            "{path} has more than {max} bytes; a reveal has at most {max} (16 KB): orders are short, check you named the right file"
        ));
    }
    Ok(bytes)
}

/// The highest `NNN-` number of the images in `dir` (0 if none).
fn last_image_number(dir: &std::path::Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let (number, _) = name.split_once('-')?;
            number.parse::<usize>().ok()
        })
        .max()
        .unwrap_or(0)
}

/// `text` with Discord's user mentions (`<@bob>`) written as the console
/// names users: `@bob` (the console's user ids are their names).
#[must_use]
pub fn pings_by_name(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<@") {
        out += &rest[..start];
        let tail = &rest[start + 2..];
        match tail.find('>').filter(|&e| e > 0 && !tail[..e].contains(char::is_whitespace)) {
            Some(e) => {
                out += "@";
                out += tail[..e].trim_start_matches('!');
                rest = &tail[e + 1..];
            }
            None => {
                out += "<@";
                rest = tail;
            }
        }
    }
    out + rest
}

/// `text` with Discord's timestamps (`<t:1795473957>`, `<t:...:R>`, `<t:...:f>`)
/// written as times in `zone` for the console, with the zone's name:
/// `Tue 2 Nov 2027, 18:00 CET (in 3h)`; `<t:...:R>` as `in 3h`.
#[must_use]
pub fn local_times(text: &str, now: i64, zone: chrono_tz::Tz) -> String {
    use chrono::TimeZone as _;
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<t:") {
        out += &rest[..start];
        let tail = &rest[start + 3..];
        let end = tail.find('>').filter(|&e| e <= 24);
        let parsed = end.and_then(|e| {
            let (secs, style) = tail[..e].split_once(':').map_or((&tail[..e], ""), |(a, b)| (a, b));
            Some((secs.parse::<i64>().ok()?, style, e))
        });
        let Some((secs, style, e)) = parsed else {
            out += "<t:";
            rest = tail;
            continue;
        };
        let relative = {
            let d = chessdip_game::format_duration((secs - now).abs());
            match secs - now {
                -59..=59 => "just now".to_string(),
                60.. => format!("in {d}"),
                _ => format!("{d} ago"),
            }
        };
        let absolute = zone
            .timestamp_opt(secs, 0)
            .single()
            .map_or_else(|| secs.to_string(), |t| t.format("%a %-d %b %Y, %H:%M %Z").to_string());
        out += &match style {
            "R" => relative,
            _ => format!("{absolute} ({relative})"),
        };
        rest = &tail[e + 1..];
    }
    out + rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_timestamps_read_as_local_times_with_their_zone() {
        let now = 1_800_000_000;
        let t = local_times("due <t:1800010800:R>; at <t:1799996400>: ok <t:x> <t:", now, chrono_tz::UTC);
        assert!(t.starts_with("due in 3h; at Fri 15 Jan 2027, 07:00 UTC (1h ago): ok <t:x> <t:"), "{t}");
        assert!(!t.contains("<t:18"), "{t}");
        // 2 November 2027, 17:00 UTC, in Paris (winter time) and New York (still summer time).
        let t = local_times("<t:1825174800:f>", 1_825_174_800, chrono_tz::Europe::Paris);
        assert_eq!(t, "Tue 2 Nov 2027, 18:00 CET (just now)");
        let t = local_times("<t:1825174800:f>", 1_825_174_800, chrono_tz::America::New_York);
        assert_eq!(t, "Tue 2 Nov 2027, 13:00 EDT (just now)");
    }

    #[test]
    fn pings_read_as_names() {
        assert_eq!(pings_by_name("late: <@bob> (England), <@!carol>."), "late: @bob (England), @carol.");
        assert_eq!(pings_by_name("a <@ b> and <@ and <@>"), "a <@ b> and <@ and <@>");
    }

    #[test]
    fn images_are_numbered_after_the_last_one_written() {
        let dir = std::env::temp_dir().join(format!("chessdip-console-images-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(last_image_number(&dir), 0);
        std::fs::create_dir_all(&dir).expect("dir");
        for name in ["001-start.png", "012-spring-1601-orders.png", "notes.txt"] {
            std::fs::write(dir.join(name), b"x").expect("write");
        }
        assert_eq!(last_image_number(&dir), 12);
    }
}
