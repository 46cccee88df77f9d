//! Diplomacy Chess through the `Family` API (a short game to checkmate, the
//! move list kept per turn, the transcript) and properties of the parsers.

use std::collections::BTreeMap;

use chessdip::rules::family::{Family, GameResult, SlotOrder};
use chessdip::rules::simul::condition::parse_order;
use chessdip::rules::simul::notation::{parse_move, read};
use chessdip::rules::simul::{Mode, Position, SimulState, Variant};
use chessdip::rules::Side;
use proptest::prelude::*;

fn variant(mode: &str) -> Variant {
    let mut o = BTreeMap::new();
    o.insert("mode".to_string(), mode.to_string());
    Variant::new(&o).expect("variant")
}

fn turn(v: &Variant, s: &SimulState, white: &str, black: &str) -> SimulState {
    let w = v.submit(s, "White", &[], white);
    assert!(w.rejected.is_empty(), "{white}: {:?}", w.rejected);
    let b = v.submit(s, "Black", &[], black);
    assert!(b.rejected.is_empty(), "{black}: {:?}", b.rejected);
    let r = v.resolve(s, &[("White".into(), w.orders), ("Black".into(), b.orders)]);
    assert!(!r.summary.is_empty());
    r.next
}

#[test]
fn fools_mate_through_the_family_api() {
    let v = variant("basic");
    assert_eq!(v.id(), "diplomacy-chess");
    assert_eq!(v.name(), "Diplomacy Chess");
    let s = v.start(&["White".into(), "Black".into()]).expect("start");
    let p = v.phase(&s);
    assert_eq!(p.name, "Turn 1");
    assert_eq!(p.owing, vec!["White".to_string(), "Black".to_string()]);
    assert!(!p.resolve_on_submit);
    let s = turn(&v, &s, "f3", "e5");
    assert_eq!(v.phase(&s).name, "Turn 2");
    // The queen passes e7, freed by e5 last turn, and lands on h4: mate.
    let w = v.submit(&s, "White", &[], "g4");
    let b = v.submit(&s, "Black", &[], "Qh4");
    let r = v.resolve(&s, &[("White".into(), w.orders.clone()), ("Black".into(), b.orders)]);
    assert!(r.outcomes.iter().all(|o| o.succeeded), "{:?}", r.outcomes);
    let s = r.next;
    assert_eq!(v.result(&s), GameResult::Won { winner: "Black".into(), how: "by checkmate".into() });
    assert!(v.phase(&s).owing.is_empty());
    assert!(v.alive(&s, "Black") && !v.alive(&s, "White"));
    assert!(v.standing(&s, "White").starts_with("in check"));
    let t = v.transcript(&s).expect("transcript");
    assert_eq!(
        t,
        "Diplomacy Chess (basic)\n1. White: f3 \u{2713} | Black: e5 \u{2713}\n2. White: g4 \u{2713} | Black: Qh4 \u{2713}\nResult: Black wins by checkmate"
    );
    assert!(v.submit(&s, "White", &w.orders, "e4").rejected[0].1.contains("over"));
}

#[test]
fn king_captured_and_reasons_in_the_transcript() {
    let v = variant("basic");
    let s = SimulState::start();
    let s = turn(&v, &s, "e4", "f6");
    let s = turn(&v, &s, "Qh5+", "Nc6");
    // Black ignores the check? It cannot: a move that leaves the king in check is refused.
    let b = v.submit(&s, "Black", &[], "a6");
    assert!(b.rejected[0].1.contains("check"), "{:?}", b.rejected);
    assert!(b.orders.is_empty());
    // Black gives no move at all; White takes the king.
    let w = v.submit(&s, "White", &[], "Qxe8");
    let r = v.resolve(&s, &[("White".into(), w.orders)]);
    assert_eq!(v.result(&r.next), GameResult::Won { winner: "White".into(), how: "by capturing the king".into() });
    assert_eq!(r.removed, vec!["Black's king on e8, by White's Qxe8".to_string()]);
    let t = v.transcript(&r.next).expect("transcript");
    assert!(t.contains("3. White: Qxe8 \u{2713} (took Black's king on e8) | Black: no move"), "{t}");
}

#[test]
fn a_submission_replaces_the_list_and_describe_reads_it_back() {
    let v = variant("progressive");
    let mut s = SimulState::start();
    s.turn = 3;
    let first = v.submit(&s, "White", &[], "e4, Nf3; Bc4");
    assert_eq!(first.accepted.len(), 3);
    let slots: Vec<&str> = first.orders.iter().map(|o| o.slot.as_str()).collect();
    assert_eq!(slots, ["1", "2", "3"]);
    assert_eq!(v.phase(&s).name, "Turn 3 (3 moves each)");
    // A new list replaces the old one; a bad move is reported and leaves its step empty.
    let second = v.submit(&s, "White", &first.orders, "d4\nQz9\nNc3");
    assert_eq!(second.accepted, vec!["d4".to_string(), "Nc3".to_string()]);
    assert_eq!(second.rejected.len(), 1);
    assert_eq!(second.orders, vec![SlotOrder::new("1", "d4"), SlotOrder::new("3", "Nc3")]);
    let d = v.describe(&s, "White", &second.orders);
    assert!(d.contains("1. d4") && d.contains("3. Nc3") && d.contains("Still missing: 1 of 3 (no move at step 2)."), "{d}");
    // Too many moves.
    let third = v.submit(&s, "White", &[], "a3, b3, c3, d3");
    assert_eq!(third.rejected, vec![("d3".to_string(), "turn 3 has 3 moves each".to_string())]);
    // Nothing accepted: the earlier list stands.
    let fourth = v.submit(&s, "White", &second.orders, "Ke5");
    assert_eq!(fourth.orders, second.orders);
    // Basic mode takes one move.
    let b = variant("basic").submit(&SimulState::start(), "White", &[], "e4, d4");
    assert!(b.orders.is_empty() && b.rejected.len() == 2);
    assert!(v.order_help().contains("3?Ba3:Na3"));
    assert!(!variant("simultaneous-progressive").order_help().contains("3?Ba3:Na3"));
    assert_eq!(variant("simultaneous-progressive").mode, Mode::SimultaneousProgressive);
}

#[test]
fn the_state_round_trips_through_json() {
    let v = variant("simultaneous-progressive");
    let s = turn(&v, &SimulState::start(), "e4", "d5");
    let json = serde_json::to_string(&s).expect("json");
    let back: SimulState = serde_json::from_str(&json).expect("back");
    assert_eq!(back, s);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn order_parsing_never_panics(text in "\\PC{0,40}") {
        let _ = parse_order(&text);
        let _ = parse_move(&text);
    }

    #[test]
    fn chess_like_text_never_panics(text in "[KQRBNPkqrnbx0-9a-hO~?:=+#()/ -]{0,16}") {
        let p = Position::start();
        if let Ok(mt) = parse_move(&text) {
            let _ = read(&p, Side::White, &mt);
            let _ = read(&p, Side::Black, &mt);
        }
        let v = variant("progressive");
        let mut s = SimulState::start();
        s.turn = 2;
        let sub = v.submit(&s, "Black", &[], &text);
        let _ = v.describe(&s, "Black", &sub.orders);
        let _ = v.resolve(&s, &[("Black".into(), sub.orders)]);
    }
}
