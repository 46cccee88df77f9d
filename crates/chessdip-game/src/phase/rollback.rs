//! What a rollback does to the seats and orders of the phase it reopens:
//! the orders (and a hashed phase's matched reveals) carried over to the
//! seats' current holders, those dropped because a seat changed hands, and
//! the unseatings that the undone resolution caused, taken back (the seat
//! given back when nobody has taken it since). `game rollback` itself is in
//! `moderation.rs`; this file says what it did, power by power.

use rusqlite::Connection;

use crate::store::{self, GameRow, PhaseRow, Seat, SeatEvent, SeatEventKind};
use crate::{GameError, Service};
use chessdip_rules::words::join_and;

/// What was carried over into the reopened phase.
#[derive(Debug, Default)]
pub(crate) struct Carried {
    /// The powers whose orders (or commitments) were dropped because
    /// their seat changed hands since, with who holds each now (`None`: vacant).
    pub dropped: Vec<(String, Option<String>)>,
    /// In a hashed game, how many commitments were carried over (the
    /// reopened phase then opens in its reveal window).
    pub commitments: usize,
    /// The powers whose latest carried commitment no reveal matched yet: they may still reveal.
    pub unrevealed: Vec<String>,
}

impl Carried {
    /// `the orders it had`, and the powers whose orders it lost:
    /// `the orders it had, except England's and France's`.
    pub fn how(&self, what: &str) -> String {
        if self.dropped.is_empty() {
            return what.to_string();
        }
        let whose: Vec<String> = self.dropped.iter().map(|(p, _)| format!("{p}'s")).collect();
        format!("{what}, except {}", join_and(&whose))
    }

    /// A sentence for each power whose orders were dropped, saying why and
    /// who starts without them (`things`: `orders`, `matched reveal`).
    pub fn sentences(&self, things: &str) -> String {
        self.dropped
            .iter()
            .map(|(power, holder)| match holder {
                Some(name) => format!(
                    " {power}'s {things} were dropped: its seat changed hands since, and {}, who holds it now, starts with none.",
                    crate::names::shown(name)
                ),
                None => format!(" {power}'s {things} were dropped: its seat changed hands since, and it is vacant now."),
            })
            .collect()
    }
}

/// Carries the orders of the rolled-back phase `target` into the reopened
/// phase `seq` (none when `fresh`), and in a hashed game (unless `fresh`)
/// every commitment that still counts, with the reveal that matched each
/// power's latest one: only what the seats' current holders sent. A
/// commitment's text is fixed, so revealing it after the result was
/// published changes nothing that was committed. Returns the powers whose
/// orders stayed behind because their seat changed hands, and what of the
/// commitments was carried.
pub(crate) fn carry_over(
    c: &Connection,
    game: &GameRow,
    (target, seq): (&PhaseRow, i64),
    (hashed, fresh): (bool, bool),
    now: i64,
) -> Result<Carried, GameError> {
    let seats = store::seats(c, game.id)?;
    let holds = |power: &str, user: &str| seats.iter().any(|s| s.power == power && s.user == user);
    let mut carried = Carried::default();
    let mut drop = |power: &str| {
        if !carried.dropped.iter().any(|(p, _)| p == power) {
            let holder = seats.iter().find(|s| s.power == power).map(|s| crate::names::shown(&s.name));
            carried.dropped.push((power.to_string(), holder));
        }
    };
    if fresh {
        return Ok(Carried::default());
    }
    for o in store::orders(c, game.id, target.seq, None)? {
        if holds(&o.power, &o.submitted_by) {
            store::put_order(c, game.id, seq, &o, now)?;
        } else {
            drop(&o.power);
        }
    }
    if hashed {
        let (kept, gone): (Vec<store::Commitment>, Vec<store::Commitment>) =
            store::commitments(c, game.id, target.seq)?.into_iter().partition(|m| holds(&m.power, &m.user));
        for m in &gone {
            drop(&m.power);
        }
        for m in &kept {
            store::add_commitment(c, game.id, seq, m)?;
        }
        // The reveal that matched each power's latest commitment (its orders came with it).
        let reveals = store::reveals(c, game.id, target.seq)?;
        for m in crate::hashed::unrevealed::latest(&kept) {
            match reveals.iter().find(|r| r.power == m.power && r.matched && r.hash == m.hash) {
                Some(r) => {
                    let detail = format!("{} (carried over from the rolled-back {})", r.detail, target.name);
                    store::add_reveal(c, game.id, seq, &store::Reveal { detail, ..r.clone() })?;
                }
                None => carried.unrevealed.push(m.power.clone()),
            }
        }
        carried.commitments = kept.len();
    }
    Ok(carried)
}

impl Service {
    /// A rollback undid the resolution of phase `seq` (its records already
    /// taken back, `reliability::rolled_back`) and reopened it as phase
    /// `reopened`: each player that resolution unseated is seated again in
    /// their power if nobody has taken it since (a `returned` seat event),
    /// so that the reopened phase is played by those who held the seats
    /// before it. Returns what became of each unseating, for the rollback's
    /// announcement.
    pub(crate) fn unseatings_rolled_back(
        &self,
        c: &Connection,
        g: &GameRow,
        (seq, reopened): (i64, i64),
    ) -> Result<String, GameError> {
        let now = self.now();
        let mut out = String::new();
        let undone = store::seat_events(c, g.id)?
            .into_iter()
            .filter(|e| e.kind == SeatEventKind::Unseated && e.seq == Some(seq));
        for e in undone {
            let seats = store::seats(c, g.id)?;
            let holder = seats.iter().find(|s| s.power == e.power);
            let elsewhere = seats.iter().find(|s| s.user == e.user);
            let name = crate::names::shown(&e.name);
            let undone = format!(" The unseating of {name} from {} is undone", e.power);
            out += &match (holder, elsewhere) {
                (Some(h), _) if h.user == e.user => format!("{undone}; {name} holds {} already.", e.power),
                // A bot played it since (`vacant=bot`): it gives the seat back.
                (Some(h), None) if store::is_bot(&h.user) && !store::is_kicked(c, g.id, &e.user)? => {
                    store::unseat(c, g.id, &h.user)?;
                    let seat = Seat { power: e.power.clone(), user: e.user.clone(), name: e.name.clone() };
                    self.give_back(c, g, &seat, reopened, now)?;
                    format!("{undone}: {name} holds {} again, in place of its bot.", e.power)
                }
                (Some(h), _) => format!(
                    "{undone} in the records; {} is {}'s now, so {name} is not seated again (`game assign` can do it).",
                    e.power,
                    crate::names::shown(&h.name)
                ),
                (None, Some(s)) => format!(
                    "{undone} in the records; {name} plays {} now, so {} stays open for takeover.",
                    s.power, e.power
                ),
                (None, None) if store::is_kicked(c, g.id, &e.user)? => format!(
                    "{undone} in the records; {name} was removed by a moderator since, so {} stays vacant.",
                    e.power
                ),
                (None, None) => {
                    let seat = Seat { power: e.power.clone(), user: e.user.clone(), name: e.name.clone() };
                    self.give_back(c, g, &seat, reopened, now)?;
                    format!("{undone}: {name} holds {} again.", e.power)
                }
            };
        }
        Ok(out)
    }

    /// Seats `seat`'s player again in the reopened phase `seq`, a rollback having undone their unseating.
    fn give_back(&self, c: &Connection, g: &GameRow, seat: &Seat, seq: i64, now: i64) -> Result<(), GameError> {
        store::seat(c, g.id, &seat.power, &seat.user, &seat.name, now)?;
        let event = SeatEvent {
            power: seat.power.clone(),
            user: seat.user.clone(),
            name: seat.name.clone(),
            kind: SeatEventKind::Returned,
            seq: Some(seq),
            at: now,
        };
        Ok(store::add_seat_event(c, g.id, &event)?)
    }
}
