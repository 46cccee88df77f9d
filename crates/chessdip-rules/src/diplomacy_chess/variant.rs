//! The variant and its modes, built from the game's creation options.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::resolve::Return;

/// How many moves a turn has and how they run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// One move each per turn, both at once.
    #[default]
    Basic,
    /// Turn n: n moves each, run step by step (both players' first moves
    /// together, then the second moves...).
    Progressive,
    /// Turn n: n moves each, all at once; bounced pieces travel back.
    SimultaneousProgressive,
}

impl Mode {
    /// Every mode, in the order the help lists them.
    pub const ALL: [Mode; 3] = [Mode::Basic, Mode::Progressive, Mode::SimultaneousProgressive];

    /// The option value: `basic`, `progressive`, `simultaneous-progressive`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Mode::Basic => "basic",
            Mode::Progressive => "progressive",
            Mode::SimultaneousProgressive => "simultaneous-progressive",
        }
    }

    /// How many moves each player gives in `turn` (1-based).
    #[must_use]
    pub fn moves_in(self, turn: u32) -> usize {
        match self {
            Mode::Basic => 1,
            Mode::Progressive | Mode::SimultaneousProgressive => turn.max(1) as usize,
        }
    }

    /// How failed pieces get back.
    #[must_use]
    pub const fn bounce(self) -> Return {
        match self {
            Mode::SimultaneousProgressive => Return::Travel,
            Mode::Basic | Mode::Progressive => Return::Instant,
        }
    }

    /// Whether several moves run one after the other.
    #[must_use]
    pub const fn stepwise(self) -> bool {
        matches!(self, Mode::Progressive)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Mode {
    type Err = String;

    fn from_str(s: &str) -> Result<Mode, String> {
        let t = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        match t.as_str() {
            "basic" | "" => Ok(Mode::Basic),
            "progressive" => Ok(Mode::Progressive),
            "simultaneous-progressive" | "simultaneously-progressive" | "simultaneous" => {
                Ok(Mode::SimultaneousProgressive)
            }
            _ => Err(format!(
                "unknown mode `{}`: Diplomacy Chess modes are basic, progressive and simultaneous-progressive",
                s.trim()
            )),
        }
    }
}

/// Diplomacy Chess with its mode.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variant {
    /// The mode.
    pub mode: Mode,
}

impl Variant {
    /// The variant id.
    pub const ID: &'static str = "diplomacy-chess";
    /// The display name.
    pub const NAME: &'static str = "Diplomacy Chess";
    /// The powers, in seat order.
    pub const POWERS: [&'static str; 2] = ["White", "Black"];

    /// Builds the variant from the game's options: `mode=basic|progressive|simultaneous-progressive`
    /// (default basic).
    ///
    /// # Errors
    /// A message naming the unknown option or value and what is allowed.
    pub fn new(options: &BTreeMap<String, String>) -> Result<Variant, String> {
        let mut v = Variant::default();
        for (key, value) in options {
            match key.trim().to_ascii_lowercase().as_str() {
                "mode" => v.mode = value.parse()?,
                other => {
                    return Err(format!(
                        "Diplomacy Chess has no option `{other}`: its only option is mode=basic|progressive|simultaneous-progressive"
                    ))
                }
            }
        }
        Ok(v)
    }

    /// The variant in `mode`.
    #[must_use]
    pub fn with_mode(mode: Mode) -> Variant {
        Variant { mode }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options() {
        let mut o = BTreeMap::new();
        assert_eq!(Variant::new(&o).expect("default").mode, Mode::Basic);
        o.insert("mode".to_string(), "Simultaneous-Progressive".to_string());
        assert_eq!(Variant::new(&o).expect("sp").mode, Mode::SimultaneousProgressive);
        o.insert("mode".to_string(), "fast".to_string());
        let e = Variant::new(&o).unwrap_err();
        assert!(e.contains("basic, progressive and simultaneous-progressive"), "{e}");
        let mut o = BTreeMap::new();
        o.insert("colour".to_string(), "x".to_string());
        assert!(Variant::new(&o).unwrap_err().contains("only option is mode"));
        assert_eq!(Mode::Progressive.moves_in(3), 3);
        assert_eq!(Mode::Basic.moves_in(3), 1);
    }
}
