//! Compares a [`Report`] with a scenario's expectations.

use std::collections::BTreeSet;

use super::{Report, Scenario};
use crate::any::Kind;

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
        let wheel = Kind::of(&s.variant) == Some(Kind::ChessWheel);
        let canon = |p: &str, piece: &str| {
            if wheel {
                super::chess_wheel::canonical_piece(p, &norm(piece))
            } else {
                norm(piece)
            }
        };
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

fn join_or_none<'a>(it: impl Iterator<Item = &'a String>) -> String {
    let v: Vec<&str> = it.map(String::as_str).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}
