//! The real bot (`chessdip::discord::serve`, the same client, framework and
//! scheduler `chessdip run` uses, and the `chessdip run` binary itself)
//! against a fake Discord on 127.0.0.1.
#![cfg(feature = "discord")]

use crate::support;

use crate::support::scratch;
use std::sync::Arc;
use std::time::Duration;

use chessdip::discord::TokioClock;
use chessdip_game::store::Store;
use chessdip_game::{Caller, Clock, ManualClock, Service, Settings};
use serde_json::json;
use support::bot::{config, run_binary, Bot};
use support::fake_discord::{FakeDiscord, Request, APP};
use support::flow::*;

/// Creates a Chesspolitik 2-player game in `channel` through the service
/// (as `chessdip play` would on the same file), seats `players` (user,
/// power) and starts it.
fn started_game(service: &Service, channel: &str, players: [(&str, &str); 2]) {
    let gm = Caller::player("gm");
    let settings = Settings { grace: 0, cd_after: None, ..Settings::default() };
    service.create(channel, "g", &gm, "chesspolitik2", &settings).expect("create");
    for (user, power) in players {
        service.join(channel, &Caller::player(user), Some(power)).expect("join");
    }
    service.start(channel, &gm).expect("start");
}

/// Creates a 2-player game (gm creates, alice France, bob England) and starts it.
async fn two_player_game(fake: &FakeDiscord, deadline: &str) {
    let n = fake.requests().len();
    let id = fake.command(
        GM,
        "gm",
        CHANNEL,
        &["game", "create"],
        &[("variant", json!("chesspolitik2")), ("movement", json!(deadline)), ("grace", json!(0))],
        false,
    );
    let r = fake.wait_for(n, 20, callback_of(&id)).await;
    assert!(r.ephemeral() && r.content().contains("Posted in the channel: A game of"), "{}", r.content());
    posted(fake, n, "is forming").await;
    for (user, name, power) in [(ALICE, "alice", "France"), (BOB, "bob", "England")] {
        let n = fake.requests().len();
        fake.command(user, name, CHANNEL, &["join"], &[("power", json!(power))], false);
        posted(fake, n, &format!("joins as {power}")).await;
    }
    let n = fake.requests().len();
    ask(fake, (GM, "gm"), &["game", "start"], &[], false).await;
    let r = posted(fake, n, "The game begins").await;
    assert_eq!(r.pngs().len(), 1, "the start position is attached");
}

#[tokio::test(flavor = "current_thread")]
async fn registration_commands_orders_dm_and_forced_resolution() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("flow");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;

    // Registration in the configured guild, with a payload Discord accepts.
    let reg = registered(&fake).await;
    let names: Vec<&str> = reg.json.as_array().expect("list").iter().filter_map(|c| c["name"].as_str()).collect();
    for want in ["game", "join", "orders", "ready", "draw", "extend", "help", "profile"] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    assert!(chessdip::discord::registration_problems(&reg.json).is_empty());

    two_player_game(&fake, "48h").await;

    // Orders by slash command: ephemeral, with the read-back.
    let n = fake.requests().len();
    let id =
        fake.command(ALICE, "alice", CHANNEL, &["orders", "submit"], &[("text", json!("K c1 - c2, N b1 - e5"))], false);
    let r = fake.wait_for(n, 20, callback_of(&id)).await;
    assert!(r.ephemeral(), "orders are answered privately");
    let text = r.content();
    assert!(text.contains("Accepted for France: K c1 - c2"), "{text}");
    assert!(text.contains("a knight on b1 cannot reach e5"), "{text}");
    assert!(text.contains("No order yet (they will hold)"), "{text}");

    // A direct message with orders: answered in the DM channel.
    let n = fake.requests().len();
    fake.direct_message(BOB, "bob", "K d6 - d5");
    // (The phase's own direct message to Bob may come first: the answer is the one that reads his orders back.)
    let r = fake
        .wait_for(n, 20, |r| {
            r.method == "POST" && r.path.starts_with("/channels/9") && r.content().contains("Accepted")
        })
        .await;
    assert!(r.content().contains("Accepted for England: K d6 - d5"), "{}", r.content());

    // A player's vote to extend is public, posted in the channel; `/extend` alone shows the votes privately.
    let n = fake.requests().len();
    let r = ask(&fake, (ALICE, "alice"), &["extend"], &[("duration", json!("12h"))], false).await;
    assert!(r.content().contains("votes to extend Spring 1401 by 12h: 1 of 2 needed"), "{}", r.content());
    posted(&fake, n, "alice (France) votes to extend Spring 1401 by 12h").await;
    let r = ask(&fake, (BOB, "bob"), &["extend"], &[], false).await;
    assert!(r.ephemeral() && r.content().contains("Votes to extend Spring 1401: France 12h"), "{}", r.content());
    let r = ask(&fake, (BOB, "bob"), &["extend"], &[("duration", json!("soon"))], false).await;
    assert!(r.ephemeral() && r.content().contains("`soon` is not a duration"), "{}", r.content());

    // A non-moderator may not force.
    let r = ask(&fake, (ALICE, "alice"), &["game", "force"], &[], false).await;
    assert!(r.ephemeral());
    assert!(r.content().contains("only a moderator"), "{}", r.content());

    // Someone with Manage Channels may: the result is posted in the channel with both images.
    let n = fake.requests().len();
    let r = ask(&fake, (4_000_000_000_000_299, "mod"), &["game", "force"], &[], true).await;
    assert!(r.ephemeral() && r.content().contains("Posted in the channel: Spring 1401 resolved"), "{}", r.content());
    let r = posted(&fake, n, "Spring 1401 resolved").await;
    let text = r.content();
    assert!(text.contains("Spring 1401 resolved"), "{text}");
    assert!(text.contains("K c1 - c2") && text.contains("K d6 - d5"), "{text}");
    assert_eq!(r.pngs().len(), 2, "orders and position images attached");
    // The animation of the resolution comes third, a GIF in its own embed.
    let gifs = r.gifs();
    assert_eq!(gifs.len(), 1, "the animation is attached: {:?}", r.files.iter().map(|f| &f.0).collect::<Vec<_>>());
    assert_eq!(gifs[0].0, "spring-1401-resolution.gif");
    assert_eq!(r.files.last().map(|f| f.0.as_str()), Some("spring-1401-resolution.gif"), "after the stills");
    let embeds = r.json["embeds"].as_array().expect("embeds");
    assert!(embeds[0]["image"]["url"].as_str().is_some_and(|u| u.starts_with("attachment://")));
    assert_eq!(embeds.len(), 3, "{embeds:?}");
    assert_eq!(embeds[2]["image"]["url"], json!("attachment://spring-1401-resolution.gif"));
    // Posted from the outbox, with a nonce Discord de-duplicates on.
    assert!(r.json["nonce"].as_str().is_some_and(|n| n.split('.').count() == 3), "{}", r.json);
    assert_eq!(r.json["enforce_nonce"], json!(true));

    // Status carries the deadline as a Discord timestamp.
    let r = ask(&fake, (ALICE, "alice"), &["game", "status"], &[], false).await;
    assert!(r.content().contains("Fall 1401") && r.content().contains("<t:"), "{}", r.content());

    // A record is public, this server's, and names the user by mention (pinging nobody).
    let r = ask(&fake, (ALICE, "alice"), &["profile"], &[], false).await;
    assert!(!r.ephemeral(), "{}", r.content());
    assert!(r.content().contains(&format!("**Record of <@{ALICE}> in this server**")), "{}", r.content());
    assert!(
        r.content().contains(&format!("- game 1 in <#{CHANNEL}>: Chesspolitik (2 players) as France, playing")),
        "{}",
        r.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_deadline_passing_is_resolved_and_posted_once() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("deadline");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    two_player_game(&fake, "48h").await;
    ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;

    // Let 49 hours pass on the bot's clock.
    let n = fake.requests().len();
    tokio::time::pause();
    tokio::time::advance(Duration::from_secs(49 * 3600)).await;
    tokio::time::resume();
    let r = posted(&fake, n, "Spring 1401 resolved (the deadline passed)").await;
    assert_eq!(r.pngs().len(), 2);
    assert_eq!(r.gifs().len(), 1, "the king's move is animated");

    // And only once.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let posts = fake
        .requests()
        .into_iter()
        .skip(n)
        .filter(|r| channel_post(r) && r.content().contains("Spring 1401 resolved"))
        .count();
    assert_eq!(posts, 1);
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_restarted_bot_catches_up_on_a_deadline_that_passed_while_it_was_down() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("restart");
    let now = chessdip_game::SystemClock.now();
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::at(now)));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    two_player_game(&fake, "1h").await;
    ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;
    bot.stop().await;
    let n = fake.requests().len();

    // Two hours later the bot comes back: its first round resolves the phase that fell due.
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::at(now + 2 * 3600)));
    let bot = Bot::start(config(&fake, &db), service);
    let r = posted(&fake, n, "Spring 1401 resolved (the deadline passed)").await;
    assert!(r.content().contains("K c1 - c2"), "{}", r.content());
    assert!(fake.sessions() >= 2, "a second session connected");
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn hashed_commit_is_posted_publicly_and_reveal_is_checked() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("hashed");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    let players = [(ALICE, "alice", "France"), (BOB, "bob", "England")];
    game_with(&fake, &[("variant", json!("chesspolitik2")), ("hashed", json!(true))], players).await;

    // `/hash` without a text hands out the sealing page, privately.
    let r = ask(&fake, (ALICE, "alice"), &["hash"], &[], false).await;
    assert!(r.ephemeral() && r.content().contains("The sealing page"), "{}", r.content());
    let names: Vec<&String> = r.files.iter().map(|(name, _)| name).collect();
    let page = r.files.iter().find(|(name, _)| name == "chessdip-seal.html").unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(page.1, chessdip_game::hashed::seal::SEAL_PAGE.as_bytes());

    // Plain orders are refused privately.
    let r = ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;
    assert!(r.ephemeral() && r.content().contains("hashed orders"), "{}", r.content());

    // A commitment: acknowledged privately, posted publicly in the channel.
    let hash = chessdip_game::hashed::seal::sha256_hex("K c1 - c2");
    let n = fake.requests().len();
    let r = ask(&fake, (ALICE, "alice"), &["commit"], &[("hash", json!(hash))], false).await;
    assert!(r.ephemeral() && r.content().contains("Commitment recorded"), "{}", r.content());
    let post = posted(&fake, n, "France committed").await;
    assert!(post.content().contains(&hash), "{}", post.content());

    // Revealing too early is refused privately.
    let r = ask(&fake, (ALICE, "alice"), &["reveal"], &[("text", json!("K c1 - c2"))], false).await;
    assert!(r.ephemeral() && r.content().contains("not open yet"), "{}", r.content());

    // The moderator closes the commit window; the reveal matches.
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "force"], &[], false).await;
    posted(&fake, n, "commit window of Spring 1401 has closed").await;
    let r = ask(&fake, (ALICE, "alice"), &["reveal"], &[("text", json!("K c1 - c2"))], false).await;
    assert!(r.ephemeral() && r.content().contains("Accepted for France: K c1 - c2"), "{}", r.content());
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_game_created_without_animation_posts_only_the_stills() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("no-animation");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    let players = [(ALICE, "alice", "France"), (BOB, "bob", "England")];
    game_with(&fake, &[("variant", json!("chesspolitik2")), ("animation", json!(false))], players).await;
    ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "force"], &[], false).await;
    let r = posted(&fake, n, "Spring 1401 resolved").await;
    assert_eq!(r.pngs().len(), 2, "both still images");
    assert!(r.gifs().is_empty(), "animation=no: no GIF");
    assert_eq!(r.json["embeds"].as_array().map(Vec::len), Some(2));
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_turn_based_move_by_direct_message_is_resolved_in_the_channel() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("diplomat");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    let players = [(ALICE, "alice", "White"), (BOB, "bob", "Black")];
    game_with(&fake, &[("variant", json!("diplomat-chess"))], players).await;

    // Black may not move first: told privately in the DM.
    let n = fake.requests().len();
    fake.direct_message(BOB, "bob", "k3");
    // (The phases' own direct messages go to the player to move: the answers are read by their text.)
    let r = fake
        .wait_for(n, 20, |r| {
            r.method == "POST" && r.path.starts_with("/channels/9") && r.content().contains("not your move")
        })
        .await;
    assert!(r.content().contains("it is not your move"), "{}", r.content());

    // White's move by DM: acknowledged in the DM, resolved publicly in the game's channel with the board.
    let n = fake.requests().len();
    fake.direct_message(ALICE, "alice", "d3");
    let dm = fake
        .wait_for(n, 20, |r| {
            r.method == "POST" && r.path.starts_with("/channels/9") && r.content().contains("Accepted")
        })
        .await;
    assert!(dm.content().contains("Accepted for White: d3"), "{}", dm.content());
    let post = posted(&fake, n, "Move 1 (White) resolved").await;
    assert_eq!(post.pngs().len(), 2);
    assert_eq!(post.gifs().len(), 1, "the move is animated");
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn game_timelapse_and_chart_on_demand_and_with_the_end_announcement() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("timelapse");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    let players = [(ALICE, "alice", "France"), (BOB, "bob", "England")];
    game_with(&fake, &[("variant", json!("chesspolitik2")), ("animation", json!(false))], players).await;
    let r = ask(&fake, (CAROL, "carol"), &["game", "timelapse"], &[], false).await;
    assert!(r.ephemeral() && r.content().contains("no phase of this game has resolved yet"), "{}", r.content());
    let r = ask(&fake, (CAROL, "carol"), &["game", "chart"], &[], false).await;
    assert!(r.ephemeral() && r.content().contains("no phase of this game has resolved yet"), "{}", r.content());
    assert!(r.files.is_empty());
    ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;
    for phase in ["Spring 1401", "Fall 1401"] {
        let n = fake.requests().len();
        ask(&fake, (GM, "gm"), &["game", "force"], &[], false).await;
        posted(&fake, n, &format!("{phase} resolved")).await;
    }
    // Anyone may ask: a spectator gets it publicly (the answer deferred, then sent with the GIF).
    let r = ask_answer(&fake, (CAROL, "carol"), &["game", "timelapse"], &[], false).await;
    assert!(!r.ephemeral() && r.content().contains("in 3 frames, the start and"), "{}", r.content());
    let gifs = r.gifs();
    assert_eq!(gifs.len(), 1, "{:?}", r.files.iter().map(|f| &f.0).collect::<Vec<_>>());
    assert_eq!(gifs[0].0, "chesspolitik2-timelapse.gif");
    assert_eq!(gif_delays(&gifs[0].1), vec![50, 50, 300]);
    let r = ask_answer(&fake, (CAROL, "carol"), &["game", "chart"], &[], false).await;
    assert!(!r.ephemeral() && r.content().contains("supply centers at the end of each year"), "{}", r.content());
    let names: Vec<&str> = r.files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names, ["chesspolitik2-chart.png"]);
    let chart = image::load_from_memory(&r.files[0].1).expect("a PNG");
    assert_eq!((chart.width(), chart.height()), (1024, 640));
    // The end announcement: the final position and the chart, then the timelapse, each within Discord's limit.
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "end"], &[], false).await;
    let r = posted(&fake, n, "Game over").await;
    let names: Vec<&str> = r.files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names, ["final-position.png", "chesspolitik2-chart.png", "chesspolitik2-timelapse.gif"]);
    assert!(r.files.iter().all(|f| f.1.len() <= 10 * 1024 * 1024));
    assert_eq!(gif_delays(&r.gifs()[0].1), vec![50, 50, 300], "the start and the two phases");
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn chess_wheel_board_actions_and_proposals_on_discord() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("wheel");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    let players = [(ALICE, "alice", "alice"), (BOB, "bob", "bob")];
    let options = [("variant", json!("chess-wheel")), ("options", json!("cycle=7h"))];
    game_with(&fake, &options, players).await;
    let n = fake.requests().len();
    ask(&fake, (ALICE, "alice"), &["board"], &[("action", json!(0))], false).await;
    let r = posted(&fake, n, "alice created the standard board {alice}").await;
    assert_eq!(r.pngs().len(), 1, "the board is shown");
    let r = ask(&fake, (ALICE, "alice"), &["board"], &[("action", json!(0))], false).await;
    assert!(r.ephemeral(), "a second creation is refused privately: {}", r.content());
    let n = fake.requests().len();
    ask(&fake, (BOB, "bob"), &["proposal", "submit"], &[("text", json!("Kings may castle"))], false).await;
    posted(&fake, n, "Proposal #1 by bob").await;
    let r = ask(&fake, (ALICE, "alice"), &["vote"], &[("number", json!(1)), ("ballot", json!(0))], false).await;
    assert!(r.ephemeral() && r.content().contains("not now"), "{}", r.content());
    // The movement power is a moderator's setting; plain orders are refused.
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "set"], &[("movement-power", json!(4))], false).await;
    posted(&fake, n, "set the movement power to 4 moves per cycle from Cycle 2 on").await;
    let options = [("variant", json!("chess-wheel")), ("hashed", json!(false))];
    let r = ask(&fake, (GM, "gm"), &["game", "create"], &options, false).await;
    assert!(r.ephemeral() && r.content().contains("takes its orders only hashed"), "{}", r.content());
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn one_players_slow_direct_message_does_not_hold_up_anothers() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("slow-dm");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let (alice, bob) = (ALICE.to_string(), BOB.to_string());
    // Their phases' own direct messages would share the DM channels measured here: off.
    for user in [&alice, &bob] {
        let quiet = chessdip_game::Request::Notify { phase: Some(false), deadline: Some(false), results: None };
        service.handle("elsewhere", "g", &Caller::player(user), quiet).expect("notify");
    }
    for ch in [CHANNEL, CHANNEL2] {
        started_game(&service, &ch.to_string(), [(&alice, "France"), (&bob, "England")]);
    }
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    let alice_dm = format!("/channels/{}/messages", FakeDiscord::dm_channel(ALICE));
    let bob_dm = format!("/channels/{}/messages", FakeDiscord::dm_channel(BOB));
    let to = |path: &str| {
        let path = path.to_string();
        move |r: &Request| r.method == "POST" && r.path == path
    };

    // Discord takes 15 s to accept a message in Alice's DM channel.
    fake.slow(&alice_dm, Duration::from_secs(15));
    let n = fake.requests().len();
    fake.direct_message(ALICE, "alice", "2");
    let r = fake.wait_for(n, 20, to(&alice_dm)).await;
    assert!(r.content().contains("now send the orders"), "{}", r.content());

    // While the bot waits on it, Bob's message that names no game is kept
    // and answered, and so is his choice of game: well within those 15 s.
    let n = fake.requests().len();
    fake.direct_message(BOB, "bob", "K d6 - d5");
    let r = fake.wait_for(n, 5, to(&bob_dm)).await;
    assert!(r.content().contains("Which one is this for?"), "{}", r.content());
    let n = fake.requests().len();
    fake.direct_message(BOB, "bob", "1");
    let r = fake.wait_for(n, 5, to(&bob_dm)).await;
    assert!(r.content().contains("Accepted for England: K d6 - d5"), "{}", r.content());
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_slow_channel_does_not_hold_up_another_channels_result() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("slow-channel");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let (alice, bob) = (ALICE.to_string(), BOB.to_string());
    for ch in [CHANNEL, CHANNEL2] {
        started_game(&service, &ch.to_string(), [(&alice, "France"), (&bob, "England")]);
    }
    let bot = Bot::start(config(&fake, &db), service.clone());
    fake.wait_identified(1, 30).await;
    for ch in [CHANNEL, CHANNEL2] {
        let path = format!("/channels/{ch}/messages");
        fake.wait_for(0, 30, move |r| r.created && r.path == path && r.content().contains("The game begins")).await;
    }

    // Discord now takes 10 s to accept a message in the first channel; both games resolve.
    fake.slow(&format!("/channels/{CHANNEL}/messages"), Duration::from_secs(10));
    let n = fake.requests().len();
    for ch in [CHANNEL, CHANNEL2] {
        let ch = ch.to_string();
        let said = service.command(&ch, "g", &Caller::player(&alice), "orders K c1 - c2");
        assert!(said[0].text.contains("Accepted"), "{}", said[0].text);
        let forced = service.command(&ch, "g", &Caller::moderator("gm"), "game force");
        assert!(forced.iter().any(|r| r.text.contains("Spring 1401 resolved")), "{forced:?}");
    }
    // The second channel's result, with its animation, is posted well within those 10 s.
    let second = format!("/channels/{CHANNEL2}/messages");
    let r = fake
        .wait_for(n, 5, move |r| r.created && r.path == second && r.content().contains("Spring 1401 resolved"))
        .await;
    assert_eq!((r.pngs().len(), r.gifs().len()), (2, 1));
    // And the first channel's arrives once Discord accepts it, once.
    let first = format!("/channels/{CHANNEL}/messages");
    fake.wait_for(n, 30, move |r| r.created && r.path == first && r.content().contains("Spring 1401 resolved")).await;
    let posted = fake.created_posts(CHANNEL).iter().filter(|r| r.content().contains("Spring 1401 resolved")).count();
    assert_eq!(posted, 1);
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_console_game_in_channel_0_does_not_stop_the_bot_posting_results() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("channel-0");
    let clock = Arc::new(ManualClock::new(chessdip_game::SystemClock.now() - 3 * 86400));
    let setup = Service::new(Store::open(&db).expect("db"), clock.clone());
    // A console game on the bot's database: channel `0`, players by name, one of them `0`.
    started_game(&setup, "0", [("0", "France"), ("bob", "England")]);
    clock.advance(3600);
    started_game(&setup, &CHANNEL.to_string(), [(&ALICE.to_string(), "France"), (&BOB.to_string(), "England")]);
    drop(setup);

    // Both deadlines have passed, the console game's first: the scheduler meets it first.
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    // (What the setup announced goes out first.)
    posted(&fake, 0, "Spring 1401 resolved (the deadline passed)").await;
    assert!(
        !fake.requests().iter().any(|r| r.path.starts_with("/channels/0/")),
        "nothing is sent to a channel that is not Discord's: {:#?}",
        fake.summary()
    );

    // The scheduler lives on: two days later both games' next phases fall due, and it posts again.
    let n = fake.requests().len();
    tokio::time::pause();
    tokio::time::advance(Duration::from_secs(49 * 3600)).await;
    tokio::time::resume();
    posted(&fake, n, "Fall 1401 resolved (the deadline passed)").await;
    assert!(!fake.requests().iter().any(|r| r.path.starts_with("/channels/0/")), "{:#?}", fake.summary());
    bot.stop().await;
}

#[test]
fn the_command_tree_is_valid_for_discord() {
    let payload = chessdip::discord::registration().expect("payload");
    assert_eq!(chessdip::discord::registration_problems(&payload), Vec::<String>::new());
    // The checker does catch what Discord refuses.
    let bad = json!([{"name": "Game", "description": "", "type": 1, "options": [
        {"name": "a", "description": "optional", "type": 3, "required": false},
        {"name": "b", "description": "required after it", "type": 3, "required": true}]}]);
    let problems = chessdip::discord::registration_problems(&bad);
    assert_eq!(problems.len(), 3, "{problems:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chessdip_run_binary_registers_and_catches_up_through_the_proxy() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("binary");
    let ch = CHANNEL.to_string();
    {
        let service = Service::new(
            Store::open(&db).expect("db"),
            Arc::new(ManualClock::new(chessdip_game::SystemClock.now() - 3 * 86400)),
        );
        let settings = Settings { grace: 0, cd_after: None, ..Settings::default() };
        service.create(&ch, "g", &Caller::player("gm"), "chessdip", &settings).expect("create");
        for (u, p) in [("a", "England"), ("b", "Italy"), ("c", "France"), ("d", "Scandinavia")] {
            service.join(&ch, &Caller::player(u), Some(p)).expect("join");
        }
        service.start(&ch, &Caller::player("gm")).expect("start");
    }
    let mut child = run_binary(&fake, &db);
    // Global registration (no guilds configured), through the proxy.
    fake.wait_for(0, 60, |r| r.method == "PUT" && r.path == format!("/applications/{APP}/commands")).await;
    // What the setup announced comes first, then the resolution that fell due.
    let r = fake.wait_for(0, 60, |r| channel_post(r) && r.content().contains("Spring 1 resolved")).await;
    assert!(r.content().contains("Spring 1 resolved (the deadline passed)"), "{}", r.content());
    assert_eq!(r.pngs().len(), 2);
    let _ = child.kill().await;
}

#[tokio::test(flavor = "current_thread")]
async fn chessdip_run_without_a_token_says_what_to_do() {
    let dir = temp_db("notoken");
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_chessdip"))
        .arg("run")
        .arg("--config")
        .arg(dir.with_file_name("absent.toml"))
        .env_remove("CHESSDIP_TOKEN")
        .env_remove("CHESSDIP_TOKEN_FILE")
        .output()
        .await
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for want in ["discord.com/developers/applications", "CHESSDIP_TOKEN", "applications.commands", "chessdip", "play"] {
        assert!(err.contains(want), "{want} missing from:\n{err}");
    }
}

/// Counts the created posts in the game's channel whose text contains `needle`.
fn created_with(fake: &FakeDiscord, needle: &str) -> usize {
    fake.created_posts(CHANNEL).iter().filter(|r| r.content().contains(needle)).count()
}

#[tokio::test(flavor = "current_thread")]
async fn a_result_is_posted_once_when_discord_fails_for_a_while_then_recovers() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("outage");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    two_player_game(&fake, "48h").await;
    ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;

    // Discord's channel posts fail with 500; the moderator forces the phase.
    fake.fail_channel_posts(500, 0, None);
    let n = fake.requests().len();
    let r = ask(&fake, (GM, "gm"), &["game", "force"], &[], false).await;
    assert!(r.ephemeral() && r.content().contains("Spring 1401 resolved"), "{}", r.content());
    // The delivery task keeps trying (with a backoff) while it fails.
    for _ in 0..2 {
        let m = fake.requests().len();
        fake.wait_for(m, 20, |r| channel_post(r) && !r.created).await;
    }
    assert!(fake.requests().iter().skip(n).filter(|r| channel_post(r) && !r.created).count() >= 2);
    assert_eq!(created_with(&fake, "Spring 1401 resolved"), 0);
    // Discord recovers: the result goes out within the capped backoff, exactly once.
    fake.heal();
    posted(&fake, n, "Spring 1401 resolved").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(created_with(&fake, "Spring 1401 resolved"), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_forced_result_reaches_the_channel_when_the_interaction_answer_is_refused() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("late-answer");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    two_player_game(&fake, "48h").await;
    fake.refuse_interaction_callbacks(true);
    let n = fake.requests().len();
    fake.command(GM, "gm", CHANNEL, &["game", "force"], &[], false);
    let r = posted(&fake, n, "Spring 1401 resolved").await;
    assert_eq!(r.pngs().len(), 2, "with both images");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(created_with(&fake, "Spring 1401 resolved"), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_missing_permission_holds_the_result_tells_a_moderator_and_it_goes_out_when_restored() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("permission");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    two_player_game(&fake, "48h").await;

    // The bot loses Send Messages in the channel; the phase is forced.
    fake.fail_channel_posts(403, 50013, None);
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "force"], &[], false).await;
    fake.wait_for(n, 20, |r| channel_post(r) && !r.created).await;
    // The refusal reaches the bot a moment after Discord sends it: wait until the bot has recorded it.
    let store = Store::open(&db).expect("db");
    let ch = CHANNEL.to_string();
    for _ in 0..100 {
        if store.read(|c| chessdip_game::store::outbox_held(c, &ch)).expect("read").is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The next moderator command in the channel gets a private note naming what is missing.
    let m = fake.requests().len();
    let status = ask(&fake, (GM, "gm"), &["game", "status"], &[], false).await;
    assert!(status.content().contains("1 announcement is waiting"), "{}", status.content());
    let note = fake
        .wait_for(m, 20, |r| {
            r.method == "POST"
                && r.path.starts_with("/webhooks/")
                && r.content().contains("cannot post in this channel")
        })
        .await;
    assert!(note.ephemeral(), "the note is private");
    let text = note.content();
    assert!(
        text.contains("Missing Permissions") && text.contains("Send Messages") && text.contains("Attach Files"),
        "{text}"
    );
    assert_eq!(created_with(&fake, "Spring 1401 resolved"), 0);

    // The permission comes back; a command in the channel retries at once: the result arrives once.
    fake.heal();
    ask(&fake, (ALICE, "alice"), &["game", "status"], &[], false).await;
    posted(&fake, n, "Spring 1401 resolved").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(created_with(&fake, "Spring 1401 resolved"), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_bot_posts_the_result_it_committed_exactly_once_after_a_restart() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("kill");
    let ch = CHANNEL.to_string();
    {
        let service = Service::new(
            Store::open(&db).expect("db"),
            Arc::new(ManualClock::new(chessdip_game::SystemClock.now() - 3 * 86400)),
        );
        started_game(&service, &ch, [("a", "France"), ("b", "England")]);
        // The game's start was posted then.
        scratch::mark_delivered(&service);
    }
    // Discord is failing: the first run resolves the overdue phase (committed
    // with its announcement) but cannot post it; it is killed mid-retry.
    fake.fail_channel_posts(500, 0, None);
    let mut first = run_binary(&fake, &db);
    fake.wait_for(0, 60, |r| channel_post(r) && !r.created && r.content().contains("Spring 1401 resolved")).await;
    first.kill().await.expect("kill -9");
    let _ = first.wait().await;
    assert_eq!(created_with(&fake, "Spring 1401 resolved"), 0);
    // Discord recovers and the bot starts again: the result is posted, once.
    fake.heal();
    let n = fake.requests().len();
    let mut second = run_binary(&fake, &db);
    posted(&fake, n, "Spring 1401 resolved").await;
    // The item is marked delivered once its last part is confirmed: wait for
    // that (a loaded machine draws and posts slowly), then see that nothing
    // was posted twice meanwhile.
    let status = Store::open(&db).expect("db");
    let mut pending = 1;
    for _ in 0..120 {
        pending = status.read(|c| chessdip_game::store::outbox_waiting(c, &ch)).expect("read");
        if pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert_eq!(pending, 0, "nothing is left in the outbox");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(created_with(&fake, "Spring 1401 resolved"), 1);
    let _ = second.kill().await;
}

/// Kill runs: the `chessdip run` binary is killed (SIGKILL) at random moments
/// while it resolves and announces overdue phases of several games, and
/// started again, until nothing is left to deliver. Every resolution must be
/// announced exactly once: none lost, none doubled. `CHESSDIP_KILL_RUNS=N`
/// asks for more runs than the default.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_runs_lose_and_double_no_announcement() {
    let runs: usize = std::env::var("CHESSDIP_KILL_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(4);
    let fake = FakeDiscord::start().await;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64 ^ u64::from(std::process::id());
    let mut random = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut kills, mut resolutions) = (0, 0);
    for run in 0..runs {
        let db = temp_db(&format!("kill-runs-{run}"));
        let channels: Vec<u64> = (0..3).map(|g| 4_000_000_000_001_000 + (run as u64) * 10 + g).collect();
        {
            // Phases that fell due while the bot was down, in three channels.
            let past = chessdip_game::SystemClock.now() - 3 * 86400;
            let service = Service::new(Store::open(&db).expect("db"), Arc::new(ManualClock::new(past)));
            for ch in &channels {
                started_game(&service, &ch.to_string(), [("a", "France"), ("b", "England")]);
            }
        }
        // Kill at random moments until a run gets to deliver everything.
        let pending = |db: &std::path::Path| -> i64 {
            let s = Store::open(db).expect("db");
            channels
                .iter()
                .map(|ch| s.read(|c| chessdip_game::store::outbox_waiting(c, &ch.to_string())).expect("read"))
                .sum()
        };
        for attempt in 0.. {
            assert!(attempt < 40, "run {run}: the outbox never drained");
            let mut child = run_binary(&fake, &db);
            let settled = async {
                // Resolved (Spring) and announced: nothing pending, and every channel's result seen.
                loop {
                    let done = channels
                        .iter()
                        .all(|ch| fake.created_posts(*ch).iter().any(|r| r.content().contains("Spring 1401 resolved")));
                    if done && pending(&db) == 0 {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            };
            let kill_after = Duration::from_millis(200 + random(1800));
            match tokio::time::timeout(kill_after, settled).await {
                Ok(()) => {
                    let _ = child.kill().await;
                    break;
                }
                Err(_) => {
                    child.kill().await.expect("kill -9");
                    let _ = child.wait().await;
                    kills += 1;
                }
            }
        }
        for ch in &channels {
            let posts = fake.created_posts(*ch);
            let announced = posts.iter().filter(|r| r.content().contains("Spring 1401 resolved")).count();
            assert_eq!(announced, 1, "run {run}, channel {ch}: announced {announced} times");
            resolutions += 1;
        }
    }
    eprintln!("kill runs: {runs} runs, {kills} kills, {resolutions} resolutions announced exactly once");
}

#[tokio::test(flavor = "current_thread")]
async fn a_grace_extension_pings_the_late_player_and_an_open_power_is_taken_over_by_join() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("grace-takeover");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    let options = [
        ("variant", json!("chesspolitik2")),
        ("movement", json!("2h")),
        ("grace", json!(1)),
        ("grace-length", json!("2h")),
        ("cd-after", json!("1")),
    ];
    game_with(&fake, &options, [(ALICE, "alice", "France"), (BOB, "bob", "England")]).await;
    ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;

    // The deadline passes with nothing from bob: the phase is extended, and only bob is pinged.
    let n = fake.requests().len();
    tokio::time::pause();
    tokio::time::advance(Duration::from_secs(2 * 3600 + 60)).await;
    tokio::time::resume();
    let grace = posted(&fake, n, "**Grace:**").await;
    assert!(grace.content().contains(&format!("England (<@{BOB}>, grace used, none left)")), "{}", grace.content());
    assert!(!grace.content().contains(&format!("<@{ALICE}>")), "{}", grace.content());
    assert_eq!(pinged(&grace), json!([BOB.to_string()]), "{}", grace.json);

    // The extension passes too: the phase resolves, bob is unseated and England opens.
    let n = fake.requests().len();
    tokio::time::pause();
    tokio::time::advance(Duration::from_secs(2 * 3600 + 60)).await;
    tokio::time::resume();
    let result = posted(&fake, n, "Spring 1401 resolved").await;
    assert!(
        result.content().contains("England sent no orders: civil disorder, every piece holds."),
        "{}",
        result.content()
    );
    let opened = posted(&fake, n, "is unseated from England").await;
    assert!(
        opened.content().contains("after 1 phase in civil disorder: England is open for takeover"),
        "{}",
        opened.content()
    );

    // carol takes it over with /join.
    let n = fake.requests().len();
    ask(&fake, (CAROL, "carol"), &["join"], &[("power", json!("England"))], false).await;
    posted(&fake, n, "carol joins as England, taking over a vacant power.").await;
    let db = rusqlite::Connection::open(&db).expect("db");
    let holder: String =
        db.query_row("SELECT user_id FROM players WHERE power = 'England'", [], |r| r.get(0)).expect("seated");
    assert_eq!(holder, CAROL.to_string());
    bot.stop().await;
}

/// One spelling of option names: every slash option is written as the
/// console writes it (lower-case words joined by `-`, never `_`), and every
/// option of `/game create` but the variant and the free `options:` text is
/// a setting the console's `game create` takes, under the same name. Read
/// from what `chessdip discord commands --json` prints.
#[test]
fn slash_options_are_spelt_as_the_console_spells_them() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessdip"))
        .args(["discord", "commands", "--json"])
        .output()
        .expect("run chessdip discord commands --json");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let payload: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    fn walk(c: &serde_json::Value, path: &str, out: &mut Vec<(String, String)>) {
        for o in c["options"].as_array().into_iter().flatten() {
            let name = o["name"].as_str().unwrap_or("").to_string();
            if matches!(o["type"].as_u64(), Some(1 | 2)) {
                walk(o, &format!("{path} {name}"), out);
            } else {
                out.push((path.to_string(), name));
            }
        }
    }
    let mut options = Vec::new();
    for c in payload.as_array().expect("a list") {
        walk(c, &format!("/{}", c["name"].as_str().unwrap_or("")), &mut options);
    }
    assert!(options.len() > 40, "{options:?}");
    let spelt = |n: &str| {
        !n.is_empty()
            && n.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
    };
    let bad: Vec<_> = options.iter().filter(|(_, n)| !spelt(n)).collect();
    assert!(bad.is_empty(), "options not spelt as the console spells them: {bad:?}");
    let keys: Vec<&str> = chessdip_game::options::SETTING_KEYS.split(", ").collect();
    let create: Vec<&String> = options.iter().filter(|(p, _)| p == "/game create").map(|(_, n)| n).collect();
    assert!(create.len() >= 15, "{create:?}");
    let unknown: Vec<_> = create
        .iter()
        .filter(|n| !["variant", "options"].contains(&n.as_str()) && !keys.contains(&n.as_str()))
        .collect();
    assert!(unknown.is_empty(), "/game create options the console's game create does not take: {unknown:?}");
}
