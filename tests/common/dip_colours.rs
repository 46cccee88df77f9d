//! The Chess Dip and Chesspolitik powers' colours as the renderer draws
//! them, shared by the image and animation tests.
#![allow(dead_code)]

use chessdip::render::canvas::Rgba;
use chessdip::render::dip as rdip;
use chessdip::render::Palette;
use chessdip::rules::dip::Variant;

/// The colour of the power `name` of `v` in `palette`.
pub fn colour(v: &Variant, palette: Palette, name: &str) -> Rgba {
    let i = v.powers.iter().position(|p| p.name == name).expect("power");
    rdip::power_colours(v, palette)[i]
}
