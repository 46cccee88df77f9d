//! GIF's variable-length LZW, written for speed on what animations feed it:
//! long runs of one index (the "unchanged" pixels of a frame's rectangle,
//! the flat squares of a board). A table of the codes made so far with a
//! slot for every (code, byte) pair, looked up once per input byte (and
//! within a run of one byte, a jump to the longest run's code), and bits packed 64 at
//! a time; the code widths and table resets follow giflib's encoder, which
//! every decoder reads.

/// The largest code GIF allows plus one (codes are at most 12 bits).
const CODES: u32 = 4096;

/// The codes made so far, by the code they extend and the byte that
/// follows: one slot for every pair, so a look-up is one load. Slots hold
/// the generation they were made in (the table starts again without being
/// cleared), over the code in the low 12 bits.
pub struct Table {
    slots: Vec<u32>,
    generation: u32,
    /// For each code standing for a run of one byte: the run's length
    /// (0 for every other code), and the byte.
    run_len: Vec<u16>,
    run_byte: Vec<u8>,
    /// For each byte, the codes of its runs made so far, by length (the
    /// code of the run of `k + 1` at `k`): runs are made one longer at a
    /// time, so every length up to the longest has its code.
    runs: Vec<Vec<u16>>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("generation", &self.generation).finish_non_exhaustive()
    }
}

impl Default for Table {
    fn default() -> Table {
        Table::new()
    }
}

impl Table {
    /// An empty table (4 MB of address space, of which only the pages the
    /// codes made reach are ever touched).
    #[must_use]
    pub fn new() -> Table {
        Table {
            slots: vec![0; (CODES as usize) << 8],
            generation: 0,
            run_len: vec![0; CODES as usize],
            run_byte: vec![0; CODES as usize],
            runs: vec![Vec::new(); 256],
        }
    }

    /// Forgets every code made: only the `clear` codes of single bytes are left.
    fn reset(&mut self, clear: u32) {
        self.generation += 1;
        if self.generation >= 1 << 20 {
            self.slots.fill(0);
            self.generation = 1;
        }
        for b in 0..clear.min(256) as usize {
            self.runs[b].clear();
            self.runs[b].push(b as u16);
            self.run_len[b] = 1;
            self.run_byte[b] = b as u8;
        }
    }

    /// Records code `code`, made of code `cur` followed by byte `b`: a run
    /// one longer if `cur` is the longest run of `b`.
    fn made(&mut self, code: u32, cur: u32, b: u8) {
        let (c, k) = (code as usize, self.run_len[cur as usize]);
        let longer = k > 0 && self.run_byte[cur as usize] == b && self.runs[usize::from(b)].len() == usize::from(k);
        self.run_len[c] = if longer { k + 1 } else { 0 };
        if longer {
            self.run_byte[c] = b;
            self.runs[usize::from(b)].push(code as u16);
        }
    }
}

/// Encodes `data` (indices below `1 << min_size`) as the body of a GIF
/// image block: `min_size`, then the LZW bit stream (clear code first, end
/// code last), appended to `out`. Ready for
/// [`gif::Encoder::write_lzw_pre_encoded_frame`]. `table` is working room,
/// reused from frame to frame.
#[inline(never)]
pub fn encode(data: &[u8], min_size: u8, table: &mut Table, out: &mut Vec<u8>) {
    let min_size = min_size.clamp(2, 8);
    out.push(min_size);
    let clear = 1u32 << min_size;
    let end = clear + 1;
    let mut bits = Bits { acc: 0, n: 0, out };
    let mut width = u32::from(min_size) + 1;
    let mut next = end + 1;
    table.reset(clear);
    bits.put(clear, width);
    let Some((&first, rest)) = data.split_first() else {
        bits.put(end, width);
        bits.flush();
        return;
    };
    let mut cur = u32::from(first);
    let mut tag = table.generation << 12;
    let mut i = 0;
    while i < rest.len() {
        let b = rest[i];
        // Within a run of one byte, jump to the longest run's code the
        // data allows (what matching byte by byte would reach).
        let k = usize::from(table.run_len[cur as usize]);
        if k > 0 && table.run_byte[cur as usize] == b {
            let runs = &table.runs[usize::from(b)];
            if runs.len() > k {
                let room = (runs.len() - k).min(rest.len() - i);
                let m = rest[i..i + room].iter().take_while(|&&x| x == b).count();
                cur = u32::from(runs[k + m - 1]);
                i += m;
                continue;
            }
        }
        i += 1;
        let slot = ((cur << 8) | u32::from(b)) as usize;
        let e = table.slots[slot];
        if e & !0xFFF == tag {
            cur = e & 0xFFF;
            continue;
        }
        bits.put(cur, width);
        if next >= 1 << width && width < 12 {
            width += 1;
        }
        if next >= CODES - 1 {
            // The table is full: start again (giflib resets one code early).
            bits.put(clear, width);
            table.reset(clear);
            tag = table.generation << 12;
            width = u32::from(min_size) + 1;
            next = end + 1;
        } else {
            table.slots[slot] = tag | next;
            table.made(next, cur, b);
            next += 1;
        }
        cur = u32::from(b);
    }
    bits.put(cur, width);
    if next >= 1 << width && width < 12 {
        width += 1;
    }
    bits.put(end, width);
    bits.flush();
}

/// Codes packed least significant bit first.
struct Bits<'a> {
    acc: u64,
    n: u32,
    out: &'a mut Vec<u8>,
}

impl Bits<'_> {
    fn put(&mut self, code: u32, width: u32) {
        self.acc |= u64::from(code) << self.n;
        self.n += width;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    fn flush(&mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `data` as one GIF frame of `w` pixels a row, decoded again by the `gif` crate.
    fn round_trip(data: &[u8], w: u16, min_size: u8) -> Vec<u8> {
        let h = (data.len() / usize::from(w)) as u16;
        let mut frame = gif::Frame { width: w, height: h, ..gif::Frame::default() };
        let mut body = Vec::new();
        encode(data, min_size, &mut Table::new(), &mut body);
        frame.buffer = body.into();
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut bytes = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut bytes, w, h, &palette).expect("encoder");
            enc.write_lzw_pre_encoded_frame(&frame).expect("writes");
        }
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut d = opts.read_info(&bytes[..]).expect("decodes");
        d.read_next_frame().expect("frame").expect("a frame").buffer.to_vec()
    }

    #[test]
    fn runs_and_noise_decode_to_what_was_encoded() {
        // Long runs (the table fills with ever longer runs), noise (it
        // fills and resets many times), and both mixed.
        let runs: Vec<u8> = (0..200_000).map(|i| if (i / 997) % 3 == 0 { 255 } else { (i / 5000) as u8 }).collect();
        assert_eq!(round_trip(&runs, 500, 8), runs);
        let mut x = 12_345u32;
        let noise: Vec<u8> = (0..100_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u8
            })
            .collect();
        assert_eq!(round_trip(&noise, 400, 8), noise);
        let mixed: Vec<u8> = noise.iter().enumerate().map(|(i, &b)| if i % 7 < 4 { 9 } else { b }).collect();
        assert_eq!(round_trip(&mixed, 250, 8), mixed);
        let small: Vec<u8> = noise.iter().map(|b| b & 3).collect();
        assert_eq!(round_trip(&small, 100, 2), small);
    }

    #[test]
    fn one_pixel_and_none() {
        assert_eq!(round_trip(&[7], 1, 8), vec![7]);
        let mut body = Vec::new();
        encode(&[], 8, &mut Table::new(), &mut body);
        assert_eq!(body[0], 8, "the minimum code size comes first");
        assert!(body.len() > 1, "a clear and an end code follow");
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config { cases: 64, ..Default::default() })]
        /// Any bytes, with runs of any lengths, come back as they went in.
        #[test]
        fn anything_round_trips(
            pieces in proptest::collection::vec((0u8..=255, 1usize..3000), 1..60),
        ) {
            let data: Vec<u8> = pieces.iter().flat_map(|&(b, n)| std::iter::repeat_n(b, n)).collect();
            let w = 64u16;
            let data = &data[..data.len() / 64 * 64];
            proptest::prop_assume!(!data.is_empty());
            proptest::prop_assert_eq!(round_trip(data, w, 8), data.to_vec());
        }
    }
}
