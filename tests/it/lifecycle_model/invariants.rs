//! The lifecycle's invariants, one function each, checked after every step
//! (the command and the scheduler's tick) against the store and the replies.

use std::collections::{BTreeMap, BTreeSet};

use chessdip_game::hashed::seal::sha256_hex;
use chessdip_game::store::Store;
use chessdip_game::{Reply, Visibility};
use chrono::{Datelike, TimeZone, Timelike, Weekday};

use super::absence;
use super::snapshot::{self, Snapshot};
use super::world::{Ran, Step};

/// The invariants, numbered as in the test's documentation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Invariant {
    /// Invariant 1: [`paused_game_never_changes_phase`].
    PausedGameNeverChangesPhase = 1,
    /// Invariant 2: [`running_game_has_a_deadline`].
    RunningGameHasADeadline,
    /// Invariant 3: [`marks_lapse_with_the_phase`].
    MarksLapseWithThePhase,
    /// Invariant 4: [`pending_orders_stay_private`].
    PendingOrdersStayPrivate,
    /// Invariant 5: [`each_phase_resolves_once`].
    EachPhaseResolvesOnce,
    /// Invariant 6: [`hashed_phases_wait_for_reveals`].
    HashedPhasesWaitForReveals,
    /// Invariant 7: [`weekly_deadlines_on_the_calendar`].
    WeeklyDeadlinesOnTheCalendar,
    /// Invariant 8: [`hashed_records_are_kept`].
    HashedRecordsAreKept,
    /// Invariant 9: [`no_panic_and_short_replies`].
    NoPanicAndShortReplies,
    /// Invariant 10: [`ended_games_stay_ended`].
    EndedGamesStayEnded,
    /// Invariant 11: [`fixed_time_deadlines_at_their_local_time`].
    FixedTimeDeadlinesAtTheirLocalTime,
    /// Invariant 12: [`extended_by_vote_at_most_once`].
    ExtendedByVoteAtMostOnce,
    /// Invariant 13: [`absence::grace_only_for_the_late`].
    GraceOnlyForTheLate,
    /// Invariant 14: [`absence::unseated_hold_no_seat`].
    UnseatedHoldNoSeat,
    /// Invariant 15: [`absence::grace_within_the_setting`].
    GraceWithinTheSetting,
    /// Invariant 16: [`absence::unseatings_explained_by_civil_disorder`].
    UnseatingsExplained,
    /// Invariant 17: [`absence::nobody_playing_means_paused_or_ended`].
    NobodyPlayingMeansPausedOrEnded,
}

impl Invariant {
    /// Every invariant with its check, in order.
    pub const ALL: [(Invariant, Check); 17] = [
        (Invariant::PausedGameNeverChangesPhase, paused_game_never_changes_phase),
        (Invariant::RunningGameHasADeadline, running_game_has_a_deadline),
        (Invariant::MarksLapseWithThePhase, marks_lapse_with_the_phase),
        (Invariant::PendingOrdersStayPrivate, pending_orders_stay_private),
        (Invariant::EachPhaseResolvesOnce, each_phase_resolves_once),
        (Invariant::HashedPhasesWaitForReveals, hashed_phases_wait_for_reveals),
        (Invariant::WeeklyDeadlinesOnTheCalendar, weekly_deadlines_on_the_calendar),
        (Invariant::HashedRecordsAreKept, hashed_records_are_kept),
        (Invariant::NoPanicAndShortReplies, no_panic_and_short_replies),
        (Invariant::EndedGamesStayEnded, ended_games_stay_ended),
        (Invariant::FixedTimeDeadlinesAtTheirLocalTime, fixed_time_deadlines_at_their_local_time),
        (Invariant::ExtendedByVoteAtMostOnce, extended_by_vote_at_most_once),
        (Invariant::GraceOnlyForTheLate, absence::grace_only_for_the_late),
        (Invariant::UnseatedHoldNoSeat, absence::unseated_hold_no_seat),
        (Invariant::GraceWithinTheSetting, absence::grace_within_the_setting),
        (Invariant::UnseatingsExplained, absence::unseatings_explained_by_civil_disorder),
        (Invariant::NobodyPlayingMeansPausedOrEnded, absence::nobody_playing_means_paused_or_ended),
    ];

    /// Its number (1 to 17).
    pub fn number(self) -> u8 {
        self as u8
    }

    /// What it says, in one line.
    pub fn title(self) -> &'static str {
        match self {
            Invariant::PausedGameNeverChangesPhase => "a paused game never changes phase",
            Invariant::RunningGameHasADeadline => {
                "a running game has an open phase with a future deadline (or waits for a moderator)"
            }
            Invariant::MarksLapseWithThePhase => "no ready mark or draw vote outlives a phase or stage change",
            Invariant::PendingOrdersStayPrivate => "nobody else can read a power's pending orders or reveals",
            Invariant::EachPhaseResolvesOnce => "each phase resolves exactly once, announced once",
            Invariant::HashedPhasesWaitForReveals => {
                "a hashed phase resolves only when every commitment is revealed or the reveal window closed (or a confirmed force), and a commitment left unrevealed is told privately"
            }
            Invariant::WeeklyDeadlinesOnTheCalendar => "Chess Wheel+ weekly deadlines lie on the calendar",
            Invariant::HashedRecordsAreKept => "every commitment and reveal attempt accepted stays in the store",
            Invariant::NoPanicAndShortReplies => "no panic, and no reply over 8,000 characters",
            Invariant::EndedGamesStayEnded => {
                "an ended game stays ended and says so, and its status never says what comes next"
            }
            Invariant::FixedTimeDeadlinesAtTheirLocalTime => {
                "a phase with a fixed time always ends at that local time on an allowed day"
            }
            Invariant::ExtendedByVoteAtMostOnce => "a phase is extended by vote at most once",
            Invariant::GraceOnlyForTheLate => "a grace never extends a phase with nobody late",
            Invariant::UnseatedHoldNoSeat => "an unseated player holds no seat",
            Invariant::GraceWithinTheSetting => "grace used per player never exceeds `grace`",
            Invariant::UnseatingsExplained => {
                "every unseating in the records is explained by its phases in civil disorder"
            }
            Invariant::NobodyPlayingMeansPausedOrEnded => {
                "a game nobody plays is paused, and ended once its abandon-after has passed"
            }
        }
    }
}

/// An invariant's check: `Err` says how it was broken.
pub type Check = fn(&StepCheck<'_>) -> Result<(), String>;

/// What the checks see of one step.
pub struct StepCheck<'a> {
    /// The step.
    pub step: &'a Step,
    /// The store before the step.
    pub before: &'a Snapshot,
    /// The store after the step and the tick.
    pub after: &'a Snapshot,
    /// The replies to the command and the tick's announcements.
    pub ran: &'a Ran,
    /// The store, for the checks that read more.
    pub store: &'a Store,
    /// What the sequence so far taught.
    pub tracker: &'a Tracker,
}

/// A salt line's token, who revealed it, in which phase, whether the reveal
/// matched, and the SHA-256 of the text revealed.
#[derive(Clone, Debug)]
struct Salt {
    token: String,
    revealer: String,
    seq: i64,
    matched: bool,
    hash: String,
}

/// What the checks remember across the steps of a sequence.
#[derive(Debug, Default)]
pub struct Tracker {
    salts: Vec<Salt>,
    accepted: BTreeSet<String>,
    /// (game, phase) -> how many times the players' votes extended it.
    vote_extensions: BTreeMap<(i64, i64), usize>,
}

impl Tracker {
    /// Learns from a step before it is checked: the salts revealed, the commitments the service said it recorded.
    pub fn observe(&mut self, step: &Step, before: &Snapshot, ran: &Ran) {
        let Step::Command { user, line } = step else { return };
        let extended = ran.replies.iter().filter(|r| r.text.contains("is extended by vote**")).count();
        if extended > 0 {
            *self.vote_extensions.entry((before.game, before.phase_seq)).or_default() += extended;
        }
        if line.trim_start().to_ascii_lowercase().starts_with("reveal") {
            if let Some(token) = salt_of(line) {
                let matched = ran.replies.iter().any(|r| r.text.contains("reveal matches its commitment"));
                let hash = sha256_hex(chessdip_game::request::reveal_text(line).unwrap_or_default());
                self.salts.push(Salt { token, revealer: user.clone(), seq: before.phase_seq, matched, hash });
            }
        }
        let words = step.words();
        if words.len() == 2
            && words[0] == "commit"
            && ran.replies.iter().any(|r| r.text.contains("Commitment recorded"))
        {
            self.accepted.insert(words[1].clone());
        }
    }
}

/// The token after `# salt ` in a text.
fn salt_of(text: &str) -> Option<String> {
    let at = text.find("# salt ")? + "# salt ".len();
    let token: String = text[at..].chars().take_while(char::is_ascii_hexdigit).collect();
    (token.len() >= 8).then_some(token)
}

/// Runs every check; the broken invariants with what broke them.
pub fn check(s: &StepCheck<'_>, skip: &BTreeSet<u8>) -> Vec<(Invariant, String)> {
    Invariant::ALL
        .iter()
        .filter(|(i, _)| !skip.contains(&i.number()))
        .filter_map(|(i, f)| f(s).err().map(|why| (*i, why)))
        .collect()
}

/// Phases that became resolved during the step (open before, or new, and resolved after).
fn resolved_in_step(before: &Snapshot, after: &Snapshot) -> Vec<i64> {
    let same_game = before.game == after.game;
    after
        .phases
        .iter()
        .filter(|(seq, p)| !p.open && (!same_game || before.phases.get(seq).is_none_or(|b| b.open)))
        .map(|(seq, _)| *seq)
        .collect()
}

/// A unix time as a UTC date.
fn time(t: i64) -> String {
    chrono::DateTime::from_timestamp(t, 0).map_or(t.to_string(), |d| d.format("%a %Y-%m-%d %H:%M:%S UTC").to_string())
}

/// The first 160 characters of a reply, on one line.
fn short(text: &str) -> String {
    let one: String = text.replace('\n', " / ").chars().take(160).collect();
    if text.chars().count() > 160 {
        format!("{one}...")
    } else {
        one
    }
}

/// Invariant 1: A paused game never changes phase: if the game was paused before the
/// step and is still paused after it, its current phase number, the current
/// phase's stage and status are unchanged, and no phase was resolved. (A
/// game nobody plays that a seat taken resumed may resolve and pause itself
/// again within the step: it was not paused in between.)
fn paused_game_never_changes_phase(s: &StepCheck<'_>) -> Result<(), String> {
    let (b, a) = (s.before, s.after);
    if b.status != "paused" || a.status != "paused" {
        return Ok(());
    }
    if s.ran.replies.iter().any(|r| r.text.contains("The game resumes")) {
        return Ok(());
    }
    if b.phase_seq != a.phase_seq {
        return Err(format!(
            "paused before and after, but the current phase went from #{} to #{}",
            b.phase_seq, a.phase_seq
        ));
    }
    let (Some(pb), Some(pa)) = (b.current(), a.current()) else {
        return Err("paused before and after, but the current phase row vanished".into());
    };
    if (pb.open, &pb.stage) != (pa.open, &pa.stage) {
        return Err(format!(
            "paused before and after, but {} went from {} ({}) to {} ({})",
            pa.name,
            if pb.open { "open" } else { "resolved" },
            pb.stage,
            if pa.open { "open" } else { "resolved" },
            pa.stage
        ));
    }
    match resolved_in_step(b, a).as_slice() {
        [] => Ok(()),
        seqs => Err(format!("paused before and after, but phase(s) {seqs:?} were resolved")),
    }
}

/// Invariant 2: A running (`active`) game has an open current phase whose deadline is
/// in the future, or it waits for a moderator (`at_deadline` is `wait` and
/// the deadline passed). Never an open current phase without a deadline.
fn running_game_has_a_deadline(s: &StepCheck<'_>) -> Result<(), String> {
    let a = s.after;
    if a.status != "active" {
        return Ok(());
    }
    let Some(p) = a.current() else {
        return Err(format!("active, but its current phase #{} does not exist", a.phase_seq));
    };
    if !p.open {
        return Err(format!("active, but its current phase {} is resolved", p.name));
    }
    match p.deadline {
        None => Err(format!("active, but the open phase {} ({} stage) has no deadline", p.name, p.stage)),
        Some(d) if d > a.now || a.settings.waits => Ok(()),
        Some(d) => Err(format!(
            "active and not waiting for a moderator, but the deadline of {} ({} stage), {}, passed {}s ago",
            p.name,
            p.stage,
            time(d),
            a.now - d
        )),
    }
}

/// Invariant 3: No ready mark or draw vote outlives a phase or stage change: if the
/// current (phase number, stage) changed during the step, the `ready` and
/// `draw_votes` tables have no rows for the current phase.
fn marks_lapse_with_the_phase(s: &StepCheck<'_>) -> Result<(), String> {
    let (b, a) = (s.before, s.after);
    if (b.phase_seq, b.stage()) == (a.phase_seq, a.stage()) {
        return Ok(());
    }
    if a.ready.is_empty() && a.draw_votes.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the current phase went from #{} ({}) to #{} ({}) but it still has ready marks {:?} and draw votes {:?}",
        b.phase_seq,
        b.stage(),
        a.phase_seq,
        a.stage(),
        a.ready,
        a.draw_votes
    ))
}

/// Who may read a reply (`None`: everyone in the channel).
fn reader<'a>(r: &'a Reply, caller: Option<&'a str>) -> Option<&'a str> {
    match r.visibility {
        Visibility::Public => None,
        Visibility::Private => r.to.as_deref().or(caller),
    }
}

/// Invariant 4: Nobody else can read a power's pending orders or reveals: the salt of
/// a reveal of a still-open phase, or of a reveal that did not match, appears
/// in no reply that someone other than the revealer can read, nor the SHA-256
/// of a reveal that did not match (unless someone committed that hash); `game export`
/// lists no orders and no reveals of a phase that has not resolved; and in the open phase of a running game every order
/// row was sent by the power's current holder.
fn pending_orders_stay_private(s: &StepCheck<'_>) -> Result<(), String> {
    let a = s.after;
    // A salt is pending while every phase it was revealed in with a match is still open (the same
    // text revealed again after its phase resolved is already public); the text of a reveal that did
    // not match is never published.
    let public: BTreeSet<&str> =
        s.tracker.salts.iter().filter(|t| t.matched && !a.is_open(t.seq)).map(|t| t.token.as_str()).collect();
    let pending: Vec<&Salt> = s.tracker.salts.iter().filter(|t| !public.contains(t.token.as_str())).collect();
    for r in &s.ran.replies {
        let who = reader(r, s.step.user());
        for salt in pending.iter().filter(|t| Some(t.revealer.as_str()) != who) {
            if r.text.contains(&salt.token) {
                return Err(format!(
                    "{}'s reveal salt {} of the open phase #{} is in a reply that {} can read: `{}`",
                    salt.revealer,
                    salt.token,
                    salt.seq,
                    who.unwrap_or("everyone"),
                    short(&r.text)
                ));
            }
            // Nor its hash, from which a short text is found by hashing every guess (unless it is
            // the hash of a commitment, public from the start).
            if !salt.matched && !s.tracker.accepted.contains(&salt.hash) && r.text.contains(&salt.hash) {
                return Err(format!(
                    "the SHA-256 {} of {}'s reveal that did not match (phase #{}) is in a reply that {} can read: `{}`",
                    salt.hash,
                    salt.revealer,
                    salt.seq,
                    who.unwrap_or("everyone"),
                    short(&r.text)
                ));
            }
        }
    }
    if s.step.starts_with(&["game", "export"]) {
        for r in &s.ran.replies {
            let Ok(json) = serde_json::from_str::<serde_json::Value>(&r.text) else { continue };
            let unresolved = |p: &&serde_json::Value| p["open"] == true || p["resolved_at"].is_null();
            for p in json["phases"].as_array().into_iter().flatten().filter(unresolved) {
                for key in ["orders", "reveals"] {
                    if p[key].as_array().is_some_and(|l| !l.is_empty()) {
                        return Err(format!(
                            "`game export` lists the {key} of the unresolved phase {}: {}",
                            p["phase"], p[key]
                        ));
                    }
                }
            }
        }
    }
    if matches!(a.status.as_str(), "active" | "paused") && a.current().is_some_and(|p| p.open) {
        for (power, by) in &a.orders {
            if a.holder(power) != Some(by.as_str()) {
                return Err(format!(
                    "the open phase has an order of {power} sent by {by}, but {power} is now held by {}",
                    a.holder(power).unwrap_or("nobody (vacant)")
                ));
            }
        }
    }
    Ok(())
}

/// The phase names a public reply announces as resolved (`**<name> resolved**`).
fn announced(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .filter(|r| r.visibility == Visibility::Public)
        .filter_map(|r| r.text.strip_prefix("**")?.split_once(" resolved**").map(|(name, _)| name.to_string()))
        .collect()
}

/// Invariant 5: Each phase resolves exactly once: every phase row that became
/// resolved during the step is announced by exactly one public reply
/// (`**<phase> resolved**`), and no reply announces a phase that did not.
fn each_phase_resolves_once(s: &StepCheck<'_>) -> Result<(), String> {
    let mut expected: BTreeMap<String, usize> = BTreeMap::new();
    for seq in resolved_in_step(s.before, s.after) {
        *expected.entry(s.after.phases[&seq].name.clone()).or_default() += 1;
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for name in announced(&s.ran.replies) {
        *seen.entry(name).or_default() += 1;
    }
    for name in expected.keys().chain(seen.keys()) {
        let (want, got) = (expected.get(name).copied().unwrap_or(0), seen.get(name).copied().unwrap_or(0));
        if want != got {
            return Err(format!(
                "{want} phase row(s) named {name} became resolved, but {got} public replies announced it"
            ));
        }
    }
    Ok(())
}

/// Invariant 6: A hashed phase never resolves before every power that committed has
/// revealed a match or its reveal window closed, unless a moderator forced
/// it and confirmed it: a phase resolved by anything but a moderator's `game
/// force ... confirm` (a plain `game force` included) either had its reveal
/// deadline (as recorded before the step) at or before now, or every power's
/// latest commitment in it has a matched reveal of that hash. However it
/// resolved, each latest commitment left without a matched reveal is named,
/// by its hash, in a private reply saying it was not revealed in time.
fn hashed_phases_wait_for_reveals(s: &StepCheck<'_>) -> Result<(), String> {
    if !s.after.settings.hashed {
        return Ok(());
    }
    let confirmed = s.step.is_moderators(&["game", "force"]) && s.step.words().iter().any(|w| w == "confirm");
    for seq in resolved_in_step(s.before, s.after) {
        let h = snapshot::hashed_phase(s.store, s.after.game, seq);
        let unrevealed: Vec<(&String, &String)> =
            h.latest.iter().filter(|(p, hash)| !h.matched.contains(&((*p).clone(), (*hash).clone()))).collect();
        for (power, hash) in &unrevealed {
            let told = s.ran.replies.iter().any(|r| {
                r.visibility == Visibility::Private
                    && r.text.contains(hash.as_str())
                    && r.text.contains("was not revealed in time")
            });
            if !told {
                return Err(format!(
                    "{} resolved with {power}'s commitment {hash} not revealed, and nobody was told privately",
                    s.after.phases[&seq].name
                ));
            }
        }
        if confirmed {
            continue;
        }
        let was = s.before.phases.get(&seq);
        let reveal_deadline = was.filter(|p| p.open && p.stage == "reveal").and_then(|p| p.deadline);
        if reveal_deadline.is_some_and(|d| s.after.now >= d) {
            continue;
        }
        let unrevealed: Vec<&String> = unrevealed.into_iter().map(|(p, _)| p).collect();
        if !unrevealed.is_empty() {
            return Err(format!(
                "{} resolved from the {} stage at {}, {}, while {:?} had not revealed their latest commitment",
                s.after.phases[&seq].name,
                was.map_or("(new)", |p| p.stage.as_str()),
                time(s.after.now),
                reveal_deadline.map_or("with no reveal window open".to_string(), |d| format!(
                    "before its reveal deadline {}",
                    time(d)
                )),
                unrevealed
            ));
        }
    }
    Ok(())
}

/// Invariant 7: Chess Wheel+ weekly games: every open phase's deadline lies on the
/// calendar in the game's time zone: a commit-stage deadline is a Thursday
/// 00:00, a wait-stage deadline a Monday 00:00, a reveal-stage deadline a
/// Sunday or Monday 00:00.
fn weekly_deadlines_on_the_calendar(s: &StepCheck<'_>) -> Result<(), String> {
    let a = s.after;
    if !a.settings.weekly {
        return Ok(());
    }
    let tz: chrono_tz::Tz = a.settings.timezone.parse().unwrap_or(chrono_tz::UTC);
    for p in a.phases.values().filter(|p| p.open) {
        let Some(d) = p.deadline else { continue };
        let days: &[Weekday] = match p.stage.as_str() {
            "commit" => &[Weekday::Thu],
            "wait" => &[Weekday::Mon],
            "reveal" => &[Weekday::Sun, Weekday::Mon],
            _ => continue,
        };
        let Some(local) = tz.timestamp_opt(d, 0).single() else {
            return Err(format!("{}'s deadline {d} is not a time in {tz}", p.name));
        };
        let midnight = (local.hour(), local.minute(), local.second()) == (0, 0, 0);
        if !midnight || !days.contains(&local.weekday()) {
            return Err(format!(
                "{} ({} stage) is due {} in {tz}, not 00:00 on {:?}",
                p.name,
                p.stage,
                local.format("%a %Y-%m-%d %H:%M:%S"),
                days
            ));
        }
    }
    Ok(())
}

/// Invariant 8: Every commitment and reveal attempt ever accepted is still in the
/// store: the game's `commitments` and `reveals` row counts never decrease,
/// and every hash the service said it recorded is still in `commitments`.
fn hashed_records_are_kept(s: &StepCheck<'_>) -> Result<(), String> {
    let (b, a) = (s.before, s.after);
    if b.game == a.game {
        if a.commitments.len() < b.commitments.len() {
            return Err(format!(
                "the game's commitments went from {} rows to {}",
                b.commitments.len(),
                a.commitments.len()
            ));
        }
        if a.reveals < b.reveals {
            return Err(format!("the game's reveal attempts went from {} rows to {}", b.reveals, a.reveals));
        }
    }
    match s.tracker.accepted.iter().find(|h| !a.commitments.contains(h)) {
        Some(h) => Err(format!("the recorded commitment `{h}` is no longer in the store")),
        None => Ok(()),
    }
}

/// Invariant 9: No panic (nor a failing tick), and every reply's text is at
/// most 8,000 characters. `game export` is exempt: it is the whole game as a
/// JSON document, which the Discord front end sends as a file.
fn no_panic_and_short_replies(s: &StepCheck<'_>) -> Result<(), String> {
    if let Some(crash) = &s.ran.crashed {
        return Err(crash.clone());
    }
    if s.step.words().starts_with(&["game".to_string(), "export".to_string()]) {
        return Ok(());
    }
    for r in &s.ran.replies {
        let n = r.text.chars().count();
        if n > 8000 {
            return Err(format!("a {:?} reply of {n} characters: `{}`", r.visibility, short(&r.text)));
        }
    }
    Ok(())
}

/// Commands that act on a game (as opposed to reading it): refused once it has ended.
fn acts(step: &Step) -> bool {
    let w = step.words();
    let w: Vec<&str> = w.iter().map(String::as_str).collect();
    match w.as_slice() {
        ["orders", ..] | ["ready"] | ["unready"] | ["commit", ..] | ["reveal", ..] | ["draw", ..] | ["concede"] => true,
        ["join", ..] | ["leave"] | ["board", _, ..] | ["proposal", "submit", ..] | ["vote", ..] => true,
        ["game", verb, ..] => {
            matches!(*verb, "force" | "pause" | "resume" | "extend" | "deadline" | "assign" | "kick" | "end")
        }
        _ => false,
    }
}

/// Invariant 10: An ended game stays ended unless a moderator's `game rollback`
/// reopened it; after it ends, commands that act on it (`orders`, `ready`,
/// `commit`, `join`, `game force`...) are refused with a reply that says the
/// game has ended, not that there is no game in the channel; and its `game
/// status` says how each power stands, never what it may do next (`to
/// move`, a board that `may be populated` or that `board create` makes).
fn ended_games_stay_ended(s: &StepCheck<'_>) -> Result<(), String> {
    let (b, a) = (s.before, s.after);
    if b.status != "ended" {
        return Ok(());
    }
    if a.status != "ended" {
        if s.step.is_moderators(&["game", "rollback"]) {
            return Ok(());
        }
        return Err(format!("the game had ended and is now {}", a.status_name()));
    }
    let texts: Vec<&str> = s.ran.replies.iter().map(|r| r.text.as_str()).collect();
    if s.step.words() == ["game", "status"] {
        for next in ["to move", "may be populated", "`board create` makes it"] {
            if let Some(t) = texts.iter().find(|t| t.contains(next)) {
                return Err(format!("the game has ended, but its status says `{next}`: `{}`", short(t)));
            }
        }
    }
    if !acts(s.step) {
        return Ok(());
    }
    if let Some(t) = texts.iter().find(|t| t.to_ascii_lowercase().contains("there is no game")) {
        return Err(format!("the game has ended, but the reply says there is no game: `{}`", short(t)));
    }
    if !texts.iter().any(|t| t.to_ascii_lowercase().contains("ended")) {
        return Err(format!(
            "the game has ended, but no reply says so: {:?}",
            texts.iter().map(|t| short(t)).collect::<Vec<_>>()
        ));
    }
    Ok(())
}

/// Invariant 11: A phase with a fixed time always ends at that local time on an
/// allowed day: in a game with `deadline-at` (not on a calendar), the open
/// phase's deadline is, in the game's time zone, that hour and minute on one
/// of `days` (the earlier of a time the clocks repeat), or, on a day the
/// clocks skip that time, the first moment after it.
fn fixed_time_deadlines_at_their_local_time(s: &StepCheck<'_>) -> Result<(), String> {
    let a = s.after;
    let Some((h, m)) = a.settings.deadline_at.filter(|_| !a.settings.weekly) else { return Ok(()) };
    let tz: chrono_tz::Tz = a.settings.timezone.parse().unwrap_or(chrono_tz::UTC);
    let days: chessdip_game::phase::fixed_time::Days =
        a.settings.days.parse().map_err(|e| format!("stored days: {e}"))?;
    for p in a.phases.values().filter(|p| p.open) {
        let Some(d) = p.deadline else { continue };
        let Some(local) = tz.timestamp_opt(d, 0).single() else {
            return Err(format!("{}'s deadline {d} is not a time in {tz}", p.name));
        };
        let wanted = local.date_naive().and_hms_opt(h, m, 0).ok_or("a time of day out of range")?;
        let on_time = match tz.from_local_datetime(&wanted).earliest() {
            Some(exact) => exact.timestamp() == d,
            // Skipped by the clocks: the first moment after it.
            None => {
                tz.timestamp_opt(d - 1, 0).single().is_some_and(|t| t.naive_local() < wanted)
                    && local.naive_local() > wanted
            }
        };
        if !on_time || !days.contains(local.weekday()) {
            return Err(format!(
                "{} ({} stage) is due {} in {tz}, not {h:02}:{m:02} on {}",
                p.name,
                p.stage,
                local.format("%a %Y-%m-%d %H:%M:%S %Z"),
                days
            ));
        }
    }
    Ok(())
}

/// Invariant 12: A phase is extended by vote at most once: the announcements
/// that the players' votes extended a phase name each phase of a game once
/// in the whole sequence, and such a step leaves its deadline no earlier.
fn extended_by_vote_at_most_once(s: &StepCheck<'_>) -> Result<(), String> {
    let (b, a) = (s.before, s.after);
    let key = (b.game, b.phase_seq);
    let times = s.tracker.vote_extensions.get(&key).copied().unwrap_or(0);
    if times > 1 {
        let name = b.current().map_or("the phase", |p| p.name.as_str());
        return Err(format!("{name} was extended by vote {times} times"));
    }
    let extended_now = s.ran.replies.iter().any(|r| r.text.contains("is extended by vote**"));
    if extended_now && a.game == b.game && a.phase_seq == b.phase_seq {
        if let (Some(db), Some(da)) = (b.deadline(), a.deadline()) {
            if da < db {
                return Err(format!("an extension by vote moved the deadline back, from {} to {}", time(db), time(da)));
            }
        }
    }
    Ok(())
}
