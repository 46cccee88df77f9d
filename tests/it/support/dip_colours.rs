//! The Chess Dip and Chesspolitik powers' colours as the renderer draws
//! them, shared by the image and animation tests.
#![allow(dead_code)]

use chessdip_render::canvas::Rgba;
use chessdip_render::chess_dip as rdip;
use chessdip_render::Palette;
use chessdip_rules::chess_dip::Variant;

/// The colour of the power `name` of `v` in `palette`.
pub fn colour(v: &Variant, palette: Palette, name: &str) -> Rgba {
    let i = v.powers.iter().position(|p| p.name == name).expect("power");
    rdip::power_colours(v, palette)[i]
}
