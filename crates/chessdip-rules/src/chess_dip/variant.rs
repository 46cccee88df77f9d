//! Variant data for the Diplomacy-style games: boards, centers, powers, setups.
//!
//! A variant is a TOML file under `assets/variants/`. [`VariantFile`] is the
//! file as written; [`Variant`] is the checked form the rules work with, made
//! only by [`Variant::from_toml`] (or [`Variant::builtin`]).

use std::fmt;

use serde::Deserialize;
use thiserror::Error;

use crate::power::{Facing, PowerId, Side};
use crate::role::Role;
use crate::square::{Board, Square, MAX_SIDE};
use crate::square_set::SquareSet;

/// The variants shipped with the program, by id, with their TOML text.
pub const BUILTIN: &[(&str, &str)] = &[
    ("chesspolitik4", include_str!("../../../../assets/variants/chesspolitik4.toml")),
    ("chesspolitik2", include_str!("../../../../assets/variants/chesspolitik2.toml")),
    ("chessdip", include_str!("../../../../assets/variants/chessdip.toml")),
];

/// An RGB colour, written `#rrggbb` in variant files.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Colour(pub [u8; 3]);

impl Colour {
    fn parse(s: &str) -> Option<Colour> {
        let hex = s.strip_prefix('#')?;
        if hex.len() != 6 || !hex.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Colour([byte(0)?, byte(2)?, byte(4)?]))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

/// A variant file as written, before any checking.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// Short id used in commands and scenario files (`chesspolitik4`).
    pub id: String,
    /// Display name (`Chesspolitik`).
    pub name: String,
    /// One line for help texts.
    #[serde(default)]
    pub description: String,
    /// Number of files, 1..=8.
    pub files: u8,
    /// Number of ranks, 1..=8.
    pub ranks: u8,
    /// Piece letters in play (`["K", "N"]`).
    pub roles: Vec<String>,
    /// Piece letters that may be built in Winter; defaults to `roles`.
    #[serde(default)]
    pub buildable: Option<Vec<String>>,
    /// Centers needed for a solo victory.
    pub solo: u32,
    /// The first year's number.
    pub first_year: u32,
    /// Names of the two movement seasons and the adjustment season.
    pub seasons: [String; 3],
    /// Every supply center.
    pub centers: Vec<String>,
    /// Whether kings and rooks may castle (`O-O`, `O-O-O`).
    #[serde(default)]
    pub castling: bool,
    /// Whether pawns may capture en passant.
    #[serde(default)]
    pub en_passant: bool,
    /// Whether pawns on their last rank are promoted in Winter.
    #[serde(default)]
    pub promotion: bool,
    /// The powers, in their canonical order.
    pub powers: Vec<PowerFile>,
}

/// One power of a [`VariantFile`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerFile {
    /// Full name (`Mughal Empire`).
    pub name: String,
    /// Drawing colour, `#rrggbb`.
    pub colour: String,
    /// Light (`white`) or dark (`black`) pieces.
    pub side: Side,
    /// The direction away from its home edge.
    pub facing: Facing,
    /// Home centers: the civil-disorder distance is measured from these.
    pub homes: Vec<String>,
    /// Centers where it may build once it owns them; defaults to `homes`.
    #[serde(default)]
    pub build_zone: Option<Vec<String>>,
    /// Centers owned at the start; defaults to `homes`.
    #[serde(default)]
    pub centers: Option<Vec<String>>,
    /// Starting pieces, `"K d1"`.
    pub units: Vec<String>,
}

/// A checked power.
#[derive(Debug, Clone)]
pub struct PowerDef {
    /// Full name.
    pub name: String,
    /// Drawing colour.
    pub colour: Colour,
    /// Light or dark pieces.
    pub side: Side,
    /// Which way its pawns advance.
    pub facing: Facing,
    /// Home centers.
    pub homes: SquareSet,
    /// Where it may build (before promotions add homes).
    pub build_zone: SquareSet,
    /// Centers owned at the start.
    pub start_centers: SquareSet,
    /// Starting pieces.
    pub start_units: Vec<(Role, Square)>,
    /// The square its king starts on (the "king square" of castling), if it has one king.
    pub king_square: Option<Square>,
}

/// A checked variant of the Diplomacy-style games.
#[derive(Debug, Clone)]
pub struct Variant {
    /// Short id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One line for help texts.
    pub description: String,
    /// The board's size.
    pub board: Board,
    /// Piece kinds in play.
    pub roles: Vec<Role>,
    /// Piece kinds that may be built.
    pub buildable: Vec<Role>,
    /// Centers needed to win alone.
    pub solo: u32,
    /// The first year.
    pub first_year: u32,
    /// Season display names: movement, movement, adjustments.
    pub seasons: [String; 3],
    /// All supply centers.
    pub centers: SquareSet,
    /// Rule policy: castling allowed.
    pub castling: bool,
    /// Rule policy: en passant allowed.
    pub en_passant: bool,
    /// Rule policy: pawns promote on their last rank.
    pub promotion: bool,
    /// The powers.
    pub powers: Vec<PowerDef>,
}

/// What is wrong with a variant file.
#[derive(Debug, Error)]
pub enum VariantError {
    /// Not valid TOML or missing/mistyped keys.
    #[error("variant file is not valid: {0}")]
    Toml(#[from] toml::de::Error),
    /// No built-in variant of that id.
    #[error("there is no variant `{id}`; known variants: {known}")]
    Unknown {
        /// What was asked for.
        id: String,
        /// The ids that exist.
        known: String,
    },
    /// A semantic problem, with where it is.
    #[error("variant `{id}`: {problem}")]
    Invalid {
        /// The variant's id.
        id: String,
        /// What is wrong and where.
        problem: String,
    },
}

impl Variant {
    /// Loads a built-in variant by id (`chesspolitik4`, `chesspolitik2`, ...).
    ///
    /// # Errors
    /// [`VariantError::Unknown`] for an unknown id; other variants if the
    /// shipped file is broken (a test guards against that).
    pub fn builtin(id: &str) -> Result<Variant, VariantError> {
        let key = id.trim().to_ascii_lowercase();
        match BUILTIN.iter().find(|(name, _)| *name == key) {
            Some((_, text)) => Variant::from_toml(text),
            None => Err(VariantError::Unknown {
                id: id.to_string(),
                known: BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
            }),
        }
    }

    /// A built-in variant read once for the whole process and shared: the
    /// game master builds a game for every command, and each would
    /// otherwise read its variant's TOML again.
    ///
    /// # Errors
    /// An unknown id, or a built-in file that does not read (as [`Variant::builtin`]).
    pub fn shared(id: &str) -> Result<std::sync::Arc<Variant>, String> {
        use std::collections::HashMap;
        use std::sync::{Arc, LazyLock};
        type Built = HashMap<&'static str, Result<Arc<Variant>, String>>;
        static BUILT: LazyLock<Built> = LazyLock::new(|| {
            BUILTIN
                .iter()
                .map(|(name, text)| (*name, Variant::from_toml(text).map(Arc::new).map_err(|e| e.to_string())))
                .collect()
        });
        let key = id.trim().to_ascii_lowercase();
        match BUILT.get(key.as_str()) {
            Some(built) => built.clone(),
            None => Err(Variant::builtin(id)
                .err()
                .map_or_else(|| format!("variant `{id}` is not available"), |e| e.to_string())),
        }
    }

    /// Reads and checks a variant file.
    ///
    /// # Errors
    /// [`VariantError`] naming the first problem found.
    pub fn from_toml(text: &str) -> Result<Variant, VariantError> {
        let file: VariantFile = toml::from_str(text)?;
        Variant::from_file(file)
    }

    /// Checks a parsed variant file.
    ///
    /// # Errors
    /// [`VariantError::Invalid`] naming the first problem found.
    pub fn from_file(file: VariantFile) -> Result<Variant, VariantError> {
        let id = file.id.clone();
        let bad = |problem: String| VariantError::Invalid { id: id.clone(), problem };
        if file.files == 0 || file.files > MAX_SIDE || file.ranks == 0 || file.ranks > MAX_SIDE {
            return Err(bad(format!("the board is {}x{}; boards must be between 1x1 and 8x8", file.files, file.ranks)));
        }
        let board = Board { files: file.files, ranks: file.ranks };
        let square = |what: &str, s: &str| board.parse_square(s).map_err(|e| bad(format!("{what}: {e}")));
        let role = |what: &str, s: &str| {
            let mut cs = s.trim().chars();
            match (cs.next().and_then(Role::from_char), cs.next()) {
                (Some(r), None) => Ok(r),
                _ => Err(bad(format!("{what}: `{s}` is not a piece letter (K Q R B N P)"))),
            }
        };
        let roles = file.roles.iter().map(|r| role("roles", r)).collect::<Result<Vec<_>, _>>()?;
        if roles.is_empty() {
            return Err(bad("roles: at least one piece kind is needed".into()));
        }
        let buildable = match &file.buildable {
            Some(list) => list.iter().map(|r| role("buildable", r)).collect::<Result<Vec<_>, _>>()?,
            None => roles.clone(),
        };
        let needs = |flag: bool, role: Role, what: &str| {
            if flag && !roles.contains(&role) {
                Err(bad(format!("{what} needs {}s among the roles", role.name())))
            } else {
                Ok(())
            }
        };
        needs(file.castling, Role::Rook, "castling")?;
        needs(file.castling, Role::King, "castling")?;
        needs(file.en_passant, Role::Pawn, "en passant")?;
        needs(file.promotion, Role::Pawn, "promotion")?;
        needs(file.promotion, Role::Knight, "promotion (unordered pawns become knights)")?;
        if let Some(r) = buildable.iter().find(|r| !roles.contains(r)) {
            return Err(bad(format!("buildable: {} is not among the roles in play", r.name())));
        }
        let mut centers = SquareSet::EMPTY;
        for c in &file.centers {
            if !centers.insert(square("centers", c)?) {
                return Err(bad(format!("centers: {c} is listed twice")));
            }
        }
        if file.solo == 0 || file.solo as usize > centers.len() {
            return Err(bad(format!("solo is {} but the board has {} centers", file.solo, centers.len())));
        }
        if file.powers.is_empty() || file.powers.len() > 8 {
            return Err(bad(format!("a variant needs 1 to 8 powers, not {}", file.powers.len())));
        }
        let mut powers = Vec::with_capacity(file.powers.len());
        let mut occupied = SquareSet::EMPTY;
        let mut owned = SquareSet::EMPTY;
        for p in &file.powers {
            let name = p.name.trim().to_string();
            if name.is_empty() {
                return Err(bad("a power has an empty name".into()));
            }
            if powers.iter().any(|q: &PowerDef| q.name.eq_ignore_ascii_case(&name)) {
                return Err(bad(format!("two powers are named {name}")));
            }
            let colour = Colour::parse(&p.colour)
                .ok_or_else(|| bad(format!("{name}: colour `{}` is not of the form #rrggbb", p.colour)))?;
            let center_set = |what: &str, list: &[String]| -> Result<SquareSet, VariantError> {
                let mut set = SquareSet::EMPTY;
                for s in list {
                    let sq = square(&format!("{name} {what}"), s)?;
                    if !centers.contains(sq) {
                        return Err(bad(format!("{name}: {what} {sq} is not a supply center")));
                    }
                    set.insert(sq);
                }
                Ok(set)
            };
            let homes = center_set("home", &p.homes)?;
            let build_zone = match &p.build_zone {
                Some(z) => center_set("build zone", z)?,
                None => homes,
            };
            let start_centers = match &p.centers {
                Some(c) => center_set("starting center", c)?,
                None => homes,
            };
            for c in start_centers.iter() {
                if !owned.insert(c) {
                    return Err(bad(format!("{name}: starting center {c} is owned by another power too")));
                }
            }
            let mut start_units = Vec::new();
            for u in &p.units {
                let mut parts = u.split_whitespace();
                let (Some(r), Some(s), None) = (parts.next(), parts.next(), parts.next()) else {
                    return Err(bad(format!("{name}: unit `{u}` should look like `K d1`")));
                };
                let r = role(&format!("{name} unit"), r)?;
                if !roles.contains(&r) {
                    return Err(bad(format!("{name}: unit `{u}`: {} is not in play", r.name())));
                }
                let s = square(&format!("{name} unit"), s)?;
                if !occupied.insert(s) {
                    return Err(bad(format!("{name}: unit `{u}`: {s} already holds a piece")));
                }
                start_units.push((r, s));
            }
            let mut kings = start_units.iter().filter(|(r, _)| *r == Role::King);
            let king_square = match (kings.next(), kings.next()) {
                (Some(&(_, sq)), None) => Some(sq),
                _ => None,
            };
            if file.castling && king_square.is_none() {
                return Err(bad(format!("{name}: castling needs exactly one starting king")));
            }
            powers.push(PowerDef {
                king_square,
                name,
                colour,
                side: p.side,
                facing: p.facing,
                homes,
                build_zone,
                start_centers,
                start_units,
            });
        }
        Ok(Variant {
            id: file.id,
            name: file.name,
            description: file.description,
            board,
            roles,
            buildable,
            solo: file.solo,
            first_year: file.first_year,
            seasons: file.seasons,
            centers,
            castling: file.castling,
            en_passant: file.en_passant,
            promotion: file.promotion,
            powers,
        })
    }

    /// The power with this name, case-insensitively; a unique prefix or a
    /// unique word of the name also matches (`mughal`, `Russia`).
    #[must_use]
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        let names: Vec<&str> = self.powers.iter().map(|p| p.name.as_str()).collect();
        let found = crate::family::find_name(&names, name)?;
        names.iter().position(|n| *n == found).map(|i| PowerId(i as u8))
    }

    /// The power's definition.
    #[must_use]
    pub fn power(&self, p: PowerId) -> &PowerDef {
        &self.powers[p.index()]
    }

    /// Every power id.
    pub fn power_ids(&self) -> impl Iterator<Item = PowerId> {
        (0..self.powers.len()).map(|i| PowerId(i as u8))
    }

    /// The names of all powers, comma-separated, for error messages.
    #[must_use]
    pub fn power_names(&self) -> String {
        self.powers.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ")
    }

    /// Whether pieces of this kind are in play.
    #[must_use]
    pub fn has_role(&self, r: Role) -> bool {
        self.roles.contains(&r)
    }

    /// The roles in play as readable text ("kings and knights").
    #[must_use]
    pub fn roles_text(&self) -> String {
        let names: Vec<String> = self.roles.iter().map(|r| format!("{}s", r.name())).collect();
        crate::words::join_and(&names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_builtin_is_read_once_and_shared() {
        let a = Variant::shared("chessdip").expect("chessdip");
        let b = Variant::shared(" ChessDip ").expect("the same id");
        assert!(std::sync::Arc::ptr_eq(&a, &b), "one variant for the process");
        let e = Variant::shared("backgammon").expect_err("unknown");
        assert!(e.contains("there is no variant `backgammon`") && e.contains("chessdip"), "{e}");
    }

    #[test]
    fn builtins_load() {
        for (id, _) in BUILTIN {
            let v = Variant::builtin(id).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(&v.id, id);
        }
    }

    #[test]
    fn chesspolitik4_matches_the_rulings() {
        let v = Variant::builtin("chesspolitik4").unwrap();
        assert_eq!(v.centers.len(), 32);
        assert!(v.centers.iter().all(Square::is_dark));
        assert_eq!(v.solo, 17);
        assert_eq!(v.first_year, 1601);
        let mughal = v.power(v.power_by_name("mughal").unwrap());
        assert_eq!(mughal.homes.len(), 5);
        assert_eq!(mughal.build_zone.len(), 8);
        assert_eq!(mughal.start_units.len(), 4);
        assert_eq!(v.power_by_name("russia"), v.power_by_name("Tsardom of Russia"));
        assert_eq!(v.roles_text(), "kings and knights");
    }

    #[test]
    fn chesspolitik2_matches_the_rulings() {
        let v = Variant::builtin("chesspolitik2").unwrap();
        assert_eq!(v.board, Board { files: 6, ranks: 6 });
        assert_eq!(v.centers.len(), 18);
        assert_eq!(v.solo, 12);
        assert_eq!(v.powers.len(), 2);
    }

    #[test]
    fn chessdip_matches_the_rulings() {
        let v = Variant::builtin("chessdip").unwrap();
        assert_eq!(v.centers.len(), 29);
        assert_eq!(v.solo, 15);
        assert_eq!(v.first_year, 1);
        assert!(v.castling && v.en_passant && v.promotion);
        let owned: usize = v.powers.iter().map(|p| p.start_centers.len()).sum();
        assert_eq!(owned, 12);
        for p in &v.powers {
            assert_eq!(p.homes.len(), 9, "{}", p.name);
            for &(_, sq) in &p.start_units {
                assert!(p.start_centers.contains(sq), "{} starts on its own center {sq}", p.name);
            }
        }
        let england = v.power(v.power_by_name("england").unwrap());
        assert_eq!(england.king_square, Some("d1".parse().unwrap()));
    }

    #[test]
    fn bad_files_are_explained() {
        let (_, text) = BUILTIN[0];
        let broken = text.replacen("solo = 17", "solo = 40", 1);
        let e = Variant::from_toml(&broken).unwrap_err().to_string();
        assert!(e.contains("solo is 40 but the board has 32 centers"), "{e}");
        let broken = text.replacen("\"K d1\"", "\"K d9\"", 1);
        let e = Variant::from_toml(&broken).unwrap_err().to_string();
        assert!(e.contains("no square d9"), "{e}");
        let broken = text.replacen("\"K d1\"", "\"N b1\"", 1);
        let e = Variant::from_toml(&broken).unwrap_err().to_string();
        assert!(e.contains("b1 already holds a piece"), "{e}");
        assert!(matches!(Variant::builtin("nope"), Err(VariantError::Unknown { .. })));
    }
}
