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
    let mut counts = Counts::new();
    for data in images {
        counts.add_sampled(data, step);
    }
    counts.colours()
}

/// How often each 5-bit-per-channel bucket is used, and the sum of its
/// pixels: the palette is the most used buckets' means.
#[derive(Debug)]
pub struct Counts {
    sums: Vec<[u64; 4]>,
}

impl Default for Counts {
    fn default() -> Counts {
        Counts::new()
    }
}

impl Counts {
    /// Nothing counted yet.
    #[must_use]
    pub fn new() -> Counts {
        Counts { sums: vec![[0u64; 4]; 1 << 15] }
    }

    /// Counts one RGBA pixel.
    pub fn add(&mut self, p: &[u8]) {
        let e = &mut self.sums[bucket(p)];
        e[0] += u64::from(p[0]);
        e[1] += u64::from(p[1]);
        e[2] += u64::from(p[2]);
        e[3] += 1;
    }

    /// Counts `n` pixels of the colour of RGBA pixel `p`.
    fn add_run(&mut self, p: &[u8], n: u64) {
        let e = &mut self.sums[bucket(p)];
        e[0] += u64::from(p[0]) * n;
        e[1] += u64::from(p[1]) * n;
        e[2] += u64::from(p[2]) * n;
        e[3] += n;
    }

    /// Counts every `step`th pixel of RGBA `data` (every pixel: a run of
    /// one colour, most of a board, at once).
    pub fn add_sampled(&mut self, data: &[u8], step: usize) {
        if step > 1 {
            for p in data.chunks_exact(4).step_by(step) {
                self.add(p);
            }
            return;
        }
        let mut pixels = data.chunks_exact(4);
        let Some(mut run) = pixels.next() else { return };
        let mut n = 1;
        for p in pixels {
            if p == run {
                n += 1;
            } else {
                self.add_run(run, n);
                (run, n) = (p, 1);
            }
        }
        self.add_run(run, n);
    }

    /// At most 256 colours: the most used buckets, each as the mean of its pixels.
    #[must_use]
    pub fn colours(self) -> Vec<[u8; 3]> {
        let mut all: Vec<[u64; 4]> = self.sums.into_iter().filter(|s| s[3] > 0).collect();
        all.sort_unstable_by(|a, b| b[3].cmp(&a[3]).then(a[..3].cmp(&b[..3])));
        all.truncate(256);
        all.iter().map(|s| [(s[0] / s[3]) as u8, (s[1] / s[3]) as u8, (s[2] / s[3]) as u8]).collect()
    }
}

/// Maps colours to their nearest palette entry, bucket by bucket, each
/// bucket worked out the first time it is met (a flat colour is its
/// bucket's mean, so it maps to itself).
#[derive(Clone, Debug)]
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
        let mut out = vec![0; data.len() / 4];
        self.map_into(data, &mut out);
        out
    }

    /// PNG scanlines for RGBA `data` `width` pixels wide: each row of
    /// indices after a filter byte of 0 (none). A stretch of 16 pixels
    /// equal to the one above it (most of a board's flat areas) takes its
    /// indices from the row above.
    pub fn rows(&mut self, data: &[u8], width: usize) -> Vec<u8> {
        const SPAN: usize = 16;
        let width = width.max(1);
        let (src_row, dst_row) = (width * 4, width + 1);
        let rows = data.len() / src_row;
        let mut out = vec![0; rows * dst_row];
        for y in 0..rows {
            let src = &data[y * src_row..(y + 1) * src_row];
            if y == 0 {
                self.map_into(src, &mut out[1..dst_row]);
                continue;
            }
            let above = &data[(y - 1) * src_row..y * src_row];
            let (done, dst) = out.split_at_mut(y * dst_row);
            let (prev, dst) = (&done[(y - 1) * dst_row + 1..], &mut dst[1..dst_row]);
            for x in (0..width).step_by(SPAN) {
                let end = (x + SPAN).min(width);
                if src[4 * x..4 * end] == above[4 * x..4 * end] {
                    dst[x..end].copy_from_slice(&prev[x..end]);
                } else {
                    self.map_into(&src[4 * x..4 * end], &mut dst[x..end]);
                }
            }
        }
        out
    }

    /// Writes the index of each pixel of `data` into `out`: one table
    /// look-up per pixel, without branching on colour changes (an
    /// anti-aliased edge changes colour at every pixel).
    fn map_into(&mut self, data: &[u8], out: &mut [u8]) {
        for (p, o) in data.chunks_exact(4).zip(out.iter_mut()) {
            let t = self.table[bucket(p)];
            *o = if t == Lookup::UNSET { self.fill(p) } else { t as u8 };
        }
    }

    /// Works out the entry for `p`'s bucket.
    #[cold]
    #[inline(never)]
    fn fill(&mut self, p: &[u8]) -> u8 {
        self.index(p)
    }

    /// The index of the entry nearest to the RGB(A) pixel `p`.
    #[inline]
    pub fn index(&mut self, p: &[u8]) -> u8 {
        let b = bucket(p);
        if self.table[b] == Lookup::UNSET {
            self.table[b] = u16::from(self.nearest(p));
        }
        self.table[b] as u8
    }

    /// The first entry nearest to `p` (squared distance, weighted as the
    /// eye weighs red, green and blue).
    fn nearest(&self, p: &[u8]) -> u8 {
        let c = [p[0], p[1], p[2]].map(i32::from);
        let mut best = (i32::MAX, 0u8);
        for (i, q) in self.palette.iter().enumerate() {
            let d = |k: usize| c[k] - i32::from(q[k]);
            let dist = 2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2);
            if dist < best.0 {
                best = (dist, i as u8);
            }
        }
        best.1
    }
}
