//! Random Chess Dip positions with every piece ordered, for property tests
//! and benchmarks. Deterministic for a seed: a small LCG, no dependencies.

use chessdip_rules::chess_dip::{
    self, geometry, ChessDipState, Context, Order, OrderKind, Phase, Season, Setup, Variant,
};
use chessdip_rules::{PowerId, Role, Square};

/// A tiny deterministic generator (Knuth's MMIX LCG).
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407))
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Places `n` pieces (kings, knights, bishops, rooks, pawns of four powers)
/// and orders every one: multi-square moves where possible, the rest
/// supporting those moves or the convoys on their paths.
/// Returns the state, the order texts with their powers, and the legal orders.
pub fn position(
    v: &Variant,
    seed: u64,
    n: usize,
    multi_bias: usize,
) -> (ChessDipState, Vec<(PowerId, String)>, Vec<Order>) {
    let mut rng = Lcg::new(seed);
    let roles = [Role::Rook, Role::Bishop, Role::Rook, Role::Bishop, Role::Knight, Role::King, Role::Pawn];
    let mut setup = Setup::default();
    let mut used = [false; 64];
    while setup.pieces.len() < n.min(60) {
        let sq = Square::from_index(rng.below(64)).expect("square");
        let role = roles[rng.below(roles.len())];
        let rank = sq.rank().index();
        if used[sq.index()] || (role == Role::Pawn && (rank == 0 || rank == 7)) {
            continue;
        }
        used[sq.index()] = true;
        setup.pieces.push((PowerId(rng.below(4) as u8), role, sq, rng.below(2) == 0));
    }
    let state = ChessDipState::from_setup(v, Phase { year: 3, season: Season::Fall }, &setup).expect("setup");
    let mut texts: Vec<Option<(PowerId, String)>> = vec![None; 64];
    let mut orders: Vec<Order> = Vec::new();
    let legal = |p: PowerId, text: &str| -> Option<Vec<Order>> {
        let t = chess_dip::parse(v.board, text, Context::Movement).ok()?;
        chess_dip::validate_movement(v, &state, p, &t).ok().map(|x| x.orders().collect())
    };
    let pieces: Vec<_> = state.pieces().collect();
    // First pass: movers (multi-square preferred).
    for &(sq, piece) in &pieces {
        if rng.below(100) >= multi_bias {
            continue;
        }
        let facing = v.power(piece.power).facing;
        let mut targets: Vec<(Square, usize)> = geometry::targets(v.board, piece.role, facing, sq)
            .map(|t| (t, geometry::reach(v.board, piece.role, facing, sq, t).map_or(0, |r| r.via.len())))
            .collect();
        targets.sort_by_key(|&(t, len)| (std::cmp::Reverse(len), t));
        if targets.is_empty() {
            continue;
        }
        let pick = targets[rng.below(targets.len().min(3))].0;
        let text = format!("{} {sq} - {pick}", piece.role.char());
        if let Some(o) = legal(piece.power, &text) {
            orders.extend(o);
            texts[sq.index()] = Some((piece.power, text));
        }
    }
    // Second pass: everyone else supports a move or a convoy on a path, or holds.
    let movers: Vec<Order> = orders.clone();
    for &(sq, piece) in &pieces {
        if texts[sq.index()].is_some() {
            continue;
        }
        let mut candidates = Vec::new();
        for m in &movers {
            if let OrderKind::Move { to, via, .. } = m.kind {
                candidates.push(format!("{} {sq} S {} - {to}", piece.role.char(), m.square));
                for c in via.iter() {
                    candidates.push(format!("{} {sq} S {c} C {} - {to}", piece.role.char(), m.square));
                }
            }
        }
        let start = rng.below(candidates.len().max(1));
        let chosen = (0..candidates.len())
            .map(|k| &candidates[(start + k) % candidates.len()])
            .find_map(|text| legal(piece.power, text).map(|o| (text.clone(), o)));
        let (text, o) = chosen.unwrap_or_else(|| {
            let t = format!("{} {sq} H", piece.role.char());
            let o = legal(piece.power, &t).expect("a hold is always legal");
            (t, o)
        });
        orders.extend(o);
        texts[sq.index()] = Some((piece.power, text));
    }
    (state, texts.into_iter().flatten().collect(), orders)
}

/// An adversarial phase for the guess-and-check: `n` rooks and bishops of
/// four powers packed onto a fixed scatter of squares (the first `n` squares
/// of a stride-37 walk over the board, so a larger `n` only adds pieces).
/// Every second piece makes its longest legal move; every other piece
/// supports the convoy on a path square of the next mover in the chain
/// (or, failing that, of any mover), so paths cross, convoys compete and
/// supports hang on pieces that other paths attack.
#[allow(dead_code)]
pub fn chain(v: &Variant, n: usize) -> (ChessDipState, Vec<(PowerId, String)>, Vec<Order>) {
    let mut setup = Setup::default();
    for k in 0..n.min(64) {
        let sq = Square::from_index((k * 37 + 27) % 64).expect("square");
        let role = if k % 3 == 2 { Role::Bishop } else { Role::Rook };
        setup.pieces.push((PowerId((k % 4) as u8), role, sq, false));
    }
    let state = ChessDipState::from_setup(v, Phase { year: 5, season: Season::Spring }, &setup).expect("setup");
    let legal = |p: PowerId, text: &str| -> Option<Vec<Order>> {
        let t = chess_dip::parse(v.board, text, Context::Movement).ok()?;
        chess_dip::validate_movement(v, &state, p, &t).ok().map(|x| x.orders().collect())
    };
    let mut texts = Vec::new();
    let mut orders = Vec::new();
    let mut movers: Vec<Order> = Vec::new();
    for (k, &(power, role, sq, _)) in setup.pieces.iter().enumerate() {
        if k % 2 == 1 {
            continue;
        }
        let facing = v.power(power).facing;
        let best = geometry::targets(v.board, role, facing, sq)
            .filter_map(|t| geometry::reach(v.board, role, facing, sq, t).map(|r| (r.via.len(), t)))
            .filter(|&(_, t)| state.piece(t).is_none_or(|p| p.power != power))
            .max();
        let text = match best {
            Some((_, t)) => format!("{} {sq} - {t}", role.char()),
            None => format!("{} {sq} H", role.char()),
        };
        let o = legal(power, &text).expect("a longest move or a hold is legal");
        movers.extend(o.iter().copied().filter(|o| matches!(o.kind, OrderKind::Move { .. })));
        orders.extend(o);
        texts.push((power, text));
    }
    for (k, &(power, role, sq, _)) in setup.pieces.iter().enumerate() {
        if k % 2 == 0 {
            continue;
        }
        let next = movers.iter().position(|m| m.square.index() > sq.index()).unwrap_or(0);
        let mut candidates = Vec::new();
        for m in movers.iter().cycle().skip(next).take(movers.len()) {
            if let OrderKind::Move { to, via, .. } = m.kind {
                for c in via.iter() {
                    candidates.push(format!("{} {sq} S {c} C {} - {to}", role.char(), m.square));
                }
                candidates.push(format!("{} {sq} S {} - {to}", role.char(), m.square));
            }
        }
        let (text, o) =
            candidates.into_iter().find_map(|text| legal(power, &text).map(|o| (text, o))).unwrap_or_else(|| {
                let t = format!("{} {sq} H", role.char());
                let o = legal(power, &t).expect("a hold is always legal");
                (t, o)
            });
        orders.extend(o);
        texts.push((power, text));
    }
    (state, texts, orders)
}

/// `n` random Chess Dip positions of 30 pieces each, titled `After phase
/// <k>`: a timelapse's worst case, every frame a different position.
#[allow(dead_code)]
pub fn timelapse_positions(n: u64) -> Vec<(chessdip_rules::any::Position, String)> {
    let v = std::sync::Arc::new(Variant::builtin("chessdip").expect("variant"));
    (0..n)
        .map(|seed| {
            let (s, _, _) = position(&v, seed, 30, 60);
            (
                chessdip_rules::any::Position::ChessDip { variant: v.clone(), state: s },
                format!("After phase {}", seed + 1),
            )
        })
        .collect()
}
