//! Reliability records per server: the game rows written when a game ends,
//! a player concedes or a moderator replaces or removes them, taken back by
//! a rollback; old games counted once when the database is first opened
//! with records; `profile`; and `min-reliability` at `join`.

use crate::support::diplomat_sample;
use crate::support::scratch;

use std::path::Path;

use chessdip_game::store::{self, RecordKind};
use chessdip_game::{Caller, Reply, Service};
use rusqlite::Connection;
use scratch::{console_at, run, service_at, store_of, temp_dir};

/// The kinds of `user`'s rows in `guild`, in order, as stored words.
fn kinds(service: &Service, guild: &str, user: &str) -> Vec<&'static str> {
    let rows = store_of(service).read(|c| store::records(c, guild, user)).expect("records");
    rows.iter().map(|r| r.kind.as_str()).collect()
}

/// Gives `user` in the console's server `sent` phases in time and `missed` in civil disorder, in game `game`.
fn give_record(service: &Service, user: &str, game: i64, sent: i64, missed: i64) {
    store_of(service)
        .write(|c| {
            for seq in 1..=sent + missed {
                let kind = if seq <= sent { RecordKind::InTime } else { RecordKind::CivilDisorder };
                store::record(c, "console", user, game, seq, kind, "France", seq)?;
            }
            Ok::<_, store::StoreError>(())
        })
        .expect("record");
}

fn sql(db: &Path, sql: &str) {
    Connection::open(db).expect("db").execute_batch(sql).expect("sql");
}

#[test]
fn a_concession_and_the_end_it_brings_are_in_both_players_records() {
    let d = temp_dir("concede");
    let mut c = console_at(&d, &["gm"]).without_images();
    let mine = c.line("carol profile");
    assert!(mine.contains("you have no record in this server yet") && mine.contains("[private"), "{mine}");
    run(&mut c, &["gm game create chesspolitik2 grace=0", "alice join France", "bob join England", "gm game start"]);
    let seated = c.line("carol profile alice");
    assert!(seated.contains("[public] **Record of alice in this server**"), "shown to everyone: {seated}");
    assert!(seated.contains("Reliability: new (0 phases so far"), "a player without phases is new: {seated}");
    assert!(seated.contains("- game 1 in channel console: Chesspolitik (2 players) as France, playing"), "{seated}");
    let over = c.line("bob concede");
    assert!(over.contains("Game over: France wins by concession"), "{over}");
    assert_eq!(kinds(c.service(), "console", "bob"), ["conceded"]);
    assert_eq!(kinds(c.service(), "console", "alice"), ["finished"]);
    let bob = c.line("alice profile bob");
    assert!(bob.contains("Games: 0 finished, 0 unseated, 1 conceded, 0 forfeited, 0 left."), "{bob}");
    assert!(bob.contains("as England, conceded"), "{bob}");
    let alice = c.line("alice profile");
    assert!(alice.contains("Games: 1 finished, 0 unseated, 0 conceded, 0 forfeited, 0 left."), "{alice}");
    let nobody = c.line("alice profile dave");
    assert!(
        nobody.contains("dave has no record in this server: they have not sat in a game here")
            && nobody.contains("[private"),
        "{nobody}"
    );
    let bad = c.line("alice profile bob carol");
    assert!(bad.contains("write `profile` for your own record, or `profile <user>`"), "{bad}");
}

#[test]
fn a_moderators_end_finishes_the_game_for_those_seated_and_kick_and_assign_are_left() {
    let d = temp_dir("left");
    let mut c = console_at(&d, &["gm"]).without_images();
    run(&mut c, &["gm game create chesspolitik2 grace=0", "alice join France", "bob join England", "gm game kick bob"]);
    // Before the start a seat changing hands is no record.
    assert!(kinds(c.service(), "console", "bob").is_empty());
    run(&mut c, &["gm game assign bob England", "gm game start"]);
    let out = run(&mut c, &["gm game assign carol England", "gm game assign dave France", "gm game kick dave"]);
    assert!(out.contains("carol now plays England (replacing bob)"), "{out}");
    assert_eq!(kinds(c.service(), "console", "bob"), ["left"], "replaced by a moderator");
    assert_eq!(kinds(c.service(), "console", "alice"), ["left"]);
    assert_eq!(kinds(c.service(), "console", "dave"), ["left"], "removed by a moderator");
    // A swap keeps both players in the game: nobody left.
    run(&mut c, &["gm game assign erin France", "gm game assign erin England swap"]);
    assert!(kinds(c.service(), "console", "erin").is_empty() && kinds(c.service(), "console", "carol").is_empty());
    assert!(c.line("gm game end").contains("Game over: ended by a moderator"));
    assert_eq!(
        kinds(c.service(), "console", "carol"),
        ["finished"],
        "the moderator's end finishes it for those seated"
    );
    assert_eq!(kinds(c.service(), "console", "erin"), ["finished"]);
    assert_eq!(kinds(c.service(), "console", "bob"), ["left"]);
    let p = c.line("gm profile alice");
    assert!(
        p.contains("Games: 0 finished, 0 unseated, 0 conceded, 0 forfeited, 1 left.") && p.contains("as France, left"),
        "{p}"
    );
}

#[test]
fn a_game_ended_before_it_started_gives_nobody_a_record() {
    let d = temp_dir("unstarted");
    let mut c = console_at(&d, &["gm"]).without_images();
    run(&mut c, &["gm game create chesspolitik2", "alice join France", "gm game end"]);
    assert!(kinds(c.service(), "console", "alice").is_empty());
}

#[test]
fn diplomat_chess_counts_missed_turns() {
    let d = temp_dir("forfeit");
    let mut c = console_at(&d, &[]).without_images();
    run(
        &mut c,
        &[
            "gm game create diplomat-chess movement=1h forfeit-after=2 grace=0",
            "w join White",
            "b join Black",
            "gm game start",
        ],
    );
    // Each missed turn pings the player who missed it and is civil disorder in their record.
    let r = c.line("advance 1h");
    assert!(
        r.contains(
            "White (@w) missed the deadline for Move 1 (White) (1 of 2 missed turns in a row: at 2 White forfeits)."
        ),
        "{r}"
    );
    assert_eq!(kinds(c.service(), "console", "w"), ["civil_disorder"]);
    let end = c.line("advance 1h");
    assert!(
        end.contains("White (@w) missed the deadline for Move 1 (White). **Game over: Black wins: White forfeits after 2 missed turns.**"),
        "{end}"
    );
    // A game lost by forfeit reads as forfeited, not conceded.
    let mut w = kinds(c.service(), "console", "w");
    w.sort_unstable();
    assert_eq!(w, ["civil_disorder", "civil_disorder", "forfeited"]);
    assert_eq!(kinds(c.service(), "console", "b"), ["finished"]);
    let profile = c.line("b profile w");
    assert!(profile.contains("Phases owed: 2 (0 sent in time, 0 after grace, 2 in civil disorder)"), "{profile}");
    assert!(profile.contains("Games: 0 finished, 0 unseated, 0 conceded, 1 forfeited, 0 left."), "{profile}");
    assert!(profile.contains("Diplomat Chess as White, forfeited; orders sent in 0 of 2 phases owed"), "{profile}");
    let json = scratch::export(&mut c);
    assert_eq!(
        (json["powers"][0]["forfeited"].as_bool(), json["powers"][0]["conceded"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(json["powers"][1]["forfeited"], false);
    let missed: Vec<(Option<&str>, Option<i64>)> = json["absence"]["civil_disorder"]
        .as_array()
        .expect("civil disorder")
        .iter()
        .map(|e| (e["user"].as_str(), e["missed_turn"].as_i64()))
        .collect();
    assert_eq!(missed, [(Some("w"), Some(1)), (Some("w"), Some(2))]);
    // The final image names the forfeit as such in its legend.
    let (service, clock) = service_at(&temp_dir("forfeit-image"), 1_000_000);
    for (who, line) in [
        ("gm", "game create diplomat-chess movement=1h forfeit-after=1 grace=0"),
        ("w", "join White"),
        ("b", "join Black"),
        ("gm", "game start"),
    ] {
        let replies = service.command("c", "g", &Caller::player(who), line);
        assert!(!replies.is_empty(), "{line}");
    }
    clock.advance(3660);
    let out = service.tick().expect("tick");
    let image = out.iter().flat_map(|(_, r)| &r.images).find(|i| i.name.starts_with("final-position")).expect("final");
    let marks = &image.spec().expect("stored").marks;
    let marks: Vec<(&str, &str)> = marks.iter().map(|(p, m)| (p.as_str(), m.as_str())).collect();
    assert_eq!(marks, [("White", "forfeited"), ("White", "score 0"), ("Black", "score 1")]);
    assert_eq!(out[0].1.mentions, ["w"], "the forfeit pings the player who missed the turn");
}

#[test]
fn a_missed_turn_then_a_move_is_one_phase_in_civil_disorder_and_one_in_time() {
    let d = temp_dir("missed-then-moved");
    let mut c = console_at(&d, &[]).without_images();
    run(
        &mut c,
        &[
            "gm game create diplomat-chess movement=1h forfeit-after=3 grace=0",
            "w join White",
            "b join Black",
            "gm game start",
        ],
    );
    run(&mut c, &["advance 1h", "w orders d3"]);
    assert_eq!(kinds(c.service(), "console", "w"), ["civil_disorder", "in_time"]);
    // A rollback takes back the missed turns of the phases it undoes, and their count.
    run(&mut c, &["advance 1h", "advance 1h"]);
    assert_eq!(kinds(c.service(), "console", "b").len(), 2);
    assert!(c.line("gm game rollback").contains("Rolled back: Move 1 (White) is open again"));
    assert!(kinds(c.service(), "console", "b").is_empty(), "{:?}", kinds(c.service(), "console", "b"));
    run(&mut c, &["w orders d3"]);
    let r = c.line("advance 1h");
    assert!(
        r.contains("Black (@b) missed the deadline for Move 1 (Black) (1 of 3 missed turns"),
        "counted afresh: {r}"
    );
}

#[test]
fn old_games_are_counted_once_and_a_rollback_takes_back_the_end_and_its_phases() {
    let d = temp_dir("old");
    let db = d.join("g.db");
    {
        let mut c = console_at(&d, &["gm"]).without_images();
        run(&mut c, &["gm game create diplomat-chess", "w join White", "b join Black", "gm game start"]);
        let mut last = String::new();
        for (i, m) in diplomat_sample::sample_game().iter().enumerate() {
            last = c.line(&format!("{} orders {m}", if i % 2 == 0 { "w" } else { "b" }));
        }
        assert!(last.contains("Game over: Black wins by checkmate"), "{last}");
        // A second game, in civil disorder from its second phase on, and still running.
        run(
            &mut c,
            &[
                "channel other",
                "gm game create chesspolitik2 grace=0 cd-after=off",
                "w join France",
                "x join England",
                "gm game start",
                "w orders K c1 - c2",
                "x orders K d6 - d5",
                "gm game force",
                "w orders K c2 - c1",
                "gm game force",
            ],
        );
    }
    // A database written before records were kept: the old games' rows are counted when it is opened.
    sql(&db, "DELETE FROM reliability; DELETE FROM reliability_counted;");
    let mut c = console_at(&d, &["gm"]).without_images();
    let w = c.line("w profile");
    assert!(w.contains("Phases owed: 27 (27 sent in time, 0 after grace, 0 in civil disorder)"), "{w}");
    assert!(w.contains("Reliability: 100% (27 of 27 phases in time or after grace)"), "{w}");
    assert!(w.contains("Games: 1 finished"), "{w}");
    assert!(w.contains("- game 2 in channel other: Chesspolitik (2 players) as France, playing"), "{w}");
    assert!(
        w.contains(
            "- game 1 in channel console: Diplomat Chess as White, finished; orders sent in 25 of 25 phases owed"
        ),
        "{w}"
    );
    let x = c.line("w profile x");
    assert!(x.contains("Phases owed: 2 (1 sent in time, 0 after grace, 1 in civil disorder)"), "{x}");
    assert!(x.contains("Reliability: new (2 phases so far"), "{x}");
    let counted = |db: &Path| -> (i64, i64) {
        let conn = Connection::open(db).expect("db");
        let rows = conn.query_row("SELECT COUNT(*) FROM reliability", [], |r| r.get(0)).expect("count");
        let marked = conn.query_row("SELECT rows FROM reliability_counted", [], |r| r.get(0)).expect("marker");
        (rows, marked)
    };
    // 25 + 25 phases and two finished in the first game; 2 + 2 phases in the second.
    assert_eq!(counted(&db), (56, 56));
    drop(c);
    // Counted once: opening the database again counts nothing more, even with a row gone.
    sql(&db, "DELETE FROM reliability WHERE user_id = 'x'");
    let mut c = console_at(&d, &["gm"]).without_images();
    assert_eq!(counted(&db), (54, 56));
    // The checkmate is rolled back: the end's rows and the rolled-back move's row are taken back.
    let back = c.line("gm game rollback");
    assert!(back.contains("Rolled back: Move 25 (Black) is open again"), "{back}");
    assert_eq!(kinds(c.service(), "console", "b").iter().filter(|k| **k == "in_time").count(), 24);
    assert!(!kinds(c.service(), "console", "b").contains(&"finished"));
    assert!(!kinds(c.service(), "console", "w").contains(&"finished"));
    let mate = diplomat_sample::sample_game().pop().expect("the last move");
    let again = c.line(&format!("b orders {mate}"));
    assert!(again.contains("Game over: Black wins by checkmate"), "{again}");
    assert_eq!(kinds(c.service(), "console", "w").iter().filter(|k| **k == "finished").count(), 1);
}

#[test]
fn min_reliability_refuses_a_join_below_it_with_the_reason() {
    let d = temp_dir("min");
    let mut c = console_at(&d, &["gm"]).without_images();
    run(&mut c, &["gm game create chesspolitik2", "gm game end"]);
    give_record(c.service(), "dave", 1, 9, 5);
    give_record(c.service(), "fay", 1, 8, 2);
    give_record(c.service(), "gus", 1, 3, 1);
    let p = c.line("gm profile dave");
    assert!(p.contains("Phases owed: 14 (9 sent in time, 0 after grace, 5 in civil disorder)"), "{p}");
    assert!(p.contains("Reliability: 64% (9 of 14 phases in time or after grace)."), "{p}");
    let made = run(&mut c, &["channel two", "gm game create chesspolitik2 min-reliability=80"]);
    assert!(
        made.contains("Joining asks for a reliability of at least 80% in this server (`profile` shows yours); new players are welcome."),
        "{made}"
    );
    // `game status` says it to anyone deciding whether to join.
    let status = c.line("dave game status");
    assert!(
        status.contains("Joining asks for a reliability of at least 80% in this server (`profile` shows yours); new players are welcome."),
        "{status}"
    );
    let refused = c.line("dave join France");
    assert!(
        refused.contains(
            "your reliability in this server is 64% (9 of 14 phases in time or after grace); this game asks for 80%"
        ),
        "{refused}"
    );
    assert!(!refused.contains("joins as"), "{refused}");
    assert!(c.line("fay join France").contains("fay joins as France"), "80% is enough for 80%");
    assert!(c.line("gus join England").contains("gus joins as England"), "a new player is let in by default");
    // Taking over a vacant power is a join too.
    run(&mut c, &["gm game kick gus", "gm game start"]);
    // The open power is shown as such, with no orders expected of it, and the rule for taking it over.
    let status = c.line("dave game status");
    assert!(status.contains("England (open for takeover: `join England`; in civil disorder until then): "), "{status}");
    assert!(
        !status.contains(
            "England (open for takeover: `join England`; in civil disorder until then): 3 centers, 3 pieces ["
        ),
        "{status}"
    );
    assert!(status.contains("France (fay): 3 centers, 3 pieces [no orders yet]"), "{status}");
    assert!(status.contains("Joining asks for a reliability of at least 80%"), "{status}");
    let takeover = c.line("dave join England");
    assert!(takeover.contains("your reliability in this server is 64%"), "{takeover}");
    assert!(c.line("hal join England").contains("hal joins as England"), "a new player takes over");
    let status = c.line("dave game status");
    assert!(!status.contains("Joining asks"), "no open power, no joining rule: {status}");
    // A game that takes no new players says so.
    let made =
        run(&mut c, &["channel three", "gm game create chesspolitik2 min-reliability=50 min-reliability-new=no"]);
    assert!(made.contains("new players (fewer than 5 phases owed) may not join."), "{made}");
    let new = c.line("gus join France");
    assert!(
        new.contains("takes no new players (`min-reliability-new=no`)")
            && new.contains("4 phases in this server so far"),
        "{new}"
    );
    assert!(c.line("dave join France").contains("dave joins as France"), "64% is enough for 50%");
}

/// Runs `line` for `user` in `channel` of `guild`.
fn say(service: &Service, channel: &str, guild: &str, user: &str, line: &str) -> Vec<Reply> {
    service.command(channel, guild, &Caller::player(user), line)
}

#[test]
fn records_are_kept_per_server_and_never_shared() {
    let d = temp_dir("guilds");
    let (service, _clock) = service_at(&d, 1_900_000_000);
    for (channel, guild) in [("c1", "111"), ("c2", "222")] {
        for (user, line) in [("gm", "game create chesspolitik2"), ("alice", "join France"), ("bob", "join England")] {
            say(&service, channel, guild, user, line);
        }
        say(&service, channel, guild, "gm", "game start");
    }
    say(&service, "c1", "111", "bob", "concede");
    say(&service, "c2", "222", "alice", "concede");
    assert_eq!(kinds(&service, "111", "bob"), ["conceded"]);
    assert_eq!(kinds(&service, "222", "bob"), ["finished"]);
    let one = say(&service, "c1", "111", "alice", "profile bob");
    assert!(one[0].text.contains("Record of <@bob> in this server"), "a mention on Discord: {}", one[0].text);
    assert!(one[0].text.contains("0 finished, 0 unseated, 1 conceded"), "{}", one[0].text);
    assert!(one[0].text.contains("- game 1 in <#c1>") && !one[0].text.contains("<#c2>"), "{}", one[0].text);
    let two = say(&service, "c2", "222", "alice", "profile bob");
    assert!(two[0].text.contains("1 finished, 0 unseated, 0 conceded"), "{}", two[0].text);
    assert!(two[0].text.contains("- game 2 in <#c2>") && !two[0].text.contains("<#c1>"), "{}", two[0].text);
    // A third server has no record of either.
    let none = say(&service, "c3", "333", "alice", "profile <@bob>");
    assert!(none[0].text.contains("<@bob> has no record in this server"), "{}", none[0].text);
}

#[test]
fn a_player_removed_after_conceding_keeps_the_concession() {
    let d = temp_dir("conceded-kick");
    let mut c = console_at(&d, &["gm"]).without_images();
    run(
        &mut c,
        &[
            "gm game create chesspolitik4 grace=0",
            "a join Mughal Empire",
            "b join Ming Dynasty",
            "e join Tsardom of Russia",
            "gm game start",
        ],
    );
    assert!(c.line("b concede").contains("Ming Dynasty concedes the game"));
    assert!(c.line("gm game kick b").contains("b has been removed"));
    assert_eq!(kinds(c.service(), "console", "b"), ["conceded"]);
    assert!(c.line("gm game kick e").contains("e has been removed"));
    assert_eq!(kinds(c.service(), "console", "e"), ["left"]);
}

#[test]
fn a_forfeit_recorded_before_as_a_concession_reads_as_forfeited() {
    let mut c = Connection::open_in_memory().expect("memory");
    store::MIGRATIONS.to_version(&mut c, 21).expect("the schema before");
    c.execute_batch(
        "INSERT INTO games (id, channel_id, guild_id, variant, settings, status, created_by, created_at, phase_seq)
             VALUES (1, 'a', 'g', 'diplomat-chess', '{\"forfeit_after\": 2}', 'ended', 'gm', 0, 3);
         INSERT INTO missed_turns (game_id, power, count) VALUES (1, 'White', 2), (1, 'Black', 1);
         INSERT INTO reliability (guild, user_id, game_id, seq, kind, power, at) VALUES
             ('g', 'w', 1, 0, 'conceded', 'White', 10), ('g', 'b', 1, 0, 'conceded', 'Black', 9);",
    )
    .expect("an old database");
    store::MIGRATIONS.to_latest(&mut c).expect("migrated");
    let w = store::records(&c, "g", "w").expect("records");
    let b = store::records(&c, "g", "b").expect("records");
    assert_eq!((w[0].kind, b[0].kind), (RecordKind::Forfeited, RecordKind::Conceded));
}

/// The rows in `reliability`, the mark's rows, and each pass as (games, rows, finished).
fn counting(db: &Path) -> (i64, Option<i64>, Vec<(i64, i64, bool)>) {
    let conn = Connection::open(db).expect("db");
    let rows = conn.query_row("SELECT COUNT(*) FROM reliability", [], |r| r.get(0)).expect("count");
    let marked = conn.query_row("SELECT rows FROM reliability_counted", [], |r| r.get(0)).ok();
    let passes = store::count_passes(&conn).expect("passes");
    (rows, marked, passes.iter().map(|p| (p.games, p.rows, p.finished.is_some())).collect())
}

#[test]
fn the_mark_of_counting_old_records_records_every_pass_of_an_interrupted_first_start() {
    let d = temp_dir("interrupted");
    let db = d.join("g.db");
    let games = 160;
    {
        // Games played before records were kept: four phases each, in civil disorder.
        let (service, _) = service_at(&d, 1_790_000_000);
        for g in 0..games {
            let ch = format!("c{g}");
            for (who, line) in [
                ("gm", "game create chesspolitik2 grace=0 cd-after=off"),
                ("alice", "join France"),
                ("bob", "join England"),
                ("gm", "game start"),
                ("gm", "game force"),
                ("gm", "game force"),
                ("gm", "game force"),
                ("gm", "game force"),
            ] {
                let _ = service.command(&ch, "console", &Caller::player(who), line);
            }
        }
    }
    sql(&db, "DELETE FROM reliability; DELETE FROM reliability_counted; DELETE FROM reliability_count_passes;");
    // What one uninterrupted first start counts, on a copy.
    let whole = d.join("whole.db");
    std::fs::copy(&db, &whole).expect("copy");
    drop(service_at_file(&whole));
    let (all, marked, passes) = counting(&whole);
    assert_eq!((marked, passes.len()), (Some(all), 1), "{passes:?}");
    assert_eq!(all, i64::from(games) * 2 * 4);

    // The first start (`chessdip play`) is killed (SIGKILL) while it counts.
    let script = d.join("none.txt");
    std::fs::write(&script, "").expect("script");
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_chessdip"))
        .args(["play", "--db"])
        .arg(&db)
        .arg("--script")
        .arg(&script)
        .env("RUST_LOG", "off")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("chessdip play");
    let watch = Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).expect("db");
    watch.busy_timeout(std::time::Duration::from_secs(5)).expect("busy timeout");
    let started = std::time::Instant::now();
    loop {
        let counted: Option<i64> = watch
            .query_row(
                "SELECT games FROM reliability_count_passes WHERE finished IS NULL ORDER BY pass LIMIT 1",
                [],
                |r| r.get(0),
            )
            .ok();
        if counted.is_some_and(|g| g > 0) {
            break;
        }
        assert!(first.try_wait().expect("wait").is_none(), "the first start ended before it could be interrupted");
        assert!(started.elapsed() < std::time::Duration::from_secs(120), "the first start never began counting");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    first.kill().expect("kill -9");
    first.wait().expect("reaped");
    drop(watch);
    let (rows, marked, passes) = counting(&db);
    assert_eq!(marked, None, "an interrupted start does not mark the database counted");
    assert_eq!(passes.len(), 1);
    let (games_1, rows_1, finished_1) = passes[0];
    assert!(!finished_1 && games_1 > 0 && games_1 < i64::from(games), "interrupted mid-way: {passes:?}");
    assert_eq!(rows_1, rows, "the interrupted pass says every row it wrote");

    // The next start counts the rest: the mark says the rows of both passes, as many as one start counts.
    drop(service_at_file(&db));
    let (rows, marked, passes) = counting(&db);
    assert_eq!(rows, all, "nothing lost, nothing counted twice");
    assert_eq!(marked, Some(all), "the mark counts every pass: {passes:?}");
    assert_eq!(passes.len(), 2, "{passes:?}");
    assert_eq!(passes[0], (games_1, rows_1, false), "the interrupted pass stays as it was");
    let (games_2, rows_2, finished_2) = passes[1];
    assert!(finished_2, "{passes:?}");
    assert_eq!(rows_1 + rows_2, all);
    assert_eq!(games_2, i64::from(games), "the second pass looks at every game again (rows already written stand)");
    // Counted once: a third start adds no pass.
    drop(service_at_file(&db));
    assert_eq!(counting(&db).2.len(), 2);
}

/// A service on the database `db`, built as a start builds it.
fn service_at_file(db: &Path) -> Service {
    Service::new(
        store::Store::open(db).expect("store"),
        std::sync::Arc::new(chessdip_game::ManualClock::new(1_790_100_000)),
    )
}
