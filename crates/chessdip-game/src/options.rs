//! The words that set a game's options: `game create <variant> key=value
//! ...` and a moderator's `game settings key=value ...`, read into
//! [`Settings`] with the refusal that says what would be right.

use crate::{parse_duration_within, AtDeadline, Bounds, GameError, Settings};

/// The game settings `game create` takes (any other `key=value` is the variant's option).
pub const SETTING_KEYS: &str =
    "movement, adjustment, at-deadline, early, hashed, reveal, cycle, timezone, deadline-at, days, grace, grace-length, cd-after, takeover, min-reliability, min-reliability-new, scoring, abandon-after, forfeit-after, replace-minimum, palette, animation, vacant, bots, start, start-at, channel, name, private, archive-after";

/// The variants whose draws can be scored by centers (`scoring=`).
pub const CENTER_GAMES: &[&str] = &["chessdip", "chesspolitik4"];

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
    let s = channel_settings(variant, s, &given)?;
    let Some(offer) = chessdip_rules::any::offer(variant) else {
        return Ok(s);
    };
    if let Some(word) = given("hashed").filter(|_| offer.always_hashed && !s.hashed) {
        return Err(GameError::Invalid(format!(
            "`{word}`: {} takes its orders only hashed (each player commits the SHA-256 of a message, then reveals it), so it cannot be played with plain orders; leave `hashed` out",
            offer.name
        )));
    }
    if let Some(word) =
        given("deadline-at").filter(|_| offer.weekly || s.cycle != crate::phase::calendar::Cycle::Phases)
    {
        return Err(GameError::Invalid(format!(
            "`{word}`: {} runs on its weekly calendar of move, resolve and replenish windows (set its time zone with `timezone=`), so its phases do not end at a fixed time of day; leave `deadline-at` out",
            offer.name
        )));
    }
    if let Some(word) = given("scoring").filter(|_| !CENTER_GAMES.contains(&offer.id)) {
        let draw =
            if offer.id == "chess-wheel" { "shared equally among the players still standing" } else { "½ each" };
        return Err(GameError::Invalid(format!(
            "`{word}`: only the four-power games with centers, Chess Dip and Chesspolitik, choose how a draw is scored; {} scores a win 1, a draw {draw}, a loss 0, so leave `scoring` out",
            offer.name
        )));
    }
    if let Some(word) = given("cycle").filter(|_| offer.weekly && s.cycle == crate::phase::calendar::Cycle::Phases) {
        return Err(GameError::Invalid(format!(
            "`{word}`: {} runs on a cycle of move, resolve and replenish windows; use `cycle=weekly` (the default) or a compressed week such as `cycle=7h`",
            offer.name
        )));
    }
    Ok(s)
}

/// Reads `start-at=`: a time from now (`2h`, `3d`) or a local date and
/// time (`2026-12-01T20:00`, or with a space on Discord); `a` is the whole word.
fn start_at(a: &str, v: &str) -> Result<crate::StartAt, GameError> {
    let v = v.trim();
    if let Ok(secs) = parse_duration_within(v, Bounds::PHASE) {
        return Ok(crate::StartAt::In(secs));
    }
    for format in [crate::settings::LOCAL_FORMAT, "%Y-%m-%d %H:%M"] {
        if let Ok(t) = chrono::NaiveDateTime::parse_from_str(v, format) {
            return Ok(crate::StartAt::Local(t.format(crate::settings::LOCAL_FORMAT).to_string()));
        }
    }
    Err(GameError::Invalid(format!(
        "`{a}`: start-at is a time from now, 1 minute to 90 days (e.g. start-at=2h or start-at=3d), or a date and time of day in the game's time zone (e.g. start-at=2026-12-01T20:00)"
    )))
}

/// The longest name Discord gives a channel.
pub const CHANNEL_NAME_MOST: usize = 100;

/// `text` as the name of a Discord text channel: lower case, a `-` for
/// each run of spaces and other separators, only letters, digits, `-` and
/// `_`, at most [`CHANNEL_NAME_MOST`] characters; `None` when nothing is left.
#[must_use]
pub fn channel_name(text: &str) -> Option<String> {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() || c == '_' {
            out.push(c);
        } else if (c == '-' || c.is_whitespace() || c.is_ascii_punctuation()) && !out.is_empty() && !out.ends_with('-')
        {
            out.push('-');
        }
    }
    let name: String = out.chars().take(CHANNEL_NAME_MOST).collect();
    let name = name.trim_end_matches('-').to_string();
    (!name.is_empty()).then_some(name)
}

/// `channel=new` and the settings that go with it: `name=`, `private=` and
/// `archive-after=` are refused without it (they describe the channel the
/// bot makes), and a channel with no name is named after the variant.
fn channel_settings<'a>(
    variant: &str,
    mut s: Settings,
    given: &impl Fn(&str) -> Option<&'a str>,
) -> Result<Settings, GameError> {
    let made = given("channel").is_some();
    for (key, why) in [
        ("name", "names the channel `channel=new` makes for the game"),
        ("private", "makes the channel `channel=new` makes for the game readable only by its players and moderators"),
        ("archive-after", "says when the channel `channel=new` made for the game is archived after its end; a channel that was not made for the game is never archived"),
    ] {
        if let Some(word) = given(key).filter(|_| !made) {
            return Err(GameError::Invalid(format!(
                "`{word}`: {key} {why}, so it goes with `channel=new`, e.g. `channel=new {word}`; without `channel=new` the game runs in this channel"
            )));
        }
    }
    if let Some(ch) = s.channel.as_mut().filter(|ch| ch.name.is_empty()) {
        let title = chessdip_rules::any::offer(variant).map_or(variant, |o| o.name);
        ch.name = channel_name(title).unwrap_or_else(|| "game".into());
    }
    Ok(s)
}

/// Reads `bots=`: a number of bots (`bots=3`) or the powers they play,
/// comma-separated (`bots=Italy,France`); `a` is the whole word, for the refusal.
fn bot_seats(a: &str, v: &str) -> Result<crate::BotSeats, GameError> {
    let refuse = || {
        GameError::Invalid(format!(
            "`{a}`: bots is a number of bots to seat (e.g. bots=3) or the powers they play, comma-separated (e.g. bots=Italy,France)"
        ))
    };
    if v.chars().all(|c| c.is_ascii_digit()) && !v.is_empty() {
        return v.parse().map(crate::BotSeats::Count).map_err(|_| refuse());
    }
    let powers: Vec<String> = v.split(',').map(|p| p.trim().to_string()).collect();
    if powers.iter().any(String::is_empty) {
        return Err(refuse());
    }
    Ok(crate::BotSeats::Powers(powers))
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
                    "weekly" | "week" => crate::phase::calendar::Cycle::Weekly,
                    "phases" | "phase" => crate::phase::calendar::Cycle::Phases,
                    d => crate::phase::calendar::Cycle::Scaled {
                        secs: match crate::parse_duration(d) {
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
                crate::phase::calendar::parse_timezone(v).map_err(|e| GameError::Invalid(format!("`{a}`: {e}")))?;
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
                    "open" | "anyone" => crate::Takeover::Open,
                    "moderator" | "moderators" | "approval" => crate::Takeover::Moderator,
                    _ => {
                        return Err(GameError::Invalid(format!(
                            "`{a}`: takeover is open (anyone may join an open power) or moderator (join asks, a moderator grants with `game assign`)"
                        )))
                    }
                }
            }
            "scoring" => {
                s.scoring = crate::standings::scores::Scoring::parse(v).ok_or_else(|| {
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
            "vacant" => {
                s.vacant = match v.to_ascii_lowercase().as_str() {
                    "hold" => crate::Vacant::Hold,
                    "bot" => crate::Vacant::Bot,
                    _ => {
                        return Err(GameError::Invalid(format!(
                            "`{a}`: vacant is hold (a power that becomes vacant holds, in civil disorder, until someone takes it) or bot (a bot plays it until someone takes it), e.g. vacant=bot"
                        )))
                    }
                }
            }
            "bots" => s.bots = bot_seats(a, v)?,
            "start" => {
                s.start = match v.to_ascii_lowercase().as_str() {
                    "when-full" | "full" => crate::StartRule::WhenFull,
                    "moderator" | "manual" => crate::StartRule::Moderator,
                    _ => {
                        return Err(GameError::Invalid(format!(
                            "`{a}`: start is when-full (the game starts the moment its last seat is taken) or moderator (a moderator starts it with `game start`, the default); to start at a time, use start-at=, e.g. start-at=2h or start-at=2026-12-01T20:00"
                        )))
                    }
                }
            }
            "start-at" => s.start_at = Some(start_at(a, v)?),
            "channel" => {
                if !v.eq_ignore_ascii_case("new") {
                    return Err(GameError::Invalid(format!(
                        "`{a}`: channel takes one value, new: `channel=new` makes a text channel for the game in the server's games category and runs the game there; leave `channel` out to play in this channel"
                    )));
                }
                s.channel.get_or_insert_with(crate::NewChannel::default);
            }
            "name" => {
                let name = channel_name(v).ok_or_else(|| {
                    GameError::Invalid(format!(
                        "`{a}`: a channel's name needs a letter or a digit (Discord writes channel names in lower-case letters, digits, - and _), e.g. name=spring-league"
                    ))
                })?;
                s.channel.get_or_insert_with(crate::NewChannel::default).name = name;
            }
            "private" => s.channel.get_or_insert_with(crate::NewChannel::default).private = yes(v)?,
            "archive-after" => {
                let secs = parse_duration_within(v, Bounds::ARCHIVE).map_err(|e| {
                    GameError::Invalid(format!(
                        "`{a}`: {e}. archive-after is how long after the game ends its channel is moved to the server's archive category and made read-only, from 1h to 365d (default 7d), e.g. archive-after=30d"
                    ))
                })?;
                s.channel.get_or_insert_with(crate::NewChannel::default).archive_after_secs = secs;
            }
            // Anything else is the variant's own option; the variant checks it.
            _ => {
                s.options.insert(k.to_ascii_lowercase(), v.to_ascii_lowercase());
            }
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::{channel_name, create_settings};
    use crate::{NewChannel, Settings};

    #[test]
    fn channel_names_follow_discords_rules() {
        assert_eq!(channel_name("Spring League!").as_deref(), Some("spring-league"));
        assert_eq!(channel_name("  chess dip -- 2026  ").as_deref(), Some("chess-dip-2026"));
        assert_eq!(channel_name("Ligue_Été").as_deref(), Some("ligue_été"));
        assert_eq!(channel_name("game #3 (finals)").as_deref(), Some("game-3-finals"));
        assert_eq!(channel_name("!!! ???"), None);
        assert_eq!(channel_name(""), None);
        let long = channel_name(&"ab ".repeat(80)).expect("a name");
        assert!(long.chars().count() <= 100 && !long.ends_with('-'), "{long}");
    }

    #[test]
    fn channel_new_takes_its_settings_and_names_the_channel_after_the_game() {
        let s = create_settings("chessdip", &["channel=new"], Settings::default()).expect("taken");
        assert_eq!(
            s.channel,
            Some(NewChannel { name: "chess-dip".into(), private: false, archive_after_secs: 7 * 86400 })
        );
        let s = create_settings(
            "chessdip",
            &["private=yes", "archive-after=30d", "channel=new", "name=Spring League"],
            Settings::default(),
        )
        .expect("taken in any order");
        assert_eq!(
            s.channel,
            Some(NewChannel { name: "spring-league".into(), private: true, archive_after_secs: 30 * 86400 })
        );
        for (words, says) in [
            (&["name=x"][..], "so it goes with `channel=new`"),
            (&["channel=new", "archive-after=forever"][..], "from 1h to 365d (default 7d)"),
            (&["channel=new", "archive-after=1y"][..], "not a duration"),
            (&["channel=new", "archive-after=59m"][..], "too short for archive-after"),
            (&["channel=old"][..], "channel takes one value, new"),
        ] {
            let e = create_settings("chessdip", words, Settings::default()).expect_err("refused").to_string();
            assert!(e.contains(says), "{words:?}: {e}");
        }
    }

    #[test]
    fn settings_stored_before_channels_read_without_one() {
        let old = serde_json::to_string(&Settings::default()).expect("json");
        assert!(!old.contains("channel"), "a game without channel=new stores nothing new: {old}");
        let read: Settings = serde_json::from_str(&old).expect("read");
        assert_eq!(read.channel, None);
        let partial: NewChannel = serde_json::from_str(r#"{"private": true}"#).expect("read");
        assert_eq!(partial.archive_after_secs, 7 * 86400);
    }
}
