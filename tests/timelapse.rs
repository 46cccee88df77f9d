//! The timelapse of a whole game: `game timelapse` writes a GIF of the
//! position after every resolved phase (rolled-back phases left out), half
//! a second each and the last held three seconds, refused before anything
//! has resolved; the announcement that a game has ended carries it; a
//! 40-phase Chess Dip timelapse at the animation width stays under 8 MB.

#[path = "common/gen.rs"]
mod gen;
#[path = "common/scratch.rs"]
mod scratch;
use scratch::{console_at, run, temp_dir, two_players, written};

use std::path::Path;

use chessdip::render::{anim, any, Style};

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

/// What a timelapse of `phases` resolved phases should show: half a second
/// each, the last three seconds.
fn expected(phases: usize) -> Vec<u16> {
    let mut d = vec![50; phases];
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
    assert!(out.contains("in 3 frames") && out.contains("from Spring 1401 to"), "{out}");
    let (shown, width) = delays(&one_gif(&out, &d.join("img")));
    assert_eq!(shown, expected(3), "one frame a resolved phase");
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
    assert_eq!(shown, expected(2), "two phases resolved before the concession");
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
    assert_eq!(shown, expected(40));
    assert_eq!(u32::from(width), anim::WIDTH);
    eprintln!("40-phase timelapse: {} bytes", bytes.len());
}

#[test]
fn the_result_banner_on_the_last_frame_leaves_the_board_where_it_was() {
    // The same position twice, the game's result on the last: below the
    // title bar and the banner's band, the two frames are the same pixels.
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
    let last = *differ.last().expect("the banner differs");
    assert!(last < a.height() as usize / 5, "only the title bar and the banner differ, not the board: rows to {last}");
}
