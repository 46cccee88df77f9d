//! How colours look to people with the common colour-vision deficiencies,
//! and how far apart two colours look: for tests and for choosing palettes
//! in which every pair of powers stays distinct.
//!
//! The simulation applies Machado, Oliveira and Fernandes' (2009) matrices
//! for full-severity dichromacy to linear RGB; the distance is CIE76 ΔE in
//! CIELAB under D65 (about 2.3 is a just-noticeable difference; colours
//! meant to be told apart at a glance want 20 or more).

use super::canvas::Rgba;

/// A kind of colour vision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Vision {
    /// Typical trichromatic vision.
    Normal,
    /// No green cones (the most common deficiency).
    Deuteranopia,
    /// No red cones.
    Protanopia,
    /// No blue cones (rare).
    Tritanopia,
}

impl Vision {
    /// Every kind, typical vision first.
    pub const ALL: [Vision; 4] = [Vision::Normal, Vision::Deuteranopia, Vision::Protanopia, Vision::Tritanopia];

    fn matrix(self) -> Option<[[f32; 3]; 3]> {
        match self {
            Vision::Normal => None,
            Vision::Protanopia => Some([
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ]),
            Vision::Deuteranopia => Some([
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ]),
            Vision::Tritanopia => Some([
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ]),
        }
    }
}

fn to_linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.040_45 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn to_srgb(c: f32) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let v = if c <= 0.003_130_8 { c * 12.92 } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 };
    (v * 255.0).round().clamp(0.0, 255.0) as u8
}

/// `c` as a person with `vision` sees it (alpha kept).
#[must_use]
pub fn simulate(c: Rgba, vision: Vision) -> Rgba {
    let Some(m) = vision.matrix() else { return c };
    let rgb = [to_linear(c.0), to_linear(c.1), to_linear(c.2)];
    let out: Vec<u8> = m.iter().map(|row| to_srgb(row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])).collect();
    Rgba(out[0], out[1], out[2], c.3)
}

/// CIELAB (D65) of an opaque sRGB colour.
#[must_use]
pub fn lab(c: Rgba) -> (f32, f32, f32) {
    let (r, g, b) = (to_linear(c.0), to_linear(c.1), to_linear(c.2));
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f32| if t > 0.008_856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    (116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz))
}

/// How far apart two colours look (CIE76 ΔE).
#[must_use]
pub fn delta_e(a: Rgba, b: Rgba) -> f32 {
    let (l1, a1, b1) = lab(a);
    let (l2, a2, b2) = lab(b);
    ((l1 - l2).powi(2) + (a1 - a2).powi(2) + (b1 - b2).powi(2)).sqrt()
}

/// The closest pair of `colours` as seen with `vision`: (ΔE, i, j). `None`
/// for fewer than two colours.
#[must_use]
pub fn closest_pair(colours: &[Rgba], vision: Vision) -> Option<(f32, usize, usize)> {
    let seen: Vec<Rgba> = colours.iter().map(|&c| simulate(c, vision)).collect();
    let mut best: Option<(f32, usize, usize)> = None;
    for i in 0..seen.len() {
        for j in i + 1..seen.len() {
            let d = delta_e(seen[i], seen[j]);
            if best.is_none_or(|(b, _, _)| d < b) {
                best = Some((d, i, j));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grey_stays_grey_and_white_is_white() {
        for v in Vision::ALL {
            let g = simulate(Rgba::rgb(128, 128, 128), v);
            assert!((i32::from(g.0) - 128).abs() <= 2 && (i32::from(g.2) - 128).abs() <= 2, "{v:?}: {g:?}");
        }
        let (l, a, b) = lab(Rgba::rgb(255, 255, 255));
        assert!((l - 100.0).abs() < 0.5 && a.abs() < 0.5 && b.abs() < 0.5, "{l} {a} {b}");
    }

    #[test]
    fn red_and_green_merge_for_deuteranopes_but_not_blue_and_orange() {
        let (red, green) = (Rgba::rgb(0xD6, 0x3A, 0x3A), Rgba::rgb(0x2F, 0x9E, 0x44));
        let normal = delta_e(red, green);
        let deut = delta_e(simulate(red, Vision::Deuteranopia), simulate(green, Vision::Deuteranopia));
        assert!(normal > 60.0 && deut < normal / 2.0, "normal {normal}, deuteranopia {deut}");
        let (blue, orange) = (Rgba::rgb(0x00, 0x72, 0xB2), Rgba::rgb(0xE6, 0x9F, 0x00));
        let d = delta_e(simulate(blue, Vision::Deuteranopia), simulate(orange, Vision::Deuteranopia));
        assert!(d > 40.0, "{d}");
        let (d, i, j) = closest_pair(&[red, blue, green], Vision::Deuteranopia).expect("pair");
        assert_eq!((i, j), (0, 2), "{d}");
    }
}
