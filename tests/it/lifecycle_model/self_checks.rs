//! The checks themselves, on made-up steps: each catches what it should and
//! lets pass what it should (so that a green model run means something).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use chessdip_game::{Reply, Visibility};

use super::invariants::{Invariant, StepCheck, Tracker};
use super::snapshot::{PhaseView, SettingsView, Snapshot};
use super::world::{Ran, Step, World};

/// A game at phase `seq` (every phase before it resolved), `status`, now = 1000.
fn game(status: &str, seq: i64, stage: &str) -> Snapshot {
    let phases: BTreeMap<i64, PhaseView> = (1..=seq)
        .map(|n| {
            let view =
                PhaseView { name: format!("Turn {n}"), open: n == seq, stage: stage.to_string(), deadline: Some(5000) };
            (n, view)
        })
        .collect();
    let mut s = Snapshot::default();
    (s.now, s.game, s.status, s.variant, s.phase_seq, s.phases) =
        (1000, 1, status.into(), "chessdip".into(), seq, phases);
    s
}

fn public(text: &str) -> Reply {
    Reply {
        visibility: Visibility::Public,
        to: None,
        text: text.into(),
        images: Vec::new(),
        deadline: None,
        outbox: None,
        mentions: Vec::new(),
        components: Vec::new(),
    }
}

/// Runs one invariant's check on a step.
fn check(
    inv: Invariant,
    step: &Step,
    before: &Snapshot,
    after: &Snapshot,
    replies: Vec<Reply>,
    tracker: &Tracker,
) -> bool {
    static WORLDS: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        // Only for the store the checks are handed (these made-up steps never read it).
        static WORLD: World = World::open(&format!("self-checks-{}", WORLDS.fetch_add(1, Ordering::SeqCst)));
    }
    let ran = Ran { replies, crashed: None };
    let f = Invariant::ALL.iter().find(|(i, _)| *i == inv).map(|(_, f)| *f).expect("a check");
    WORLD.with(|w| {
        let s = StepCheck { step, before, after, ran: &ran, store: w.store(), tracker };
        f(&s).is_ok()
    })
}

#[test]
fn a_resolution_is_announced_exactly_once() {
    let (before, after) = (game("active", 1, "orders"), game("active", 2, "orders"));
    let step = Step::Advance(3600);
    let t = Tracker::default();
    let inv = Invariant::EachPhaseResolvesOnce;
    assert!(check(inv, &step, &before, &after, vec![public("**Turn 1 resolved** (the deadline passed).")], &t));
    assert!(!check(inv, &step, &before, &after, Vec::new(), &t), "resolved silently");
    let twice = vec![public("**Turn 1 resolved** (a)."), public("**Turn 1 resolved** (b).")];
    assert!(!check(inv, &step, &before, &after, twice, &t), "announced twice");
    assert!(
        !check(inv, &step, &before, &before, vec![public("**Turn 1 resolved** (a).")], &t),
        "announced, not resolved"
    );
}

#[test]
fn a_pending_reveal_is_seen_only_by_its_revealer() {
    let before = game("active", 1, "reveal");
    let reveal = Step::command("ann", "reveal # salt 0123456789abcdef\nK e1 - e2");
    let mut t = Tracker::default();
    let matched = Ran { replies: vec![public("France's reveal matches its commitment `ab`.")], ..Ran::default() };
    t.observe(&reveal, &before, &matched);
    let inv = Invariant::PendingOrdersStayPrivate;
    let leak = || vec![public("ann revealed: # salt 0123456789abcdef")];
    assert!(!check(inv, &reveal, &before, &before, leak(), &t), "public while the phase is open");
    let to_bo = Reply { to: Some("bo".into()), ..Reply::private_text("# salt 0123456789abcdef") };
    assert!(!check(inv, &reveal, &before, &before, vec![to_bo], &t), "sent to another player");
    let to_ann = Reply::private_text("# salt 0123456789abcdef");
    assert!(check(inv, &reveal, &before, &before, vec![to_ann], &t), "the revealer's own reply");
    assert!(check(inv, &Step::Advance(60), &before, &game("active", 2, "commit"), leak(), &t), "once resolved");
    // A reveal that did not match stays private even once its phase resolved.
    let wrong = Step::command("ann", "reveal # salt 00112233aabbccdd\nstab England");
    let mut t = Tracker::default();
    t.observe(&wrong, &before, &Ran::default());
    let leak = vec![public("history: # salt 00112233aabbccdd")];
    assert!(!check(inv, &Step::Advance(60), &before, &game("active", 2, "commit"), leak, &t), "a mismatch published");
    // So does its hash, from which the text could be found.
    let hash = chessdip_game::hashed::seal::sha256_hex("# salt 00112233aabbccdd\nstab England");
    let leak = vec![public(&format!("history: France \u{2717} `{hash}`"))];
    assert!(!check(inv, &Step::Advance(60), &before, &game("active", 2, "commit"), leak, &t), "its hash published");
    let to_ann = Reply::private_text(format!("revealed: `{hash}`"));
    assert!(check(inv, &wrong, &before, &before, vec![to_ann], &t), "the revealer's own reply shows it");
}

#[test]
fn orders_belong_to_the_current_holder() {
    let mut after = game("active", 1, "orders");
    after.players.insert("France".into(), "ann".into());
    after.orders.push(("France".into(), "ann".into()));
    let step = Step::command("gm", "game status");
    let inv = Invariant::PendingOrdersStayPrivate;
    assert!(check(inv, &step, &after, &after, Vec::new(), &Tracker::default()));
    after.players.insert("France".into(), "sub".into());
    assert!(!check(inv, &step, &after, &after, Vec::new(), &Tracker::default()), "the seat changed hands");
}

#[test]
fn ready_marks_lapse_when_the_stage_moves() {
    let before = game("active", 1, "commit");
    let mut after = game("active", 1, "reveal");
    after.ready.push("France".into());
    let inv = Invariant::MarksLapseWithThePhase;
    let step = Step::Advance(3600);
    assert!(!check(inv, &step, &before, &after, Vec::new(), &Tracker::default()));
    assert!(check(inv, &step, &after, &after, Vec::new(), &Tracker::default()), "same stage: marks stay");
}

#[test]
fn a_paused_game_keeps_its_phase_and_a_running_one_its_deadline() {
    let (before, after) = (game("paused", 1, "orders"), game("paused", 2, "orders"));
    let force = Step::command("gm", "game force");
    let t = Tracker::default();
    assert!(!check(Invariant::PausedGameNeverChangesPhase, &force, &before, &after, Vec::new(), &t));
    let mut resumed = game("active", 1, "orders");
    assert!(check(Invariant::RunningGameHasADeadline, &force, &before, &resumed, Vec::new(), &t));
    resumed.phases.get_mut(&1).expect("phase").deadline = None;
    assert!(!check(Invariant::RunningGameHasADeadline, &force, &before, &resumed, Vec::new(), &t), "no deadline");
    resumed.phases.get_mut(&1).expect("phase").deadline = Some(10);
    assert!(!check(Invariant::RunningGameHasADeadline, &force, &before, &resumed, Vec::new(), &t), "overdue");
    resumed.settings = SettingsView { waits: true, ..SettingsView::default() };
    assert!(
        check(Invariant::RunningGameHasADeadline, &force, &before, &resumed, Vec::new(), &t),
        "waits for a moderator"
    );
}

#[test]
fn weekly_deadlines_are_thursday_monday_or_sunday_midnights() {
    // Thursday 2026-01-08 00:00 UTC, and an hour later.
    let (thursday, later) = (1_767_830_400, 1_767_834_000);
    let mut s = game("active", 1, "commit");
    s.settings = SettingsView { weekly: true, timezone: "UTC".into(), ..SettingsView::default() };
    let step = Step::Advance(60);
    let t = Tracker::default();
    s.phases.get_mut(&1).expect("phase").deadline = Some(thursday);
    assert!(check(Invariant::WeeklyDeadlinesOnTheCalendar, &step, &s, &s, Vec::new(), &t));
    s.phases.get_mut(&1).expect("phase").deadline = Some(later);
    assert!(!check(Invariant::WeeklyDeadlinesOnTheCalendar, &step, &s, &s, Vec::new(), &t));
    s.settings.timezone = "Europe/Paris".into();
    s.phases.get_mut(&1).expect("phase").deadline = Some(thursday);
    assert!(!check(Invariant::WeeklyDeadlinesOnTheCalendar, &step, &s, &s, Vec::new(), &t), "01:00 in Paris");
}

#[test]
fn an_ended_game_says_so() {
    let ended = game("ended", 1, "orders");
    let t = Tracker::default();
    let inv = Invariant::EndedGamesStayEnded;
    let ready = Step::command("ann", "ready");
    assert!(check(inv, &ready, &ended, &ended, vec![Reply::private_text("the game has ended")], &t));
    let no_game = Reply::private_text("there is no game in this channel");
    assert!(!check(inv, &ready, &ended, &ended, vec![no_game], &t));
    let status = Step::command("ann", "game status");
    assert!(check(inv, &status, &ended, &ended, vec![public("Chess Dip (ended): draw.")], &t), "reading is fine");
    let next =
        public("Diplomat Chess (ended): **Game over: ended by a moderator.**\n  White (ann): to move, 10 pieces");
    assert!(!check(inv, &status, &ended, &ended, vec![next], &t), "an ended game's status says what may come next");
    let reopened = game("active", 1, "orders");
    assert!(check(inv, &Step::command("gm", "game rollback"), &ended, &reopened, Vec::new(), &t));
    assert!(!check(inv, &Step::command("ann", "game rollback"), &ended, &reopened, Vec::new(), &t), "not a moderator");
}

#[test]
fn records_and_replies_are_checked() {
    let mut before = game("active", 1, "commit");
    before.commitments = vec!["a".repeat(64)];
    let after = game("active", 1, "commit");
    let t = Tracker::default();
    let step = Step::command("gm", "game rollback");
    assert!(!check(Invariant::HashedRecordsAreKept, &step, &before, &after, Vec::new(), &t), "a commitment vanished");
    let long = public(&"x".repeat(8001));
    assert!(!check(Invariant::NoPanicAndShortReplies, &step, &after, &after, vec![long], &t));
    assert!(check(Invariant::NoPanicAndShortReplies, &step, &after, &after, vec![public(&"x".repeat(8000))], &t));
}

#[test]
fn fixed_time_deadlines_are_at_the_local_time_on_an_allowed_day() {
    let inv = Invariant::FixedTimeDeadlinesAtTheirLocalTime;
    let step = Step::Advance(60);
    let t = Tracker::default();
    let mut s = game("active", 1, "orders");
    s.settings = SettingsView {
        timezone: "Europe/Paris".into(),
        deadline_at: Some((20, 0)),
        days: "mon-fri".into(),
        ..SettingsView::default()
    };
    let due = |s: &mut Snapshot, d: i64| s.phases.get_mut(&1).expect("phase").deadline = Some(d);
    // Monday 2027-03-29 20:00 in Paris (summer time) is 18:00 UTC.
    due(&mut s, 1_806_343_200);
    assert!(check(inv, &step, &s, &s, Vec::new(), &t));
    due(&mut s, 1_806_346_800);
    assert!(!check(inv, &step, &s, &s, Vec::new(), &t), "21:00");
    // Saturday 2027-03-27 20:00 (19:00 UTC) is not one of the days.
    due(&mut s, 1_806_174_000);
    assert!(!check(inv, &step, &s, &s, Vec::new(), &t), "a Saturday");
    // 02:30 does not exist on Sunday 2027-03-28: 03:00 summer time (01:00 UTC) stands for it.
    s.settings.deadline_at = Some((2, 30));
    s.settings.days = "every".into();
    due(&mut s, 1_806_195_600);
    assert!(check(inv, &step, &s, &s, Vec::new(), &t));
    due(&mut s, 1_806_199_200);
    assert!(!check(inv, &step, &s, &s, Vec::new(), &t), "04:00 is not the first moment after 02:30");
    // On a calendar the calendar rules.
    s.settings.weekly = true;
    assert!(check(inv, &step, &s, &s, Vec::new(), &t));
}

#[test]
fn a_second_extension_by_vote_of_a_phase_is_caught() {
    let inv = Invariant::ExtendedByVoteAtMostOnce;
    let before = game("active", 1, "orders");
    let mut after = before.clone();
    after.phases.get_mut(&1).expect("phase").deadline = Some(9000);
    let step = Step::command("ann", "extend vote 1h");
    let ran =
        Ran { replies: vec![public("ann (France) votes... **Turn 1 is extended by vote** (France)")], crashed: None };
    let mut t = Tracker::default();
    t.observe(&step, &before, &ran);
    assert!(check(inv, &step, &before, &after, ran.replies.clone(), &t));
    assert!(!check(inv, &step, &after, &before, ran.replies.clone(), &t), "the deadline moved back");
    t.observe(&step, &before, &ran);
    assert!(!check(inv, &step, &before, &after, ran.replies.clone(), &t), "twice");
}
