//! Chess Wheel+ through its public API: addresses, reach across the hub, the
//! message grammar, a parser that never panics, and three players driven
//! through the `Family` surface cycle by cycle to a win.

use std::collections::BTreeMap;

use chessdip_rules::chess_wheel::{self, parse_move, BoardAction, Move, Piece, Space, State, Variant};
use chessdip_rules::family::{Family, GameResult, PhaseKind, Seats, SlotOrder};
use chessdip_rules::Role;
use proptest::prelude::*;

fn variant() -> Variant {
    chess_wheel::new(&BTreeMap::new()).expect("no options")
}

fn names(n: &[&str]) -> Vec<String> {
    n.iter().map(|s| s.to_string()).collect()
}

/// A game where every player has created and populated their board.
fn populated(players: &[&str]) -> State {
    let v = variant();
    let mut s = v.start(&names(players)).expect("start");
    for p in players {
        s = v.act(&s, p, BoardAction::Create).expect("create").0;
        s = v.act(&s, p, BoardAction::Populate).expect("populate").0;
    }
    s
}

fn space(s: &State, board: &str, sq: &str) -> Space {
    let b: Vec<u8> = sq.bytes().collect();
    Space::on(s.seat(board).expect("board"), b[0] - b'a', b[1] - b'1').expect("space")
}

#[test]
fn variant_surface() {
    let v = variant();
    assert_eq!((v.id(), Family::name(&v)), ("chess-wheel", "Chess Wheel+"));
    assert_eq!(v.seats(), Seats::Open { min: 2, max: 12 });
    assert!(v.start(&names(&["Ann"])).unwrap_err().contains("2 to 12 players"));
    assert!(v.start(&names(&["Ann", "ann"])).unwrap_err().contains("two players are called"));
    assert!(v.start(&names(&["Ann", "B{o}"])).unwrap_err().contains("braces"));
    let s = v.start(&names(&["Ann", "Bo"])).expect("start");
    let ph = v.phase(&s);
    assert_eq!(ph.name, "Cycle 1");
    assert_eq!(ph.kind, PhaseKind::Movement);
    assert_eq!(ph.owing, names(&["Ann", "Bo"]));
    assert!(!ph.resolve_on_submit);
    let help = v.order_help();
    println!("{help}");
    assert!(help.contains("{Ann}d8 = {Bo}d8") && help.contains("at most 3 moves") && help.contains("`board populate`"));
    assert!(help.lines().any(|l| l.trim_start().starts_with("N {Bo}g1 x {Bo}f3")), "{help}");
}

#[test]
fn addresses_are_read_and_explained() {
    let v = variant();
    let s = populated(&["Ann", "Bo"]);
    // Explicit boards, any case; the hub written with a board is the hub.
    let sub = v.submit(&s, "Ann", &[], "Q {ann}d1 - {BO}d8");
    assert_eq!(sub.orders, vec![SlotOrder::new("1", "Q {Ann}d1 - d8")]);
    assert!(sub.notes.iter().any(|n| n.contains("rank 8 is the hub")), "{:?}", sub.notes);
    // Bare spaces: the player's own board.
    let sub = v.submit(&s, "Bo", &[], "e2 - e3");
    assert_eq!(sub.orders, vec![SlotOrder::new("1", "P {Bo}e2 - {Bo}e3")]);
    assert!(sub.notes.iter().any(|n| n.contains("read as `P {Bo}e2 - {Bo}e3`") && n.contains("your board")));
    assert!(sub.notes.iter().any(|n| n == "Movement power used: 1 of 3."));
    // A bare destination of a piece on another board is on that board.
    let mut s2 = s.clone();
    let g1 = space(&s2, "Bo", "g1");
    s2.pieces.retain(|p| p.space != g1);
    let knight = s2.pieces.iter_mut().find(|p| p.space == space(&s, "Ann", "g1")).expect("knight");
    knight.space = g1;
    s2.pieces.sort_by_key(|p| p.space);
    let sub = v.submit(&s2, "Ann", &[], "{Bo}g1 - f3");
    assert_eq!(sub.orders, vec![SlotOrder::new("1", "N {Bo}g1 - {Bo}f3")]);
    assert!(sub.notes.iter().any(|n| n.contains("on Bo's board, where the piece stands")), "{:?}", sub.notes);
    // Unknown boards are named; a bare space without a board of one's own is refused with an example.
    let sub = v.submit(&s, "Ann", &[], "Q {Zed}d1 - d2");
    assert!(sub.orders.is_empty());
    assert!(sub.rejected[0].1.contains("there is no board `Zed`"), "{:?}", sub.rejected);
    let mut s3 = v.start(&names(&["Ann", "Bo", "Cy"])).expect("start");
    s3 = v.act(&s3, "Bo", BoardAction::Create).expect("create").0;
    s3 = v.act(&s3, "Bo", BoardAction::Populate).expect("populate").0;
    // Cy has no board yet but may still create and populate it this cycle:
    // the move is kept and judged when the cycle resolves.
    let sub = v.submit(&s3, "Cy", &[], "e2 - e3");
    assert!(sub.rejected.is_empty() && sub.invalid.is_none(), "{sub:?}");
    assert_eq!(sub.orders, vec![SlotOrder::new("1", "P {Cy}e2 - {Cy}e3")]);
    // Kept for the record of the reveal, which everyone reads: third person.
    assert!(sub.pending[0].contains("written in braces, e.g. `{Bo}e2`"), "{:?}", sub.pending);
    assert!(sub.pending[0].contains("if Cy creates and populates their board"), "{:?}", sub.pending);
    assert!(!sub.pending[0].contains("you"), "{:?}", sub.pending);
    // Another player's piece can never become Cy's: invalid at once, whatever happens.
    let sub = v.submit(&s3, "Cy", &[], "{Bo}e2 - {Bo}e3");
    assert!(sub.orders.is_empty() && sub.invalid.as_deref().is_some_and(|w| w.contains("is not Cy's")), "{sub:?}");
    assert!(sub.rejected[0].1.contains("not yours"), "the player's own reply says you: {sub:?}");
}

#[test]
fn reach_across_the_hub() {
    let s = populated(&["Ann", "Bo", "Cy"]);
    let a = |sq: &str| space(&s, "Ann", sq);
    let b = |sq: &str| space(&s, "Bo", sq);
    let c = |sq: &str| space(&s, "Cy", sq);
    assert_eq!(a("d8"), c("d8"));
    assert!(chess_wheel::reach(Role::Queen, a("d1"), b("d8")).is_ok());
    assert!(chess_wheel::reach(Role::Queen, b("d8"), c("h4")).is_ok());
    assert!(chess_wheel::reach(Role::Knight, a("c7"), b("e8")).is_ok());
    assert!(chess_wheel::reach(Role::Knight, a("e8"), c("d6")).is_ok());
    assert!(chess_wheel::reach(Role::Pawn, c("f8"), b("f7")).is_ok());
    assert!(chess_wheel::reach(Role::Rook, a("a1"), b("a1")).is_err());
    assert!(chess_wheel::reach(Role::Bishop, a("e7"), b("d7")).is_err());
}

#[test]
fn message_grammar() {
    for t in ["Q {Ann}d1 - {Ann}d8", "{Ann}e2 - {Ann}e3", "N {Bo}g1 x {Bo}f3", "Qd1-d8", "e2 e3", "b1 - b2", "Bb1xc2"] {
        assert!(parse_move(t).is_ok(), "{t}");
    }
    for t in ["", "Q", "Q d1", "Q d1 -", "Q d1 - d9", "Q d1 - j1", "Q {Ann d1 - d2", "Q d1 - d2 d3", "castle"] {
        assert!(parse_move(t).is_err(), "{t}");
    }
    let v = variant();
    let s = populated(&["Ann", "Bo"]);
    // Lines, semicolons and commas separate moves; `#` lines are comments.
    let sub = v.submit(&s, "Ann", &[], "# salt 8f2c\nQ d1 - d8; N g1 - f3,\n\n e2 - e3\n");
    assert_eq!(sub.orders.len(), 3);
    assert_eq!(sub.orders[2], SlotOrder::new("3", "P {Ann}e2 - {Ann}e3"));
    assert_eq!(sub.accepted, names(&["Q d1 - d8", "N g1 - f3", "e2 - e3"]));
    // Four moves: invalid as a whole; every move is rejected with the reason.
    let sub = v.submit(&s, "Ann", &[], "a2-a3\nb2-b3\nc2-c3\nd2-d3");
    assert!(sub.orders.is_empty());
    assert_eq!(sub.rejected.len(), 4);
    assert!(sub.rejected.iter().all(|(_, why)| why.contains("4 moves, more than the movement power of 3")));
    // An empty message: no moves, not an error.
    let sub = v.submit(&s, "Ann", &[], "# only salt\n");
    assert!(sub.orders.is_empty() && sub.rejected.is_empty());
    assert!(sub.notes[0].contains("no moves"));
}

#[test]
fn a_taken_piece_names_its_owner_and_the_owner_of_the_piece_that_took_it() {
    let v = variant();
    let mut s = v.start(&names(&["Ann", "Bo"])).expect("start");
    for p in ["Ann", "Bo"] {
        s = v.act(&s, p, BoardAction::Create).expect("create").0;
        s = v.act(&s, p, BoardAction::Populate).expect("populate").0;
    }
    let ann = v.submit(&s, "Ann", &[], "Q d1 - d8");
    s = v.resolve(&s, &[("Ann".to_string(), ann.orders)]).next;
    // On Bo's board, Ann's queen takes Bo's queen: the space is Bo's, the taker Ann's.
    let ann = v.submit(&s, "Ann", &[], "Q d8 x {Bo}d1");
    assert_eq!(ann.orders.len(), 1, "{:?}", ann.rejected);
    let r = v.resolve(&s, &[("Ann".to_string(), ann.orders)]);
    assert_eq!(r.removed, ["Bo's Q {Bo}d1 (taken by Ann's Q d8)"], "{}", r.summary);
    assert!(r.summary.contains("Taken: Bo's Q {Bo}d1 (taken by Ann's Q d8)"), "{}", r.summary);
}

#[test]
fn three_players_to_a_win() {
    let v = variant();
    let mut s = v.start(&names(&["Ann", "Bo", "Cy"])).expect("start");
    // Before any board exists a message can only wait for the boards to be made.
    let sub = v.submit(&s, "Ann", &[], "Q d1 - d8");
    assert_eq!(sub.orders.len(), 1);
    assert!(sub.pending[0].contains("Ann creates and populates their board"), "{:?}", sub.pending);
    for p in ["Ann", "Bo", "Cy"] {
        assert!(v.act(&s, p, BoardAction::Populate).unwrap_err().contains("`board create` makes it first"));
        s = v.act(&s, p, BoardAction::Create).expect("create").0;
        assert!(v
            .act(&s, p, BoardAction::Create)
            .unwrap_err()
            .starts_with("you already created your board this cycle"));
        s = v.act(&s, p, BoardAction::Populate).expect("populate").0;
    }
    assert_eq!(v.standing(&s, "Bo"), "board: {Bo}, populated this cycle; pieces: 16, king on {Bo}e1");
    assert_eq!(v.result(&s), GameResult::Ongoing);

    // Cycle 1: Ann brings her queen and rook to the hub; Bo orders Ann's pawn
    // (invalid as a whole); Cy sends four moves (invalid as a whole).
    let ann = v.submit(&s, "Ann", &[], "Q d1 - d8\nR a1 - a8");
    assert_eq!(ann.orders.len(), 2);
    let bo = v.submit(&s, "Bo", &[], "N b1 - c3\n{Ann}e2 - {Ann}e3");
    assert!(bo.orders.is_empty());
    assert!(bo.rejected[1].1.contains("Ann's pawn on {Ann}e2 is not yours"), "{:?}", bo.rejected);
    // The good line is not blamed with the bad line's reason: it says why it does not run.
    assert_eq!(
        bo.rejected[0].1,
        "fine in itself, but another move makes the message invalid as a whole, so it does not run"
    );
    // What everyone reads (the reveal's record) says who, not "you".
    assert_eq!(
        bo.invalid.as_deref(),
        Some("move 2 (`{Ann}e2 - {Ann}e3`): Ann's pawn on {Ann}e2 is not Bo's: a player moves only their own pieces")
    );
    let cy = v.submit(&s, "Cy", &[], "a2-a3\nb2-b3\nc2-c3\nd2-d3");
    assert!(cy.orders.is_empty());
    let d = v.describe(&s, "Ann", &ann.orders);
    assert!(d.contains("movement power used: 2 of 3") && d.contains("1. Q {Ann}d1 - d8"), "{d}");
    assert!(d.ends_with("Board: {Ann}, populated this cycle.\nPieces: 16, king on {Ann}e1."), "{d}");
    let orders = vec![("Ann".to_string(), ann.orders), ("Bo".to_string(), bo.orders), ("Cy".to_string(), cy.orders)];
    let r = v.resolve(&s, &orders);
    assert_eq!(r.outcomes.len(), 2);
    assert!(r.outcomes.iter().all(|o| o.succeeded && o.power == "Ann"));
    assert!(r.summary.contains("Cycle 2 begins"), "{}", r.summary);
    s = r.next;
    assert_eq!(v.phase(&s).name, "Cycle 2");
    // A new cycle: populating again replenishes the emptied d1 and a1.
    let (s2, text) = v.act(&s, "Ann", BoardAction::Populate).expect("replenish");
    assert!(text.starts_with("Ann placed 2 pieces on {Ann}; skipped 14 occupied spaces"), "{text}");
    s = s2;

    // Cycle 2: the queen goes down Bo's board, the rook along the hub.
    let ann = v.submit(&s, "Ann", &[], "Q d8 - {Bo}h4\nR a8 - e8");
    assert_eq!(ann.orders.len(), 2, "{:?}", ann.rejected);
    let r = v.resolve(&s, &[("Ann".to_string(), ann.orders)]);
    assert!(r.outcomes.iter().all(|o| o.succeeded), "{:?}", r.outcomes);
    s = r.next;
    assert_eq!(v.result(&s), GameResult::Ongoing);

    // Cycle 3: both kings taken; Bo's answer fails (out of range). Ann wins.
    let ann = v.submit(&s, "Ann", &[], "Q {Bo}h4 x {Bo}e1\nR e8 x {Cy}e1");
    let bo = v.submit(&s, "Bo", &[], "K e1 - e3");
    assert_eq!(bo.orders.len(), 1);
    let r = v.resolve(&s, &[("Bo".to_string(), bo.orders), ("Ann".to_string(), ann.orders)]);
    // Outcomes in seat order.
    assert_eq!(r.outcomes.iter().map(|o| o.power.as_str()).collect::<Vec<_>>(), vec!["Ann", "Ann", "Bo"]);
    assert!(!r.outcomes[2].succeeded && r.outcomes[2].reason.contains("out of range"));
    assert_eq!(r.removed.len(), 2);
    assert_eq!(r.removed, ["Bo's K {Bo}e1 (taken by Ann's Q {Bo}h4)", "Cy's K {Cy}e1 (taken by Ann's R e8)"]);
    assert!(r.summary.contains("Ann wins"), "{}", r.summary);
    assert_eq!(r.report.taken.len(), 2);
    s = r.next;
    assert!(matches!(v.result(&s), GameResult::Won { ref winner, .. } if winner == "Ann"));
    assert!(v.alive(&s, "Ann") && !v.alive(&s, "Bo"));
    assert!(v.phase(&s).owing.is_empty());
    assert_eq!(v.standing(&s, "Bo"), "board: {Bo}; pieces: 15, no king");
    assert!(v.act(&s, "Bo", BoardAction::Populate).unwrap_err().contains("the game is over"));
    let late = v.submit(&s, "Ann", &[], "K e1 - e2");
    assert!(late.orders.is_empty() && late.rejected[0].1.contains("the game is over"));
}

#[test]
fn state_round_trips_as_json() {
    let s = populated(&["Ann", "Bo"]);
    let json = serde_json::to_string(&s).expect("json");
    let back: State = serde_json::from_str(&json).expect("parses");
    assert_eq!(back, s);
}

proptest! {
    #[test]
    fn parsing_never_panics(text in "\\PC{0,60}") {
        let _ = parse_move(&text);
        let _ = chess_wheel::split_message(&text);
        let _ = BoardAction::parse(&text);
    }

    #[test]
    fn submitting_never_panics(
        lines in proptest::collection::vec(
            proptest::collection::vec(
                prop_oneof![
                    "[KQRBNPkqrbnpx]", "[a-j][0-9]{1,2}", Just("{Ann}".to_string()), Just("{bo}".to_string()),
                    Just("{Zed}".to_string()), Just("{".to_string()), Just("}".to_string()), Just("-".to_string()),
                    Just(" ".to_string()), Just(",".to_string()), Just("#".to_string()), "\\PC{0,3}",
                ],
                0..8,
            ),
            0..6,
        ),
    ) {
        let v = variant();
        let s = populated(&["Ann", "Bo"]);
        let text = lines.iter().map(|l| l.concat()).collect::<Vec<_>>().join("\n");
        let sub = v.submit(&s, "Ann", &[], &text);
        // Valid or invalid as a whole: never both orders and rejections.
        prop_assert!(sub.orders.is_empty() || sub.rejected.is_empty());
        prop_assert!(sub.orders.len() <= 3);
        let r = v.resolve(&s, &[("Ann".to_string(), sub.orders)]);
        prop_assert!(r.next.pieces.len() <= s.pieces.len());
    }
}

/// A random position of three players (all boards exist) and at most one
/// move per piece to any space: (piece spaces as indexes, roles, owners), targets.
type Cycle = (Vec<(usize, u8, u8)>, Vec<(usize, usize)>);

fn random_cycle() -> impl Strategy<Value = Cycle> {
    // 3 boards x 56 spaces + 8 hub spaces = 176 spaces.
    (
        proptest::collection::vec((0usize..176, 0u8..6, 0u8..3), 1..40),
        proptest::collection::vec((0usize..40, 0usize..176), 0..40),
    )
}

fn space_of(i: usize) -> Space {
    if i >= 168 {
        Space::Hub { file: (i - 168) as u8 }
    } else {
        Space::Board { board: (i / 56) as u8, file: (i % 8) as u8, rank: ((i % 56) / 8) as u8 }
    }
}

proptest! {
    #[test]
    fn resolution_is_order_independent_and_keeps_one_piece_per_space((pieces, targets) in random_cycle()) {
        let mut s = State::new(&names(&["Ann", "Bo", "Cy"]), 2, 12).expect("state");
        s.boards = [0, 1, 2].into();
        for (i, role, owner) in pieces {
            let space = space_of(i);
            if s.pieces.iter().all(|p| p.space != space) {
                s.pieces.push(Piece { owner, role: Role::ALL[usize::from(role)], space });
            }
        }
        let s = s.checked().expect("valid");
        let mut moves = Vec::new();
        for (k, t) in targets {
            let Some(&piece) = s.pieces.get(k % s.pieces.len()) else { continue };
            if moves.iter().any(|(_, _, _, m): &(u8, usize, String, Move)| m.piece.space == piece.space) {
                continue;
            }
            moves.push((piece.owner, moves.len(), String::new(), Move { piece, to: space_of(t), take: false }));
        }
        let (a, ra, ta) = chess_wheel::resolve_moves(&s, &moves);
        let mut reversed = moves.clone();
        reversed.reverse();
        let (b, rb, tb) = chess_wheel::resolve_moves(&s, &reversed);
        prop_assert_eq!(&a.pieces, &b.pieces);
        for r in &ra {
            let other = rb.iter().find(|x| x.order == r.order).expect("same move");
            prop_assert_eq!(r.outcome, other.outcome);
        }
        prop_assert_eq!(ta.len(), tb.len());
        prop_assert_eq!(a.pieces.len() + ta.len(), s.pieces.len());
        prop_assert!(a.clone().checked().is_ok(), "two pieces on one space");
    }
}
