//! Turn, year, move and cycle counters never wrap: a stored state whose
//! counter is at its maximum is a drawn game, and resolving it (or the phase
//! that reaches it) neither panics nor wraps, in every family.

use std::collections::BTreeMap;

use chessdip_rules::chess_dip::{self, ChessDipState, Phase, Season};
use chessdip_rules::chess_wheel::{self, BoardAction};
use chessdip_rules::diplomacy_chess::{self, DiplomacyChessState, Mode};
use chessdip_rules::diplomat_chess::{self, DiplomatChessState};
use chessdip_rules::family::{Family, GameResult, SlotOrder};
use serde::de::DeserializeOwned;
use serde::Serialize;

fn drawn(how: &str) -> GameResult {
    GameResult::Drawn { how: how.into() }
}

/// `state` stored as JSON with `field` (a path of keys) set to `value`, read back.
fn with_json<S: Serialize + DeserializeOwned>(state: &S, field: &[&str], value: u32) -> S {
    let mut json = serde_json::to_value(state).expect("to json");
    let mut at = &mut json;
    for key in field {
        at = &mut at[*key];
    }
    *at = value.into();
    serde_json::from_value(json).expect("from json")
}

fn one(power: &str, text: &str) -> (String, Vec<SlotOrder>) {
    (power.to_string(), vec![SlotOrder::new("1", text)])
}

#[test]
fn dip_a_state_in_the_last_year_is_drawn_and_resolves_without_wrapping() {
    for id in ["chessdip", "chesspolitik4", "chesspolitik2"] {
        let v = chess_dip::Variant::builtin(id).expect("variant");
        let start = ChessDipState::start(&v);
        assert_eq!(v.result(&start), GameResult::Ongoing);
        let last = with_json(&start, &["phase", "year"], u32::MAX);
        assert_eq!(last.phase, Phase { year: Phase::LAST_YEAR, season: Season::Spring });
        assert_eq!(v.result(&last), drawn("the year limit was reached"), "{id}");
        // Spring, Fall (Winter skipped: nothing to adjust) and Winter of the last year.
        let fall = v.resolve(&last, &[]).next;
        assert_eq!(fall.phase, Phase { year: Phase::LAST_YEAR, season: Season::Fall });
        let winter = v.resolve(&fall, &[]).next;
        assert_eq!(winter.phase, Phase { year: Phase::LAST_YEAR, season: Season::Winter });
        let again = v.resolve(&winter, &[]).next;
        assert_eq!(again.phase, winter.phase, "{id}: no year after the last");
        assert_eq!(v.result(&again), drawn("the year limit was reached"));
    }
}

#[test]
fn dip_the_fall_before_the_last_year_ends_the_game() {
    let v = chess_dip::Variant::builtin("chessdip").expect("variant");
    let mut fall = ChessDipState::start(&v);
    fall.phase = Phase { year: Phase::LAST_YEAR - 1, season: Season::Fall };
    assert_eq!(v.result(&fall), GameResult::Ongoing);
    let (next, report) = chess_dip::apply_movement(&v, &fall, &[]);
    assert_eq!(next.phase, Phase { year: Phase::LAST_YEAR, season: Season::Spring });
    assert_eq!(report.result, chess_dip::GameResult::YearLimit);
    assert_eq!(v.result(&next), drawn("the year limit was reached"));
}

#[test]
fn dip_a_solo_in_the_last_year_still_wins() {
    let v = chess_dip::Variant::builtin("chesspolitik2").expect("variant");
    let mut s = ChessDipState::start(&v);
    s.phase.year = Phase::LAST_YEAR;
    let france = v.power_by_name("France").expect("France");
    for c in v.centers.iter().take(v.solo as usize) {
        s.set_owner(c, Some(france));
    }
    assert!(matches!(v.result(&s), GameResult::Won { ref winner, .. } if winner == "France"));
}

fn simul_variant(mode: Mode) -> diplomacy_chess::Variant {
    let mut o = BTreeMap::new();
    o.insert("mode".to_string(), mode.id().to_string());
    diplomacy_chess::Variant::new(&o).expect("variant")
}

#[test]
fn simul_a_state_at_the_last_turn_is_drawn_and_resolves_without_wrapping() {
    for mode in [Mode::Basic, Mode::Progressive, Mode::SimultaneousProgressive] {
        let v = simul_variant(mode);
        let last = with_json(&DiplomacyChessState::start(), &["turn"], u32::MAX);
        assert_eq!(v.result(&last), drawn("the turn limit was reached"), "{mode}");
        assert!(v.phase(&last).owing.is_empty());
        assert!(v.submit(&last, "White", &[], "e4").rejected[0].1.contains("over"));
        // A progressive turn this late has billions of steps: the empty ones are not all played.
        let r = v.resolve(&last, &[]);
        assert_eq!(r.next.turn, DiplomacyChessState::LAST_TURN, "{mode}");
        assert_eq!(v.result(&r.next), drawn("the turn limit was reached"));
        assert!(v.transcript(&r.next).expect("transcript").ends_with("Result: draw (the turn limit was reached)"));
    }
}

#[test]
fn simul_the_turn_before_the_last_ends_the_game() {
    let v = simul_variant(Mode::Basic);
    let mut s = DiplomacyChessState::start();
    s.turn = DiplomacyChessState::LAST_TURN - 1;
    assert_eq!(v.result(&s), GameResult::Ongoing);
    let r = v.resolve(&s, &[one("White", "e4"), one("Black", "e5")]);
    assert!(r.outcomes.iter().all(|o| o.succeeded), "{}", r.summary);
    assert_eq!(r.next.turn, DiplomacyChessState::LAST_TURN);
    assert_eq!(r.next.end, Some(diplomacy_chess::GameEnd::Drawn { how: "the turn limit was reached".into() }));
    assert_eq!(v.result(&r.next), drawn("the turn limit was reached"));
}

#[test]
fn diplomat_a_state_at_the_last_move_is_drawn_and_resolves_without_wrapping() {
    let v = diplomat_chess::Variant::new(&BTreeMap::new()).expect("variant");
    let last = with_json(&DiplomatChessState::start(&v), &["number"], u32::MAX);
    assert_eq!(last.outcome, None, "as stored");
    assert_eq!(v.result(&last), drawn("the move limit was reached"));
    assert!(v.phase(&last).owing.is_empty());
    let r = v.resolve(&last, &[one("White", "d3")]);
    assert_eq!(r.next.number, DiplomatChessState::LAST_MOVE);
    assert_eq!(v.result(&r.next), drawn("the move limit was reached"));
    // Played anyway (bypassing the family), the move number stays at the limit.
    let mv = last.position.read_move(&v, "d3").expect("legal");
    let after_white = last.play(&v, mv).next;
    let mv = after_white.position.read_move(&v, "k3").expect("legal");
    let after_black = after_white.play(&v, mv).next;
    assert_eq!(after_black.number, DiplomatChessState::LAST_MOVE);
    assert_eq!(after_black.outcome, Some(diplomat_chess::EndOfGame::MoveLimit));
}

#[test]
fn diplomat_blacks_move_before_the_last_number_ends_the_game() {
    let v = diplomat_chess::Variant::new(&BTreeMap::new()).expect("variant");
    let mut s = DiplomatChessState::start(&v);
    s.number = DiplomatChessState::LAST_MOVE - 1;
    let s = v.resolve(&s, &[one("White", "d3")]).next;
    assert_eq!(v.result(&s), GameResult::Ongoing);
    let r = v.resolve(&s, &[one("Black", "k3")]);
    assert!(r.summary.contains("the move limit was reached"), "{}", r.summary);
    assert_eq!(r.next.number, DiplomatChessState::LAST_MOVE);
    assert_eq!(v.result(&r.next), drawn("the move limit was reached"));
    assert!(v.transcript(&r.next).expect("transcript").ends_with("Draw: the move limit was reached"));
}

#[test]
fn wheel_a_state_at_the_last_cycle_is_drawn_and_resolves_without_wrapping() {
    let v = chess_wheel::new(&BTreeMap::new()).expect("variant");
    let start = v.start(&["Ann".into(), "Bo".into()]).expect("start");
    let last = with_json(&start, &["cycle"], u32::MAX);
    assert_eq!(v.result(&last), drawn("the cycle limit was reached"));
    assert!(v.phase(&last).owing.is_empty());
    assert!(v.submit(&last, "Ann", &[], "K {Ann}e1 - {Ann}e2").rejected[0].1.contains("cycle limit"));
    assert!(v.act(&last, "Ann", BoardAction::Create).unwrap_err().contains("cycle limit"));
    let r = v.resolve(&last, &[]);
    assert_eq!(r.next.cycle, chess_wheel::State::LAST_CYCLE);
    assert_eq!(v.result(&r.next), drawn("the cycle limit was reached"));
}

#[test]
fn wheel_the_cycle_before_the_last_ends_the_game() {
    let v = chess_wheel::new(&BTreeMap::new()).expect("variant");
    let mut s = v.start(&["Ann".into(), "Bo".into()]).expect("start");
    s.cycle = chess_wheel::State::LAST_CYCLE - 1;
    let s = v.act(&s, "Ann", BoardAction::Create).expect("create").0;
    let e = v.act(&s, "Ann", BoardAction::Create).unwrap_err();
    assert!(e.contains(&format!("Cycle {}", chess_wheel::State::LAST_CYCLE)), "{e}");
    assert_eq!(v.result(&s), GameResult::Ongoing);
    let r = v.resolve(&s, &[]);
    assert!(r.summary.contains("The cycle limit was reached"), "{}", r.summary);
    assert_eq!(v.result(&r.next), drawn("the cycle limit was reached"));
}
