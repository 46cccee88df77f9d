//! Information: status, history, help (the export is in `export.rs`).

use crate::lifecycle::{GameStatus, Stage};
use crate::lifecycle::{State, Timer};
use crate::store::{self, PhaseRow, StoreError};
use crate::{decode, format_duration, Caller, GameError, Image, PhaseRecord, Reply, Service};

/// Whether `query` names the phase `name`: the whole name in any case, or
/// every word of the query among the name's words (`turn 12`, `12`,
/// `move 3 white` for `Move 3 (White)`, `1601` for each phase of 1601).
fn phase_matches(name: &str, query: &str) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.split(|ch: char| !ch.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    };
    let (have, want) = (words(name), words(query));
    name.eq_ignore_ascii_case(query.trim()) || (!want.is_empty() && want.iter().all(|w| have.contains(w)))
}

/// The names `history` lists and takes for resolved phases, oldest first:
/// the phase's name, and for a rolled-back record `Spring 1601 (rolled
/// back)` (numbered, `(rolled back 2)`, when a phase was rolled back more
/// than once).
fn history_labels<'a>(resolved: &[&'a PhaseRow]) -> Vec<(String, &'a PhaseRow)> {
    let undone = |name: &str| resolved.iter().filter(|r| r.rolled_back && r.name == name).count();
    let mut seen: Vec<&str> = Vec::new();
    resolved
        .iter()
        .map(|r| {
            if !r.rolled_back {
                return (r.name.clone(), *r);
            }
            seen.push(&r.name);
            let label = if undone(&r.name) > 1 {
                format!("{} (rolled back {})", r.name, seen.iter().filter(|n| **n == r.name).count())
            } else {
                format!("{} (rolled back)", r.name)
            };
            (label, *r)
        })
        .collect()
}

/// When an ended game ended, in words: `after Spring 1601 resolved` when
/// that phase's result ended it, `during Spring 1601, before it resolved`
/// when a vote, a concession, a forfeit or a moderator did; with the time
/// (after the phase's name) when it is known.
fn ended_when(game: &store::GameRow, row: &PhaseRow, by_phase: bool) -> String {
    let at = game.ended_at.map_or(String::new(), |t| format!(", <t:{t}>"));
    if by_phase {
        format!("after {} resolved{at}", row.name)
    } else {
        format!("during {}{at}, before it resolved", row.name)
    }
}

/// The game's name as its status heads it: the variant, and its mode where
/// it has one (`Diplomacy Chess in progressive mode`).
pub(crate) fn titled(live: &crate::Live) -> String {
    match live.kind.mode() {
        Some(mode) => format!("{} in {mode} mode", live.kind.name()),
        None => live.kind.name().to_string(),
    }
}

/// `text` in lower case with its runs of spaces as one, to compare labels.
fn normalised(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The game's `min-reliability` rule on a line of its own, for `game
/// status` (empty without one).
fn joining_line(settings: &crate::Settings) -> String {
    let rule = crate::seats::reliability::joining_rule(settings);
    if rule.is_empty() {
        rule
    } else {
        format!("\n{}", rule.trim_start())
    }
}

impl Service {
    /// The status of a game with no phase: forming (the seats, taken and
    /// free, and what comes next), or ended before it started (its result,
    /// and who had joined).
    fn before_start(
        c: &rusqlite::Connection,
        live: &crate::Live,
        players: &[(String, String)],
    ) -> Result<String, GameError> {
        let mut t = String::new();
        if let State::Ended { result, .. } = &live.state {
            let at = live.game.ended_at.map_or(String::new(), |t| format!(", <t:{t}>"));
            t += &format!("**Game over: {result}.** It ended before it started{at}.");
            if let Some(line) =
                crate::standings::scores::stored_line(&store::scores(c, live.game.id)?, result, &live.game.guild)
            {
                t += &format!("\n{line}");
            }
        } else {
            t += &match live.kind.seats() {
                chessdip_rules::family::Seats::Fixed(all) if players.len() == all.len() => format!(
                    "every power is taken ({}); a moderator starts it with `game start`.",
                    all.len()
                ),
                chessdip_rules::family::Seats::Fixed(all) => format!(
                    "{} of {} powers taken; `join <power>` takes a free one, and a moderator starts it with `game start`.",
                    players.len(),
                    all.len()
                ),
                chessdip_rules::family::Seats::Open { min, max } => format!(
                    "{} so far (a game takes {min} to {max}); `join` takes a board, and a moderator starts it with `game start`.",
                    chessdip_rules::words::count(players.len(), "player")
                ),
            };
        }
        // Every power (a free one while forming), or the players where seats are open.
        for p in Self::all_powers(c, live)? {
            match players.iter().find(|(q, _)| *q == p) {
                Some((_, u)) if u == crate::store::BOT_NAME => t += &format!("\n  {p} (bot)"),
                Some((_, u)) => t += &format!("\n  {p}: {u}"),
                None if live.state == State::Forming => t += &format!("\n  {p}: free"),
                None => {}
            }
        }
        Ok(t)
    }

    /// The game's status: where it is in its lifecycle (phase, stage, the
    /// deadline or what it waits for; or its result), players, who has
    /// orders in and who is ready (never what they ordered).
    ///
    /// # Errors
    /// No game.
    pub fn status(&self, channel: &str) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            let game = &live.game;
            let players: Vec<(String, String)> =
                store::seats(c, game.id)?.into_iter().map(|s| (s.power, crate::names::shown(&s.name))).collect();
            let conceded = store::concessions(c, game.id)?;
            let mut t = format!(
                "{} ({}): ",
                titled(&live),
                match game.status {
                    GameStatus::Forming => "forming",
                    GameStatus::Active => "active",
                    GameStatus::Paused => "paused",
                    GameStatus::Ended => "ended",
                }
            );
            let Some(row) = store::phase(c, game.id, game.phase_seq)? else {
                t += &Self::before_start(c, &live, &players)?;
                if let Some(rule) = live.settings.fixed_time_rule().filter(|_| !live.settings.cycle.is_calendar()) {
                    t += &format!("\nEach phase will end at a fixed time: it {rule}.");
                }
                if game.status != GameStatus::Ended {
                    t += &joining_line(&live.settings);
                }
                return Ok(Reply::public(t));
            };
            let running = match &live.state {
                State::Ended { result, by_phase } => {
                    t += &format!("**Game over: {result}.** It ended {}.", ended_when(game, &row, *by_phase));
                    if let Some(line) =
                        crate::standings::scores::stored_line(&store::scores(c, game.id)?, result, &game.guild)
                    {
                        t += &format!("\n{line}");
                    }
                    if let Some(line) = crate::standings::ratings::stored_line(c, game)? {
                        t += &format!("\n{line}");
                    }
                    None
                }
                State::Running(r) => {
                    t += &row.name;
                    t += &match r.timer {
                        Timer::Due(d) => {
                            format!(", due in {}{}", format_duration(d - now), live.settings.local_suffix(d))
                        }
                        Timer::WaitingForModerator { since } => format!(
                            ", waiting for a moderator to resolve it (the deadline passed {} ago; `game force`)",
                            format_duration(now - since)
                        ),
                        Timer::Paused { left } => format!(", paused with {} left", format_duration(left)),
                    };
                    t += ".";
                    if let Some(a) = store::abandoned(c, game.id)? {
                        let back = match live.kind.seats() {
                            chessdip_rules::family::Seats::Open { .. } => {
                                "a moderator's `game resume` lets the players play on"
                            }
                            chessdip_rules::family::Seats::Fixed(_) => "it resumes when somebody takes a seat",
                        };
                        t += &format!(" Nobody is left playing since <t:{}:f>: {back}", a.since);
                        t +=
                            &a.ends_at.map_or(".".to_string(), |end| format!(", or it ends as abandoned <t:{end}:R>."));
                    }
                    if let Some(rule) = live.settings.fixed_time_rule().filter(|_| !live.settings.cycle.is_calendar()) {
                        t += &format!(" Each {} {rule}.", if live.settings.hashed { "window" } else { "phase" });
                    }
                    if live.settings.hashed {
                        t += match r.stage {
                            Stage::Commit => " Commit window.",
                            Stage::Wait => " Waiting for the move phase.",
                            Stage::Reveal => " Reveal window.",
                            Stage::Sealed => " Orders fixed (rolled back after publication).",
                            Stage::Orders => "",
                        };
                    }
                    Some(r.stage)
                }
                State::Forming => None,
            };
            // The position: the one the game ended in, or the current phase's.
            let position = match game.final_state.as_deref() {
                Some(json) if running.is_none() => live.kind.decode(json).map_err(StoreError::from)?,
                _ => decode(&live.kind, &row)?,
            };
            // Chess Wheel+: the cycle's movement power, and a change waiting for the next cycle.
            if let (Some(_), Some((_, power))) = (running, position.wheel_cycle()) {
                t += &format!(" Movement power: {power} moves this cycle");
                if let Some(next) = live.kind.movement_power().filter(|n| *n != power) {
                    t += &format!(", {next} from the next cycle");
                }
                t += ".";
            }
            let phase = position.phase();
            let ready = store::ready_powers(c, game.id, row.seq)?;
            let orders = store::orders(c, game.id, row.seq, None)?;
            let commitments = store::commitments(c, game.id, row.seq)?;
            let reveals = store::reveals(c, game.id, row.seq)?;
            let mut open_seat = false;
            let forfeits = crate::seats::absence::forfeits(c, game.id, &live.settings)?;
            let handovers = store::handovers(c, game.id)?;
            for p in Self::all_powers(c, &live)? {
                let open = running.is_some() && !conceded.contains(&p);
                let vacant = if running.is_some() {
                    crate::seats::absence::vacant_label(&p, open, live.settings.takeover)
                } else {
                    "vacant".to_string()
                };
                let seated = players.iter().find(|(q, _)| *q == p);
                open_seat |= open && seated.is_none();
                let who = seated.map_or(vacant.as_str(), |(_, u)| u.as_str());
                let mut flags: Vec<&str> = Vec::new();
                let forfeited = forfeits.contains(&p);
                let forfeit_flag;
                // Civil disorder is a running game's: once it has ended, what the power did is enough.
                let disorder = if running.is_some() { ", in civil disorder" } else { "" };
                let conceded_flag;
                if conceded.contains(&p) && forfeited {
                    forfeit_flag = format!("forfeited after {} missed turns{disorder}", live.settings.forfeit_after);
                    flags.push(&forfeit_flag);
                } else if conceded.contains(&p) {
                    conceded_flag = format!("conceded{disorder}");
                    flags.push(&conceded_flag);
                } else if running.is_some() && seated.is_none() {
                    // Nobody to send orders: its pieces hold, as its label says (a moderator's orders count).
                    if phase.owing.contains(&p) && orders.iter().any(|o| o.power == p) {
                        flags.push("orders in");
                    }
                } else if running.is_some() && phase.owing.contains(&p) && live.settings.hashed {
                    let committed = commitments.iter().any(|m| m.power == p);
                    let revealed = reveals.iter().any(|r| r.power == p && r.matched);
                    flags.push(match (committed, revealed) {
                        (false, _) => "no commitment",
                        (true, false) => "committed",
                        (true, true) => "revealed",
                    });
                    if ready.contains(&p) {
                        flags.push("ready");
                    }
                } else if running.is_some() && phase.owing.contains(&p) {
                    flags.push(if orders.iter().any(|o| o.power == p) { "orders in" } else { "no orders yet" });
                    if ready.contains(&p) {
                        flags.push("ready");
                    }
                }
                let taking;
                if let Some(h) = handovers.iter().find(|h| h.power == p).filter(|_| running.is_some()) {
                    taking = format!("{} takes it at the next phase", crate::names::shown(&h.name));
                    flags.push(&taking);
                }
                let standing = if running.is_some() { position.standing(&p) } else { position.final_standing(&p) };
                let flags = if flags.is_empty() { String::new() } else { format!(" [{}]", flags.join(", ")) };
                t += &format!("\n  {p} ({who}): {standing}{flags}");
            }
            // Taking over an open power is a join: its reliability rule applies.
            if open_seat {
                t += &joining_line(&live.settings);
            }
            // What the channel has not been shown yet (held back by Discord or a missing permission).
            let waiting = store::outbox_waiting(c, &game.channel)?;
            if waiting > 0 {
                t += &format!(
                    "\n{} {} waiting to be posted in this channel.",
                    chessdip_rules::words::count(usize::try_from(waiting).unwrap_or(0), "announcement"),
                    if waiting == 1 { "is" } else { "are" }
                );
            }
            let due = match &live.state {
                State::Running(r) => match r.timer {
                    Timer::Due(d) => Some(d),
                    _ => None,
                },
                _ => None,
            };
            Ok(Reply::public(t).due(due))
        })
    }

    /// Every power of the channel's live game (for autocomplete).
    ///
    /// # Errors
    /// No game.
    pub fn power_names(&self, channel: &str) -> Result<Vec<String>, GameError> {
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            Self::all_powers(c, &live)
        })
    }

    /// The powers `join` may take in the channel's live game (for
    /// autocomplete): those nobody plays yet, and those a bot plays.
    ///
    /// # Errors
    /// No game.
    pub fn free_powers(&self, channel: &str) -> Result<Vec<String>, GameError> {
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            live.state.not_ended()?;
            let seated = store::players(c, live.game.id)?;
            let person = |p: &String| seated.iter().any(|(q, u)| q == p && !store::is_bot(u));
            Ok(Self::all_powers(c, &live)?.into_iter().filter(|p| !person(p)).collect())
        })
    }

    /// The live games `user` plays in: (channel, variant name, power), oldest first.
    ///
    /// # Errors
    /// Database errors.
    pub fn games_of(&self, user: &str) -> Result<Vec<(String, String, String)>, GameError> {
        self.store.read(|c| {
            Ok(store::games_of(c, user)?
                .into_iter()
                .map(|(ch, v, p)| {
                    let name = chessdip_rules::any::offer(&v).map_or(v.clone(), |o| o.name.to_string());
                    (ch, name, p)
                })
                .collect())
        })
    }

    /// Completions for an order the caller is typing: the text up to the
    /// last separator kept, the last order completed from the caller's legal
    /// orders (for autocomplete). Empty when the caller cannot order now.
    #[must_use]
    pub fn order_suggestions(&self, channel: &str, caller: &Caller, typed: &str, max: usize) -> Vec<String> {
        let found = self.store.read(|c| {
            let live = self.running(c, channel, caller)?;
            let name = Self::power_of(c, &live, caller)?;
            let (_, position) = Self::current_phase(c, &live)?;
            Ok::<_, GameError>((name, position))
        });
        let Ok((name, position)) = found else { return Vec::new() };
        let cut = typed.rfind([',', ';', '\n']).map_or(0, |i| i + 1);
        let (done, last) = typed.split_at(cut);
        let done = done.trim_end();
        position
            .suggest(&name, last.trim(), max)
            .into_iter()
            .map(|s| if done.is_empty() { s } else { format!("{done} {s}") })
            .collect()
    }

    /// The names of the resolved phases, oldest first (for autocomplete).
    ///
    /// # Errors
    /// No game.
    pub fn resolved_phases(&self, channel: &str) -> Result<Vec<String>, GameError> {
        self.store.read(|c| {
            let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
            let rows = store::phases(c, game.id)?;
            let resolved: Vec<&PhaseRow> = rows.iter().filter(|r| !r.open && r.report.is_some()).collect();
            Ok(history_labels(&resolved).into_iter().map(|(label, _)| label).collect())
        })
    }

    /// A resolved phase's orders, outcomes and image (public history), by
    /// name (`spring 1601`) or the latest if `None`.
    ///
    /// # Errors
    /// No game, no such resolved phase.
    pub fn history(&self, channel: &str, phase: Option<&str>) -> Result<Reply, GameError> {
        let (live, rows) = self.store.read(|c| {
            let live = self.latest(c, channel)?;
            let rows = store::phases(c, live.game.id)?;
            Ok::<_, GameError>((live, rows))
        })?;
        let resolved: Vec<&PhaseRow> = rows.iter().filter(|r| !r.open && r.report.is_some()).collect();
        let labels = history_labels(&resolved);
        let so_far = || {
            if labels.is_empty() {
                "none yet".to_string()
            } else {
                labels.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>().join(", ")
            }
        };
        // Every name the list shows is taken as it is written there.
        let labelled = phase.and_then(|q| labels.iter().find(|(l, _)| normalised(l) == normalised(q)).map(|(_, r)| *r));
        let row = match (labelled, phase.map(str::trim).filter(|p| !p.is_empty())) {
            (Some(row), _) => row,
            (None, None) => resolved.last().copied().ok_or_else(|| {
                GameError::Invalid(if live.game.status == GameStatus::Ended {
                    "no phase has been resolved: the game ended before its first phase resolved, so there is no history to show".into()
                } else {
                    "no phase has been resolved yet: `history` shows one once the first phase resolves".into()
                })
            })?,
            (None, Some(query)) => {
                // The full name, or its words in any case (`turn 12`), or just its number (`12`, `1601`).
                let matching: Vec<&PhaseRow> =
                    resolved.iter().copied().filter(|r| phase_matches(&r.name, query)).collect();
                let exact: Vec<&PhaseRow> =
                    matching.iter().copied().filter(|r| r.name.eq_ignore_ascii_case(query)).collect();
                let mut chosen = if exact.is_empty() { matching } else { exact };
                // A number no phase is named by: the phase resolved in that place (`history 1`: the first).
                if chosen.is_empty() {
                    let standing: Vec<&PhaseRow> = resolved.iter().copied().filter(|r| !r.rolled_back).collect();
                    if let Some(r) =
                        query.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|k| standing.get(k))
                    {
                        chosen.push(r);
                    }
                }
                let mut names: Vec<&str> = Vec::new();
                for r in &chosen {
                    if !names.contains(&r.name.as_str()) {
                        names.push(&r.name);
                    }
                }
                if names.len() > 1 {
                    return Err(GameError::Invalid(format!(
                        "`{query}` names several phases: {}; write one of them, e.g. `history {}`",
                        names.join(", "),
                        names[0]
                    )));
                }
                // A phase rolled back and played again has two records: the one that stands counts.
                chosen.iter().copied().rfind(|r| !r.rolled_back).or_else(|| chosen.last().copied()).ok_or_else(
                    || {
                        GameError::Invalid(format!(
                            "no resolved phase is called `{query}`: resolved so far: {}",
                            so_far()
                        ))
                    },
                )?
            }
        };
        let record: PhaseRecord =
            serde_json::from_str(row.report.as_deref().unwrap_or("{}")).map_err(StoreError::from)?;
        let position = decode(&live.kind, row)?;
        // Drawn from the report kept when the phase resolved.
        let report = crate::story::reports::kept(row)?;
        let hashed = self.store.read(|c| {
            let mut t = Self::hashed_history(c, live.game.id, row.seq)?;
            let actions = store::board_actions(c, live.game.id, row.seq)?;
            if !actions.is_empty() {
                t += "\nBoard actions:";
                for (power, action, result, at) in actions {
                    t += &format!("\n  {power} `{action}` at <t:{at}>: {result}");
                }
            }
            Ok::<_, GameError>(t)
        })?;
        let undone = if row.rolled_back { " (rolled back by a moderator)" } else { "" };
        let mut reply = Reply::public(format!("**{}**{undone}\n{}{hashed}", record.phase, record.summary));
        let slug = crate::slug(&record.phase);
        reply.images.push(Image::new(&format!("{slug}-orders"), &position, Some(&report), &live.settings, "orders"));
        // To watch the phase again.
        if live.settings.animation {
            reply.images.push(Image::animation(
                &format!("{slug}-resolution"),
                &position,
                &report,
                &live.settings,
                "resolution",
            ));
        }
        Ok(reply)
    }

    /// The current position's image.
    ///
    /// # Errors
    /// No game, not started.
    pub fn board(&self, channel: &str) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            let row = store::phase(c, live.game.id, live.game.phase_seq)?
                .ok_or_else(|| GameError::State("the game has not started yet".into()))?;
            if let (State::Ended { result, by_phase }, Some(json)) = (&live.state, live.game.final_state.as_deref()) {
                let position = live.kind.decode(json).map_err(StoreError::from)?;
                let mut reply = Reply::public(format!(
                    "{}: the final position. **Game over: {result}.** It ended {}.",
                    live.kind.name(),
                    ended_when(&live.game, &row, *by_phase)
                ));
                let marks = crate::final_marks(c, live.game.id, &live.settings)?;
                reply.images.push(Image::final_position(&position, &live.settings, result, marks)?);
                return Ok(reply);
            }
            let position = decode(&live.kind, &row)?;
            let mut reply = Reply::public(format!("{}: {}", live.kind.name(), row.name));
            let marks = crate::conceded_marks(c, live.game.id, &live.settings)?;
            reply
                .images
                .push(Image::new(&crate::slug(&row.name), &position, None, &live.settings, "position").marked(marks));
            Ok(reply)
        })
    }

    /// The order syntax of the channel's game, or the general help without one.
    #[must_use]
    pub fn help(&self, channel: &str) -> String {
        let game = self.store.read(|c| self.latest(c, channel).map(|l| (l.kind, l.settings.hashed)));
        match game {
            Ok((kind, hashed)) => {
                let mut t = format!(
                    "{}\n\nIn this channel: {}\n{}",
                    crate::command::help_text(),
                    kind.name(),
                    kind.order_help()
                );
                if hashed {
                    t += &format!("\n\n{}", crate::hashed::seal::HOW_TO_SEAL);
                }
                t
            }
            Err(_) => crate::command::help_text().to_string(),
        }
    }

    /// Whether `caller` moderates the channel's live game (for front ends that hide moderator commands).
    #[must_use]
    pub fn moderates(&self, channel: &str, caller: &Caller) -> bool {
        self.store.read(|c| self.latest(c, channel).map(|l| Self::is_moderator(&l.game, caller))).unwrap_or(false)
    }
}
