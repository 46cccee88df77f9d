//! The disk: 14 radii (`a`..`n`) of three cells, crowns 1 (outer) to 3
//! (inner), and the centre `4`, with the neighbour and line tables every
//! piece moves by (built once).
//!
//! Geometry (`docs/rules/diplomat-chess.md`): orthogonal neighbours share a radius (crown +-1) or a
//! crown (radius +-1, `n` wrapping to `a`); diagonal neighbours differ by one
//! in both. The centre is orthogonally and diagonally adjacent to all 14
//! crown-3 cells. A line entering the centre from a crown-3 cell leaves it by
//! the opposite cell (radius +7); a diagonal keeps its rotational sense.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// Number of radii.
pub const RADII: u8 = 14;
/// Number of cells (42 on the radii and the centre).
pub const CELLS: usize = 43;

/// A radius, `a` = 0 .. `n` = 13.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Radius(u8);

impl Radius {
    /// Radius `d`, White's king's (a central radius).
    pub const D: Radius = Radius(3);
    /// Radius `k`, Black's king's (a central radius).
    pub const K: Radius = Radius(10);

    /// Whether pawns find no forward circular sense here: `d` and `k`.
    #[must_use]
    pub const fn is_central(self) -> bool {
        self.0 == 3 || self.0 == 10
    }

    /// The radius with index `i` (0 = `a`), if below 14.
    #[must_use]
    pub const fn new(i: u8) -> Option<Radius> {
        if i < RADII {
            Some(Radius(i))
        } else {
            None
        }
    }

    /// The radius for a letter `a`..`n` (either case).
    #[must_use]
    pub fn from_char(c: char) -> Option<Radius> {
        let c = c.to_ascii_lowercase();
        ('a'..='n').contains(&c).then(|| Radius(c as u8 - b'a'))
    }

    /// Zero-based index.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The letter, `a`..`n`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The radius `steps` away in the sense `rot` (wrapping).
    #[must_use]
    pub const fn step(self, rot: Rot, steps: u8) -> Radius {
        let s = steps % RADII;
        match rot {
            Rot::Ascending => Radius((self.0 + s) % RADII),
            Rot::Descending => Radius((self.0 + RADII - s) % RADII),
        }
    }

    /// The radius across the centre (+7).
    #[must_use]
    pub const fn opposite(self) -> Radius {
        Radius((self.0 + 7) % RADII)
    }

    /// All radii, `a` first.
    pub fn all() -> impl Iterator<Item = Radius> {
        (0..RADII).map(Radius)
    }
}

/// A sense of rotation around the disk.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rot {
    /// Towards later letters: `a` -> `b`, `n` -> `a`.
    Ascending,
    /// Towards earlier letters: `b` -> `a`, `a` -> `n`.
    Descending,
}

impl Rot {
    /// Both senses.
    pub const BOTH: [Rot; 2] = [Rot::Ascending, Rot::Descending];

    /// The other sense.
    #[must_use]
    pub const fn reverse(self) -> Rot {
        match self {
            Rot::Ascending => Rot::Descending,
            Rot::Descending => Rot::Ascending,
        }
    }

    /// The word used in scenario files and messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rot::Ascending => "ascending",
            Rot::Descending => "descending",
        }
    }

    /// The sense from radius `a` to the next radius `b` (one step apart), if they are neighbours.
    #[must_use]
    pub fn between(a: Radius, b: Radius) -> Option<Rot> {
        if a.step(Rot::Ascending, 1) == b {
            Some(Rot::Ascending)
        } else if a.step(Rot::Descending, 1) == b {
            Some(Rot::Descending)
        } else {
            None
        }
    }
}

/// A cell of the disk: index `radius * 3 + crown - 1` for the 42 cells on
/// the radii, 42 for the centre.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The centre, written `4`.
    pub const CENTRE: Cell = Cell(42);

    /// The cell on `radius` in `crown` (1 outer .. 3 inner); crown 4 is the centre.
    #[must_use]
    pub const fn new(radius: Radius, crown: u8) -> Option<Cell> {
        match crown {
            1..=3 => Some(Cell(radius.0 * 3 + crown - 1)),
            4 => Some(Cell::CENTRE),
            _ => None,
        }
    }

    /// The cell with index `i` (0..43).
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i < CELLS {
            Some(Cell(i as u8))
        } else {
            None
        }
    }

    /// The index, for tables (0..43).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is the centre.
    #[must_use]
    pub const fn is_centre(self) -> bool {
        self.0 == 42
    }

    /// The radius (none for the centre).
    #[must_use]
    pub const fn radius(self) -> Option<Radius> {
        if self.is_centre() {
            None
        } else {
            Some(Radius(self.0 / 3))
        }
    }

    /// The crown: 1 (outer), 2, 3 (inner) or 4 (the centre).
    #[must_use]
    pub const fn crown(self) -> u8 {
        if self.is_centre() {
            4
        } else {
            self.0 % 3 + 1
        }
    }

    /// Every cell, `a1` first, the centre last.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// Whether the cell is drawn light: radius index + crown odd. The centre is neither.
    #[must_use]
    pub fn is_light(self) -> Option<bool> {
        self.radius().map(|r| (r.index() + self.crown()) % 2 == 1)
    }

    /// The cells adjacent to this one (orthogonally or diagonally): where a king or diplomat steps.
    #[must_use]
    pub fn neighbours(self) -> &'static [Cell] {
        &tables().king[self.index()]
    }

    /// The orthogonal neighbours.
    #[must_use]
    pub fn orthogonal(self) -> &'static [Cell] {
        &tables().orth[self.index()]
    }

    /// The diagonal neighbours.
    #[must_use]
    pub fn diagonal(self) -> &'static [Cell] {
        &tables().diag[self.index()]
    }

    /// The cells a horse leaps to from here.
    #[must_use]
    pub fn horse(self) -> &'static [Cell] {
        &tables().horse[self.index()]
    }

    /// The rook's lines from here, each in order of distance; a piece stops
    /// at the first occupied cell. Lines into the centre continue out along
    /// the opposite radius; lines along a crown stop before coming back.
    #[must_use]
    pub fn rook_lines(self) -> &'static [Vec<Cell>] {
        &tables().rook[self.index()]
    }

    /// The bishop's lines from here (diagonals through the centre leave by
    /// the cell opposite the one they entered from, keeping their sense).
    #[must_use]
    pub fn bishop_lines(self) -> &'static [Vec<Cell>] {
        &tables().bishop[self.index()]
    }

    /// Whether `other` is adjacent to this cell.
    #[must_use]
    pub fn touches(self, other: Cell) -> bool {
        self.neighbours().contains(&other)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.radius() {
            None => f.write_str("4"),
            Some(r) => write!(f, "{}{}", r.char(), self.crown()),
        }
    }
}

/// Text that is not a cell.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a cell: cells are a1..n3 (a radius a-n and a crown 1-3) and 4, the centre")]
pub struct CellError(pub String);

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(s: &str) -> Result<Cell, CellError> {
        let t = s.trim();
        if t == "4" {
            return Ok(Cell::CENTRE);
        }
        let mut cs = t.chars();
        let (Some(l), Some(d), None) = (cs.next(), cs.next(), cs.next()) else {
            return Err(CellError(t.to_string()));
        };
        let radius = Radius::from_char(l).ok_or_else(|| CellError(t.to_string()))?;
        match d {
            '1'..='3' => Cell::new(radius, d as u8 - b'0').ok_or_else(|| CellError(t.to_string())),
            _ => Err(CellError(t.to_string())),
        }
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Neighbour and line tables, one entry per cell.
struct Tables {
    orth: Vec<Vec<Cell>>,
    diag: Vec<Vec<Cell>>,
    king: Vec<Vec<Cell>>,
    horse: Vec<Vec<Cell>>,
    rook: Vec<Vec<Vec<Cell>>>,
    bishop: Vec<Vec<Vec<Cell>>>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

/// The cell at radius `r` + `dr` (wrapping) and crown `c`; crown 4 is the
/// centre; crowns outside 1..=4 are off the board.
fn at(r: Radius, dr: i8, c: i8) -> Option<Cell> {
    if !(1..=4).contains(&c) {
        return None;
    }
    let idx = (i16::from(r.0) + i16::from(dr)).rem_euclid(i16::from(RADII)) as u8;
    Cell::new(Radius(idx), c as u8)
}

fn push_unique(v: &mut Vec<Cell>, c: Cell) {
    if !v.contains(&c) {
        v.push(c);
    }
}

fn build() -> Tables {
    let mut t = Tables {
        orth: vec![Vec::new(); CELLS],
        diag: vec![Vec::new(); CELLS],
        king: vec![Vec::new(); CELLS],
        horse: vec![Vec::new(); CELLS],
        rook: vec![Vec::new(); CELLS],
        bishop: vec![Vec::new(); CELLS],
    };
    for cell in Cell::all() {
        let i = cell.index();
        match cell.radius() {
            None => {
                let ring3: Vec<Cell> = Radius::all().filter_map(|r| Cell::new(r, 3)).collect();
                t.orth[i].clone_from(&ring3);
                t.diag[i].clone_from(&ring3);
                // The horse from the centre: any cell of crowns 2 and 3 (the
                // centre stands for a fourth crown at every radius at once).
                t.horse[i] = Radius::all().flat_map(|r| [Cell::new(r, 2), Cell::new(r, 3)]).flatten().collect();
                for r in Radius::all() {
                    t.rook[i].push((1..=3).rev().filter_map(|c| Cell::new(r, c)).collect());
                    for rot in Rot::BOTH {
                        t.bishop[i].push((0..3u8).filter_map(|k| Cell::new(r.step(rot, k), 3 - k)).collect());
                    }
                }
            }
            Some(r) => {
                let c = cell.crown() as i8;
                for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    if let Some(n) = at(r, dr, c + dc) {
                        push_unique(&mut t.orth[i], n);
                    }
                }
                for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if let Some(n) = at(r, dr, c + dc) {
                        push_unique(&mut t.diag[i], n);
                    }
                }
                // The horse: a knight's leap in (radius, crown) steps; a leap
                // landing on crown 4 lands on the centre, none goes past it.
                for (dr, dc) in [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)] {
                    if let Some(n) = at(r, dr, c + dc) {
                        push_unique(&mut t.horse[i], n);
                    }
                }
                t.rook[i] = rook_lines(r, c as u8);
                t.bishop[i] = bishop_lines(r, c as u8);
            }
        }
        let mut king = t.orth[i].clone();
        for &d in &t.diag[i] {
            push_unique(&mut king, d);
        }
        t.king[i] = king;
    }
    t
}

fn rook_lines(r: Radius, c: u8) -> Vec<Vec<Cell>> {
    let mut lines = Vec::new();
    // Outwards.
    if c > 1 {
        lines.push((1..c).rev().filter_map(|k| Cell::new(r, k)).collect());
    }
    // Inwards, through the centre and out along the opposite radius.
    let mut inward: Vec<Cell> = (c + 1..=3).filter_map(|k| Cell::new(r, k)).collect();
    inward.push(Cell::CENTRE);
    inward.extend((1..=3).rev().filter_map(|k| Cell::new(r.opposite(), k)));
    lines.push(inward);
    // Around the crown, both ways, stopping before the rook's own cell.
    for rot in Rot::BOTH {
        lines.push((1..RADII).filter_map(|k| Cell::new(r.step(rot, k), c)).collect());
    }
    lines
}

fn bishop_lines(r: Radius, c: u8) -> Vec<Vec<Cell>> {
    let mut lines = Vec::new();
    for rot in Rot::BOTH {
        // Outwards.
        if c > 1 {
            lines.push((1..c).filter_map(|k| Cell::new(r.step(rot, k), c - k)).collect());
        }
        // Inwards to the centre, then out from the cell opposite the last one
        // before the centre, in the same sense.
        let steps = 3 - c;
        let mut line: Vec<Cell> = (1..=steps).filter_map(|k| Cell::new(r.step(rot, k), c + k)).collect();
        let entered = r.step(rot, steps);
        line.push(Cell::CENTRE);
        line.extend((0..3u8).filter_map(|k| Cell::new(entered.opposite().step(rot, k), 3 - k)));
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().expect("cell")
    }

    fn names(cells: &[Cell]) -> Vec<String> {
        let mut v: Vec<String> = cells.iter().map(ToString::to_string).collect();
        v.sort();
        v
    }

    #[test]
    fn cells_round_trip_and_index() {
        assert_eq!(Cell::all().count(), 43);
        for cell in Cell::all() {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
            assert_eq!(Cell::from_index(cell.index()), Some(cell));
        }
        assert_eq!(c("a1").index(), 0);
        assert_eq!(c("n3").index(), 41);
        assert_eq!(c("4"), Cell::CENTRE);
        assert_eq!(c("D3"), c("d3"));
        for bad in ["", "o1", "a0", "a4", "a", "44", "a11", "4a", "\u{e9}1"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn colours_alternate_and_the_centre_has_none() {
        assert_eq!(c("a1").is_light(), Some(true));
        assert_eq!(c("a2").is_light(), Some(false));
        assert_eq!(c("b1").is_light(), Some(false));
        assert_eq!(Cell::CENTRE.is_light(), None);
        for cell in Cell::all().filter(|x| !x.is_centre()) {
            for n in cell.orthogonal().iter().filter(|x| !x.is_centre()) {
                assert_ne!(cell.is_light(), n.is_light(), "{cell} and {n}");
            }
        }
    }

    #[test]
    fn neighbour_counts() {
        assert_eq!(names(c("a1").orthogonal()), ["a2", "b1", "n1"]);
        assert_eq!(names(c("a1").diagonal()), ["b2", "n2"]);
        assert_eq!(names(c("c2").neighbours()), ["b1", "b2", "b3", "c1", "c3", "d1", "d2", "d3"]);
        assert_eq!(names(c("n3").neighbours()), ["4", "a2", "a3", "m2", "m3", "n2"]);
        assert_eq!(Cell::CENTRE.neighbours().len(), 14);
        assert!(Cell::CENTRE.neighbours().iter().all(|x| x.crown() == 3));
        // Adjacency is symmetric.
        for a in Cell::all() {
            for &b in a.neighbours() {
                assert!(b.touches(a), "{a} {b}");
            }
            for &b in a.horse() {
                assert!(b.horse().contains(&a), "horse {a} {b}");
            }
        }
    }

    #[test]
    fn horse_tables() {
        assert_eq!(names(c("b1").horse()), ["a3", "c3", "d2", "n2"]);
        assert_eq!(names(c("h2").horse()), ["4", "f1", "f3", "j1", "j3"]);
        assert_eq!(names(c("j3").horse()), ["4", "h2", "i1", "k1", "l2"]);
        assert_eq!(Cell::CENTRE.horse().len(), 28);
    }

    #[test]
    fn rook_lines_go_through_the_centre_and_not_round() {
        let lines = c("e1").rook_lines();
        assert_eq!(lines.len(), 3);
        let inward: Vec<String> = lines[0].iter().map(ToString::to_string).collect();
        assert_eq!(inward, ["e2", "e3", "4", "l3", "l2", "l1"]);
        assert_eq!(lines[1].len(), 13);
        assert!(!lines[1].contains(&c("e1")) && !lines[2].contains(&c("e1")));
        assert_eq!(Cell::CENTRE.rook_lines().len(), 14);
    }

    #[test]
    fn bishop_lines_keep_their_sense() {
        let line = |from: &str, k: usize| -> Vec<String> {
            c(from).bishop_lines()[k].iter().map(ToString::to_string).collect()
        };
        // c1, ascending: d2 e3, the centre, out by l3 (opposite e3), m2 n1.
        assert_eq!(line("c1", 0), ["d2", "e3", "4", "l3", "m2", "n1"]);
        assert_eq!(line("c1", 1), ["b2", "a3", "4", "h3", "g2", "f1"]);
        // From crown 3 both inward diagonals go through the centre to the opposite cell.
        assert_eq!(line("e3", 1), ["4", "l3", "m2", "n1"]);
        assert_eq!(line("e3", 0), ["f2", "g1"]);
        assert_eq!(line("e3", 2), ["d2", "c1"]);
        assert_eq!(line("e3", 3), ["4", "l3", "k2", "j1"]);
        // m2 descending: l3, centre, e3, d2, c1 - the path of the sample game's 22. Bx4.
        assert_eq!(line("m2", 3), ["l3", "4", "e3", "d2", "c1"]);
        let all: std::collections::BTreeSet<Cell> = Cell::CENTRE.bishop_lines().iter().flatten().copied().collect();
        assert_eq!(all.len(), 42, "from the centre a bishop sees every cell");
    }
}
