//! Arrows that share a line: moves whose shafts lie on one line and
//! overlap (head to head, or one behind the other towards the same square)
//! are drawn side by side, each in its own lane, so that none covers
//! another.

/// A point in pixels.
type Pt = (f32, f32);

/// For each segment `from`-`to` (in pixels), how far to move its arrow
/// sideways, to its own right (as [`super::canvas::shifted`] takes it), so
/// that segments on one line that share more than a point lie side by
/// side: lanes `gap` pixels apart, closer when there are so many that they
/// would spread wider than `spread`. A segment that shares its line with
/// no other stays where it is (0).
///
/// Head-to-head pairs each move half a gap to their own right; arrows in
/// one direction are ordered across their line by where they start, so the
/// result does not depend on the order of `segs`.
#[must_use]
pub(crate) fn lanes(segs: &[(Pt, Pt)], gap: f32, spread: f32) -> Vec<f32> {
    let n = segs.len();
    let mut group: Vec<usize> = (0..n).collect();
    let root = |group: &[usize], mut i: usize| {
        while group[i] != i {
            i = group[i];
        }
        i
    };
    for i in 0..n {
        for j in i + 1..n {
            if shared(segs[i], segs[j]) {
                let (a, b) = (root(&group, i), root(&group, j));
                group[a.max(b)] = a.min(b);
            }
        }
    }
    let mut out = vec![0.0; n];
    for g in 0..n {
        let members: Vec<usize> = (0..n).filter(|&i| root(&group, i) == g).collect();
        if members.len() < 2 {
            continue;
        }
        // One direction along the line for the whole group: rightwards, or
        // downwards for a vertical line.
        let (a, b) = segs[g];
        let mut d = unit(a, b);
        if d.0 < -1e-3 || (d.0.abs() <= 1e-3 && d.1 < 0.0) {
            d = (-d.0, -d.1);
        }
        let along = |p: Pt| p.0 * d.0 + p.1 * d.1;
        let forward = |i: usize| {
            let (a, b) = segs[i];
            along(b) > along(a)
        };
        // Arrows against the direction first, then with it: a head-to-head
        // pair then moves each to its own right, as it always has.
        let mut order = members.clone();
        order.sort_by(|&i, &j| {
            let key = |k: usize| (forward(k), along(segs[k].0), along(segs[k].1));
            let (x, y) = (key(i), key(j));
            x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)).then(x.2.total_cmp(&y.2))
        });
        let count = order.len() as f32;
        let step = gap.min(spread / (count - 1.0));
        for (k, &i) in order.iter().enumerate() {
            // The offset across the line, towards the right of direction d.
            let across = (k as f32 - (count - 1.0) / 2.0) * step;
            out[i] = if forward(i) { across } else { -across };
        }
    }
    out
}

/// The unit vector from `a` towards `b` (zero for a point).
fn unit(a: Pt, b: Pt) -> Pt {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-3 {
        (0.0, 0.0)
    } else {
        (dx / len, dy / len)
    }
}

/// Whether two segments lie on one line and share more than a point.
fn shared((a, b): (Pt, Pt), (c, d): (Pt, Pt)) -> bool {
    let u = unit(a, b);
    if u == (0.0, 0.0) || unit(c, d) == (0.0, 0.0) {
        return false;
    }
    // Distance of a point from the line through a and b.
    let off = |p: Pt| ((p.0 - a.0) * u.1 - (p.1 - a.1) * u.0).abs();
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let tol = (len * 0.01).max(0.5);
    if off(c) > tol || off(d) > tol {
        return false;
    }
    let t = |p: Pt| (p.0 - a.0) * u.0 + (p.1 - a.1) * u.1;
    let (lo, hi) = (t(c).min(t(d)), t(c).max(t(d)));
    lo.max(0.0) + tol < hi.min(len)
}

#[cfg(test)]
mod tests {
    use super::lanes;

    #[test]
    fn lone_and_crossing_arrows_stay() {
        let segs = [((0.0, 0.0), (100.0, 0.0)), ((50.0, -50.0), (50.0, 50.0)), ((100.0, 0.0), (200.0, 0.0))];
        assert_eq!(lanes(&segs, 10.0, 30.0), vec![0.0, 0.0, 0.0]);
    }

    #[test]
    fn head_to_head_moves_each_to_its_right() {
        let segs = [((0.0, 0.0), (100.0, 0.0)), ((100.0, 0.0), (0.0, 0.0))];
        assert_eq!(lanes(&segs, 10.0, 30.0), vec![5.0, 5.0]);
    }

    #[test]
    fn one_behind_the_other_lie_apart() {
        // d7-d5 over d6-d5 (downwards on the image).
        let segs = [((0.0, 0.0), (0.0, 200.0)), ((0.0, 100.0), (0.0, 200.0))];
        let l = lanes(&segs, 10.0, 30.0);
        assert!((l[0] - l[1]).abs() >= 10.0 - 1e-3, "{l:?}");
        let three = [((0.0, 0.0), (0.0, 300.0)), ((0.0, 100.0), (0.0, 300.0)), ((0.0, 300.0), (0.0, 200.0))];
        let l = lanes(&three, 20.0, 30.0);
        // Three lanes squeezed into the spread, pairwise apart.
        let across = [l[0], l[1], -l[2]];
        for i in 0..3 {
            for j in i + 1..3 {
                assert!((across[i] - across[j]).abs() >= 15.0 - 1e-3, "{l:?}");
            }
        }
    }
}
