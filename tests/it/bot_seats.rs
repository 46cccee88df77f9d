//! Bots in seats, through the `play` console: a game started with bots
//! resolves every phase without a person's orders for them; `vacant=bot`
//! seats a bot after an unseating and hands the seat to a person who
//! joins; a bot in a hashed game commits a salted text and reveals it; its
//! orders stay private until the phase resolves; a bot stopped mid-turn is
//! asked again and sends nothing twice; and the refusals of bad requests,
//! each leaving the game as it was.

use crate::support::scratch;

use chessdip_game::bots::bot_caller;
use chessdip_game::{Request, Service};
use rusqlite::Connection;
use scratch::{console_at, run, service_at, temp_dir};

/// One value of a query on the console's database.
fn one<T: rusqlite::types::FromSql>(db: &std::path::Path, sql: &str) -> T {
    Connection::open(db).expect("db").query_row(sql, [], |r| r.get(0)).expect("query")
}

#[test]
fn a_game_started_with_bots_resolves_every_phase_without_a_persons_orders_for_them() {
    let dir = temp_dir("three-bots");
    let mut c = console_at(&dir, &[]).without_images();
    let made = run(&mut c, &["gm game create chessdip bots=3 movement=1d adjustment=12h", "alice join"]);
    assert!(made.contains("Bots take their seats: England (bot), Italy (bot) and France (bot)"), "{made}");
    assert!(made.contains("alice joins as Scandinavia. Every power is taken"), "{made}");
    let started = c.line("gm game start");
    assert!(started.contains("Played by bots: England (bot), France (bot) and Italy (bot)"), "{started}");
    let status = c.line("gm game status");
    for bot in ["England", "Italy", "France"] {
        assert!(status.contains(&format!("{bot} (bot): 3 centers, 3 pieces [orders in, ready]")), "{status}");
    }
    assert!(status.contains("Scandinavia (alice): 3 centers, 3 pieces [no orders yet]"), "{status}");
    // Six phases (Spring, Fall, Winter, twice): alice only ever marks ready; the bots order every one.
    let mut phases = 0;
    for _ in 0..6 {
        let out = c.line("alice ready");
        if out.contains("nothing to mark ready") {
            // A Winter alice owes nothing in: its deadline resolves it (the bots are ready).
            let out = c.line("advance 12h");
            assert!(out.contains("resolved** (the deadline passed)"), "{out}");
            phases += 1;
            continue;
        }
        assert!(out.contains("resolved** (every power is ready)"), "{out}");
        for bot in ["England", "Italy", "France"] {
            assert!(!out.contains(&format!("{bot} sent no orders")), "{out}");
        }
        phases += 1;
    }
    assert_eq!(phases, 6);
    let turns: i64 = one(&dir.join("g.db"), "SELECT COUNT(*) FROM bot_turns WHERE outcome = 'played'");
    assert!(turns >= 12, "the bots played their turns: {turns}");
    let refused: i64 = one(&dir.join("g.db"), "SELECT COUNT(*) FROM bot_turns WHERE outcome LIKE 'refused%'");
    assert_eq!(refused, 0, "nothing a bot sent was refused");
    // The results name the bots as bots.
    let history = c.line("alice history Spring 1");
    assert!(history.contains("England (bot):") && history.contains("Italy (bot):"), "{history}");
    // And so does the export.
    let json = scratch::export(&mut c);
    let powers = json["powers"].as_array().expect("powers");
    let player = |i: usize| &powers[i]["player"];
    assert_eq!(player(0)["name"], "England (bot)");
    assert_eq!((player(0)["bot"].as_bool(), player(0)["user"].as_str()), (Some(true), Some("bot:England")));
    assert_eq!((player(3)["name"].as_str(), player(3)["bot"].as_bool()), (Some("alice"), Some(false)));
}

#[test]
fn vacant_bot_seats_a_bot_after_an_unseating_and_hands_the_seat_to_a_person_who_joins() {
    let dir = temp_dir("vacant-bot");
    let mut c = console_at(&dir, &[]).without_images();
    let made = run(
        &mut c,
        &["gm game create diplomacy-chess movement=1d grace=0 vacant=bot", "alice join White", "bob join Black"],
    );
    assert!(made.contains("(anyone may `join` it, a bot playing it until then)"), "{made}");
    run(&mut c, &["gm game start", "alice orders e4", "advance 1d", "alice orders d4"]);
    let out = c.line("advance 1d");
    assert!(
        out.contains("bob is unseated from Black after 2 phases in civil disorder. Black (bot): a bot plays Black until someone takes it; `join Black` plays it from the next phase."),
        "{out}"
    );
    let status = c.line("alice status");
    assert!(status.contains("Black (bot): 16 pieces") && status.contains("[orders in, ready]"), "{status}");
    let out = run(&mut c, &["alice orders Nf3", "alice ready"]);
    assert!(out.contains("Turn 3 resolved** (every power is ready)") && out.contains("Black (bot):"), "{out}");
    let joined = c.line("carol join Black");
    assert!(
        joined.contains("carol takes over Black from its bot when the next phase opens; the bot plays Turn 4"),
        "{joined}"
    );
    let status = c.line("alice status");
    assert!(
        status.contains("Black (bot): 16 pieces, material 39 [orders in, ready, carol takes it at the next phase]"),
        "{status}"
    );
    let refused = c.line("dave join Black");
    assert!(refused.contains("carol already takes Black from its bot"), "{refused}");
    // Until then the bot plays Turn 4, and carol has no power yet.
    assert!(c.line("carol orders e5").contains("not playing"), "carol waits for the next phase");
    let out = run(&mut c, &["alice orders Nc3", "alice ready"]);
    assert!(
        out.contains("Turn 4 resolved") && out.contains("carol now plays Black, taking over from the bot."),
        "{out}"
    );
    let status = c.line("alice status");
    assert!(status.contains("Black (carol): 16 pieces") && status.contains("[no orders yet]"), "{status}");
    let accepted = c.line("carol orders e5");
    assert!(accepted.contains("Accepted for Black: e5"), "{accepted}");
    // The export names the takeover, and no record is a bot's.
    let records: i64 = one(&dir.join("g.db"), "SELECT COUNT(*) FROM reliability WHERE user_id LIKE 'bot:%'");
    assert_eq!(records, 0);
}

#[test]
fn a_game_whose_people_all_vanished_pauses_and_a_person_takes_a_bots_power_at_once() {
    let dir = temp_dir("people-gone");
    let mut c = console_at(&dir, &[]).without_images();
    run(
        &mut c,
        &[
            "gm game create chesspolitik2 movement=1d grace=0 cd-after=1 vacant=bot",
            "alice join France",
            "bob join England",
            "gm game start",
        ],
    );
    let out = c.line("advance 1d");
    assert!(out.contains("alice is unseated from France after 1 phase in civil disorder. France (bot)"), "{out}");
    assert!(out.contains("bob is unseated from England after 1 phase in civil disorder. England (bot)"), "{out}");
    assert!(out.contains("**Nobody is left playing:** every power still in the game is vacant or played by a bot. The game is paused"), "{out}");
    // The bots do not play on alone: the game stays paused, whatever the clock.
    let status = c.line("gm game status");
    assert!(status.contains("paused with 1d left"), "{status}");
    let out = c.line("advance 3d");
    assert!(!out.contains("resolved") && !out.contains("committed"), "nothing resolves, no bot plays: {out}");
    let out = c.line("carol join France");
    assert!(out.contains("carol joins as France, taking over from its bot. The game resumes"), "{out}");
    let status = c.line("gm game status");
    assert!(
        status.contains("France (carol)") && status.contains("England (bot)") && !status.contains("paused"),
        "{status}"
    );
}

#[test]
fn a_bot_in_a_hashed_game_commits_a_salted_text_and_reveals_it() {
    let dir = temp_dir("hashed-bot");
    let mut c = console_at(&dir, &[]).without_images();
    run(
        &mut c,
        &["gm game create chesspolitik2 movement=1d grace=0 hashed=yes reveal=12h bots=England", "alice join France"],
    );
    let started = c.line("gm game start");
    assert!(started.contains("England (bot) committed `"), "{started}");
    let status = c.line("alice status");
    assert!(status.contains("England (bot): 3 centers, 3 pieces [committed, ready]"), "{status}");
    // The sealed text is kept privately, a salt line first, until the bot reveals it.
    let db = dir.join("g.db");
    let sealed: String = one(&db, "SELECT text FROM bot_seals");
    assert!(sealed.starts_with("# salt ") && sealed.lines().count() > 1, "{sealed}");
    assert!(!started.contains(sealed.lines().nth(1).expect("an order")), "the orders are not shown: {started}");
    // alice commits and is ready: the reveal window opens at once, and the bot reveals in it.
    let mine = "K c1 - c2";
    let hash = chessdip_game::hashed::sha256_hex(mine);
    c.line(&format!("alice commit {hash}"));
    let out = c.line("alice ready");
    assert!(out.contains("The commit window of Spring 1401 has closed"), "{out}");
    assert!(out.contains("England (bot)'s reveal matches its commitment"), "{out}");
    let revealed: String = one(&db, "SELECT text FROM reveals WHERE matched = 1");
    assert_eq!(revealed, sealed, "the bot revealed the text it sealed, byte for byte");
    let out = c.line(&format!("alice reveal {mine}"));
    assert!(out.contains("Spring 1401 resolved** (every commitment was revealed)"), "{out}");
    assert!(out.contains("England (bot): revealed `") && out.contains("France: revealed `"), "{out}");
    assert!(out.contains("England (bot) committed `"), "it commits again in Fall 1401: {out}");
    // A reveal window in which only the bot committed waits for its deadline: bots alone never hurry a phase.
    let out = c.line("advance 1d");
    assert!(out.contains("England (bot)'s reveal matches") && !out.contains("Fall 1401 resolved"), "{out}");
    let out = c.line("advance 12h");
    assert!(out.contains("Fall 1401 resolved** (the deadline passed)"), "{out}");
}

#[test]
fn a_bots_orders_stay_private_until_its_phase_resolves() {
    let dir = temp_dir("private-bot");
    let mut c = console_at(&dir, &[]).without_images();
    let before = run(
        &mut c,
        &[
            "gm game create chesspolitik2 movement=1d bots=England",
            "alice join France",
            "gm game start",
            "alice status",
            "alice orders show",
            "gm game export",
            "alice history",
        ],
    );
    let after = run(&mut c, &["alice orders K c1 - c2", "alice ready"]);
    let result = after.split("Spring 1401 resolved").nth(1).expect("resolved");
    // The result alone, not the direct messages printed after it.
    let result = result.split("\n[").next().unwrap_or(result);
    let england = result.split("England (bot):").nth(1).expect("England's orders").split("France").next().unwrap_or("");
    let orders: Vec<&str> = england.lines().filter_map(|l| l.trim().split_once(' ')).map(|(_, o)| o).collect();
    assert!(!orders.is_empty(), "{after}");
    for order in orders {
        let order = order.split(" (").next().unwrap_or(order);
        assert!(!before.contains(order), "`{order}` was shown before the phase resolved:\n{before}");
    }
}

#[test]
fn a_bot_stopped_mid_turn_is_asked_again_and_sends_nothing_twice() {
    let dir = temp_dir("restart");
    let (service, clock) = service_at(&dir, 1_900_000_000);
    let gm = chessdip_game::Caller::player("gm");
    for (who, line) in
        [("gm", "game create chesspolitik2 bots=England"), ("alice", "join France"), ("gm", "game start")]
    {
        let _ = service.command("c", "g", &chessdip_game::Caller::player(who), line);
    }
    let _ = gm;
    // The bot's orders were stored, then the process stopped before its ready mark and its turn's record.
    let turns = service.owed_bot_turns(10).expect("turns");
    assert_eq!(turns.len(), 1, "{turns:?}");
    let bot = bot_caller("England");
    service.handle("c", "g", &bot, Request::Submit { orders: "K d6 - d5".into() }).expect("the bot's orders");
    let db = dir.join("g.db");
    let stamped: i64 = one(&db, "SELECT submitted_at FROM orders WHERE power = 'England'");
    drop(service);
    clock.advance(60);
    // A new process on the same database: the turn is still owed, and taken without sending the orders again.
    let service = Service::new(chessdip_game::store::Store::open(&db).expect("store"), clock.clone());
    assert_eq!(service.owed_bot_turns(10).expect("turns").len(), 1, "asked again");
    assert_eq!(service.play_bots(std::time::Duration::from_millis(300)).expect("played"), 1);
    let again: i64 = one(&db, "SELECT submitted_at FROM orders WHERE power = 'England'");
    let rows: i64 = one(&db, "SELECT COUNT(*) FROM orders WHERE power = 'England'");
    assert_eq!((again, rows), (stamped, 1), "the orders were stored once");
    let ready: i64 = one(&db, "SELECT COUNT(*) FROM ready WHERE power = 'England'");
    assert_eq!(ready, 1, "the ready mark it still owed");
    assert!(service.owed_bot_turns(10).expect("turns").is_empty());
    // A person may not act as a bot.
    let refused = service.command("c", "g", &chessdip_game::Caller::player("bot:England"), "orders K d6 - d5");
    assert!(refused[0].text.contains("user ids beginning `bot:` are the computer players' own"), "{refused:?}");
}

#[test]
fn bad_bot_requests_are_refused_with_the_accepted_forms_and_change_nothing() {
    let dir = temp_dir("bad-bots");
    let mut c = console_at(&dir, &[]).without_images();
    let e = c.line("gm game create chesspolitik2 bots=9");
    assert!(e.contains("`bots=9`: Chesspolitik (2 players) has 2 powers") && e.contains("`bots=` seats 1 to 1"), "{e}");
    let e = c.line("gm game create chesspolitik2 vacant=robot");
    assert!(e.contains("`vacant=robot`: vacant is hold") && e.contains("or bot"), "{e}");
    let e = c.line("gm game create chesspolitik2 bots=Prussia");
    assert!(e.contains("there is no power `Prussia`") && e.contains("France, England"), "{e}");
    assert!(c.line("gm game status").contains("no game"), "nothing was created");
    run(&mut c, &["gm game create chessdip bots=England,Italy", "alice join France", "bob join Scandinavia"]);
    let before = c.line("gm game status");
    let e = c.line("bob game bot add France");
    assert!(e.contains("only a moderator of this game can seat a bot"), "{e}");
    let e = c.line("gm game bot add Prussia");
    assert!(
        e.contains("there is no power `Prussia` in Chess Dip: its powers are England, Italy, France, Scandinavia"),
        "{e}"
    );
    let e = c.line("gm game bot add France");
    assert!(e.contains("France is held by alice: a bot takes only a free seat or a vacant power"), "{e}");
    let e = c.line("gm game bot add England");
    assert!(e.contains("a bot already plays England"), "{e}");
    let e = c.line("gm game bot remove France");
    assert!(e.contains("no bot plays France (alice holds it)"), "{e}");
    let e = c.line("gm game bot");
    assert!(e.contains("write `game bot add <power>`") && e.contains("`game bot remove <power>`"), "{e}");
    let e = c.line("gm game kick bot");
    assert!(e.contains("England is played by a bot: `game bot remove England` takes it out"), "{e}");
    assert_eq!(c.line("gm game status"), before, "nothing changed");
    // A conceded power stays out of the game.
    run(&mut c, &["gm game start", "bob concede"]);
    let before = c.line("gm game status");
    let e = c.line("gm game bot add Scandinavia");
    assert!(e.contains("Scandinavia conceded: a power that conceded or forfeited stays out of the game"), "{e}");
    assert_eq!(c.line("gm game status"), before, "nothing changed");
}

/// Runs `line` for the person until the game is over: `line` while it is
/// taken, `advance <wait>` when the person has nothing to do (a Winter
/// without builds, an eliminated power). Everything printed.
fn to_the_end(c: &mut chessdip::console::Console, line: &str, wait: &str) -> String {
    let mut all = String::new();
    for _ in 0..400 {
        let mut out = c.line(line);
        if out.contains("has ended") {
            break;
        }
        if !out.contains("resolved**") {
            out += &c.line(&format!("advance {wait}"));
        }
        let over = out.contains("**Game over");
        all += &out;
        if over {
            break;
        }
    }
    all
}

#[test]
fn one_person_plays_a_whole_chess_dip_game_against_three_bots_to_its_end() {
    let dir = temp_dir("whole-game");
    let mut c = console_at(&dir, &[]).without_images();
    run(
        &mut c,
        &["gm game create chessdip bots=3 movement=2d adjustment=1d", "alice join Scandinavia", "gm game start"],
    );
    let all = to_the_end(&mut c, "alice ready", "2d");
    assert!(all.contains("**Game over:"), "the game ends: {}", &all[all.len().saturating_sub(3000)..]);
    let status = c.line("alice status");
    assert!(status.contains("(ended)") && status.contains("Game over"), "{status}");
    let db = dir.join("g.db");
    let refused: i64 = one(&db, "SELECT COUNT(*) FROM bot_turns WHERE outcome NOT IN ('played', 'nothing owed')");
    assert_eq!(refused, 0, "every bot turn was played");
    let disorder: i64 = one(&db, "SELECT COUNT(*) FROM civil_disorder WHERE power <> 'Scandinavia'");
    assert_eq!(disorder, 0, "no bot ever missed a phase");
    // One person and bots: nobody is rated.
    assert!(all.contains("ratings on this server: unchanged, a game needs two rated players"), "rated?");
    let ratings: i64 = one(&db, "SELECT COUNT(*) FROM ratings");
    assert_eq!(ratings, 0);
}

#[test]
fn bots_are_left_out_of_ratings_and_reliability() {
    let dir = temp_dir("unrated-bots");
    let mut c = console_at(&dir, &[]).without_images();
    run(
        &mut c,
        &[
            "gm game create chessdip bots=England,France movement=2d adjustment=1d",
            "alice join Italy",
            "bob join Scandinavia",
            "gm game start",
        ],
    );
    // Both people hold and are ready every phase; bob's ready lets the phase resolve once alice's is in.
    let mut all = String::new();
    for _ in 0..200 {
        let mut out = c.line("alice ready") + &c.line("bob ready");
        if !out.contains("resolved**") {
            out += &c.line("advance 2d");
        }
        all += &out;
        if out.contains("**Game over") || out.contains("has ended") {
            break;
        }
    }
    assert!(all.contains("**Game over:"), "{}", &all[all.len().saturating_sub(2000)..]);
    let line = all.lines().find(|l| l.contains("Chess Dip ratings on this server:")).expect("the ratings line");
    assert!(line.contains("alice 1500 →") && line.contains("bob 1500 →") && !line.contains("bot"), "{line}");
    let db = dir.join("g.db");
    let bots: i64 = one(
        &db,
        "SELECT (SELECT COUNT(*) FROM ratings WHERE user_id LIKE 'bot:%')
              + (SELECT COUNT(*) FROM rating_changes WHERE user_id LIKE 'bot:%')
              + (SELECT COUNT(*) FROM reliability WHERE user_id LIKE 'bot:%')",
    );
    assert_eq!(bots, 0, "no rating, rating change or reliability row is a bot's");
    let people: i64 = one(&db, "SELECT COUNT(DISTINCT user_id) FROM ratings");
    assert_eq!(people, 2, "the two people are rated against each other");
    let finished: i64 = one(&db, "SELECT COUNT(*) FROM reliability WHERE kind = 'finished'");
    assert_eq!(finished, 2, "each person finished the game; the bots have no record");
}

#[test]
fn a_diplomacy_chess_game_whose_player_vanished_finishes_with_a_bot_in_the_vacant_seat() {
    let dir = temp_dir("vanished");
    let mut c = console_at(&dir, &[]).without_images();
    run(
        &mut c,
        &[
            "gm game create diplomacy-chess movement=1d grace=0 vacant=bot",
            "alice join White",
            "bob join Black",
            "gm game start",
            "alice orders e4",
            "alice ready",
            "advance 1d",
            "alice orders d4",
            "alice ready",
        ],
    );
    let out = c.line("advance 1d");
    assert!(out.contains("bob is unseated from Black after 2 phases in civil disorder. Black (bot)"), "{out}");
    let all = to_the_end(&mut c, "alice ready", "1d");
    assert!(all.contains("**Game over:"), "the game ends: {}", &all[all.len().saturating_sub(3000)..]);
    assert!(c.line("alice status").contains("Black (bot)"), "the bot held Black to the end");
}

/// The console script `name` under `tests/scripts/`, run line by line on a fresh console; everything printed.
fn script(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts").join(name);
    let text = std::fs::read_to_string(&path).expect("script");
    let mut c = console_at(&temp_dir(name), &["gm"]).without_images();
    text.lines().map(|l| c.line(l)).collect()
}

#[test]
fn the_bots_scripts_play_their_games_to_the_end() {
    let out = script("bots-chessdip-whole-game.txt");
    assert!(out.contains("Played by bots: England (bot), France (bot) and Italy (bot)"), "{out}");
    assert!(out.contains("Accepted for Scandinavia"), "alice plays: {out}");
    let end = out.find("**Game over:").expect("the game ends");
    assert!(!out.contains("has ended"), "the script stops at the end");
    assert!(out[end..].contains("(ended)"), "its last line reads the ended game");
    let out = script("bots-diplomacy-chess-vanished.txt");
    assert!(out.contains("bob is unseated from Black after 2 phases in civil disorder. Black (bot)"), "{out}");
    let end = out.find("**Game over:").expect("the game ends");
    assert!(out[end..].contains("Black (bot)"), "the bot held Black to the end: {}", &out[end..]);
}

#[test]
fn chess_wheel_bots_create_and_populate_their_boards_then_commit_and_reveal() {
    let dir = temp_dir("wheel-bots");
    let mut c = console_at(&dir, &[]).without_images();
    let out = run(&mut c, &["gm game create chess-wheel bots=2 cycle=7h", "alice join", "gm game bot add Zed"]);
    assert!(out.contains("Bots take their seats: bot1 (bot) and bot2 (bot)"), "{out}");
    assert!(out.contains("Zed (bot) joins"), "{out}");
    let out = c.line("gm game start");
    for bot in ["Zed", "bot1", "bot2"] {
        assert!(out.contains(&format!("{bot} created the standard board {{{bot}}}")), "{out}");
        assert!(out.contains(&format!("{bot} placed 16 pieces on {{{bot}}}")), "{out}");
        assert!(out.contains(&format!("{bot} (bot) committed `")), "{out}");
    }
    let out = c.line("advance 4h");
    for bot in ["Zed", "bot1", "bot2"] {
        assert!(out.contains(&format!("{bot} (bot)'s reveal matches its commitment")), "{out}");
    }
    // A started game with a board per player takes no new bot.
    let e = c.line("gm game bot add Yan");
    assert!(e.contains("the game has started; new players join the next game"), "{e}");
}

#[test]
fn vacant_bot_seats_a_bot_in_a_power_left_by_a_swap_or_a_kick() {
    let dir = temp_dir("swap-kick");
    let mut c = console_at(&dir, &[]).without_images();
    run(&mut c, &["gm game create chesspolitik2 vacant=bot", "alice join France", "gm game start"]);
    let out = c.line("gm game assign alice England swap");
    assert!(out.contains("alice now plays England. France (bot): a bot plays France until someone takes it"), "{out}");
    let out = c.line("gm game kick alice");
    assert!(out.contains("alice has been removed. England (bot): a bot plays England"), "{out}");
    assert!(out.contains("every power still in the game is vacant or played by a bot. The game is paused"), "{out}");
    let e = c.line("gm game kick bot");
    assert!(e.contains("is played by a bot: `game bot remove"), "{e}");
}
