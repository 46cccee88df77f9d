//! The seed's sample game of Diplomat Chess, replayed move by move through
//! the rules (`tests/data/diplomat-sample-game.txt`): every move is
//! accepted, written back exactly as the seed writes it, and the comments'
//! claims hold.

use crate::support::diplomat_sample;
use crate::support::squares;
use diplomat_sample::sample_game;
use squares::c;

use chessdip_rules::diplomat_chess::{
    Cell, Colour, DiplomatChessState, EndOfGame, IllegalMove, Kind, MoveError, Variant,
};
use chessdip_rules::family::{Family, GameResult};

/// The states before each move (index i: before the i-th move) and the final one.
fn replay() -> (Vec<DiplomatChessState>, DiplomatChessState) {
    let v = Variant::default();
    let mut s = DiplomatChessState::start(&v);
    let mut before = Vec::new();
    for (i, text) in sample_game().iter().enumerate() {
        let mv = s.position.read_move(&v, text).unwrap_or_else(|e| panic!("move {} `{text}`: {e}", i + 1));
        let turn = s.play(&v, mv);
        // The seed writes 6. f-f3 where a bare f3 already means the f-pawn (its
        // e3, l3 and m3 are bare too though another pawn could step there
        // circularly); everything else is written exactly as the seed writes it.
        let written = if text == "f-f3" { "f3" } else { text.as_str() };
        assert_eq!(turn.notation, written, "move {} is written as the seed writes it", i + 1);
        before.push(s);
        s = turn.next;
    }
    (before, s)
}

/// The state before move `n` of `colour` (1-based, as numbered in the game).
fn before(states: &[DiplomatChessState], n: u32, colour: Colour) -> &DiplomatChessState {
    states.iter().find(|s| s.number == n && s.to_move() == colour).expect("that move is in the game")
}

#[test]
fn the_game_has_fifty_moves_and_ends_in_checkmate() {
    assert_eq!(sample_game().len(), 50);
    let (_, end) = replay();
    assert_eq!(end.outcome, Some(EndOfGame::Checkmate { winner: Colour::Black }));
    let v = Variant::default();
    assert_eq!(v.result(&end), GameResult::Won { winner: "Black".into(), how: "by checkmate".into() });
    let t = end.transcript();
    assert!(t.starts_with("1. d3, k3\n2. e3, l3\n3. Ha3, Dn2\n4. d-4, a3=black"), "{t}");
    assert!(t.contains("\n9. Kc2, lx4\n"), "{t}");
    assert!(t.ends_with("25. Kd2, dxe2++\nCheckmate: Black wins"), "{t}");
    // The state survives storage as JSON.
    let json = serde_json::to_string(&end).expect("json");
    let back: DiplomatChessState = serde_json::from_str(&json).expect("parse");
    assert_eq!(back, end);
    assert!(json.len() < 20_000, "{} bytes", json.len());
}

#[test]
fn the_diplomat_keeps_control_of_a3() {
    let v = Variant::default();
    let (states, _) = replay();
    // 4. ... a3=black turned the white horse; 5. ... a3=black turns the capturing pawn.
    let s = before(&states, 6, Colour::White);
    let p = s.position.piece(c("a3")).expect("a piece on a3");
    assert_eq!((p.colour, p.kind), (Colour::Black, Kind::Pawn));
    // The comment on move 6 ("If 6. Bxf3, then 6. ..., f3=black") names no
    // possible move: f3 is empty before White's 6th move, and the nearest
    // reading, Bxa3, is illegal: since 3. ... Dn2 the rook on l1 pins the
    // bishop on c1 along crown 1. Both are refused, with the reason.
    assert!(s.position.read_move(&v, "Bxf3").is_err());
    assert_eq!(s.position.read_move(&v, "Bxa3"), Err(MoveError::Illegal(IllegalMove::KingInCheck)));
    assert!(s.position.attacks(c("l1"), c("c1")), "the rook on l1 sees the bishop, and the king behind it");
}

#[test]
fn the_king_is_immune_to_suborn() {
    let v = Variant::default();
    let (states, _) = replay();
    let s = before(&states, 9, Colour::Black);
    assert!(c("b3").touches(c("c2")), "the black diplomat stands next to the king");
    for text in ["c2=black", "c2=b", "Dxc2", "Db3-c2"] {
        assert_eq!(s.position.read_move(&v, text), Err(MoveError::Illegal(IllegalMove::KingImmune)), "{text}");
    }
}

#[test]
fn the_black_bishop_is_pinned_after_move_11() {
    let v = Variant::default();
    let (states, _) = replay();
    let s = before(&states, 11, Colour::Black);
    let bishop_moves = |legal: bool| {
        let all = if legal { s.position.legal_moves(&v) } else { s.position.pseudo_moves(&v) };
        all.into_iter().filter(|m| m.from() == Some(c("j1"))).count()
    };
    assert!(bishop_moves(false) > 0, "the bishop has moves on an open board");
    assert_eq!(bishop_moves(true), 0, "but each exposes the king to the rook on e1");
    assert!(s.position.attacks(c("e1"), c("j1")));
    assert_eq!(s.position.read_move(&v, "Bk2"), Err(MoveError::Illegal(IllegalMove::KingInCheck)));
}

#[test]
fn the_comments_on_moves_13_to_20_hold() {
    let v = Variant::default();
    let (states, _) = replay();
    // 13: white pieces dare not capture on the centre: the diplomat on b3 would suborn the capturer.
    let s = before(&states, 13, Colour::White);
    let next = s.play(&v, s.position.read_move(&v, "ex4").expect("ex4 is legal")).next;
    assert!(next.position.read_move(&v, "4=black").is_ok());
    // 16. Kb1 stops the pawn on a1 from promoting on b1.
    let s = before(&states, 16, Colour::Black);
    assert!(s.position.legal_moves(&v).iter().all(|m| m.from() != Some(c("a1"))));
    // 18: the pawn on a1 is protected by the rook on l1.
    let s = before(&states, 18, Colour::Black);
    assert!(s.position.attacks(c("l1"), c("a1")));
    // 19. fx4: the black diplomat (now on b2) no longer controls the centre.
    let s = before(&states, 19, Colour::White);
    assert!(!c("b2").touches(Cell::CENTRE));
    // 20 ... b1=Rook: a second black rook; both rooks guarded by their diplomats.
    let s21 = before(&states, 21, Colour::White);
    let rook = s21.position.piece(c("b1")).expect("b1");
    assert_eq!((rook.colour, rook.kind), (Colour::Black, Kind::Rook));
    assert!(c("b2").touches(c("b1")) && c("e2").touches(c("e1")));
    let _ = s;
}

#[test]
fn the_only_replies_are_the_only_replies() {
    let v = Variant::default();
    let (states, _) = replay();
    let only = |n: u32| {
        let s = before(&states, n, Colour::White);
        let legal = s.position.legal_moves(&v);
        let mut names: Vec<String> = legal.iter().map(|&m| s.position.notation(&v, m)).collect();
        names.sort();
        names
    };
    // After 21 ... H4+ the only possibility is 22. Bx4.
    assert_eq!(only(22), ["Bx4"]);
    // After 22 ... Rx4+ the only escape is 23. Kxb1.
    assert_eq!(only(23), ["Kxb1"]);
    // After 24 ... d3+ the other possibility was Kd1.
    assert_eq!(only(25), ["Kd1", "Kd2"]);
}
