//! Power colours for every renderer: the variant's own colours
//! ([`Palette::Classic`]) or a colour-blind-safe set built on Okabe and
//! Ito's palette ([`Palette::ColourBlind`]), used for center tints, piece
//! plates, order arrows and legend badges alike.
//!
//! Colour is never the only cue: plates and legend badges carry each
//! power's code, and order arrows carry it at their tail.

use super::canvas::Rgba;
use super::vision::{delta_e, simulate, Vision};
use super::Palette;

/// Okabe and Ito's colours without black, most distinct first: blue,
/// orange, sky blue, vermillion, bluish green, yellow, reddish purple.
pub const OKABE_ITO: [Rgba; 7] = [
    Rgba::rgb(0x00, 0x72, 0xB2),
    Rgba::rgb(0xE6, 0x9F, 0x00),
    Rgba::rgb(0x56, 0xB4, 0xE9),
    Rgba::rgb(0xD5, 0x5E, 0x00),
    Rgba::rgb(0x00, 0x9E, 0x73),
    Rgba::rgb(0xF0, 0xE4, 0x42),
    Rgba::rgb(0xCC, 0x79, 0xA7),
];

/// The largest number of powers given distinct colours (Chess Wheel+ has
/// up to 12 players).
pub const MAX_POWERS: usize = 12;

/// The colours of `n` = `base.len()` powers in `palette`, in the order of
/// `base` (the variant's own colours).
///
/// - Classic: `base` itself.
/// - ColourBlind: for up to 7 powers, the subset of [`OKABE_ITO`] whose
///   closest pair is farthest apart for deuteranopes and protanopes, each
///   colour going to the power whose own colour it is nearest (so a red
///   power gets vermillion and a blue one blue where possible).
///
/// Fallback beyond 7 powers (and in Classic, for colours repeated in
/// `base`): the extra powers get a darker and then a lighter shade of the
///   colours already used (Okabe-Ito's for ColourBlind, `base`'s for
///   Classic), so that up to [`MAX_POWERS`] powers get pairwise different
///   colours; past 7 powers in ColourBlind, some pairs differ mainly in
///   lightness, and the power codes on plates and arrows carry the
///   distinction. An empty `base` gives no colours.
#[must_use]
pub fn power_colours(palette: Palette, base: &[Rgba]) -> Vec<Rgba> {
    match palette {
        Palette::Classic => distinct(base.to_vec()),
        Palette::ColourBlind if base.len() <= OKABE_ITO.len() => assign(base, &best_subset(base.len())),
        Palette::ColourBlind => {
            let mut out = assign(&base[..OKABE_ITO.len()], &OKABE_ITO);
            out.extend(std::iter::repeat_n(Rgba::rgb(0, 0, 0), base.len() - OKABE_ITO.len()));
            distinct_from(out, OKABE_ITO.len(), true)
        }
    }
}

/// Replaces repeated colours (from index 0) by shades of the earlier ones.
fn distinct(colours: Vec<Rgba>) -> Vec<Rgba> {
    let first_dup = (0..colours.len()).find(|&i| colours[..i].contains(&colours[i])).unwrap_or(colours.len());
    distinct_from(colours, first_dup, false)
}

/// Keeps `colours[..keep]` and fills every later entry that repeats an
/// earlier colour (every later entry if `all`) with shades: first darker,
/// then lighter versions of the kept colours in turn.
fn distinct_from(mut colours: Vec<Rgba>, keep: usize, all: bool) -> Vec<Rgba> {
    if keep == 0 || keep >= colours.len() {
        return colours;
    }
    let shades: Vec<Rgba> = (0..keep)
        .map(|i| colours[i].mix(Rgba::rgb(0, 0, 0), 0.45))
        .chain((0..keep).map(|i| colours[i].mix(Rgba::rgb(0xFF, 0xFF, 0xFF), 0.55)))
        .collect();
    let mut next = shades.iter().cycle();
    for i in keep..colours.len() {
        if all || colours[..i].contains(&colours[i]) {
            let mut c = *next.next().unwrap_or(&colours[i]);
            // Shades are distinct from the kept colours; a third round (past
            // 3 x keep powers) nudges until the colour is new.
            let mut k = 1u8;
            while colours[..i].contains(&c) {
                c = Rgba::rgb(c.0.wrapping_add(k * 17), c.1.wrapping_add(k * 29), c.2.wrapping_add(k * 41));
                k = k.wrapping_add(1);
            }
            colours[i] = c;
        }
    }
    colours
}

/// The `n` Okabe-Ito colours whose smallest difference, as deuteranopes and
/// protanopes see them, is largest (ties: the earlier subset in
/// [`OKABE_ITO`]'s order).
fn best_subset(n: usize) -> Vec<Rgba> {
    let k = OKABE_ITO.len();
    if n >= k {
        return OKABE_ITO.to_vec();
    }
    let mut best: Option<(f32, u32)> = None;
    for mask in 0u32..(1 << k) {
        if mask.count_ones() as usize != n {
            continue;
        }
        let chosen: Vec<Rgba> = (0..k).filter(|i| mask & (1 << i) != 0).map(|i| OKABE_ITO[i]).collect();
        let score = [Vision::Deuteranopia, Vision::Protanopia]
            .into_iter()
            .map(|v| min_distance(&chosen, v))
            .fold(f32::INFINITY, f32::min);
        if best.is_none_or(|(s, _)| score > s + 1e-3) {
            best = Some((score, mask));
        }
    }
    let mask = best.map_or(0, |(_, m)| m);
    (0..k).filter(|i| mask & (1 << i) != 0).map(|i| OKABE_ITO[i]).collect()
}

/// The smallest ΔE between two of `colours` as seen with `vision`
/// (infinite for fewer than two).
#[must_use]
pub fn min_distance(colours: &[Rgba], vision: Vision) -> f32 {
    let seen: Vec<Rgba> = colours.iter().map(|&c| simulate(c, vision)).collect();
    let mut m = f32::INFINITY;
    for i in 0..seen.len() {
        for j in i + 1..seen.len() {
            m = m.min(delta_e(seen[i], seen[j]));
        }
    }
    m
}

/// Gives each colour of `base` one of `choice` (`choice.len() >= base.len()`):
/// repeatedly the closest remaining (power, colour) pair.
fn assign(base: &[Rgba], choice: &[Rgba]) -> Vec<Rgba> {
    let mut out: Vec<Option<Rgba>> = vec![None; base.len()];
    let mut used = vec![false; choice.len()];
    for _ in 0..base.len() {
        let mut best: Option<(f32, usize, usize)> = None;
        for (i, &b) in base.iter().enumerate() {
            if out[i].is_some() {
                continue;
            }
            for (j, &c) in choice.iter().enumerate() {
                if used[j] {
                    continue;
                }
                let d = delta_e(b, c);
                if best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, i, j));
                }
            }
        }
        if let Some((_, i, j)) = best {
            out[i] = Some(choice[j]);
            used[j] = true;
        }
    }
    out.into_iter().map(|c| c.unwrap_or(Rgba::rgb(0x80, 0x80, 0x80))).collect()
}

/// Text colour (dark ink or white) that reads on `background`.
#[must_use]
pub fn text_on(background: Rgba) -> Rgba {
    if background.luminance() > 0.55 {
        Rgba::rgb(0x22, 0x22, 0x22)
    } else {
        Rgba::rgb(0xFF, 0xFF, 0xFF)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_keeps_the_variant_colours() {
        let base = [Rgba::rgb(0xD9, 0x53, 0x4F), Rgba::rgb(0x3F, 0xA6, 0x6B)];
        assert_eq!(power_colours(Palette::Classic, &base), base.to_vec());
    }

    #[test]
    fn colour_blind_gives_a_red_power_vermillion_and_a_blue_one_blue() {
        let base = [Rgba::rgb(0xD6, 0x3A, 0x3A), Rgba::rgb(0x1F, 0x6F, 0xD1)];
        let c = power_colours(Palette::ColourBlind, &base);
        assert!(c.iter().all(|x| OKABE_ITO.contains(x)), "{c:?}");
        assert!(c[1].2 > c[1].0, "the blue power stays bluish: {c:?}");
        assert!(c[0].0 > c[0].2, "the red power stays warm: {c:?}");
    }

    #[test]
    fn up_to_twelve_powers_get_distinct_colours_in_both_palettes() {
        for n in 1..=MAX_POWERS {
            // A variant whose powers all share one colour, and one with distinct colours.
            let same = vec![Rgba::rgb(0x40, 0x80, 0xC0); n];
            let spread: Vec<Rgba> = (0..n).map(|i| Rgba::rgb((i * 20) as u8, 0x80, (255 - i * 20) as u8)).collect();
            for base in [&same, &spread] {
                for p in [Palette::Classic, Palette::ColourBlind] {
                    let c = power_colours(p, base);
                    assert_eq!(c.len(), n);
                    for i in 0..n {
                        for j in i + 1..n {
                            assert!(delta_e(c[i], c[j]) > 5.0, "{p:?} n={n}: {i} {j} {c:?}");
                        }
                    }
                }
            }
        }
    }
}
