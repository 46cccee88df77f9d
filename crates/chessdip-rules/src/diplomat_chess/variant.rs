//! The variant and its creation options: what a suborn does.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// What happens to a suborned piece (the seed's main rule and its two
/// subvariants).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SubornRule {
    /// The piece changes colour and stays where it is (the standard rule).
    #[default]
    Convert,
    /// The piece is taken off the board.
    Remove,
    /// The piece is taken off the board into the suborner's hand, to be
    /// dropped later as one of its moves.
    Drop,
}

impl SubornRule {
    /// The option value: `convert`, `remove`, `drop`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SubornRule::Convert => "convert",
            SubornRule::Remove => "remove",
            SubornRule::Drop => "drop",
        }
    }
}

impl fmt::Display for SubornRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

const SUBORN_CHOICES: &str =
    "convert (the suborned piece changes colour: the standard rule), remove (it leaves the board) \
     or drop (it leaves the board for the suborner's hand and may be dropped later)";

impl FromStr for SubornRule {
    type Err = String;
    fn from_str(s: &str) -> Result<SubornRule, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "convert" | "change" | "colour" | "color" | "standard" => Ok(SubornRule::Convert),
            "remove" | "removed" => Ok(SubornRule::Remove),
            "drop" | "drops" => Ok(SubornRule::Drop),
            other => Err(format!("suborn={other} is not a choice: use {SUBORN_CHOICES}")),
        }
    }
}

/// Diplomat Chess with its options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variant {
    suborn: SubornRule,
}

impl Variant {
    /// The variant id.
    pub const ID: &'static str = "diplomat-chess";
    /// The display name.
    pub const NAME: &'static str = "Diplomat Chess";
    /// The options `new` takes, as `key=a|b` with the default first.
    pub const OPTIONS: &'static [&'static str] = &["suborn=convert|remove|drop"];

    /// The variant with `options` (keys and values case-insensitive):
    /// `suborn=convert` (default), `suborn=remove` or `suborn=drop`.
    ///
    /// # Errors
    /// An unknown option or value, with what is allowed.
    pub fn new(options: &BTreeMap<String, String>) -> Result<Variant, String> {
        let mut v = Variant::default();
        for (key, value) in options {
            match key.trim().to_ascii_lowercase().as_str() {
                "suborn" => v.suborn = value.parse()?,
                other => {
                    return Err(format!(
                        "Diplomat Chess has no option `{other}`: its only option is suborn= {SUBORN_CHOICES}"
                    ))
                }
            }
        }
        Ok(v)
    }

    /// The variant with suborn rule `rule`.
    #[must_use]
    pub const fn with_rule(rule: SubornRule) -> Variant {
        Variant { suborn: rule }
    }

    /// What a suborn does in this game.
    #[must_use]
    pub const fn suborn_rule(&self) -> SubornRule {
        self.suborn
    }

    /// The options as `new` takes them (empty for the standard game).
    #[must_use]
    pub fn options(&self) -> BTreeMap<String, String> {
        let mut m = BTreeMap::new();
        if self.suborn != SubornRule::Convert {
            m.insert("suborn".to_string(), self.suborn.name().to_string());
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect()
    }

    #[test]
    fn options() {
        assert_eq!(Variant::new(&opts(&[])).map(|v| v.suborn_rule()), Ok(SubornRule::Convert));
        assert_eq!(Variant::new(&opts(&[("Suborn", "DROP")])).map(|v| v.suborn_rule()), Ok(SubornRule::Drop));
        assert_eq!(
            Variant::new(&opts(&[("suborn", "remove")])).map(|v| v.options()),
            Ok(opts(&[("suborn", "remove")]))
        );
        let e = Variant::new(&opts(&[("suborn", "eat")])).expect_err("bad value");
        assert!(e.contains("convert") && e.contains("remove") && e.contains("drop"), "{e}");
        let e = Variant::new(&opts(&[("mode", "fast")])).expect_err("bad key");
        assert!(e.contains("no option `mode`") && e.contains("suborn="), "{e}");
    }
}
