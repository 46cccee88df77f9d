//! Scores at the end of every game, through the console: a win, a draw by
//! vote, a concession, a forfeit, an unseated player and a moderator's end,
//! in the two-player games, the games with centers and Chess Wheel+; the
//! scores in the end announcement, in the export, and taken back by a rollback.

use crate::support::scratch;
use scratch::{console, export, run, two_players};

use chessdip::console::Console;
use serde_json::Value;

/// The export's scores as (power, shown, how), in the powers' order.
fn scores(c: &mut Console) -> Vec<(String, String, String)> {
    let json = export(c);
    json["scores"]
        .as_array()
        .unwrap_or_else(|| panic!("no scores: {}", json["scores"]))
        .iter()
        .map(|s| {
            let text = |k: &str| s[k].as_str().unwrap_or_default().to_string();
            (text("power"), text("shown"), text("how"))
        })
        .collect()
}

/// The sum of the export's scores.
fn total(c: &mut Console) -> f64 {
    export(c)["scores"].as_array().expect("scores").iter().map(|s| s["score"].as_f64().expect("a number")).sum()
}

fn simul(c: &mut Console) {
    run(c, &["gm game create diplomacy-chess", "alice join White", "bob join Black", "gm game start"]);
}

/// Plays White's four-move checkmate; the last reply.
fn scholars_mate(c: &mut Console) -> String {
    let mut last = String::new();
    for (w, b) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6"), ("Qxf7", "a6")] {
        run(c, &[&format!("alice orders {w}"), &format!("bob orders {b}"), "alice ready"]);
        last = c.line("bob ready");
    }
    last
}

/// A four-power game of `variant` with `options`, started; the power each of a, b, c, d holds.
fn four(c: &mut Console, variant: &str, options: &str) -> Vec<String> {
    let out = run(c, &[&format!("gm game create {variant} {options}"), "a join", "b join", "c join", "d join"]);
    assert!(!out.contains("refused") && out.contains("d joins as"), "{out}");
    assert!(c.line("gm game start").contains("The game begins"));
    let json = export(c);
    ["a", "b", "c", "d"]
        .iter()
        .map(|u| {
            let p =
                json["powers"].as_array().expect("powers").iter().find(|p| p["player"]["name"] == *u).expect("seat");
            p["name"].as_str().expect("name").to_string()
        })
        .collect()
}

#[test]
fn a_two_player_win_is_one_and_a_loss_nothing() {
    let mut c = console("scores-win");
    simul(&mut c);
    let end = scholars_mate(&mut c);
    assert!(end.contains("**Game over: White wins by checkmate.**\n    Scores: White 1, Black 0."), "{end}");
    assert_eq!(
        scores(&mut c),
        [("White".into(), "1".into(), "solo".into()), ("Black".into(), "0".into(), "loss".into())]
    );
    assert_eq!(export(&mut c)["settings"]["scoring"], "draw-size");
    let status = c.line("bob game status");
    assert!(
        status.contains("**Game over: White wins by checkmate.**") && status.contains("Scores: White 1, Black 0."),
        "{status}"
    );
}

#[test]
fn a_rollback_of_the_last_result_takes_the_scores_back() {
    let mut c = console("scores-rollback");
    simul(&mut c);
    scholars_mate(&mut c);
    assert!(c.line("gm game rollback").contains("Rolled back: Turn 4 is open again"));
    assert_eq!(export(&mut c)["scores"], Value::Null, "a game played again has no scores");
    assert!(c.line("gm game status").contains("Turn 4"));
    // Played again, it ends again and is scored again, once.
    let again = c.line("gm game force");
    assert!(again.contains("Scores: White 1, Black 0."), "{again}");
    assert_eq!(scores(&mut c).len(), 2);
}

#[test]
fn a_draw_by_vote_is_a_half_each() {
    let mut c = console("scores-draw");
    two_players(&mut c, "");
    c.line("alice draw yes");
    let draw = c.line("bob draw yes");
    assert!(
        draw.contains("Game over: draw between France and England") && draw.contains("Scores: France ½, England ½."),
        "{draw}"
    );
    assert_eq!(total(&mut c), 1.0);
}

#[test]
fn a_concession_or_a_forfeit_scores_nothing() {
    let mut c = console("scores-concede");
    simul(&mut c);
    let conceded = c.line("bob concede");
    assert!(
        conceded.contains("**Game over: White wins by concession.**\n    Scores: White 1, Black 0 (conceded)."),
        "{conceded}"
    );
    assert_eq!(scores(&mut c)[1], ("Black".into(), "0".into(), "conceded".into()));

    let mut c = console("scores-forfeit");
    let end = scratch::diplomat_forfeit(&mut c);
    assert!(
        end.contains("Black wins: White forfeits after 1 missed turns")
            && end.contains("Scores: White 0 (forfeited), Black 1."),
        "{end}"
    );
    assert_eq!(scores(&mut c)[0], ("White".into(), "0".into(), "forfeited".into()));
}

#[test]
fn an_unseated_player_scores_nothing() {
    let mut c = console("scores-unseated");
    two_players(&mut c, "movement=24h grace=0 cd-after=1");
    c.line("alice orders K c1 - c2");
    assert!(c.line("advance 24h").contains("bob is unseated from England"));
    // Nobody holds England: France, the only player still playing, draws alone and takes the point.
    let end = c.line("alice draw yes");
    assert!(end.contains("Scores: France 1, England 0 (unseated)."), "{end}");
    assert_eq!(scores(&mut c)[1], ("England".into(), "0".into(), "unseated".into()));
    assert!(c.line("alice game status").contains("Scores: France 1, England 0 (unseated)."));
}

#[test]
fn a_moderator_end_is_not_scored_and_says_so() {
    let mut c = console("scores-end");
    simul(&mut c);
    let end = c.line("gm game end");
    assert!(end.contains("Scores: none, a game ended by a moderator is not scored."), "{end}");
    assert_eq!(export(&mut c)["scores"], Value::Null);
    assert!(c.line("gm game status").contains("Scores: none, a game ended by a moderator is not scored."));
    // Before the start too.
    let mut c = console("scores-end-forming");
    c.line("gm game create chessdip");
    assert!(c.line("gm game end").contains("not scored"));
}

#[test]
fn the_games_with_centers_share_a_draw_by_size_without_the_conceded_power() {
    for variant in ["chessdip", "chesspolitik4"] {
        let mut c = console(&format!("scores-dss-{variant}"));
        let powers = four(&mut c, variant, "");
        assert!(c.line("a concede").contains("concedes the game"));
        let end = run(&mut c, &["b draw yes", "c draw yes", "d draw yes"]);
        assert!(
            end.contains(&format!("{} 0 (conceded)", powers[0])) && end.contains(&format!("{} ⅓", powers[1])),
            "{end}"
        );
        let s = scores(&mut c);
        assert_eq!(s.len(), 4);
        for (power, shown, how) in s {
            if power == powers[0] {
                assert_eq!((shown.as_str(), how.as_str()), ("0", "conceded"));
            } else {
                assert_eq!((shown.as_str(), how.as_str()), ("⅓", "draw of 3"), "{power}");
            }
        }
        assert!((total(&mut c) - 1.0).abs() < 1e-12);
    }
}

#[test]
fn sum_of_squares_shares_a_draw_by_centers() {
    let mut c = console("scores-sos");
    let powers = four(&mut c, "chesspolitik4", "scoring=sum-of-squares");
    assert!(c.line("d concede").contains("concedes the game"));
    let end = run(&mut c, &["a draw yes", "b draw yes", "c draw yes"]);
    assert!(end.contains("Scores: "), "{end}");
    let json = export(&mut c);
    assert_eq!(json["settings"]["scoring"], "sum-of-squares");
    let rows = json["scores"].as_array().expect("scores");
    let mut sum = 0.0;
    for r in rows {
        let (score, shown, how) =
            (r["score"].as_f64().expect("score"), r["shown"].as_str().expect("shown"), r["how"].as_str().expect("how"));
        sum += score;
        if r["power"] == powers[3].as_str() {
            assert_eq!((score, how), (0.0, "conceded"));
        } else {
            assert!(how.starts_with("sum of squares ("), "{how}");
            assert_eq!(shown, format!("{score:.3}"), "three decimals");
            assert!(end.contains(&format!("{} {shown}", r["power"].as_str().expect("power"))), "{end}");
        }
    }
    assert!((sum - 1.0).abs() < 1e-12, "{sum}");
}

#[test]
fn chess_wheel_shares_a_draw_among_the_players_still_standing() {
    let mut c = console("scores-wheel");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "cy join", "gm game start"]);
    assert!(c.line("ann concede").contains("concedes the game"));
    c.line("bo draw yes");
    let end = c.line("cy draw yes");
    assert!(end.contains("Game over: draw between bo and cy"), "{end}");
    let mut s = scores(&mut c);
    s.sort();
    assert_eq!(
        s,
        [
            ("ann".into(), "0".into(), "conceded".into()),
            ("bo".into(), "½".into(), "draw of 2".into()),
            ("cy".into(), "½".into(), "draw of 2".into())
        ]
    );
}

#[test]
fn scoring_is_chosen_only_for_the_games_with_centers() {
    let mut c = console("scores-refused");
    for variant in ["chesspolitik2", "diplomacy-chess", "diplomat-chess", "chess-wheel"] {
        let r = c.line(&format!("gm game create {variant} scoring=sum-of-squares"));
        assert!(
            r.contains(
                "only the four-power games with centers, Chess Dip and Chesspolitik, choose how a draw is scored"
            ),
            "{variant}: {r}"
        );
    }
    assert!(c.line("gm game create diplomat-chess scoring=draw-size").contains("a draw ½ each, a loss 0"));
    assert!(c
        .line("gm game create chess-wheel scoring=draw-size")
        .contains("a draw shared equally among the players still standing"));
    let r = c.line("gm game create chessdip scoring=elo");
    assert!(r.contains("`scoring=elo`: scoring is draw-size") && r.contains("sum-of-squares"), "{r}");
    assert!(c.line("gm game create chessdip scoring=sum-of-squares").contains("is forming"));
}

#[test]
fn in_the_games_with_centers_an_unseated_power_is_left_out_of_the_draw() {
    let mut c = console("scores-dip-unseated");
    run(
        &mut c,
        &[
            "gm game create chesspolitik4 movement=24h grace=0 cd-after=1",
            "a join Mughal",
            "b join Ming",
            "c join Russia",
            "d join Ottoman",
            "gm game start",
            "a orders N b1 H, K d1 H, K e1 H, N g1 H",
            "b orders N h2 H, K h4 H, K h5 H, N h7 H",
            "c orders N b8 H, K d8 H, K e8 H, N g8 H",
        ],
    );
    assert!(c.line("advance 24h").contains("d is unseated from Ottoman Empire"));
    let end = run(&mut c, &["a draw yes", "b draw yes", "c draw yes"]);
    assert!(
        end.contains("Scores: Mughal Empire ⅓, Ming Dynasty ⅓, Tsardom of Russia ⅓, Ottoman Empire 0 (unseated)."),
        "{end}"
    );
}

#[test]
fn the_last_power_standing_after_concessions_takes_the_point() {
    let mut c = console("scores-dip-solo");
    let powers = four(&mut c, "chessdip", "scoring=sum-of-squares");
    run(&mut c, &["a concede", "b concede"]);
    let end = c.line("c concede");
    assert!(end.contains(&format!("**Game over: {} wins by concession.**", powers[3])), "{end}");
    let mut s = scores(&mut c);
    s.sort_by_key(|(p, _, _)| powers.iter().position(|q| q == p));
    assert_eq!(s[3], (powers[3].clone(), "1".into(), "solo".into()));
    // The announcement lists the powers in the variant's order; the seats above were taken at random.
    for (p, shown, _) in &s {
        let part = if shown == "1" { format!("{p} 1") } else { format!("{p} 0 (conceded)") };
        assert!(end.contains(&part), "{part} in {end}");
    }

    let mut c = console("scores-wheel-solo");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "cy join", "gm game start"]);
    c.line("ann concede");
    let end = c.line("bo concede");
    assert!(end.contains("**Game over: cy wins by concession.**"), "{end}");
    assert!(end.contains("cy 1") && end.contains("ann 0 (conceded)") && end.contains("bo 0 (conceded)"), "{end}");
}
