//! One arena game: every phase, each owing power's player decides, its
//! board actions are taken and its orders go through the rules' own
//! reading and checking exactly as the service takes a person's (in a
//! hashed game: sealed with a salt, committed, revealed and matched, then
//! read without the salt line), and the phase is resolved.

use std::time::Duration;

use sha2::{Digest, Sha256};

use chessdip_bots::rng::{mix, Rng};
use chessdip_bots::{Decision, Player};
use chessdip_game::hashed::{seal, sha256_hex, without_comments};
use chessdip_rules::any::{offer, Position};
use chessdip_rules::family::{GameResult, SlotOrder};

use super::Setup;

/// How one game went, seat by seat.
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    /// The winner's seat, if the game was won.
    pub winner: Option<usize>,
    /// Whether each seat's power was still in the game at the end.
    pub alive: Vec<bool>,
    /// Each seat's centers, material or pieces at the end.
    pub tally: Vec<u32>,
    /// How the game ended: the rules' result, or the length limit.
    pub end: String,
    /// The same without the winner's name, to count ends by kind: `won by checkmate`, `draw (stalemate)`.
    pub how: String,
    /// Whether the length limit ended it.
    pub limit_reached: bool,
    /// Periods (years, turns, moves, cycles) begun.
    pub periods: u32,
    /// Orders and board actions the rules refused.
    pub refused: usize,
    /// The first refusals, for the reader: `power: text: reason`.
    pub refusals: Vec<String>,
    /// The time of each decision of a `bot` seat.
    pub bot_times: Vec<Duration>,
    /// Bot decisions the time budget cut short.
    pub stopped_by_time: usize,
    /// Orders a bot's own check of its list withdrew.
    pub withdrawn: usize,
    /// The power each seat played.
    pub powers: Vec<String>,
    /// The game's move list, for the games that keep one (Diplomacy Chess, Diplomat Chess).
    pub transcript: Option<String>,
    /// SHA-256 of every order text, action and result of the game, in order.
    pub digest: [u8; 32],
}

/// The most phases a game may take whatever its limit (a guard against a
/// game that never advances its periods).
const MAX_PHASES: usize = 20_000;

/// The most refusals kept word for word.
const REFUSALS_KEPT: usize = 5;

/// Plays game `g` of `setup`.
pub fn play(setup: &Setup, g: usize) -> GameRecord {
    let n = setup.powers.len();
    let game_seed = mix(setup.seed ^ mix(g as u64));
    // Seat i plays the power (i + g) mod n: colours and powers go round the seats.
    let seat_of = |power_index: usize| (power_index + n - g % n) % n;
    let mut record = GameRecord {
        powers: (0..n).map(|seat| setup.powers[(seat + g) % n].clone()).collect(),
        ..GameRecord::default()
    };
    let mut digest = Sha256::new();
    let hashed = offer(setup.game.id()).is_some_and(|o| o.always_hashed);
    let mut salts = Rng::derive(game_seed, &[u64::MAX]);
    let mut pos = match setup.game.start(&setup.powers) {
        Ok(p) => p,
        Err(e) => {
            record.end = format!("could not start: {e}");
            return record;
        }
    };
    let first = pos.period();
    for phase_no in 0..MAX_PHASES {
        if pos.result().is_over() {
            break;
        }
        if pos.period().saturating_sub(first) >= setup.limit {
            record.limit_reached = true;
            break;
        }
        let phase = pos.phase();
        digest.update(phase.name.as_bytes());
        let mut orders: Vec<(String, Vec<SlotOrder>)> = Vec::new();
        for (i, power) in setup.powers.iter().enumerate() {
            if !phase.owing.contains(power) {
                continue;
            }
            let seat = seat_of(i);
            let player = setup.seats[seat];
            let seed = Rng::derive(game_seed, &[phase_no as u64, i as u64]).next_u64();
            let decision = match player.decide(&pos, power, setup.limits, seed) {
                Ok(d) => d,
                Err(e) => {
                    refuse(&mut record, power, "(no decision)", &e.to_string());
                    continue;
                }
            };
            if player == Player::Bot {
                record.bot_times.push(decision.stats.elapsed);
                record.stopped_by_time += usize::from(decision.stats.stopped_by_time);
            }
            record.withdrawn += decision.stats.withdrawn;
            pos = take_actions(&mut record, &mut digest, pos, power, &decision);
            if decision.orders.is_empty() {
                continue;
            }
            let text = decision.message();
            digest.update(text.as_bytes());
            // A hashed game: seal, commit, reveal the same bytes, read without the salt line.
            let submitted = if hashed {
                let mut salt = [0u8; 16];
                for b in &mut salt {
                    *b = (salts.next_u64() & 0xff) as u8;
                }
                let sealed = seal(&text, &salt);
                // The commitment is public; the reveal is the same bytes, which the service matches to it.
                digest.update(sha256_hex(&sealed).as_bytes());
                without_comments(&sealed)
            } else {
                text
            };
            let sub = pos.submit(power, &[], &submitted);
            for (t, why) in &sub.rejected {
                refuse(&mut record, power, t, why);
            }
            if let Some(why) = &sub.invalid {
                if sub.rejected.is_empty() {
                    refuse(&mut record, power, &submitted, why);
                }
            }
            orders.push((power.clone(), sub.orders));
        }
        let r = pos.resolve(&orders);
        pos = r.next;
    }
    record.periods = (pos.period().saturating_sub(first) + 1).min(setup.limit);
    finish(&mut record, &pos, &setup.powers, seat_of);
    record.transcript = pos.transcript();
    digest.update(record.end.as_bytes());
    record.digest = digest.finalize().into();
    record
}

/// Takes the decision's board actions in order; a refused one is counted.
fn take_actions(
    record: &mut GameRecord,
    digest: &mut Sha256,
    mut pos: Position,
    power: &str,
    decision: &Decision,
) -> Position {
    for action in &decision.actions {
        let text = action.to_string();
        digest.update(text.as_bytes());
        match pos.act(power, &text) {
            Ok((next, _)) => pos = next,
            Err(why) => refuse(record, power, &format!("board {text}"), &why),
        }
    }
    pos
}

/// Counts a refusal, keeping the first few word for word.
fn refuse(record: &mut GameRecord, power: &str, text: &str, why: &str) {
    record.refused += 1;
    if record.refusals.len() < REFUSALS_KEPT {
        record.refusals.push(format!("{power}: `{text}`: {why}"));
    }
}

/// The end of the game, seat by seat.
fn finish(record: &mut GameRecord, pos: &Position, powers: &[String], seat_of: impl Fn(usize) -> usize) {
    let n = powers.len();
    record.alive = vec![false; n];
    record.tally = vec![0; n];
    let tally = pos.tally();
    for (i, power) in powers.iter().enumerate() {
        let seat = seat_of(i);
        record.alive[seat] = pos.alive(power);
        record.tally[seat] = tally.iter().find(|(p, _)| p == power).map_or(0, |(_, c)| *c);
    }
    match pos.result() {
        GameResult::Won { winner, how } => {
            record.winner = powers.iter().position(|p| *p == winner).map(&seat_of);
            record.end = format!("{winner} wins {how}");
            record.how = format!("won {how}");
        }
        GameResult::Drawn { how } => {
            record.end = format!("draw ({how})");
            record.how.clone_from(&record.end);
        }
        GameResult::Ongoing if record.limit_reached => {
            record.end = format!("the limit of {} periods was reached", record.periods);
            record.how = "the limit".into();
        }
        GameResult::Ongoing => {
            record.end = "unfinished (the phase guard stopped it)".into();
            record.how.clone_from(&record.end);
        }
    }
}
