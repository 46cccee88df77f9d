//! The game master end to end: whole games through the console, restart
//! safety, concurrent submissions racing a resolution, and who may do what.

use crate::support::replies;
use crate::support::scratch;
use replies::text;
use scratch::{console_at, plain_game, service_at, store_of, temp_dir};

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;

use chessdip_game::{Caller, Service, Visibility};
use chessdip_rules::chess_dip::{geometry, ChessDipState, Variant};
use chessdip_rules::{PowerId, Square};

fn current_state(service: &Service, channel: &str) -> ChessDipState {
    let json: serde_json::Value = serde_json::from_str(&service.export(channel).expect("export")).expect("json");
    // An ended game's position is its final one; otherwise the last phase's.
    if json["final"].is_object() {
        return serde_json::from_value(json["final"]["state"]["state"].clone()).expect("final state");
    }
    let last = json["phases"].as_array().and_then(|p| p.last()).expect("a phase").clone();
    serde_json::from_value(last["state"]["state"].clone()).expect("state")
}

/// France's orders for a greedy push towards the centers it does not own.
fn greedy_orders(v: &Variant, state: &ChessDipState, me: PowerId) -> Vec<String> {
    let facing = v.power(me).facing;
    let wanted: Vec<Square> = v
        .centers
        .iter()
        .filter(|&c| state.owner(c) != Some(me) && state.piece(c).is_none_or(|p| p.power == me))
        .collect();
    let mut claimed: Vec<Square> = Vec::new();
    let mut out = Vec::new();
    if !state.phase.season.is_movement() {
        let builds = state.centers_of(me).len() as i64 - state.piece_count(me) as i64;
        let free = state.build_zone(v, me).iter().filter(|&c| state.piece(c).is_none() && state.owner(c) == Some(me));
        for c in free.take(builds.max(0) as usize) {
            out.push(format!("build K {c}"));
        }
        return out;
    }
    for (sq, p) in state.pieces_of(me).collect::<Vec<_>>() {
        let fall = state.phase.season == chessdip_rules::chess_dip::Season::Fall;
        if fall && wanted.contains(&sq) {
            claimed.push(sq);
            continue; // stay and take it
        }
        let dist =
            |s: Square| wanted.iter().filter(|w| !claimed.contains(w)).map(|w| w.distance(s)).min().unwrap_or(99);
        let best = geometry::targets(v.board, p.role, facing, sq)
            .filter(|&t| state.piece(t).is_none() && !claimed.contains(&t))
            .min_by_key(|&t| (dist(t), t));
        if let Some(t) = best.filter(|&t| dist(t) < dist(sq) || wanted.contains(&t)) {
            claimed.push(t);
            out.push(format!("{} {sq} - {t}", p.role.char()));
        }
    }
    out
}

#[test]
fn a_two_player_chesspolitik_game_to_a_solo() {
    let dir = temp_dir("solo");
    let mut con = console_at(&dir, &[]);
    let mut log = String::new();
    for line in ["gm game create chesspolitik2 early=no", "fr join France", "en join England", "gm game start"] {
        log += &con.line(line);
    }
    assert!(log.contains("The game begins: Spring 1401"), "{log}");
    let v = Variant::builtin("chesspolitik2").expect("variant");
    let france = v.power_by_name("France").expect("France");
    let mut over = String::new();
    for _ in 0..60 {
        let state = current_state(con.service(), "console");
        let orders = greedy_orders(&v, &state, france);
        if !orders.is_empty() {
            let out = con.line(&format!("fr orders {}", orders.join(", ")));
            assert!(!out.contains("Rejected"), "{out}");
        }
        let out = con.line("gm game force");
        assert!(out.contains("resolved"), "{out}");
        if let Some(i) = out.find("Game over") {
            over = out[i..].to_string();
            break;
        }
    }
    assert!(over.starts_with("Game over: France wins"), "no solo: {over}");
    let state = current_state(con.service(), "console");
    assert!(state.centers_of(france).len() >= 12);
    // The game is over: no more orders, history stays.
    assert!(con.line("fr orders K c1 - c2").contains("this game has ended: France wins"));
    assert!(con.line("fr history").contains("[public]"));
    assert!(con.line("fr game status").contains("France wins"));
}

#[test]
fn a_chess_dip_game_through_two_years() {
    let dir = temp_dir("chessdip");
    let mut con = console_at(&dir, &[]);
    let script =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/chessdip-two-years.txt"))
            .expect("script");
    let mut out = String::new();
    for line in script.lines() {
        out += &con.line(line);
    }
    for expected in [
        "**Spring 1 resolved** (the deadline passed)",
        "\u{2713} c2 - c4 (moved)",
        "Centers: c3: England (was neutral); c4: England (was neutral); e4: Italy (was neutral); b5: England (was neutral)",
        "Adjustments: England may build 3",
        "\u{2713} build R b1 (carried out)",
        "Removed: P d5 (Scandinavia, by c4 x d5)",
        "d5: England (was Scandinavia)",
        "England (e): 7 centers, 6 pieces",
    ] {
        assert!(out.contains(expected), "missing `{expected}` in:\n{out}");
    }
    let state = current_state(con.service(), "console");
    let v = Variant::builtin("chessdip").expect("variant");
    let england = v.power_by_name("England").expect("England");
    let mut pieces: Vec<String> = state.pieces_of(england).map(|(s, p)| format!("{} {s}", p.role.char())).collect();
    pieces.sort();
    assert_eq!(pieces, ["B c2", "K d1", "K d4", "N b5", "P d5", "R b1"]);
    assert_eq!(state.phase.name(&v), "Spring 3");
    // Images were written for every resolution.
    let images = std::fs::read_dir(dir.join("img")).expect("images").count();
    assert!(images >= 9, "{images} images");
}

#[test]
fn orders_survive_a_killed_process_and_the_phase_resolves_once() {
    let dir = temp_dir("restart");
    let db = dir.join("g.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessdip"))
        .args(["play", "--db"])
        .arg(&db)
        .arg("--images")
        .arg(dir.join("img"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn chessdip play");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut wait_for = |needle: &str| {
        let mut seen = String::new();
        let mut line = String::new();
        while stdout.read_line(&mut line).expect("read") > 0 {
            seen += &line;
            if line.contains(needle) {
                return seen;
            }
            line.clear();
        }
        panic!("`{needle}` never came; saw:\n{seen}");
    };
    for (line, needle) in [
        ("gm game create chesspolitik2 movement=1h", "is forming"),
        ("p1 join France", "joins as France"),
        ("p2 join England", "joins as England"),
        ("gm game start", "The game begins"),
        ("p1 orders K c1 - c2, N b1 - c3", "Accepted for France"),
        ("p2 orders K d6 - d5", "Accepted for England"),
    ] {
        writeln!(stdin, "{line}").expect("write");
        wait_for(needle);
    }
    // No clean shutdown: kill the process.
    child.kill().expect("kill");
    let _ = child.wait();

    let (service, clock) = service_at(&dir, chessdip_game::Clock::now(&chessdip_game::SystemClock));
    let p1 = Caller::player("p1");
    let shown = service.show_orders("console", &p1).expect("show").text;
    assert!(shown.contains("K c1 - c2") && shown.contains("N b1 - c3"), "{shown}");
    let status = service.status("console").expect("status").text;
    assert!(status.contains("Spring 1401, due in"), "{status}");
    clock.advance(3600);
    let first = service.tick().expect("tick");
    let second = service.tick().expect("tick");
    assert_eq!(first.len(), 1, "resolved once");
    assert!(second.is_empty(), "not twice");
    assert!(first[0].1.text.contains("\u{2713} K c1 - c2 (moved)"), "{}", first[0].1.text);
    assert!(first[0].1.text.contains("\u{2713} K d6 - d5 (moved)"));
}

#[test]
fn concurrent_orders_racing_a_resolution() {
    let dir = temp_dir("race");
    let (service, clock) = service_at(&dir, 1_000_000);
    let gm = Caller::player("gm");
    let settings = chessdip_game::Settings { grace: 0, ..chessdip_game::Settings::default() };
    service.create("c", "g", &gm, "chesspolitik4", &settings).expect("create");
    let v = Variant::builtin("chesspolitik4").expect("variant");
    for (k, p) in v.powers.iter().enumerate() {
        service.join("c", &Caller::player(&format!("u{k}")), Some(&p.name)).expect("join");
    }
    service.start("c", &gm).expect("start");
    let state = current_state(&service, "c");
    // 50 submissions: every piece several times (holds, then supports or moves), four powers.
    let mut jobs = Vec::new();
    for round in 0..4 {
        for (sq, p) in state.pieces() {
            if jobs.len() == 50 {
                break;
            }
            let text = if round % 2 == 0 {
                format!("{} {sq} H", p.role.char())
            } else {
                format!("{} {sq} hold", p.role.char())
            };
            jobs.push((format!("u{}", p.power.0), text, sq));
        }
    }
    assert_eq!(jobs.len(), 50);
    clock.advance(48 * 3600 + 1);
    let barrier = Arc::new(std::sync::Barrier::new(52));
    let mut handles = Vec::new();
    for (user, text, sq) in jobs {
        let (s, b) = (service.clone(), barrier.clone());
        handles.push(std::thread::spawn(move || {
            b.wait();
            let r = s.submit("c", &Caller::player(&user), &text);
            (sq, text, r.map(|r| r.text))
        }));
    }
    let (s1, b1) = (service.clone(), barrier.clone());
    let forcer = std::thread::spawn(move || {
        b1.wait();
        s1.force("c", &Caller::player("gm"), Some("Spring 1601"), false).map(|r| r.len()).unwrap_or(0)
    });
    let (s2, b2) = (service.clone(), barrier.clone());
    let ticker = std::thread::spawn(move || {
        b2.wait();
        s2.tick().map(|r| r.len()).unwrap_or(0)
    });
    let results: Vec<_> = handles.into_iter().map(|h| h.join().expect("thread")).collect();
    let resolutions = forcer.join().expect("forcer") + ticker.join().expect("ticker");
    assert_eq!(resolutions, 1, "exactly one resolution");
    let history = service.history("c", Some("Spring 1601")).expect("history").text;
    for (sq, order, r) in &results {
        match r {
            Ok(t) if t.contains("orders for Spring 1601") => {
                // Accepted before the claim: the piece's order (this or a later one) was adjudicated.
                assert!(t.starts_with("Accepted"), "{t}");
                let piece_ordered = history.contains(&format!(" {sq} H")) || history.contains(&format!(" {sq} hold"));
                assert!(piece_ordered, "{order} was accepted but {sq} has no order in:\n{history}");
            }
            Ok(t) => assert!(t.contains("Fall 1601"), "accepted into the next phase: {t}"),
            Err(e) => panic!("{order}: {e}"),
        }
    }
}

#[test]
fn who_may_see_and_do_what() {
    let dir = temp_dir("auth");
    let (service, _) = service_at(&dir, 1_000_000);
    let gm = Caller::player("gm");
    let run = |who: &str, line: &str| service.command("c", "g", &Caller::player(who), line);
    run("gm", "game create chesspolitik2");
    run("fr", "join France");
    run("en", "join England");
    run("gm", "game start");
    // A player cannot order another power's pieces.
    let r = run("fr", "orders K d6 - d5");
    assert!(text(&r).contains("Rejected") && text(&r).contains("England"), "{}", text(&r));
    // Orders are private, and nobody else sees them.
    let r = run("fr", "orders K c1 - c2");
    assert_eq!(r[0].visibility, Visibility::Private);
    let theirs = text(&run("en", "orders show"));
    assert!(!theirs.contains("c1 - c2"), "{theirs}");
    assert!(!text(&run("en", "game status")).contains("c1 - c2"));
    // A non-player cannot submit or see orders.
    assert!(text(&run("xx", "orders K c1 - c2")).contains("not playing"));
    assert!(text(&run("xx", "orders show")).contains("not playing"));
    // A non-moderator cannot force, pause, extend, roll back or end.
    for cmd in ["game force", "game pause", "game extend 1h", "game rollback", "game end", "game kick en"] {
        assert!(text(&run("fr", cmd)).contains("only a moderator"), "{cmd}");
    }
    // The creator can; a Discord moderator too.
    assert!(text(&run("gm", "game extend 1h")).contains("due in"));
    let moderator = Caller::moderator("mod");
    let forced = service.force("c", &moderator, None, false).expect("force");
    assert_eq!(forced[0].visibility, Visibility::Public);
    // After resolution, the orders are public history.
    assert!(text(&run("en", "history")).contains("K c1 - c2"));
    let _ = gm;
}

#[test]
fn moderation_pause_rollback_and_draw() {
    let dir = temp_dir("moderation");
    let (service, clock) = service_at(&dir, 1_000_000);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    run("gm", "game create chesspolitik2 movement=1h cd-after=off");
    run("fr", "join France");
    run("en", "join England");
    run("gm", "game start");
    assert!(run("gm", "game pause").contains("paused"));
    clock.advance(7200);
    assert!(service.tick().expect("tick").is_empty(), "a paused game does not resolve");
    assert!(run("fr", "orders K c1 - c2").contains("paused"));
    assert!(run("gm", "game resume").contains("due in 1h"));
    run("fr", "orders K c1 - c2");
    assert!(run("gm", "game force").contains("Spring 1401 resolved"));
    assert!(run("gm", "game rollback").contains("Spring 1401 is open again"));
    assert!(run("fr", "orders show").contains("K c1 - c2"), "orders come back with the rollback");
    // A draw vote lapses when the phase resolves; only the voter is told.
    run("fr", "draw yes");
    let r = service.command("c", "g", &Caller::player("gm"), "game force");
    let lapse: Vec<_> = r.iter().filter(|r| r.text.contains("lapsed")).collect();
    assert_eq!(lapse.len(), 1);
    assert_eq!((lapse[0].visibility, lapse[0].to.as_deref()), (Visibility::Private, Some("fr")));
    assert!(!r[0].text.contains("draw"), "the public result does not mention votes");
    // Draw: secret until unanimous.
    let r = service.command("c", "g", &Caller::player("fr"), "draw yes");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].visibility, Visibility::Private);
    let r = service.command("c", "g", &Caller::player("en"), "draw yes");
    assert!(r.iter().any(|r| r.visibility == Visibility::Public && r.text.contains("draw between France and England")));
    assert!(run("gm", "game status").contains("draw between"));
}

#[test]
fn concession_ends_the_game() {
    let dir = temp_dir("concede");
    let (service, _) = service_at(&dir, 1_000_000);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    run("gm", "game create chesspolitik4");
    for (u, p) in [("a", "Mughal"), ("b", "Ming"), ("c", "Russia"), ("d", "Ottoman")] {
        assert!(run(u, &format!("join {p}")).contains("joins"), "{p}");
    }
    run("gm", "game start");
    let first = run("a", "concede");
    assert!(first.contains("Mughal Empire concedes the game"), "{first}");
    assert!(run("b", "concede").contains("concedes the game"));
    let last = run("c", "concede");
    assert!(last.contains("Game over: Ottoman Empire wins by concession"), "{last}");
    assert!(run("d", "orders K a4 - b4").contains("this game has ended: Ottoman Empire wins by concession"));
}

#[test]
fn reminders_name_the_players_without_orders_once_per_phase() {
    let dir = temp_dir("remind");
    let (service, clock) = service_at(&dir, 1_000_000);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    run("gm", "game create chesspolitik2 movement=48h");
    run("alice", "join France");
    run("bob", "join England");
    run("gm", "game start");
    run("alice", "orders K c1 - c2");
    let deadline = 1_000_000 + 48 * 3600;
    // Six hours ahead: the scheduler's next wake-up is the reminder, then the deadline.
    assert_eq!(service.next_wake(6 * 3600).expect("wake"), Some(deadline - 6 * 3600));
    assert_eq!(service.next_wake(0).expect("wake"), Some(deadline));
    assert!(service.due_reminders(6 * 3600).expect("reminders").is_empty(), "not yet");
    clock.advance(43 * 3600);
    let due = service.due_reminders(6 * 3600).expect("reminders");
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].missing, vec![("England".to_string(), "bob".to_string())]);
    assert_eq!(due[0].deadline, deadline);
    // The reminder is in the outbox, written with the claim, pinging only the late player.
    let items = store_of(&service).read(|c| chessdip_game::store::outbox_pending_all(c)).expect("outbox");
    let reminder = items.iter().find(|i| i.text.starts_with("Reminder: Spring 1401")).expect("a reminder item");
    assert!(reminder.text.contains("<@bob> (England)"), "{}", reminder.text);
    assert_eq!(reminder.mentions, r#"["bob"]"#);
    assert!(service.due_reminders(6 * 3600).expect("reminders").is_empty(), "each phase is reminded once");
    assert_eq!(service.next_wake(6 * 3600).expect("wake"), Some(deadline));
}

#[test]
fn a_game_that_waits_for_its_moderator_does_not_keep_the_scheduler_busy() {
    let dir = temp_dir("wait");
    let (service, clock) = service_at(&dir, 1_000_000);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    run("gm", "game create chesspolitik2 movement=1h at-deadline=wait grace=0");
    run("alice", "join France");
    run("bob", "join England");
    run("gm", "game start");
    clock.advance(2 * 3600);
    assert!(service.tick().expect("tick").is_empty(), "waits for a moderator");
    assert_eq!(service.next_wake(0).expect("wake"), None, "nothing else is due");
    assert!(run("gm", "game force").contains("Spring 1401 resolved"));
}

#[test]
fn order_suggestions_complete_the_last_order_from_legal_ones() {
    let dir = temp_dir("suggest");
    let (service, _) = service_at(&dir, 1_000_000);
    plain_game(&service);
    let alice = Caller::player("alice");
    let s = service.order_suggestions("c", &alice, "N b1", 25);
    assert!(s.contains(&"N b1 - c3".to_string()) && s.contains(&"N b1 - a3".to_string()), "{s:?}");
    assert!(s.iter().all(|o| o.starts_with("N b1")), "{s:?}");
    let s = service.order_suggestions("c", &alice, "K c1 - c2, Nb1-", 25);
    assert!(s.contains(&"K c1 - c2, N b1 - d2".to_string()), "{s:?}");
    assert!(service.order_suggestions("c", &Caller::player("mallory"), "K", 25).is_empty(), "not a player");
    assert!(service.order_suggestions("c", &Caller::player("bob"), "K c1", 25).is_empty(), "not bob's piece");
}

/// Every resolution commits with its announcement: for each resolved phase
/// of many games driven by forces, deadlines and readiness, exactly one
/// outbox item announces it, with its two images described for redrawing.
#[test]
fn no_resolution_commits_without_its_announcement() {
    let dir = temp_dir("outbox");
    let (service, clock) = service_at(&dir, 1_000_000);
    for g in 0..6 {
        let ch = format!("c{g}");
        let run = |who: &str, line: &str| text(&service.command(&ch, "g", &Caller::player(who), line));
        run("gm", "game create chesspolitik2 movement=1h grace=0");
        run("a", "join France");
        run("b", "join England");
        run("gm", "game start");
        run("a", "orders K c1 - c2");
        match g % 3 {
            0 => {
                run("gm", "game force");
            }
            1 => {
                run("a", "ready");
                run("b", "ready");
            }
            _ => {}
        }
    }
    clock.advance(3 * 3600);
    for _ in 0..4 {
        service.tick().expect("tick");
    }
    let (resolved, items): (Vec<(String, String)>, Vec<chessdip_game::store::OutboxItem>) = store_of(&service)
        .read(|c| {
            let mut st = c.prepare(
                "SELECT g.channel_id, p.name FROM phases p JOIN games g ON g.id = p.game_id WHERE p.status = 'resolved'",
            )?;
            let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<Vec<_>, _>>()?;
            Ok::<_, chessdip_game::store::StoreError>((rows, chessdip_game::store::outbox_pending_all(c)?))
        })
        .expect("read");
    assert!(resolved.len() >= 6, "{resolved:?}");
    for (channel, phase) in &resolved {
        let announced: Vec<_> = items
            .iter()
            .filter(|i| &i.channel == channel && i.text.starts_with(&format!("**{phase} resolved**")))
            .collect();
        assert_eq!(announced.len(), 1, "{channel} {phase}");
        assert!(announced[0].images.contains(r#""from":"orders""#), "{}", announced[0].images);
    }
}

#[test]
fn a_flood_of_bad_orders_gets_a_short_answer() {
    let dir = temp_dir("flood");
    let (service, _) = service_at(&dir, 1_000_000);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    for (who, line) in [("gm", "game create chesspolitik2"), ("fr", "join France"), ("en", "join England")] {
        run(who, line);
    }
    run("gm", "game start");

    // 40 times the same bad order: one line with a count.
    let flood = vec!["K z9 - z8"; 40].join(", ");
    let r = service.submit("c", &Caller::player("fr"), &flood).expect("answered");
    assert_eq!(r.visibility, Visibility::Private);
    let lines: Vec<&str> = r.text.lines().filter(|l| l.contains("z9")).collect();
    assert_eq!(lines.len(), 1, "{}", r.text);
    assert!(lines[0].starts_with("  `K z9 - z8` (\u{d7}40): there is no square z9"), "{}", r.text);
    assert!(r.text.len() < 400, "{} bytes: {}", r.text.len(), r.text);

    // 200 different bad orders, some very long: ten lines, then how many more.
    let mut orders: Vec<String> = (0..200).map(|i| format!("K z{i} - z8")).collect();
    orders.push(format!("Q {} - e4", "x".repeat(3000)));
    let r = service.submit("c", &Caller::player("fr"), &orders.join(", ")).expect("answered");
    let rejected = r.text.lines().filter(|l| l.starts_with("  `")).count();
    assert_eq!(rejected, 10, "{}", r.text);
    assert!(r.text.contains("\u{2026}and 191 more rejected orders"), "{}", r.text);
    assert!(r.text.len() < 1500, "{} bytes: {}", r.text.len(), r.text);
    // The good order among them still counts.
    let r = service.submit("c", &Caller::player("fr"), &format!("{}, K c1 - c2", vec!["K z9 - z8"; 40].join(", ")));
    assert!(r.expect("answered").text.starts_with("Accepted for France: K c1 - c2\n"));
}
