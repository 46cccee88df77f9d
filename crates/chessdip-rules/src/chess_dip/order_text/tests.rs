//! Orders read in every spelling, and errors that say what was wrong.

use super::*;
use crate::square::Board;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}
fn mv(text: &str) -> Result<OrderText, ParseError> {
    parse(Board::MAX, text, Context::Movement)
}
fn adj(text: &str) -> Result<OrderText, ParseError> {
    parse(Board::MAX, text, Context::Adjustment)
}
fn piece(role: Option<Role>, s: &str, action: ActionText) -> OrderText {
    OrderText::Piece { role, square: sq(s), action }
}

#[test]
fn moves_in_every_spelling() {
    let want = piece(Some(Role::King), "e1", ActionText::Move { to: sq("e2"), code: MoveCode::Plain });
    for t in ["K e1 - e2", "Ke1-e2", "Ke1 e2", "k E1 -> E2", "K e1 to e2", "K e1 moves to e2", "  K e1 – e2 "] {
        assert_eq!(mv(t), Ok(want), "{t}");
    }
    assert_eq!(mv("e2-e4"), Ok(piece(None, "e2", ActionText::Move { to: sq("e4"), code: MoveCode::Plain })));
    assert_eq!(mv("e4xd5"), Ok(piece(None, "e4", ActionText::Move { to: sq("d5"), code: MoveCode::Capture })));
    assert_eq!(
        mv("Bb1-c2"),
        Ok(piece(Some(Role::Bishop), "b1", ActionText::Move { to: sq("c2"), code: MoveCode::Plain }))
    );
}

#[test]
fn holds_and_supports() {
    assert_eq!(mv("K d1 H"), Ok(piece(Some(Role::King), "d1", ActionText::Hold)));
    assert_eq!(mv("K d1 holds"), Ok(piece(Some(Role::King), "d1", ActionText::Hold)));
    let sup = |role| {
        piece(
            Some(Role::Knight),
            "g1",
            ActionText::Support {
                role,
                square: sq("e1"),
                direct: DirectText::Move { to: sq("e2"), code: MoveCode::Plain },
            },
        )
    };
    assert_eq!(mv("N g1 S e1 - e2"), Ok(sup(None)));
    assert_eq!(mv("Ng1Se1-e2"), Ok(sup(None)));
    assert_eq!(mv("N g1 supports K e1 - e2"), Ok(sup(Some(Role::King))));
    let hold = piece(
        Some(Role::Knight),
        "c3",
        ActionText::Support { role: Some(Role::King), square: sq("d1"), direct: DirectText::Hold },
    );
    assert_eq!(mv("N c3 S K d1"), Ok(hold));
    assert_eq!(mv("N c3 S K d1 H"), Ok(hold));
}

#[test]
fn chess_dip_forms() {
    assert_eq!(
        mv("K e1 S e2 C f1 - c4"),
        Ok(piece(
            Some(Role::King),
            "e1",
            ActionText::Support {
                role: None,
                square: sq("e2"),
                direct: DirectText::Convoy { from: sq("f1"), to: sq("c4"), code: ConvoyCode::Move }
            }
        ))
    );
    assert_eq!(mv("e5 t d6 x d5"), Ok(piece(None, "e5", ActionText::EnPassant { travel: sq("d6"), attack: sq("d5") })));
    assert_eq!(mv("e5td6xd5"), mv("e5 t d6 x d5"));
    assert_eq!(mv("O-O"), Ok(OrderText::Castle { long: false }));
    assert_eq!(mv("0-0-0"), Ok(OrderText::Castle { long: true }));
}

#[test]
fn adjustments() {
    let b = OrderText::Build { role: Role::King, square: sq("d1") };
    for t in ["build K d1", "B K d1", "build king d1", "Build A d1", "build M d1", "build d1 K"] {
        assert_eq!(adj(t), Ok(b), "{t}");
    }
    let n = OrderText::Build { role: Role::Knight, square: sq("h2") };
    for t in ["build F h2", "build H h2", "build fleet h2", "build N h2", "build horse h2"] {
        assert_eq!(adj(t), Ok(n), "{t}");
    }
    assert_eq!(adj("disband N c3"), Ok(OrderText::Disband { role: Some(Role::Knight), square: sq("c3") }));
    assert_eq!(adj("waive"), Ok(OrderText::Waive));
    let p = OrderText::Promote { square: sq("c8"), role: Role::Rook };
    assert_eq!(adj("promote c8 R"), Ok(p));
    assert_eq!(adj("c8=R"), Ok(p));
    assert!(matches!(adj("build h2"), Err(ParseError { kind: ParseErrorKind::BuildWhat(_), .. })));
}

#[test]
fn typography_and_other_names() {
    let want = piece(Some(Role::Knight), "g1", ActionText::Move { to: sq("f3"), code: MoveCode::Plain });
    for t in ["\u{2658}g1-f3", "\u{265e} g1 \u{2212} f3", "N g1 \u{21d2} f3", "N g1 --> f3", "N g1 \u{2010} f3"] {
        assert_eq!(mv(t), Ok(want), "{t}");
    }
    assert_eq!(mv("e4\u{d7}d5"), mv("e4 x d5"));
    assert_eq!(mv("O\u{2212}O"), Ok(OrderText::Castle { long: false }));
    let read = |t| parse_read(Board::MAX, t, Context::Movement);
    let (o, r) = read("F g1 - f3").unwrap();
    assert_eq!(o, want);
    assert_eq!(r, [Reading::Alias { written: "f".into(), role: Role::Knight }]);
    let (o, r) = read("A d1 H").unwrap();
    assert_eq!(o, piece(Some(Role::King), "d1", ActionText::Hold));
    assert_eq!(r, [Reading::Alias { written: "a".into(), role: Role::King }]);
    // After a square, `H` is hold.
    assert_eq!(read("K d1 H").unwrap().1, []);
    let (_, r) = parse_read(Board::MAX, "B N b1", Context::Adjustment).unwrap();
    assert_eq!(r, [Reading::BuildLetter]);
    assert_eq!(adj("B b1").unwrap_err().kind, ParseErrorKind::BuildLetterWhat(sq("b1")));
    assert_eq!(adj("build b1").unwrap_err().kind, ParseErrorKind::BuildWhat(sq("b1")));
    // `build b1 H` is no horse: only written-out names follow the square.
    assert!(adj("build b1 H").is_err());
    assert_eq!(adj("build b1 horse"), Ok(OrderText::Build { role: Role::Knight, square: sq("b1") }));
    assert_eq!(mv("K e1 S e2 C f1 to c4"), mv("K e1 S e2 C f1 - c4"));
    assert_eq!(mv("K b2 S a2 C a1 supports a3"), mv("K b2 S a2 C a1 S a3"));
}

#[test]
fn errors_say_what_was_wrong() {
    assert_eq!(mv("").unwrap_err().kind, ParseErrorKind::Empty);
    assert_eq!(
        mv("K i9 - e2").unwrap_err().to_string(),
        "there is no square i9 on this board: it runs from a1 to h8 (in `K i9 - e2`)"
    );
    assert!(matches!(mv("K e1").unwrap_err().kind, ParseErrorKind::NoAction(_)));
    assert!(matches!(mv("K e1 - e2 e3").unwrap_err().kind, ParseErrorKind::Trailing(_)));
    assert!(matches!(mv("K e1 jumps e2").unwrap_err().kind, ParseErrorKind::UnknownWord(_)));
    assert!(matches!(mv("K e1 -").unwrap_err().kind, ParseErrorKind::Incomplete(_)));
    let six = Board { files: 6, ranks: 6 };
    assert!(parse(six, "K f6 - g6", Context::Movement).is_err());
}
