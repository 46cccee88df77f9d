//! Squares, cells and spaces named as the tests write them: `sq("d1")` on
//! the 8x8 board, `c("e3")` on Diplomat Chess's board, `sp(&state, "Ann",
//! "d4")` on a Chess Wheel+ player's board.
#![allow(dead_code)]

use chessdip_rules::chess_wheel::{Space, State};
use chessdip_rules::diplomat_chess::Cell;
use chessdip_rules::Square;

/// The square named `s` (`"d1"`).
pub fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

/// The Diplomat Chess cell named `s` (`"e3"`).
pub fn c(s: &str) -> Cell {
    s.parse().expect("cell")
}

/// The space `sq` (`"d4"`) of `board`'s player in a Chess Wheel+ `state`.
pub fn sp(s: &State, board: &str, sq: &str) -> Space {
    let b: Vec<u8> = sq.bytes().collect();
    Space::on(s.seat(board).expect("board"), b[0] - b'a', b[1] - b'1').expect("space")
}
