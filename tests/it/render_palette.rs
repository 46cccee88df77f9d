//! Power colours stay apart for people with the common colour-vision
//! deficiencies: for every square-board variant and both palettes, the
//! closest pair of powers as deuteranopes and protanopes see them (CIE76 ΔE
//! after Machado et al.'s simulation). The colour-blind palette must clear
//! [`MIN_CB`] for every pair; the classic palette (the variants' own
//! colours) is reported, and must at least keep every pair apart for
//! typical vision. Run with `--nocapture` for the figures.

use chessdip_render::canvas::Rgba;
use chessdip_render::chess_dip;
use chessdip_render::palette::{self, power_colours, MAX_POWERS, OKABE_ITO};
use chessdip_render::vision::{closest_pair, Vision};
use chessdip_render::Palette;
use chessdip_rules::chess_dip::Variant;

const VARIANTS: [&str; 3] = ["chessdip", "chesspolitik4", "chesspolitik2"];

/// The smallest ΔE between two powers in the colour-blind palette, for
/// deuteranopes and protanopes (20 is "told apart at a glance").
const MIN_CB: f32 = 25.0;

/// Typical vision, classic palette: every pair clearly apart.
const MIN_CLASSIC_NORMAL: f32 = 25.0;

fn figures(palette: Palette) -> Vec<(&'static str, Vision, f32, String)> {
    let mut out = Vec::new();
    for id in VARIANTS {
        let v = Variant::builtin(id).expect("variant");
        let colours = chess_dip::power_colours(&v, palette);
        assert_eq!(colours.len(), v.powers.len());
        for vision in [Vision::Normal, Vision::Deuteranopia, Vision::Protanopia] {
            let (d, i, j) = closest_pair(&colours, vision).expect("two powers or more");
            out.push((id, vision, d, format!("{} / {}", v.powers[i].name, v.powers[j].name)));
        }
    }
    out
}

#[test]
fn colour_blind_powers_stay_apart_under_deuteranopia_and_protanopia() {
    let mut failures = Vec::new();
    for (id, vision, d, pair) in figures(Palette::ColourBlind) {
        eprintln!("colour-blind {id:>13} {vision:?}: min ΔE {d:5.1} ({pair})");
        if d < MIN_CB {
            failures.push(format!("{id} {vision:?}: {d:.1} ({pair})"));
        }
    }
    assert!(failures.is_empty(), "colour-blind pairs under {MIN_CB}: {failures:?}");
}

#[test]
fn classic_powers_are_apart_for_typical_vision_and_their_cvd_figures_are_reported() {
    let mut weakest = f32::INFINITY;
    for (id, vision, d, pair) in figures(Palette::Classic) {
        eprintln!("classic      {id:>13} {vision:?}: min ΔE {d:5.1} ({pair})");
        if vision == Vision::Normal {
            assert!(d >= MIN_CLASSIC_NORMAL, "{id}: {d:.1} ({pair})");
        } else {
            weakest = weakest.min(d);
        }
    }
    // The colour-blind palette does better than the classic one where the
    // classic one is weakest.
    let cb = figures(Palette::ColourBlind)
        .into_iter()
        .filter(|f| f.1 != Vision::Normal)
        .map(|f| f.2)
        .fold(f32::INFINITY, f32::min);
    eprintln!("weakest under CVD: classic {weakest:.1}, colour-blind {cb:.1}");
    assert!(cb > weakest, "colour-blind {cb:.1} against classic {weakest:.1}");
}

#[test]
fn colour_blind_colours_come_from_okabe_ito_and_differ_from_classic() {
    for id in VARIANTS {
        let v = Variant::builtin(id).expect("variant");
        let cb = chess_dip::power_colours(&v, Palette::ColourBlind);
        assert!(cb.iter().all(|c| OKABE_ITO.contains(c)), "{id}: {cb:?}");
        assert_ne!(cb, chess_dip::power_colours(&v, Palette::Classic), "{id}");
    }
}

#[test]
fn twelve_players_get_twelve_distinct_colours() {
    // Chess Wheel+'s up to 12 players, with a base of repeated colours.
    let base: Vec<Rgba> = (0..MAX_POWERS).map(|i| OKABE_ITO[i % 3]).collect();
    for p in [Palette::Classic, Palette::ColourBlind] {
        let c = power_colours(p, &base);
        assert_eq!(c.len(), MAX_POWERS);
        let d = palette::min_distance(&c, Vision::Normal);
        eprintln!("{p:?}, 12 powers: min ΔE {d:.1} for typical vision");
        assert!(d > 5.0, "{p:?}: {c:?}");
    }
}
