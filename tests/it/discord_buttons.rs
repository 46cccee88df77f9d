//! Playing by buttons, menus and the order form through the real bot and
//! the fake Discord: a forming game's advert (in its channel and the lobby)
//! with a "Join as…" menu and a Start button, edited in place as seats fill;
//! the players' buttons on each phase; `/games`; and what out-of-date or
//! foreign presses are answered.
#![cfg(feature = "discord")]

use std::sync::Arc;

use chessdip::discord::TokioClock;
use chessdip_game::store::Store;
use chessdip_game::Service;
use serde_json::{json, Value};

use crate::support;
use support::bot::{config, Bot};
use support::fake_discord::{FakeDiscord, Request};
use support::flow::*;

/// The lobby channel of these tests.
const LOBBY: u64 = 4_000_000_000_000_150;
const DAVE: u64 = 4_000_000_000_000_205;

/// The custom ids of a message's components, in order.
fn ids(components: &Value) -> Vec<String> {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// The one component whose custom id starts with `cd1:<action>:`.
fn control(components: &Value, action: &str) -> String {
    ids(components)
        .into_iter()
        .find(|i| i.starts_with(&format!("cd1:{action}:")))
        .unwrap_or_else(|| panic!("no {action} control in {components:#}"))
}

/// The message the fake keeps in `channel` whose text contains `needle` (the newest).
fn kept(fake: &FakeDiscord, channel: u64, needle: &str) -> Value {
    fake.channel_messages(channel)
        .into_iter()
        .rev()
        .find(|m| m["content"].as_str().unwrap_or("").contains(needle) || m.to_string().contains(needle))
        .unwrap_or_else(|| panic!("no message with {needle:?} in {channel}"))
}

/// Presses `custom_id` on `message` and waits for the answer the presser sees.
async fn press(
    fake: &FakeDiscord,
    who: (u64, &str),
    channel: u64,
    message: &Value,
    custom_id: &str,
    values: Option<&[&str]>,
) -> Request {
    let n = fake.requests().len();
    let id = fake.press(who.0, who.1, channel, message, custom_id, values);
    answer_of(fake, n, &id).await
}

/// Waits until the bot has edited a message of `channel` so that it contains `needle`.
async fn edited(fake: &FakeDiscord, n: usize, channel: u64, needle: &str) -> Request {
    let prefix = format!("/channels/{channel}/messages/");
    fake.wait_for(n, 30, move |r| r.method == "PATCH" && r.path.starts_with(&prefix) && r.content().contains(needle))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_finds_joins_and_plays_a_game_by_buttons() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("buttons");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let mut cfg = config(&fake, &db);
    cfg.lobby_channel = Some(LOBBY);
    let bot = Bot::start(cfg, service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;

    // The moderator creates a game that starts when full: the advert goes to the channel and the lobby.
    let n = fake.requests().len();
    let r = ask(
        &fake,
        (GM, "gm"),
        &["game", "create"],
        &[("variant", json!("chesspolitik2")), ("start", json!(0)), ("animation", json!(false))],
        false,
    )
    .await;
    assert!(r.content().contains("Posted in the channel"), "{}", r.content());
    let advert = posted(&fake, n, "is forming").await;
    assert!(advert.content().contains("Seats: France: free · England: free"), "{}", advert.content());
    let menu = control(&advert.json["components"], "join");
    assert_eq!(menu, control(&advert.json["components"], "join"));
    assert!(control(&advert.json["components"], "start").ends_with(":0"));
    let lobby_post = format!("/channels/{LOBBY}/messages");
    let lobby = fake.wait_for(n, 30, |r| r.method == "POST" && r.path == lobby_post && r.created).await;
    assert!(lobby.content().contains(&format!("In <#{CHANNEL}>")), "{}", lobby.content());

    // A newcomer finds it with /games: forming, with a Join menu, privately.
    let n = fake.requests().len();
    let games = ask(&fake, (ALICE, "alice"), &["games"], &[], false).await;
    assert!(games.ephemeral());
    let text = games.content();
    assert!(text.contains("**Forming** (1)") && text.contains("2 seats left (France, England)"), "{text}");
    assert!(text.contains("**Running**: none") && text.contains("**Your turn**: nothing owed now"), "{text}");
    assert_eq!(control(&games.json["data"]["components"], "join"), menu);

    // She joins from the lobby's menu: the answer says so, and both adverts are edited in place.
    let lobby_msg = kept(&fake, LOBBY, "is forming");
    let r = press(&fake, (ALICE, "alice"), LOBBY, &lobby_msg, &menu, Some(&["France"])).await;
    assert!(r.ephemeral() && r.content().contains("alice joins as France"), "{}", r.content());
    edited(&fake, n, CHANNEL, "France: alice · England: free").await;
    edited(&fake, n, LOBBY, "France: alice · England: free").await;
    let channel_advert = kept(&fake, CHANNEL, "is forming");
    assert!(channel_advert["content"].as_str().unwrap_or("").contains("1 seat left"), "{channel_advert:#}");

    // Someone picks France a moment later from the old menu: a clear answer, nothing changed.
    let n = fake.requests().len();
    let r = press(&fake, (DAVE, "dave"), LOBBY, &lobby_msg, &menu, Some(&["France"])).await;
    assert!(r.ephemeral() && r.content().contains("France is taken"), "{}", r.content());
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let after: Vec<String> = fake.requests()[n..]
        .iter()
        .filter(|r| r.content().contains("dave") && !r.path.starts_with("/interactions/"))
        .map(|r| format!("{} {} {}", r.method, r.path, r.content()))
        .collect();
    assert!(after.is_empty(), "a refused join changed nothing: {after:#?}");
    assert!(kept(&fake, LOBBY, "is forming")["content"].as_str().unwrap_or("").contains("France: alice"));

    // Bob takes the last seat from the channel's menu: the game starts by itself, with the players' buttons.
    let n = fake.requests().len();
    let r = press(&fake, (BOB, "bob"), CHANNEL, &channel_advert, &menu, Some(&["England"])).await;
    assert!(r.content().contains("bob joins as England"), "{}", r.content());
    let begins = posted(&fake, n, "The game begins").await;
    let buttons = &begins.json["components"];
    let labels: Vec<&str> = buttons
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .filter_map(|c| c["label"].as_str())
        .collect();
    assert_eq!(labels, ["My orders", "Ready", "Not ready", "Vote draw"]);
    assert!(
        begins.content().contains("Deadline: <t:") && begins.content().contains(":F> (<t:"),
        "{}",
        begins.content()
    );
    let started = edited(&fake, n, LOBBY, "This game has started: follow it in <#").await;
    assert_eq!(started.json["components"], json!([]), "the lobby's advert has no menu left");

    // The stale Join menu is refused as out of date.
    let r = press(&fake, (DAVE, "dave"), LOBBY, &lobby_msg, &menu, Some(&["England"])).await;
    assert!(r.ephemeral() && r.content().contains("out of date"), "{}", r.content());

    // "My orders": the pieces and what is owed, privately, with the order form.
    let begins_msg = kept(&fake, CHANNEL, "The game begins");
    let mine = control(buttons, "orders");
    let r = press(&fake, (ALICE, "alice"), CHANNEL, &begins_msg, &mine, None).await;
    assert!(r.ephemeral() && r.content().contains("France's orders for Spring 1401"), "{}", r.content());
    let form = control(&r.json["data"]["components"], "form");
    // The form opens as a modal; sent back, the orders are taken as `orders` takes them.
    let n = fake.requests().len();
    let id = fake.press(ALICE, "alice", CHANNEL, &begins_msg, &form, None);
    let modal = fake.wait_for(n, 20, callback_of(&id)).await;
    assert_eq!(modal.json["type"], json!(9), "a modal: {:#}", modal.json);
    let submit = modal.json["data"]["custom_id"].as_str().expect("the form's id").to_string();
    assert!(submit.starts_with("cd1:submit:"), "{submit}");
    let n = fake.requests().len();
    let id = fake.submit_form(ALICE, "alice", CHANNEL, &submit, "N b1 - c3");
    let r = answer_of(&fake, n, &id).await;
    assert!(r.ephemeral(), "{}", r.content());
    assert!(r.content().contains("b1") && !r.content().contains("out of date"), "{}", r.content());

    // Someone not in the game presses Ready: the command's refusal.
    let ready = control(buttons, "ready");
    let r = press(&fake, (DAVE, "dave"), CHANNEL, &begins_msg, &ready, None).await;
    assert!(r.ephemeral() && r.content().to_lowercase().contains("not"), "{}", r.content());

    // Both press Ready: the phase resolves early, and the old buttons are out of date.
    let n = fake.requests().len();
    let r = press(&fake, (ALICE, "alice"), CHANNEL, &begins_msg, &ready, None).await;
    assert!(r.ephemeral(), "{}", r.content());
    press(&fake, (BOB, "bob"), CHANNEL, &begins_msg, &ready, None).await;
    let result = posted(&fake, n, "Spring 1401 resolved").await;
    assert!(
        control(&result.json["components"], "ready").ends_with(":2"),
        "the result carries the next phase's buttons"
    );
    let r = press(&fake, (ALICE, "alice"), CHANNEL, &begins_msg, &ready, None).await;
    assert!(r.content().contains("out of date") && r.content().contains("Nothing changed"), "{}", r.content());

    // /games now lists it as running, and Alice's turn.
    let games = ask(&fake, (ALICE, "alice"), &["games"], &[], false).await;
    let text = games.content();
    assert!(text.contains("**Running** (1)") && text.contains("Fall 1401, deadline <t:"), "{text}");
    assert!(text.contains("**Your turn** (1)") && text.contains("France owes orders for Fall 1401"), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_by_button_and_advertise_with_a_role() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("buttons-start");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "create"], &[("variant", json!("chesspolitik2"))], false).await;
    let advert = posted(&fake, n, "is forming").await;
    let menu = control(&advert.json["components"], "join");
    let start = control(&advert.json["components"], "start");
    let msg = kept(&fake, CHANNEL, "is forming");
    press(&fake, (ALICE, "alice"), CHANNEL, &msg, &menu, Some(&["France"])).await;

    // A player cannot start it by the button; the moderator can.
    let r = press(&fake, (ALICE, "alice"), CHANNEL, &msg, &start, None).await;
    assert!(r.ephemeral() && r.content().contains("moderator"), "{}", r.content());

    // game advertise role: posts it again, pinging that role and nobody else.
    let n = fake.requests().len();
    let r = ask(
        &fake,
        (GM, "gm"),
        &["game", "advertise"],
        &[("role", json!({"role": 4_000_000_000_000_999_u64, "name": "players"}))],
        true,
    )
    .await;
    assert!(r.ephemeral() && r.content().contains("Advertised again"), "{}", r.content());
    let again = posted(&fake, n, "is forming").await;
    assert!(again.content().starts_with("<@&4000000000000999>"), "{}", again.content());
    assert_eq!(again.json["allowed_mentions"]["roles"], json!(["4000000000000999"]));
    assert_eq!(pinged(&again), json!([]));

    let n = fake.requests().len();
    let id = fake.command(GM, "gm", CHANNEL, &["game", "start"], &[], true);
    fake.wait_for(n, 20, callback_of(&id)).await;
    posted(&fake, n, "The game begins").await;
    // Both adverts say it started, with no controls left.
    edited(&fake, n, CHANNEL, "This game has started").await;
    bot.stop().await;
}

/// What Discord records of one phase: the result in the channel with the
/// players' buttons, and each player's direct message with "My orders",
/// whose press answers with their pieces and the order form. Printed (run
/// with `--nocapture`) as the fake recorded them, text and components.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_phase_as_discord_records_it() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("buttons-phase");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;
    let create = [("variant", json!("chesspolitik2")), ("animation", json!(false)), ("start", json!(0))];
    ask(&fake, (GM, "gm"), &["game", "create"], &create, false).await;
    let n = fake.requests().len();
    ask(&fake, (ALICE, "alice"), &["join"], &[("power", json!("France"))], false).await;
    ask(&fake, (BOB, "bob"), &["join"], &[("power", json!("England"))], false).await;
    posted(&fake, n, "The game begins").await;
    // Both ready: Spring 1401 resolves, Fall 1401 opens.
    let n = fake.requests().len();
    ask(&fake, (ALICE, "alice"), &["ready"], &[], false).await;
    ask(&fake, (BOB, "bob"), &["ready"], &[], false).await;
    let result = posted(&fake, n, "Spring 1401 resolved").await;
    let dm_path = |u: u64| format!("/channels/{}/messages", FakeDiscord::dm_channel(u));
    let mut dms = Vec::new();
    for user in [ALICE, BOB] {
        let path = dm_path(user);
        let dm = fake
            .wait_for(n, 30, move |r| {
                r.method == "POST" && r.path == path && r.created && r.content().contains("Fall 1401")
            })
            .await;
        dms.push(dm);
    }
    let record = |r: &Request| {
        json!({"path": r.path, "content": r.json["content"], "embeds": r.json["embeds"],
               "components": r.json["components"], "allowed_mentions": r.json["allowed_mentions"],
               "files": r.files.iter().map(|(name, _)| name.clone()).collect::<Vec<_>>()})
    };
    let recorded: Vec<Value> = std::iter::once(&result).chain(dms.iter()).map(record).collect();
    eprintln!("{}", serde_json::to_string_pretty(&recorded).expect("json"));

    // The result: the players' buttons for Fall 1401 (phase 2), pinging nobody.
    assert!(control(&result.json["components"], "orders").ends_with(":2"));
    assert_eq!(pinged(&result), json!([]));
    // Each DM: the deadline pair, the board, and My orders for the same phase.
    for dm in &dms {
        let text = dm.content();
        assert!(text.contains(":F> (<t:") && text.contains(":R>)"), "{text}");
        assert_eq!(dm.pngs().len(), 1, "the board of the opening position");
        assert_eq!(ids(&dm.json["components"]), vec![control(&result.json["components"], "orders")]);
    }
    // My orders pressed in the DM: the pieces, privately, with the order form.
    let mine = control(&dms[0].json["components"], "orders");
    let msg = fake.channel_messages(FakeDiscord::dm_channel(ALICE)).into_iter().last().expect("the DM");
    let r = press(&fake, (ALICE, "alice"), FakeDiscord::dm_channel(ALICE), &msg, &mine, None).await;
    eprintln!("{}", serde_json::to_string_pretty(&r.json).expect("json"));
    assert!(r.ephemeral() && r.content().contains("France's orders for Fall 1401"), "{}", r.content());
    assert!(control(&r.json["data"]["components"], "form").ends_with(":2"));
    bot.stop().await;
}
