//! SAN and coordinates read and written back, promotions, castling,
//! ambiguity, and odd text.

use super::super::board::Position;
use super::super::movegen::Move;
use super::*;
use crate::Side;

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn read_text(pos: &Position, side: Side, t: &str) -> Result<Move, String> {
    let mt = parse_move(t).map_err(|e| e.to_string())?;
    read(pos, side, &mt).map(|r| r.mv).map_err(|e| e.to_string())
}

#[test]
fn san_and_coordinates() {
    let p = Position::start();
    for (t, from, to) in [
        ("Nf3", "g1", "f3"),
        ("g1f3", "g1", "f3"),
        ("g1-f3", "g1", "f3"),
        ("Ng1-f3", "g1", "f3"),
        ("e4", "e2", "e4"),
        ("e2e4", "e2", "e4"),
        ("Nc3+", "b1", "c3"),
        (" N f3 ", "g1", "f3"),
    ] {
        let m = read_text(&p, Side::White, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!((m.from, m.to), (sq(from), sq(to)), "{t}");
    }
    let m = read_text(&p, Side::Black, "Nf6").expect("black knight");
    assert_eq!(m.from, sq("g8"));
    assert_eq!(read_text(&p, Side::White, "Ne3").unwrap_err(), "none of your knights can reach e3");
    // Of two bishops, the one whose diagonal leads there says what is in the way.
    assert_eq!(read_text(&p, Side::White, "Bg5").unwrap_err(), "the bishop on c1 cannot reach g5: d2 is in the way");
    assert_eq!(read_text(&p, Side::White, "g1e3").unwrap_err(), "the knight on g1 cannot reach e3");
    assert_eq!(read_text(&p, Side::White, "e4e5").unwrap_err(), "you have no piece on e4");
    assert!(read_text(&p, Side::White, "f1c4").unwrap_err().contains("e2 is in the way"));
    assert!(read_text(&p, Side::White, "Nz9").unwrap_err().contains("is not a move"));
}

#[test]
fn promotion_castling_and_ambiguity() {
    let mut p = Position::from_fen_board("r3k2r/1P6/8/8/8/8/8/RN2K2R").expect("fen");
    p.castling = super::super::board::Castling::ALL;
    p.validate().expect("valid");
    let m = read_text(&p, Side::White, "b8=N").expect("under-promotion");
    assert_eq!(m.promotion, Some(Role::Knight));
    assert_eq!(read_text(&p, Side::White, "b7b8q").expect("coords").promotion, Some(Role::Queen));
    let r = read(&p, Side::White, &parse_move("b8").expect("parse")).expect("default queen");
    assert_eq!(r.mv.promotion, Some(Role::Queen));
    assert!(r.note.is_some());
    assert!(read_text(&p, Side::White, "O-O").expect("short").is_castle());
    assert!(read_text(&p, Side::White, "e1g1").expect("as king move").is_castle());
    assert!(read_text(&p, Side::White, "O-O-O").unwrap_err().contains("between"));
    assert!(read_text(&p, Side::Black, "0-0").expect("black short").is_castle());
    let e = read_text(&p, Side::Black, "O-O-O").unwrap_err();
    assert!(e.contains("c8") && e.contains("pawn on b7"), "into check: {e}");
    assert_eq!(read_text(&p, Side::White, "bxa8=R").expect("capture-promotion").promotion, Some(Role::Rook));
    let mut q = Position::from_fen_board("4k3/8/8/8/8/5N2/8/1N2K3").expect("fen");
    q.validate().expect("valid");
    let e = read_text(&q, Side::White, "Nd2").unwrap_err();
    assert!(e.contains("ambiguous") && e.contains("Nbd2 or Nfd2"), "{e}");
    assert_eq!(read_text(&q, Side::White, "Nbd2").expect("b").from, sq("b1"));
}

#[test]
fn parse_never_panics_on_odd_text() {
    for t in ["", "x", "=", "e", "e9", "Qxx", "(Q)", "O-O-O-O", "a1a1a1", "ÿ", "e8=", "Ka", "P", "exd5e.p."] {
        let _ = parse_move(t);
    }
    assert!(parse_move("exd6e.p.").is_ok());
}
