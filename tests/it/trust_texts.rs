//! The small texts that decide whether a group trusts the bot: look-alike characters named, hash mismatches
//! explained, small wordings right, and refusals that ping nobody. Each
//! item is pinned through the console, the service or the fake Discord.

use crate::support::replies;
use crate::support::scratch;
use replies::text;
use scratch::{console, run, temp_dir, two_players};

use std::sync::Arc;

use chessdip_game::hashed::seal::sha256_hex;
use chessdip_game::store::Store;
use chessdip_game::{Caller, ManualClock, Service};

// Item 11: look-alike and invisible characters.

#[test]
fn item11_a_look_alike_letter_in_an_order_is_named_with_its_code_point() {
    let mut c = console("i11-ka");
    two_players(&mut c, "");
    // Cyrillic КА instead of the Latin K.
    let out = c.line("alice orders \u{041A} c1 - c2");
    assert!(out.contains("`\u{041A}` is U+041A CYRILLIC CAPITAL LETTER KA, not the letter K"), "{out}");
    assert!(!out.contains("is not part of any order"), "the character is the cause: {out}");
    assert!(!c.line("alice orders show").contains("c1 - c2"), "nothing stored from a rejected line");
    // Fullwidth digits, a Greek capital, several at once.
    let out = c.line("alice orders K c\u{FF11} - c2");
    assert!(out.contains("U+FF11 FULLWIDTH DIGIT ONE, not the digit 1"), "{out}");
    let out = c.line("alice orders \u{039D} b1 - c3, K c1 - c2");
    assert!(out.contains("U+039D GREEK CAPITAL LETTER NU, not the letter N"), "{out}");
    assert!(out.contains("Accepted for France: K c1 - c2"), "the plain order is kept: {out}");
}

#[test]
fn item11_an_invisible_character_is_shown_as_its_code_point() {
    let mut c = console("i11-zwsp");
    two_players(&mut c, "");
    let out = c.line("alice orders K c1\u{200B} - c2");
    assert!(out.contains("`<U+200B>` is U+200B ZERO WIDTH SPACE, an invisible character"), "{out}");
    assert!(!out.contains('\u{200B}'), "never an invisible quote: {out:?}");
    // A refusal of a whole command quotes it visibly and names what it quotes.
    let out = c.line("alice j\u{043E}in England");
    assert!(out.contains("unknown command"), "{out}");
    assert!(out.contains("U+043E CYRILLIC SMALL LETTER O, not the letter o"), "{out}");
    // A power's name with a look-alike letter: named once.
    let mut d = console("i11-power");
    d.line("gm game create chesspolitik2");
    let out = d.line("alice join Fr\u{0430}nce");
    assert!(out.contains("there is no power `Fr\u{0430}nce`"), "{out}");
    assert_eq!(out.matches("U+0430 CYRILLIC SMALL LETTER A, not the letter a").count(), 1, "{out}");
    let out = c.line("alice draw\u{200B} yes");
    assert!(out.contains("<U+200B>") && !out.contains('\u{200B}'), "{out:?}");
}

#[test]
fn item11_a_name_confusable_with_a_players_is_refused_at_join() {
    let mut c = console("i11-names");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join Ann"]);
    // Cyrillic А, then a zero-width space inside, then another case.
    let out = c.line("bo join \u{0410}nn");
    assert!(out.contains("looks like Ann, who has already joined"), "{out}");
    assert!(out.contains("U+0410 CYRILLIC CAPITAL LETTER A, not the letter A"), "{out}");
    let out = c.line("bo join A\u{200B}nn");
    assert!(out.contains("cannot name a board") && out.contains("<U+200B>"), "{out:?}");
    assert!(c.line("bo join ANN").contains("Ann is taken") || c.line("bo join ANN").contains("taken"));
    assert!(c.line("bo join Bo").contains("bo joins as Bo"), "a plain name still joins");
    // The players' own names in a game with fixed powers.
    let mut d = console("i11-fixed");
    run(&mut d, &["gm game create chesspolitik2", "ann join France"]);
    let out = d.line("\u{0430}nn join England");
    assert!(out.contains("looks like the name of France's player, `ann`"), "{out}");
    assert!(out.contains("U+0430 CYRILLIC SMALL LETTER A, not the letter a"), "{out}");
    assert!(d.line("bob join England").contains("bob joins as England"));
}

#[test]
fn item11_chess_wheel_names_that_read_as_spaces_or_board_words_are_refused() {
    let mut c = console("i11-wheel");
    c.line("gm game create chess-wheel cycle=7h");
    for (name, says) in [
        ("hub", "`hub` is a word of the game's own"),
        ("Hub", "`hub` is a word of the game's own"),
        ("e2", "orders would read it as the space e2"),
        ("H8", "orders would read it as the space h8"),
        ("a10", "orders would read it as the space a10"),
        ("populate", "`populate` is a word of the game's own"),
    ] {
        let out = c.line(&format!("p join {name}"));
        assert!(out.contains("cannot name a board") && out.contains(says), "{name}: {out}");
    }
    // A name without a word of its own: `e2e4` and `hubert` are names.
    assert!(c.line("p join hubert").contains("joins as hubert"));
}

#[test]
fn item11_a_look_alike_in_a_commitment_is_named() {
    let service = hashed_service("i11-hash");
    let hash = sha256_hex("# salt 0123456789abcdef\nK c1 - c2").replacen('a', "\u{0430}", 1);
    let out = text(&service.command("c", "g", &Caller::player("alice"), &format!("commit {hash}")));
    assert!(out.contains("is not hexadecimal"), "{out}");
    assert_eq!(out.matches("`\u{0430}` is U+0430 CYRILLIC SMALL LETTER A, not the letter a").count(), 1, "{out}");
}

// Item 12: hash mismatch hints.

fn hashed_service(name: &str) -> Service {
    let dir = temp_dir(name);
    let clock = Arc::new(ManualClock::new(1_000_000));
    let service = Service::new(Store::open(&dir.join("g.db")).expect("store"), clock);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    run("gm", "game create chesspolitik2 hashed=yes movement=24h reveal=12h");
    run("alice", "join France");
    run("bob", "join England");
    run("gm", "game start");
    service
}

fn reveal_hint(committed: &str, revealed: &str) -> String {
    let service = hashed_service(&format!("i12-{}", sha256_hex(revealed).get(..8).unwrap_or("x")));
    let alice = Caller::player("alice");
    text(&service.command("c", "g", &alice, &format!("commit {}", sha256_hex(committed))));
    text(&service.command("c", "g", &Caller::player("gm"), "game force"));
    text(&service.command("c", "g", &alice, &format!("reveal {revealed}")))
}

#[test]
fn item12_a_notepad_file_pasted_as_plain_text_names_every_difference() {
    let file = "\u{feff}# salt 0123456789abcdef\r\nK c1 - c2\r\nN b1 - c3\r\n";
    let pasted = "# salt 0123456789abcdef\nK c1 - c2\nN b1 - c3";
    let out = reveal_hint(file, pasted);
    assert!(out.contains("does not match"), "{out}");
    for part in [
        "the committed text used CRLF line ends (Windows); the reveal uses LF",
        "your committed text ended with CRLF (`\\r\\n`) that the reveal lacks",
        "the committed file started with an invisible byte-order mark (Windows Notepad) that the reveal lacks",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
}

#[test]
fn item12_an_extra_trailing_newline_and_spaces_are_hinted() {
    let committed = "# salt 0123456789abcdef\nK c1 - c2\n";
    let out = reveal_hint(committed, &format!("{committed}\n"));
    assert!(
        out.contains(
            "the reveal ends with 2 newlines, one more than the committed text (an extra empty line at the end)"
        ),
        "{out}"
    );
    let out = reveal_hint(committed, &format!("  {}", committed.replace("c2\n", "c2  \n")));
    assert!(out.contains("spaces"), "{out}");
    let out = reveal_hint(committed, "  # salt 0123456789abcdef\nK c1 - c2\n");
    assert!(out.contains("the reveal has spaces at its start or end that the committed text did not"), "{out}");
    // A real difference gets no invented cause.
    let out = reveal_hint(committed, "# salt 0123456789abcdef\nK c1 - d2\n");
    assert!(!out.contains("Likely cause"), "{out}");
}

#[test]
fn item12_the_sealing_page_tries_the_same_changes() {
    let page = chessdip_game::hashed::seal::SEAL_PAGE;
    for part in [
        "the committed text used CRLF line ends (Windows); this text uses LF",
        "one more than the committed text (an extra empty line at the end)",
        "this text has spaces at its start or end that the committed text did not",
        "this text has spaces at the ends of lines that the committed text did not",
    ] {
        assert!(page.contains(part), "the page should know {part:?}");
    }
}

/// Runs the sealing page's own hint code (its script, not a copy) under
/// Node.js on `(committed, revealed)` pairs: the hints for each, or `None`
/// if Node.js is not installed (the browser test, `tests/it/seal_page.rs`,
/// runs the whole page in Chromium where there is one).
fn page_hints(cases: &[(&str, &str)]) -> Option<Vec<Vec<String>>> {
    let page = chessdip_game::hashed::seal::SEAL_PAGE;
    let start = page.find("const SPACES")?;
    let end = page.find("$(\"revealed\").addEventListener")?;
    let script = format!(
        "const crypto = require('crypto');\n\
         const utf8 = s => Buffer.from(s, 'utf8');\n\
         const sha256 = async b => ({{ hash: crypto.createHash('sha256').update(b).digest('hex') }});\n\
         {}\n\
         const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n\
         (async () => {{ const out = []; for (const [c, t] of cases) out.push(await hints(t, (await sha256(utf8(c))).hash));\n\
         console.log(JSON.stringify(out)); }})();",
        &page[start..end]
    );
    let dir = temp_dir("i12-node");
    let file = dir.join("hints.js");
    std::fs::write(&file, script).expect("script");
    let mut child = std::process::Command::new("node")
        .arg(&file)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    let input = serde_json::to_string(cases).expect("json");
    std::io::Write::write_all(child.stdin.as_mut().expect("stdin"), input.as_bytes()).expect("write");
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("node ran");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    Some(serde_json::from_slice(&out.stdout).expect("hints as JSON"))
}

#[test]
fn item12_the_sealing_page_gives_the_same_hints() {
    let notepad = "\u{feff}# salt 0123456789abcdef\r\nK c1 - c2\r\n";
    let plain = "# salt 0123456789abcdef\nK c1 - c2\n";
    let cases = [
        (notepad, "# salt 0123456789abcdef\nK c1 - c2"),
        (plain, "# salt 0123456789abcdef\nK c1 - c2\n\n"),
        (plain, "  # salt 0123456789abcdef\nK c1 - c2\n"),
        (plain, "# salt 0123456789abcdef\nK c1 - d2\n"),
    ];
    let Some(hints) = page_hints(&cases) else { return };
    assert_eq!(
        hints[0],
        ["the committed text used CRLF line ends (Windows); this text uses LF, and the committed text ended with CRLF (\\r\\n) that this text lacks, and the committed file started with an invisible byte-order mark (Windows Notepad) that this text lacks: reveal the file itself"]
    );
    assert_eq!(
        hints[1],
        ["this text ends with 2 newlines, one more than the committed text (an extra empty line at the end)"]
    );
    assert_eq!(hints[2], ["this text has spaces at its start or end that the committed text did not"]);
    assert!(hints[3].is_empty(), "{hints:?}");
}

// Item 14: small wordings.

#[test]
fn item14_withdrawing_what_was_never_given_says_so() {
    let mut c = console("i14-votes");
    two_players(&mut c, "");
    let out = c.line("alice draw no");
    assert!(out.contains("France has no draw vote in Spring 1401 to withdraw: nothing changed"), "{out}");
    assert!(!out.contains("is withdrawn"), "{out}");
    c.line("alice draw yes");
    assert!(c.line("alice draw no").contains("Your draw vote is withdrawn."));
    let out = c.line("alice unready");
    assert!(out.contains("France was not marked ready, so there is no ready mark to withdraw"), "{out}");
    assert!(!out.contains("No longer ready"), "{out}");
    c.line("alice ready");
    assert!(c.line("alice unready").contains("No longer ready"));
}

#[test]
fn item14_one_of_one_disbands_mentions_no_rest() {
    use chessdip_rules::chess_dip::{ChessDipState, Phase, Setup, Variant};
    use chessdip_rules::family::{Family, SlotOrder};
    use chessdip_rules::Role;
    let v = Variant::builtin("chessdip").expect("chessdip");
    let mut setup = Setup::default();
    let scandinavia = v.power_by_name("Scandinavia").expect("a power");
    let england = v.power_by_name("England").expect("a power");
    setup.pieces.push((england, Role::King, "d1".parse().expect("d1"), false));
    for (role, sq) in [(Role::King, "d8"), (Role::Pawn, "d7"), (Role::Knight, "a6"), (Role::Knight, "h6")] {
        setup.pieces.push((scandinavia, role, sq.parse().expect("a square"), false));
    }
    let winter = ChessDipState::from_setup(&v, Phase::parse("winter 1").expect("a phase"), &setup).expect("a position");
    let sub = v.submit(&winter, "Scandinavia", &[], "disband N h6");
    assert!(sub.rejected.is_empty(), "{:?}", sub.rejected);
    let all: Vec<SlotOrder> = sub.orders.clone();
    let text = v.describe(&winter, "Scandinavia", &all);
    assert!(text.contains("Disbands: 1 of 1 ordered."), "{text}");
    assert!(!text.contains("the rest"), "{text}");
    let none = v.describe(&winter, "Scandinavia", &[]);
    assert!(
        none.contains("Disbands: 0 of 1 ordered (if none is ordered, civil disorder chooses the piece)."),
        "{none}"
    );
}

#[test]
fn item14_an_unknown_command_in_an_ended_game_is_unknown() {
    let mut c = console("i14-ended");
    two_players(&mut c, "");
    c.line("gm game end");
    let out = c.line("alice frobnicate");
    assert!(out.contains("unknown command `frobnicate`"), "{out}");
    assert!(!out.contains("this game has ended"), "{out}");
    assert!(c.line("alice game frob").contains("unknown command"));
    assert!(c.line("alice orders K c1 - c2").contains("this game has ended"), "a known command still says so");
}

#[test]
fn item14_status_has_no_nested_parentheses() {
    let mut m = console("i14-vacant");
    run(&mut m, &["gm game create chesspolitik4", "a join Mughal Empire", "b join Ming Dynasty", "gm game start"]);
    let status = m.line("gm game status");
    // A vacant power of a running game is open for takeover, and says how, without nested parentheses.
    assert!(
        status
            .contains("Tsardom of Russia (open for takeover: `join Tsardom of Russia`; in civil disorder until then)"),
        "{status}"
    );
    assert!(!status.contains("(vacant (civil disorder))") && !status.contains("(open for takeover ("), "{status}");
}

#[test]
fn item14_variants_without_adjustments_announce_none() {
    for (variant, extra) in [("diplomacy-chess", ""), ("diplomat-chess", ""), ("diplomacy-chess", " hashed=yes")] {
        let mut c = console(&format!("i14-adj-{variant}{}", extra.len()));
        let out = c.line(&format!("gm game create {variant}{extra}"));
        assert!(out.contains("is forming"), "{out}");
        assert!(!out.contains("adjustment"), "{variant}{extra}: {out}");
    }
    let mut c = console("i14-adj-dip");
    let out = c.line("gm game create chesspolitik2");
    assert!(out.contains("Movement phases last 2d, adjustments 1d."), "{out}");
}

#[test]
fn item14_an_annotated_move_is_not_an_empty_condition() {
    let mut c = console("i14-annotation");
    run(&mut c, &["gm game create diplomacy-chess", "alice join White", "bob join Black", "gm game start"]);
    let out = c.line("alice orders Nf3??");
    assert!(!out.contains("`` is not a condition"), "{out}");
    assert!(
        out.contains("`??` after a move is a chess annotation") && out.contains("write the move alone, `Nf3`"),
        "{out}"
    );
    let out = c.line("alice orders ?e4:e3");
    assert!(out.contains("a `?` with nothing before it asks no condition"), "{out}");
    assert!(c.line("alice orders Nf3!").contains("Accepted"), "a `!` alone was always read as the move");
}

#[test]
fn item14_a_diplomat_chess_forfeit_reads_as_a_forfeit() {
    let mut c = console("i14-forfeit");
    let created = c.line("gm game create diplomat-chess movement=1h forfeit-after=2 grace=0");
    assert!(created.contains("forfeit-after=2"), "the options line: {created}");
    run(&mut c, &["alice join White", "bob join Black", "gm game start"]);
    let over = c.line("advance 3h");
    assert!(over.contains("White forfeits after 2 missed turns"), "{over}");
    assert!(over.contains("Result: Black wins: White forfeits after 2 missed turns"), "the transcript: {over}");
    let status = c.line("gm game status");
    assert!(status.contains("forfeited after 2 missed turns"), "{status}");
    assert!(!status.contains("conceded"), "{status}");
    let export = c.line("gm game export");
    assert!(export.contains("Result: Black wins: White forfeits after 2 missed turns"), "{export}");
    // The default is shown too.
    let mut d = console("i14-forfeit-default");
    assert!(d.line("gm game create diplomat-chess").contains("forfeit-after=3"));
}

#[test]
fn item14_a_conceded_diplomacy_chess_game_ends_its_transcript_with_the_result() {
    let mut c = console("i14-concede");
    run(&mut c, &["gm game create diplomacy-chess", "alice join White", "bob join Black", "gm game start"]);
    run(&mut c, &["alice orders e4", "bob orders e5", "alice ready", "bob ready"]);
    let out = c.line("bob concede");
    assert!(out.contains("Result: White wins by concession"), "{out}");
}

// Item 15: refusals ping nobody.

#[cfg(feature = "discord")]
use crate::support;

#[cfg(feature = "discord")]
mod item15 {
    use std::sync::Arc;

    use chessdip::config::Config;
    use chessdip::discord::TokioClock;
    use chessdip_game::store::Store;
    use chessdip_game::Service;
    use serde_json::{json, Value};

    use super::support::bot::Bot;
    use super::support::fake_discord::{FakeDiscord, Request, GUILD};

    const CHANNEL: u64 = 4_000_000_000_000_150;
    const GM: u64 = 4_000_000_000_000_251;
    const ALICE: u64 = 4_000_000_000_000_252;
    const BOB: u64 = 4_000_000_000_000_253;
    const CAROL: u64 = 4_000_000_000_000_254;

    /// The bot against the fake, with reminders `reminder_hours` ahead.
    async fn bot(fake: &FakeDiscord, name: &str, reminder_hours: u32) -> Bot {
        let db = super::temp_dir(name).join("bot.db");
        let config = Config {
            token: Some("fake-token".into()),
            database: db.clone(),
            guilds: vec![GUILD],
            proxy: Some(fake.url.clone()),
            reminder_hours,
            ..Config::default()
        };
        let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
        let bot = Bot::start(config, service);
        fake.wait_identified(1, 30).await;
        bot
    }

    /// Sends a slash command and waits for the interaction's answer.
    async fn ask(fake: &FakeDiscord, user: (u64, &str), path: &[&str], options: &[(&str, Value)]) -> Request {
        let n = fake.requests().len();
        let id = fake.command(user.0, user.1, CHANNEL, path, options, false);
        let prefix = format!("/interactions/{id}/");
        fake.wait_for(n, 20, move |r| r.method == "POST" && r.path.starts_with(&prefix)).await
    }

    /// The message's `allowed_mentions` (of an interaction answer or a message).
    fn mentions(r: &Request) -> Value {
        let d = if r.json.get("data").is_some() { &r.json["data"] } else { &r.json };
        d["allowed_mentions"].clone()
    }

    fn pings_nobody(r: &Request) {
        assert_eq!(
            mentions(r),
            json!({"parse": [], "users": [], "roles": [], "replied_user": false}),
            "{}: {}",
            r.path,
            r.content()
        );
    }

    #[tokio::test(flavor = "current_thread")]
    async fn item15_refusals_and_replies_ping_nobody_and_reminders_ping_the_late() {
        let fake = FakeDiscord::start().await;
        let running = bot(&fake, "i15", 3).await;
        let created = ask(
            &fake,
            (GM, "gm"),
            &["game", "create"],
            &[("variant", json!("chesspolitik2")), ("movement", json!("2h"))],
        )
        .await;
        pings_nobody(&created);
        // A refusal (joining an unknown power), then an ordinary private answer.
        let refused = ask(&fake, (ALICE, "alice"), &["join"], &[("power", json!("Narnia"))]).await;
        assert!(refused.content().contains("there is no power `Narnia`"), "{}", refused.content());
        pings_nobody(&refused);
        for (user, name, power) in [(ALICE, "alice", "France"), (BOB, "bob", "England")] {
            pings_nobody(&ask(&fake, (user, name), &["join"], &[("power", json!(power))]).await);
        }
        let n = fake.requests().len();
        ask(&fake, (GM, "gm"), &["game", "start"], &[]).await;
        // Somebody who does not play is refused, quietly.
        let refused = ask(&fake, (CAROL, "carol"), &["orders", "submit"], &[("text", json!("K c1 - c2"))]).await;
        assert!(refused.ephemeral(), "{}", refused.content());
        pings_nobody(&refused);
        let answered = ask(&fake, (ALICE, "alice"), &["orders", "submit"], &[("text", json!("K c1 - c2"))]).await;
        assert!(answered.content().contains("Accepted for France"), "{}", answered.content());
        pings_nobody(&answered);
        // The reminder is meant to ping the late player, and only them.
        let channel = format!("/channels/{CHANNEL}/messages");
        let reminder = fake
            .wait_for(n, 30, move |r| r.method == "POST" && r.path == channel && r.content().starts_with("Reminder:"))
            .await;
        // Sent at once (the deadline is within the reminder hours): both players were late then.
        let mut users: Vec<String> = mentions(&reminder)["users"]
            .as_array()
            .expect("users")
            .iter()
            .filter_map(|u| u.as_str().map(String::from))
            .collect();
        users.sort();
        assert_eq!(users, [ALICE.to_string(), BOB.to_string()], "{}", reminder.json);
        assert!(reminder.content().contains(&format!("<@{BOB}>")), "{}", reminder.content());
        assert_eq!(mentions(&reminder)["parse"], json!([]), "{}", reminder.json);
        // Every other post in the channel (announcements) pings nobody.
        for r in
            fake.requests().iter().filter(|r| r.method == "POST" && r.path == format!("/channels/{CHANNEL}/messages"))
        {
            if !r.content().starts_with("Reminder:") {
                assert_eq!(mentions(r)["users"], json!([]), "{}", r.content());
            }
        }
        // A refused direct message pings nobody either.
        let n = fake.requests().len();
        fake.direct_message(CAROL, "carol", "K c1 - c2");
        let dm = fake.wait_for(n, 20, |r| r.method == "POST" && r.path.starts_with("/channels/9")).await;
        assert_eq!(mentions(&dm)["parse"], json!([]), "{}", dm.json);
        assert_eq!(mentions(&dm)["users"], json!([]), "{}", dm.json);
        running.stop().await;
    }
}
