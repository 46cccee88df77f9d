//! `leaderboard [game]`: the server's rated players of one game (or of
//! every game, one table each), ranked by a cautious rating: the rating
//! less [`CAUTION`] times its uncertainty, which starts low and rises as
//! games make a rating surer, so that a server that plays a few long games
//! has a ranked table from its first game and two lucky games do not top
//! it. Players with fewer than [`PROVISIONAL_BELOW`] rated games are marked
//! provisional in the same table. Games of more than two players give each
//! player's placings and scores, two-player games wins, draws and losses.
//! Ratings are kept per server and never shared between servers.

use crate::names::variant_name;
use crate::standings::ratings::{player_shown, System};
use crate::store::{self, RatingRow};
use crate::{GameError, Reply, Service};
use chessdip_rules::any::{Offer, OFFERS};

/// A rating counts as established from this many rated games.
pub const PROVISIONAL_BELOW: i64 = 5;

/// A leaderboard ranks by the rating less this many times its uncertainty.
pub const CAUTION: f64 = 2.0;

/// How many players a table lists (the caller is added below when further down).
const SHOWN: usize = 20;

/// Lower-case letters and digits only: `Chess Dip`, `chess-dip` and `chessdip` are one name.
fn folded(s: &str) -> String {
    s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// The words of a name, folded: `Chess Wheel+` is `chess`, `wheel`.
fn words(s: &str) -> Vec<String> {
    s.split(|ch: char| !ch.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).map(folded).collect()
}

/// The games a player names: the one whose id or name it is, in any case,
/// with or without spaces, brackets and hyphens (`chess-dip`, `chess wheel+`);
/// else every game whose name or id has each of its words (`dip`,
/// `wheel`, `diplomat`); else every game whose name or id contains it
/// (`politik`, both Chesspolitik games). In the order `variants` lists them.
///
/// # Errors
/// A name that names no game, with the list of games.
pub fn variants_named(name: &str) -> Result<Vec<&'static Offer>, GameError> {
    let want = folded(name);
    let list = || OFFERS.iter().map(|o| format!("`{}` ({})", o.id, o.name)).collect::<Vec<_>>().join(", ");
    if want.is_empty() {
        return Err(GameError::Invalid(format!("name a game: one of {}", list())));
    }
    if let Some(o) = OFFERS.iter().find(|o| folded(o.id) == want || folded(o.name) == want) {
        return Ok(vec![o]);
    }
    let asked = words(name);
    let by_words: Vec<&Offer> = OFFERS
        .iter()
        .filter(|o| {
            let have = [words(o.id), words(o.name)].concat();
            asked.iter().all(|w| have.contains(w))
        })
        .collect();
    if !by_words.is_empty() {
        return Ok(by_words);
    }
    let within: Vec<&Offer> =
        OFFERS.iter().filter(|o| folded(o.id).contains(&want) || folded(o.name).contains(&want)).collect();
    if within.is_empty() {
        return Err(GameError::Invalid(format!(
            "there is no game called `{}`: name one of {} (e.g. `leaderboard chessdip`), or write `leaderboard` alone for every game",
            name.trim(),
            list()
        )));
    }
    Ok(within)
}

/// The rating system of a variant as people write it: `Glicko-2`, `Weng-Lin`.
fn system_of(variant: &str) -> &'static str {
    match System::of(variant) {
        Some(System::Glicko2) => "Glicko-2",
        Some(System::WengLin) | None => "Weng-Lin",
    }
}

/// Whether a variant's results are placings (`1st of 4`, `shared 1st`) with
/// scores: the games of more than two players, which Weng-Lin rates by
/// placing. Two-player games are won, drawn or lost.
#[must_use]
pub fn by_placing(variant: &str) -> bool {
    System::of(variant) == Some(System::WengLin)
}

/// Whether a record's rating is still provisional.
#[must_use]
pub fn provisional(s: &RatingRow) -> bool {
    s.games < PROVISIONAL_BELOW
}

/// The number a leaderboard ranks by: the rating less [`CAUTION`] times its uncertainty.
#[must_use]
pub fn cautious(s: &RatingRow) -> f64 {
    s.rating - CAUTION * s.deviation
}

/// `rows` in the leaderboard's order: by [`cautious`] rating, best first;
/// then more games first; then by name, whatever its case.
fn ranked(mut rows: Vec<RatingRow>) -> Vec<RatingRow> {
    rows.sort_by(|a, b| {
        cautious(b)
            .total_cmp(&cautious(a))
            .then(b.games.cmp(&a.games))
            .then_with(|| a.user.to_lowercase().cmp(&b.user.to_lowercase()))
            .then_with(|| a.user.cmp(&b.user))
    });
    rows
}

/// A rating with its uncertainty, e.g. `1563 ±120`.
#[must_use]
pub fn rating_shown(s: &RatingRow) -> String {
    format!("{:.0} ±{:.0}", s.rating, s.deviation)
}

/// A player's games and how they went: placings and scores in the games
/// of more players (`9 games: 1st in 3, shared 1st in 2, average score
/// 0.52`), wins, draws and losses in two-player games (`14 games: 6 won, 3
/// drawn, 5 lost`).
///
/// # Errors
/// Database errors.
pub fn record_shown(c: &rusqlite::Connection, s: &RatingRow) -> Result<String, GameError> {
    let games = chessdip_rules::words::count(usize::try_from(s.games).unwrap_or(0), "game");
    if !by_placing(&s.variant) {
        return Ok(format!("{games}: {} won, {} drawn, {} lost", s.wins, s.draws, s.losses));
    }
    let p = store::placings(c, &s.guild, &s.variant, &s.user)?;
    let average = if p.games > 0 { p.score / p.games as f64 } else { 0.0 };
    // The placings a player had, so that a line never reads `1st in 0`.
    let mut parts = Vec::new();
    if p.first > 0 {
        parts.push(format!("1st in {}", p.first));
    }
    if p.shared_first > 0 {
        parts.push(format!("shared 1st in {}", p.shared_first));
    }
    parts.push(format!("average score {average:.2}"));
    Ok(format!("{games}: {}", parts.join(", ")))
}

/// The footnote under the tables: what their numbers are (its words say "twice": [`CAUTION`]).
fn footnote(any_provisional: bool) -> String {
    let mut out = String::from(
        "Ranked by the first number: the rating less twice its uncertainty (±), low while a rating is unsure and rising as games make it surer.",
    );
    if any_provisional {
        out += &format!(" Provisional: fewer than {PROVISIONAL_BELOW} rated games.");
    }
    out
}

/// One variant's table in `guild` (`caller` is shown below the list when
/// further down), and whether it shows a provisional rating. None: no rated
/// game.
fn table(
    c: &rusqlite::Connection,
    guild: &str,
    variant: &str,
    caller: &str,
) -> Result<Option<(String, bool)>, GameError> {
    let all = ranked(store::ratings(c, guild, variant)?);
    if all.is_empty() {
        return Ok(None);
    }
    let name = variant_name(variant);
    let games = store::rated_games(c, guild, variant)?;
    let mut out = format!(
        "**{name} leaderboard** (this server, {}, {} ratings)",
        chessdip_rules::words::count(usize::try_from(games).unwrap_or(0), "rated game"),
        system_of(variant)
    );
    let line = |rank: usize, s: &RatingRow| -> Result<String, GameError> {
        let mark = if provisional(s) { ", provisional" } else { "" };
        Ok(format!(
            "\n{rank}. {} {:.0} (rating {}{mark}) · {}",
            player_shown(guild, &s.user),
            cautious(s),
            rating_shown(s),
            record_shown(c, s)?
        ))
    };
    for (i, s) in all.iter().enumerate().take(SHOWN) {
        out += &line(i + 1, s)?;
    }
    if all.len() > SHOWN {
        let more = all.len() - SHOWN;
        out += &format!("\n… and {}", chessdip_rules::words::count(more, "more player"));
        if let Some(i) = all.iter().position(|s| s.user == caller).filter(|i| *i >= SHOWN) {
            out += &format!("; you are{}", line(i + 1, &all[i])?);
        }
    }
    let shown_provisional = all.iter().take(SHOWN).chain(all.iter().filter(|s| s.user == caller)).any(provisional);
    Ok(Some((out, shown_provisional)))
}

/// The tables of `variants` (a line for one with no rated game), and the footnote once under them.
fn tables(c: &rusqlite::Connection, guild: &str, variants: &[&str], caller: &str) -> Result<String, GameError> {
    let mut parts = Vec::with_capacity(variants.len());
    let (mut any, mut any_provisional) = (false, false);
    for v in variants {
        match table(c, guild, v, caller)? {
            Some((text, provisional)) => {
                parts.push(text);
                any = true;
                any_provisional |= provisional;
            }
            None => parts.push(format!(
                "**{}**: no rated game in this server yet. A rating starts when a scored game ends here (a game a moderator ends is not scored).",
                variant_name(v)
            )),
        }
    }
    let mut out = parts.join("\n\n");
    if any {
        out += "\n";
        out += &footnote(any_provisional);
    }
    Ok(out)
}

impl Service {
    /// The leaderboard of `game` (a variant's id or name, or part of one:
    /// the table of each game it names) in `guild`, or of every game rated
    /// there without one. Public: a leaderboard is shared.
    ///
    /// # Errors
    /// A name that names no game (refused with the list); database errors.
    pub fn leaderboard(&self, guild: &str, caller: &str, game: Option<&str>) -> Result<Reply, GameError> {
        let named = game.map(variants_named).transpose()?;
        self.store.read(|c| {
            let text = match named {
                Some(games) => tables(c, guild, &games.iter().map(|o| o.id).collect::<Vec<_>>(), caller)?,
                None => {
                    let rated = store::rated_variants(c, guild)?;
                    // One table per rated game, in the order menus list the games.
                    let variants: Vec<&str> =
                        OFFERS.iter().map(|o| o.id).filter(|id| rated.iter().any(|v| v == id)).collect();
                    if variants.is_empty() {
                        "No rated game in this server yet: a rating starts when a scored game ends here (a game a moderator ends is not scored). `leaderboard <game>` shows one game's table.".to_string()
                    } else {
                        tables(c, guild, &variants, caller)?
                    }
                }
            };
            Ok(Reply::public(text))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(name: &str) -> Vec<&'static str> {
        variants_named(name).unwrap().iter().map(|o| o.id).collect()
    }

    #[test]
    fn games_are_named_by_id_or_name_in_any_spelling() {
        assert_eq!(ids("chessdip"), ["chessdip"]);
        assert_eq!(ids("Chess Dip"), ["chessdip"]);
        assert_eq!(ids("DIPLOMAT"), ["diplomat-chess"]);
        assert_eq!(ids("chess wheel+"), ["chess-wheel"]);
        assert_eq!(ids("chesspolitik2"), ["chesspolitik2"]);
        assert_eq!(ids("Chesspolitik 4"), ["chesspolitik4"]);
    }

    #[test]
    fn every_name_variants_prints_and_a_word_of_one_names_its_game() {
        for o in OFFERS {
            assert_eq!(ids(o.id), [o.id]);
            assert_eq!(ids(o.name), [o.id], "{}", o.name);
        }
        assert_eq!(ids("wheel"), ["chess-wheel"]);
        assert_eq!(ids("dip"), ["chessdip"]);
        assert_eq!(ids("diplomacy"), ["diplomacy-chess"]);
        // A name of several games names each of them.
        assert_eq!(ids("politik"), ["chesspolitik4", "chesspolitik2"]);
        // The four-player game is Chesspolitik; the two-player one Chesspolitik (2 players).
        assert_eq!(ids("chesspolitik"), ["chesspolitik4"]);
        assert_eq!(ids("Chesspolitik (2 players)"), ["chesspolitik2"]);
        assert_eq!(ids("diplo"), ["diplomacy-chess", "diplomat-chess"]);
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_list() {
        let e = variants_named("go").unwrap_err().to_string();
        assert!(e.contains("no game called `go`"), "{e}");
        assert!(e.contains("`diplomat-chess` (Diplomat Chess)"), "{e}");
        assert!(variants_named("  ").is_err());
    }

    #[test]
    fn two_player_games_use_glicko2_and_are_won_drawn_or_lost() {
        assert_eq!(system_of("diplomat-chess"), "Glicko-2");
        assert_eq!(system_of("chessdip"), "Weng-Lin");
        assert_eq!(system_of("chess-wheel"), "Weng-Lin");
        assert!(!by_placing("diplomacy-chess") && !by_placing("chesspolitik2"));
        assert!(by_placing("chessdip") && by_placing("chesspolitik4") && by_placing("chess-wheel"));
    }
}
