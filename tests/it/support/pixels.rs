//! Pixel probes shared by the image tests.
#![allow(dead_code)]

use chessdip_render::canvas::{Canvas, Rgba};

/// Whether `a` and `b` differ by less than `below` in each of red, green
/// and blue (alpha aside): the same colour as far as an image test can tell.
pub fn within(a: Rgba, b: Rgba, below: u8) -> bool {
    a.0.abs_diff(b.0) < below && a.1.abs_diff(b.1) < below && a.2.abs_diff(b.2) < below
}

/// The pixel at a point (inside the image).
pub fn px(c: &Canvas, (x, y): (f32, f32)) -> Rgba {
    c.pixel(x as u32, y as u32).expect("inside the image")
}

/// Of a 9x9 grid of probes spaced `s / 20` apart, starting `s / 5` left of
/// `x` and `up * s` above `y`, how many are neither square colour: ink on a square.
pub fn non_board(c: &Canvas, (x, y): (f32, f32), s: f32, up: f32, (light, dark): (Rgba, Rgba)) -> usize {
    (0..9)
        .flat_map(|i| (0..9).map(move |j| (x - s * 0.2 + i as f32 * s * 0.05, y - s * up + j as f32 * s * 0.05)))
        .filter(|&p| {
            let q = px(c, p);
            q != light && q != dark
        })
        .count()
}
