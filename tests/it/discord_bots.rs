//! Bots through the real bot against the fake Discord: `/game bot` seats
//! one (and refuses what it cannot do, privately), the bot plays its turn
//! on its own as soon as the phase opens, and a person's ready mark then
//! resolves the phase early.
#![cfg(feature = "discord")]

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use chessdip::discord::TokioClock;
use chessdip_game::store::Store;
use chessdip_game::Service;
use serde_json::json;
use support::bot::{config, Bot};
use support::fake_discord::FakeDiscord;
use support::flow::*;

/// `/game status` (public), until its text contains `needle` (at most 30 s).
async fn status_until(fake: &FakeDiscord, needle: &str) -> String {
    let give_up = Instant::now() + Duration::from_secs(30);
    loop {
        let text = ask(fake, (ALICE, "alice"), &["game", "status"], &[], false).await.content();
        if text.contains(needle) || Instant::now() > give_up {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_bot_seats_a_bot_that_plays_at_once_and_a_ready_person_resolves_the_phase_early() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("discord-bots");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;

    let n = fake.requests().len();
    let create = [("variant", json!("chesspolitik2")), ("movement", json!("48h")), ("vacant", json!(1))];
    ask(&fake, (GM, "gm"), &["game", "create"], &create, false).await;
    let forming = posted(&fake, n, "is forming").await.content();
    assert!(forming.contains("a bot playing it until then"), "vacant=bot from the slash option: {forming}");
    let n = fake.requests().len();
    fake.command(ALICE, "alice", CHANNEL, &["join"], &[("power", json!("France"))], false);
    posted(&fake, n, "alice joins as France").await;

    // Refused privately, nothing changed: by a non-moderator, a held power, an unknown one.
    let add = |power: &str| [("action", json!(0)), ("power", json!(power))];
    let r = ask(&fake, (ALICE, "alice"), &["game", "bot"], &add("England"), false).await;
    assert!(r.ephemeral() && r.content().contains("only a moderator of this game can seat a bot"), "{}", r.content());
    let r = ask(&fake, (GM, "gm"), &["game", "bot"], &add("France"), false).await;
    assert!(r.ephemeral() && r.content().contains("France is held by alice"), "{}", r.content());
    let r = ask(&fake, (GM, "gm"), &["game", "bot"], &add("Prussia"), false).await;
    assert!(r.ephemeral() && r.content().contains("there is no power `Prussia`"), "{}", r.content());
    let r = ask(&fake, (GM, "gm"), &["game", "bot"], &[("action", json!(1)), ("power", json!("England"))], false).await;
    assert!(r.ephemeral() && r.content().contains("no bot plays England (it is free)"), "{}", r.content());

    // The moderator seats one: announced in the channel.
    let n = fake.requests().len();
    let r = ask(&fake, (GM, "gm"), &["game", "bot"], &add("England"), false).await;
    assert!(r.ephemeral() && r.content().contains("Posted in the channel: England (bot) joins"), "{}", r.content());
    posted(&fake, n, "England (bot) joins: a bot plays England").await;

    // The game starts; the bot orders and is ready without anyone asking it.
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "start"], &[], false).await;
    posted(&fake, n, "Played by bots: England (bot)").await;
    let status = status_until(&fake, "England (bot): 3 centers, 3 pieces [orders in, ready]").await;
    assert!(status.contains("England (bot): 3 centers, 3 pieces [orders in, ready]"), "{status}");
    assert!(status.contains("France (alice): 3 centers, 3 pieces [no orders yet]"), "{status}");

    // alice's orders and ready mark: with the bot ready, the phase resolves at once.
    let r = ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))], false).await;
    assert!(r.ephemeral() && r.content().contains("Accepted for France: K c1 - c2"), "{}", r.content());
    let n = fake.requests().len();
    ask(&fake, (ALICE, "alice"), &["ready"], &[], false).await;
    let result = posted(&fake, n, "Spring 1401 resolved (every power is ready)").await;
    assert!(result.content().contains("England (bot):"), "{}", result.content());
    // And it plays the next phase as soon as it opens.
    let status = status_until(&fake, "England (bot): ").await;
    let status =
        if status.contains("[orders in, ready]") { status } else { status_until(&fake, "[orders in, ready]").await };
    assert!(status.contains("Fall 1401") && status.contains("[orders in, ready]"), "{status}");
    // Nobody was pinged for the bot, and no message went to a bot.
    let pinged =
        fake.with_requests(|all| all.iter().any(|r| r.content().contains("<@bot:") || r.path.contains("bot:England")));
    assert!(!pinged, "a bot is never pinged nor written to");
    bot.stop().await;
}
