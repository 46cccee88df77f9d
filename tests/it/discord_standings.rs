//! Standings on the fake Discord, through the real bot: a game's end
//! announcement with its scores, rating changes, final position, chart and
//! timelapse within Discord's limits; `/leaderboard` (and its registration
//! with autocomplete) and `/profile user:`, public, naming players by
//! mention without pinging them; an end announcement delivered late, after
//! a rollback and another end, with the pictures of its own end.
#![cfg(feature = "discord")]

use crate::support;

use crate::support::scratch;

use std::sync::Arc;

use chessdip::discord::TokioClock;
use chessdip_game::store::Store;
use chessdip_game::{Caller, Service, SystemClock};
use serde_json::json;
use support::bot::{config, run_binary, Bot};
use support::fake_discord::{FakeDiscord, Request};
use support::flow::*;

/// Discord's limits on one message: 2,000 characters, 10 attachments and
/// 10 embeds, and (the smallest upload limit of a server) 10 MiB a file.
fn within_discords_limits(r: &Request) {
    let d = if r.json.get("data").is_some() { &r.json["data"] } else { &r.json };
    let text = d["content"].as_str().unwrap_or("");
    assert!(text.chars().count() <= 2000, "{} characters", text.chars().count());
    assert!(r.files.len() <= 10, "{} files", r.files.len());
    assert!(d["embeds"].as_array().map_or(0, Vec::len) <= 10);
    for (name, bytes) in &r.files {
        assert!(bytes.len() <= 10 * 1024 * 1024, "{name}: {} bytes", bytes.len());
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_won_game_is_announced_with_its_story_then_the_leaderboard_and_profiles_tell_it() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("standings");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;

    // Registered with the game offered as one types.
    let reg = registered(&fake).await;
    let list = reg.json.as_array().expect("list");
    let board = list.iter().find(|c| c["name"] == "leaderboard").expect("/leaderboard registered");
    assert_eq!(board["options"][0]["name"], json!("game"));
    assert_eq!(board["options"][0]["autocomplete"], json!(true));
    assert!(chessdip::discord::registration_problems(&reg.json).is_empty());

    // Nothing is rated yet.
    let r = ask(&fake, (CAROL, "carol"), &["leaderboard"], &[], false).await;
    assert!(r.content().starts_with("No rated game in this server yet"), "{}", r.content());

    // White's four-move checkmate, by slash commands.
    let players = [(ALICE, "alice", "White"), (BOB, "bob", "Black")];
    game_with(&fake, &[("variant", json!("diplomacy-chess")), ("animation", json!(false))], players).await;
    let mut end = None;
    for (i, (w, b)) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6"), ("Qxf7", "a6")].into_iter().enumerate() {
        ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!(w))], false).await;
        ask(&fake, (BOB, "bob"), &["orders", "submit"], &[("text", json!(b))], false).await;
        ask(&fake, (ALICE, "alice"), &["ready"], &[], false).await;
        let n = fake.requests().len();
        ask(&fake, (BOB, "bob"), &["ready"], &[], false).await;
        let needle = if i == 3 { "Game over" } else { "resolved" };
        end = Some(posted(&fake, n, needle).await);
    }
    let end = end.expect("the end");
    let text = end.content();
    assert!(text.contains("**Game over: White wins by checkmate.**"), "{text}");
    assert!(text.contains("Scores: White 1, Black 0."), "{text}");
    assert!(
        text.contains(&format!(
            "Diplomacy Chess ratings on this server: <@{ALICE}> 1500 → 1662 (+162), <@{BOB}> 1500 → 1338 (−162)."
        )),
        "{text}"
    );
    assert_eq!(pinged(&end), json!([]), "the rating line names the players without pinging them");
    // The last turn's orders, the final position, the chart, then the timelapse.
    let names: Vec<&str> = end.files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(
        names,
        ["turn-4-orders.png", "final-position.png", "diplomacy-chess-chart.png", "diplomacy-chess-timelapse.gif"]
    );
    assert_eq!(end.pngs().len(), 3);
    assert_eq!(
        gif_delays(&end.gifs()[0].1),
        vec![50, 50, 50, 50, 300],
        "the start, a frame per resolved turn, the last held"
    );
    within_discords_limits(&end);

    // The leaderboard: public, this server's, ranked from the first game, provisional after one game.
    let r = ask(&fake, (CAROL, "carol"), &["leaderboard"], &[("game", json!("diplomacy-chess"))], false).await;
    assert!(!r.ephemeral(), "{}", r.content());
    let t = r.content();
    assert!(t.starts_with("**Diplomacy Chess leaderboard** (this server, 1 rated game, Glicko-2 ratings)"), "{t}");
    let alice = t.find(&format!("1. <@{ALICE}> 1082 (rating 1662 ±290, provisional) · 1 game: 1 won, 0 drawn, 0 lost"));
    let bob = t.find(&format!("2. <@{BOB}> 757 (rating 1338 ±290, provisional) · 1 game: 0 won, 0 drawn, 1 lost"));
    assert!(alice.is_some() && bob.is_some() && alice < bob, "{t}");
    assert_eq!(pinged(&r), json!([]));
    within_discords_limits(&r);
    // Every game: the same table, the only one rated here.
    let r = ask(&fake, (CAROL, "carol"), &["leaderboard"], &[], false).await;
    assert!(r.content().starts_with("**Diplomacy Chess leaderboard**") && !r.content().contains("Chess Dip"));
    // An unknown game is refused privately with the list.
    let r = ask(&fake, (CAROL, "carol"), &["leaderboard"], &[("game", json!("backgammon"))], false).await;
    assert!(r.ephemeral() && r.content().contains("no game called `backgammon`"), "{}", r.content());
    assert!(r.content().contains("`diplomat-chess` (Diplomat Chess)"), "{}", r.content());

    // Someone else's profile: their rating, record and results, with the game's channel.
    let r = ask(&fake, (CAROL, "carol"), &["profile"], &[("user", json!({"user": BOB, "name": "bob"}))], false).await;
    assert!(!r.ephemeral(), "{}", r.content());
    let p = r.content();
    assert!(p.starts_with(&format!("**Record of <@{BOB}> in this server**")), "{p}");
    assert!(
        p.contains(
            "**Diplomacy Chess**: rating 1338 ±290, 757 on the leaderboard (provisional until 5 rated games); 1 game: 0 won, 0 drawn, 1 lost."
        ),
        "{p}"
    );
    assert!(p.contains(&format!("- game 1 in <#{CHANNEL}>: Black, lost, score 0, 1500 → 1338")), "{p}");
    assert_eq!(pinged(&r), json!([]));
    // One's own, without a user.
    let r = ask(&fake, (ALICE, "alice"), &["profile"], &[], false).await;
    assert!(
        r.content().contains(&format!("- game 1 in <#{CHANNEL}>: White, won, score 1, 1500 → 1662")),
        "{}",
        r.content()
    );
    // Someone who never played here is told so.
    let r =
        ask(&fake, (ALICE, "alice"), &["profile"], &[("user", json!({"user": CAROL, "name": "carol"}))], false).await;
    assert!(r.ephemeral() && r.content().contains("has no record in this server"), "{}", r.content());
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_vacant_power_never_wins_by_concession_and_a_game_nobody_plays_says_so_once() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("vacant-concession");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;

    // France's player removed, England's concedes: nobody wins, nothing is scored or rated.
    let players = [(ALICE, "alice", "France"), (BOB, "bob", "England")];
    game_with(&fake, &[("variant", json!("chesspolitik2")), ("animation", json!(false))], players).await;
    let user = |id: u64, name: &str| json!({"user": id, "name": name});
    ask(&fake, (GM, "gm"), &["game", "kick"], &[("player", user(ALICE, "alice"))], false).await;
    let n = fake.requests().len();
    ask(&fake, (BOB, "bob"), &["concede"], &[], false).await;
    let end = posted(&fake, n, "Game over").await;
    let text = end.content();
    assert!(
        text.contains("Game over: abandoned")
            && text.contains("nobody plays the powers still in the game (France): nobody wins"),
        "{text}"
    );
    assert!(text.contains("Scores: none, an abandoned game is not scored.") && !text.contains("ratings"), "{text}");
    assert!(!text.contains("wins by concession"), "{text}");

    // A second game in the channel: both players removed, the game pauses once and pings its creator only.
    let players = [(ALICE, "alice", "France"), (BOB, "bob", "England")];
    game_with(&fake, &[("variant", json!("chesspolitik2")), ("animation", json!(false))], players).await;
    ask(&fake, (GM, "gm"), &["game", "kick"], &[("player", user(ALICE, "alice"))], false).await;
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "kick"], &[("player", user(BOB, "bob"))], false).await;
    let paused = posted(&fake, n, "Nobody is left playing").await;
    assert!(paused.content().contains("The game is paused: nothing resolves until somebody plays again."));
    assert!(paused.content().contains(&format!("Moderators (<@{GM}>)")), "{}", paused.content());
    assert_eq!(pinged(&paused), json!([GM.to_string()]), "only the creator is pinged");
    let r = ask(&fake, (GM, "gm"), &["game", "status"], &[], false).await;
    assert!(
        r.content().contains("(paused)") && r.content().contains("Nobody is left playing since"),
        "{}",
        r.content()
    );
    bot.stop().await;
}

/// The files of an answer or a post, by name.
fn files_of(r: &Request) -> Vec<(String, Vec<u8>)> {
    r.files.iter().map(|(name, bytes)| (name.clone(), bytes.clone())).collect()
}

/// What `/game board`, `/game chart` and `/game timelapse` show at once:
/// the final position, the chart and the timelapse of the game as it is.
async fn pictures_now(fake: &FakeDiscord) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for what in ["board", "chart", "timelapse"] {
        let r = ask_answer(fake, (CAROL, "carol"), &["game", what], &[], false).await;
        assert!(!r.ephemeral() && r.files.len() == 1, "{what}: {} {:?}", r.content(), r.files.len());
        out.extend(files_of(&r));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_end_announcement_shows_the_end_it_announces() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("end-pictures");
    let (ch, alice, bob) = (CHANNEL.to_string(), ALICE.to_string(), BOB.to_string());
    {
        // Three turns of Diplomacy Chess played; White mates on the fourth.
        let service = Service::new(Store::open(&db).expect("db"), Arc::new(SystemClock));
        let line = |who: &str, l: &str| service.command(&ch, "g", &Caller::player(who), l);
        line("gm", "game create diplomacy-chess animation=no");
        line(&alice, "join White");
        line(&bob, "join Black");
        line("gm", "game start");
        for (w, b) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6")] {
            line(&alice, &format!("orders {w}"));
            line(&bob, &format!("orders {b}"));
            line(&alice, "ready");
            line(&bob, "ready");
        }
        scratch::mark_delivered(&service);
    }
    let mut bot = run_binary(&fake, &db);
    fake.wait_identified(1, 60).await;
    // The bot can no longer post in the channel.
    fake.fail_channel_posts(403, 50013, None);
    let n = fake.requests().len();
    let r = ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("Qxf7"))], false).await;
    assert!(r.content().contains("Accepted for White: Qxf7"), "{}", r.content());
    ask(&fake, (BOB, "bob"), &["orders", "submit"], &[("text", json!("a6"))], false).await;
    ask(&fake, (ALICE, "alice"), &["ready"], &[], false).await;
    ask(&fake, (BOB, "bob"), &["ready"], &[], false).await;
    fake.wait_for(n, 30, |r| channel_post(r) && !r.created && r.content().contains("White wins by checkmate")).await;
    let first = pictures_now(&fake).await;

    // A moderator rolls the mate back and ends the game there: a second end, held back too.
    let r = ask(&fake, (GM, "gm"), &["game", "rollback"], &[], true).await;
    assert!(r.content().contains("Rolled back: Turn 4 is open again"), "{}", r.content());
    let r = ask(&fake, (GM, "gm"), &["game", "end"], &[], true).await;
    assert!(r.content().contains("ended by a moderator"), "{}", r.content());
    let second = pictures_now(&fake).await;
    let names: Vec<&str> = second.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["final-position.png", "diplomacy-chess-chart.png", "diplomacy-chess-timelapse.gif"]);
    for ((name, a), (_, b)) in first.iter().zip(&second) {
        assert_ne!(a, b, "{name}: the two ends differ");
    }

    // The permission comes back: each end is posted with its own pictures, in order.
    fake.heal();
    ask(&fake, (CAROL, "carol"), &["game", "status"], &[], false).await;
    let mate = posted(&fake, n, "**Game over: White wins by checkmate.**").await;
    posted(&fake, n, "Rolled back: Turn 4 is open again").await;
    let ended = posted(&fake, n, "Game over: ended by a moderator").await;
    for (end, pictures) in [(&mate, &first), (&ended, &second)] {
        let files = files_of(end);
        for (name, bytes) in pictures {
            let shown = files.iter().find(|(n, _)| n == name).map(|(_, b)| b);
            let line = end.content().trim().lines().next().unwrap_or("").to_string();
            assert!(shown.is_some_and(|b| b == bytes), "{name} of `{line}` is not the one its end showed");
        }
    }
    assert_eq!(gif_delays(&mate.gifs()[0].1), vec![50, 50, 50, 50, 300], "the start and four turns");
    assert_eq!(gif_delays(&ended.gifs()[0].1), vec![50, 50, 50, 300], "the start and three turns");
    let _ = bot.kill().await;
}
