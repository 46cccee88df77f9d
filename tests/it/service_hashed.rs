//! Hashed orders through the service: commit, reveal, windows, history.

use crate::support::replies;
use crate::support::scratch;
use replies::text;
use scratch::{console_at, plain_game, service_at, service_on, temp_dir};

use std::sync::Arc;

use chessdip_game::hashed::seal::sha256_hex;
use chessdip_game::{Caller, ManualClock, Reply, Service, Visibility};

/// A service on a fresh database in the test `name`'s own directory, with
/// its manual clock.
fn fresh(name: &str) -> (Service, Arc<ManualClock>) {
    service_at(&temp_dir(name), 1_000_000)
}

fn public(rs: &[Reply]) -> String {
    rs.iter().filter(|r| r.visibility == Visibility::Public).map(|r| r.text.clone()).collect::<Vec<_>>().join("\n")
}

/// A hashed 2-player Chesspolitik game: commit window 24h, reveal window 12h.
fn hashed_game(service: &Service) {
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    assert!(run("gm", "game create chesspolitik2 hashed=yes movement=24h reveal=12h grace=0").contains("forming"));
    run("alice", "join France");
    run("bob", "join England");
    let start = run("gm", "game start");
    assert!(start.contains("commit the SHA-256"), "{start}");
}

const ALICE: &str = "K c1 - c2\nN b1 - c3\n";
const BOB: &str = "K d6 - d5";

#[test]
fn a_matching_reveal_becomes_the_orders_and_the_phase_resolves() {
    let (service, clock) = fresh("match");
    let run = |who: &str, line: &str| service.command("c", "g", &Caller::player(who), line);
    hashed_game(&service);

    // Plain orders are refused with the flow explained.
    let r = text(&run("alice", "orders K c1 - c2"));
    assert!(r.contains("hashed orders") && r.contains("commit"), "{r}");

    // Commitments are public (power, hash).
    let r = run("alice", &format!("commit {}", sha256_hex("an older text")));
    assert!(public(&r).contains("France committed"), "{}", text(&r));
    let r = run("alice", &format!("commit {}", sha256_hex(ALICE).to_uppercase()));
    assert!(
        public(&r).contains(&sha256_hex(ALICE)) && public(&r).contains("replacing its earlier one"),
        "{}",
        text(&r)
    );
    run("bob", &format!("commit {}", sha256_hex(BOB)));

    // Too early to reveal.
    let r = text(&run("alice", "reveal K c1 - c2"));
    assert!(r.contains("reveal window of Spring 1401 is not open yet"), "{r}");

    // The commit window closes at its deadline: no resolution yet, reveals open.
    clock.advance(24 * 3600);
    let ticked = service.tick().expect("tick");
    let announced = ticked.iter().map(|(_, r)| r.text.clone()).collect::<Vec<_>>().join("\n");
    assert!(
        announced.contains("commit window of Spring 1401 has closed")
            && announced.contains("committed: England, France"),
        "{announced}"
    );
    assert!(!announced.contains("resolved"));

    // Commit after the window: refused.
    let r = text(&run("alice", &format!("commit {}", sha256_hex("late"))));
    assert!(r.contains("commit window of Spring 1401 has closed"), "{r}");

    // The earlier commitment no longer counts.
    let r = text(&run("alice", "reveal an older text"));
    assert!(r.contains("does not match"), "{r}");

    // Alice's exact text (with its trailing newline) matches; the public hears only that it matched.
    let r = service.reveal("c", &Caller::player("alice"), ALICE).expect("reveal");
    assert!(public(&r).contains("France's reveal matches"), "{}", text(&r));
    assert!(!public(&r).contains("K c1 - c2"), "the text stays private until the phase resolves");
    assert!(text(&r).contains("Accepted for France: K c1 - c2, N b1 - c3"), "{}", text(&r));

    // Bob reveals too: every commitment revealed, the phase resolves early.
    let r = run("bob", &format!("reveal {BOB}"));
    let all = text(&r);
    assert!(all.contains("Spring 1401 resolved** (every commitment was revealed)"), "{all}");
    assert!(all.contains("K c1 - c2") && all.contains("K d6 - d5"));

    // History shows the commitments and every reveal attempt.
    let h = text(&run("alice", "history"));
    assert_eq!(h.matches("France `").count(), 2, "two commitments by France: {h}");
    assert!(h.contains("does not match the commitment") && h.contains("accepted: 2 orders"), "{h}");
    // The next phase opens for commitments again.
    assert!(text(&run("alice", "game status")).contains("Commit window"));
}

#[test]
fn mismatches_explain_line_ends_and_trailing_newlines_and_may_be_retried() {
    let (service, _) = fresh("mismatch");
    hashed_game(&service);
    let alice = Caller::player("alice");
    let crlf = "K c1 - c2\r\nN b1 - c3";
    let unicode = "K c1 - c2 # naïve ♔ 王";
    service.commit("c", &alice, &sha256_hex(crlf)).expect("commit");
    service.commit("c", &Caller::player("bob"), &sha256_hex(unicode)).expect("commit");
    service.force("c", &Caller::player("gm"), None, false).expect("force opens reveals");

    let e = service.reveal("c", &alice, "K c1 - c2\nN b1 - c3").unwrap_err().to_string();
    assert!(e.contains("CRLF"), "{e}");
    assert!(e.contains(&sha256_hex(crlf)) && e.contains(&sha256_hex("K c1 - c2\nN b1 - c3")), "both hashes shown: {e}");
    let e = service.reveal("c", &alice, "K c1 - c2\r\nN b1 - c3\r\n").unwrap_err().to_string();
    assert!(e.contains("trailing newline"), "{e}");
    assert!(service.reveal("c", &alice, crlf).is_ok(), "the exact bytes match");

    // Unicode is hashed as UTF-8; a different normalisation does not match.
    let bob = Caller::player("bob");
    assert!(service.reveal("c", &bob, "K c1 - c2 # nai\u{308}ve ♔ 王").is_err(), "decomposed ï is other bytes");
    let r = service.reveal("c", &bob, unicode).expect("exact unicode");
    // The orders text had a comment that is not an order: it is rejected, not fatal.
    assert!(text(&r).contains("England's reveal matches") || text(&r).contains("resolved"), "{}", text(&r));
}

#[test]
fn a_missing_reveal_means_no_orders_and_strangers_cannot_reveal() {
    let (service, clock) = fresh("missing");
    hashed_game(&service);
    service.commit("c", &Caller::player("alice"), &sha256_hex("K c1 - c2")).expect("commit");
    service.commit("c", &Caller::player("bob"), &sha256_hex(BOB)).expect("commit");
    // A non-player cannot commit or reveal.
    assert!(service
        .commit("c", &Caller::player("eve"), &sha256_hex("x"))
        .unwrap_err()
        .to_string()
        .contains("not playing"));
    clock.advance(24 * 3600);
    service.tick().expect("open reveals");
    assert!(service.reveal("c", &Caller::player("eve"), BOB).unwrap_err().to_string().contains("not playing"));
    // Bob reveals; Alice never does. At the reveal deadline France has no orders.
    service.reveal("c", &Caller::player("bob"), BOB).expect("reveal");
    clock.advance(12 * 3600);
    let done = service.tick().expect("resolve");
    let t = done.iter().map(|(_, r)| r.text.clone()).collect::<Vec<_>>().join("\n");
    assert!(t.contains("Spring 1401 resolved** (the deadline passed)"), "{t}");
    assert!(t.contains("K d6 - d5") && !t.contains("K c1 - c2"), "France had no valid reveal: {t}");
}

#[test]
fn commitments_survive_a_restart_between_commit_and_reveal() {
    let dir = temp_dir("restart");
    let clock = Arc::new(ManualClock::new(1_000_000));
    {
        let service = service_on(&dir, &clock);
        hashed_game(&service);
        service.commit("c", &Caller::player("alice"), &sha256_hex(ALICE)).expect("commit");
        service.commit("c", &Caller::player("bob"), &sha256_hex(BOB)).expect("commit");
    }
    clock.advance(24 * 3600);
    let service = service_on(&dir, &clock);
    service.tick().expect("reveal window opens after the restart");
    let r = service.reveal("c", &Caller::player("alice"), ALICE).expect("still committed");
    assert!(public(&r).contains("France's reveal matches"));
    let status = text(&service.command("c", "g", &Caller::player("bob"), "game status"));
    assert!(status.contains("France (alice): 3 centers, 3 pieces [revealed]"), "{status}");
    assert!(status.contains("England (bob): 3 centers, 3 pieces [committed]"), "{status}");
    assert!(status.contains("Reveal window"), "{status}");
}

#[test]
fn plain_games_refuse_commitments_and_hash_helps() {
    let (service, _) = fresh("plain");
    plain_game(&service);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    assert!(run("alice", &format!("commit {}", sha256_hex("x"))).contains("takes plain orders"));
    assert!(run("alice", "commit 1234").contains("64 hex digits"));
    let h = run("alice", "hash K c1 - c2");
    assert!(h.contains(&sha256_hex("K c1 - c2")) && h.contains("shows the text to the bot"), "{h}");
}

#[test]
fn a_rolled_back_hashed_phase_reopens_its_reveal_window_with_its_matched_reveals() {
    let (service, _) = fresh("rollback");
    hashed_game(&service);
    service.commit("c", &Caller::player("alice"), &sha256_hex(ALICE)).expect("commit");
    service.force("c", &Caller::player("gm"), None, false).expect("reveal window");
    service.reveal("c", &Caller::player("alice"), ALICE).expect("reveal resolves");
    let r = text(&service.command("c", "g", &Caller::player("gm"), "game rollback"));
    assert!(
        r.contains("Spring 1401 is open again in its reveal window, with every commitment and every matched reveal it had (every commitment is revealed; no new commitment is taken), closing in 12h"),
        "the reveal window's length: {r}"
    );
    let status = text(&service.command("c", "g", &Caller::player("bob"), "game status"));
    assert!(
        status.contains("Reveal window") && status.contains("France (alice): 3 centers, 3 pieces [revealed]"),
        "{status}"
    );
    // Bob made no commitment: the reopened window takes none, so he has nothing to reveal.
    let late = text(&service.command("c", "g", &Caller::player("bob"), &format!("commit {}", sha256_hex(BOB))));
    assert!(late.contains("commit window of Spring 1401 has closed"), "{late}");
    let late = text(&service.command("c", "g", &Caller::player("bob"), &format!("reveal {BOB}")));
    assert!(late.contains("England made no commitment in Spring 1401"), "{late}");
    // The history keeps both records: the rolled-back resolution and its commitments.
    let history = text(&service.command("c", "g", &Caller::player("bob"), "history Spring 1401"));
    assert!(history.contains("Spring 1401** (rolled back"), "{history}");
    assert!(history.contains(&sha256_hex(ALICE)), "{history}");
    // Forced (every commitment is revealed: nothing to confirm), it resolves again with the same orders.
    let again = text(&service.force("c", &Caller::player("gm"), None, false).expect("force"));
    assert!(again.contains("Spring 1401 resolved") && again.contains("K c1 - c2"), "{again}");
}

/// A hashed 2-player game in the reveal window, France having committed `text`.
fn revealing(service: &Service, clock: &ManualClock, text: &str) {
    hashed_game(service);
    service.commit("c", &Caller::player("alice"), &sha256_hex(text)).expect("commit");
    clock.advance(24 * 3600);
    service.tick().expect("reveal window");
}

#[test]
fn the_empty_text_and_oversized_reveals_are_refused_with_reasons() {
    let (service, clock) = fresh("bounds");
    hashed_game(&service);
    let e = service.commit("c", &Caller::player("alice"), &sha256_hex("")).unwrap_err().to_string();
    assert!(e.contains("empty text"), "{e}");
    service.commit("c", &Caller::player("alice"), &sha256_hex("x")).expect("commit");
    clock.advance(24 * 3600);
    service.tick().expect("reveal window");
    let e = service.reveal("c", &Caller::player("alice"), &"K c1 - c2\n".repeat(2000)).unwrap_err().to_string();
    assert!(e.contains("at most 16384") && e.contains("16 KB"), "{e}");
}

#[test]
fn a_notepad_file_with_a_byte_order_mark_and_crlf_gives_its_orders() {
    let (service, clock) = fresh("bom");
    let notepad = "\u{feff}# salt 6c1f0a9e77d2\r\nK c1 - c2\r\nN b1 - c3\r\n";
    revealing(&service, &clock, notepad);
    let r = text(&service.reveal("c", &Caller::player("alice"), notepad).expect("matches"));
    assert!(r.contains("Accepted for France: K c1 - c2, N b1 - c3"), "{r}");
    assert!(!r.contains("Rejected") && !r.contains("no salt"), "{r}");
}

#[test]
fn mismatches_name_a_replaced_commitment_and_a_byte_order_mark() {
    let (service, clock) = fresh("hints");
    hashed_game(&service);
    let (old, new) = ("# salt 0123456789ab\nK c1 - c2", "# salt 0123456789ab\nK c1 - b2");
    service.commit("c", &Caller::player("alice"), &sha256_hex(old)).expect("commit");
    service.commit("c", &Caller::player("alice"), &sha256_hex(new)).expect("commit");
    clock.advance(24 * 3600);
    service.tick().expect("reveal window");
    let e = service.reveal("c", &Caller::player("alice"), old).unwrap_err().to_string();
    assert!(e.contains("earlier commitment") && e.contains("latest"), "{e}");
    let e = service.reveal("c", &Caller::player("alice"), &format!("\u{feff}{new}")).unwrap_err().to_string();
    assert!(e.contains("byte-order mark"), "{e}");
}

#[test]
fn an_unsalted_reveal_is_accepted_with_a_warning() {
    let (service, clock) = fresh("unsalted");
    revealing(&service, &clock, "K c1 - c2");
    let r = text(&service.reveal("c", &Caller::player("alice"), "K c1 - c2").expect("matches"));
    assert!(r.contains("Accepted for France") && r.contains("no salt line"), "{r}");
}

#[test]
fn a_latin1_file_is_refused_clearly_and_recorded() {
    let (service, clock) = fresh("latin1");
    revealing(&service, &clock, "# salt caf\u{e9}0123456\nK c1 - c2");
    let latin1: Vec<u8> = b"# salt caf\xe90123456\nK c1 - c2".to_vec();
    let e = service.reveal_bytes("c", &Caller::player("alice"), &latin1).unwrap_err().to_string();
    assert!(e.contains("not UTF-8") && e.contains("recorded"), "{e}");
    let export = service.export("c").expect("export");
    assert!(!export.contains("not UTF-8"), "reveal attempts stay private while the phase is open");
    service.force("c", &Caller::player("gm"), None, true).expect("resolve");
    assert!(service.export("c").expect("export").contains("not UTF-8 text"), "and are kept for history");
}

#[test]
fn the_console_reveals_a_line_with_its_trailing_spaces() {
    let dir = temp_dir("console-spaces");
    let mut con = console_at(&dir, &[]).without_images();
    for line in [
        "gm game create chesspolitik2 hashed=yes movement=24h reveal=12h grace=0",
        "alice join France",
        "bob join England",
        "gm game start",
    ] {
        con.line(line);
    }
    let spaced = "K c1 - c2  ";
    con.line(&format!("alice commit {}", sha256_hex(spaced)));
    con.line("advance 24h");
    let r = con.line(&format!("alice reveal {spaced}"));
    assert!(r.contains("France's reveal matches"), "{r}");
}

#[test]
fn chessdip_seal_writes_a_salted_copy_whose_hash_it_prints() {
    let dir = temp_dir("seal");
    let orders = dir.join("orders.txt");
    std::fs::write(&orders, "K c1 - c2\nN b1 - c3\n").expect("write");
    let seal = |out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_chessdip"))
            .args(["seal", orders.to_str().expect("path"), "--output", dir.join(out).to_str().expect("path")])
            .output()
            .expect("run chessdip seal")
    };
    let (a, b) = (seal("a.txt"), seal("b.txt"));
    assert!(a.status.success() && b.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let sealed = std::fs::read_to_string(dir.join("a.txt")).expect("sealed");
    assert!(sealed.starts_with("# salt ") && sealed.ends_with("K c1 - c2\nN b1 - c3\n"), "{sealed}");
    let printed = String::from_utf8_lossy(&a.stdout);
    assert!(printed.contains(&format!("commit {}", sha256_hex(&sealed))), "{printed}");
    // Every seal has a new salt, and an existing file is not overwritten.
    assert_ne!(sealed, std::fs::read_to_string(dir.join("b.txt")).expect("sealed"));
    let again = seal("a.txt");
    assert!(!again.status.success() && String::from_utf8_lossy(&again.stderr).contains("exists already"));
}

#[test]
fn the_result_lists_every_message_and_history_shows_the_revealed_texts() {
    let (service, clock) = fresh("messages");
    hashed_game(&service);
    let alice = "# salt 77aa0e19c2d4\nK c1 - c2";
    service.commit("c", &Caller::player("alice"), &sha256_hex(alice)).expect("commit");
    service.commit("c", &Caller::player("bob"), &sha256_hex("# salt 0000aaaa1111\nK d6 - d5")).expect("commit");
    clock.advance(24 * 3600);
    service.tick().expect("reveal window");
    service.reveal("c", &Caller::player("alice"), alice).expect("reveal");
    clock.advance(12 * 3600);
    let replies: Vec<Reply> = service.tick().expect("resolve").into_iter().map(|(_, r)| r).collect();
    // The orders image marks the power whose message is missing in its legend.
    let marks: Vec<(String, String)> =
        replies.iter().flat_map(|r| &r.images).filter_map(|i| i.spec()).flat_map(|s| s.marks.clone()).collect();
    assert_eq!(marks, vec![("England".to_string(), "not revealed".to_string())]);
    let result: String = replies.into_iter().map(|r| r.text).collect();
    assert!(result.contains("Messages:"), "{result}");
    assert!(
        result.contains(&format!("France: revealed `{}`: accepted: 1 order", &sha256_hex(alice)[..12])),
        "{result}"
    );
    assert!(result.contains("England: committed `") && result.contains("never revealed (no orders)"), "{result}");
    let history = text(&service.command("c", "g", &Caller::player("bob"), "history Spring 1401"));
    assert!(history.contains("```\n# salt 77aa0e19c2d4\nK c1 - c2\n```"), "{history}");
}

/// The help of a hashed game and `hash` without a text say how to
/// seal orders on one's own device (the page, `chessdip seal`, by hand on
/// each system); `hash` with a text warns that the bot saw it.
#[test]
fn help_and_hash_explain_sealing_on_the_players_device() {
    let (service, _) = fresh("help");
    hashed_game(&service);
    let run = |line: &str| text(&service.command("c", "g", &Caller::player("alice"), line));
    let help = run("help");
    for needle in ["sealing page", "chessdip seal orders.txt", "shasum -a 256", "certutil -hashfile", "Get-FileHash"] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    assert_eq!(run("hash"), chessdip_game::hashed::seal::HOW_TO_SEAL);
    let r = run("hash K c1 - c2");
    assert!(r.contains(&sha256_hex("K c1 - c2")) && r.contains("shows the text to the bot"), "{r}");
    // A plain game's help has no sealing paragraph.
    let plain = service.help("elsewhere");
    assert!(!plain.contains("sealing page"), "{plain}");
}

/// `chessdip seal-page` writes the embedded page, and never overwrites a file unasked.
#[test]
fn chessdip_seal_page_writes_the_page_and_keeps_an_existing_file() {
    let dir = temp_dir("seal-page");
    let out = dir.join("page.html");
    let bin = env!("CARGO_BIN_EXE_chessdip");
    let run = |args: &[&str]| std::process::Command::new(bin).args(args).output().expect("run chessdip");
    let first = run(&["seal-page", out.to_str().expect("path")]);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert_eq!(std::fs::read(&out).expect("page"), chessdip_game::hashed::seal::SEAL_PAGE.as_bytes());
    assert!(String::from_utf8_lossy(&first.stdout).contains("open it in any browser"));
    std::fs::write(&out, "mine").expect("write");
    let again = run(&["seal-page", out.to_str().expect("path")]);
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("exists already"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(std::fs::read_to_string(&out).expect("kept"), "mine");
    assert!(run(&["seal-page", out.to_str().expect("path"), "--force"]).status.success());
    assert_eq!(std::fs::read(&out).expect("page"), chessdip_game::hashed::seal::SEAL_PAGE.as_bytes());
}

/// Plain orders are bounded like reveals: a 1 MB paste is refused with the
/// bound, and the orders already accepted stay.
#[test]
fn an_oversized_order_text_is_refused_and_keeps_the_accepted_orders() {
    let (service, _) = fresh("big-orders");
    plain_game(&service);
    let run = |who: &str, line: &str| text(&service.command("c", "g", &Caller::player(who), line));
    assert!(run("alice", "orders K c1 - c2").contains("Accepted"));
    let big = format!("orders {}", "K c1 - c2, ".repeat(100_000));
    let r = run("alice", &big);
    assert!(r.contains("orders are at most 16384 bytes (16 KB)"), "{}", &r[..r.len().min(300)]);
    assert!(run("alice", "orders").contains("K c1 - c2"), "the accepted order stays");
}

/// A player who sealed their orders and reveals only the orders is told to
/// reveal the whole sealed text.
#[test]
fn revealing_only_the_orders_of_a_sealed_text_says_to_reveal_it_whole() {
    let (service, clock) = fresh("unsealed-reveal");
    hashed_game(&service);
    let sealed = "# salt 0f1e2d3c4b5a6978\nK c1 - c2";
    service.commit("c", &Caller::player("alice"), &sha256_hex(sealed)).expect("commit");
    clock.advance(24 * 3600);
    service.tick().expect("reveal window");
    let e = service.reveal("c", &Caller::player("alice"), "K c1 - c2").expect_err("mismatch").to_string();
    assert!(e.contains("reveal the whole sealed text, its `# salt` line first"), "{e}");
    assert!(service.reveal("c", &Caller::player("alice"), sealed).is_ok());
}

/// A power whose reveal matched has its orders: revealing again (the same
/// text, or another) says so, changes nothing and announces nothing, where
/// it once invited another try or repeated the public match.
#[test]
fn a_second_reveal_after_a_match_changes_nothing_and_says_so() {
    let (service, clock) = fresh("reveal-again");
    let run = |who: &str, line: &str| service.command("c", "g", &Caller::player(who), line);
    hashed_game(&service);
    run("alice", &format!("commit {}", sha256_hex(ALICE)));
    run("bob", &format!("commit {}", sha256_hex(BOB)));
    clock.advance(24 * 3600);
    assert!(service.tick().is_ok());
    let first = run("alice", &format!("reveal {ALICE}"));
    assert!(public(&first).contains("France's reveal matches its commitment"), "{}", text(&first));
    let again = run("alice", &format!("reveal {ALICE}"));
    assert!(public(&again).is_empty(), "no second public match: {}", text(&again));
    assert!(text(&again).contains("already revealed, with this same text: nothing changed"), "{}", text(&again));
    let other = run("alice", "reveal K c1 - c2");
    assert!(public(&other).is_empty(), "{}", text(&other));
    let other = text(&other);
    assert!(
        other.contains("were already revealed with the text that does: they stand") && !other.contains("try again"),
        "{other}"
    );
    let shown = text(&run("alice", "orders show"));
    assert!(shown.contains("K c1 - c2") && shown.contains("N b1 - c3"), "the revealed orders stand: {shown}");
}

/// Item: a text that did not match its commitment is published in no form
/// that can be inverted: history shows its time and size, never its text
/// nor its SHA-256 (a short text is found from its hash by hashing every
/// guess), and the export has neither.
#[test]
fn a_text_that_did_not_match_is_not_published_in_any_form_that_can_be_inverted() {
    let (service, clock) = fresh("mismatch-private");
    let sealed = "# salt 5e1f0c2a9b7d\nK c1 - c2";
    revealing(&service, &clock, sealed);
    let wrong = "N b1 - c3";
    let e = service.reveal("c", &Caller::player("alice"), wrong).expect_err("mismatch").to_string();
    assert!(e.contains(&sha256_hex(wrong)), "the sender is shown both hashes, privately: {e}");
    assert!(e.contains("the public record shows only its time and size"), "{e}");
    let resolved = text(&service.reveal("c", &Caller::player("alice"), sealed).expect("match"));
    assert!(resolved.contains("Spring 1401 resolved"), "the only commitment is revealed: {resolved}");
    let history = text(&service.command("c", "g", &Caller::player("bob"), "history Spring 1401"));
    assert!(history.contains("France \u{2717} at <t:"), "{history}");
    assert!(history.contains("(9 bytes; a text that did not match stays private to its sender)"), "{history}");
    assert!(!history.contains(&sha256_hex(wrong)) && !history.contains(wrong), "{history}");
    assert!(
        history.contains(&format!("France \u{2713} `{}`", sha256_hex(sealed))),
        "a match keeps its hash: {history}"
    );
    let export = service.export("c").expect("export");
    assert!(!export.contains(&sha256_hex(wrong)) && !export.contains(wrong), "{export}");
    let json: serde_json::Value = serde_json::from_str(&export).expect("json");
    let attempt = &json["phases"][0]["reveals"][0];
    assert_eq!((attempt["matched"].as_bool(), attempt["bytes"].as_u64()), (Some(false), Some(9)), "{attempt}");
    assert!(attempt["hash"].is_null() && attempt["text"].is_null(), "{attempt}");
}
