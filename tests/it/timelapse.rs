//! The timelapse of a whole game: `game timelapse` writes a GIF of the
//! starting position and the position after every resolved phase
//! (rolled-back phases left out), half a second each and the last held
//! three seconds, refused before anything has resolved; the announcement
//! that a game has ended carries it, the result in a band on every frame;
//! a 40-phase Chess Dip timelapse at the animation width stays under 8 MB.

use crate::support::dip_colours;
use crate::support::gen;
use crate::support::gifs;
use crate::support::scratch;
use crate::support::squares;
use scratch::{console_at, run, temp_dir, two_players, written};

use std::path::Path;

use chessdip_render::{anim, any, Style};

/// Every frame's delay (centiseconds) and the GIF's width.
fn delays(bytes: &[u8]) -> (Vec<u16>, u16) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let w = d.width();
    let mut out = Vec::new();
    while let Some(f) = d.read_next_frame().expect("a frame") {
        out.push(f.delay);
    }
    (out, w)
}

/// What a timelapse of `phases` resolved phases should show: the start
/// and every phase, half a second each, the last three seconds.
fn expected(phases: usize) -> Vec<u16> {
    held(phases + 1)
}

/// The delays of `frames` frames: half a second each, the last three seconds.
fn held(frames: usize) -> Vec<u16> {
    let mut d = vec![50; frames];
    if let Some(last) = d.last_mut() {
        *last = 300;
    }
    d
}

fn one_gif(out: &str, dir: &Path) -> Vec<u8> {
    let files = written(out, "-chesspolitik2-timelapse.gif");
    assert_eq!(files.len(), 1, "one timelapse written: {out}");
    assert!(files[0].starts_with(dir), "{files:?}");
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    let (number, _) = name.split_once('-').expect("NNN-");
    assert!(number.len() == 3 && number.parse::<u32>().is_ok(), "numbered like every image: {name}");
    std::fs::read(&files[0]).expect("written")
}

#[test]
fn game_timelapse_shows_every_resolved_phase_and_leaves_rolled_back_ones_out() {
    let d = temp_dir("console");
    let mut c = console_at(&d, &[]);
    two_players(&mut c, "animation=no cd-after=off");
    let early = c.line("carol game timelapse");
    assert!(
        early.contains("no phase of this game has resolved yet")
            && early.contains("the position after every resolved phase"),
        "{early}"
    );
    assert!(written(&early, ".gif").is_empty(), "{early}");

    c.line("alice orders K c1 - c2, N b1 - c3");
    c.line("bob orders K d6 - d5");
    run(&mut c, &["gm game force", "gm game force", "gm game force"]);
    // Anyone may ask, a spectator too.
    let out = c.line("carol game timelapse");
    assert!(out.starts_with("[public]"), "{out}");
    assert!(
        out.contains("in 4 frames, the start and the position after every resolved phase from Spring 1401 to"),
        "{out}"
    );
    let (shown, width) = delays(&one_gif(&out, &d.join("img")));
    assert_eq!(shown, expected(3), "the start, then one frame a resolved phase");
    assert_eq!(u32::from(width), anim::WIDTH);

    // A rollback takes the last phase out; the phase played again comes back in.
    let back = c.line("gm game rollback");
    assert!(back.contains("Rolled back"), "{back}");
    let (shown, _) = delays(&one_gif(&c.line("alice game timelapse"), &d.join("img")));
    assert_eq!(shown, expected(2), "the rolled-back phase is left out");
    c.line("gm game force");
    let (shown, _) = delays(&one_gif(&c.line("alice game timelapse"), &d.join("img")));
    assert_eq!(shown, expected(3));
}

#[test]
fn the_end_announcement_carries_the_timelapse() {
    let d = temp_dir("end");
    let mut c = console_at(&d, &[]);
    two_players(&mut c, "animation=no cd-after=off");
    c.line("alice orders K c1 - c2");
    run(&mut c, &["gm game force", "gm game force"]);
    let out = c.line("bob concede");
    assert!(out.contains("Game over") || out.contains("wins"), "{out}");
    let files = written(&out, "-chesspolitik2-timelapse.gif");
    assert_eq!(files.len(), 1, "the end announcement has the timelapse: {out}");
    let final_png = out.find("final-position.png").expect("the final position first");
    assert!(out.find("timelapse.gif").expect("timelapse") > final_png, "stills first: {out}");
    let (shown, _) = delays(&std::fs::read(&files[0]).expect("written"));
    assert_eq!(shown, expected(2), "the start and the two phases resolved before the concession");
    // Asked for afterwards, the same.
    let again = c.line("carol game timelapse");
    assert!(again.contains("the whole game"), "{again}");
    assert_eq!(delays(&one_gif(&again, &d.join("img"))).0, expected(2));
}

#[test]
fn a_game_ended_before_any_phase_resolved_has_no_timelapse() {
    let d = temp_dir("none");
    let mut c = console_at(&d, &[]);
    two_players(&mut c, "");
    let out = c.line("bob concede");
    assert!(out.contains("final-position.png"), "{out}");
    assert!(written(&out, ".gif").is_empty(), "nothing resolved, no timelapse: {out}");
}

#[test]
fn a_forty_phase_chess_dip_timelapse_is_under_8_mb() {
    // The worst case: every frame a different position of 30 pieces, so
    // every frame changes the whole board.
    let positions = gen::timelapse_positions(40);
    let style = Style { width: anim::WIDTH, ..Style::default() };
    let frames = any::timelapse(&positions, &style);
    let bytes = anim::gif(&frames).expect("encodes");
    assert!(bytes.len() < 8 * 1024 * 1024, "{} bytes", bytes.len());
    let (shown, width) = delays(&bytes);
    assert_eq!(shown, held(40));
    assert_eq!(u32::from(width), anim::WIDTH);
    eprintln!("40-phase timelapse: {} bytes", bytes.len());
}

#[test]
fn every_frame_of_an_ended_games_timelapse_shows_its_result_band_and_the_board_stays_put() {
    // The same position twice, the game's result given: the two frames
    // differ in their title bars alone (the phase and `1 of 2`, `2 of 2`);
    // the band under them says the result in both, none is empty.
    let one = gen::timelapse_positions(1).remove(0);
    let positions = vec![one.clone(), (one.0, "After phase 2".to_string())];
    let style = Style { width: anim::WIDTH, result: Some("England wins".into()), ..Style::default() };
    let frames = any::timelapse(&positions, &style);
    let (a, b) = (&frames[0].canvas, &frames[1].canvas);
    assert_eq!((a.width(), a.height()), (b.width(), b.height()), "one size for every frame");
    let row = a.width() as usize * 4;
    let differ: Vec<usize> = (0..a.height() as usize)
        .filter(|&y| a.rgba()[y * row..(y + 1) * row] != b.rgba()[y * row..(y + 1) * row])
        .collect();
    let title_h = (anim::WIDTH as f32 * 0.075).round() as usize;
    assert!(differ.iter().all(|&y| y < title_h), "only the title bars differ: rows {differ:?}");
    for f in &frames {
        let texts: Vec<&str> = f.canvas.texts().iter().map(|(t, _)| t.as_str()).collect();
        assert!(texts.contains(&"GAME OVER") && texts.contains(&"England wins"), "{texts:?}");
    }
}

#[test]
fn a_timelapse_starts_with_the_starting_position() {
    let d = temp_dir("start");
    let mut c = console_at(&d, &[]);
    two_players(&mut c, "animation=no cd-after=off");
    c.line("alice orders K c1 - c2");
    run(&mut c, &["gm game force", "gm game force"]);
    let out = c.line("carol game timelapse");
    assert!(
        out.contains("in 3 frames, the start and the position after every resolved phase from Spring 1401"),
        "{out}"
    );
    let g = gifs::decode(&one_gif(&out, &d.join("img")));
    assert_eq!(g.frames.len(), 3);
    // France's king stands on c1 in the first frame (the start), on c2 after Spring.
    let v = chessdip_rules::chess_dip::Variant::builtin("chesspolitik2").expect("variant");
    let france = dip_colours::colour(&v, chessdip_render::Palette::Classic, "France");
    let plate = |s: &str| {
        let (x, y, w, h) = chessdip_render::chess_dip::plate_box(&v, anim::WIDTH, squares::sq(s));
        (x + w * 0.15, y + h / 2.0)
    };
    let is_france = |frame: usize, s: &str| {
        let p = g.pixel(frame, plate(s));
        chessdip_render::vision::delta_e(chessdip_render::canvas::Rgba::rgb(p[0], p[1], p[2]), france) < 8.0
    };
    assert!(is_france(0, "c1") && !is_france(0, "c2"), "the start: the king on c1");
    assert!(is_france(1, "c2") && !is_france(1, "c1"), "after Spring 1401: on c2");
}

#[test]
fn a_timelapse_too_large_for_its_limit_shows_fewer_positions_or_is_drawn_smaller() {
    let positions = gen::timelapse_positions(12);
    let style = Style { width: anim::WIDTH, ..Style::default() };
    let whole = any::timelapse_within(&positions, &style, usize::MAX).expect("encodes");
    assert_eq!((whole.step, whole.shown, whole.width), (1, 12, anim::WIDTH));
    assert!(whole.gif == any::timelapse_gif(&positions, &style).expect("encodes"), "all of it when it fits");
    // Half the room: every second position or so, the first and the last always, under the limit.
    let limit = whole.gif.len() / 2;
    let half = any::timelapse_within(&positions, &style, limit).expect("encodes");
    assert!(half.gif.len() <= limit, "{} bytes over {limit}", half.gif.len());
    assert!(half.step >= 2 && half.shown < 12 && half.shown >= 3, "{half:?}");
    assert_eq!(half.shown, 1 + (11usize).div_ceil(half.step), "{half:?}");
    let (shown, width) = delays(&half.gif);
    assert_eq!(shown, held(half.shown), "one frame a position shown, the last held");
    assert_eq!(u32::from(width), anim::WIDTH);
    // Room for less than two whole frames: drawn narrower.
    let first_two = any::timelapse_within(&positions[..2], &style, usize::MAX).expect("encodes").gif.len();
    let small = any::timelapse_within(&positions, &style, first_two * 2 / 3).expect("encodes");
    assert!(small.width < anim::WIDTH && small.gif.len() <= first_two * 2 / 3, "{:?}", (small.width, small.shown));
    assert_eq!(u32::from(delays(&small.gif).1), small.width);
    // No room at all.
    assert!(matches!(any::timelapse_within(&positions, &style, 100), Err(anim::AnimError::OverLimit(100))));
}
