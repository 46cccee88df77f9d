//! En passant across phases in Chess Dip, driven through the [`Family`] API:
//! a two-square advance made in Fall can be taken in the next Spring whether
//! the Winter between was played or skipped, the record ends when that
//! Spring resolves, and a pawn disbanded in Winter cannot be taken.
//!
//! (A scenario file holds one phase, so these sequences are written here.)

use crate::support::squares;
use chessdip_rules::chess_dip::{ChessDipState, Phase, Season, Variant};
use chessdip_rules::family::{Family, SlotOrder};
use chessdip_rules::scenario::{self, Scenario};
use squares::sq;

/// Scandinavia's c7 - c5 passes c6, which England's pawn on d5 attacks.
const EN_PASSANT: &str = "d5 t c6 x c5";
/// The support that lets the en passant attack dislodge a holding pawn.
const SUPPORT: &str = "K d4 S d5 x c5";

/// The state a one-phase scenario text sets up (its `phase:`, `position:` and `state:`).
fn state_of(text: &str) -> (Variant, ChessDipState) {
    let s = Scenario::parse(text, "setup").expect("setup parses");
    let a = scenario::chess_dip::adjudicate(&s).expect("setup is a position");
    (a.variant, a.before)
}

/// Fall 1: England's pawn stands on d5 with its king on d4 beside it;
/// Scandinavia's pawn is still on c7. Italy and France are out of the game.
/// England owns `centers`; the other centers keep their start owners.
fn fall_1(england: &str, scandinavia: &str, centers: &str) -> (Variant, ChessDipState) {
    state_of(&format!(
        "variant: chessdip\nphase: fall 1\nposition:\n  England: {england}\n  Scandinavia: {scandinavia}\n\
         state:\n  centers: England {centers}\n  neutral: e1 e2 f1 e8 e7 g8\n"
    ))
}

fn orders(list: &[(&str, &[&str])]) -> Vec<(String, Vec<SlotOrder>)> {
    list.iter()
        .map(|(power, texts)| {
            let rows = texts.iter().enumerate().map(|(i, t)| SlotOrder::new(format!("o{i}"), *t)).collect();
            (power.to_string(), rows)
        })
        .collect()
}

/// Submits `text` for `power` and says whether it was accepted, with the reason if not.
fn submit(v: &Variant, state: &ChessDipState, power: &str, text: &str) -> Result<(), String> {
    let sub = v.submit(state, power, &[], text);
    match sub.rejected.first() {
        Some((_, why)) => Err(why.clone()),
        None => Ok(()),
    }
}

fn resolve(v: &Variant, state: &ChessDipState, list: &[(&str, &[&str])]) -> ChessDipState {
    v.resolve(state, &orders(list)).next
}

/// Fall 1: Scandinavia advances c7 - c5; everything else holds.
fn after_fall(v: &Variant, state: &ChessDipState) -> ChessDipState {
    assert_eq!(state.phase, Phase { year: 1, season: Season::Fall });
    let next = resolve(v, state, &[("Scandinavia", &["c7 - c5"])]);
    assert!(next.piece(sq("c5")).is_some(), "the two-square advance succeeded");
    assert_eq!(next.double_steps, vec![(sq("c7"), sq("c5"))]);
    next
}

/// Spring 2: England takes c5 en passant with support; the pawn on c5 is removed.
fn en_passant_succeeds(v: &Variant, spring: &ChessDipState) {
    assert_eq!(spring.phase, Phase { year: 2, season: Season::Spring });
    submit(v, spring, "England", EN_PASSANT).expect("en passant accepted in Spring");
    let res = v.resolve(spring, &orders(&[("England", &[EN_PASSANT, SUPPORT])]));
    assert!(res.outcomes.iter().all(|o| o.succeeded), "{}", res.summary);
    assert!(res.removed.iter().any(|r| r.starts_with("P c5")), "{}", res.summary);
    let after = res.next;
    assert!(after.piece(sq("c6")).is_some_and(|p| v.power(p.power).name == "England"));
    assert!(after.piece(sq("c5")).is_none());
}

#[test]
fn fall_advance_is_taken_in_spring_after_a_winter_with_a_build() {
    // England has one center more than pieces: Winter is played.
    let (v, fall) = fall_1("K d4, P d5, N b1", "K d8, P c7, B c8", "d1 b1 c2 d5");
    let winter = after_fall(&v, &fall);
    assert_eq!(winter.phase.season, Season::Winter);
    submit(&v, &winter, "England", "build N c2").expect("build accepted");
    let res = v.resolve(&winter, &orders(&[("England", &["build N c2"])]));
    assert!(res.outcomes.iter().all(|o| o.succeeded), "{}", res.summary);
    assert!(res.next.piece(sq("c2")).is_some());
    assert_eq!(res.next.double_steps, vec![(sq("c7"), sq("c5"))], "Winter keeps the record");
    en_passant_succeeds(&v, &res.next);
}

#[test]
fn fall_advance_is_taken_in_spring_after_a_winter_nobody_orders_in() {
    // The build is owed but not ordered: Winter is played and resolved without orders.
    let (v, fall) = fall_1("K d4, P d5, N b1", "K d8, P c7, B c8", "d1 b1 c2 d5");
    let winter = after_fall(&v, &fall);
    assert_eq!(winter.phase.season, Season::Winter);
    let spring = resolve(&v, &winter, &[]);
    en_passant_succeeds(&v, &spring);
}

#[test]
fn fall_advance_is_taken_in_spring_when_winter_is_skipped() {
    // Pieces match centers for both powers: no adjustments, Winter is skipped.
    let (v, fall) = fall_1("K d4, P d5, N b1, P c2", "K d8, P c7, B c8", "d1 b1 c2 d5");
    let spring = after_fall(&v, &fall);
    en_passant_succeeds(&v, &spring);
}

#[test]
fn the_record_expires_when_the_next_movement_phase_resolves() {
    let (v, fall) = fall_1("K d4, P d5, N b1, P c2", "K d8, P c7, B c8", "d1 b1 c2 d5");
    let spring = after_fall(&v, &fall);
    // Spring 2: nobody takes; both pawns hold.
    let fall_2 = resolve(&v, &spring, &[]);
    assert_eq!(fall_2.phase, Phase { year: 2, season: Season::Fall });
    assert!(fall_2.double_steps.is_empty());
    let why = submit(&v, &fall_2, "England", EN_PASSANT).expect_err("en passant refused in Fall 2");
    assert!(why.contains("en passant needs a pawn that moved two squares in the last movement phase"), "{why}");
}

#[test]
fn a_pawn_disbanded_in_winter_cannot_be_taken() {
    // Scandinavia has four pieces and three centers: one disband is due.
    let (v, fall) = fall_1("K d4, P d5, N b1, P c2", "K d8, P c7, B c8, N a6", "d1 b1 c2 d5");
    let winter = after_fall(&v, &fall);
    assert_eq!(winter.phase.season, Season::Winter);
    submit(&v, &winter, "Scandinavia", "disband P c5").expect("disband accepted");
    let spring = resolve(&v, &winter, &[("Scandinavia", &["disband P c5"])]);
    assert!(spring.piece(sq("c5")).is_none());
    assert!(spring.double_steps.is_empty(), "the record went with the pawn");
    assert!(submit(&v, &spring, "England", EN_PASSANT).is_err());
}

#[test]
fn a_pawn_disbanded_by_civil_disorder_cannot_be_taken() {
    // No order: civil disorder disbands the piece farthest from Scandinavia's
    // home centers, the pawn on c5 (two king moves from b7 and d7).
    let (v, fall) = fall_1("K d4, P d5, N b1, P c2", "K d8, P c7, B c8, N a6", "d1 b1 c2 d5");
    let winter = after_fall(&v, &fall);
    let res = v.resolve(&winter, &[]);
    assert!(res.removed.iter().any(|r| r.starts_with("P c5")), "{}", res.summary);
    assert!(res.next.double_steps.is_empty());
    assert!(submit(&v, &res.next, "England", EN_PASSANT).is_err());
}

#[test]
fn disbanding_another_piece_keeps_the_record() {
    let (v, fall) = fall_1("K d4, P d5, N b1, P c2", "K d8, P c7, B c8, N a6", "d1 b1 c2 d5");
    let winter = after_fall(&v, &fall);
    let spring = resolve(&v, &winter, &[("Scandinavia", &["disband N a6"])]);
    assert!(spring.piece(sq("a6")).is_none());
    en_passant_succeeds(&v, &spring);
}
