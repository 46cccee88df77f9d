//! The legend under the boards: each player's code chip, name, counts
//! (pieces, king, winner) and, in amber, a note on their message.

use super::layout::{self, Layout};
use super::{player_colour_in, INK, TEXT, WHITE};
use crate::canvas::{text_width, Align, Canvas, Face};
use crate::{Palette, Style};
use chessdip_rules::chess_wheel::{ChessWheelReport, Seat, State};
use chessdip_rules::words::count;

/// The legend notes: a hashed phase's mark on a player (`invalid message`,
/// `not revealed`, `no message`), else the report's invalid message.
pub(super) fn notes(state: &State, report: Option<&ChessWheelReport>, style: &Style) -> Vec<String> {
    state
        .seats()
        .map(|seat| {
            if let Some(m) = style.notes(state.name(seat)) {
                return m;
            }
            if report.is_some_and(|r| r.invalid.iter().any(|(s, _)| *s == seat)) {
                return "invalid message".to_string();
            }
            String::new()
        })
        .collect()
}

/// A player's counts for the legend: `16 pieces · king · winner`.
fn legend_info(state: &State, seat: Seat) -> String {
    let mut info = if state.has_board(seat) {
        let pieces = state.pieces_of(seat).count();
        let king = if state.owns_king(seat) { "king" } else { "no king" };
        format!("{} \u{00B7} {king}", count(pieces, "piece"))
    } else {
        "no board".to_string()
    };
    if state.winner == Some(seat) {
        info += " \u{00B7} winner";
    }
    info
}

/// Legend geometry at a layout's sizes: the entry's column width, the code
/// chip's width, and the room left for text.
fn legend_room(width: f32, s: f32, t: f32) -> (f32, f32, f32) {
    let (name, _) = layout::legend_sizes(s, t);
    let col_w = (width - 0.8 * s) / 2.0;
    let chip = name * 2.2;
    (col_w, chip, col_w - chip - name * 0.8)
}

/// Lines per legend entry: the name and counts on one line when every
/// entry's fit, else two; a line more for notes.
pub(super) fn legend_lines(state: &State, width: u32, notes: &[String]) -> usize {
    let l = Layout::new(state, width, 1);
    let (name_size, info_size) = layout::legend_sizes(l.s, l.t);
    let (_, _, room) = legend_room(l.width as f32, l.s, l.t);
    let one = state.seats().all(|seat| {
        text_width(state.name(seat), name_size, Face::Bold)
            + text_width(&format!("  {}", legend_info(state, seat)), info_size, Face::Regular)
            <= room
    });
    usize::from(!one) + 1 + usize::from(notes.iter().any(|n| !n.is_empty()))
}

pub(super) fn legend(cv: &mut Canvas, l: &Layout, state: &State, codes: &[String], notes: &[String], palette: Palette) {
    let row = l.legend_row;
    let (name_size, info_size) = layout::legend_sizes(l.s, l.t);
    let (col_w, bw, room) = legend_room(l.width as f32, l.s, l.t);
    let margin = l.s * 0.4;
    let bh = name_size * 1.3;
    let one_line = l.legend_lines - usize::from(notes.iter().any(|n| !n.is_empty())) == 1;
    // One name size for every entry: a long name shrinks them all (never
    // below the smallest readable size), so no player's entry reads smaller.
    let mut nsize = name_size;
    while state.seats().any(|seat| text_width(state.name(seat), nsize, Face::Bold) > room) && nsize > l.t {
        nsize = (nsize - 0.5).max(l.t);
    }
    // Each entry: the owner's code chip, the name and counts, and a note in amber.
    for (k, seat) in state.seats().enumerate() {
        let (col, r) = (k % 2, k / 2);
        let x = margin + col as f32 * col_w;
        let y = l.legend_y + r as f32 * row;
        let accent = player_colour_in(seat, palette);
        let top = y + name_size * 0.15;
        cv.rounded_rect(x - 1.5, top - 1.5, bw + 3.0, bh + 3.0, bh * 0.4, WHITE);
        cv.rounded_rect(x, top, bw, bh, bh * 0.35, accent);
        let ink = if accent.luminance() > 0.45 { INK } else { WHITE };
        let code = codes.get(usize::from(seat)).map_or("?", String::as_str);
        cv.text(code, x + bw / 2.0, top + bh / 2.0 + name_size * 0.36, name_size, Face::Bold, Align::Centre, ink);
        let tx = x + bw + name_size * 0.5;
        let name = state.name(seat);
        let line1 = top + bh / 2.0 + name_size * 0.36;
        // A name too long even at the smallest size ends in an ellipsis (the
        // chip and the board's label still say whose entry it is).
        let name = crate::ellipsis(name, room, nsize, Face::Bold);
        let name_w = cv.text(&name, tx, line1, nsize, Face::Bold, Align::Left, TEXT);
        let info = legend_info(state, seat);
        let mut next = line1 + info_size * 1.4;
        if one_line {
            cv.text(&format!("  {info}"), tx + name_w, line1, info_size, Face::Regular, Align::Left, TEXT.alpha(210));
        } else {
            cv.text(&info, tx, next, info_size, Face::Regular, Align::Left, TEXT.alpha(210));
            next += info_size * 1.35;
        }
        let note = notes.get(k).map_or("", String::as_str);
        if !note.is_empty() {
            cv.text(note, tx, next, info_size, Face::Bold, Align::Left, crate::NOTE);
        }
    }
}
