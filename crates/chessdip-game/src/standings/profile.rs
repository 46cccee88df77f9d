//! `profile [user]`: a user's record in this server: per game, their
//! rating, games, placings or wins, draws and losses, and last results; then their
//! reliability (the phases they owed orders in and what they did with them,
//! the games they sat in and how they left them), with their last games. The reply is
//! public: players look someone up before inviting them, in the channel
//! where they would play together, and a record holds nothing private
//! (every phase's orders and every seat change were public when they
//! happened). Each kind of record is a section of its own, so that another
//! kind joins the reply as one more section.

use crate::lifecycle::GameStatus;
use crate::seats::reliability::{Reliability, NEW_BELOW};
use crate::standings::leaderboard;
use crate::standings::ratings::player_shown;
use crate::store::{self, RecordKind, RecordRow, CONSOLE_GUILD};
use crate::{kind_of, settings_of, Caller, GameError, Reply, Service};

/// How many of the last games a profile lists.
const LAST_GAMES: usize = 5;

/// How a profile names a game's channel: a link on Discord, its name in the console.
pub(crate) fn channel_shown(guild: &str, channel: &str) -> String {
    if guild == CONSOLE_GUILD {
        format!("channel {channel}")
    } else {
        format!("<#{channel}>")
    }
}

/// The phases section: owed, sent in time, after grace, civil disorder, and the reliability.
fn phases_section(r: &Reliability) -> String {
    let reliability = if r.is_new() {
        format!(
            "new ({} so far; a reliability is counted from {NEW_BELOW} phases owed)",
            chessdip_rules::words::count(r.owed() as usize, "phase")
        )
    } else {
        r.summary()
    };
    format!(
        "Phases owed: {} ({} sent in time, {} after grace, {} in civil disorder). Reliability: {reliability}.",
        r.owed(),
        r.in_time,
        r.after_grace,
        r.civil_disorder
    )
}

/// The games section: how they left the games they sat in.
fn games_section(r: &Reliability) -> String {
    format!(
        "Games: {} finished, {} unseated, {} conceded, {} forfeited, {} left.",
        r.finished, r.unseated, r.conceded, r.forfeited, r.left
    )
}

/// How many results a profile lists per game.
const LAST_RESULTS: usize = 5;

/// How one result went, after the power: a placing with how it was
/// earned in the games of more players (`1st of 4 (solo)`, `shared 2nd
/// of 4 (England's solo)`, `shared 1st of 4 (draw of 3)`), won, drawn or
/// lost in two-player games.
fn result_shown(r: &store::ResultRow) -> String {
    if !leaderboard::by_placing(&r.variant) {
        return match r.how.as_str() {
            "solo" => "won".to_string(),
            "loss" => "lost".to_string(),
            how => how.to_string(),
        };
    }
    let p = r.placing;
    let place = format!(
        "{}{} of {}",
        if p.shared { "shared " } else { "" },
        chessdip_rules::words::ordinal(usize::try_from(p.place).unwrap_or(0)),
        p.of
    );
    let how = match (r.how.as_str(), &r.solo) {
        ("loss", Some(winner)) => format!("{winner}'s solo"),
        ("loss", None) => return place,
        (how, _) => how
            .strip_prefix("sum of squares (")
            .and_then(|h| h.strip_suffix(')'))
            .map_or_else(|| how.to_string(), |centers| format!("sum of squares, {centers}")),
    };
    format!("{place} ({how})")
}

/// The ratings section: per game the user has a scored result in, their
/// rating with its uncertainty and the number the leaderboard ranks them
/// by (provisional below [`leaderboard::PROVISIONAL_BELOW`] games), their
/// record, and their last [`LAST_RESULTS`] results with links to the
/// games' channels, newest first.
fn ratings_section(c: &rusqlite::Connection, guild: &str, user: &str) -> Result<String, GameError> {
    let ratings = store::ratings_of(c, guild, user)?;
    let mut variants: Vec<String> = ratings.iter().map(|r| r.variant.clone()).collect();
    for v in store::scored_variants(c, guild, user)? {
        if !variants.contains(&v) {
            variants.push(v);
        }
    }
    if variants.is_empty() {
        return Ok(
            "Ratings: none yet (a rating starts when a scored game ends; `leaderboard` shows this server's).".into()
        );
    }
    let mut out = String::from(
        "Ratings and results (± is a rating's uncertainty; the leaderboard ranks by the rating less twice it):",
    );
    for v in variants {
        let name = crate::names::variant_name(&v);
        out += &match ratings.iter().find(|r| r.variant == v) {
            Some(r) => format!(
                "\n**{name}**: rating {}, {:.0} on the leaderboard{}; {}.",
                leaderboard::rating_shown(r),
                leaderboard::cautious(r),
                if leaderboard::provisional(r) {
                    format!(" (provisional until {} rated games)", leaderboard::PROVISIONAL_BELOW)
                } else {
                    String::new()
                },
                leaderboard::record_shown(c, r)?
            ),
            None => format!("\n**{name}**: not rated yet (no game with another rated player)."),
        };
        for r in store::last_results(c, guild, user, &v, LAST_RESULTS)? {
            let change = r.rating.map_or_else(String::new, |(b, a)| format!(", {b:.0} → {a:.0}"));
            out += &format!(
                "\n- game {} in {}: {}, {}, score {}{change}",
                r.game,
                channel_shown(guild, &r.channel),
                r.power,
                result_shown(&r),
                r.shown
            );
        }
    }
    Ok(out)
}

/// The last games section: the last [`LAST_GAMES`] games the user sat in
/// here (of their record, or seated now), newest first, each with its
/// channel, the power, how it went for them, and their phases in it.
fn last_games_section(
    c: &rusqlite::Connection,
    guild: &str,
    user: &str,
    rows: &[RecordRow],
) -> Result<String, GameError> {
    let seated = store::seats_in_guild(c, guild, user)?;
    let mut games: Vec<i64> = rows.iter().map(|r| r.game_id).chain(seated.iter().map(|(g, _)| *g)).collect();
    games.sort_unstable_by(|a, b| b.cmp(a));
    games.dedup();
    let mut lines = Vec::new();
    for id in games.into_iter().take(LAST_GAMES) {
        let Some(g) = store::game(c, id)? else { continue };
        let settings = settings_of(&g);
        let name = kind_of(&g, &settings).map_or_else(|_| g.variant.clone(), |k| k.name().to_string());
        let mine: Vec<&RecordRow> = rows.iter().filter(|r| r.game_id == id).collect();
        let seat = seated.iter().find(|(s, _)| *s == id).map(|(_, p)| p.as_str());
        let power = seat.or_else(|| mine.last().map(|r| r.power.as_str())).unwrap_or("?");
        let outcome = mine.iter().rev().find(|r| !r.kind.is_phase()).map(|r| match r.kind {
            RecordKind::Finished => "finished",
            RecordKind::Unseated => "unseated",
            RecordKind::Conceded => "conceded",
            RecordKind::Forfeited => "forfeited",
            _ => "left",
        });
        let how = match (outcome, seat) {
            (Some(o), _) => o,
            (None, Some(_)) if g.status == GameStatus::Forming => "joined, not started yet",
            (None, Some(_)) => "playing",
            (None, None) => "no longer seated",
        };
        let owed = mine.iter().filter(|r| r.kind.is_phase()).count();
        let sent = mine.iter().filter(|r| matches!(r.kind, RecordKind::InTime | RecordKind::AfterGrace)).count();
        let phases = match owed {
            0 => "no phase owed".to_string(),
            n => format!("orders sent in {sent} of {} owed", chessdip_rules::words::count(n, "phase")),
        };
        lines
            .push(format!("\n- game {id} in {}: {name} as {power}, {how}; {phases}", channel_shown(guild, &g.channel)));
    }
    Ok(if lines.is_empty() { "Last games: none yet.".to_string() } else { format!("Last games:{}", lines.concat()) })
}

impl Service {
    /// `user`'s record in `guild` (the caller's own without `user`):
    /// public (see the module's note). A user who never sat in a game of
    /// this server is told so; records of other servers are never shown.
    ///
    /// # Errors
    /// The user has no record here; database errors.
    pub fn profile(&self, guild: &str, caller: &Caller, user: Option<&str>) -> Result<Reply, GameError> {
        let user = user.map_or(caller.user.as_str(), |u| {
            u.trim().trim_start_matches("<@").trim_start_matches('!').trim_end_matches('>')
        });
        let own = user == caller.user;
        self.store.read(|c| {
            if !store::sat_in_guild(c, guild, user)? {
                return Err(GameError::Invalid(if own {
                    "you have no record in this server yet: it starts when you join a game here (`join`). Records are kept per server and never shared between servers".to_string()
                } else {
                    format!(
                        "{} has no record in this server: they have not sat in a game here. Records are kept per server and never shared between servers; `profile <user>` names a player of this server's games",
                        player_shown(guild, user)
                    )
                }));
            }
            let rows = store::records(c, guild, user)?;
            let r = Reliability::of(&rows);
            let sections = [
                format!("**Record of {} in this server**", player_shown(guild, user)),
                ratings_section(c, guild, user)?,
                phases_section(&r),
                games_section(&r),
                last_games_section(c, guild, user, &rows)?,
            ];
            Ok(Reply::public(sections.join("\n")))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Placing, ResultRow};

    fn result(variant: &str, how: &str, (place, shared, of): (i64, bool, i64), solo: Option<&str>) -> ResultRow {
        ResultRow {
            game: 1,
            channel: "c".into(),
            variant: variant.into(),
            power: "Italy".into(),
            shown: "0".into(),
            how: how.into(),
            placing: Placing { place, shared, of },
            solo: solo.map(str::to_string),
            rating: None,
        }
    }

    #[test]
    fn a_result_of_more_players_is_a_placing_and_of_two_a_win_a_draw_or_a_loss() {
        let shown = |r: ResultRow| result_shown(&r);
        assert_eq!(shown(result("chessdip", "solo", (1, false, 4), Some("Italy"))), "1st of 4 (solo)");
        assert_eq!(
            shown(result("chessdip", "loss", (2, true, 4), Some("England"))),
            "shared 2nd of 4 (England's solo)"
        );
        // A solo whose winner was unseated credits nobody: the others are placed, with no winner to name.
        assert_eq!(shown(result("chessdip", "loss", (2, true, 4), None)), "shared 2nd of 4");
        assert_eq!(shown(result("chesspolitik4", "draw of 3", (1, true, 4), None)), "shared 1st of 4 (draw of 3)");
        assert_eq!(
            shown(result("chessdip", "sum of squares (7 centers)", (1, false, 4), None)),
            "1st of 4 (sum of squares, 7 centers)"
        );
        assert_eq!(shown(result("chess-wheel", "eliminated", (5, false, 5), None)), "5th of 5 (eliminated)");
        assert_eq!(shown(result("diplomacy-chess", "solo", (1, false, 2), None)), "won");
        assert_eq!(shown(result("diplomat-chess", "loss", (2, false, 2), Some("White"))), "lost");
        assert_eq!(shown(result("chesspolitik2", "draw of 2", (1, true, 2), None)), "draw of 2");
        assert_eq!(shown(result("diplomacy-chess", "conceded", (2, false, 2), None)), "conceded");
    }
}
