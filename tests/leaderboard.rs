//! `leaderboard [game]` through the service: the order by rating, the
//! provisional ratings listed apart, one table per game, the refusal of an
//! unknown game with the list, and ratings never shared between servers.
//! The ratings are written straight into the store here; how games fill
//! them is tested with the ratings themselves.

#[path = "common/scratch.rs"]
mod scratch;
use scratch::{service_at, temp_dir};

use chessdip::game::{Caller, Reply, Service, Visibility};
use rusqlite::{params, Connection};

/// Writes a rating row: (guild, variant, user, rating, games, wins, draws, losses).
fn rate(db: &Connection, guild: &str, variant: &str, user: &str, rating: f64, (games, w, d, l): (i64, i64, i64, i64)) {
    db.execute(
        "INSERT INTO ratings (guild_id, variant, user_id, rating, deviation, state, games, wins, draws, losses, last_game)
         VALUES (?1, ?2, ?3, ?4, ?5, '{}', ?6, ?7, ?8, ?9, 0)",
        params![guild, variant, user, rating, 350.0 / (games as f64).sqrt(), games, w, d, l],
    )
    .expect("rating row");
}

fn board(s: &Service, guild: &str, game: &str) -> Reply {
    let words = if game.is_empty() { "leaderboard".to_string() } else { format!("leaderboard {game}") };
    let mut replies = s.command("c", guild, &Caller::player("zoe"), &words);
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies.remove(0)
}

fn setup(name: &str) -> (Service, Connection) {
    let dir = temp_dir(name);
    let (s, _) = service_at(&dir, 1_800_000_000);
    let db = Connection::open(dir.join("g.db")).expect("db");
    (s, db)
}

#[test]
fn players_are_ranked_by_rating_with_their_record_and_provisional_ones_apart() {
    let (s, db) = setup("ranked");
    rate(&db, "g1", "chessdip", "alice", 1563.2, (9, 5, 2, 2));
    rate(&db, "g1", "chessdip", "bob", 1610.7, (12, 6, 3, 3));
    rate(&db, "g1", "chessdip", "carol", 1720.0, (2, 2, 0, 0));
    rate(&db, "g1", "chessdip", "dave", 1400.0, (5, 0, 1, 4));
    let r = board(&s, "g1", "chessdip");
    assert_eq!(r.visibility, Visibility::Public);
    let t = r.text;
    assert!(t.starts_with("**Chess Dip leaderboard** (this server, "), "{t}");
    assert!(t.contains("Weng-Lin ratings"), "{t}");
    let bob = t.find("1. <@bob> 1611").expect("bob first");
    let alice = t.find("2. <@alice> 1563").expect("alice second");
    let dave = t.find("3. <@dave> 1400").expect("dave third");
    assert!(bob < alice && alice < dave, "{t}");
    assert!(t.contains("12 games: 6 won, 3 drawn, 3 lost"), "{t}");
    // Carol's two wins give her the best rating, but it is provisional: listed apart, below.
    let apart = t.find("Provisional (fewer than 5 rated games):").expect("provisional section");
    let carol = t.find("- <@carol> 1720").expect("carol listed");
    assert!(dave < apart && apart < carol, "{t}");
    assert!(t[carol..].contains("(provisional) · 2 games: 2 won, 0 drawn, 0 lost"), "{t}");
    assert!(!t[..apart].contains("provisional)"), "{t}");
}

#[test]
fn a_game_is_named_by_id_or_name_and_an_unknown_one_is_refused_with_the_list() {
    let (s, db) = setup("named");
    rate(&db, "g1", "diplomat-chess", "alice", 1580.0, (6, 4, 0, 2));
    assert!(board(&s, "g1", "Diplomat Chess").text.contains("**Diplomat Chess leaderboard**"));
    assert!(board(&s, "g1", "diplomat-chess").text.contains("Glicko-2 ratings"));
    let r = board(&s, "g1", "backgammon");
    assert_eq!(r.visibility, Visibility::Private);
    assert!(r.text.contains("no game called `backgammon`"), "{}", r.text);
    for id in ["chessdip", "chesspolitik4", "chesspolitik2", "diplomacy-chess", "diplomat-chess", "chess-wheel"] {
        assert!(r.text.contains(&format!("`{id}`")), "{id} missing: {}", r.text);
    }
    let r = board(&s, "g1", "chesspolitik");
    assert!(r.text.contains("could be `chesspolitik4`"), "{}", r.text);
}

#[test]
fn without_a_game_every_rated_game_has_its_table() {
    let (s, db) = setup("every");
    let empty = board(&s, "g1", "").text;
    assert!(empty.starts_with("No rated game in this server yet"), "{empty}");
    assert!(board(&s, "g1", "chessdip").text.contains("**Chess Dip**: no rated game in this server yet"));
    rate(&db, "g1", "chess-wheel", "alice", 1500.0, (1, 0, 1, 0));
    rate(&db, "g1", "chessdip", "bob", 1500.0, (1, 1, 0, 0));
    let t = board(&s, "g1", "").text;
    let dip = t.find("**Chess Dip leaderboard**").expect("chess dip");
    let wheel = t.find("**Chess Wheel+ leaderboard**").expect("wheel");
    assert!(dip < wheel, "in the order of the variants: {t}");
    assert!(!t.contains("Diplomat"), "{t}");
    assert!(t.contains("Nobody has an established rating yet (a rating is provisional until 5 rated games):"), "{t}");
    assert!(!t.contains("Provisional ("), "one heading for the provisional players, not two: {t}");
}

#[test]
fn ratings_are_never_shared_between_servers() {
    let (s, db) = setup("servers");
    rate(&db, "g1", "chessdip", "alice", 1600.0, (7, 4, 1, 2));
    rate(&db, "g2", "chessdip", "mallory", 1700.0, (8, 6, 0, 2));
    let one = board(&s, "g1", "chessdip").text;
    assert!(one.contains("<@alice>") && !one.contains("mallory"), "{one}");
    let two = board(&s, "g2", "").text;
    assert!(two.contains("<@mallory>") && !two.contains("alice"), "{two}");
    assert!(board(&s, "g3", "").text.starts_with("No rated game in this server yet"));
}

#[test]
fn a_long_table_is_cut_and_tells_a_player_further_down_where_they_stand() {
    let (s, db) = setup("long");
    for i in 0..30 {
        rate(&db, "g1", "chessdip", &format!("p{i:02}"), 1800.0 - f64::from(i) * 10.0, (6, 3, 0, 3));
    }
    rate(&db, "g1", "chessdip", "zoe", 1000.0, (6, 0, 0, 6));
    let t = board(&s, "g1", "chessdip").text;
    assert!(t.contains("20. <@p19>") && !t.contains("<@p20>"), "{t}");
    assert!(t.contains("… and 11 more ranked players; you are\n31. <@zoe> 1000"), "{t}");
}

/// Plays White's four-move checkmate in the console's current channel: `white` wins against `black`.
fn scholars_mate(c: &mut chessdip::console::Console, white: &str, black: &str) -> String {
    let out = scratch::run(
        c,
        &[
            "gm game create diplomacy-chess",
            &format!("{white} join White"),
            &format!("{black} join Black"),
            "gm game start",
        ],
    );
    assert!(out.contains("The game begins"), "{out}");
    let mut last = String::new();
    for (w, b) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6"), ("Qxf7", "a6")] {
        scratch::run(c, &[&format!("{white} orders {w}"), &format!("{black} orders {b}"), &format!("{white} ready")]);
        last = c.line(&format!("{black} ready"));
    }
    last
}

#[test]
fn played_games_fill_the_leaderboard_and_the_profiles() {
    let mut c = scratch::console("season");
    c.line("channel first");
    let end = scholars_mate(&mut c, "alice", "bob");
    assert!(end.contains("alice 1500 → 1662"), "{end}");
    c.line("channel second");
    scholars_mate(&mut c, "alice", "carol");
    c.line("channel third");
    scholars_mate(&mut c, "carol", "bob");
    let t = c.line("zoe leaderboard diplomacy chess");
    assert!(t.contains("**Diplomacy Chess leaderboard** (this server, 3 rated games, Glicko-2 ratings)"), "{t}");
    assert!(t.contains("Nobody has an established rating yet (a rating is provisional until 5 rated games):"), "{t}");
    assert!(!t.contains("Provisional ("), "one heading for the provisional players, not two: {t}");
    let alice = t.find("- alice ").expect("alice");
    let carol = t.find("- carol ").expect("carol");
    let bob = t.find("- bob ").expect("bob");
    assert!(alice < carol && carol < bob, "{t}");
    let rating =
        |at: usize| -> f64 { t[at..].split_whitespace().nth(2).and_then(|r| r.parse().ok()).expect("a rating") };
    assert!(rating(alice) > 1700.0 && rating(bob) < 1300.0, "two wins and two losses move far: {t}");
    assert!(t.contains("(provisional) · 2 games: 2 won, 0 drawn, 0 lost"), "{t}");
    assert!(t.contains("2 games: 0 won, 0 drawn, 2 lost"), "{t}");

    let p = c.line("zoe profile carol");
    assert!(p.contains("**Record of carol in this server**"), "{p}");
    assert!(p.contains("**Diplomacy Chess**: "), "{p}");
    assert!(p.contains("(provisional until 5 rated games), 2 games: 1 won, 0 drawn, 1 lost."), "{p}");
    // Newest first, each with its channel, power, outcome, score and rating change.
    let third = p.find("- game 3 in channel third: White, won, score 1, ").expect("game 3");
    let second = p.find("- game 2 in channel second: Black, lost, score 0, 1500 → ").expect("game 2");
    assert!(third < second, "{p}");
    // The ratings come before the reliability record.
    assert!(p.find("**Diplomacy Chess**").expect("ratings") < p.find("Phases owed").expect("phases"), "{p}");
    let none = c.line("zoe profile dave");
    assert!(none.contains("dave has no record in this server"), "{none}");
}

/// The season of `tests/scripts/season.txt`, played through the console;
/// every line echoed as `chessdip play --script` echoes it, and what it printed.
fn season() -> String {
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts/season.txt")).expect("script");
    let dir = temp_dir("season-script");
    let mut c = scratch::console_at(&dir, &["gm"]).without_images();
    script
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| format!("> {l}\n{}", c.line(l)))
        .collect()
}

#[test]
fn a_season_in_one_server_tells_its_story() {
    let out = season();
    assert!(!out.contains("refused") && !out.contains("unknown command"), "{out}");
    // Twelve games ended, eleven scored and rated (the moderator's end is
    // not); the last `game status` repeats one game's end and ratings.
    assert_eq!(out.matches("**Game over").count(), 12 + 1, "{out}");
    assert_eq!(out.matches(" ratings on this server: ").count(), 11 + 1, "{out}");
    let from = out.find("> zoe leaderboard diplomacy chess").expect("the leaderboard asked");
    let table = &out[from..out[from..].find("\n> ").map_or(out.len(), |i| from + i)];
    for line in [
        "**Diplomacy Chess leaderboard** (this server, 7 rated games, Glicko-2 ratings)",
        "1. alice 1541 ±183 · 6 games: 3 won, 1 drawn, 2 lost",
        "Provisional (fewer than 5 rated games):",
        "- carol 1534 ±232 (provisional) · 3 games: 1 won, 1 drawn, 1 lost",
        "- dave 1437 ±236 (provisional) · 2 games: 1 won, 0 drawn, 1 lost",
        "- bob 1334 ±224 (provisional) · 3 games: 1 won, 0 drawn, 2 lost",
    ] {
        assert!(table.contains(line), "{line} missing from\n{table}");
    }
    // Every rated game has its table, in the order the variants are listed.
    let every = &out[out.find("> zoe leaderboard\n").expect("every game")..from];
    let order: Vec<usize> = ["Chess Dip", "Chesspolitik (2 players)", "Diplomacy Chess", "Diplomat Chess"]
        .iter()
        .map(|g| every.find(&format!("**{g} leaderboard**")).unwrap_or_else(|| panic!("{g} missing:\n{every}")))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{every}");
    assert!(!every.contains("Chess Wheel+"), "a moderator's end rates nobody: {every}");
    // A profile: per game, the rating, the record and the last results with their channels.
    for line in [
        "**Chess Dip**: 2224 ±416 (provisional until 5 rated games), 2 games: 1 won, 1 drawn, 0 lost.",
        "- game 10 in channel dip-2: England, won, score 1, 1974 → 2224",
        "- game 9 in channel dip-1: England, draw, sum of squares (7 centers), score 0.544, 1500 → 1974",
        "- game 3 in channel dc-3: White, draw of 2, score ½, 1662 → 1560",
    ] {
        assert!(out.contains(line), "{line} missing from\n{out}");
    }
    assert!(out.contains("- game 8 in channel diplomat-1: White, forfeited, score 0, 1500 → 1338"), "{out}");
    assert!(
        out.contains("Chess Dip: the whole game, supply centers at the end of each year (from the start to year 2). Latest centers: England 7, Italy 4, France 4, Scandinavia 3."),
        "{out}"
    );
    assert!(out.contains("Chess Dip: the whole game in 6 frames, the start and the position after"), "{out}");
}
