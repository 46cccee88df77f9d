//! The legend under the board: a row per side (pieces, check, notes and
//! the pieces in hand) and the last move with the game's suborn rule.

use super::layout::Layout;
use super::{piece_at, Scene, BLACK_BODY};
use crate::canvas::{text_width, Align, Canvas, Face};
use crate::theme::{INK, TEXT, WHITE};
use crate::{min_text, note_text, Style, NOTE};
use chessdip_rules::diplomat_chess::{Colour, DiplomatChessState, Kind, Piece, SubornRule, Variant};
use chessdip_rules::words::count;

/// The legend's texts and sizes, measured before the image is laid out: a
/// row per side on the left; the last move and the game's suborn rule on
/// the right, or on rows of their own under the sides when the width is
/// too small for both.
#[derive(Default)]
pub(super) struct LegendPlan {
    pub(super) size: f32,
    pub(super) row: f32,
    /// Hand pieces' size.
    pub(super) hand: f32,
    /// Per side: its line and the pieces in hand.
    pub(super) sides: Vec<(Colour, String, String, Vec<Kind>)>,
    /// The right-hand texts, with their size and whether bold (the last move).
    pub(super) notes: Vec<(String, f32, bool)>,
    /// Whether the notes go under the sides.
    pub(super) stacked: bool,
    pub(super) rows: usize,
}

impl LegendPlan {
    pub(super) fn new(
        width: u32,
        variant: &Variant,
        state: &DiplomatChessState,
        scene: &Scene,
        style: &Style,
    ) -> LegendPlan {
        let w = width.max(320) as f32;
        let margin = w * 0.03;
        let size = (w * 0.025).max(11.0).max(min_text(width));
        // Hand pieces big enough for the diplomat's letter to stay readable.
        let hand = (size * 1.35).max(25.0);
        let row = (size * 1.6).max(hand * 1.05);
        let p = &state.position;
        let mut sides = Vec::new();
        let mut left: f32 = 0.0;
        for colour in Colour::BOTH {
            let n = p.count(colour);
            let mut info = format!("{colour}: {}", count(n, "piece"));
            if p.in_check(colour) && state.ended().is_none() {
                info += " \u{00B7} in check";
            }
            let note = note_text(style, &colour.to_string());
            let kinds = if variant.suborn_rule() == SubornRule::Drop { p.hand(colour).to_vec() } else { Vec::new() };
            let mut wdt = row * 1.1 + text_width(&info, size, Face::Bold) + text_width(&note, size, Face::Bold);
            if !kinds.is_empty() {
                wdt += row * 0.4 + text_width("in hand:", size, Face::Regular) + hand * 0.85 * kinds.len() as f32;
            }
            left = left.max(wdt);
            sides.push((colour, info, note, kinds));
        }
        let mut notes = Vec::new();
        if let Some(m) = &scene.last {
            let dots = if m.colour == Colour::Black { "... " } else { "" };
            let word = if m.before { "move" } else { "last move" };
            notes.push((format!("{word}: {}. {dots}{}", m.number, m.notation), size, true));
        }
        let rule = match variant.suborn_rule() {
            SubornRule::Convert => "",
            SubornRule::Remove => "suborned pieces leave the board",
            SubornRule::Drop => "suborned pieces go to hand",
        };
        if !rule.is_empty() {
            notes.push((rule.to_string(), (size * 0.85).max(11.0).max(min_text(width)), false));
        }
        let right = notes.iter().map(|(t, s, _)| text_width(t, *s, Face::Bold)).fold(0.0, f32::max);
        let stacked = !notes.is_empty() && margin * 2.0 + left + right + row > w;
        let rows = if stacked { 2 + notes.len() } else { 2.max(notes.len()) };
        LegendPlan { size, row, hand, sides, notes, stacked, rows }
    }
}

pub(super) fn legend(cv: &mut Canvas, l: &Layout, plan: &LegendPlan) {
    let w = l.width as f32;
    let margin = w * 0.03;
    let (row, size) = (plan.row, plan.size);
    let baseline = |k: usize| l.legend_y + row * (0.75 + k as f32);
    for (k, (colour, info, note, kinds)) in plan.sides.iter().enumerate() {
        let y = baseline(k);
        // The side's colour as a disc (a small king glyph reads ambiguously).
        let (fill, edge) = if *colour == Colour::White { (WHITE, INK) } else { (BLACK_BODY, WHITE) };
        let (dx, dy, dr) = (margin + row * 0.4, y - size * 0.36, (size * 0.48).max(6.0));
        cv.disc(dx, dy, dr + 2.0, edge);
        cv.disc(dx, dy, dr, fill);
        let tx = margin + row * 1.1;
        let mut used = cv.text(info, tx, y, size, Face::Bold, Align::Left, TEXT);
        used += cv.text(note, tx + used, y, size, Face::Bold, Align::Left, NOTE);
        if !kinds.is_empty() {
            let x0 = tx + used + row * 0.4;
            let hw = cv.text("in hand:", x0, y, size, Face::Regular, Align::Left, TEXT.alpha(200));
            for (i, &kind) in kinds.iter().enumerate() {
                let x = x0 + hw + plan.hand * (0.6 + 0.85 * i as f32);
                piece_at(cv, x, y - size * 0.35, plan.hand, Piece::new(*colour, kind), 255);
            }
        }
    }
    for (k, (text, s, bold)) in plan.notes.iter().enumerate() {
        let (x, y, align) =
            if plan.stacked { (margin, baseline(2 + k), Align::Left) } else { (w - margin, baseline(k), Align::Right) };
        let (face, colour) = if *bold { (Face::Bold, TEXT) } else { (Face::Regular, TEXT.alpha(200)) };
        cv.text(text, x, y, *s, face, align, colour);
    }
}
