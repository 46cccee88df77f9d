//! Diplomacy Chess through the `Family` API (a short game to checkmate, the
//! move list kept per turn, the transcript) and properties of the parsers.

use std::collections::BTreeMap;

use chessdip_rules::diplomacy_chess::condition::parse_order;
use chessdip_rules::diplomacy_chess::notation::{parse_move, read};
use chessdip_rules::diplomacy_chess::{DiplomacyChessState, Mode, Position, Variant};
use chessdip_rules::family::{Family, GameResult, SlotOrder};
use chessdip_rules::Side;
use proptest::prelude::*;

fn variant(mode: &str) -> Variant {
    let mut o = BTreeMap::new();
    o.insert("mode".to_string(), mode.to_string());
    Variant::new(&o).expect("variant")
}

fn turn(v: &Variant, s: &DiplomacyChessState, white: &str, black: &str) -> DiplomacyChessState {
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
    let s = DiplomacyChessState::start();
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
    let mut s = DiplomacyChessState::start();
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
    assert!(
        d.contains("1. d4") && d.contains("3. Nc3") && d.contains("Still missing: 1 of 3 (no move at step 2)."),
        "{d}"
    );
    // Too many moves.
    let third = v.submit(&s, "White", &[], "a3, b3, c3, d3");
    assert_eq!(third.rejected, vec![("d3".to_string(), "turn 3 has 3 moves each".to_string())]);
    // Nothing accepted: the earlier list stands.
    let fourth = v.submit(&s, "White", &second.orders, "Ke5");
    assert_eq!(fourth.orders, second.orders);
    // Basic mode takes one move.
    let b = variant("basic").submit(&DiplomacyChessState::start(), "White", &[], "e4, d4");
    assert!(b.orders.is_empty() && b.rejected.len() == 2);
    assert!(v.order_help().contains("3?Ba3:Na3"));
    assert!(!variant("simultaneous-progressive").order_help().contains("3?Ba3:Na3"));
    assert_eq!(variant("simultaneous-progressive").mode, Mode::SimultaneousProgressive);
}

#[test]
fn the_state_round_trips_through_json() {
    let v = variant("simultaneous-progressive");
    let s = turn(&v, &DiplomacyChessState::start(), "e4", "d5");
    let json = serde_json::to_string(&s).expect("json");
    let back: DiplomacyChessState = serde_json::from_str(&json).expect("back");
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
        let mut s = DiplomacyChessState::start();
        s.turn = 2;
        let sub = v.submit(&s, "Black", &[], &text);
        let _ = v.describe(&s, "Black", &sub.orders);
        let _ = v.resolve(&s, &[("Black".into(), sub.orders)]);
    }
}

/// A state from a FEN board (castling as the position allows), at `turn`.
fn at(fen: &str, turn: u32) -> DiplomacyChessState {
    let mut p = Position::from_fen_board(fen).expect("fen");
    p.castling = chessdip_rules::diplomacy_chess::Castling::ALL;
    p.validate().expect("valid");
    let mut s = DiplomacyChessState::new(p);
    s.turn = turn;
    s
}

fn accepted(v: &Variant, s: &DiplomacyChessState, power: &str, text: &str) -> Vec<String> {
    let sub = v.submit(s, power, &[], text);
    assert!(sub.rejected.is_empty(), "{text}: {:?}", sub.rejected);
    assert_eq!(sub.accepted, sub.orders.iter().map(|o| o.text.clone()).collect::<Vec<_>>(), "stored as accepted");
    sub.accepted
}

#[test]
fn orders_are_stored_and_shown_in_san() {
    let v = variant("basic");
    let s = DiplomacyChessState::start();
    for typed in ["n g1 - f3", "Ng1-f3", "g1f3", "g1-f3", "N g1 f3", "Nf3+", "ng1f3"] {
        assert_eq!(accepted(&v, &s, "White", typed), ["Nf3"], "{typed}");
    }
    assert_eq!(accepted(&v, &s, "White", "e2e4"), ["e4"]);
    assert_eq!(accepted(&v, &s, "Black", "nb8 ? d6 : N c6"), ["Nb8?d6:Nc6"]);
    // Disambiguated as far as needed, captures marked where an enemy stands.
    let knights = at("4k3/8/8/3p4/8/5N2/8/1N2K3", 1);
    assert_eq!(accepted(&v, &knights, "White", "b1d2"), ["Nbd2"]);
    assert_eq!(accepted(&v, &knights, "White", "f3 d4"), ["Nd4"]);
    assert_eq!(accepted(&v, &knights, "White", "Nf3-d2"), ["Nfd2"]);
    let rooks = at("4k3/8/8/R7/8/8/8/R3K3", 1);
    assert_eq!(accepted(&v, &rooks, "White", "a1a3"), ["R1a3"]);
    let pawns = at("4k3/1P6/8/3p4/4P3/8/8/4K2R", 1);
    assert_eq!(accepted(&v, &pawns, "White", "e4d5"), ["exd5"]);
    assert_eq!(accepted(&v, &pawns, "White", "b7b8n"), ["b8=N"]);
    assert_eq!(accepted(&v, &pawns, "White", "e1g1"), ["O-O"]);
    let sub = v.submit(&pawns, "White", &[], "b8");
    assert_eq!(sub.accepted, ["b8=Q"]);
    assert!(sub.notes.iter().any(|n| n.starts_with("read as b8=Q: the pawn on b7 becomes a queen")), "{:?}", sub.notes);
    // The results and the outcomes show the stored text, never the typed one.
    let w = v.submit(&s, "White", &[], "n g1 - f3");
    let b = v.submit(&s, "Black", &[], "Ng8-f6");
    let r = v.resolve(&s, &[("White".into(), w.orders), ("Black".into(), b.orders)]);
    assert_eq!(r.summary, "White:\n  \u{2713} Nf3 (moved)\nBlack:\n  \u{2713} Nf6 (moved)");
    assert_eq!(r.outcomes[0].order, "Nf3");
}

#[test]
fn results_say_which_branch_a_conditional_played_and_why() {
    let v = variant("basic");
    let s = DiplomacyChessState::start();
    let w = v.submit(&s, "White", &[], "Nb1?d3:Nc3");
    assert!(w.notes.contains(&"`Nb1?d3:Nc3` plays d3: White's knight is on b1".to_string()), "{:?}", w.notes);
    assert!(v.describe(&s, "White", &w.orders).contains("Nb1?d3:Nc3 \u{2192} d3"));
    let b = v.submit(&s, "Black", &[], "Nd4?e5:");
    let r = v.resolve(&s, &[("White".into(), w.orders), ("Black".into(), b.orders)]);
    assert!(r.summary.contains("\u{2713} Nb1?d3:Nc3 \u{2192} d3 (White's knight is on b1; moved)"), "{}", r.summary);
    assert!(r.summary.contains("\u{2013} Nd4?e5: \u{2192} no move (there is no knight on d4)"), "{}", r.summary);
    assert_eq!(r.outcomes[0].reason, "White's knight is on b1, so d3: moved");
    assert_eq!(r.outcomes[1].reason, "there is no knight on d4, so no move");
    let t = v.transcript(&r.next).expect("transcript");
    assert!(t.contains("1. White: Nb1?d3:Nc3 \u{2192} d3 \u{2713} | Black: Nd4?e5: \u{2192} no move"), "{t}");
}

#[test]
fn a_piece_taken_after_it_moved_is_named_by_both_squares() {
    // The seed's "Queen takes kNight": the knight from a5 is taken on c6.
    let v = variant("basic");
    let s = at("Q7/7k/8/n7/8/8/8/4K3", 1);
    let w = v.submit(&s, "White", &[], "Qc6");
    let b = v.submit(&s, "Black", &[], "Nc6");
    let r = v.resolve(&s, &[("White".into(), w.orders), ("Black".into(), b.orders)]);
    assert_eq!(r.removed, ["Black's knight (from a5) on c6, by White's Qc6"]);
    assert!(r.summary.contains("\u{2713} Qc6 (took Black's knight on c6, which came from a5)"), "{}", r.summary);
    assert!(r.summary.contains("\u{2717} Nc6 (taken on c6 by White's Qc6)"), "{}", r.summary);
    assert!(r.summary.contains("Taken: Black's knight (from a5) on c6, by White's Qc6"), "{}", r.summary);
}

#[test]
fn a_pass_is_neither_success_nor_failure() {
    let v = variant("progressive");
    let s = at("4k3/8/8/8/8/8/4P3/4K3", 2);
    let w = v.submit(&s, "White", &[], "pass, e4");
    let r = v.resolve(&s, &[("White".into(), w.orders)]);
    assert!(r.summary.contains("White:\n  \u{2013} 1. pass\n  \u{2713} 2. e4 (moved)"), "{}", r.summary);
    assert!(!r.summary.contains('\u{2717}'), "{}", r.summary);
    let t = v.transcript(&r.next).expect("transcript");
    assert!(t.ends_with("2. White: pass, e4 \u{2713} | Black: no move"), "{t}");
}

#[test]
fn simultaneous_lists_are_accepted_whatever_their_order() {
    let v = variant("simultaneous-progressive");
    // After d3 the bishop's way to g5 passes d2, where the knight lands.
    let s = at("rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR", 2);
    for list in ["Nd2, Bg5", "Bg5, Nd2"] {
        let sub = v.submit(&s, "White", &[], list);
        assert!(sub.rejected.is_empty(), "{list}: {:?}", sub.rejected);
        let clash = sub.notes.iter().find(|n| n.contains("clash")).unwrap_or_else(|| panic!("{:?}", sub.notes));
        assert!(clash.starts_with("with Black's pieces standing still, your own moves would clash: "), "{clash}");
        assert!(clash.contains("meet on d2 at the same tick, and both fail"), "{clash}");
        let r = v.resolve(&s, &[("White".into(), sub.orders)]);
        assert!(
            r.summary.contains("\u{2717} 1. Nd2 (met White's Bg5 at d2)")
                || r.summary.contains("(met White's Nd2 at d2)"),
            "{}",
            r.summary
        );
        assert!(!r.summary.contains("your"), "{}", r.summary);
    }
    // A bishop may follow the pawn that leaves e2, listed before or after it.
    let s = at("4k3/8/8/8/8/8/4P3/4KB2", 2);
    for list in ["e4, Bc4", "Bc4, e4"] {
        let sub = v.submit(&s, "White", &[], list);
        assert!(sub.rejected.is_empty(), "{list}: {:?}", sub.rejected);
        assert!(!sub.notes.iter().any(|n| n.contains("clash")), "{:?}", sub.notes);
    }
    // Out of check by one move of the list, wherever it stands.
    let s = at("4k3/8/8/8/1b6/8/P7/2B1K3", 2);
    for list in ["a3, Bd2", "Bd2, a3"] {
        assert_eq!(v.submit(&s, "White", &[], list).rejected, Vec::new(), "{list}");
    }
    let sub = v.submit(&s, "White", &[], "a3, Kf1");
    assert!(sub.rejected.is_empty(), "a king's move is judged after the turn: {:?}", sub.rejected);
    let sub = v.submit(&s, "White", &[], "a3, Bb2");
    assert_eq!(sub.rejected.len(), 2, "{:?}", sub.rejected);
    assert!(
        sub.rejected[0].1.contains("is in check from the bishop on b4 and this list does not get it out of check"),
        "{:?}",
        sub.rejected
    );
    // A piece that stays in the way, and a piece moved twice.
    let s = at("4k3/8/8/8/8/8/4P3/4KB2", 3);
    let sub = v.submit(&s, "White", &[], "Bc4");
    assert_eq!(
        sub.rejected[0].1,
        "your own pawn on e2 is in the way (a piece may pass it only if it moves in the same list)"
    );
    let sub = v.submit(&s, "White", &[], "Ke2");
    assert_eq!(
        sub.rejected[0].1,
        "your own pawn stands on e2 (a piece may land there only if that pawn leaves in the same list)"
    );
    let sub = v.submit(&s, "White", &[], "e4, e3");
    assert_eq!(sub.rejected.len(), 2, "{:?}", sub.rejected);
    assert!(
        sub.rejected[0].1.starts_with("the pawn on e2 has 2 moves in this list (`e4` and `e3`)"),
        "{:?}",
        sub.rejected
    );
}

#[test]
fn notes_speak_of_what_each_mode_has() {
    let s = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 3);
    let sp = variant("simultaneous-progressive").submit(&s, "White", &[], "e4, Nf3");
    assert!(sp.notes.iter().all(|n| !n.contains("step")), "{:?}", sp.notes);
    assert!(sp.notes.contains(
        &"all your moves start together at the first tick, so the order of the list does not matter".to_string()
    ));
    assert!(
        sp.notes.contains(&"2 moves of 3: pieces without a move stay where they are".to_string()),
        "{:?}",
        sp.notes
    );
    let d = variant("simultaneous-progressive").describe(&s, "White", &sp.orders);
    assert!(d.ends_with("Still missing: 1 of 3; pieces without a move stay where they are."), "{d}");
    let pr = variant("progressive").submit(&s, "White", &[], "e4, Nf3");
    assert!(
        pr.notes.iter().any(|n| n.starts_with(
            "your moves run in the order listed, one a step: step 1 plays your move 1 and Black's move 1 together"
        )),
        "{:?}",
        pr.notes
    );
    assert!(pr.notes.contains(&"no move at step 3".to_string()), "{:?}", pr.notes);
    let pr = variant("progressive").submit(&s, "White", &[], "e4, Qz9, Bz9");
    assert!(
        pr.notes.contains(&"no move at steps 2 and 3: send the whole list again to fill it".to_string()),
        "{:?}",
        pr.notes
    );
}

#[test]
fn a_list_replaces_an_earlier_one_only_when_there_is_one() {
    for mode in ["basic", "progressive", "simultaneous-progressive"] {
        let v = variant(mode);
        let s = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 1);
        let first = v.submit(&s, "White", &[], "e4");
        assert!(first.notes.iter().all(|n| !n.contains("replaces")), "{mode}: {:?}", first.notes);
        let same = v.submit(&s, "White", &first.orders, "e2e4");
        assert!(same.notes.iter().all(|n| !n.contains("replaces")), "{mode}: {:?}", same.notes);
        let other = v.submit(&s, "White", &first.orders, "d4");
        assert_eq!(other.notes[0], "this replaces your earlier move (e4)", "{mode}");
    }
}

#[test]
fn public_reasons_name_sides_even_for_a_move_no_longer_legal() {
    // Progressive: White's e5 was checked after its own e4, which failed.
    let v = variant("progressive");
    let s = at("7k/8/8/5n2/8/8/4P3/K7", 2);
    let w = v.submit(&s, "White", &[], "e4, e5");
    let b = v.submit(&s, "Black", &[], "Ne3, pass");
    let r = v.resolve(&s, &[("White".into(), w.orders), ("Black".into(), b.orders)]);
    assert!(r.summary.contains("\u{2717} 1. e4 (met Black's Ne3 at e3)"), "{}", r.summary);
    assert!(r.summary.contains("\u{2717} 2. e5 (no longer legal: White's pawn is no longer on e4)"), "{}", r.summary);
    assert!(r.summary.contains("\u{2717} 1. Ne3 (met White's e4 at e3)"), "{}", r.summary);
}

#[test]
fn ambiguity_says_both_or_all() {
    let v = variant("basic");
    let two = at("4k3/8/8/8/8/8/8/R3R1K1", 1);
    let sub = v.submit(&two, "White", &[], "Rc1");
    assert_eq!(sub.rejected[0].1, "Rc1 is ambiguous: the rooks on a1 and e1 can both go there; write Rac1 or Rec1");
    let three = at("4k3/8/4N3/8/8/5N2/2N5/6K1", 1);
    let sub = v.submit(&three, "White", &[], "Nd4");
    assert_eq!(
        sub.rejected[0].1,
        "Nd4 is ambiguous: the knights on c2, f3 and e6 can all go there; write Ncd4, Nfd4 or Ned4"
    );
}
