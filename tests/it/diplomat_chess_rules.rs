//! Diplomat Chess rules through the public API: notation written and read
//! back for every legal move, the messages a player gets for illegal moves,
//! pawn senses, the suborn options and drops, game ends, and a property
//! test that no text makes the notation reader or the Family panic.

use crate::support::squares;
use chessdip_rules::diplomat_chess::{
    parse_piece, Cell, Colour, DiplomatChessState, EndOfGame, Kind, Move, Position, Rot, Setup, SubornRule, Variant,
};
use chessdip_rules::family::{Family, SlotOrder};
use proptest::prelude::*;
use squares::c;

/// A position from `White: K a1, R e2; Black: K h3`, White to move unless `black` is true.
fn pos(text: &str, black: bool) -> Position {
    let mut setup = Setup { to_move: if black { Colour::Black } else { Colour::White }, ..Setup::default() };
    for part in text.split(';') {
        let (side, pieces) = part.split_once(':').expect("side: pieces");
        let colour = if side.trim() == "White" { Colour::White } else { Colour::Black };
        for p in pieces.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, cell) = parse_piece(p).expect("piece");
            setup.pieces.push((colour, k, cell));
        }
    }
    Position::from_setup(&setup).expect("position")
}

/// The sample game's positions (before each move), and some made-up ones.
fn positions() -> Vec<(Variant, Position)> {
    let v = Variant::default();
    let mut s = DiplomatChessState::start(&v);
    let mut out = vec![(v.clone(), s.position.clone())];
    let game = "d3, k3, e3, l3, Ha3, Dn2, d-4, a3=black, bxa3, a3=black, f-f3, Da2, Dg1, i3, c3, Db3, Kc2, lx4, \
                Dh1, Hj3, Dg2, 4xf3, f3=white, k-4, Df2, c3=black, De2, a2, Bd2, a1, Kb1, 4xe3, Bxe3, i-4, Ka2, \
                Db2, fx4, Hh2, m3, b1=Rook, Bxm2, H4+, Bx4, Rx4+, Kxb1, Da1+, Kc2, d3+, Kd2";
    for m in game.split(", ") {
        let mv = s.position.read_move(&v, m).expect(m);
        s = s.play(&v, mv).next;
        out.push((v.clone(), s.position.clone()));
    }
    out.push((v.clone(), pos("White: K f2, j2, m2, k3, D l2; Black: K d3, R i1, H m1", false)));
    out.push((v.clone(), pos("White: K e1, R 4, R h2; Black: K k1, P k2, B n2, B c2", false)));
    let drop = Variant::with_rule(SubornRule::Drop);
    let mut p = pos("White: K a1, D e2; Black: K k1, R e3, H f3, P d3", false);
    for m in ["e3=white", "Kj1", "f3=w", "Kk1"] {
        let mv = p.read_move(&drop, m).expect(m);
        p = p.play(&drop, mv).0;
    }
    assert_eq!(p.hand(Colour::White), [Kind::Rook, Kind::Horse]);
    out.push((drop, p));
    out
}

#[test]
fn every_legal_move_is_written_and_read_back() {
    let mut total = 0;
    for (v, p) in positions() {
        for mv in p.legal_moves(&v) {
            let text = p.notation(&v, mv);
            assert_eq!(p.read_move(&v, &text), Ok(mv), "{text} in {}", p.key());
            // The from-to forms name the same move.
            if let Move::Step { from, to, promotion } = mv {
                let promo = promotion.map_or(String::new(), |k| format!("={}", k.letter()));
                for t in [format!("{from}-{to}{promo}"), format!("{from}{to}{promo}")] {
                    assert_eq!(p.read_move(&v, &t), Ok(mv), "{t} in {}", p.key());
                }
            }
            total += 1;
        }
    }
    assert!(total > 900, "{total} moves checked");
}

#[test]
fn illegal_moves_say_why() {
    let v = Variant::default();
    let start = Position::start();
    let err = |p: &Position, v: &Variant, t: &str| p.read_move(v, t).expect_err(t).to_string();
    assert_eq!(err(&start, &v, "Hb3"), "the horse on b1 cannot reach b3");
    assert_eq!(err(&start, &v, "Hb1-d2"), "your own pawn stands on d2");
    assert_eq!(err(&start, &v, "Kd2"), "your own pawn stands on d2");
    assert_eq!(
        err(&start, &v, "b4"),
        "cannot read `b4`: there is no cell b4: the crowns are 1-3 and the centre is 4 (write b-4 for a move from radius b to the centre)"
    );
    assert_eq!(err(&start, &v, "b2-z9"), "cannot read `b2-z9`: a move ends in a cell: a1..n3, or 4 for the centre");
    assert_eq!(err(&start, &v, "O-O"), "cannot read `O-O`: there is no castling in Diplomat Chess");
    assert_eq!(err(&start, &v, "Ra3"), "the rook on e1 cannot reach a3");
    assert_eq!(err(&start, &v, "g3"), "none of your pawns can move to g3");
    assert_eq!(err(&start, &v, "k2=white"), "none of your diplomats stands next to k2");
    assert_eq!(err(&start, &v, "e2=white"), "the pawn on e2 is already yours");
    assert_eq!(err(&start, &v, "h3=white"), "there is no enemy piece on h3 to suborn");
    assert_eq!(err(&start, &v, "H@c3"), "pieces are dropped only in games played with suborn=drop");
    assert_eq!(err(&start, &v, "Bc1-d2"), "your own pawn stands on d2");
    assert_eq!(err(&start, &v, "e3-4"), "there is no piece of yours on e3");
    assert_eq!(err(&start, &v, "Rb1-b2"), "the piece on b1 is your horse, not a rook");
    assert_eq!(err(&start, &v, "Rk1-k2"), "there is no piece of yours on k1");
    assert_eq!(err(&start, &v, "Re1-e2"), "your own pawn stands on e2");
    assert_eq!(err(&start, &v, "Rc1-c2"), "the piece on c1 is your bishop, not a rook");
    let p = pos("White: K e2; Black: K k1, D e3", true);
    assert_eq!(err(&p, &v, "e2=black"), "the king cannot be suborned");
    let p = pos("White: K e1, D f2; Black: K k1, R f1, D g2", false);
    assert_eq!(err(&p, &v, "f1=black"), "a suborned piece joins your side: write f1=white");
    assert_eq!(err(&p, &v, "Kd1"), "your king would be in check on d1");
    assert_eq!(err(&p, &v, "Dg2"), "that would leave your king in check", "the rook on f1 gives check");
    let p = pos("White: K a1, j2; Black: K d3", false);
    assert_eq!(err(&p, &v, "j1"), "a pawn reaching j1 promotes: add =R, =B, =H or =D (e.g. j1=R)");
    assert_eq!(err(&p, &v, "j1=K"), "a pawn promotes to a rook, bishop, horse or diplomat, not to a king");
    assert_eq!(err(&p, &v, "k2=R"), "k2 is not a promotion cell for your pawns");
    assert_eq!(err(&p, &v, "j1=x"), "`=x` is neither a colour (white, black) nor a piece (R, B, H, D)");
    assert_eq!(err(&p, &v, "j1=P"), "a pawn promotes to a rook, bishop, horse or diplomat, not to a pawn");
    assert_eq!(
        err(&p, &v, "j1=Queen"),
        "a pawn promotes to a rook, bishop, horse or diplomat, not to a queen (there is none in Diplomat Chess)"
    );
    // Only pawns promote: a piece that can reach the cell is not told it cannot.
    let p = pos("White: K a1, j2, H h2, D i2; Black: K d3", false);
    assert!(p.read_move(&v, "Hj1").is_ok() && p.read_move(&v, "Dj1").is_ok());
    let only = "only a pawn promotes: a horse never does, so write the move without `=`";
    assert_eq!(err(&p, &v, "Hj1=R"), only);
    assert_eq!(err(&p, &v, "h2-j1=R"), only);
    assert_eq!(err(&p, &v, "Dj1=H"), "only a pawn promotes: a diplomat never does, so write the move without `=`");
    assert_eq!(err(&p, &v, "Kb1=R"), "only a pawn promotes: a king never does, so write the move without `=`");
    assert_eq!(err(&p, &v, "j3=R"), "the pawn on j2 cannot reach j3");
    let p = pos("White: K a2, R e1; Black: K h3", false);
    assert_eq!(err(&p, &v, "Re1e1"), "the rook on e1 cannot go round the full circle back to e1");
    let p = pos("White: K a1, H c2, H g2; Black: K k1", false);
    assert_eq!(err(&p, &v, "He3"), "`He3` could mean Hce3 or Hge3: write one of them");
    assert_eq!(p.read_move(&v, "Hce3").map(|m| m.from()), Ok(Some(c("c2"))));
    // `=b` is both a suborn (black) and a bishop promotion here.
    let p = pos("White: K h3, H b1; Black: K k1, D a2, c2", true);
    assert_eq!(err(&p, &v, "b1=b"), "`b1=b` could mean b1=black or cxb1=Bishop: write one of them");
    assert!(p.read_move(&v, "b1=black").is_ok() && p.read_move(&v, "cxb1=B").is_ok());
    let p = pos("White: K a1, R b1, R h1; Black: K k3, P k2", false);
    assert_eq!(p.notation(&v, p.read_move(&v, "Rb-4").expect("Rb-4")), "Rb-4++");
}

#[test]
fn lower_case_piece_letters_are_read_when_nothing_else_fits() {
    let v = Variant::default();
    let start = Position::start();
    assert_eq!(start.read_move(&v, "ha3"), start.read_move(&v, "Ha3"));
    assert_eq!(start.read_move(&v, "ng1"), Err(start.read_move(&v, "Ng1").expect_err("no horse reaches g1")));
    assert_eq!(start.read_move(&v, "Nc3"), start.read_move(&v, "Hc3"));
    // `b3` is the pawn on radius b, not the bishop.
    assert_eq!(start.read_move(&v, "b3").map(|m| m.from()), Ok(Some(c("b2"))));
}

#[test]
fn a_pawn_fixes_its_sense_by_its_first_circular_step_on_d_or_k() {
    let v = Variant::default();
    let p = pos("White: K a1, d2; Black: K k1", false);
    let (next, _) = p.play(&v, p.read_move(&v, "e2").expect("e2"));
    assert_eq!(next.piece(c("e2")).and_then(|x| x.sense), Some(Rot::Ascending));
    // A radial step or a capture fixes nothing.
    let (next, _) = p.play(&v, p.read_move(&v, "d3").expect("d3"));
    assert_eq!(next.piece(c("d3")).and_then(|x| x.sense), None);
    let p = pos("White: K a1, d2; Black: K k1, H c3", false);
    let (next, _) = p.play(&v, p.read_move(&v, "dxc3").expect("dxc3"));
    assert_eq!(next.piece(c("c3")).and_then(|x| x.sense), None);
    // A suborned pawn forgets its sense: it now heads for the other king.
    let mut setup = Setup {
        pieces: vec![
            (Colour::White, Kind::King, c("a1")),
            (Colour::White, Kind::Pawn, c("k2")),
            (Colour::Black, Kind::King, c("g1")),
            (Colour::Black, Kind::Diplomat, c("l2")),
        ],
        to_move: Colour::Black,
        ..Setup::default()
    };
    setup.senses.push((c("k2"), Rot::Ascending));
    let p = Position::from_setup(&setup).expect("setup");
    let (next, _) = p.play(&v, p.read_move(&v, "k2=black").expect("suborn"));
    assert_eq!(next.piece(c("k2")).map(|x| (x.colour, x.sense)), Some((Colour::Black, None)));
}

#[test]
fn suborn_options() {
    let text = "White: K a1, D e2; Black: K k1, R e3";
    for (rule, on_board, hand) in [
        (SubornRule::Convert, Some(Colour::White), vec![]),
        (SubornRule::Remove, None, vec![]),
        (SubornRule::Drop, None, vec![Kind::Rook]),
    ] {
        let v = Variant::with_rule(rule);
        let p = pos(text, false);
        let (next, fx) = p.play(&v, p.read_move(&v, "e3=white").expect("suborn"));
        assert_eq!(next.piece(c("e3")).map(|x| x.colour), on_board, "{rule}");
        assert_eq!(next.hand(Colour::White), hand.as_slice(), "{rule}");
        assert_eq!(next.piece(c("e2")).map(|x| x.kind), Some(Kind::Diplomat), "the diplomat stays");
        assert_eq!(fx.suborned.map(|x| (x.colour, x.kind)), Some((Colour::Black, Kind::Rook)));
    }
    // A pawn that changes sides on a promotion cell of its new side stays a pawn until it moves.
    let v = Variant::default();
    let p = pos("White: K a1, D k2; Black: K e3, j1", false);
    let (next, _) = p.play(&v, p.read_move(&v, "j1=white").expect("suborn"));
    assert_eq!(next.piece(c("j1")).map(|x| (x.colour, x.kind)), Some((Colour::White, Kind::Pawn)));
    // The suborned piece goes to the hand as what it is (here suborning the piece that gives check).
    let v = Variant::with_rule(SubornRule::Drop);
    let p = pos("White: K a1, D c2; Black: K k1, R c1", false);
    let (next, _) = p.play(&v, p.read_move(&v, "c1=w").expect("suborn"));
    assert_eq!(next.hand(Colour::White), [Kind::Rook]);
    // Dropped pieces come back as moves of their own; a drop may not check.
    let drops = next.legal_moves(&v).into_iter().filter(|m| matches!(m, Move::Drop { .. })).count();
    assert_eq!(drops, 0, "Black to move has nothing in hand");
}

#[test]
fn drops_follow_the_four_rules() {
    let v = Variant::with_rule(SubornRule::Drop);
    let mut setup = Setup {
        pieces: vec![(Colour::White, Kind::King, c("a1")), (Colour::Black, Kind::King, c("k1"))],
        ..Setup::default()
    };
    setup.hands.white = vec![Kind::Pawn, Kind::Rook];
    let p = Position::from_setup(&setup).expect("setup");
    let drops: Vec<Move> = p.legal_moves(&v).into_iter().filter(|m| matches!(m, Move::Drop { .. })).collect();
    let pawn_cells: Vec<Cell> = drops
        .iter()
        .filter_map(|m| if let Move::Drop { kind: Kind::Pawn, to } = *m { Some(to) } else { None })
        .collect();
    // 43 cells, minus the centre and the two kings' cells (40); pawns not on i1 j1 l1 m1, nor
    // on j2 or l2, where they would check the king on k1.
    assert_eq!(pawn_cells.len(), 40 - 4 - 2);
    // A rook not on crown 1 (12 cells, d1 among them), k2 k3, nor d2 d3 (the line through the centre).
    assert_eq!(drops.len() - pawn_cells.len(), 40 - 12 - 2 - 2);
    assert!(drops.iter().all(|m| m.to() != Cell::CENTRE));
    for m in &drops {
        let (next, _) = p.play(&v, *m);
        assert!(!next.in_check(Colour::Black), "{m:?} checks");
    }
}

#[test]
fn pieces_in_hand_are_not_bare_kings() {
    let v = Variant::with_rule(SubornRule::Drop);
    let p = pos("White: K a1, D b2; Black: K k1, H b3", false);
    let s = DiplomatChessState::new(&v, p, 1);
    let mv = s.position.read_move(&v, "b3=w").expect("suborn");
    let t = s.play(&v, mv);
    assert!(t.next.position.pieces().any(|(_, x)| x.kind == Kind::Diplomat));
    assert_eq!(t.next.outcome, None);
    // Without the diplomat the hand still counts.
    let mut setup = Setup {
        pieces: vec![(Colour::White, Kind::King, c("a1")), (Colour::Black, Kind::King, c("k1"))],
        ..Setup::default()
    };
    setup.hands.white = vec![Kind::Horse];
    let p = Position::from_setup(&setup).expect("setup");
    assert!(!p.bare_kings());
    assert_eq!(DiplomatChessState::new(&v, p, 1).outcome, None);
}

#[test]
fn stalemate_is_a_win_and_mate_too() {
    let v = Variant::default();
    let p = pos("White: K d1, R c3, H h3; Black: K h1", false);
    let s = DiplomatChessState::new(&v, p, 30);
    let t = s.play(&v, s.position.read_move(&v, "Rc2").expect("Rc2"));
    assert_eq!(t.next.outcome, Some(EndOfGame::Stalemate { winner: Colour::White }));
    assert_eq!(t.notation, "Rc2", "a stalemate is not marked as check");
    assert_eq!(v.phase(&t.next).owing, Vec::<String>::new());
    assert_eq!(v.phase(&t.next).name, "Game over after move 30");
    assert!(t.next.transcript().ends_with("30. Rc2\nStalemate: White wins"), "{}", t.next.transcript());
}

#[test]
fn threefold_repetition_through_the_family() {
    let v = Variant::default();
    let mut s = v.start(&[]).expect("start");
    for m in ["Hc3", "Hj3", "Hb1", "Hi1", "Hc3", "Hj3", "Hb1", "Hi1"] {
        let side = s.to_move().name().to_string();
        let sub = v.submit(&s, &side, &[], m);
        assert!(sub.rejected.is_empty(), "{m}: {:?}", sub.rejected);
        s = v.resolve(&s, &[(side, sub.orders)]).next;
    }
    assert_eq!(s.outcome, Some(EndOfGame::Repetition));
    assert_eq!(v.result(&s).to_string(), "draw (threefold repetition)");
    assert!(v.submit(&s, "White", &[], "Hc3").rejected[0].1.starts_with("the game is over"));
}

#[test]
fn resolution_reports_captures_suborns_and_check() {
    let v = Variant::default();
    let p = pos("White: K a1, D e2, R n3; Black: K k1, R e3, P a3", false);
    let s = DiplomatChessState::new(&v, p, 7);
    let r = v.resolve(&s, &[("White".into(), vec![SlotOrder::new("move", "e3=white")])]);
    assert_eq!(r.changes, ["R e3 suborned by D e2: now White's"]);
    assert_eq!(r.report.suborned.map(|(cell, x)| (cell, x.colour)), Some((c("e3"), Colour::Black)));
    assert!(r.summary.starts_with("7. e3=white (White: diplomat e2 suborns the rook on e3)"), "{}", r.summary);
    let r = v.resolve(&s, &[("White".into(), vec![SlotOrder::new("move", "Rxa3")])]);
    assert_eq!(r.removed, ["P a3 (Black, captured by R n3)"]);
    assert_eq!(r.report.path, [c("n3"), c("a3")]);
    let p = pos("White: K a1, R e1; Black: K m2", false);
    let s = DiplomatChessState::new(&v, p, 3);
    let r = v.resolve(&s, &[("White".into(), vec![SlotOrder::new("move", "Rl2")])]);
    assert_eq!(r.report.check, Some(c("m2")));
    assert_eq!(r.report.notation.as_deref(), Some("Rl2+"));
    assert_eq!(r.report.path.len(), 6, "e1 e2 e3 4 l3 l2");
    assert!(r.summary.contains("Black is in check."));
    assert_eq!(v.standing(&r.next, "Black"), "to move, in check, 1 piece");
}

static POSITIONS: std::sync::LazyLock<Vec<(Variant, Position)>> = std::sync::LazyLock::new(positions);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// No text makes reading a move panic, in any position of the list.
    #[test]
    fn reading_never_panics(text in "\\PC{0,24}", k in 0usize..60) {
        let all = &*POSITIONS;
        let (v, p) = &all[k % all.len()];
        let _ = p.read_move(v, &text);
    }

    /// Nor do texts made of the notation's own characters, through the Family.
    #[test]
    fn submitting_never_panics(text in "[a-nA-Z0-9=x@*+#:. -]{0,12}", k in 0usize..60) {
        let all = &*POSITIONS;
        let (v, p) = &all[k % all.len()];
        let s = DiplomatChessState::new(v, p.clone(), 5);
        let side = s.to_move().name().to_string();
        let sub = v.submit(&s, &side, &[], &text);
        prop_assert!(sub.accepted.len() + sub.rejected.len() == 1);
        let r = v.resolve(&s, &[(side, sub.orders)]);
        prop_assert!(r.outcomes.len() <= 1);
    }
}
