//! The colours every board image shares: the squares, the ink and white of
//! pieces and marks, the dark background and the light text on it. Each
//! renderer adds its own few (a hole, a faded line, a neutral badge).

use super::canvas::Rgba;

/// The light squares (Chess Dip, Chesspolitik, Diplomacy Chess, Diplomat Chess).
pub const LIGHT: Rgba = Rgba::rgb(0xF0, 0xD9, 0xB5);
/// The dark squares (Chess Dip, Chesspolitik, Diplomacy Chess, Diplomat Chess).
pub const DARK: Rgba = Rgba::rgb(0xB5, 0x88, 0x63);
/// Dark ink: piece lines, outlines, crosses.
pub const INK: Rgba = Rgba::rgb(0x22, 0x22, 0x22);
/// White: piece bodies, badge rims, text on dark marks.
pub const WHITE: Rgba = Rgba::rgb(0xFF, 0xFF, 0xFF);
/// The background around every board.
pub const BACKGROUND: Rgba = Rgba::rgb(0x2B, 0x2D, 0x31);
/// Text on the background: titles, legends, lists.
pub const TEXT: Rgba = Rgba::rgb(0xEE, 0xEE, 0xEE);
