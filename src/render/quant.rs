//! Colour reduction for encoding: at most 256 colours chosen from the
//! pixels an image actually uses (the most used 5-bit-per-channel buckets,
//! each as the mean colour of its pixels), and a lookup from any colour to
//! its nearest entry. Boards are flat colours plus anti-aliased edges, so
//! 256 colours keep every flat colour exact and the edges close.

/// The 5-bit-per-channel bucket of an RGB(A) pixel.
fn bucket(p: &[u8]) -> usize {
    (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
}

/// At most 256 colours for the RGBA `images`, sampling every `step`th pixel.
#[must_use]
pub fn palette<'a>(images: impl IntoIterator<Item = &'a [u8]>, step: usize) -> Vec<[u8; 3]> {
    let mut sums = vec![[0u64; 4]; 1 << 15];
    for data in images {
        for p in data.chunks_exact(4).step_by(step.max(1)) {
            let e = &mut sums[bucket(p)];
            e[0] += u64::from(p[0]);
            e[1] += u64::from(p[1]);
            e[2] += u64::from(p[2]);
            e[3] += 1;
        }
    }
    let mut all: Vec<[u64; 4]> = sums.into_iter().filter(|s| s[3] > 0).collect();
    all.sort_unstable_by(|a, b| b[3].cmp(&a[3]).then(a[..3].cmp(&b[..3])));
    all.truncate(256);
    all.iter().map(|s| [(s[0] / s[3]) as u8, (s[1] / s[3]) as u8, (s[2] / s[3]) as u8]).collect()
}

/// Maps colours to their nearest palette entry, bucket by bucket, each
/// bucket worked out the first time it is met (a flat colour is its
/// bucket's mean, so it maps to itself).
#[derive(Debug)]
pub struct Lookup {
    palette: Vec<[u8; 3]>,
    table: Vec<u16>,
}

impl Lookup {
    const UNSET: u16 = u16::MAX;

    /// A lookup into `palette` (at most 256 entries).
    #[must_use]
    pub fn new(palette: Vec<[u8; 3]>) -> Lookup {
        Lookup { palette, table: vec![Lookup::UNSET; 1 << 15] }
    }

    /// The palette.
    #[must_use]
    pub fn palette(&self) -> &[[u8; 3]] {
        &self.palette
    }

    /// The index of every pixel of RGBA `data` (runs of one colour, most of
    /// a board, are looked up once).
    pub fn indices(&mut self, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(data.len() / 4);
        let mut last: Option<([u8; 4], u8)> = None;
        for p in data.chunks_exact(4) {
            let px = [p[0], p[1], p[2], p[3]];
            let i = match last {
                Some((q, i)) if q == px => i,
                _ => {
                    let i = self.index(p);
                    last = Some((px, i));
                    i
                }
            };
            out.push(i);
        }
        out
    }

    /// The index of the entry nearest to the RGB(A) pixel `p`.
    pub fn index(&mut self, p: &[u8]) -> u8 {
        let b = bucket(p);
        if self.table[b] == Lookup::UNSET {
            // The pixel against each entry (squared distance, weighted as the eye weighs red, green and blue).
            let c = [p[0], p[1], p[2]].map(i32::from);
            let best = self
                .palette
                .iter()
                .enumerate()
                .min_by_key(|(_, q)| {
                    let d = |i: usize| c[i] - i32::from(q[i]);
                    2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
                })
                .map_or(0, |(i, _)| i);
            self.table[b] = best as u16;
        }
        self.table[b] as u8
    }
}
