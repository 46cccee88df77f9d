//! A small seeded random number generator (SplitMix64): the same seed gives
//! the same numbers on every machine, which is what makes a bot's play and
//! an arena run reproducible. Not for anything secret.

/// A seeded generator of pseudo-random numbers.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed ^ 0x6a09_e667_f3bc_c908 }
    }

    /// A generator for one part of a larger job: the same `(seed, parts)`
    /// always gives the same stream, and different parts give unrelated
    /// streams (`derive(game_seed, &[phase, seat])`).
    #[must_use]
    pub fn derive(seed: u64, parts: &[u64]) -> Rng {
        let mut h = mix(seed);
        for &p in parts {
            h = mix(h ^ mix(p.wrapping_add(0x9e37_79b9_7f4a_7c15)));
        }
        Rng::new(h)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.state)
    }

    /// A number in `0..n` (0 when `n` is 0), without modulo bias worth
    /// speaking of for the small `n` used here.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let wide = u128::from(self.next_u64()) * (n as u128);
        usize::try_from(wide >> 64).unwrap_or(0)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One element of `items`, uniformly (`None` if empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// An index drawn with probability proportional to `weights` (all
    /// non-negative); uniform if they sum to nothing.
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().filter(|w| w.is_finite() && **w > 0.0).sum();
        if total <= 0.0 {
            return self.below(weights.len());
        }
        let mut x = self.unit() * total;
        for (i, &w) in weights.iter().enumerate() {
            if w.is_finite() && w > 0.0 {
                if x < w {
                    return i;
                }
                x -= w;
            }
        }
        weights.len().saturating_sub(1)
    }
}

/// The SplitMix64 finaliser: scrambles the bits of `z`.
#[must_use]
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let a: Vec<u64> = (0..5).scan(Rng::new(7), |r, _| Some(r.next_u64())).collect();
        let b: Vec<u64> = (0..5).scan(Rng::new(7), |r, _| Some(r.next_u64())).collect();
        let c: Vec<u64> = (0..5).scan(Rng::new(8), |r, _| Some(r.next_u64())).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(Rng::derive(1, &[2, 3]).next_u64(), Rng::derive(1, &[3, 2]).next_u64());
    }

    #[test]
    fn draws_stay_in_range_and_cover_it() {
        let mut r = Rng::new(1);
        let mut seen = [0usize; 6];
        for _ in 0..6000 {
            seen[r.below(6)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(r.below(0), 0);
        for _ in 0..1000 {
            let x = r.unit();
            assert!((0.0..1.0).contains(&x));
        }
        assert_eq!(r.weighted(&[0.0, 1.0, 0.0]), 1);
        let mut v: Vec<u32> = (0..20).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(v, sorted, "a shuffle of 20 moves something");
    }
}
