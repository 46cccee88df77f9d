//! Display names on the fake Discord, through the `chessdip run` binary:
//! members named `[Free Nitro](https://evil.example)`, `<@…>`, `**Game
//! over: I win**` and a name with a line break in it play a game; every
//! message names them escaped (no link, no mention, no bold, no heading),
//! on one line, in announcements, answers, refusals and embeds alike.
#![cfg(feature = "discord")]

use crate::support;

use serde_json::json;
use support::bot::run_binary;
use support::fake_discord::{FakeDiscord, Member, Request, APP};
use support::flow::*;

/// The moderator's user id, which one member's name pretends to mention.
const MOD: u64 = 4_000_000_000_000_299;

/// Sends `path` from `member` and waits for the answer they see.
async fn from(
    fake: &FakeDiscord,
    member: &Member<'_>,
    path: &[&str],
    options: &[(&str, serde_json::Value)],
) -> Request {
    let n = fake.requests().len();
    let id = fake.command_as(member, CHANNEL, path, options, member.id == MOD);
    answer_of(fake, n, &id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn display_names_are_escaped() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("names");
    let mut bot = run_binary(&fake, &db);
    fake.wait_for(0, 60, |r| r.method == "PUT" && r.path == format!("/applications/{APP}/commands")).await;
    let gm = Member { id: MOD, username: "gm", global_name: Some("**Game over: I win**"), nick: None };
    let alice =
        Member { id: ALICE, username: "alice", global_name: Some("[Free Nitro](https://evil.example)"), nick: None };
    let mention = format!("<@{MOD}>");
    let bob = Member { id: BOB, username: "bob", global_name: Some("bob"), nick: Some(&mention) };
    let n = fake.requests().len();
    from(&fake, &gm, &["game", "create"], &[("variant", json!("chesspolitik2"))]).await;
    let r = from(&fake, &alice, &["join"], &[("power", json!("France"))]).await;
    // The answer's line that says what was posted escapes the name too.
    assert!(
        r.content().contains(r"Posted in the channel: \[Free Nitro\]\(https\:\/\/evil.example\) joins as France."),
        "{}",
        r.content()
    );
    from(&fake, &bob, &["join"], &[("power", json!("England"))]).await;
    from(&fake, &gm, &["game", "start"], &[]).await;
    // A moderator gives England to a member whose name holds a line break and a heading.
    let carol = json!({"user": CAROL, "name": "line\n# Fake heading"});
    from(&fake, &gm, &["game", "replace"], &[("power", json!("England")), ("player", carol)]).await;
    // A refusal that names a player, privately.
    let refusal = from(
        &fake,
        &gm,
        &["game", "replace"],
        &[("power", json!("France")), ("player", json!({"user": ALICE, "name": "[Free Nitro](https://evil.example)"}))],
    )
    .await;
    assert!(refusal.ephemeral(), "{}", refusal.content());
    assert!(
        refusal.content().contains(r"\[Free Nitro\]\(https\:\/\/evil.example\) already plays France"),
        "{}",
        refusal.content()
    );
    let status = from(&fake, &bob, &["game", "status"], &[]).await;
    assert!(status.content().contains(r"France (\[Free Nitro\]\(https\:\/\/evil.example\))"), "{}", status.content());
    assert!(status.content().contains(r"England (line \# Fake heading)"), "{}", status.content());
    from(&fake, &gm, &["game", "end"], &[]).await;
    let end = posted(&fake, n, "ended by a moderator").await;

    // Every message names them escaped and on one line.
    let posts: Vec<String> = fake.created_posts(CHANNEL).iter().map(Request::content).collect();
    let all = posts.join("\n---\n");
    for said in [
        r"\*\*Game over\: I win\*\* starts it with `game start`",
        r"\[Free Nitro\]\(https\:\/\/evil.example\) joins as France.",
        r"\<\@4000000000000299\> joins as England.",
        r"line \# Fake heading now plays England (replacing \<\@4000000000000299\>).",
        r"Game over: ended by a moderator (\*\*Game over\: I win\*\*).",
    ] {
        assert!(all.contains(said), "`{said}` in:\n{all}");
    }
    for raw in ["[Free Nitro](", "<@4000000000000299>", "**Game over: I win**", "\n# Fake heading", "line\n"] {
        assert!(!all.contains(raw), "`{raw}` unescaped in:\n{all}");
    }
    // The end's embed title, from its first line, is escaped as well.
    let title = end.json["embeds"][0]["title"].as_str().unwrap_or("");
    assert!(title.starts_with(r"Game over: ended by a moderator (\*\*Game over\: I win\*\*). Its history"), "{title}");
    let _ = bot.kill().await;
}
