//! `leaderboard [game]` through the service: the order by rating, the
//! provisional ratings listed apart, one table per game, the refusal of an
//! unknown game with the list, and ratings never shared between servers.
//! The ratings are written straight into the store here; how games fill
//! them is tested with the ratings themselves.

use crate::support::scratch;
use scratch::{service_at, temp_dir};

use chessdip_game::{Caller, Reply, Service, Visibility};
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
fn the_leaderboard_ranks_a_small_server_by_a_conservative_rating() {
    let (s, db) = setup("ranked");
    // The uncertainty is 350 / sqrt(games): bob 1611 ±101 ranks as 1409,
    // alice 1563 ±117 as 1330, carol 1720 ±247 as 1225, dave 1400 ±157 as 1087.
    rate(&db, "g1", "diplomacy-chess", "alice", 1563.2, (9, 5, 2, 2));
    rate(&db, "g1", "diplomacy-chess", "bob", 1610.7, (12, 6, 3, 3));
    rate(&db, "g1", "diplomacy-chess", "carol", 1720.0, (2, 2, 0, 0));
    rate(&db, "g1", "diplomacy-chess", "dave", 1400.0, (5, 0, 1, 4));
    let r = board(&s, "g1", "diplomacy-chess");
    assert_eq!(r.visibility, Visibility::Public);
    let t = r.text;
    assert!(t.starts_with("**Diplomacy Chess leaderboard** (this server, "), "{t}");
    assert!(t.contains("Glicko-2 ratings"), "{t}");
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[1], "1. <@bob> 1409 (rating 1611 ±101) · 12 games: 6 won, 3 drawn, 3 lost", "{t}");
    assert_eq!(lines[2], "2. <@alice> 1330 (rating 1563 ±117) · 9 games: 5 won, 2 drawn, 2 lost", "{t}");
    // Carol's two wins give her the best rating, but an unsure one: she is
    // ranked in the same table, by the cautious number, and marked provisional.
    assert_eq!(lines[3], "3. <@carol> 1225 (rating 1720 ±247, provisional) · 2 games: 2 won, 0 drawn, 0 lost", "{t}");
    assert_eq!(lines[4], "4. <@dave> 1087 (rating 1400 ±157) · 5 games: 0 won, 1 drawn, 4 lost", "{t}");
    // One footnote line says what ± is and how the table ranks.
    assert_eq!(
        lines[5],
        "Ranked by the first number: the rating less twice its uncertainty (±), low while a rating is unsure and rising as games make it surer. Provisional: fewer than 5 rated games.",
        "{t}"
    );
    assert_eq!(lines.len(), 6, "{t}");
    assert!(!t.contains("Provisional ("), "no separate list: {t}");
}

#[test]
fn ties_on_the_leaderboard_sort_without_regard_to_case() {
    let (s, db) = setup("ties");
    for user in ["bob", "Alice", "carol", "Dave"] {
        rate(&db, "g1", "diplomat-chess", user, 1500.0, (4, 2, 0, 2));
    }
    let t = board(&s, "g1", "diplomat-chess").text;
    let at = |who: &str| t.find(&format!("<@{who}>")).unwrap_or_else(|| panic!("{who} missing: {t}"));
    assert!(at("Alice") < at("bob") && at("bob") < at("carol") && at("carol") < at("Dave"), "{t}");
    assert!(t.contains("1. <@Alice> ") && t.contains("4. <@Dave> "), "{t}");
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
}

#[test]
fn leaderboard_wheel_politik_dip_and_every_name_variants_prints_are_understood() {
    let (s, db) = setup("names");
    rate(&db, "g1", "chess-wheel", "alice", 1500.0, (1, 0, 1, 0));
    rate(&db, "g1", "chessdip", "bob", 1500.0, (1, 1, 0, 0));
    rate(&db, "g1", "chesspolitik2", "carol", 1500.0, (1, 1, 0, 0));
    let wheel = board(&s, "g1", "wheel").text;
    assert!(wheel.starts_with("**Chess Wheel+ leaderboard**") && wheel.contains("<@alice>"), "{wheel}");
    let dip = board(&s, "g1", "dip").text;
    assert!(dip.starts_with("**Chess Dip leaderboard**") && !dip.contains("Diplom"), "{dip}");
    // `politik` names both Chesspolitik games: each has its table (or says it has none).
    let politik = board(&s, "g1", "politik").text;
    assert_eq!(politik.matches("**Chesspolitik").count(), 2, "{politik}");
    assert!(politik.contains("**Chesspolitik**: no rated game in this server yet"), "{politik}");
    assert!(politik.contains("**Chesspolitik (2 players) leaderboard**") && politik.contains("<@carol>"), "{politik}");
    assert_eq!(politik.matches("Ranked by the first number").count(), 1, "one footnote: {politik}");
    // Every id and name `variants` prints names its own game.
    let variants = s.command("c", "g1", &Caller::player("zoe"), "variants").remove(0).text;
    for o in chessdip_game::OFFERS {
        assert!(variants.contains(&format!("{} ({})", o.id, o.name)), "{} missing from {variants}", o.id);
        for name in [o.id, o.name] {
            let r = board(&s, "g1", name);
            assert_eq!(r.visibility, Visibility::Public, "{name}: {}", r.text);
            assert!(r.text.starts_with(&format!("**{}", o.name)), "{name}: {}", r.text);
            assert_eq!(r.text.matches("\n\n").count(), 0, "{name} names one game: {}", r.text);
        }
    }
}

#[test]
fn the_four_player_chesspolitik_has_one_name_everywhere() {
    let dir = temp_dir("one-name");
    let mut c = scratch::console_at(&dir, &["gm"]).without_images();
    let mut out = scratch::run(&mut c, &["zoe variants", "zoe help", "gm game create chesspolitik4"]);
    out += &scratch::run(
        &mut c,
        &["a join Mughal Empire", "b join Ming Dynasty", "zoe game status", "gm game start", "zoe game status"],
    );
    out += &scratch::run(&mut c, &["gm game force", "a draw yes", "b draw yes"]);
    out += &scratch::run(&mut c, &["zoe leaderboard chesspolitik4", "zoe profile a", "zoe game chart"]);
    out += &c.line("zoe leaderboard politik");
    for said in [
        "chesspolitik4 (Chesspolitik): 4 powers on 8x8",
        "scoring=draw-size|sum-of-squares (Chess Dip, Chesspolitik)",
        "A game of Chesspolitik is forming.",
        "Chesspolitik (forming)",
        "Chesspolitik (active): Spring 1601",
        "Chesspolitik ratings on this server: ",
        "**Chesspolitik leaderboard** (this server, 1 rated game, Weng-Lin ratings)",
        "**Chesspolitik**: rating ",
        "- game 1 in channel console: Chesspolitik as Mughal Empire, finished",
        "Chesspolitik: the whole game",
        "**Chesspolitik (2 players)**: no rated game in this server yet.",
    ] {
        assert!(out.contains(said), "{said} missing from\n{out}");
    }
    for other in ["Chesspolitik 4", "Chesspolitik (4", "Chesspolitik for four"] {
        assert!(!out.contains(other), "{other} in\n{out}");
    }
}

#[test]
fn without_a_game_every_rated_game_has_its_table() {
    let (s, db) = setup("every");
    let empty = board(&s, "g1", "").text;
    assert!(empty.starts_with("No rated game in this server yet"), "{empty}");
    assert!(board(&s, "g1", "chessdip").text.contains("**Chess Dip**: no rated game in this server yet"));
    rate(&db, "g1", "chess-wheel", "alice", 1500.0, (1, 0, 1, 0));
    rate(&db, "g1", "diplomat-chess", "bob", 1500.0, (1, 1, 0, 0));
    let t = board(&s, "g1", "").text;
    let diplomat = t.find("**Diplomat Chess leaderboard**").expect("diplomat chess");
    let wheel = t.find("**Chess Wheel+ leaderboard**").expect("wheel");
    assert!(diplomat < wheel, "in the order of the variants: {t}");
    assert!(!t.contains("Chess Dip"), "{t}");
    assert!(t.contains("1. <@bob> 800 (rating 1500 ±350, provisional)"), "{t}");
    assert_eq!(t.matches("Ranked by the first number").count(), 1, "one footnote, at the end: {t}");
    assert!(t.trim_end().ends_with("Provisional: fewer than 5 rated games."), "{t}");
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
    // Three games are enough for a ranked table: provisional players are marked in it.
    let alice = t.find("1. alice ").expect("alice");
    let carol = t.find("2. carol ").expect("carol");
    let bob = t.find("3. bob ").expect("bob");
    assert!(alice < carol && carol < bob, "{t}");
    let rating = |at: usize| -> f64 {
        t[at..].split("(rating ").nth(1).and_then(|r| r.split_whitespace().next()?.parse().ok()).expect("a rating")
    };
    assert!(rating(alice) > 1700.0 && rating(bob) < 1300.0, "two wins and two losses move far: {t}");
    assert!(t.contains(", provisional) · 2 games: 2 won, 0 drawn, 0 lost"), "{t}");
    assert!(t.contains("2 games: 0 won, 0 drawn, 2 lost"), "{t}");

    let p = c.line("zoe profile carol");
    assert!(p.contains("**Record of carol in this server**"), "{p}");
    assert!(p.contains("**Diplomacy Chess**: "), "{p}");
    assert!(
        p.contains(" on the leaderboard (provisional until 5 rated games); 2 games: 1 won, 0 drawn, 1 lost."),
        "{p}"
    );
    // Newest first, each with its channel, power, outcome, score and rating change.
    let third = p.find("- game 3 in channel third: White, won, score 1, ").expect("game 3");
    let second = p.find("- game 2 in channel second: Black, lost, score 0, 1500 → ").expect("game 2");
    assert!(third < second, "{p}");
    // The ratings come before the reliability record.
    assert!(p.find("**Diplomacy Chess**").expect("ratings") < p.find("Phases owed").expect("phases"), "{p}");
    let none = c.line("zoe profile dave");
    assert!(none.contains("dave has no record in this server"), "{none}");
}

#[test]
fn results_say_how_a_multi_player_game_went() {
    let dir = temp_dir("placings");
    let mut c = scratch::console_at(&dir, &["gm"]).without_images();
    // Scandinavia concedes; the three others agree a draw: a draw of 3, shared first.
    let out = scratch::run(
        &mut c,
        &[
            "gm game create chessdip",
            "alice join England",
            "bob join Italy",
            "carol join France",
            "dave join Scandinavia",
            "gm game start",
            "dave concede",
            "alice draw yes",
            "bob draw yes",
            "carol draw yes",
        ],
    );
    assert!(out.contains("Scores: England ⅓, Italy ⅓, France ⅓, Scandinavia 0 (conceded)."), "{out}");
    let p = c.line("zoe profile alice");
    assert!(p.contains("; 1 game: shared 1st in 1, average score 0.33."), "{p}");
    assert!(p.contains("- game 1 in channel console: England, shared 1st of 4 (draw of 3), score ⅓, 1500 → "), "{p}");
    assert!(!p.contains(" drawn") && !p.contains(" won") && !p.contains(" lost"), "{p}");
    let p = c.line("zoe profile dave");
    assert!(p.contains("; 1 game: average score 0.00."), "{p}");
    assert!(p.contains("- game 1 in channel console: Scandinavia, 4th of 4 (conceded), score 0, 1500 → "), "{p}");
    let t = c.line("zoe leaderboard dip");
    assert!(t.contains("· 1 game: shared 1st in 1, average score 0.33"), "{t}");
    assert!(t.contains("4. dave ") && t.contains("· 1 game: average score 0.00"), "{t}");
    assert!(!t.contains(" won,"), "{t}");
    // A two-player game keeps wins, draws and losses.
    c.line("channel two");
    scratch::two_players(&mut c, "");
    scratch::run(&mut c, &["alice draw yes", "bob draw yes"]);
    let p = c.line("zoe profile alice");
    assert!(p.contains("1 game: 0 won, 1 drawn, 0 lost."), "{p}");
    assert!(p.contains("- game 2 in channel two: France, draw of 2, score ½, 1500 → 1500"), "{p}");
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
        "**Diplomacy Chess leaderboard** (this server, 7 rated games, Glicko-2 ratings)\n",
        "1. alice 1175 (rating 1541 ±183) · 6 games: 3 won, 1 drawn, 2 lost\n",
        "2. carol 1070 (rating 1534 ±232, provisional) · 3 games: 1 won, 1 drawn, 1 lost\n",
        "3. dave 965 (rating 1437 ±236, provisional) · 2 games: 1 won, 0 drawn, 1 lost\n",
        "4. bob 886 (rating 1334 ±224, provisional) · 3 games: 1 won, 0 drawn, 2 lost\n",
        "Ranked by the first number: the rating less twice its uncertainty (±), low while a rating is unsure and rising as games make it surer. Provisional: fewer than 5 rated games.",
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
    // The Chess Dip players by placing and score.
    for line in [
        "1. alice 1393 (rating 2224 ±416, provisional) · 2 games: 1st in 2, average score 0.77\n",
        "4. dave 222 (rating 1054 ±416, provisional) · 2 games: average score 0.05\n",
    ] {
        assert!(every.contains(line), "{line} missing from\n{every}");
    }
    // A profile: per game, the rating beside the leaderboard's number, the
    // record and the last results with their channels, placed in Chess Dip.
    for line in [
        "Ratings and results (± is a rating's uncertainty; the leaderboard ranks by the rating less twice it):",
        "**Chess Dip**: rating 2224 ±416, 1393 on the leaderboard (provisional until 5 rated games); 2 games: 1st in 2, average score 0.77.",
        "- game 10 in channel dip-2: England, 1st of 4 (solo), score 1, 1974 → 2224",
        "- game 9 in channel dip-1: England, 1st of 4 (sum of squares, 7 centers), score 0.544, 1500 → 1974",
        "- game 10 in channel dip-2: Italy, shared 2nd of 4 (conceded), score 0, 1500 → 1361",
        "- game 9 in channel dip-1: Italy, shared 2nd of 4 (sum of squares, 4 centers), score 0.178, 1500 → 1500",
        "**Diplomacy Chess**: rating 1541 ±183, 1175 on the leaderboard; 6 games: 3 won, 1 drawn, 2 lost.",
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
