//! Diplomacy Chess orders in their canonical form: in random positions,
//! random orders (SAN, coordinates, spaced and lower-case forms,
//! conditionals, passes) are accepted in a canonical text that reads back to
//! the same order and is its own canonical text; a simultaneously
//! progressive list is accepted the same whatever its order; and no public
//! text says "your".

use crate::support::cases;
use cases::cases;
use std::collections::BTreeMap;

use chessdip_rules::diplomacy_chess::movegen::{legal_moves, make, pseudo_from, Move, Rules};
use chessdip_rules::diplomacy_chess::notation::{read, read_through, san as san_of};
use chessdip_rules::diplomacy_chess::plan::{plan, Plan};
use chessdip_rules::diplomacy_chess::text::Voice;
use chessdip_rules::diplomacy_chess::{DiplomacyChessState, Mode, Position, Variant};
use chessdip_rules::family::{Family, SlotOrder};
use chessdip_rules::Side;
use proptest::prelude::*;

/// A small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// A position some random plies from the start.
fn position(rng: &mut Rng, plies: usize) -> Position {
    let mut p = Position::start();
    for k in 0..plies {
        let side = if k % 2 == 0 { Side::White } else { Side::Black };
        let moves = legal_moves(&p, side, Rules::Chess);
        if moves.is_empty() {
            break;
        }
        p = make(&p, &moves[rng.below(moves.len())]);
    }
    p
}

/// One way a player might write `m`.
fn spelling(rng: &mut Rng, p: &Position, m: &Move) -> String {
    let san = Move::to_string(m);
    let san = if legal_moves(p, m.side, Rules::Orders).contains(m) { san_of(p, m) } else { san };
    match rng.below(5) {
        0 => m.coords(),
        1 => format!("{}-{}", m.from, m.to),
        2 if m.role != chessdip_rules::Role::Pawn && !m.is_castle() => {
            format!("{} {} - {}", m.role.char().to_ascii_lowercase(), m.from, m.to)
        }
        3 => format!("{san}+"),
        _ => san,
    }
}

/// A random order for `side`: mostly moves, sometimes a pass or a conditional.
fn order(rng: &mut Rng, p: &Position, side: Side, moves: &[Move]) -> String {
    let pick = |rng: &mut Rng| {
        let k = rng.below(moves.len());
        spelling(rng, p, &moves[k])
    };
    match rng.below(8) {
        0 => "pass".to_string(),
        1 => {
            let sq = chessdip_rules::Square::from_index(rng.below(64)).expect("square");
            format!("N{sq}?{}:{}", pick(rng), pick(rng))
        }
        2 => format!("~{}?{}:", chessdip_rules::Square::from_index(rng.below(64)).expect("square"), pick(rng)),
        3 => format!("{}Q?{}:{}", rng.below(3), pick(rng), if side == Side::White { "pass" } else { "" }),
        _ => pick(rng),
    }
}

fn variant(mode: Mode) -> Variant {
    let mut o = BTreeMap::new();
    o.insert("mode".to_string(), mode.id().to_string());
    Variant::new(&o).expect("variant")
}

/// What a planned order does, comparable across readings (a branch kept as
/// text by the move it stands for in `pos`, if any).
fn shape(p: &Plan, pos: &Position, side: Side) -> String {
    match p {
        Plan::Pass => "-".into(),
        Plan::Move(m) => m.coords(),
        Plan::Text(t) => match read(pos, side, t).or_else(|_| read_through(pos, side, t, Voice::You)) {
            Ok(r) => format!("text for {}", r.mv.coords()),
            Err(_) => format!("text {t}"),
        },
        Plan::If { cond, then, otherwise } => {
            format!("{cond}?({}):({})", shape(then, pos, side), shape(otherwise, pos, side))
        }
    }
}

/// Moves of `side`'s pieces as if its other pieces were off the board (moves
/// through or onto squares its other pieces leave in the same list).
fn through_moves(pos: &Position, side: Side) -> Vec<Move> {
    let mine: Vec<_> = pos.pieces().filter(|(_, p)| p.side == side).map(|(s, _)| s).collect();
    let mut out = Vec::new();
    for &s in &mine {
        let mut alone = pos.clone();
        for &o in mine.iter().filter(|o| **o != s) {
            alone.set(o, None);
        }
        out.extend(pseudo_from(&alone, s, Rules::Orders).into_iter().filter(|m| !m.is_castle()));
    }
    out
}

fn setup(seed: u64, plies: usize, n: usize, mode: Mode) -> Option<(DiplomacyChessState, Side, Vec<String>)> {
    let mut rng = Rng(seed | 1);
    let pos = position(&mut rng, plies);
    let side = if rng.below(2) == 0 { Side::White } else { Side::Black };
    let mut moves = legal_moves(&pos, side, Rules::Orders);
    if rng.below(2) == 0 {
        moves.extend(through_moves(&pos, side));
    }
    if moves.is_empty() {
        return None;
    }
    let mut state = DiplomacyChessState::new(pos.clone());
    state.turn = match mode {
        Mode::Basic => 1,
        _ => n as u32,
    };
    let count = if mode == Mode::Basic { 1 } else { n };
    let texts = (0..count).map(|_| order(&mut rng, &pos, side, &moves)).collect();
    Some((state, side, texts))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(400), ..ProptestConfig::default() })]

    /// Accepted orders are stored canonically; the stored texts read back to
    /// the same orders and are their own canonical form.
    #[test]
    fn canonical_texts_read_back_the_same(seed in any::<u64>(), plies in 0usize..24, n in 1usize..5, m in 0usize..3) {
        let mode = Mode::ALL[m];
        let Some((state, side, texts)) = setup(seed, plies, n, mode) else { return Ok(()) };
        let v = variant(mode);
        let power = if side == Side::White { "White" } else { "Black" };
        let first = v.submit(&state, power, &[], &texts.join(", "));
        if first.accepted.is_empty() {
            return Ok(());
        }
        let stored: Vec<String> = first.orders.iter().map(|o| o.text.clone()).collect();
        prop_assert_eq!(&first.accepted, &stored);
        // Read back as stored (the rows), the same orders.
        let rows: Vec<(usize, String)> = first.orders.iter().map(|o| (o.slot.parse().expect("slot"), o.text.clone())).collect();
        let again = plan(mode, &state, side, &rows);
        prop_assert!(again.rejected.is_empty(), "stored orders refused: {:?} (typed {:?})", again.rejected, texts);
        let typed: Vec<(usize, String)> = texts.iter().cloned().enumerate().map(|(i, t)| (i + 1, t)).collect();
        let original = plan(mode, &state, side, &typed);
        let shapes = |p: &[chessdip_rules::diplomacy_chess::plan::Planned]| {
            p.iter().map(|x| shape(&x.plan, &state.position, side)).collect::<Vec<_>>()
        };
        prop_assert_eq!(shapes(&original.planned), shapes(&again.planned), "typed {:?}, stored {:?}", texts, stored);
        // Canonical texts are their own canonical form.
        let canon: Vec<String> = again.planned.iter().map(|x| x.canonical.clone()).collect();
        prop_assert_eq!(&canon, &stored);
        // And resubmitting them changes nothing (where no refused move left a
        // step empty: a list's places are its steps).
        let contiguous = first.orders.iter().enumerate().all(|(i, o)| o.slot == (i + 1).to_string());
        if !contiguous {
            return Ok(());
        }
        let second = v.submit(&state, power, &first.orders, &stored.join(", "));
        prop_assert_eq!(&second.orders, &first.orders);
        prop_assert!(!second.notes.iter().any(|n| n.contains("replaces")), "{:?}", second.notes);
    }

    /// In the simultaneously progressive mode the same moves are accepted
    /// whatever order they are listed in.
    #[test]
    fn simultaneous_lists_do_not_depend_on_their_order(seed in any::<u64>(), plies in 0usize..24, n in 2usize..6, turn in any::<u64>()) {
        let Some((state, side, texts)) = setup(seed, plies, n, Mode::SimultaneousProgressive) else { return Ok(()) };
        let mut shuffled = texts.clone();
        let mut rng = Rng(turn | 1);
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.below(i + 1));
        }
        let run = |list: &[String]| {
            let rows: Vec<(usize, String)> = list.iter().cloned().enumerate().map(|(i, t)| (i + 1, t)).collect();
            let p = plan(Mode::SimultaneousProgressive, &state, side, &rows);
            let mut ok: Vec<String> = p.planned.iter().map(|x| x.canonical.clone()).collect();
            let mut refused: Vec<String> = p.rejected.iter().map(|(t, _)| t.clone()).collect();
            ok.sort();
            refused.sort();
            (ok, refused)
        };
        prop_assert_eq!(run(&texts), run(&shuffled), "{:?} vs {:?}", texts, shuffled);
    }

    /// Public text (results, outcomes, removed and changes lists, the
    /// transcript) never speaks to a player.
    #[test]
    fn public_text_is_in_the_third_person(seed in any::<u64>(), plies in 0usize..24, n in 1usize..5, m in 0usize..3) {
        let mode = Mode::ALL[m];
        let Some((state, side, texts)) = setup(seed, plies, n, mode) else { return Ok(()) };
        let v = variant(mode);
        let mut rng = Rng(seed.rotate_left(7) | 1);
        let other = if side == Side::White { Side::Black } else { Side::White };
        let theirs = legal_moves(&state.position, other, Rules::Orders);
        let their_texts: Vec<String> = if theirs.is_empty() {
            Vec::new()
        } else {
            (0..texts.len()).map(|_| order(&mut rng, &state.position, other, &theirs)).collect()
        };
        let name = |s: Side| if s == Side::White { "White" } else { "Black" };
        let a = v.submit(&state, name(side), &[], &texts.join(", "));
        let b = v.submit(&state, name(other), &[], &their_texts.join(", "));
        let r = v.resolve(&state, &[(name(side).into(), a.orders), (name(other).into(), b.orders)]);
        let mut public = vec![r.summary.clone(), v.transcript(&r.next).unwrap_or_default()];
        public.extend(r.outcomes.iter().flat_map(|o| [o.order.clone(), o.reason.clone()]));
        public.extend(r.removed.iter().cloned());
        public.extend(r.changes.iter().cloned());
        for t in public {
            let lower = t.to_lowercase();
            prop_assert!(!lower.contains("your") && !lower.contains("you "), "{t}");
        }
        // Every order given has its line, and the stored orders are in the outcomes as stored.
        let stored: Vec<SlotOrder> = v.submit(&state, name(side), &[], &texts.join(", ")).orders;
        for o in stored {
            prop_assert!(r.outcomes.iter().any(|x| x.order == o.text), "{} missing from {:?}", o.text, r.outcomes);
        }
    }
}
