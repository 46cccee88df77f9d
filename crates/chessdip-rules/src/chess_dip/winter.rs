//! What players read of Winter, the adjustment phase: what a power still
//! has to order in it (builds, disbands, promotions) under its order set,
//! and what a Fall result says of the Winter to come (who builds or
//! disbands, the pawns to promote and how to choose their piece), or that
//! it is skipped.

use super::adjust::{balance, buildable_squares, pawns_to_promote};
use super::{game_result, AdjustmentKind, ChessDipState, GameResult, Phase, Season, Variant};
use crate::role::Role;
use crate::{words, PowerId, Square};

/// How to choose the piece for the pawns on `squares` (the first as the
/// example): ``promote c1 B` or `promote c1 R` chooses the piece; without
/// an order it becomes a knight`.
fn how_to_promote(v: &Variant, squares: &[Square]) -> String {
    let it = if squares.len() == 1 { "it becomes a knight" } else { "each becomes a knight" };
    let Some(first) = squares.first() else { return it.to_string() };
    let orders: Vec<String> = [Role::Bishop, Role::Rook]
        .into_iter()
        .filter(|r| v.has_role(*r))
        .map(|r| format!("`promote {first} {}`", r.char()))
        .collect();
    if orders.is_empty() {
        return it.to_string();
    }
    format!("{} chooses the piece; without an order {it}", words::join_or(&orders))
}

/// What `p`'s Winter comes to without orders (in civil disorder, or marked
/// ready without any): `no builds`, `disbands as the rules say`, and its
/// pawns on the last rank promoted to knights (`its pawn on g1 becomes a
/// knight`).
#[must_use]
pub fn without_orders(v: &Variant, state: &ChessDipState, p: PowerId) -> String {
    let mut parts = Vec::new();
    match balance(state, p) {
        d if d > 0 => parts.push("no builds".to_string()),
        d if d < 0 => parts.push("disbands as the rules say".to_string()),
        _ => {}
    }
    let pawns: Vec<String> = pawns_to_promote(v, state, p).map(|s| s.to_string()).collect();
    match pawns.as_slice() {
        [] => {}
        [one] => parts.push(format!("its pawn on {one} becomes a knight")),
        many => parts.push(format!("its pawns on {} become knights", words::join_and(many))),
    }
    if parts.is_empty() {
        return "nothing to adjust".to_string();
    }
    words::join_and(&parts)
}

/// The lines under `p`'s Winter orders that say what is still owed: builds
/// ordered and where there is room, disbands ordered and who chooses the
/// rest, promotions ordered and how to choose the others (`kinds`: its
/// valid adjustments, in order).
pub(super) fn owed_lines(v: &Variant, state: &ChessDipState, p: PowerId, kinds: &[AdjustmentKind]) -> String {
    let mut text = String::new();
    let adj = balance(state, p);
    let used = kinds.iter().filter(|k| matches!(k, AdjustmentKind::Build { .. } | AdjustmentKind::Waive)).count();
    let disbands = kinds.iter().filter(|k| matches!(k, AdjustmentKind::Disband { .. })).count();
    if adj > 0 {
        text += &format!("\nBuilds: {used} of {adj} ordered.");
        let ordered: Vec<Square> = kinds
            .iter()
            .filter_map(|k| if let AdjustmentKind::Build { square, .. } = k { Some(*square) } else { None })
            .collect();
        let places: Vec<String> =
            buildable_squares(v, state, p).filter(|s| !ordered.contains(s)).map(|s| s.to_string()).collect();
        if !places.is_empty() && (used as i64) < adj {
            let what = if places.len() == 1 { "Empty center" } else { "Empty centers" };
            text += &format!(" {what} to build on: {}.", words::join_and(&places));
        }
    } else if adj < 0 {
        let due = -adj;
        let rest = due - disbands as i64;
        text += &format!("\nDisbands: {disbands} of {due} ordered");
        text += match (rest, due) {
            (r, _) if r <= 0 => ".",
            (1, 1) => " (if none is ordered, civil disorder chooses the piece).",
            (r, d) if r == d => " (civil disorder chooses any that are not ordered).",
            (1, _) => " (the other one is chosen by civil disorder).",
            _ => " (the rest are chosen by civil disorder).",
        };
    }
    let pawns: Vec<Square> = pawns_to_promote(v, state, p).collect();
    if !pawns.is_empty() {
        let promoted: Vec<Square> = kinds
            .iter()
            .filter_map(|k| if let AdjustmentKind::Promote { square, .. } = k { Some(*square) } else { None })
            .collect();
        let open: Vec<Square> = pawns.iter().copied().filter(|s| !promoted.contains(s)).collect();
        text += &format!("\nPromotions: {} of {} ordered.", pawns.len() - open.len(), pawns.len());
        if !open.is_empty() {
            let on: Vec<String> = open.iter().map(ToString::to_string).collect();
            let pawn = if open.len() == 1 { "The pawn" } else { "The pawns" };
            text += &format!(" {pawn} on {}: {}.", words::join_and(&on), how_to_promote(v, &open));
        }
    }
    text
}

/// What a Fall result says of the Winter after it (`next`, the position
/// after Fall): the builds and disbands owed and the pawns to promote with
/// how to choose their piece, or that Winter is skipped because nobody has
/// an adjustment to make. Nothing after a Spring or Winter, nor when the
/// game ended with the Fall.
pub(super) fn after_fall(v: &Variant, state: &ChessDipState, next: &ChessDipState) -> String {
    if state.phase.season != Season::Fall || game_result(v, next) != GameResult::Ongoing {
        return String::new();
    }
    let name = |p: PowerId| v.power(p).name.clone();
    if next.phase.season.is_movement() {
        let winter = Phase { year: state.phase.year, season: Season::Winter }.name(v);
        let what = if v.promotion { "anything to build, disband or promote" } else { "anything to build or disband" };
        return format!("{winter} is skipped: no power has {what}.\n");
    }
    let mut out = String::new();
    let owed: Vec<String> = v
        .power_ids()
        .filter_map(|p| match balance(next, p) {
            d if d > 0 => Some(format!("{} may build {d}", name(p))),
            d if d < 0 => Some(format!("{} must disband {}", name(p), -d)),
            _ => None,
        })
        .collect();
    if !owed.is_empty() {
        out += &format!("Adjustments: {}\n", owed.join("; "));
    }
    let pawns: Vec<(PowerId, Square)> =
        v.power_ids().flat_map(|p| pawns_to_promote(v, next, p).map(move |sq| (p, sq))).collect();
    if !pawns.is_empty() {
        let listed: Vec<String> = pawns.iter().map(|&(p, sq)| format!("{}'s pawn on {sq}", name(p))).collect();
        let squares: Vec<Square> = pawns.iter().map(|&(_, sq)| sq).collect();
        out += &format!(
            "Promotions in {}: {} ({}).\n",
            next.phase.name(v),
            words::join_and(&listed),
            how_to_promote(v, &squares)
        );
    }
    out
}
