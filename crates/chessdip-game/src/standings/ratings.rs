//! Ratings per server and game: every scored game updates its players'
//! ratings for that variant in that server (guild), in the order the games
//! ended. Glicko-2 rates the two-player games (Chesspolitik (2 players), Diplomacy
//! Chess, Diplomat Chess); Weng-Lin (OpenSkill) rates the games of more
//! players (Chess Dip, Chesspolitik, Chess Wheel+), each player a team of
//! one, ranked by score. Both come from `skillratings`, with their default
//! configurations.
//!
//! The stored ratings are a function of the stored scores: [`recompute`]
//! rebuilds them from scratch, and a rollback of an ended game rates the
//! later games of its server and variant again without it, so the
//! incremental tables always equal a recomputation.

use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::store::{self, GameRow, RatingChange, RatingRow, ScoreRow, StoreError, WinDrawLoss, CONSOLE_GUILD};
use crate::GameError;

/// Weng-Lin's mu and sigma are shown × 60, so that a new player (mu 25)
/// shows 1500 like a new Glicko-2 player.
pub const WENG_LIN_SCALE: f64 = 60.0;

/// The rating system of a variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum System {
    /// Glicko-2, for the two-player games.
    Glicko2,
    /// Weng-Lin (OpenSkill), for the games of more players.
    WengLin,
}

impl System {
    /// The system that rates variant `id` (none for an unknown variant).
    #[must_use]
    pub fn of(id: &str) -> Option<System> {
        match chessdip_rules::any::offer(id)?.id {
            "chesspolitik2" | "diplomacy-chess" | "diplomat-chess" => Some(System::Glicko2),
            "chessdip" | "chesspolitik4" | "chess-wheel" => Some(System::WengLin),
            _ => None,
        }
    }

    /// Its name in the export: `glicko-2`, `weng-lin`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            System::Glicko2 => "glicko-2",
            System::WengLin => "weng-lin",
        }
    }
}

/// A player's full rating in one system.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Skill {
    /// A Glicko-2 rating.
    Glicko2(Glicko2Rating),
    /// A Weng-Lin rating.
    WengLin(WengLinRating),
}

impl Skill {
    /// A new player's rating (shown as 1500).
    #[must_use]
    pub fn new(system: System) -> Skill {
        match system {
            System::Glicko2 => Skill::Glicko2(Glicko2Rating::new()),
            System::WengLin => Skill::WengLin(WengLinRating::new()),
        }
    }

    /// The rating shown: Glicko-2's rating, Weng-Lin's mu × 60.
    #[must_use]
    pub fn shown(&self) -> f64 {
        match self {
            Skill::Glicko2(r) => r.rating,
            Skill::WengLin(r) => r.rating * WENG_LIN_SCALE,
        }
    }

    /// Its uncertainty on the shown scale: Glicko-2's deviation, Weng-Lin's sigma × 60.
    #[must_use]
    pub fn deviation(&self) -> f64 {
        match self {
            Skill::Glicko2(r) => r.deviation,
            Skill::WengLin(r) => r.uncertainty * WENG_LIN_SCALE,
        }
    }

    /// The stored form: the system's rating as JSON.
    ///
    /// # Errors
    /// Never in practice (serde_json's error type).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        match self {
            Skill::Glicko2(r) => serde_json::to_string(r),
            Skill::WengLin(r) => serde_json::to_string(r),
        }
    }

    /// The rating stored as `json` in `system`.
    ///
    /// # Errors
    /// JSON that is not a rating of that system.
    pub fn from_json(system: System, json: &str) -> Result<Skill, serde_json::Error> {
        Ok(match system {
            System::Glicko2 => Skill::Glicko2(serde_json::from_str(json)?),
            System::WengLin => Skill::WengLin(serde_json::from_str(json)?),
        })
    }
}

/// The ratings after one game of the players who start from `players`
/// (each a score and a rating of `system`), in the same order. Glicko-2
/// compares the two scores (a higher score wins, equal scores draw);
/// Weng-Lin ranks every player by score (a higher score ranks better,
/// equal scores share a rank). Fewer than two players change nothing.
#[must_use]
pub fn rate(system: System, players: &[(f64, Skill)]) -> Vec<Skill> {
    if players.len() < 2 {
        return players.iter().map(|(_, s)| *s).collect();
    }
    match system {
        System::Glicko2 => {
            let config = Glicko2Config::new();
            let skills: Vec<Glicko2Rating> = players.iter().map(|(_, s)| glicko2_of(s)).collect();
            let against = |a: f64, b: f64| match a.partial_cmp(&b) {
                Some(std::cmp::Ordering::Greater) => Outcomes::WIN,
                Some(std::cmp::Ordering::Less) => Outcomes::LOSS,
                _ => Outcomes::DRAW,
            };
            if let [(s1, _), (s2, _)] = players {
                let (a, b) = glicko2(&skills[0], &skills[1], &against(*s1, *s2), &config);
                return vec![Skill::Glicko2(a), Skill::Glicko2(b)];
            }
            // More than two players (not a game Glicko-2 rates here): one rating period against all the others.
            players
                .iter()
                .enumerate()
                .map(|(i, (s, _))| {
                    let results: Vec<(Glicko2Rating, Outcomes)> = players
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(j, (t, _))| (skills[j], against(*s, *t)))
                        .collect();
                    Skill::Glicko2(glicko2_rating_period(&skills[i], &results, &config))
                })
                .collect()
        }
        System::WengLin => {
            let teams: Vec<[WengLinRating; 1]> = players.iter().map(|(_, s)| [weng_lin_of(s)]).collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = players
                .iter()
                .zip(&teams)
                .map(|((s, _), team)| {
                    let better = players.iter().filter(|(t, _)| t > s).count();
                    (&team[..], MultiTeamOutcome::new(better + 1))
                })
                .collect();
            weng_lin_multi_team(&ranked, &WengLinConfig::new())
                .into_iter()
                .map(|team| Skill::WengLin(team.first().copied().unwrap_or_default()))
                .collect()
        }
    }
}

fn glicko2_of(s: &Skill) -> Glicko2Rating {
    match s {
        Skill::Glicko2(r) => *r,
        Skill::WengLin(_) => Glicko2Rating::new(),
    }
}

fn weng_lin_of(s: &Skill) -> WengLinRating {
    match s {
        Skill::WengLin(r) => *r,
        Skill::Glicko2(_) => WengLinRating::new(),
    }
}

/// The players a game's scores rate: every score with a person (a vacant
/// power is not rated, nor a bot's: a game is rated among its people, so a
/// game of one person and bots is not rated; a player who left a seat
/// before the end has a 0 of their own), each user once (a user who was
/// unseated from one power and held another at the end is rated by the one
/// they held).
fn rated(rows: &[ScoreRow]) -> Vec<(&ScoreRow, &str)> {
    let mut out: Vec<(&ScoreRow, &str)> = Vec::new();
    for r in rows {
        let Some(user) = r.user.as_deref().filter(|u| !store::is_bot(u)) else { continue };
        let held_another =
            r.how == "unseated" && rows.iter().any(|o| o.user.as_deref() == Some(user) && o.how != "unseated");
        if !held_another && !out.iter().any(|(_, u)| *u == user) {
            out.push((r, user));
        }
    }
    out
}

/// Rates game `game` of `guild` and `variant` from its scores `rows` (in
/// the powers' order), in the caller's transaction: appends its changes as
/// the next game of that server and variant and updates the players'
/// ratings. A game with fewer than two rated players changes nothing.
/// Returns the changes, in the powers' order.
///
/// # Errors
/// Database errors, a stored rating that does not parse.
pub fn rate_game(
    c: &rusqlite::Connection,
    game: i64,
    (guild, variant): (&str, &str),
    rows: &[ScoreRow],
) -> Result<Vec<RatingChange>, GameError> {
    let Some(system) = System::of(variant) else { return Ok(Vec::new()) };
    let players = rated(rows);
    if players.len() < 2 {
        return Ok(Vec::new());
    }
    let mut current = Vec::with_capacity(players.len());
    for (row, user) in &players {
        let stored = store::rating(c, guild, variant, user)?;
        let skill = match &stored {
            Some(s) => Skill::from_json(system, &s.state).map_err(StoreError::from)?,
            None => Skill::new(system),
        };
        current.push((row.score, skill, stored));
    }
    let after = rate(system, &current.iter().map(|(score, skill, _)| (*score, *skill)).collect::<Vec<_>>());
    let ord = store::next_rating_ord(c, guild, variant)?;
    let mut changes = Vec::with_capacity(players.len());
    for (((row, user), (score, before, stored)), new) in players.iter().zip(&current).zip(after) {
        let others: Vec<f64> = players.iter().filter(|(_, u)| u != user).map(|(r, _)| r.score).collect();
        let outcome = WinDrawLoss::among(*score, &others);
        let state = new.to_json().map_err(StoreError::from)?;
        let change = RatingChange {
            game,
            guild: guild.to_string(),
            variant: variant.to_string(),
            user: (*user).to_string(),
            power: row.power.clone(),
            ord,
            outcome,
            score: *score,
            before: before.shown(),
            after: new.shown(),
            state: state.clone(),
        };
        store::add_rating_change(c, &change)?;
        let (games, wins, draws, losses) =
            stored.as_ref().map_or((0, 0, 0, 0), |s| (s.games, s.wins, s.draws, s.losses));
        store::put_rating(
            c,
            &RatingRow {
                guild: guild.to_string(),
                variant: variant.to_string(),
                user: (*user).to_string(),
                rating: new.shown(),
                deviation: new.deviation(),
                state,
                games: games + 1,
                wins: wins + i64::from(outcome == WinDrawLoss::Win),
                draws: draws + i64::from(outcome == WinDrawLoss::Draw),
                losses: losses + i64::from(outcome == WinDrawLoss::Loss),
                last_game: game,
            },
        )?;
        changes.push(change);
    }
    Ok(changes)
}

/// Rebuilds the ratings of `guild` and `variant` from scratch, in the
/// caller's transaction: both tables are emptied for them and every ended,
/// scored game is rated again from its stored scores, in order: first the
/// games that had rating changes, in the order they had
/// (`rating_changes.ord`), then the others by when they ended, then by id.
///
/// # Errors
/// Database errors, a stored rating that does not parse.
pub fn recompute(c: &rusqlite::Connection, guild: &str, variant: &str) -> Result<(), GameError> {
    let order = store::rating_order(c, guild, variant)?;
    store::clear_ratings(c, guild, variant)?;
    for game in order {
        rate_game(c, game, (guild, variant), &store::scores(c, game)?)?;
    }
    Ok(())
}

/// Takes back the ratings of `game`, whose end a rollback undid (its
/// scores already forgotten, the game no longer ended), in the caller's
/// transaction: the changes of its server and variant from its place on
/// are forgotten, the ratings of their players rebuilt from the changes
/// before it, and the later games rated again in their order. The result
/// is what [`recompute`] gives, at the cost of the games after it only.
///
/// # Errors
/// Database errors, a stored rating that does not parse.
pub fn rolled_back(c: &rusqlite::Connection, game: i64) -> Result<(), GameError> {
    let (Some((guild, variant)), Some(from)) = (store::rated_in(c, game)?, store::rating_ord(c, game)?) else {
        return Ok(());
    };
    let Some(system) = System::of(&variant) else { return Ok(()) };
    let later = store::rated_games_from(c, &guild, &variant, from)?;
    for user in store::forget_rating_changes_from(c, &guild, &variant, from)? {
        rebuild(c, system, (&guild, &variant), &user)?;
    }
    for g in later {
        rate_game(c, g, (&guild, &variant), &store::scores(c, g)?)?;
    }
    Ok(())
}

/// Rewrites `user`'s current rating from their stored changes (or forgets
/// it if they have none left).
fn rebuild(
    c: &rusqlite::Connection,
    system: System,
    (guild, variant): (&str, &str),
    user: &str,
) -> Result<(), GameError> {
    let changes = store::player_rating_changes(c, guild, variant, user)?;
    let Some(last) = changes.last() else {
        store::delete_rating(c, guild, variant, user)?;
        return Ok(());
    };
    let count = |o: WinDrawLoss| changes.iter().filter(|ch| ch.outcome == o).count() as i64;
    let skill = Skill::from_json(system, &last.state).map_err(StoreError::from)?;
    store::put_rating(
        c,
        &RatingRow {
            guild: guild.to_string(),
            variant: variant.to_string(),
            user: user.to_string(),
            rating: last.after,
            deviation: skill.deviation(),
            state: last.state.clone(),
            games: changes.len() as i64,
            wins: count(WinDrawLoss::Win),
            draws: count(WinDrawLoss::Draw),
            losses: count(WinDrawLoss::Loss),
            last_game: last.game,
        },
    )?;
    Ok(())
}

impl crate::Service {
    /// Rates the games scored before ratings were kept: each server and
    /// variant with such a game is recomputed ([`recompute`]), each in its
    /// own transaction. Returns how many were. A database whose scored
    /// games are all rated has none.
    ///
    /// # Errors
    /// Database errors.
    pub fn rate_old_games(&self) -> Result<usize, GameError> {
        let todo = self.store().read(|c| Ok::<_, GameError>(store::unrated_scored(c)?))?;
        let mut done = 0;
        for (guild, variant) in todo {
            match self.store().write(|c| recompute(c, &guild, &variant)) {
                Ok(()) => done += 1,
                Err(e) => {
                    tracing::error!(guild, variant, error = %e, "could not rate the games scored before ratings were kept")
                }
            }
        }
        if done > 0 {
            tracing::info!(boards = done, "rated the games scored before ratings were kept");
        }
        Ok(done)
    }
}

/// Rates `game`, just ended with the scores `rows`, in the caller's
/// transaction, and gives the announcement's line: each rated player's
/// rating before and after, or why nothing changed.
///
/// # Errors
/// Database errors, a stored rating that does not parse.
pub(crate) fn at_end(c: &rusqlite::Connection, game: &GameRow, rows: &[ScoreRow]) -> Result<String, GameError> {
    Ok(line(game, &rate_game(c, game.id, (&game.guild, &game.variant), rows)?))
}

/// The line of a scored game's stored rating changes, for `game status`
/// (none for a game that was not scored).
///
/// # Errors
/// Database errors.
pub(crate) fn stored_line(c: &rusqlite::Connection, game: &GameRow) -> Result<Option<String>, GameError> {
    if store::scores(c, game.id)?.is_empty() {
        return Ok(None);
    }
    Ok(Some(line(game, &store::game_rating_changes(c, game.id)?)))
}

/// `Chess Dip ratings on this server: alice 1500 → 1563 (+63), ...`, or
/// why the game changed no rating.
fn line(game: &GameRow, changes: &[RatingChange]) -> String {
    let name = crate::names::variant_name(&game.variant);
    if changes.is_empty() {
        return format!(
            "{name} ratings on this server: unchanged, a game needs two rated players (a vacant power is not rated, nor a bot: a game is rated among its people)."
        );
    }
    let parts: Vec<String> = changes
        .iter()
        .map(|ch| {
            let (before, after) = (ch.before.round(), ch.after.round());
            let delta = after - before;
            let sign = if delta > 0.0 {
                "+"
            } else if delta < 0.0 {
                "−"
            } else {
                "±"
            };
            format!("{} {before} → {after} ({sign}{})", player_shown(&game.guild, &ch.user), delta.abs())
        })
        .collect();
    format!("{name} ratings on this server: {}.", parts.join(", "))
}

/// How a rating line names a player: a mention on Discord (shown as their
/// name), the name itself in the console, whose users are their names.
#[must_use]
pub fn player_shown(guild: &str, user: &str) -> String {
    if guild == CONSOLE_GUILD {
        user.to_string()
    } else {
        format!("<@{user}>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(system: System, scores: &[f64]) -> Vec<(f64, Skill)> {
        scores.iter().map(|s| (*s, Skill::new(system))).collect()
    }

    #[test]
    fn a_new_player_shows_1500_in_both_systems() {
        for system in [System::Glicko2, System::WengLin] {
            assert!((Skill::new(system).shown() - 1500.0).abs() < 1e-9);
        }
        assert!((Skill::new(System::WengLin).deviation() - 500.0).abs() < 1e-9, "sigma 25/3 × 60");
        assert!((Skill::new(System::Glicko2).deviation() - 350.0).abs() < 1e-9);
    }

    #[test]
    fn glicko2_moves_a_winner_up_and_a_loser_down_alike() {
        let after = rate(System::Glicko2, &new(System::Glicko2, &[1.0, 0.0]));
        let (w, l) = (after[0].shown(), after[1].shown());
        assert!(w > 1500.0 && l < 1500.0, "{w} {l}");
        assert!(((w - 1500.0) - (1500.0 - l)).abs() < 1e-6);
        let drawn = rate(System::Glicko2, &new(System::Glicko2, &[0.5, 0.5]));
        assert!((drawn[0].shown() - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn weng_lin_ranks_by_score_and_equal_scores_share_a_rank() {
        let after = rate(System::WengLin, &new(System::WengLin, &[1.0 / 3.0, 1.0 / 3.0, 0.0, 1.0 / 3.0]));
        let shown: Vec<f64> = after.iter().map(Skill::shown).collect();
        assert!((shown[0] - shown[1]).abs() < 1e-9 && (shown[0] - shown[3]).abs() < 1e-9, "{shown:?}");
        assert!(shown[0] > 1500.0 && shown[2] < 1500.0, "{shown:?}");
        let solo = rate(System::WengLin, &new(System::WengLin, &[0.0, 1.0, 0.0]));
        assert!(solo[1].shown() > solo[0].shown() && (solo[0].shown() - solo[2].shown()).abs() < 1e-9);
    }

    #[test]
    fn one_player_changes_nothing() {
        let alone = new(System::WengLin, &[1.0]);
        assert_eq!(rate(System::WengLin, &alone), vec![alone[0].1]);
    }

    #[test]
    fn a_skill_round_trips_through_json() {
        let after = rate(System::WengLin, &new(System::WengLin, &[1.0, 0.0]));
        let json = after[0].to_json().unwrap();
        assert_eq!(Skill::from_json(System::WengLin, &json).unwrap(), after[0]);
        assert!(Skill::from_json(System::Glicko2, &json).is_err());
    }

    #[test]
    fn every_offered_variant_has_a_system() {
        for o in chessdip_rules::any::OFFERS {
            assert!(System::of(o.id).is_some(), "{}", o.id);
        }
        assert_eq!(System::of("diplomacy-chess"), Some(System::Glicko2));
        assert_eq!(System::of("chess-wheel"), Some(System::WengLin));
    }
}
