//! What players read in Chesspolitik and Chess Dip: canonical orders that
//! read back to the same order, notes on replaced orders and unexpected
//! readings, advice for orders of the wrong season, and true public reasons
//! in the results (third person, naming the orders involved).

use crate::support::dip_setup;
use crate::support::squares;
use dip_setup::{chessdip, outcome, politik, position};
use squares::sq;

use chessdip_rules::chess_dip::{self, ChessDipState, Context, Phase, Validated, Variant};
use chessdip_rules::family::{Family, Resolution, SlotOrder, Submission};
use proptest::prelude::*;

/// [`dip_setup::resolve`], checking that no public text says `your`.
fn resolve(
    v: &Variant,
    state: &ChessDipState,
    orders: &[(&str, &str)],
) -> Resolution<ChessDipState, chess_dip::ChessDipReport> {
    let r = dip_setup::resolve(v, state, orders);
    assert!(!r.summary.to_lowercase().contains("your"), "public text says `your`:\n{}", r.summary);
    for o in &r.outcomes {
        assert!(!o.reason.to_lowercase().contains("your"), "{o:?}");
    }
    r
}

fn submit(v: &Variant, state: &ChessDipState, power: &str, current: &[SlotOrder], text: &str) -> Submission {
    v.submit(state, power, current, text)
}

// 1. Canonical forms, shown and stored.

#[test]
fn replies_and_stored_orders_are_canonical() {
    let v = politik();
    let s = ChessDipState::start(&v);
    let sub = submit(&v, &s, "Mughal Empire", &[], "Ng1-f3, n b1 - c3, K   d1   -   d2, ke1h");
    assert!(sub.rejected.is_empty(), "{:?}", sub.rejected);
    assert_eq!(sub.accepted, ["N g1 - f3", "N b1 - c3", "K d1 - d2", "K e1 H"]);
    let stored: Vec<&str> = sub.orders.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(stored, ["N g1 - f3", "N b1 - c3", "K d1 - d2", "K e1 H"]);
    let read = v.describe(&s, "Mughal Empire", &sub.orders);
    assert!(read.contains("\n  N g1 - f3\n  N b1 - c3\n  K d1 - d2\n  K e1 H"), "{read}");
    let sup = submit(&v, &s, "Mughal Empire", &[], "N b1 S d1-d2");
    assert_eq!(sup.accepted, ["N b1 S K d1 - d2"]);

    let w = position(&chessdip(), "winter 1", &[("England", "K d1"), ("England", "P c8")], &[]);
    let sub = submit(&chessdip(), &w, "England", &[], "build rook b1, c8=b");
    assert_eq!(sub.accepted, ["build R b1", "promote c8 B"]);
    assert_eq!(sub.orders[0].text, "build R b1");
}

#[test]
fn results_show_canonical_orders() {
    let v = politik();
    let s = ChessDipState::start(&v);
    let r = resolve(&v, &s, &[("Mughal", "Ng1-f3"), ("Mughal", "K   d1   -   d2")]);
    assert!(r.summary.contains("\u{2713} N g1 - f3 (moved)"), "{}", r.summary);
    assert!(r.summary.contains("\u{2713} K d1 - d2 (moved)"), "{}", r.summary);
}

/// Typed spellings of an order whose canonical form is given, built token by
/// token from `choices` (one pick per token).
fn spell(canonical: &str, aliases: bool, choices: &[u8]) -> String {
    let mut picks = choices.iter().copied().cycle();
    let mut pick = |options: &[&str]| options[usize::from(picks.next().unwrap_or(0)) % options.len()].to_string();
    let tokens: Vec<&str> = canonical.split(' ').collect();
    let mut out: Vec<String> = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        let role_place = k == 0 || tokens.get(k.wrapping_sub(1)) == Some(&"S") || tokens.first() == Some(&"build");
        let word = match *t {
            "K" if role_place && aliases => {
                pick(&["K", "k", "\u{2654}", "\u{265a}", "king", "A", "army", "M", "monarch"])
            }
            "N" if role_place && aliases => {
                pick(&["N", "n", "\u{2658}", "\u{265e}", "knight", "F", "fleet", "H", "horse"])
            }
            "K" if role_place => pick(&["K", "k", "\u{2654}", "\u{265a}", "King"]),
            "N" if role_place => pick(&["N", "n", "\u{2658}", "\u{265e}", "Knight"]),
            "B" if role_place => pick(&["B", "b", "\u{2657}", "\u{265d}", "bishop"]),
            "R" if role_place => pick(&["R", "r", "\u{2656}", "\u{265c}", "rook"]),
            "P" if role_place => pick(&["P", "p", "\u{2659}", "\u{265f}", "pawn"]),
            "-" => pick(&[
                "-", "\u{2013}", "\u{2014}", "\u{2212}", "->", "\u{2192}", "=>", "\u{21d2}", "to", "moves to", "",
            ]),
            "H" => pick(&["H", "h", "hold", "holds"]),
            "S" => pick(&["S", "s", "supports", "support"]),
            "x" => pick(&["x", "X", "\u{d7}"]),
            "t" => pick(&["t", "T"]),
            "C" => pick(&["C", "c", "convoys"]),
            "build" => pick(&["build", "Build", "B", "b"]),
            "disband" => pick(&["disband", "Disband", "d", "remove"]),
            "O-O" => pick(&["O-O", "0-0", "o-o", "O\u{2013}O", "O\u{2212}O"]),
            "O-O-O" => pick(&["O-O-O", "0-0-0", "o-o-o", "O\u{2014}O\u{2014}O"]),
            s if s.len() == 2 && s.as_bytes()[1].is_ascii_digit() => pick(&[s, &s.to_uppercase()]),
            s => s.to_string(),
        };
        if !word.is_empty() {
            out.push(word);
        }
    }
    // Separators: a space, two, or none where the tokenizer can still split
    // (never between two letters).
    let mut text = String::new();
    for (k, w) in out.iter().enumerate() {
        if k > 0 {
            let glue_ok = !(text.ends_with(|c: char| c.is_ascii_alphabetic())
                && w.starts_with(|c: char| c.is_ascii_alphabetic()));
            text += &if glue_ok { pick(&[" ", "  ", ""]) } else { pick(&[" ", "  "]) };
        }
        text += w;
    }
    text
}

/// The orders an order text stands for in `state`, or why it is refused.
fn validated(v: &Variant, state: &ChessDipState, power: &str, text: &str) -> Result<String, String> {
    let p = v.power_by_name(power).expect("a power");
    if state.phase.season.is_movement() {
        let t = chess_dip::parse(v.board, text, Context::Movement).map_err(|e| e.to_string())?;
        let o: Validated = chess_dip::validate_movement(v, state, p, &t).map_err(|e| e.to_string())?;
        Ok(format!("{:?}", o.orders().collect::<Vec<_>>()))
    } else {
        let t = chess_dip::parse(v.board, text, Context::Adjustment).map_err(|e| e.to_string())?;
        let a = chess_dip::validate_adjustment(v, state, p, &t, &[]).map_err(|e| e.to_string())?;
        Ok(format!("{a:?}"))
    }
}

/// The canonical text the family stores for `text`.
fn canonical(v: &Variant, state: &ChessDipState, power: &str, text: &str) -> String {
    let name = v.power(v.power_by_name(power).expect("a power")).name.clone();
    let sub = v.submit(state, &name, &[], text);
    assert!(sub.rejected.is_empty(), "`{text}` was refused: {:?}", sub.rejected);
    assert_eq!(sub.accepted.len(), 1, "{text}");
    assert_eq!(sub.orders[0].text, sub.accepted[0], "stored and shown alike");
    sub.accepted[0].clone()
}

/// A Chess Dip Winter: England's king and a pawn on the last rank;
/// Scandinavia with more pieces than centers.
fn winter_in_disorder(d: &Variant) -> ChessDipState {
    position(
        d,
        "winter 1",
        &[
            ("England", "K d1"),
            ("England", "P c8"),
            ("Scandinavia", "K d8"),
            ("Scandinavia", "P d7"),
            ("Scandinavia", "N a6"),
            ("Scandinavia", "N h6"),
        ],
        &[],
    )
}

/// (variant, state, power, canonical orders) to spell in many ways.
fn cases() -> Vec<(Variant, ChessDipState, &'static str, Vec<&'static str>, bool)> {
    let p = politik();
    let spring = ChessDipState::start(&p);
    let pw = position(&p, "winter 1601", &[("Mughal", "K d1")], &[]);
    let d = chessdip();
    let board = position(
        &d,
        "spring 2",
        &[
            ("England", "K d1"),
            ("England", "N b1"),
            ("England", "B c1"),
            ("England", "R a1"),
            ("England", "P c2"),
            ("England", "P e5"),
            ("Scandinavia", "P d5"),
            ("Italy", "K e1"),
        ],
        &[("d7", "d5")],
    );
    let dw = winter_in_disorder(&d);
    vec![
        (
            p.clone(),
            spring,
            "Mughal",
            vec!["N g1 - f3", "K d1 H", "N b1 S K d1 - d2", "K d1 S K e1 H", "K e1 - f2", "N g1 S K e1 - e2"],
            true,
        ),
        (p, pw, "Mughal", vec!["build K c1", "build N e1", "build K g1", "waive"], true),
        (
            d.clone(),
            board.clone(),
            "England",
            vec![
                "N b1 - c3",
                "K d1 H",
                "B c1 - e3",
                "c2 - c4",
                "c2 - c3",
                "N b1 S c2 - c3",
                "N b1 S B c1 - d2",
                "K d1 S d2 C c1 - e3",
                "e5 t d6 x d5",
                "e5 x d6",
                "e5 H",
                "O-O",
                "R a1 - a8",
                "K d1 S c2 H",
            ],
            false,
        ),
        (
            d.clone(),
            dw.clone(),
            "England",
            vec!["build K b1", "build N c2", "build B b1", "build R c2", "build P c2", "promote c8 R", "promote c8 N"],
            false,
        ),
        (d, dw, "Scandinavia", vec!["disband N a6", "disband K d8", "disband P d7"], false),
    ]
}

#[test]
fn every_seed_order_is_its_own_canonical_form() {
    for (v, state, power, orders, _) in cases() {
        for o in orders {
            assert_eq!(canonical(&v, &state, power, o), o, "{}", v.id);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Whatever way an order is typed, it is read as the order its canonical
    /// form is, and the canonical form of the canonical form is itself.
    #[test]
    fn typed_variants_read_as_their_canonical_form(
        case in 0usize..5,
        which in 0usize..16,
        choices in proptest::collection::vec(any::<u8>(), 24),
    ) {
        let all = cases();
        let (v, state, power, orders, aliases) = &all[case];
        let want = orders[which % orders.len()];
        let typed = spell(want, *aliases, &choices);
        let read = validated(v, state, power, &typed);
        prop_assert!(read.is_ok(), "`{}` (for `{}`) refused: {:?}", typed, want, read);
        prop_assert_eq!(read, validated(v, state, power, want), "`{}` against `{}`", typed, want);
        let c = canonical(v, state, power, &typed);
        prop_assert_eq!(&c, want, "typed `{}`", typed);
        prop_assert_eq!(canonical(v, state, power, &c), c.clone());
    }
}

// 2. One order a piece.

#[test]
fn a_second_order_for_a_piece_says_which_one_stands() {
    let v = politik();
    let s = ChessDipState::start(&v);
    let sub = submit(&v, &s, "Mughal Empire", &[], "K d1 H, K d1 - d2");
    assert_eq!(sub.notes, ["`K d1 - d2` replaces `K d1 H`: one order a piece, the last one stands"]);
    let texts: Vec<&str> = sub.orders.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(texts, ["K d1 - d2"]);
    // Against an order stored earlier.
    let again = submit(&v, &s, "Mughal Empire", &sub.orders, "d1 - c2");
    assert_eq!(again.accepted, ["K d1 - c2"]);
    assert_eq!(again.notes, ["`K d1 - c2` replaces `K d1 - d2`: one order a piece, the last one stands"]);
    // The same order again replaces nothing worth a note.
    let same = submit(&v, &s, "Mughal Empire", &again.orders, "K d1-c2");
    assert!(same.notes.is_empty(), "{:?}", same.notes);
    // Castling replaces the orders of both its pieces.
    let d = chessdip();
    let c = position(&d, "spring 1", &[("England", "K d1"), ("England", "R a1")], &[]);
    let first = submit(&d, &c, "England", &[], "K d1 - e2, R a1 H");
    let castle = submit(&d, &c, "England", &first.orders, "O-O");
    assert_eq!(castle.notes, ["`O-O` replaces `K d1 - e2` and `R a1 H`: one order a piece, the last one stands"]);
    // Adjustments: one order a square.
    let w = position(&d, "winter 1", &[("England", "K d1")], &[]);
    let b = submit(&d, &w, "England", &[], "build N b1, build K b1");
    assert_eq!(b.notes, ["`build K b1` replaces `build N b1`: one order a square, the last one stands"]);
}

// 3. Orders of the other season.

#[test]
fn orders_of_the_other_season_say_when_they_come() {
    let d = chessdip();
    let spring = ChessDipState::start(&d);
    let r = submit(&d, &spring, "England", &[], "build N a1");
    assert_eq!(
        r.rejected[0].1,
        "it is Spring 1: builds come in Winter (the adjustment phase); now pieces hold, move and support"
    );
    let r = submit(&d, &spring, "England", &[], "disband N b1");
    assert!(r.rejected[0].1.contains("disbands come in Winter"), "{:?}", r.rejected);
    let r = submit(&d, &spring, "England", &[], "e8=K");
    assert_eq!(
        r.rejected[0].1,
        "it is Spring 1: promotions come in Winter (the adjustment phase), and a pawn cannot promote to a king: \
         it promotes to a knight, bishop or rook; now pieces hold, move and support"
    );
    let w = position(&d, "winter 1", &[("England", "K d1"), ("England", "B f1")], &[]);
    let r = submit(&d, &w, "England", &[], "K d1 - d2");
    assert_eq!(
        r.rejected[0].1,
        "it is Winter 1: in Winter you build, disband or promote (or waive a build); movement orders come in Spring and Fall"
    );
    let r = submit(&d, &w, "England", &[], "O-O");
    assert!(r.rejected[0].1.contains("movement orders come in Spring and Fall"), "{:?}", r.rejected);
    let r = submit(&d, &w, "England", &[], "B b1");
    assert!(
        r.rejected[0]
            .1
            .starts_with("in the adjustment phase `B` means `build`, so `B b1` reads as a build on b1 without a piece"),
        "{:?}",
        r.rejected
    );
    let r = submit(&d, &w, "England", &[], "B f1 - e2");
    assert!(r.rejected[0].1.contains("movement orders come in Spring and Fall"), "{:?}", r.rejected);
    let ok = submit(&d, &w, "England", &[], "B N b1");
    assert_eq!(ok.accepted, ["build N b1"]);
    assert_eq!(ok.notes, ["read `B N b1` as `build N b1`: in Winter `B` means `build`"]);
    let p = politik();
    let pw = position(&p, "winter 1601", &[("Mughal", "K d1")], &[]);
    let r = submit(&p, &pw, "Mughal Empire", &[], "K d1 - d2");
    assert!(r.rejected[0].1.contains("in Winter you build or disband (or waive a build)"), "{:?}", r.rejected);
}

// 4. Chesspolitik's other names for its units.

#[test]
fn armies_and_fleets_are_kings_and_knights() {
    let v = politik();
    let s = ChessDipState::start(&v);
    let sub = submit(&v, &s, "Mughal Empire", &[], "A d1 - d2, F b1 - c3, K e1 S army d1 - d2");
    assert!(sub.rejected.is_empty(), "{:?}", sub.rejected);
    assert_eq!(sub.accepted, ["K d1 - d2", "N b1 - c3", "K e1 S K d1 - d2"]);
    assert_eq!(
        sub.notes,
        [
            "read `A d1 - d2` as `K d1 - d2`: `A` (army) is a king",
            "read `F b1 - c3` as `N b1 - c3`: `F` (fleet) is a knight",
            "read `K e1 S army d1 - d2` as `K e1 S K d1 - d2`: `army` is a king",
        ]
    );
    let h = submit(&v, &s, "Mughal Empire", &[], "H b1 - c3, M e1 H");
    assert_eq!(h.accepted, ["N b1 - c3", "K e1 H"]);
}

// 5. Build places.

#[test]
fn a_refused_build_lists_only_the_powers_own_empty_centers() {
    let v = politik();
    let mut s = position(&v, "winter 1601", &[("Mughal", "K d1"), ("Mughal", "N e1")], &[]);
    // Mughal owns c1 e1 g1 d2 f2 at the start; give g1 to Ming.
    s.set_owner(sq("g1"), v.power_by_name("Ming"));
    let r = submit(&v, &s, "Mughal Empire", &[], "build K b2");
    assert_eq!(r.rejected[0].1, "Mughal Empire does not own b2 (it is neutral); it can build now on c1, d2 and f2");
    let r = submit(&v, &s, "Mughal Empire", &[], "build K c3");
    assert_eq!(r.rejected[0].1, "c3 is not a center where Mughal Empire may build; it can build now on c1, d2 and f2");
    let r = submit(&v, &s, "Mughal Empire", &[], "build K e1");
    assert_eq!(
        r.rejected[0].1,
        "e1 is occupied by a knight: builds need an empty center; it can build now on c1, d2 and f2"
    );
}

// 6. Figurines, minus signs and arrows.

#[test]
fn figurines_dashes_and_arrows_are_read() {
    let v = politik();
    let s = ChessDipState::start(&v);
    let sub = submit(
        &v,
        &s,
        "Mughal Empire",
        &[],
        "\u{2658}g1-f3, \u{265a} e1 \u{2212} e2, \u{2654}d1\u{21d2}d2, \u{265e}b1 \u{2192} c3",
    );
    assert!(sub.rejected.is_empty(), "{:?}", sub.rejected);
    assert_eq!(sub.accepted, ["N g1 - f3", "K e1 - e2", "K d1 - d2", "N b1 - c3"]);
    let d = chessdip();
    let e = position(&d, "spring 1", &[("England", "P e4"), ("Italy", "P d5")], &[]);
    let sub = submit(&d, &e, "England", &[], "e4\u{d7}d5");
    assert_eq!(sub.accepted, ["e4 x d5"]);
    let sub = submit(&d, &e, "England", &[], "\u{2659}e4 \u{2014} e5");
    assert_eq!(sub.accepted, ["e4 - e5"]);
}

// 7. Promotion to a piece a pawn cannot become.

#[test]
fn promotion_to_a_king_says_why() {
    let d = chessdip();
    let w = position(&d, "winter 1", &[("England", "K d1"), ("England", "P c8")], &[]);
    assert_eq!(
        submit(&d, &w, "England", &[], "c8=K").rejected[0].1,
        "a pawn cannot promote to a king: it promotes to a knight, bishop or rook"
    );
    // Even for a square without the power's pawn, the role is the first thing wrong.
    assert_eq!(
        submit(&d, &w, "England", &[], "e8=K").rejected[0].1,
        "a pawn cannot promote to a king: it promotes to a knight, bishop or rook"
    );
    assert_eq!(
        submit(&d, &w, "England", &[], "c8=Q").rejected[0].1,
        "Chess Dip has no queens: a pawn promotes to a knight, bishop or rook"
    );
}

// 8. True reasons in the results.

#[test]
fn a_failed_en_passant_shows_the_real_cause() {
    let d = chessdip();
    let s =
        position(&d, "fall 1", &[("Italy", "P e5"), ("Scandinavia", "P d5"), ("Scandinavia", "B c6")], &[("d7", "d5")]);
    let r = resolve(&d, &s, &[("Italy", "e5 t d6 x d5"), ("Scandinavia", "B c6 S d5")]);
    assert_eq!(
        outcome(&r, "e5 t d6 x d5"),
        (
            false,
            "the capture e5 x d5 failed: bounced at d5 against P d5 holding there, supported by B c6: \
             strength 1 against 2, so both halves fail"
                .to_string()
        )
    );
    let s2 = position(&d, "fall 1", &[("Italy", "P e5"), ("Italy", "K e4"), ("Scandinavia", "P d5")], &[("d7", "d5")]);
    let won = resolve(&d, &s2, &[("Italy", "e5 t d6 x d5"), ("Italy", "K e4 S e5 x d5")]);
    assert_eq!(outcome(&won, "e5 t d6 x d5"), (true, "moved to d6, capturing P d5 en passant".to_string()));
    assert!(won.summary.contains("Removed: P d5 (Scandinavia, by e5 x d5)"), "{}", won.summary);
}

#[test]
fn head_to_head_losses_name_the_winner() {
    let v = politik();
    let s = position(&v, "spring 1601", &[("Mughal", "N c2"), ("Ming", "N d4"), ("Ming", "K d3")], &[]);
    let r = resolve(&v, &s, &[("Mughal", "N c2 - d4"), ("Ming", "N d4 - c2"), ("Ming", "K d3 S N d4 - c2")]);
    assert_eq!(
        outcome(&r, "N c2 - d4"),
        (
            false,
            "beaten head to head by N d4 - c2, supported by K d3: strength 1 against 2; dislodged by N d4 - c2"
                .to_string()
        )
    );
    assert_eq!(outcome(&r, "N d4 - c2"), (true, "moved, dislodging N c2".to_string()));
    assert!(r.summary.contains("Removed: N c2 (Mughal Empire, by N d4 - c2)"), "{}", r.summary);
    let tie = resolve(&v, &s, &[("Mughal", "N c2 - d4"), ("Ming", "N d4 - c2")]);
    assert_eq!(
        outcome(&tie, "N c2 - d4"),
        (false, "bounced head to head with N d4 - c2: strength 1 against 1".to_string())
    );
}

#[test]
fn a_contested_convoy_square_names_the_rival() {
    let d = chessdip();
    let s = position(&d, "spring 1", &[("England", "B c1"), ("Italy", "R e1"), ("Italy", "K f2")], &[]);
    let r = resolve(&d, &s, &[("England", "B c1 - f4"), ("Italy", "R e1 - e4")]);
    assert_eq!(
        outcome(&r, "B c1 - f4"),
        (false, "its path failed at e3: contested by the convoy there for R e1 - e4, which was as strong".to_string())
    );
    let r = resolve(&d, &s, &[("England", "B c1 - f4"), ("Italy", "R e1 - e4"), ("Italy", "K f2 S e3 C e1 - e4")]);
    assert_eq!(
        outcome(&r, "B c1 - f4"),
        (
            false,
            "its path failed at e3: contested by the convoy there for R e1 - e4, support-convoyed by K f2, \
             which was stronger"
                .to_string()
        )
    );
    assert_eq!(outcome(&r, "R e1 - e4"), (true, "moved".to_string()));
    // A piece standing on the path, and a piece moving onto it.
    let s = position(&d, "spring 1", &[("England", "B c1"), ("Italy", "N e3"), ("Italy", "N f1")], &[]);
    let r = resolve(&d, &s, &[("England", "B c1 - f4")]);
    assert_eq!(outcome(&r, "B c1 - f4"), (false, "its path failed at e3: N e3 stayed there".to_string()));
    let s = position(&d, "spring 1", &[("England", "B c1"), ("Italy", "N f1")], &[]);
    let r = resolve(&d, &s, &[("England", "B c1 - f4"), ("Italy", "N f1 - e3")]);
    assert_eq!(outcome(&r, "B c1 - f4"), (false, "its path failed at e3: N f1 - e3 moved in".to_string()));
}

#[test]
fn a_move_stopped_by_a_convoy_names_the_convoying_piece() {
    let d = chessdip();
    let s = position(&d, "spring 1", &[("England", "P b6"), ("Scandinavia", "B c8")], &[]);
    let r = resolve(&d, &s, &[("England", "b6 - b7"), ("Scandinavia", "B c8 - a6")]);
    assert_eq!(
        outcome(&r, "b6 - b7"),
        (false, "bounced at b7 against the convoy there for B c8 - a6: strength 1/2 against 1/2".to_string())
    );
    assert_eq!(outcome(&r, "B c8 - a6"), (true, "moved".to_string()));
}

#[test]
fn a_support_that_did_not_count_says_so() {
    let v = politik();
    let s = position(&v, "spring 1601", &[("Mughal", "K d1"), ("Mughal", "K d2"), ("Mughal", "N b1")], &[]);
    let r = resolve(&v, &s, &[("Mughal", "K d1 - d2"), ("Mughal", "N b1 S K d1 - d2")]);
    assert_eq!(
        outcome(&r, "K d1 - d2"),
        (false, "bounced at d2 against its own power's K d2: a power cannot dislodge its own piece".to_string())
    );
    assert_eq!(
        outcome(&r, "N b1 S K d1 - d2"),
        (true, "given, but it did not count: a power cannot dislodge its own piece".to_string())
    );
    // Another power's support against its own piece does not count either.
    let s = position(&v, "spring 1601", &[("Mughal", "K d1"), ("Ming", "K d2"), ("Ming", "N b3")], &[]);
    let r = resolve(&v, &s, &[("Mughal", "K d1 - d2"), ("Ming", "N b3 S K d1 - d2")]);
    assert_eq!(
        outcome(&r, "N b3 S K d1 - d2"),
        (
            true,
            "given, but it did not count: a power's support does not count against its own piece, here K d2"
                .to_string()
        )
    );
    assert_eq!(
        outcome(&r, "K d1 - d2"),
        (false, "bounced at d2 against K d2 holding there: strength 1 against 1".to_string())
    );
}

#[test]
fn bounces_cuts_voids_and_castling_name_the_orders() {
    let v = politik();
    let s = position(
        &v,
        "spring 1601",
        &[("Mughal", "K d1"), ("Mughal", "N b1"), ("Ming", "K e1"), ("Ming", "N f3"), ("Ming", "K d3")],
        &[],
    );
    let r = resolve(
        &v,
        &s,
        &[("Mughal", "K d1 - d2"), ("Mughal", "N b1 S K d1 - d2"), ("Ming", "K e1 - d2"), ("Ming", "N f3 - d2")],
    );
    assert_eq!(outcome(&r, "K d1 - d2"), (true, "moved".to_string()));
    assert_eq!(
        outcome(&r, "K e1 - d2"),
        (false, "bounced at d2 against K d1 - d2, supported by N b1: strength 1 against 2".to_string())
    );
    let cut = resolve(&v, &s, &[("Mughal", "N b1 S K d1 - d2"), ("Mughal", "K d1 - e2"), ("Ming", "K d3 - c2")]);
    assert_eq!(outcome(&cut, "N b1 S K d1 - d2"), (false, "void: K d1 was ordered K d1 - e2".to_string()));
    let s = position(&v, "spring 1601", &[("Mughal", "K d1"), ("Mughal", "N b1"), ("Ming", "K a2")], &[]);
    let cut = resolve(&v, &s, &[("Mughal", "N b1 S K d1 - d2"), ("Mughal", "K d1 - d2"), ("Ming", "K a2 - b1")]);
    assert_eq!(outcome(&cut, "N b1 S K d1 - d2"), (false, "cut by K a2 - b1".to_string()));
    let d = chessdip();
    let c = position(&d, "spring 1", &[("England", "K d1"), ("England", "R a1"), ("Scandinavia", "N a3")], &[]);
    let r = resolve(&d, &c, &[("England", "O-O"), ("Scandinavia", "N a3 - b1")]);
    assert_eq!(
        outcome(&r, "O-O"),
        (
            false,
            "the king's move K d1 t b1 failed: bounced at b1 against N a3 - b1: strength 1/2 against 1, \
             so both halves fail"
                .to_string()
        )
    );
    let r = resolve(&d, &c, &[("England", "O-O")]);
    assert_eq!(outcome(&r, "O-O"), (true, "castled: K d1 to b1 and R a1 to c1".to_string()));
}

// 9 and 10. Public text in the third person; plurals.

#[test]
fn winter_results_and_standings_read_right() {
    let d = chessdip();
    let w = winter_in_disorder(&d);
    let r = resolve(&d, &w, &[("England", "build rook b1")]);
    assert!(r.summary.contains("England:\n  \u{2713} build R b1 (carried out)"), "{}", r.summary);
    assert!(r.summary.contains("Removed: N h6 (Scandinavia, disbanded in civil disorder)"), "{}", r.summary);
    assert!(r.summary.contains("Promotions: c8: England's pawn promoted to a knight (no order)"), "{}", r.summary);
    assert!(!r.summary.contains("Centers:"), "{}", r.summary);
    let one = position(&d, "spring 2", &[("England", "K d1")], &[]);
    assert_eq!(d.standing(&one, "England"), "3 centers, 1 piece");
    let p = politik();
    let lone = position(
        &p,
        "winter 1601",
        &[("Mughal", "K d1"), ("Mughal", "K e1"), ("Mughal", "N g1"), ("Mughal", "N b1"), ("Mughal", "N d2")],
        &[],
    );
    let mut lone = lone;
    for c in ["c1", "e1", "g1", "f2"] {
        lone.set_owner(sq(c), None);
    }
    let r = submit(&p, &lone, "Mughal Empire", &[], "build K c1");
    assert_eq!(r.rejected[0].1, "Mughal Empire has 1 center and 5 pieces: it must disband 4, not build");
}

#[test]
fn cut_and_dislodged_and_pawns_that_struck() {
    let v = politik();
    let s =
        position(&v, "spring 1601", &[("Mughal", "K d1"), ("Mughal", "N b1"), ("Ming", "K a2"), ("Ming", "K a1")], &[]);
    let r = resolve(
        &v,
        &s,
        &[("Mughal", "N b1 S K d1 - d2"), ("Mughal", "K d1 - d2"), ("Ming", "K a2 - b1"), ("Ming", "K a1 S K a2 - b1")],
    );
    assert_eq!(outcome(&r, "N b1 S K d1 - d2"), (false, "cut and dislodged by K a2 - b1".to_string()));
    assert_eq!(outcome(&r, "K a2 - b1"), (true, "moved, dislodging N b1".to_string()));
    let d = chessdip();
    let s = position(&d, "spring 1", &[("England", "P e4"), ("Italy", "K f4")], &[]);
    let r = resolve(&d, &s, &[("England", "e4 x d5"), ("Italy", "K f4 - e4")]);
    assert_eq!(
        outcome(&r, "e4 x d5"),
        (
            true,
            "the attack on d5 succeeded but dislodged nothing; an attacking pawn moves only when it dislodges, \
             so the pawn stays on e4"
                .to_string()
        )
    );
    assert_eq!(
        outcome(&r, "K f4 - e4"),
        (
            false,
            "bounced at e4 against P e4, whose attack e4 x d5 dislodged nothing, so it did not move: \
             strength 1 against 1"
                .to_string()
        )
    );
}

// Issue 36, items 18 to 21: what players read of Winter.

#[test]
fn a_fall_result_that_leaves_a_pawn_on_its_last_rank_says_it_will_be_promoted_in_winter() {
    let d = chessdip();
    // Scandinavia's pawn reaches g1, its last rank, in Fall; nobody has a build or a disband.
    let fall = dip_setup::start_but(&d, "fall 1", ("Scandinavia", "P d7"), ("Scandinavia", "P g2"));
    let r = resolve(&d, &fall, &[("Scandinavia", "g2 - g1")]);
    assert_eq!(r.next.phase.to_string().to_lowercase(), "winter 1", "{}", r.summary);
    assert!(
        r.summary.contains(
            "Promotions in Winter 1: Scandinavia's pawn on g1 (`promote g1 B` or `promote g1 R` chooses the piece; \
             without an order it becomes a knight)."
        ),
        "{}",
        r.summary
    );
    assert!(!r.summary.contains("Adjustments:"), "{}", r.summary);
    // In Winter the pawn's power owes the promotion (and nobody else owes anything), and its orders list it
    // until it is ordered.
    assert_eq!(d.phase(&r.next).owing, ["Scandinavia"], "{:?}", d.phase(&r.next));
    let none = d.describe(&r.next, "Scandinavia", &[]);
    assert!(
        none.contains(
            "\nPromotions: 0 of 1 ordered. The pawn on g1: `promote g1 B` or `promote g1 R` chooses the piece; \
             without an order it becomes a knight."
        ),
        "{none}"
    );
    let sub = submit(&d, &r.next, "Scandinavia", &[], "promote g1 R");
    assert_eq!(sub.accepted, ["promote g1 R"]);
    let read = d.describe(&r.next, "Scandinavia", &sub.orders);
    assert!(read.ends_with("\n  promote g1 R\nPromotions: 1 of 1 ordered."), "{read}");
    assert!(!read.contains("becomes a knight"), "{read}");
    // Two pawns: both listed, each a knight without an order.
    let two = position(&d, "winter 1", &[("England", "K d1"), ("England", "P a8"), ("England", "P c8")], &[]);
    let read = d.describe(&two, "England", &[]);
    assert!(
        read.contains("Promotions: 0 of 2 ordered. The pawns on a8 and c8: `promote a8 B` or `promote a8 R`"),
        "{read}"
    );
    assert!(read.contains("without an order each becomes a knight."), "{read}");
}

#[test]
fn a_fall_after_which_nobody_adjusts_says_that_winter_is_skipped() {
    let d = chessdip();
    let mut fall = ChessDipState::start(&d);
    fall.phase = Phase::parse("fall 1").expect("a phase");
    let r = resolve(&d, &fall, &[("England", "K d1 H")]);
    assert_eq!(r.next.phase.to_string().to_lowercase(), "spring 2", "{}", r.summary);
    assert!(
        r.summary.contains("Winter 1 is skipped: no power has anything to build, disband or promote."),
        "{}",
        r.summary
    );
    // Chesspolitik has no promotions; a Spring says nothing of Winter.
    let p = Variant::builtin("chesspolitik2").expect("chesspolitik2");
    let mut fall = ChessDipState::start(&p);
    fall.phase = Phase::parse("fall 1401").expect("a phase");
    let r = resolve(&p, &fall, &[("France", "K c1 H")]);
    assert!(r.summary.contains("Winter 1401 is skipped: no power has anything to build or disband."), "{}", r.summary);
    assert!(!resolve(&d, &ChessDipState::start(&d), &[("England", "K d1 H")]).summary.contains("Winter"));
}

#[test]
fn after_waive_a_build_replaces_the_waive_and_a_second_waive_changes_nothing() {
    let d = chessdip();
    // England owns its three start centers and has one piece: two builds.
    let w = position(&d, "winter 1", &[("England", "K d1")], &[]);
    let waived = submit(&d, &w, "England", &[], "waive, waive");
    assert!(waived.rejected.is_empty(), "{:?}", waived.rejected);
    let build = submit(&d, &w, "England", &waived.orders, "build N b1");
    assert!(build.rejected.is_empty(), "{:?}", build.rejected);
    assert_eq!(build.notes, ["`build N b1` replaces `waive`: England may build 2, and the build uses one it waived"]);
    let kept: Vec<&str> = build.orders.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(kept, ["waive", "build N b1"]);
    // Another waive, with every build ordered or waived, is accepted and changes nothing.
    let again = submit(&d, &w, "England", &build.orders, "waive");
    assert_eq!((again.accepted.as_slice(), again.rejected.len()), (["waive".to_string()].as_slice(), 0));
    assert_eq!(
        again.notes,
        ["`waive` changes nothing: England may build 2, and all its builds are already ordered or waived"]
    );
    assert_eq!(again.orders, build.orders);
    // With builds only, one build more is refused, naming what was ordered and how to change it.
    let builds = submit(&d, &w, "England", &[], "build N b1, build K c2");
    let more = submit(&d, &w, "England", &builds.orders, "build B e1");
    assert_eq!(
        more.rejected[0].1,
        "England may build only 2 this winter and has already ordered build N b1 and build K c2: \
         a build on the same square replaces its order, and `orders clear` starts again"
    );
    // One build: the waive's place is taken; the readback counts it once.
    let one = position(&d, "winter 1", &[("England", "K d1"), ("England", "N b1")], &[]);
    let w1 = submit(&d, &one, "England", &[], "waive");
    let b1 = submit(&d, &one, "England", &w1.orders, "build K c2");
    assert_eq!(b1.notes, ["`build K c2` replaces `waive`: England may build 1, and the build uses the one it waived"]);
    assert!(d.describe(&one, "England", &b1.orders).contains("\n  build K c2\nBuilds: 1 of 1 ordered."));
}
