//! Games that start by themselves: `start-at=` (at a time, with bots in
//! the free seats if the game takes bots, else when full, saying why).
//! `start=when-full` is carried out where the last seat is taken
//! (`super::seating`).

use crate::lifecycle::GameStatus;
use crate::store::{self, StoreError};
use crate::{GameError, Reply, Service, StartRule};
use chessdip_rules::family::Seats;

impl Service {
    /// Starts the forming games whose `start-at` time has come. Returns
    /// the announcements, with the channel of each game.
    ///
    /// # Errors
    /// Database errors.
    pub(crate) fn start_due(&self) -> Result<Vec<(String, Reply)>, GameError> {
        let now = self.now();
        let due = self.store.read(|c| Ok::<_, GameError>(store::starts_due(c, now)?))?;
        let mut out = Vec::new();
        for g in due {
            match self.start_at_time(g.id, now) {
                Ok(rs) => out.extend(rs.into_iter().map(|r| (g.channel.clone(), r))),
                Err(e) => {
                    tracing::error!(game = g.id, channel = %g.channel, error = %e, "starting a game at its start time failed")
                }
            }
        }
        Ok(out)
    }

    /// The soonest start time of a forming game, if any.
    pub(crate) fn next_start(&self) -> Result<Option<i64>, GameError> {
        self.store.read(|c| Ok::<_, GameError>(store::next_start(c)?))
    }

    fn start_at_time(&self, game: i64, now: i64) -> Result<Vec<Reply>, GameError> {
        self.store.write(|c| {
            let Some(row) = store::game(c, game)? else { return Ok(Vec::new()) };
            let mut live = Self::latest_at(c, &row.channel, now)?;
            if live.game.id != game || live.game.status != GameStatus::Forming {
                return Ok(Vec::new());
            }
            // The start time is used once, whatever happens now.
            live.settings.start_at = None;
            store::set_start_at(c, game, None)?;
            let seats = store::seats(c, game)?;
            let people = seats.iter().filter(|s| !store::is_bot(&s.user)).count();
            let takes_bots = live.settings.takes_bots();
            let free: Vec<String> = match live.kind.seats() {
                Seats::Fixed(all) => all.into_iter().filter(|p| !seats.iter().any(|s| &s.power == p)).collect(),
                Seats::Open { .. } => Vec::new(),
            };
            let why = if people == 0 {
                Some("nobody has joined yet".to_string())
            } else if !free.is_empty() && !takes_bots {
                Some(format!(
                    "{} still free ({}) and this game takes no bots (`bots=` or `vacant=bot` when it is created)",
                    chessdip_rules::words::count(free.len(), "seat"),
                    free.join(", ")
                ))
            } else {
                None
            };
            let begun = match why {
                Some(_) => None,
                None => {
                    for p in &free {
                        store::seat_bot(c, game, p, now)?;
                    }
                    store::set_settings(
                        c,
                        game,
                        &serde_json::to_string(&live.settings).map_err(StoreError::from)?,
                    )?;
                    Some(self.begin(c, &mut live, now))
                }
            };
            let mut out = Vec::new();
            match begun {
                Some(Ok(r)) => {
                    let bots = if free.is_empty() {
                        String::new()
                    } else {
                        format!(" Bots take the seats still free: {}.", free.join(", "))
                    };
                    out.push(Reply::public(format!("The start time has come.{bots}")));
                    out.push(r);
                }
                Some(Err(e)) => return Err(e),
                None => {
                    live.settings.start = StartRule::WhenFull;
                    store::set_settings(
                        c,
                        game,
                        &serde_json::to_string(&live.settings).map_err(StoreError::from)?,
                    )?;
                    out.push(Reply::public(format!(
                        "The start time has come, but {}: the game waits, and starts the moment its last seat is taken (a moderator can start it before with `game start`).",
                        why.unwrap_or_default()
                    )));
                }
            }
            let started = live.game.status != GameStatus::Forming || out.len() == 2;
            let out = self.announced_all(c, &live.game, out)?;
            if started {
                self.tell_opening(c, &live.game)?;
            }
            Ok(out)
        })
    }
}
