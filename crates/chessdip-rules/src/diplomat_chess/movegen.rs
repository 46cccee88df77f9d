//! What each piece may do, which moves are legal (no king left in check),
//! and playing a move.

use serde::{Deserialize, Serialize};

use super::cell::{Cell, Radius, Rot};
use super::piece::{Colour, Kind, Piece};
use super::position::Position;
use super::variant::{SubornRule, Variant};

/// A move, as the rules see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// A piece moves from one cell to another, capturing what stands there;
    /// a pawn reaching a promotion cell becomes `promotion`.
    Step {
        /// Where the piece stands.
        from: Cell,
        /// Where it goes.
        to: Cell,
        /// What a promoting pawn becomes.
        promotion: Option<Kind>,
    },
    /// The diplomat on `from` suborns the enemy piece on `target` and stays put.
    Suborn {
        /// The diplomat's cell.
        from: Cell,
        /// The suborned piece's cell.
        target: Cell,
    },
    /// A piece from hand is put on an empty cell (`suborn=drop` games).
    Drop {
        /// What is dropped.
        kind: Kind,
        /// Where.
        to: Cell,
    },
}

impl Move {
    /// The cell the moving piece comes from (none for a drop).
    #[must_use]
    pub const fn from(self) -> Option<Cell> {
        match self {
            Move::Step { from, .. } | Move::Suborn { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The cell the move is about: where a piece lands, or the suborned piece.
    #[must_use]
    pub const fn to(self) -> Cell {
        match self {
            Move::Step { to, .. } | Move::Drop { to, .. } => to,
            Move::Suborn { target, .. } => target,
        }
    }
}

/// What a move did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// The piece that moved (or was dropped; the suborning diplomat).
    pub mover: Option<Piece>,
    /// The piece captured on the landing cell.
    pub captured: Option<Piece>,
    /// The suborned piece as it was before.
    pub suborned: Option<Piece>,
    /// What a pawn promoted to.
    pub promoted: Option<Kind>,
}

/// Where a pawn may step (if empty) and capture (if an enemy stands there).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnReach {
    /// Forward steps: radial and circular.
    pub steps: Vec<Cell>,
    /// Capture cells: the sides of the step cells.
    pub captures: Vec<Cell>,
}

fn push(v: &mut Vec<Cell>, c: Option<Cell>) {
    if let Some(c) = c {
        if !v.contains(&c) {
            v.push(c);
        }
    }
}

/// The circular senses a pawn of `colour` may step in on radius `r`: its
/// chosen sense if it has one; both on the central radii `d` and `k`; else
/// the shorter way round to the enemy king's radius.
#[must_use]
pub fn pawn_senses(colour: Colour, sense: Option<Rot>, r: Radius) -> Vec<Rot> {
    if let Some(s) = sense {
        return vec![s];
    }
    if r.is_central() {
        return Rot::BOTH.to_vec();
    }
    let target = colour.other().king_radius();
    let ascending = (i16::from(target.index()) - i16::from(r.index())).rem_euclid(14);
    vec![if ascending < 7 { Rot::Ascending } else { Rot::Descending }]
}

/// Where pawn `p` standing on `from` may step and capture, on an empty
/// board. Forward is radially inwards in the pawn's own territory and
/// outwards in the enemy's, and circularly towards the enemy king's radius
/// (see [`pawn_senses`]). A pawn captures on the sides of the cells it steps
/// to: both sides of its radial step, and the side of its circular step that
/// lies radially behind it (the other side is also beside the radial step).
/// The centre is never behind a pawn: a pawn in enemy territory on crown 3
/// does not capture into it. From the centre a pawn steps to any crown-3
/// cell of the enemy's territory and captures on those and the cells beside
/// them.
#[must_use]
pub fn pawn_reach(p: Piece, from: Cell) -> PawnReach {
    let mut out = PawnReach::default();
    let Some(r) = from.radius() else {
        for x in Radius::all().filter(|&x| !p.colour.owns(x)) {
            push(&mut out.steps, Cell::new(x, 3));
            for rot in Rot::BOTH {
                push(&mut out.captures, Cell::new(x.step(rot, 1), 3));
            }
            push(&mut out.captures, Cell::new(x, 3));
        }
        return out;
    };
    let crown = from.crown();
    let inward = p.colour.owns(r);
    let ahead = if inward { crown + 1 } else { crown - 1 };
    // The radial step and its two sides.
    if ahead >= 1 {
        push(&mut out.steps, Cell::new(r, ahead));
        for rot in Rot::BOTH {
            push(&mut out.captures, Cell::new(r.step(rot, 1), ahead));
        }
    }
    // The circular steps and their sides (the one ahead radially is already
    // a side of the radial step).
    let behind = if inward { crown - 1 } else { crown + 1 };
    for rot in pawn_senses(p.colour, p.sense, r) {
        let next = r.step(rot, 1);
        push(&mut out.steps, Cell::new(next, crown));
        if (1..=3).contains(&behind) {
            push(&mut out.captures, Cell::new(next, behind));
        }
    }
    out
}

impl Position {
    /// Every move the side to move could make if its king's safety did not
    /// matter (rook circles and drops that give check are already excluded).
    #[must_use]
    pub fn pseudo_moves(&self, v: &Variant) -> Vec<Move> {
        let mut out = Vec::new();
        for (from, p) in self.pieces().filter(|(_, p)| p.colour == self.to_move) {
            self.piece_moves(from, p, &mut out);
        }
        if v.suborn_rule() == SubornRule::Drop {
            self.drop_moves(&mut out);
        }
        out
    }

    fn step(&self, from: Cell, to: Cell, p: Piece, out: &mut Vec<Move>) {
        if p.kind == Kind::Pawn && p.colour.promotes_on(to) {
            for k in Kind::PROMOTIONS {
                out.push(Move::Step { from, to, promotion: Some(k) });
            }
        } else {
            let mv = Move::Step { from, to, promotion: None };
            if !out.contains(&mv) {
                out.push(mv);
            }
        }
    }

    /// The moves of piece `p` on `from`, appended to `out`.
    fn piece_moves(&self, from: Cell, p: Piece, out: &mut Vec<Move>) {
        let free = |c: Cell| self.piece(c).is_none();
        let enemy = |c: Cell| self.piece(c).is_some_and(|q| q.colour != p.colour);
        match p.kind {
            Kind::King | Kind::Horse => {
                let cells = if p.kind == Kind::King { from.neighbours() } else { from.horse() };
                for &to in cells {
                    if free(to) || enemy(to) {
                        self.step(from, to, p, out);
                    }
                }
            }
            Kind::Diplomat => {
                for &to in from.neighbours() {
                    match self.piece(to) {
                        None => self.step(from, to, p, out),
                        Some(q) if q.colour != p.colour && q.kind != Kind::King => {
                            out.push(Move::Suborn { from, target: to });
                        }
                        Some(_) => {}
                    }
                }
            }
            Kind::Rook | Kind::Bishop => {
                let lines = if p.kind == Kind::Rook { from.rook_lines() } else { from.bishop_lines() };
                for line in lines {
                    for &to in line {
                        if free(to) {
                            self.step(from, to, p, out);
                        } else {
                            if enemy(to) {
                                self.step(from, to, p, out);
                            }
                            break;
                        }
                    }
                }
            }
            Kind::Pawn => {
                let reach = pawn_reach(p, from);
                for &to in &reach.steps {
                    if free(to) {
                        self.step(from, to, p, out);
                    }
                }
                for &to in &reach.captures {
                    if enemy(to) {
                        self.step(from, to, p, out);
                    }
                }
            }
        }
    }

    fn drop_moves(&self, out: &mut Vec<Move>) {
        let me = self.to_move;
        let mut kinds: Vec<Kind> = self.hands[me].clone();
        kinds.sort_unstable();
        kinds.dedup();
        for kind in kinds {
            for to in Cell::all() {
                if self.drop_problem(kind, to).is_none() {
                    out.push(Move::Drop { kind, to });
                }
            }
        }
    }

    /// Why `kind` may not be dropped on `to` by the side to move (the four
    /// drop rules), ignoring its own king's safety; `None` if it may.
    #[must_use]
    pub fn drop_problem(&self, kind: Kind, to: Cell) -> Option<DropProblem> {
        let me = self.to_move;
        if !self.hands[me].contains(&kind) {
            return Some(DropProblem::NotInHand);
        }
        if self.piece(to).is_some() {
            return Some(DropProblem::Occupied);
        }
        if to.is_centre() {
            return Some(DropProblem::Centre);
        }
        if kind == Kind::Pawn && me.promotes_on(to) {
            return Some(DropProblem::PromotionCell);
        }
        let gives_check = self.king(me.other()).is_some_and(|k| self.piece_attacks(to, Piece::new(me, kind), k));
        gives_check.then_some(DropProblem::Check)
    }

    /// Whether `mv` leaves the mover's king unattacked.
    #[must_use]
    pub fn keeps_king_safe(&self, v: &Variant, mv: Move) -> bool {
        let (next, _) = self.play(v, mv);
        !next.in_check(self.to_move)
    }

    /// Every legal move of the side to move.
    #[must_use]
    pub fn legal_moves(&self, v: &Variant) -> Vec<Move> {
        self.pseudo_moves(v).into_iter().filter(|&m| self.keeps_king_safe(v, m)).collect()
    }

    /// Whether the side to move has any legal move.
    #[must_use]
    pub fn has_legal_move(&self, v: &Variant) -> bool {
        self.pseudo_moves(v).into_iter().any(|m| self.keeps_king_safe(v, m))
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, v: &Variant, mv: Move) -> bool {
        self.pseudo_moves(v).contains(&mv) && self.keeps_king_safe(v, mv)
    }

    /// Plays `mv` (assumed pseudo-legal: see [`Position::is_legal`]) and
    /// passes the move to the other side.
    #[must_use]
    pub fn play(&self, v: &Variant, mv: Move) -> (Position, Effect) {
        let mut next = self.clone();
        let mut fx = Effect::default();
        let me = self.to_move;
        match mv {
            Move::Step { from, to, promotion } => {
                if let Some(mut p) = next.board[from.index()].take() {
                    fx.mover = Some(p);
                    fx.captured = next.board[to.index()];
                    if p.kind == Kind::Pawn {
                        // A pawn's first circular step from d or k fixes its sense.
                        if let (None, Some(a), Some(b)) = (p.sense, from.radius(), to.radius()) {
                            if a.is_central() && from.crown() == to.crown() && fx.captured.is_none() {
                                p.sense = Rot::between(a, b);
                            }
                        }
                        if let Some(k) = promotion.filter(|_| me.promotes_on(to)) {
                            p = Piece::new(me, k);
                            fx.promoted = Some(k);
                        }
                    }
                    next.board[to.index()] = Some(p);
                }
            }
            Move::Suborn { from, target } => {
                fx.mover = self.piece(from);
                if let Some(q) = next.board[target.index()] {
                    fx.suborned = Some(q);
                    match v.suborn_rule() {
                        SubornRule::Convert => next.board[target.index()] = Some(Piece::new(me, q.kind)),
                        SubornRule::Remove => next.board[target.index()] = None,
                        SubornRule::Drop => {
                            next.board[target.index()] = None;
                            next.hands[me].push(q.kind);
                        }
                    }
                }
            }
            Move::Drop { kind, to } => {
                if let Some(i) = next.hands[me].iter().position(|&k| k == kind) {
                    next.hands[me].remove(i);
                    next.board[to.index()] = Some(Piece::new(me, kind));
                    fx.mover = Some(Piece::new(me, kind));
                }
            }
        }
        next.to_move = me.other();
        (next, fx)
    }

    /// The cells from `from` to `to` (both included) along the lines of a
    /// slider of `kind` (a rook or bishop), stopping at the first piece in
    /// the way; the two cells for any other kind, or when no line reaches
    /// `to`. On the position after a slider's move it finds the path the
    /// move took.
    #[must_use]
    pub fn line_path(&self, kind: Option<Kind>, from: Cell, to: Cell) -> Vec<Cell> {
        let lines = match kind {
            Some(Kind::Rook) => from.rook_lines(),
            Some(Kind::Bishop) => from.bishop_lines(),
            _ => return vec![from, to],
        };
        for line in lines {
            let mut path = vec![from];
            for &c in line {
                path.push(c);
                if c == to {
                    return path;
                }
                if self.piece(c).is_some() {
                    break;
                }
            }
        }
        vec![from, to]
    }

    /// The cells a move passes, start to end (for drawing it): a slider's
    /// path through the centre, a step's two cells, a drop's one.
    #[must_use]
    pub fn path(&self, mv: Move) -> Vec<Cell> {
        match mv {
            Move::Drop { to, .. } => vec![to],
            Move::Suborn { from, target } => vec![from, target],
            Move::Step { from, to, .. } => self.line_path(self.piece(from).map(|p| p.kind), from, to),
        }
    }
}

/// Why a drop is not allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DropProblem {
    /// No such piece in hand.
    NotInHand,
    /// The cell is taken.
    Occupied,
    /// Nothing is dropped on the centre.
    Centre,
    /// A pawn on one of its promotion cells.
    PromotionCell,
    /// The dropped piece would check the enemy king.
    Check,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().expect("cell")
    }

    fn names(v: &[Cell]) -> Vec<String> {
        let mut n: Vec<String> = v.iter().map(ToString::to_string).collect();
        n.sort();
        n
    }

    fn pawn(colour: Colour) -> Piece {
        Piece::new(colour, Kind::Pawn)
    }

    #[test]
    fn pawn_in_own_territory() {
        let r = pawn_reach(pawn(Colour::White), c("b2"));
        assert_eq!(names(&r.steps), ["a2", "b3"]);
        assert_eq!(names(&r.captures), ["a1", "a3", "c3"]);
        let r = pawn_reach(pawn(Colour::White), c("f2"));
        assert_eq!(names(&r.steps), ["f3", "g2"]);
        assert_eq!(names(&r.captures), ["e3", "g1", "g3"]);
    }

    #[test]
    fn pawn_on_a_central_radius_has_three_steps_until_it_chooses() {
        let r = pawn_reach(pawn(Colour::White), c("d2"));
        assert_eq!(names(&r.steps), ["c2", "d3", "e2"]);
        assert_eq!(names(&r.captures), ["c1", "c3", "e1", "e3"]);
        let chosen = Piece { sense: Some(Rot::Ascending), ..pawn(Colour::White) };
        assert_eq!(names(&pawn_reach(chosen, c("d2")).steps), ["d3", "e2"]);
    }

    #[test]
    fn pawn_to_and_from_the_centre() {
        let r = pawn_reach(pawn(Colour::Black), c("l3"));
        assert_eq!(names(&r.steps), ["4", "m3"]);
        assert_eq!(names(&r.captures), ["4", "m2"]);
        let r = pawn_reach(pawn(Colour::White), Cell::CENTRE);
        assert_eq!(names(&r.steps), ["h3", "i3", "j3", "k3", "l3", "m3", "n3"]);
        assert_eq!(r.captures.len(), 9);
        assert!(r.captures.contains(&c("g3")) && r.captures.contains(&c("a3")));
    }

    #[test]
    fn pawn_in_enemy_territory_moves_out_and_never_captures_back_into_the_centre() {
        let r = pawn_reach(pawn(Colour::White), c("m3"));
        assert_eq!(names(&r.steps), ["l3", "m2"]);
        assert_eq!(names(&r.captures), ["l2", "n2"]);
        let r = pawn_reach(pawn(Colour::Black), c("a1"));
        assert_eq!(names(&r.steps), ["b1"]);
        assert_eq!(names(&r.captures), ["b2"]);
    }

    #[test]
    fn start_moves() {
        let p = Position::start();
        let v = Variant::default();
        assert_eq!(p.legal_moves(&v).len(), 12);
    }

    #[test]
    fn path_through_the_centre() {
        let mut p = Position::start();
        for cell in ["d2", "e2", "c2"] {
            p.board[c(cell).index()] = None;
        }
        let path: Vec<String> = p
            .path(Move::Step { from: c("e1"), to: c("l2"), promotion: None })
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(path, ["e1", "e2", "e3", "4", "l3", "l2"]);
    }
}
