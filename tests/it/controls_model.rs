//! A model-based property test of the buttons and menus: random sequences
//! of presses (of any control ever shown, by any player or a stranger),
//! joins, starts, forced resolutions, rollbacks, deadlines and ends, on one
//! channel through the service. After every step:
//! - a press of a control whose game ended or whose phase is not the
//!   game's current one is refused, and changes nothing (seats, orders,
//!   ready marks, draw votes, the phase and the game's state);
//! - every control ever shown has an id that reads back;
//! - a forming game's adverts offer exactly the powers one may join
//!   (free, or a bot's) in their Join menu.

use std::collections::BTreeSet;

use chessdip_game::controls::{Action, Component, Control};
use chessdip_game::store::{self, Store};
use chessdip_game::{Caller, Request, Service, Settings};
use proptest::prelude::*;

use crate::support::cases::cases;
use crate::support::scratch::{service_at, store_of, temp_dir};

const CHANNEL: &str = "c1";
const GUILD: &str = "g1";
const USERS: [&str; 4] = ["gm", "a", "b", "stranger"];
const POWERS: [&str; 3] = ["France", "England", "Atlantis"];
const ORDERS: [&str; 3] = ["K d1 - d2", "", "nonsense"];

#[derive(Clone, Debug)]
enum Op {
    Press { who: usize, pick: usize, choice: usize },
    Join { who: usize },
    Start,
    Force,
    Rollback,
    Deadline,
    End,
    Create,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => (0..4usize, any::<usize>(), 0..3usize).prop_map(|(who, pick, choice)| Op::Press { who, pick, choice }),
        2 => (1..4usize).prop_map(|who| Op::Join { who }),
        1 => Just(Op::Start),
        2 => Just(Op::Force),
        1 => Just(Op::Rollback),
        1 => Just(Op::Deadline),
        1 => Just(Op::End),
        1 => Just(Op::Create),
    ]
}

fn caller(who: usize) -> Caller {
    Caller { user: USERS[who].into(), name: USERS[who].into(), moderator: false }
}

/// What a press must not change when it is out of date.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    game: Option<(i64, i64, String)>,
    seats: Vec<(String, String)>,
    orders: Vec<(String, String)>,
    ready: Vec<String>,
    draws: Vec<String>,
}

fn snapshot(store: &Store) -> Snapshot {
    store
        .read(|c| {
            let Some(g) = store::latest_game(c, CHANNEL)? else {
                return Ok::<_, store::StoreError>(Snapshot {
                    game: None,
                    seats: vec![],
                    orders: vec![],
                    ready: vec![],
                    draws: vec![],
                });
            };
            let seq = g.phase_seq;
            Ok(Snapshot {
                game: Some((g.id, seq, format!("{:?}", g.status))),
                seats: store::players(c, g.id)?,
                orders: store::orders(c, g.id, seq, None)?.into_iter().map(|o| (o.power, o.text)).collect(),
                ready: store::ready_powers(c, g.id, seq)?.into_iter().collect(),
                draws: store::draw_votes(c, g.id, seq)?.into_iter().collect(),
            })
        })
        .expect("read")
}

/// Every control of the outbox's items so far.
fn shown(store: &Store) -> Vec<String> {
    store
        .read(|c| {
            let mut st = c.prepare("SELECT components FROM outbox ORDER BY id").map_err(store::StoreError::from)?;
            let rows: Vec<String> =
                st.query_map([], |r| r.get(0)).map_err(store::StoreError::from)?.collect::<Result<_, _>>()?;
            Ok::<_, store::StoreError>(rows)
        })
        .expect("read")
        .into_iter()
        .flat_map(|j| serde_json::from_str::<Vec<Component>>(&j).expect("components read back"))
        .map(|c| c.control().id())
        .collect()
}

/// A forming game's adverts offer exactly the powers one may join.
fn adverts_offer_the_free_powers(store: &Store) {
    store
        .read(|c| {
            let Some(g) = store::latest_game(c, CHANNEL)? else { return Ok::<_, store::StoreError>(()) };
            if format!("{:?}", g.status) != "Forming" {
                return Ok(());
            }
            let seats = store::players(c, g.id)?;
            let free: BTreeSet<String> = ["France", "England"]
                .iter()
                .filter(|p| seats.iter().all(|(q, u)| q != *p || store::is_bot(u)))
                .map(|p| (*p).to_string())
                .collect();
            for a in store::adverts(c, g.id)? {
                let json = a.shown.lines().last().unwrap_or("[]");
                let components: Vec<Component> = serde_json::from_str(json).expect("shown components");
                let offered: BTreeSet<String> = components
                    .iter()
                    .filter_map(|c| match c {
                        Component::Menu { choices, .. } => Some(choices.clone()),
                        Component::Button { .. } => None,
                    })
                    .flatten()
                    .collect();
                assert_eq!(offered, free, "advert {} offers {offered:?}; free: {free:?}", a.item);
            }
            Ok(())
        })
        .expect("read");
}

fn create(service: &Service) {
    let settings = Settings { grace: 0, cd_after: None, animation: false, ..Settings::default() };
    let request = Request::Create { variant: "chesspolitik2".into(), settings: Box::new(settings) };
    let _ = service.handle(CHANNEL, GUILD, &caller(0), request);
}

fn step(service: &Service, clock: &chessdip_game::ManualClock, store: &Store, op: &Op) -> Result<(), TestCaseError> {
    let gm = caller(0);
    let handle = |who: &Caller, r: Request| service.handle(CHANNEL, GUILD, who, r).map(|_| ());
    match op {
        Op::Press { who, pick, choice } => {
            let seen = shown(store);
            if seen.is_empty() {
                return Ok(());
            }
            let id = &seen[pick % seen.len()];
            let control = Control::parse(id).expect("ours").expect("reads back");
            let value = match control.action {
                Action::Join => Some(POWERS[*choice]),
                Action::Submit => Some(ORDERS[*choice]),
                _ => None,
            };
            let before = snapshot(store);
            let stale = match &before.game {
                Some((game, seq, status)) => *game != control.game || *seq != control.phase || status == "Ended",
                None => true,
            };
            let pressed = service.press(GUILD, &caller(*who), id, value);
            if stale {
                prop_assert!(pressed.is_err(), "an out-of-date press of {id} was carried out: {pressed:?}");
                let after = snapshot(store);
                prop_assert_eq!(before, after, "an out-of-date press of {} changed the game", id);
            }
        }
        Op::Join { who } => {
            let _ = handle(&caller(*who), Request::Join { power: None });
        }
        Op::Start => {
            let _ = handle(&gm, Request::Start);
        }
        Op::Force => {
            let _ = handle(&gm, Request::Force { phase: None, confirmed: true });
        }
        Op::Rollback => {
            let _ = handle(&gm, Request::Rollback { fresh: false });
        }
        Op::Deadline => {
            clock.advance(3 * 86_400);
            let _ = service.tick();
        }
        Op::End => {
            let _ = handle(&gm, Request::End);
        }
        Op::Create => create(service),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    #[test]
    fn a_press_never_acts_out_of_its_phase(ops in proptest::collection::vec(op(), 1..40)) {
        let dir = temp_dir("controls");
        let (service, clock) = service_at(&dir, 1_800_000_000);
        let store = store_of(&service);
        create(&service);
        for op in &ops {
            step(&service, &clock, &store, op)?;
            adverts_offer_the_free_powers(&store);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
