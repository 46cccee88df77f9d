//! Drawing on the fake Discord, through the `chessdip run` binary: a
//! command answered with images is deferred before they are drawn and
//! answered when they are; one user asking for a long game's timelapse
//! again and again delays neither another player's `/game board` nor
//! another game's result; a timelapse is drawn once for the game as it
//! stands and kept until a phase or a rollback changes it; one too large
//! for the upload limit shows fewer positions, and says so.
#![cfg(feature = "discord")]

use crate::support;

use crate::support::drawing;

use std::path::Path;

use drawing::{one_user_asks_for_timelapses, prepare, started, timelapses_drawn};
use support::fake_discord::FakeDiscord;
use support::flow::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commands_answer_never_waits_for_a_drawing_and_nobody_can_delay_another_games_result() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("drawing-fair");
    prepare(&db, 100);
    let (mut bot, log) = started(&fake, &db).await;
    let d = one_user_asks_for_timelapses(&fake, 4).await;
    eprintln!("{d:?}");
    // Every command is answered at once (deferred), well within Discord's 3 seconds.
    for (first, _) in d.timelapses.iter().chain(std::iter::once(&d.board)) {
        assert!(*first < 3.0, "{d:?}");
    }
    // The board and the other game's result do not wait for the timelapse being drawn.
    let lapse = d.timelapses.iter().map(|(_, whole)| *whole).fold(f64::INFINITY, f64::min);
    assert!(d.board.1 < lapse && d.result < lapse, "{d:?}");
    // The four asks were one drawing.
    assert_eq!(timelapses_drawn(&log), 1, "{:?}", log.lock().expect("lock"));
    let _ = bot.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timelapse_is_drawn_once_and_kept_until_a_phase_or_a_rollback_changes_the_game() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("drawing-kept");
    prepare(&db, 6);
    let (mut bot, log) = started(&fake, &db).await;
    let ask = || ask_answer(&fake, (CAROL, "carol"), &["game", "timelapse"], &[], false);
    let first = ask().await;
    let frames = gif_delays(&first.gifs()[0].1).len();
    assert!(first.content().contains(&format!("in {frames} frames")), "{}", first.content());
    let again = ask().await;
    assert_eq!(again.gifs()[0].1, first.gifs()[0].1);
    assert_eq!(timelapses_drawn(&log), 1, "asked twice, drawn once");
    let kept = |db: &Path| {
        let dir = db.with_file_name("bot.db-drawings");
        std::fs::read_dir(dir)
            .map_or(0, |d| d.flatten().filter(|e| e.path().extension().is_some_and(|x| x == "gif")).count())
    };
    assert_eq!(kept(&db), 1, "kept next to the database");
    // A new phase: drawn again, one frame more; the game's older drawing is not kept.
    ask_answer(&fake, (GM, "gm"), &["game", "force"], &[], true).await;
    let later = ask().await;
    assert!(later.content().contains(&format!("in {} frames", frames + 1)), "{}", later.content());
    assert_ne!(later.gifs()[0].1, first.gifs()[0].1);
    assert_eq!(timelapses_drawn(&log), 2);
    assert_eq!(kept(&db), 1);
    // A rollback: the game is as it was, and so is its timelapse.
    ask_answer(&fake, (GM, "gm"), &["game", "rollback"], &[], true).await;
    let back = ask().await;
    assert!(back.content().contains(&format!("in {frames} frames")), "{}", back.content());
    assert_eq!(timelapses_drawn(&log), 3);
    assert_eq!(back.gifs()[0].1, first.gifs()[0].1, "the same positions give the same timelapse");
    let _ = bot.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timelapse_too_large_for_the_upload_limit_shows_fewer_positions_and_says_so() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("drawing-limit");
    prepare(&db, 30);
    let (mut bot, _log) = started(&fake, &db).await;
    let whole = ask_answer(&fake, (CAROL, "carol"), &["game", "timelapse"], &[], false).await;
    let size = whole.gifs()[0].1.len();
    let all = gif_delays(&whole.gifs()[0].1).len();
    assert!(!whole.content().contains("to stay under"), "{}", whole.content());
    // Where a file may have half that size: fewer positions, the first and the last kept, said in the answer.
    let limit = size / 2;
    fake.set_attachment_size_limit(limit as u64);
    let r = ask_answer(&fake, (CAROL, "carol"), &["game", "timelapse"], &[], false).await;
    let gif = &r.gifs()[0].1;
    assert!(gif.len() <= limit, "{} bytes, over {limit}", gif.len());
    let frames = gif_delays(gif).len();
    assert!((3..all).contains(&frames), "{frames} frames of {all}");
    let text = r.content();
    assert!(text.contains(&format!("and the last ({frames} of {all}) to stay under the")), "{text}");
    assert!(
        text.contains("(The game's timelapse shows every ") && text.contains("a file may be in this channel.)"),
        "{text}"
    );
    let _ = bot.kill().await;
}
