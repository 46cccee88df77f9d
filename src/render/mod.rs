//! Board images (pure: a state and a phase report in, PNG bytes out).
//!
//! [`canvas`] is the drawing surface (tiny-skia shapes, DejaVu text and
//! chess glyphs, PNG encoding); [`dip`] draws the square-board Diplomacy
//! games, [`simul`] the Diplomacy Chess board, [`diplomat`] the circular
//! Diplomat Chess board and [`wheel`] Chess Wheel+'s boards around their
//! shared hub. A resolved movement phase gives two images: the orders with
//! their outcomes on the old position ([`Stage::Orders`]) and the new
//! position ([`Stage::Result`]).

pub mod canvas;
pub mod dip;
pub mod diplomat;
pub mod simul;
pub mod wheel;

/// Order colours.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// webDiplomacy's: moves red, support-hold green, support-move yellow, convoys blue.
    #[default]
    Classic,
    /// Okabe-Ito colours, safe for the common colour-vision deficiencies.
    ColourBlind,
}

impl std::str::FromStr for Palette {
    type Err = String;
    fn from_str(s: &str) -> Result<Palette, String> {
        match s.to_ascii_lowercase().replace(['-', '_', ' '], "").as_str() {
            "classic" => Ok(Palette::Classic),
            "colourblind" | "colorblind" | "cb" => Ok(Palette::ColourBlind),
            _ => Err(format!("unknown palette `{s}`: use classic or colour-blind")),
        }
    }
}

/// How to draw.
#[derive(Clone, Debug)]
pub struct Style {
    /// Image width in pixels (the height follows from the board).
    pub width: u32,
    /// Order colours.
    pub palette: Palette,
    /// The game's name for the title, if any.
    pub title: Option<String>,
}

impl Default for Style {
    fn default() -> Style {
        Style { width: 1024, palette: Palette::Classic, title: None }
    }
}

/// Which of a phase's two images.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The orders and their outcomes, on the position before the phase.
    Orders,
    /// The position after the phase.
    Result,
}

impl std::str::FromStr for Stage {
    type Err = String;
    fn from_str(s: &str) -> Result<Stage, String> {
        match s.to_ascii_lowercase().as_str() {
            "orders" => Ok(Stage::Orders),
            "result" => Ok(Stage::Result),
            _ => Err(format!("unknown stage `{s}`: use orders or result")),
        }
    }
}
