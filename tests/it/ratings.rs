//! Ratings per server and game, through the console: a two-player win
//! (Glicko-2), four- and three-power draws (Weng-Lin), an unseated player,
//! a moderator's end, a rollback of an ended game; and a property test on a
//! scratch store: after any sequence of finished and rolled-back games, the
//! incrementally kept tables equal a recomputation from scratch.

use crate::support::scratch;
use scratch::{console_at, export, run, service_at, store_of, temp_dir, two_players};

use std::path::Path;

use chessdip::console::Console;
use chessdip_game::standings::ratings;
use chessdip_game::status::GameStatus;
use chessdip_game::store::{self, RatingChange, RatingRow, ScoreRow, Store, WinDrawLoss};
use chessdip_game::Caller;
use proptest::prelude::*;
use serde_json::{json, Value};

/// The console's server.
const GUILD: &str = "console";

/// The ratings of `variant` in the console's server, best first.
fn board(dir: &Path, variant: &str) -> Vec<RatingRow> {
    let s = Store::open(&dir.join("g.db")).expect("store");
    s.read(|c| store::ratings(c, GUILD, variant)).expect("ratings")
}

/// The rating changes of `variant` in the console's server, in order.
fn changes(dir: &Path, variant: &str) -> Vec<RatingChange> {
    let s = Store::open(&dir.join("g.db")).expect("store");
    s.read(|c| store::rating_changes(c, GUILD, variant)).expect("changes")
}

fn of<'a>(rows: &'a [RatingRow], user: &str) -> &'a RatingRow {
    rows.iter().find(|r| r.user == user).unwrap_or_else(|| panic!("{user} is not rated: {rows:?}"))
}

/// A Diplomacy Chess game for `white` and `black`, started.
fn simul(c: &mut Console, white: &str, black: &str) {
    let out = run(
        c,
        &[
            "gm game create diplomacy-chess",
            &format!("{white} join White"),
            &format!("{black} join Black"),
            "gm game start",
        ],
    );
    assert!(out.contains("The game begins"), "{out}");
}

/// White's four-move checkmate; the last reply.
fn scholars_mate(c: &mut Console, white: &str, black: &str) -> String {
    let mut last = String::new();
    for (w, b) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6"), ("Qxf7", "a6")] {
        run(c, &[&format!("{white} orders {w}"), &format!("{black} orders {b}"), &format!("{white} ready")]);
        last = c.line(&format!("{black} ready"));
    }
    last
}

#[test]
fn a_two_player_win_moves_the_winner_up_and_the_loser_down_alike() {
    let dir = temp_dir("ratings-win");
    let mut c = console_at(&dir, &[]).without_images();
    simul(&mut c, "alice", "bob");
    let end = scholars_mate(&mut c, "alice", "bob");
    assert!(
        end.contains("Scores: White 1, Black 0.\n    Diplomacy Chess ratings on this server: alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)."),
        "{end}"
    );
    let rows = board(&dir, "diplomacy-chess");
    let (a, b) = (of(&rows, "alice"), of(&rows, "bob"));
    assert!(a.rating > 1500.0 && b.rating < 1500.0, "{rows:?}");
    assert!(((a.rating - 1500.0) - (1500.0 - b.rating)).abs() < 1e-6, "alike: {rows:?}");
    assert!(a.deviation < 350.0 && b.deviation < 350.0, "a game makes them surer: {rows:?}");
    assert_eq!((a.games, a.wins, a.draws, a.losses), (1, 1, 0, 0));
    assert_eq!((b.games, b.wins, b.draws, b.losses), (1, 0, 0, 1));
    assert_eq!(rows[0].user, "alice", "best first");
    let ch = changes(&dir, "diplomacy-chess");
    assert_eq!(ch.len(), 2);
    assert_eq!(
        (ch[0].user.as_str(), ch[0].power.as_str(), ch[0].outcome, ch[0].ord),
        ("alice", "White", WinDrawLoss::Win, 1)
    );
    assert_eq!((ch[1].before, ch[1].after, ch[1].outcome), (1500.0, b.rating, WinDrawLoss::Loss));
    // `game status` repeats them.
    let status = c.line("bob game status");
    assert!(
        status.contains("Scores: White 1, Black 0.\n    Diplomacy Chess ratings on this server: alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)."),
        "{status}"
    );
    // The export carries the game's changes.
    let json = export(&mut c);
    let r = &json["ratings"];
    assert_eq!(r.as_array().map(Vec::len), Some(2), "{r}");
    assert_eq!((&r[0]["user"], &r[0]["power"], &r[0]["outcome"]), (&json!("alice"), &json!("White"), &json!("win")));
    assert_eq!((&r[1]["before"], &r[1]["after"], &r[1]["score"]), (&json!(1500.0), &json!(b.rating), &json!(0.0)));
    assert_eq!((&r[0]["system"], &r[0]["ord"], &r[0]["name"]), (&json!("glicko-2"), &json!(1), &json!("alice")));
    assert_eq!(r[0]["state"]["rating"], json!(a.rating));
    assert_eq!(r[0]["state"]["deviation"], json!(a.deviation));
    // Other games are rated apart.
    assert!(board(&dir, "diplomat-chess").is_empty());

    // The next game starts from these ratings: bob, now lower, beats alice and gains more than 162.
    simul(&mut c, "bob", "alice");
    let end = scholars_mate(&mut c, "bob", "alice");
    let rows = board(&dir, "diplomacy-chess");
    let (a2, b2) = (of(&rows, "alice"), of(&rows, "bob"));
    assert!(b2.rating - b.rating > 162.0 && a2.rating < a.rating, "{rows:?}");
    assert_eq!((b2.games, b2.wins, b2.losses), (2, 1, 1));
    let before = format!("bob {} → {}", b.rating.round(), b2.rating.round());
    assert!(end.contains(&before), "{before} in {end}");
    assert_eq!(changes(&dir, "diplomacy-chess").iter().map(|c| c.ord).collect::<Vec<_>>(), [1, 1, 2, 2]);
}

#[test]
fn a_four_power_draw_keeps_the_ratings_level_and_a_concession_costs() {
    let dir = temp_dir("ratings-draw");
    let mut c = console_at(&dir, &[]).without_images();
    run(&mut c, &["gm game create chessdip", "a join", "b join", "c join", "d join", "gm game start"]);
    let end = run(&mut c, &["a draw yes", "b draw yes", "c draw yes", "d draw yes"]);
    assert!(end.contains("Chess Dip ratings on this server: "), "{end}");
    assert!(end.contains("a 1500 → 1500 (±0)") && end.contains("d 1500 → 1500 (±0)"), "{end}");
    let rows = board(&dir, "chessdip");
    assert_eq!(rows.len(), 4);
    for r in &rows {
        assert!((r.rating - 1500.0).abs() < 1e-9, "a draw of equals moves nobody: {r:?}");
        assert!(r.deviation < 500.0, "but makes their ratings surer: {r:?}");
        assert_eq!((r.games, r.wins, r.draws, r.losses), (1, 0, 1, 0));
    }

    // Three draw after the fourth conceded: the three gain alike, the fourth loses.
    run(&mut c, &["gm game create chesspolitik4", "a join", "b join", "c join", "d join", "gm game start"]);
    assert!(c.line("a concede").contains("concedes the game"));
    let end = run(&mut c, &["b draw yes", "c draw yes", "d draw yes"]);
    assert!(end.contains("Chesspolitik ratings on this server: "), "{end}");
    let rows = board(&dir, "chesspolitik4");
    let a = of(&rows, "a");
    assert!(a.rating < 1500.0 && (a.losses, a.games) == (1, 1), "{rows:?}");
    for u in ["b", "c", "d"] {
        let r = of(&rows, u);
        assert!(r.rating > 1500.0 && (r.rating - of(&rows, "b").rating).abs() < 1e-9, "{rows:?}");
        assert_eq!(r.draws, 1);
    }
    assert_eq!(rows[3].user, "a", "last on the board");
    assert_eq!(board(&dir, "chessdip").len(), 4, "Chess Dip's ratings are kept apart");
}

#[test]
fn an_unseated_player_is_rated_with_their_loss() {
    let dir = temp_dir("ratings-unseated");
    let mut c = console_at(&dir, &[]).without_images();
    two_players(&mut c, "movement=24h grace=0 cd-after=1");
    c.line("alice orders K c1 - c2");
    assert!(c.line("advance 24h").contains("bob is unseated from England"));
    let end = c.line("alice draw yes");
    assert!(end.contains("Scores: France 1, England 0 (unseated)."), "{end}");
    assert!(end.contains("alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)."), "{end}");
    let rows = board(&dir, "chesspolitik2");
    assert_eq!(of(&rows, "bob").losses, 1);
    let ch = changes(&dir, "chesspolitik2");
    assert_eq!((ch[1].user.as_str(), ch[1].power.as_str(), ch[1].outcome), ("bob", "England", WinDrawLoss::Loss));
    // The export says who held the unseated power.
    assert_eq!(export(&mut c)["scores"][1]["user"], "bob");
}

#[test]
fn a_moderator_end_changes_no_rating_and_says_nothing_of_them() {
    let dir = temp_dir("ratings-end");
    let mut c = console_at(&dir, &[]).without_images();
    simul(&mut c, "alice", "bob");
    let end = c.line("gm game end");
    assert!(end.contains("not scored") && !end.contains("ratings"), "{end}");
    assert!(board(&dir, "diplomacy-chess").is_empty());
    assert!(changes(&dir, "diplomacy-chess").is_empty());
    assert_eq!(export(&mut c)["ratings"], Value::Null);
    assert!(!c.line("gm game status").contains("ratings"));
}

#[test]
fn a_game_with_one_rated_player_changes_nothing_and_says_why() {
    let dir = temp_dir("ratings-vacant");
    let mut c = console_at(&dir, &["gm"]).without_images();
    // England was never taken: nobody sat in it, nobody is rated for it.
    run(&mut c, &["gm game create chesspolitik2", "alice join France", "gm game start"]);
    let end = c.line("alice draw yes");
    assert!(end.contains("Scores: France 1, England 0 (vacant)."), "{end}");
    assert!(
        end.contains(
            "Chesspolitik (2 players) ratings on this server: unchanged, a game needs two rated players (a vacant power is not rated, nor a bot: a game is rated among its people)."
        ),
        "{end}"
    );
    assert!(board(&dir, "chesspolitik2").is_empty());
    assert_eq!(export(&mut c)["ratings"], json!([]), "scored, but no rating changed");
    assert!(c.line("alice game status").contains("ratings on this server: unchanged"));
}

#[test]
fn vanishing_never_pays_better_than_conceding() {
    // Removed by a moderator: a loss with 0, as a concession is.
    let dir = temp_dir("ratings-removed");
    let mut c = console_at(&dir, &["gm"]).without_images();
    two_players(&mut c, "");
    assert!(c.line("gm game kick bob").contains("England is open for takeover"));
    let end = c.line("alice draw yes");
    assert!(
        end.contains(
            "Scores: France 1, England 0 (vacant). Players who left before the end score 0: bob (England, removed)."
        ),
        "{end}"
    );
    assert!(end.contains("alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)."), "{end}");
    let conceded = temp_dir("ratings-conceded");
    let mut k = console_at(&conceded, &["gm"]).without_images();
    two_players(&mut k, "");
    assert!(k.line("bob concede").contains("bob 1500 → 1338 (−162)"), "the same as a concession");
    let rows = board(&dir, "chesspolitik2");
    assert_eq!((of(&rows, "bob").games, of(&rows, "bob").losses, of(&rows, "alice").wins), (1, 1, 1));
    assert_eq!(of(&rows, "bob").rating, of(&board(&conceded, "chesspolitik2"), "bob").rating);
    let json = export(&mut c);
    assert_eq!(
        json["scores"][2],
        json!({"power": "England", "user": "bob", "name": "bob", "score": 0.0, "shown": "0", "how": "removed"})
    );
    assert_eq!((&json["ratings"][1]["user"], &json["ratings"][1]["outcome"]), (&json!("bob"), &json!("loss")));
    assert!(c.line("alice game status").contains("Players who left before the end score 0: bob (England, removed)."));
    assert!(c.line("alice profile bob").contains("England, removed, score 0, 1500 → 1338"));
    // Unseated and taken over, or replaced by a moderator: a loss too; whoever held the power at the end plays on.
    let dir = temp_dir("ratings-left");
    let mut c = console_at(&dir, &["gm"]).without_images();
    run(
        &mut c,
        &[
            "gm game create chessdip movement=24h grace=0 cd-after=1",
            "a join England",
            "b join France",
            "d join Italy",
            "e join Scandinavia",
            "gm game start",
        ],
    );
    // Marked ready without orders, the others hold by choice; d is absent.
    run(&mut c, &["a ready", "b ready", "e ready"]);
    let r = c.line("advance 24h");
    assert!(r.contains("d is unseated from Italy"), "{r}");
    run(&mut c, &["f join Italy", "gm game assign g Scandinavia"]);
    let end = run(&mut c, &["a draw yes", "b draw yes", "f draw yes", "g draw yes"]);
    assert!(
        end.contains("Players who left before the end score 0: d (Italy, unseated) and e (Scandinavia, replaced)."),
        "{end}"
    );
    let changes = changes(&dir, "chessdip");
    for user in ["d", "e"] {
        let ch = changes.iter().find(|ch| ch.user == user).unwrap_or_else(|| panic!("{user} is rated: {changes:?}"));
        assert_eq!((ch.score, ch.outcome), (0.0, WinDrawLoss::Loss));
    }
    assert_eq!(of(&board(&dir, "chessdip"), "e").losses, 1);
    // Chess Wheel+: a board whose player was removed is scored with the others.
    let dir = temp_dir("ratings-wheel-removed");
    let mut c = console_at(&dir, &["gm"]).without_images();
    run(
        &mut c,
        &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "cy join", "gm game start", "gm game kick ann"],
    );
    let end = run(&mut c, &["bo draw yes", "cy draw yes"]);
    assert!(
        end.contains(
            "Scores: bo ½, cy ½, ann 0 (vacant). Players who left before the end score 0: ann (ann, removed)."
        ),
        "{end}"
    );
    assert!(end.contains("ann 1500 → 1184 (−316)"), "as a concession: {end}");
}

#[test]
fn a_conceded_chess_wheel_player_is_rated_with_their_loss() {
    let dir = temp_dir("ratings-wheel");
    let mut c = console_at(&dir, &[]).without_images();
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "cy join", "gm game start"]);
    c.line("ann concede");
    c.line("bo draw yes");
    let end = c.line("cy draw yes");
    assert!(
        end.contains("Chess Wheel+ ratings on this server: ann 1500 → 1184 (−316), bo 1500 → 1658 (+158), cy 1500 → 1658 (+158)."),
        "{end}"
    );
    let rows = board(&dir, "chess-wheel");
    assert_eq!((of(&rows, "ann").losses, of(&rows, "bo").draws, of(&rows, "cy").draws), (1, 1, 1));
    let json = export(&mut c);
    assert_eq!((&json["ratings"][0]["system"], &json["ratings"][0]["outcome"]), (&json!("weng-lin"), &json!("loss")));
    let mu = json["ratings"][1]["state"]["rating"].as_f64().expect("mu");
    assert!((mu * 60.0 - of(&rows, "bo").rating).abs() < 1e-9, "shown as mu × 60");
}

#[test]
fn a_rollback_of_an_ended_game_takes_its_ratings_back() {
    let dir = temp_dir("ratings-rollback");
    let mut c = console_at(&dir, &[]).without_images();
    simul(&mut c, "carol", "dave");
    scholars_mate(&mut c, "carol", "dave");
    let first = board(&dir, "diplomacy-chess");
    simul(&mut c, "alice", "bob");
    let end = scholars_mate(&mut c, "alice", "bob");
    assert!(end.contains("alice 1500 → 1662"), "{end}");
    assert_eq!(board(&dir, "diplomacy-chess").len(), 4);
    let back = c.line("gm game rollback");
    assert!(
        back.contains("Rolled back: Turn 4 is open again")
            && back.contains("The game's end is undone, and its scores and rating changes with it."),
        "{back}"
    );
    assert_eq!(board(&dir, "diplomacy-chess"), first, "only the first game's ratings are left");
    assert_eq!(changes(&dir, "diplomacy-chess").len(), 2);
    assert_eq!(export(&mut c)["ratings"], Value::Null, "a game played again has no rating changes");
    // Played to its end again, it is rated again, once, as the server's second game.
    let again = c.line("gm game force");
    assert!(again.contains("alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)."), "{again}");
    let ch = changes(&dir, "diplomacy-chess");
    assert_eq!(ch.iter().map(|c| c.ord).collect::<Vec<_>>(), [1, 1, 2, 2]);
    assert_eq!(of(&board(&dir, "diplomacy-chess"), "alice").games, 1);
}

#[test]
fn each_server_keeps_its_own_ratings() {
    let dir = temp_dir("ratings-servers");
    let (service, _clock) = service_at(&dir, 1_700_000_000);
    let say = |channel: &str, guild: &str, who: &str, line: &str| -> String {
        let caller = Caller::player(who);
        service.command(channel, guild, &caller, line).into_iter().map(|r| r.text).collect::<Vec<_>>().join("\n")
    };
    // alice beats bob in the first server, bob beats alice in the second.
    for (guild, white, black) in [("server-1", "111", "222"), ("server-2", "222", "111")] {
        let ch = format!("{guild}-c");
        say(&ch, guild, "gm", "game create diplomacy-chess");
        say(&ch, guild, white, "join White");
        say(&ch, guild, black, "join Black");
        say(&ch, guild, "gm", "game start");
        let mut end = String::new();
        for (w, b) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6"), ("Qxf7", "a6")] {
            say(&ch, guild, white, &format!("orders {w}"));
            say(&ch, guild, black, &format!("orders {b}"));
            say(&ch, guild, white, "ready");
            end = say(&ch, guild, black, "ready");
        }
        // On Discord the players are mentioned.
        let line = format!(
            "Diplomacy Chess ratings on this server: <@{white}> 1500 → 1662 (+162), <@{black}> 1500 → 1338 (−162)."
        );
        assert!(end.contains(&line), "{end}");
    }
    let board =
        |guild: &str| store_of(&service).read(|c| store::ratings(c, guild, "diplomacy-chess")).expect("ratings");
    assert_eq!(board("server-1")[0].user, "111");
    assert_eq!(board("server-2")[0].user, "222");
    assert_eq!(board("server-1")[0].games, 1, "one game each, never shared");
}

#[test]
fn games_scored_before_ratings_were_kept_are_rated_at_the_start() {
    let dir = temp_dir("ratings-old");
    let (first, first_changes) = {
        let mut c = console_at(&dir, &[]).without_images();
        simul(&mut c, "alice", "bob");
        scholars_mate(&mut c, "alice", "bob");
        simul(&mut c, "bob", "carol");
        scholars_mate(&mut c, "bob", "carol");
        (board(&dir, "diplomacy-chess"), changes(&dir, "diplomacy-chess"))
    };
    assert_eq!(first.len(), 3);
    // The database as a version that kept scores but no ratings left it.
    let conn = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    conn.execute_batch("DELETE FROM rating_changes; DELETE FROM ratings;").expect("forget");
    drop(conn);
    let mut c = console_at(&dir, &[]).without_images();
    assert_eq!(board(&dir, "diplomacy-chess"), first, "rated again, in the order the games ended");
    assert_eq!(changes(&dir, "diplomacy-chess"), first_changes);
    assert!(c.line("carol game status").contains("bob 1338 → "), "the status reads them");
}

/// One step of the property test: a game ending with these scores (each
/// a power's user, by index into the pool or vacant, and its score, and a
/// user who left the first power's seat before the end, scored 0 in a row
/// of their own), or the rollback of the `n`th ended game still ended.
#[derive(Clone, Debug)]
enum Step {
    End { guild: usize, variant: usize, at: i64, powers: Vec<(Option<usize>, u8)>, left: Option<usize> },
    RollBack(usize),
}

const USERS: [&str; 5] = ["u0", "u1", "u2", "u3", "u4"];
const VARIANTS: [&str; 2] = ["diplomat-chess", "chessdip"];
const GUILDS: [&str; 2] = ["g1", "g2"];
/// The scores a power can take: 0, ¼, ⅓, ½, 1.
const SCORES: [f64; 5] = [0.0, 0.25, 1.0 / 3.0, 0.5, 1.0];

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..2usize, 0..2usize, 0..3i64, proptest::collection::vec((proptest::option::weighted(0.85, 0..5usize), 0..5u8), 2..5), proptest::option::weighted(0.3, 0..5usize))
            .prop_map(|(guild, variant, at, powers, left)| Step::End { guild, variant, at, powers, left }),
        1 => (0..8usize).prop_map(Step::RollBack),
    ]
}

/// Every guild and variant's changes and ratings.
fn tables(c: &rusqlite::Connection) -> Vec<(Vec<RatingChange>, Vec<RatingRow>)> {
    let mut out = Vec::new();
    for g in GUILDS {
        for v in VARIANTS {
            out.push((store::rating_changes(c, g, v).expect("changes"), store::ratings(c, g, v).expect("ratings")));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_kept_ratings_equal_a_recomputation(steps in proptest::collection::vec(step(), 1..24)) {
        let mut c = rusqlite::Connection::open_in_memory().expect("memory");
        store::MIGRATIONS.to_latest(&mut c).expect("schema");
        let mut now = 1_000;
        // The ended games, in the order they ended, and the games rolled back, with their scores.
        let mut ended: Vec<(i64, String, String, Vec<ScoreRow>)> = Vec::new();
        let mut reopened: Vec<(i64, String, String, Vec<ScoreRow>)> = Vec::new();
        for (n, s) in steps.into_iter().enumerate() {
            match s {
                Step::End { guild, variant, at, powers, left } => {
                    // Every other end replays a game rolled back before, if any.
                    let (id, guild, variant, rows) = match reopened.pop() {
                        Some(g) if n % 2 == 0 => g,
                        other => {
                            reopened.extend(other);
                            let (guild, variant) = (GUILDS[guild].to_string(), VARIANTS[variant].to_string());
                            let id = store::insert_game(&c, &format!("ch{n}"), &guild, &variant, "{}", "gm", now)
                                .expect("insert").expect("a new channel");
                            let mut users = Vec::new();
                            let mut rows: Vec<ScoreRow> = powers.iter().enumerate().map(|(i, (u, sc))| {
                                // Each user once a game.
                                let user = u.map(|u| USERS[u].to_string()).filter(|u| !users.contains(u));
                                users.extend(user.clone());
                                ScoreRow { power: format!("P{i}"), user, score: SCORES[usize::from(*sc)], shown: String::new(), how: String::new() }
                            }).collect();
                            // A player who left the first power's seat: the power's second row, a 0.
                            if let Some(user) = left.map(|u| USERS[u].to_string()).filter(|u| !users.contains(u)) {
                                rows.push(ScoreRow { power: "P0".into(), user: Some(user), score: 0.0, shown: "0".into(), how: "removed".into() });
                            }
                            (id, guild, variant, rows)
                        }
                    };
                    // Some games end in the same second.
                    now += at;
                    store::set_status(&c, id, GameStatus::Ended, Some("over")).expect("status");
                    store::set_ended_at(&c, id, now, None).expect("ended at");
                    store::put_scores(&c, id, &rows).expect("scores");
                    ratings::rate_game(&c, id, (&guild, &variant), &rows).expect("rated");
                    ended.push((id, guild, variant, rows));
                }
                Step::RollBack(i) if !ended.is_empty() => {
                    let g = ended.remove(i % ended.len());
                    store::reopen_game(&c, g.0).expect("reopen");
                    store::delete_scores(&c, g.0).expect("scores");
                    ratings::rolled_back(&c, g.0).expect("rolled back");
                    reopened.push(g);
                }
                Step::RollBack(_) => {}
            }
        }
        let kept = tables(&c);
        for g in GUILDS {
            for v in VARIANTS {
                ratings::recompute(&c, g, v).expect("recompute");
            }
        }
        prop_assert_eq!(&kept, &tables(&c));
        // And the ratings are the last change of each player, with their record.
        for (changes, rows) in &kept {
            for r in rows {
                let mine: Vec<&RatingChange> = changes.iter().filter(|ch| ch.user == r.user).collect();
                prop_assert_eq!(r.games, mine.len() as i64);
                prop_assert_eq!(r.wins, mine.iter().filter(|ch| ch.outcome == WinDrawLoss::Win).count() as i64);
                prop_assert_eq!(r.rating, mine.last().expect("a change").after);
                prop_assert_eq!(r.last_game, mine.last().expect("a change").game);
            }
        }
    }
}
