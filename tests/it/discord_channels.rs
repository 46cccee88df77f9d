//! A channel per game (`/game create channel:new`), through the real bot
//! against the fake Discord's server (`support/fake_guild.rs`): the channel
//! made in the games category with its permission overwrites and the game
//! run there, players let in to post (and to read a private one) as they
//! are seated and taken out as they go, a missing permission or category
//! answered with what to set and nothing left behind, and an ended game's
//! channel archived, read-only, once its results are posted.
#![cfg(feature = "discord")]

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use chessdip::config::Config;
use chessdip::discord::TokioClock;
use chessdip_game::options::create_settings;
use chessdip_game::seats::channels::ReaderChange;
use chessdip_game::store::Store;
use chessdip_game::{Caller, Service, Settings};
use serde_json::{json, Value};
use support::bot::{config, Bot};
use support::fake_discord::{FakeDiscord, Request, APP, GUILD};
use support::fake_guild::{FIRST_MADE, SEND, VIEW};
use support::flow::*;
use support::scratch;

/// The games category.
const GAMES: u64 = 4_000_000_000_000_300;
/// The archive category.
const ARCHIVE: u64 = 4_000_000_000_000_301;
/// The moderator role ("Game Master").
const MODS: u64 = 4_000_000_000_000_302;

/// The fake with both categories and the moderator role, and the real bot
/// against it with `games` and `archive` as its categories.
async fn start(name: &str, games: Option<u64>, archive: Option<u64>) -> (FakeDiscord, Bot) {
    let fake = FakeDiscord::start().await;
    fake.declare_category(GAMES, "Games");
    fake.declare_category(ARCHIVE, "Archive");
    fake.declare_role(MODS, "Game Master");
    let db = temp_db(name);
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let config = Config { games_category: games, archive_category: archive, ..config(&fake, &db) };
    let bot = Bot::start(config, service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;
    (fake, bot)
}

/// Sends a slash command in `channel` and waits for the answer the user sees.
async fn answer_in(
    fake: &FakeDiscord,
    user: (u64, &str),
    channel: u64,
    path: &[&str],
    options: &[(&str, Value)],
) -> Request {
    let n = fake.requests().len();
    let id = fake.command(user.0, user.1, channel, path, options, false);
    answer_of(fake, n, &id).await
}

/// Waits for a post in `channel` (after request `n`) whose text contains `needle`.
async fn posted_in(fake: &FakeDiscord, n: usize, channel: u64, needle: &str) -> Request {
    let path = format!("/channels/{channel}/messages");
    fake.wait_for(n, 30, move |r| r.method == "POST" && r.path == path && r.created && r.content().contains(needle))
        .await
}

/// Waits (up to 30 s) until `f` holds.
async fn until(what: &str, f: impl Fn() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(30);
    while !f() {
        assert!(Instant::now() < give_up, "timed out waiting until {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The requests so far to make a channel in the server.
fn channel_creations(fake: &FakeDiscord) -> usize {
    let path = format!("/guilds/{GUILD}/channels");
    fake.with_requests(|all| all.iter().filter(|r| r.method == "POST" && r.path == path).count())
}

/// `/game create` options for a Chesspolitik 2-player game with `more`.
fn create(more: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
    let mut o = vec![("variant", json!("chesspolitik2"))];
    o.extend(more.iter().cloned());
    o
}

/// Whether `bits` allow (or deny) `perm`.
fn has(bits: u64, perm: u64) -> bool {
    bits & perm == perm
}

#[tokio::test(flavor = "current_thread")]
async fn channel_new_makes_the_games_channel_in_the_category_and_the_game_runs_there() {
    let (fake, bot) = start("made", Some(GAMES), None).await;
    let n = fake.requests().len();
    let new = [("channel", json!(0)), ("name", json!("Spring League!"))];
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&new)).await;
    let made = fake.text_channels();
    assert_eq!(made.len(), 1, "{made:?}");
    let ch = made[0]["id"].as_str().expect("an id").to_string();
    let id: u64 = ch.parse().expect("a snowflake");
    assert!(r.ephemeral(), "answered privately: {}", r.content());
    assert!(r.content().contains(&format!("Made <#{ch}> for the game in <#{GAMES}>")), "{}", r.content());
    assert!(r.content().contains("stays where it is after the game ends"), "no archive category: {}", r.content());
    assert_eq!(made[0]["name"], json!("spring-league"), "named as Discord names channels");
    assert_eq!(made[0]["parent_id"], json!(GAMES.to_string()), "in the games category");
    let (allow, deny) = fake.overwrite_of(&ch, GUILD).expect("@everyone's overwrite");
    assert!(has(allow, VIEW) && has(deny, SEND), "everyone reads, nobody posts: {allow} {deny}");
    for who in [APP, GM] {
        let (allow, deny) = fake.overwrite_of(&ch, who).expect("an overwrite");
        assert!(has(allow, VIEW | SEND) && deny == 0, "{who} reads and posts: {allow} {deny}");
    }
    let (allow, _) = fake.overwrite_of(&ch, MODS).expect("the moderator role's overwrite");
    assert!(has(allow, VIEW | SEND), "moderators post: {allow}");

    // The game runs in the new channel: announced there, joined there.
    let forming = posted_in(&fake, n, id, "is forming").await;
    assert!(forming.content().contains("This channel is the game's own"), "{}", forming.content());
    let n = fake.requests().len();
    let r = answer_in(&fake, (ALICE, "alice"), id, &["join"], &[("power", json!("France"))]).await;
    assert!(!r.content().contains("there is no game"), "{}", r.content());
    posted_in(&fake, n, id, "alice joins as France").await;
    until("alice may post", || fake.overwrite_of(&ch, ALICE).is_some_and(|(a, _)| has(a, VIEW | SEND))).await;
    // The channel the command was given in holds no game.
    let r = answer_in(&fake, (BOB, "bob"), CHANNEL, &["game", "status"], &[]).await;
    assert!(r.content().contains("there is no game in this channel"), "{}", r.content());

    // A player who leaves is taken out again; the creator stays.
    answer_in(&fake, (ALICE, "alice"), id, &["leave"], &[]).await;
    until("alice is taken out", || fake.overwrite_of(&ch, ALICE).is_none()).await;
    assert!(fake.overwrite_of(&ch, GM).is_some(), "the creator keeps posting");
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_private_channel_is_read_by_its_players_moderators_and_the_bot_only() {
    let (fake, bot) = start("private", Some(GAMES), None).await;
    let new = [("channel", json!(0)), ("private", json!(true)), ("name", json!("secret"))];
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&new)).await;
    assert!(r.content().contains("Only its players, its moderators and I can read it"), "{}", r.content());
    let ch = fake.text_channels()[0]["id"].as_str().expect("an id").to_string();
    let id: u64 = ch.parse().expect("a snowflake");
    let (allow, deny) = fake.overwrite_of(&ch, GUILD).expect("@everyone's overwrite");
    assert!(allow & VIEW == 0 && has(deny, VIEW | SEND), "nobody else reads: {allow} {deny}");
    for who in [APP, GM, MODS] {
        let (allow, _) = fake.overwrite_of(&ch, who).expect("an overwrite");
        assert!(has(allow, VIEW | SEND), "{who} reads and posts: {allow}");
    }
    assert!(fake.overwrite_of(&ch, ALICE).is_none());

    // A player seated by a moderator is let in.
    let seat = [("power", json!("France")), ("player", json!({"user": ALICE, "name": "alice"}))];
    let r = answer_in(&fake, (GM, "gm"), id, &["game", "replace"], &seat).await;
    assert!(!r.content().contains("only a moderator"), "{}", r.content());
    until("alice may read and post", || fake.overwrite_of(&ch, ALICE).is_some_and(|(a, _)| has(a, VIEW | SEND))).await;

    // A channel an admin deleted is tried once more, then forgotten.
    fake.delete_channel_by_hand(&ch);
    let puts = || {
        let path = format!("/channels/{ch}/permissions/{BOB}");
        fake.with_requests(|all| all.iter().filter(|r| r.method == "PUT" && r.path == path).count())
    };
    let seat = [("power", json!("England")), ("player", json!({"user": BOB, "name": "bob"}))];
    answer_in(&fake, (GM, "gm"), id, &["game", "replace"], &seat).await;
    until("bob's overwrite is tried", || puts() == 1).await;
    answer_in(&fake, (GM, "gm"), id, &["game", "status"], &[]).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(puts(), 1, "not tried again");
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn without_manage_channels_the_answer_says_what_to_grant_and_nothing_is_left() {
    let (fake, bot) = start("no-permission", Some(GAMES), None).await;
    fake.refuse_channel_creation(Some((403, 50013)));
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&[("channel", json!(0))])).await;
    let text = r.content();
    assert!(r.ephemeral(), "{text}");
    assert!(text.contains("I need the Manage Channels permission (and Manage Roles"), "{text}");
    assert!(text.contains(&format!("in the category <#{GAMES}>")) && text.contains("Nothing was created"), "{text}");
    assert_eq!(channel_creations(&fake), 1, "Discord was asked once");
    assert!(fake.text_channels().is_empty());
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "status"], &[]).await;
    assert!(r.content().contains("there is no game in this channel"), "no game here: {}", r.content());
    let r = answer_in(&fake, (GM, "gm"), FIRST_MADE, &["game", "status"], &[]).await;
    assert!(r.content().contains("there is no game in this channel"), "nor anywhere: {}", r.content());

    // A game the service would refuse (an unknown variant) makes no channel at all.
    fake.refuse_channel_creation(None);
    let nonesuch = [("variant", json!("nonesuch")), ("channel", json!(0))];
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &nonesuch).await;
    assert!(r.content().contains("nonesuch"), "{}", r.content());
    assert_eq!(channel_creations(&fake), 1, "no channel asked for");

    // A game refused after its channel was made (here: the new channel's id
    // already holds a game) leaves no channel behind.
    answer_in(&fake, (BOB, "bob"), FIRST_MADE, &["game", "create"], &create(&[])).await;
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&[("channel", json!(0))])).await;
    assert!(r.content().contains("is forming in this channel"), "{}", r.content());
    assert_eq!(fake.deleted_channels(), vec![FIRST_MADE.to_string()], "the channel made was deleted");
    assert!(fake.text_channels().is_empty());

    // Granted, the same command makes the channel.
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&[("channel", json!(0))])).await;
    assert!(r.content().contains("Made <#"), "{}", r.content());
    assert_eq!(fake.text_channels().len(), 1);
    assert_eq!(
        fake.text_channels()[0]["name"],
        json!("chesspolitik-2-players"),
        "named after the game: {:?}",
        fake.text_channels()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "current_thread")]
async fn without_a_games_category_or_with_bad_settings_nothing_is_made() {
    let (fake, bot) = start("no-category", None, None).await;
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&[("channel", json!(0))])).await;
    let text = r.content();
    assert!(r.ephemeral(), "{text}");
    assert!(text.contains("the bot's operator must set `games_category` in config.toml"), "{text}");
    assert!(text.contains("Nothing was created"), "{text}");
    for (options, says) in [
        (
            vec![("channel", json!(0)), ("archive-after", json!("forever"))],
            "`archive-after=forever`: `forever` is not a duration",
        ),
        (
            vec![("channel", json!(0)), ("archive-after", json!("forever"))],
            "from 1h to 365d (default 7d), e.g. archive-after=30d",
        ),
        (
            vec![("channel", json!(0)), ("archive-after", json!("30m"))],
            "too short for archive-after: it must be at least 1h",
        ),
        (
            vec![("channel", json!(0)), ("archive-after", json!("400d"))],
            "too long for archive-after: it must be at most 365d",
        ),
        (vec![("name", json!("league"))], "`name=league`: name names the channel `channel=new` makes"),
        (vec![("private", json!(true))], "`private=yes`: private makes the channel `channel=new` makes"),
        (vec![("archive-after", json!("2d"))], "so it goes with `channel=new`"),
        (vec![("channel", json!(0)), ("name", json!("!!!"))], "a channel's name needs a letter or a digit"),
        (vec![("options", json!("channel=here"))], "channel takes one value, new"),
    ] {
        let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&options)).await;
        assert!(r.ephemeral() && r.content().contains(says), "{options:?}: {}", r.content());
    }
    assert_eq!(channel_creations(&fake), 0, "no channel asked for");
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "status"], &[]).await;
    assert!(r.content().contains("there is no game in this channel"), "{}", r.content());
    bot.stop().await;
}

/// Moves the bot's clock (tokio's) forward by `by`.
async fn jump(by: Duration) {
    tokio::time::pause();
    tokio::time::advance(by).await;
    tokio::time::resume();
}

#[tokio::test(flavor = "current_thread")]
async fn an_ended_games_channel_is_archived_read_only_once_its_end_is_posted() {
    let (fake, bot) = start("archive", Some(GAMES), Some(ARCHIVE)).await;
    let new = [("channel", json!(0)), ("archive-after", json!("1h"))];
    let r = answer_in(&fake, (GM, "gm"), CHANNEL, &["game", "create"], &create(&new)).await;
    assert!(
        r.content().contains(&format!("1h after the game ends it moves to <#{ARCHIVE}> and becomes read-only")),
        "{}",
        r.content()
    );
    let ch = fake.text_channels()[0]["id"].as_str().expect("an id").to_string();
    let id: u64 = ch.parse().expect("a snowflake");
    let n = fake.requests().len();
    answer_in(&fake, (ALICE, "alice"), id, &["join"], &[("power", json!("France"))]).await;
    posted_in(&fake, n, id, "alice joins as France").await;
    until("alice may post", || fake.overwrite_of(&ch, ALICE).is_some()).await;
    let parent = || fake.guild_channel(&ch).map(|c| c["parent_id"].clone());
    let patches = || {
        let path = format!("/channels/{ch}");
        fake.with_requests(|all| all.iter().filter(|r| r.method == "PATCH" && r.path == path).count())
    };

    // The end is held (the bot may not post there for a while): the channel waits for it.
    fake.fail_posts_in(id, 403, 50013, None);
    let r = answer_in(&fake, (GM, "gm"), id, &["game", "end"], &[]).await;
    assert!(!r.content().contains("only a moderator"), "{}", r.content());
    jump(Duration::from_secs(2 * 3600)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(parent(), Some(json!(GAMES.to_string())), "not archived before its end is posted");
    assert_eq!(patches(), 0);

    // Posted; but the bot may not move the channel: it is tried, and tried again once something happens.
    fake.heal();
    fake.refuse_channel_changes(Some((403, 50013)));
    let n = fake.requests().len();
    answer_in(&fake, (GM, "gm"), id, &["game", "status"], &[]).await;
    let end = posted_in(&fake, n, id, "Game over: ended by a moderator").await;
    until("the move is tried", || patches() >= 1).await;
    assert_eq!(parent(), Some(json!(GAMES.to_string())));
    fake.refuse_channel_changes(None);
    answer_in(&fake, (GM, "gm"), id, &["game", "status"], &[]).await;
    until("the channel is in the archive", || parent() == Some(json!(ARCHIVE.to_string()))).await;
    let moved = fake.with_requests(|all| {
        all.iter().rposition(|r| r.method == "PATCH" && r.path == format!("/channels/{ch}")).expect("a move")
    });
    let posted =
        fake.with_requests(|all| all.iter().position(|r| r.at == end.at && r.path == end.path).expect("the end"));
    assert!(posted < moved, "the end was posted before the channel was archived");

    // Read-only: nobody posts but the bot; everyone still reads.
    let (allow, deny) = fake.overwrite_of(&ch, GUILD).expect("@everyone");
    assert!(has(allow, VIEW) && has(deny, SEND), "{allow} {deny}");
    for who in [ALICE, GM, MODS] {
        let (allow, deny) = fake.overwrite_of(&ch, who).expect("an overwrite");
        assert!(allow & SEND == 0 && has(deny, SEND), "{who} may no longer post: {allow} {deny}");
    }
    let (allow, _) = fake.overwrite_of(&ch, APP).expect("the bot");
    assert!(has(allow, VIEW | SEND), "the bot still posts: {allow}");

    // Archived once: neither time nor commands move it again.
    let archived = patches();
    jump(Duration::from_secs(3 * 3600)).await;
    answer_in(&fake, (GM, "gm"), id, &["game", "status"], &[]).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(patches(), archived, "no move after the one made");
    bot.stop().await;
}

/// The service's side, without Discord: whom a channel it made should let
/// in and take out (people seated or waiting for a bot's seat, never bots),
/// and when it is to be archived (`archive-after` past the end, and only
/// once the end is posted; once; never for a channel a later game took over).
#[test]
fn the_service_says_whom_to_let_in_and_when_to_archive() {
    let dir = scratch::temp_dir("service-side");
    let (service, clock) = scratch::service_at(&dir, 1_000_000);
    let who = Caller::player;
    let new = |words: &[&str]| chessdip_game::Request::Create {
        variant: "chesspolitik2".into(),
        settings: Box::new(create_settings("chesspolitik2", words, Settings::default()).expect("settings")),
    };
    service.handle("made", "g", &who("gm"), new(&["channel=new", "archive-after=1h"])).expect("created");
    let state = service.game_channel("made").expect("read").expect("recorded");
    assert_eq!((state.private, state.archive_after, state.readers.clone()), (false, 3600, vec!["gm".to_string()]));
    assert_eq!(service.channel_readers_due().expect("due"), vec![], "the creator was let in with the channel");
    for (user, power) in [("alice", "France"), ("bob", "England")] {
        service.join("made", &who(user), Some(power)).expect("join");
    }
    let due = service.channel_readers_due().expect("due");
    let change = ReaderChange { channel: "made".into(), add: vec!["alice".into(), "bob".into()], remove: vec![] };
    assert_eq!(due, vec![change]);
    service.channel_readers_done("made", &["alice".into()], &[]).expect("done");
    assert_eq!(service.channel_readers_due().expect("due")[0].add, vec!["bob".to_string()], "what failed is due again");
    service.channel_readers_done("made", &["bob".into()], &[]).expect("done");
    service.leave("made", &who("bob")).expect("leave");
    let due = service.channel_readers_due().expect("due");
    assert_eq!(due[0].remove, vec!["bob".to_string()], "{due:?}");
    service.channel_readers_done("made", &[], &["bob".into()]).expect("done");
    let gm = Caller { moderator: true, ..who("gm") };
    service
        .handle("made", "g", &gm, chessdip_game::Request::Bot { add: true, power: "England".into() })
        .expect("a bot");
    assert_eq!(service.channel_readers_due().expect("due"), vec![], "a bot is not let in");

    // Ended: due an hour later, once its end is posted.
    service.end("made", &gm).expect("ended");
    assert_eq!(service.next_channel_archive().expect("next"), Some(1_000_000 + 3600));
    assert!(service.channels_to_archive().expect("due").is_empty(), "not yet");
    clock.advance(3600);
    assert!(service.channels_to_archive().expect("due").is_empty(), "its end is not posted yet");
    scratch::mark_delivered(&service);
    assert_eq!(service.channels_to_archive().expect("due"), vec!["made".to_string()]);
    assert!(service.channel_failed("made", "403 Missing Permissions").expect("failed"), "news, logged");
    assert!(!service.channel_failed("made", "403 Missing Permissions").expect("failed"), "the same, not logged again");
    service.channel_archived("made").expect("archived");
    assert!(service.channels_to_archive().expect("due").is_empty(), "archived once");
    assert!(service.game_channel("made").expect("read").expect("recorded").archived_at.is_some());
    service.join("made", &who("carol"), None).expect_err("the game has ended");

    // A channel whose game ended and that a later game took over is the later game's: left alone.
    service.handle("again", "g", &who("gm"), new(&["channel=new", "archive-after=1h"])).expect("created");
    service.end("again", &gm).expect("ended");
    service.handle("again", "g", &who("gm"), new(&[])).expect("a later game");
    service.join("again", &who("dave"), Some("France")).expect("join");
    clock.advance(7200);
    scratch::mark_delivered(&service);
    assert!(service.channels_to_archive().expect("due").is_empty(), "never archived under the later game");
    assert_eq!(service.channel_readers_due().expect("due"), vec![], "its players are not the bot's to let in");
    assert_eq!(service.next_channel_archive().expect("next"), None);
}
