//! Animations of resolutions as the game master delivers them: the console
//! writes each resolution's GIF beside the still images, after them; `animation=no` leaves it out; a phase in which
//! nothing moves has none; an announcement drawn again from the outbox
//! (after a restart) draws its animation again; `chessdip render --animate`
//! writes one from a scenario file.

use crate::support::scratch;
use scratch::{console_at, run, temp_dir, two_players};

use std::path::Path;

/// The files in `dir`, sorted by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// (frames, total delay in centiseconds, width, height) of a GIF.
fn gif_info(bytes: &[u8]) -> (usize, u32, u16, u16) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let (w, h) = (d.width(), d.height());
    let (mut n, mut cs) = (0, 0);
    while let Some(f) = d.read_next_frame().expect("a frame") {
        n += 1;
        cs += u32::from(f.delay);
    }
    (n, cs, w, h)
}

#[test]
fn the_console_writes_the_resolution_as_a_gif_after_the_stills() {
    let d = temp_dir("console");
    let mut c = console_at(&d, &[]);
    let img = d.join("img");
    two_players(&mut c, "");
    c.line("alice orders K c1 - c2, N b1 - c3");
    c.line("bob orders K d6 - d5");
    let out = c.line("gm game force");
    assert!(out.contains("Spring 1401 resolved"), "{out}");
    let names = files(&img);
    let spring: Vec<&String> = names.iter().filter(|n| n.contains("spring-1401")).collect();
    assert_eq!(spring.len(), 3, "orders, position and animation: {names:?}");
    assert!(spring[0].ends_with("-spring-1401-orders.png"), "{spring:?}");
    assert!(spring[1].ends_with("-spring-1401-result.png"), "{spring:?}");
    assert!(spring[2].ends_with("-spring-1401-resolution.gif"), "the animation comes last: {spring:?}");
    assert!(out.contains(&format!("image: {}", img.join(spring[2]).display())), "{out}");

    // `history` shows the phase again, with its animation to watch again.
    let again = c.line("alice history Spring 1401");
    assert!(again.contains("spring-1401-orders.png") && again.contains("spring-1401-resolution.gif"), "{again}");
    let bytes = std::fs::read(img.join(spring[2])).expect("gif written");
    let (frames, cs, w, _) = gif_info(&bytes);
    assert!(frames >= 3, "the first hold, the moves and the last hold: {frames}");
    assert!(cs >= 300, "at least the two holds: {cs} cs");
    assert_eq!(u32::from(w), chessdip_render::anim::WIDTH);
}

#[test]
fn animation_no_leaves_the_gif_out_and_a_phase_where_nothing_moves_has_none() {
    let d = temp_dir("off");
    let mut c = console_at(&d, &[]);
    let img = d.join("img");
    two_players(&mut c, "animation=no");
    c.line("alice orders K c1 - c2");
    c.line("gm game force");
    assert!(files(&img).iter().all(|n| !n.ends_with(".gif")), "{:?}", files(&img));

    let d = temp_dir("holds");
    let mut c = console_at(&d, &[]);
    let img = d.join("img");
    two_players(&mut c, "");
    c.line("alice orders K c1 H");
    let out = c.line("gm game force");
    assert!(out.contains("Spring 1401 resolved"), "{out}");
    let names = files(&img);
    assert!(names.iter().all(|n| !n.ends_with(".gif")), "nothing moved, nothing to watch: {names:?}");
    assert!(names.iter().any(|n| n.ends_with("spring-1401-result.png")), "{names:?}");
}

#[test]
fn a_bad_animation_setting_says_what_is_right() {
    let d = temp_dir("bad");
    let mut c = console_at(&d, &[]).without_images();
    let out = c.line("gm game create chesspolitik2 animation=sometimes");
    assert!(out.contains("`animation=sometimes`: use yes or no"), "{out}");
}

#[test]
fn an_announcement_drawn_again_from_the_outbox_draws_its_animation_again() {
    use chessdip_game::store::Store;
    use chessdip_game::{Caller, Service, Settings, SystemClock};
    let d = temp_dir("outbox");
    let db = d.join("g.db");
    {
        let s = Service::new(Store::open(&db).expect("db"), std::sync::Arc::new(SystemClock));
        let gm = Caller::player("gm");
        s.create("c", "g", &gm, "chesspolitik2", &Settings::default()).expect("create");
        s.join("c", &Caller::player("alice"), Some("France")).expect("join");
        s.join("c", &Caller::player("bob"), Some("England")).expect("join");
        s.start("c", &gm).expect("start");
        let said = s.command("c", "g", &Caller::player("alice"), "orders N b1 - c3");
        assert!(said[0].text.contains("Accepted"), "{}", said[0].text);
        let forced = s.command("c", "g", &Caller::moderator("gm"), "game force");
        assert!(forced.iter().any(|r| r.text.contains("Spring 1401 resolved")), "{forced:?}");
    }
    // A new service on the same file, as after a restart: the undelivered result still carries its animation.
    let s = Service::new(Store::open(&db).expect("db"), std::sync::Arc::new(SystemClock));
    // The channel's earlier announcements go out first, in order.
    let result = loop {
        let head = s.outbox_heads(1).expect("outbox").pop().expect("the result waits");
        if head.reply.text.contains("Spring 1401 resolved") {
            break head;
        }
        s.delivered(head.item.id).expect("delivered");
    };
    let names: Vec<&str> = result.reply.images.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["spring-1401-orders.png", "spring-1401-result.png", "spring-1401-resolution.gif"]);
    let anim = &result.reply.images[2];
    assert!(anim.is_animation());
    assert!(anim.spec().is_some_and(|s| s.animated));
    let bytes = anim.bytes();
    assert!(bytes.starts_with(b"GIF89a"), "a GIF");
    assert!(gif_info(&bytes).0 >= 3);
    assert!(result.reply.images[0].bytes().starts_with(b"\x89PNG"), "the stills stay PNG");
}

#[test]
fn render_animate_writes_a_gif_from_a_scenario_and_refuses_what_cannot_be() {
    let d = temp_dir("cli");
    let exe = env!("CARGO_BIN_EXE_chessdip");
    let out = d.join("spring.gif");
    let frames = d.join("frames");
    let o = std::process::Command::new(exe)
        .args(["render", "docs/images/chessdip-spring.txt", "--animate", "-o"])
        .arg(&out)
        .arg("--frames")
        .arg(&frames)
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("bytes") && said.contains("frames") && said.contains("768x"), "{said}");
    let (n, _, w, _) = gif_info(&std::fs::read(&out).expect("written"));
    assert_eq!(w, 768);
    // Every frame drawn is written; the GIF merges identical neighbours, so it has no more.
    let written = files(&frames);
    assert!(written.len() >= n && n >= 3, "{} frames written, {n} in the GIF", written.len());
    assert!(written.iter().all(|f| f.starts_with("frame-") && f.ends_with(".png")));

    // --stage with --animate is refused by the argument parser, with the reason.
    let o = std::process::Command::new(exe)
        .args(["render", "docs/images/chessdip-spring.txt", "--animate", "--stage", "result", "-o"])
        .arg(&out)
        .output()
        .expect("runs");
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("cannot be used with"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_chess_wheel_cycle_is_animated_after_its_reveals() {
    use chessdip_game::hashed::seal::sha256_hex;
    let d = temp_dir("wheel");
    let mut c = console_at(&d, &[]);
    let img = d.join("img");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    for p in ["ann", "bo"] {
        c.line(&format!("{p} board create"));
        c.line(&format!("{p} board populate"));
    }
    let ann = "# salt 81f2\nQ {ann}d1 - d8";
    let bo = "# salt 0c1d\n{bo}e2 - {bo}e3";
    for (p, text) in [("ann", ann), ("bo", bo)] {
        assert!(c.line(&format!("{p} commit {}", sha256_hex(text))).contains("committed"));
    }
    c.line("advance 3h");
    for (p, text) in [("ann", ann), ("bo", bo)] {
        let file = d.join(format!("{p}.txt"));
        std::fs::write(&file, text).expect("write");
        assert!(c.line(&format!("{p} reveal-file {}", file.display())).contains("reveal matches"));
    }
    let out = c.line("advance 3h");
    assert!(out.contains("Cycle 1 resolved"), "{out}");
    let names = files(&img);
    let cycle: Vec<&String> = names.iter().filter(|n| n.contains("cycle-1-")).collect();
    assert_eq!(cycle.len(), 3, "{names:?}");
    assert!(cycle[2].ends_with("cycle-1-resolution.gif"), "{cycle:?}");
    let (frames, _, w, _) = gif_info(&std::fs::read(img.join(cycle[2])).expect("gif"));
    assert!(frames >= 3 && u32::from(w) == chessdip_render::anim::WIDTH);
}

#[test]
fn a_moderator_turns_animations_off_and_on_during_a_game() {
    let d = temp_dir("set");
    let mut c = console_at(&d, &[]);
    let img = d.join("img");
    two_players(&mut c, "");
    // Only the images can change, only by a moderator, and only to something valid.
    let refused = c.line("alice game set animation=no");
    assert!(refused.contains("only a moderator of this game can change the game's settings"), "{refused}");
    let fixed = c.line("gm game set movement=24h");
    assert!(
        fixed.contains(
            "`movement=24h`: during a game only the images' palette and animation, and Chess Wheel+'s movement power, can change"
        ),
        "{fixed}"
    );
    let bad = c.line("gm game set animation=maybe");
    assert!(bad.contains("`animation=maybe`: use yes or no"), "{bad}");
    assert!(c.line("gm game set").contains("say what to change"));
    let off = c.line("gm game set animation=no");
    assert!(
        off.contains(
            "[public] gm changed the game's images: results come without an animation, from the next image on."
        ),
        "{off}"
    );
    assert!(c.line("gm game set animation=no").contains("Nothing changed"), "the same again changes nothing");
    c.line("alice orders K c1 - c2");
    c.line("gm game force");
    assert!(files(&img).iter().all(|n| !n.ends_with(".gif")), "{:?}", files(&img));
    // On again, with the colour-blind palette: the next result is animated.
    let on = c.line("gm game set animation=yes palette=colour-blind");
    assert!(on.contains("the colour-blind palette is on; each result comes with an animation"), "{on}");
    c.line("alice orders K c2 - c3");
    c.line("gm game force");
    assert!(files(&img).iter().any(|n| n.ends_with("fall-1401-resolution.gif")), "{:?}", files(&img));
    // The moderation log keeps both changes.
    let export = c.line("gm game export");
    assert_eq!(export.matches("\"action\": \"set\"").count(), 2, "{export}");
}
