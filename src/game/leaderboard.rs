//! `leaderboard [game]`: the server's rated players of one game (or of
//! every game, one table each), best rating first, with their games and
//! wins, draws and losses. Ratings are kept per server and never shared
//! between servers. A player with fewer than [`PROVISIONAL_BELOW`] rated
//! games has a provisional rating: they are listed apart, below the ranked
//! players, so that one lucky game does not top the table.

use super::ratings::{player_shown, System};
use super::{GameError, Reply, Service};
use crate::rules::any::{Offer, OFFERS};
use crate::store::{self, RatingRow};

/// A rating counts as established from this many rated games.
pub const PROVISIONAL_BELOW: i64 = 5;

/// How many ranked players a table lists (the caller is added below when further down).
const RANKED_SHOWN: usize = 20;

/// How many provisional players a table lists.
const PROVISIONAL_SHOWN: usize = 10;

/// Lower-case letters and digits only: `Chess Dip`, `chess-dip` and `chessdip` are one name.
fn folded(s: &str) -> String {
    s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// The variant a player names: its id or its name, in any case, with or
/// without spaces and hyphens; a unique start of one is enough
/// (`chesspolitik` alone names two and is refused with both).
///
/// # Errors
/// An unknown or ambiguous name, with the list of variants.
pub fn variant_named(name: &str) -> Result<&'static Offer, GameError> {
    let want = folded(name);
    let list = || OFFERS.iter().map(|o| format!("`{}` ({})", o.id, o.name)).collect::<Vec<_>>().join(", ");
    if want.is_empty() {
        return Err(GameError::Invalid(format!("name a game: one of {}", list())));
    }
    if let Some(o) = OFFERS.iter().find(|o| folded(o.id) == want || folded(o.name) == want) {
        return Ok(o);
    }
    let starts: Vec<&Offer> =
        OFFERS.iter().filter(|o| folded(o.id).starts_with(&want) || folded(o.name).starts_with(&want)).collect();
    match starts.as_slice() {
        [one] => Ok(one),
        [] => Err(GameError::Invalid(format!(
            "there is no game called `{}`: name one of {} (e.g. `leaderboard chessdip`), or write `leaderboard` alone for every game",
            name.trim(),
            list()
        ))),
        many => Err(GameError::Invalid(format!(
            "`{}` could be {}: name one of them (e.g. `leaderboard {}`)",
            name.trim(),
            many.iter().map(|o| format!("`{}` ({})", o.id, o.name)).collect::<Vec<_>>().join(" or "),
            many[0].id
        ))),
    }
}

/// The rating system of a variant as people write it: `Glicko-2`, `Weng-Lin`.
fn system_of(variant: &str) -> &'static str {
    match System::of(variant) {
        Some(System::Glicko2) => "Glicko-2",
        Some(System::WengLin) | None => "Weng-Lin",
    }
}

/// A variant's name for people (its id if it is no longer offered).
#[must_use]
pub fn variant_name(variant: &str) -> String {
    crate::rules::any::offer(variant).map_or_else(|| variant.to_string(), |o| o.name.to_string())
}

/// Whether a record's rating is still provisional.
#[must_use]
pub fn provisional(s: &RatingRow) -> bool {
    s.games < PROVISIONAL_BELOW
}

/// A rating with its uncertainty, e.g. `1563 ±120`.
#[must_use]
pub fn rating_shown(s: &RatingRow) -> String {
    format!("{:.0} ±{:.0}", s.rating, s.deviation)
}

/// Games and wins, draws and losses, e.g. `14 games: 6 won, 3 drawn, 5 lost`.
#[must_use]
pub fn record_shown(s: &RatingRow) -> String {
    format!(
        "{}: {} won, {} drawn, {} lost",
        crate::rules::words::count(usize::try_from(s.games).unwrap_or(0), "game"),
        s.wins,
        s.draws,
        s.losses
    )
}

/// One variant's table in `guild` (`caller` is shown below the list when ranked further down).
fn table(c: &rusqlite::Connection, guild: &str, variant: &str, caller: &str) -> Result<String, GameError> {
    let all = store::ratings(c, guild, variant)?;
    let name = variant_name(variant);
    if all.is_empty() {
        return Ok(format!(
            "**{name}**: no rated game in this server yet. A rating starts when a scored game ends here (a game a moderator ends is not scored)."
        ));
    }
    let games = store::rated_games(c, guild, variant)?;
    let (ranked, new): (Vec<&RatingRow>, Vec<&RatingRow>) = all.iter().partition(|s| !provisional(s));
    let mut out = format!(
        "**{name} leaderboard** (this server, {}, {} ratings)",
        crate::rules::words::count(usize::try_from(games).unwrap_or(0), "rated game"),
        system_of(variant)
    );
    let line = |rank: Option<usize>, s: &RatingRow| {
        let head = rank.map_or_else(|| "-".to_string(), |r| format!("{r}."));
        let mark = if provisional(s) { " (provisional)" } else { "" };
        format!("\n{head} {} {}{mark} · {}", player_shown(guild, &s.user), rating_shown(s), record_shown(s))
    };
    for (i, s) in ranked.iter().enumerate().take(RANKED_SHOWN) {
        out += &line(Some(i + 1), s);
    }
    if ranked.len() > RANKED_SHOWN {
        let more = ranked.len() - RANKED_SHOWN;
        out += &format!("\n… and {more} more ranked {}", if more == 1 { "player" } else { "players" });
        if let Some(i) = ranked.iter().position(|s| s.user == caller).filter(|i| *i >= RANKED_SHOWN) {
            out += &format!("; you are{}", line(Some(i + 1), ranked[i]));
        }
    }
    if !new.is_empty() {
        out += &if ranked.is_empty() {
            format!(
                "\nNobody has an established rating yet (a rating is provisional until {PROVISIONAL_BELOW} rated games):"
            )
        } else {
            format!("\nProvisional (fewer than {PROVISIONAL_BELOW} rated games):")
        };
        for s in new.iter().take(PROVISIONAL_SHOWN) {
            out += &line(None, s);
        }
        if new.len() > PROVISIONAL_SHOWN {
            out += &format!("\n… and {} more", crate::rules::words::count(new.len() - PROVISIONAL_SHOWN, "player"));
        }
    }
    Ok(out)
}

impl Service {
    /// The leaderboard of `game` (a variant's id or name) in `guild`, or of
    /// every game rated there without one. Public: a leaderboard is shared.
    ///
    /// # Errors
    /// An unknown game name (refused with the list); database errors.
    pub fn leaderboard(&self, guild: &str, caller: &str, game: Option<&str>) -> Result<Reply, GameError> {
        let variant = game.map(variant_named).transpose()?;
        self.store.read(|c| {
            let text = match variant {
                Some(o) => table(c, guild, o.id, caller)?,
                None => {
                    let rated = store::rated_variants(c, guild)?;
                    // One table per rated game, in the order menus list the games.
                    let tables = OFFERS
                        .iter()
                        .filter(|o| rated.iter().any(|v| v == o.id))
                        .map(|o| table(c, guild, o.id, caller))
                        .collect::<Result<Vec<_>, _>>()?;
                    if tables.is_empty() {
                        "No rated game in this server yet: a rating starts when a scored game ends here (a game a moderator ends is not scored). `leaderboard <game>` shows one game's table.".to_string()
                    } else {
                        tables.join("\n\n")
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

    #[test]
    fn games_are_named_by_id_or_name_in_any_spelling() {
        assert_eq!(variant_named("chessdip").unwrap().id, "chessdip");
        assert_eq!(variant_named("Chess Dip").unwrap().id, "chessdip");
        assert_eq!(variant_named("DIPLOMAT").unwrap().id, "diplomat-chess");
        assert_eq!(variant_named("chess wheel+").unwrap().id, "chess-wheel");
        assert_eq!(variant_named("chesspolitik2").unwrap().id, "chesspolitik2");
    }

    #[test]
    fn an_unknown_or_ambiguous_name_is_refused_with_the_list() {
        let e = variant_named("go").unwrap_err().to_string();
        assert!(e.contains("no game called `go`"), "{e}");
        assert!(e.contains("`diplomat-chess` (Diplomat Chess)"), "{e}");
        let e = variant_named("chesspolitik").unwrap_err().to_string();
        assert!(e.contains("`chesspolitik4`") && e.contains("`chesspolitik2`"), "{e}");
        assert!(variant_named("  ").is_err());
    }

    #[test]
    fn two_player_games_use_glicko2() {
        assert_eq!(system_of("diplomat-chess"), "Glicko-2");
        assert_eq!(system_of("chessdip"), "Weng-Lin");
        assert_eq!(system_of("chess-wheel"), "Weng-Lin");
    }
}
