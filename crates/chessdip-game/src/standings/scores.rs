//! Scores at the end of a game: pure functions over how it ended and who
//! was still standing, and their stored and shown forms.

use serde::{Deserialize, Serialize};

use crate::store::{self, GameRow, RecordKind, ScoreRow};
use crate::{GameError, Position, Settings};
use chessdip_rules::family::Seats;

/// How a game with centers (Chess Dip, Chesspolitik) shares a draw.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// A solo takes 1; a draw shares 1 equally among the powers in it.
    #[default]
    DrawSize,
    /// A solo takes 1; in a draw each surviving power takes its centers²
    /// over the sum of the squares of every surviving power's centers.
    SumOfSquares,
}

impl Scoring {
    /// The word `game create` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scoring::DrawSize => "draw-size",
            Scoring::SumOfSquares => "sum-of-squares",
        }
    }

    /// The system named `word` (`draw-size`, `sum-of-squares`).
    #[must_use]
    pub fn parse(word: &str) -> Option<Scoring> {
        match word.to_ascii_lowercase().replace('_', "-").as_str() {
            "draw-size" | "drawsize" | "dss" => Some(Scoring::DrawSize),
            "sum-of-squares" | "sumofsquares" | "sos" => Some(Scoring::SumOfSquares),
            _ => None,
        }
    }
}

/// How a game ended, as far as its scores go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// One power won (by the rules, by concession or by a forfeit).
    Solo(String),
    /// Nobody won: the powers still standing share the point.
    Draw,
    /// A moderator ended it: nobody scores.
    Moderator,
    /// Nobody was left playing it: nobody scores.
    Abandoned,
}

/// A power at the end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The power's name.
    pub power: String,
    /// Still in the game: alive, held by a player, not conceded.
    pub standing: bool,
    /// Why it is not standing, if it is not: `conceded`, `forfeited`, `unseated`, `eliminated`, `vacant`.
    pub out: Option<&'static str>,
    /// Its supply centers (games with centers).
    pub centers: Option<usize>,
}

/// One power's score.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// The power's name.
    pub power: String,
    /// The score, from 0 to 1.
    pub value: f64,
    /// How it was earned: `solo`, `draw of 3`, `sum of squares (7 centers)`, `loss`, `conceded`...
    pub how: String,
}

/// The scores of every power in `powers` for `ending`, shared by
/// `scoring` in a draw (two-player games and Chess Wheel+ share by draw
/// size). `None`: the game is not scored (a moderator ended it).
#[must_use]
pub fn compute(scoring: Scoring, ending: &Ending, powers: &[Standing]) -> Option<Vec<Score>> {
    let out_how = |p: &Standing, lost: &str| p.out.map_or_else(|| lost.to_string(), str::to_string);
    let in_draw: Vec<&Standing> = powers.iter().filter(|p| p.standing).collect();
    let squares: usize = in_draw.iter().map(|p| p.centers.unwrap_or(0).pow(2)).sum();
    let scores = match ending {
        Ending::Moderator | Ending::Abandoned => return None,
        Ending::Solo(winner) => powers
            .iter()
            .map(|p| {
                // A winner nobody holds any more (unseated) is not credited.
                let won = &p.power == winner && p.standing;
                // Beaten or eliminated, it lost; the reasons that score 0 whatever the ending are said.
                let how = match p.out {
                    _ if won => "solo".to_string(),
                    Some(out @ ("conceded" | "forfeited" | "unseated")) => out.to_string(),
                    _ => "loss".to_string(),
                };
                Score { power: p.power.clone(), value: if won { 1.0 } else { 0.0 }, how }
            })
            .collect(),
        Ending::Draw => powers
            .iter()
            .map(|p| {
                if !p.standing {
                    return Score { power: p.power.clone(), value: 0.0, how: out_how(p, "out") };
                }
                match (scoring, p.centers) {
                    (Scoring::SumOfSquares, Some(n)) if squares > 0 => Score {
                        power: p.power.clone(),
                        value: (n * n) as f64 / squares as f64,
                        how: format!("sum of squares ({})", chessdip_rules::words::count(n, "center")),
                    },
                    _ => Score {
                        power: p.power.clone(),
                        value: 1.0 / in_draw.len() as f64,
                        how: format!("draw of {}", in_draw.len()),
                    },
                }
            })
            .collect(),
    };
    Some(scores)
}

/// A score as the announcement shows it: `1`, `0`, `½`, `⅓`, `1/5`
/// (a share of a draw), or to three decimals (sum-of-squares).
#[must_use]
pub fn shown(score: &Score) -> String {
    let v = score.value;
    if v == 0.0 || v == 1.0 {
        return format!("{v}");
    }
    if !score.how.starts_with("sum of squares") {
        let n = (1.0 / v).round();
        if (1.0 / n - v).abs() < 1e-9 {
            return match n as u32 {
                2 => "½".into(),
                3 => "⅓".into(),
                4 => "¼".into(),
                5 => "⅕".into(),
                6 => "⅙".into(),
                7 => "1/7".into(),
                n => format!("1/{n}"),
            };
        }
    }
    format!("{v:.3}")
}

/// The announcement's line: `Scores: France 1, England 0.` (`England 0
/// (conceded)` for a 0 that is not a plain loss), or why the game is not scored.
#[must_use]
pub fn line(scores: Option<&[Score]>) -> String {
    let parts = scores.map(|s| s.iter().map(|s| part(&s.power, &shown(s), &s.how)).collect::<Vec<_>>());
    line_of(parts, MODERATOR_END)
}

/// The line of the scores as stored, for `game status`: none for a game
/// ended before scores were kept. Each power's score, then those of the
/// players who left a seat before the end (a power's second row), in the
/// server `guild`.
#[must_use]
pub fn stored_line(rows: &[ScoreRow], result: &str, guild: &str) -> Option<String> {
    if rows.is_empty() {
        return (result == MODERATOR_END || result == ABANDONED_END).then(|| line_of(None, result));
    }
    let mut powers: Vec<&ScoreRow> = Vec::new();
    let mut departed = Vec::new();
    for r in rows {
        if powers.iter().any(|p| p.power == r.power) {
            departed.push(r.clone());
        } else {
            powers.push(r);
        }
    }
    let line = line_of(Some(powers.iter().map(|r| part(&r.power, &r.shown, &r.how)).collect()), result);
    Some(line + &departed_line(guild, &departed))
}

/// What the scores line adds for the players who left a seat before the
/// end: ` Players who left before the end score 0: bob (England, unseated).`
fn departed_line(guild: &str, departed: &[ScoreRow]) -> String {
    let who: Vec<String> = departed
        .iter()
        .filter_map(|r| {
            let user = r.user.as_deref()?;
            Some(format!("{} ({}, {})", crate::standings::ratings::player_shown(guild, user), r.power, r.how))
        })
        .collect();
    if who.is_empty() {
        return String::new();
    }
    format!(" Players who left before the end score 0: {}.", chessdip_rules::words::join_and(&who))
}

/// A row for each player who left a seat of `game` before its end (its
/// records' `departures`, oldest first: unseated, removed or replaced by a moderator, or a
/// concession whose seat was emptied since) and has no row in `rows`: they
/// score 0, a loss, as a concession does, so that vanishing never pays
/// better than conceding. Each player once, by their last departure, in
/// the powers' order.
fn departed_rows(
    c: &rusqlite::Connection,
    game: &GameRow,
    rows: &[ScoreRow],
    departures: Vec<(String, String, RecordKind)>,
) -> Result<Vec<ScoreRow>, GameError> {
    let mut out: Vec<ScoreRow> = Vec::new();
    for (user, power, kind) in departures.into_iter().rev() {
        let scored = |r: &ScoreRow| r.user.as_deref() == Some(user.as_str());
        if rows.iter().any(scored) || out.iter().any(scored) {
            continue;
        }
        let how = match kind {
            RecordKind::Unseated => "unseated",
            RecordKind::Conceded => "conceded",
            RecordKind::Forfeited => "forfeited",
            _ if store::is_kicked(c, game.id, &user)? => "removed",
            _ => "replaced",
        };
        out.push(ScoreRow { power, user: Some(user), score: 0.0, shown: "0".into(), how: how.into() });
    }
    // In the powers' order, as the scores are.
    out.sort_by_key(|r| rows.iter().position(|p| p.power == r.power).unwrap_or(usize::MAX));
    Ok(out)
}

/// The result of a game a moderator ended.
pub const MODERATOR_END: &str = "ended by a moderator";

/// The result of a game that ended because nobody was left playing it.
pub const ABANDONED_END: &str = "abandoned (nobody was left playing)";

/// One power's part of the line: a 0 that is not a plain loss says why
/// (`conceded`, `unseated`...).
fn part(power: &str, shown: &str, how: &str) -> String {
    match how {
        "loss" | "solo" => format!("{power} {shown}"),
        how if shown == "0" => format!("{power} 0 ({how})"),
        _ => format!("{power} {shown}"),
    }
}

/// The scores' line, or, for a game not scored, why: `result` is how it ended.
fn line_of(parts: Option<Vec<String>>, result: &str) -> String {
    match parts {
        None if result == ABANDONED_END => "Scores: none, an abandoned game is not scored.".to_string(),
        None => "Scores: none, a game ended by a moderator is not scored.".to_string(),
        Some(p) => format!("Scores: {}.", p.join(", ")),
    }
}

/// Scores the end of `game` (in `position`, none before the start) as
/// `ending`, records the scores and the ratings they change in the caller's
/// transaction, and gives the announcement's lines (the scores, then the
/// ratings of a scored game).
///
/// # Errors
/// Database errors, a variant that no longer builds.
pub(crate) fn record(
    c: &rusqlite::Connection,
    game: &GameRow,
    position: Option<&Position>,
    settings: &Settings,
    ending: &Ending,
) -> Result<String, GameError> {
    let seated = store::players(c, game.id)?;
    let conceded = store::concessions(c, game.id)?;
    let open = store::open_seats(c, game.id)?;
    let unseated: Vec<String> = open.iter().map(|(p, _)| p.clone()).collect();
    let mut powers: Vec<String> = match crate::kind_of(game, settings)?.seats() {
        Seats::Fixed(all) => all,
        Seats::Open { .. } => seated.iter().map(|(p, _)| p.clone()).collect(),
    };
    let departures = store::departures(c, &game.guild, game.id)?;
    // A Chess Wheel+ player who conceded, was unseated or was removed has left the seats but their board is scored.
    for p in conceded.iter().chain(&unseated).chain(departures.iter().map(|(_, p, _)| p)) {
        if !powers.contains(p) {
            powers.push(p.clone());
        }
    }
    let forfeited = crate::seats::absence::forfeits(c, game.id, settings)?;
    let user = |p: &str| seated.iter().find(|(q, _)| q == p).map(|(_, u)| u.clone());
    // The score is that of who held the power at the end or, for a power
    // left open by an unseating, of who was unseated (rated with their 0).
    let scored = |p: &str| user(p).or_else(|| open.iter().find(|(q, _)| q == p).map(|(_, u)| u.clone()));
    let standings: Vec<Standing> = powers
        .iter()
        .map(|p| {
            let out = if conceded.contains(p) {
                // A forfeit is recorded as a concession; it reads as a forfeit.
                Some(if forfeited.contains(p) { "forfeited" } else { "conceded" })
            } else if unseated.contains(p) {
                Some("unseated")
            } else if position.is_some_and(|pos| !pos.alive(p)) {
                Some("eliminated")
            } else if user(p).is_none() {
                Some("vacant")
            } else {
                None
            };
            Ok(Standing {
                power: p.clone(),
                standing: out.is_none(),
                out,
                centers: position.and_then(|pos| pos.centers(p)),
            })
        })
        .collect::<Result<_, GameError>>()?;
    let ending = if position.is_none() { &Ending::Moderator } else { ending };
    let scores = compute(settings.scoring, ending, &standings);
    if let Some(list) = &scores {
        let mut rows: Vec<ScoreRow> = list
            .iter()
            .map(|s| ScoreRow {
                power: s.power.clone(),
                user: scored(&s.power),
                score: s.value,
                shown: shown(s),
                how: s.how.clone(),
            })
            .collect();
        let departed = departed_rows(c, game, &rows, departures)?;
        let text = line(scores.as_deref()) + &departed_line(&game.guild, &departed);
        rows.extend(departed);
        store::put_scores(c, game.id, &rows)?;
        let ratings = crate::standings::ratings::at_end(c, game, &rows)?;
        return Ok(format!("{text}\n{ratings}"));
    }
    let result = if *ending == Ending::Abandoned { ABANDONED_END } else { MODERATOR_END };
    Ok(line_of(None, result))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(power: &str, standing: bool, out: Option<&'static str>, centers: Option<usize>) -> Standing {
        Standing { power: power.into(), standing, out, centers }
    }

    /// A, B, D standing with 8, 6 and 1 centers; C, with 2, out for `out`.
    fn four_with_c(out: Option<&'static str>) -> [Standing; 4] {
        [
            st("A", true, None, Some(8)),
            st("B", true, None, Some(6)),
            st("C", false, out, Some(2)),
            st("D", true, None, Some(1)),
        ]
    }

    fn values(s: &[Score]) -> Vec<(String, f64)> {
        s.iter().map(|s| (s.power.clone(), s.value)).collect()
    }

    #[test]
    fn a_solo_takes_one_and_the_rest_nothing() {
        let p =
            [st("A", true, None, Some(18)), st("B", true, None, Some(4)), st("C", false, Some("conceded"), Some(0))];
        for scoring in [Scoring::DrawSize, Scoring::SumOfSquares] {
            let s = compute(scoring, &Ending::Solo("A".into()), &p).unwrap();
            assert_eq!(values(&s), vec![("A".into(), 1.0), ("B".into(), 0.0), ("C".into(), 0.0)]);
            assert_eq!(s[2].how, "conceded");
            assert_eq!(s[1].how, "loss");
            assert_eq!(line(Some(&s)), "Scores: A 1, B 0, C 0 (conceded).");
        }
    }

    #[test]
    fn a_draw_shares_by_size_among_those_standing() {
        let p = four_with_c(Some("unseated"));
        let s = compute(Scoring::DrawSize, &Ending::Draw, &p).unwrap();
        assert_eq!(line(Some(&s)), "Scores: A ⅓, B ⅓, C 0 (unseated), D ⅓.");
        assert_eq!(s[2].how, "unseated");
        assert_eq!(s[0].how, "draw of 3");
        let two = compute(Scoring::DrawSize, &Ending::Draw, &p[..2]).unwrap();
        assert_eq!(line(Some(&two)), "Scores: A ½, B ½.");
    }

    #[test]
    fn sum_of_squares_counts_only_the_surviving_powers() {
        let p = four_with_c(Some("conceded"));
        let s = compute(Scoring::SumOfSquares, &Ending::Draw, &p).unwrap();
        // 64 + 36 + 1 = 101.
        assert_eq!(values(&s)[0].1, 64.0 / 101.0);
        assert_eq!(line(Some(&s)), "Scores: A 0.634, B 0.356, C 0 (conceded), D 0.010.");
        let sum: f64 = s.iter().map(|s| s.value).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        assert_eq!(s[0].how, "sum of squares (8 centers)");
    }

    #[test]
    fn games_without_centers_share_by_size_even_under_sum_of_squares() {
        let p = [st("White", true, None, None), st("Black", true, None, None)];
        let s = compute(Scoring::SumOfSquares, &Ending::Draw, &p).unwrap();
        assert_eq!(line(Some(&s)), "Scores: White ½, Black ½.");
    }

    #[test]
    fn an_unseated_winner_scores_nothing() {
        let p = [st("A", false, Some("unseated"), None), st("B", false, Some("conceded"), None)];
        let s = compute(Scoring::DrawSize, &Ending::Solo("A".into()), &p).unwrap();
        assert_eq!(line(Some(&s)), "Scores: A 0 (unseated), B 0 (conceded).");
        assert_eq!(s[0].how, "unseated");
    }

    #[test]
    fn a_moderator_end_is_not_scored() {
        let p = [st("A", true, None, Some(3))];
        assert_eq!(compute(Scoring::DrawSize, &Ending::Moderator, &p), None);
        assert!(line(None).contains("not scored"));
    }

    #[test]
    fn when_everyone_conceded_nobody_scores() {
        let p = [st("A", false, Some("conceded"), None), st("B", false, Some("conceded"), None)];
        let s = compute(Scoring::DrawSize, &Ending::Draw, &p).unwrap();
        assert_eq!(line(Some(&s)), "Scores: A 0 (conceded), B 0 (conceded).");
    }

    #[test]
    fn scoring_words_round_trip() {
        for s in [Scoring::DrawSize, Scoring::SumOfSquares] {
            assert_eq!(Scoring::parse(s.name()), Some(s));
        }
        assert_eq!(Scoring::parse("elo"), None);
    }
}
