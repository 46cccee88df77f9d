//! Compares a [`Report`] with a scenario's expectations.

use std::collections::BTreeSet;

use super::{Report, Scenario};

/// One expectation that did not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// What the file expected.
    pub expected: String,
    /// What happened.
    pub got: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "expected {}, got {}", self.expected, self.got)
    }
}

/// Order texts compare without case and spaces: `Ke1-e2` = `K e1 - e2`.
pub(crate) fn norm(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect()
}

fn same_power(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Every expectation of `s` that `r` does not meet (empty: the scenario passes).
#[must_use]
pub fn check(s: &Scenario, r: &Report) -> Vec<Mismatch> {
    let mut out = Vec::new();
    for (power, order, ok) in &s.expect.orders {
        let want = if *ok { "succeeds" } else { "fails" };
        let found = r.orders.iter().find(|o| same_power(&o.power, power) && norm(&o.order) == norm(order));
        match found {
            Some(o) if o.result == want => {}
            Some(o) => out.push(Mismatch {
                expected: format!("{power}: {order} {want}"),
                got: format!("{} ({})", o.result, o.reason),
            }),
            None => {
                let invalid = r.invalid.iter().find(|i| same_power(&i.power, power) && norm(&i.order) == norm(order));
                out.push(Mismatch {
                    expected: format!("{power}: {order} {want}"),
                    got: match invalid {
                        Some(i) => format!("invalid ({})", i.error),
                        None => "no such order in `orders:`".into(),
                    },
                });
            }
        }
    }
    for (power, order) in &s.expect.invalid {
        let rejected = r.invalid.iter().any(|i| same_power(&i.power, power) && norm(&i.order) == norm(order));
        if !rejected {
            let got = match r.orders.iter().find(|o| same_power(&o.power, power) && norm(&o.order) == norm(order)) {
                Some(o) => format!("accepted, {} ({})", o.result, o.reason),
                None => "no such order in `orders:`".into(),
            };
            out.push(Mismatch { expected: format!("invalid: {power}: {order}"), got });
        }
    }
    if let Some(want) = &s.expect.dislodged {
        let want: BTreeSet<String> = want.iter().map(|p| norm(p)).collect();
        let got: BTreeSet<String> = r.dislodged.iter().map(|p| norm(p)).collect();
        // Each removed piece may be named by its square before the phase or, where the
        // report gives one, where it was taken.
        let mut left: Vec<(String, Option<String>)> =
            r.dislodged.iter().enumerate().map(|(i, p)| (norm(p), r.dislodged_at.get(i).map(|a| norm(a)))).collect();
        let all_found = want.iter().all(|w| match left.iter().position(|(p, a)| p == w || a.as_ref() == Some(w)) {
            Some(k) => {
                left.remove(k);
                true
            }
            None => false,
        });
        if want != got && !(all_found && left.is_empty()) {
            out.push(Mismatch {
                expected: format!("dislodged: {}", join_or_none(s.expect.dislodged.iter().flatten())),
                got: format!("dislodged: {}", join_or_none(r.dislodged.iter())),
            });
        }
    }
    if let Some(want) = &s.expect.outcome {
        if norm(want) != norm(&r.outcome) {
            out.push(Mismatch { expected: format!("outcome: {want}"), got: format!("outcome: {}", r.outcome) });
        }
    }
    for (owner, squares) in &s.expect.centers {
        for sq in squares {
            let got = r.centers.get(&sq.to_ascii_lowercase()).map_or("neutral", String::as_str);
            if !same_power(got, owner) {
                out.push(Mismatch { expected: format!("center {sq} owned by {owner}"), got: got.to_string() });
            }
        }
    }
    if let Some(after) = &s.after {
        let wheel = s.variant == "chess-wheel";
        let canon = |p: &str, piece: &str| if wheel { wheel_piece(p, &norm(piece)) } else { norm(piece) };
        let want: BTreeSet<(String, String)> =
            after.iter().map(|(p, piece)| (p.trim().to_lowercase(), canon(p.trim(), piece))).collect();
        let got: BTreeSet<(String, String)> = r
            .after
            .iter()
            .flat_map(|(p, pieces)| pieces.iter().map(move |piece| (p.to_lowercase(), canon(p, piece))))
            .collect();
        if want != got {
            let missing: Vec<String> = want.difference(&got).map(|(p, x)| format!("{p} {x}")).collect();
            let extra: Vec<String> = got.difference(&want).map(|(p, x)| format!("{p} {x}")).collect();
            out.push(Mismatch {
                expected: format!("after: also {}", join_or_none(missing.iter())),
                got: format!("instead {}", join_or_none(extra.iter())),
            });
        }
    }
    out
}

/// A Chess Wheel+ piece (`q{ann}d8`, normalised) in one spelling: the hub
/// (rank 8) is one space whatever board names it, and a space without a
/// board is on its owner's board.
fn wheel_piece(owner: &str, piece: &str) -> String {
    let owner = owner.trim().to_lowercase();
    let bare_square =
        piece.len() == 2 && piece.as_bytes()[0].is_ascii_lowercase() && piece.as_bytes()[1].is_ascii_digit();
    let (role, rest) = if bare_square {
        (String::new(), piece.to_string())
    } else {
        match piece.find(|c: char| c == '{' || c.is_ascii_digit()) {
            // A piece letter, then the space.
            Some(i) if piece.starts_with(|c: char| c.is_ascii_alphabetic()) && !piece[..i].is_empty() => {
                let letters = &piece[..i];
                if letters.len() == 1 || piece[i..].starts_with('{') {
                    (letters.to_string(), piece[i..].to_string())
                } else {
                    // `qd8`: the letter, then the file.
                    (letters[..1].to_string(), piece[1..].to_string())
                }
            }
            _ => (String::new(), piece.to_string()),
        }
    };
    // A piece without a letter is a pawn.
    let role = if role.is_empty() { "p".to_string() } else { role };
    let (board, square) = match rest.strip_prefix('{').and_then(|r| r.split_once('}')) {
        Some((b, sq)) => (Some(b.to_string()), sq.to_string()),
        None => (None, rest),
    };
    let on_hub = square.ends_with('8') && square.len() == 2;
    match (on_hub, board) {
        (true, _) => format!("{role}{square}"),
        (false, Some(b)) => format!("{role}{{{b}}}{square}"),
        (false, None) => format!("{role}{{{owner}}}{square}"),
    }
}

fn join_or_none<'a>(it: impl Iterator<Item = &'a String>) -> String {
    let v: Vec<&str> = it.map(String::as_str).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

#[cfg(test)]
mod wheel_tests {
    use super::wheel_piece;

    #[test]
    fn hub_and_own_board_spellings_agree() {
        assert_eq!(wheel_piece("Ann", "q{bo}d8"), "qd8");
        assert_eq!(wheel_piece("Ann", "qd8"), "qd8");
        assert_eq!(wheel_piece("Ann", "ke1"), "k{ann}e1");
        assert_eq!(wheel_piece("Ann", "k{ann}e1"), "k{ann}e1");
        assert_eq!(wheel_piece("Ann", "{ann}e2"), "p{ann}e2");
        assert_eq!(wheel_piece("Ann", "e2"), "p{ann}e2");
        assert_eq!(wheel_piece("Ann", "p{ann}e2"), "p{ann}e2");
    }
}
