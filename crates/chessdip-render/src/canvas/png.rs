//! PNG encoding: indexed colour, compressed in one call.

use super::Canvas;
use crate::quant;

impl Canvas {
    /// Encodes as PNG: 8-bit indexed, with the 256 colours the image uses
    /// most ([`crate::quant`]), which keeps flat colours exact and halves
    /// both the size and the time of RGB encoding.
    ///
    /// Board images are large flat areas with anti-aliased edges. Measured
    /// on a busy 1024 px Chess Dip board (about 3.6 MB of pixels): zlib
    /// level 2 on unfiltered rows gives 190 KB in about 10 ms; level 1 is
    /// twice as fast but 35% larger (over 250 KB on busy boards), higher
    /// levels and every row filter are slower for little or no gain, and
    /// the fastest (fdeflate) encoder gives 430 KB or more. Indexed, the
    /// same board's rows compressed in one call take about 3 ms for 135 KB
    /// with zlib-rs at level 1 (miniz_oxide at level 1: 128 KB in 3.9 ms;
    /// zlib-rs at level 2: 108 KB in 3.9 ms; the encoder's own row-by-row
    /// writes cost another 1 ms zero-filling its buffer).
    ///
    /// # Errors
    /// If encoding fails (it should not for an in-memory buffer).
    pub fn png(&self) -> Result<Vec<u8>, image::ImageError> {
        let data = self.pixmap.data();
        let mut lookup = quant::Lookup::new(quant::palette([data], 11));
        let rows = lookup.rows(data, self.width() as usize);
        let palette: Vec<u8> = lookup.palette().iter().flatten().copied().collect();
        // The scanlines compressed in one call into room for all of them
        // (cheaper than the encoder's row-by-row writes).
        let mut z = flate2::Compress::new(flate2::Compression::new(1), true);
        let mut idat = Vec::with_capacity(rows.len() / 4 + 1024);
        loop {
            let done = z
                .compress_vec(&rows[z.total_in() as usize..], &mut idat, flate2::FlushCompress::Finish)
                .map_err(|e| std::io::Error::other(e.to_string()))
                .map_err(png::EncodingError::from);
            match done {
                Ok(flate2::Status::StreamEnd) => break,
                Ok(_) => idat.reserve(idat.len().max(64 * 1024)),
                Err(e) => return Err(encoding_error(e)),
            }
        }
        let mut out = Vec::with_capacity(idat.len() + palette.len() + 128);
        let encoded = (|| {
            let mut enc = png::Encoder::new(&mut out, self.width(), self.height());
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(palette);
            let mut w = enc.write_header()?;
            w.write_chunk(png::chunk::IDAT, &idat)?;
            w.finish()
        })();
        encoded.map_err(encoding_error)?;
        Ok(out)
    }
}

fn encoding_error(e: png::EncodingError) -> image::ImageError {
    image::ImageError::Encoding(image::error::EncodingError::new(image::ImageFormat::Png.into(), e))
}
