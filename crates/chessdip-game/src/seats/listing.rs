//! `games`: a server's games in three parts: forming (to join, with a
//! Join menu each on Discord), running (phase and deadline), and the
//! caller's own games where orders are owed now.

use crate::lifecycle::GameStatus;
use crate::standings::profile::channel_shown;
use crate::store::{self, CONSOLE_GUILD};
use crate::{Caller, GameError, Reply, Service};

/// The most Join menus one answer carries (Discord shows five rows of components).
const MENUS: usize = 5;

/// A time as the server's front end shows it: a Discord timestamp pair
/// (each reader's own zone, and how long from now), or the time in `zone`.
pub(crate) fn time_shown(guild: &str, t: i64, zone: &str) -> String {
    if guild == CONSOLE_GUILD {
        crate::seats::adverts::when(t, zone)
    } else {
        format!("<t:{t}:F> (<t:{t}:R>)")
    }
}

impl Service {
    /// This server's games: forming, running, and the caller's turns.
    ///
    /// # Errors
    /// Database errors.
    pub fn games(&self, guild: &str, caller: &Caller) -> Result<Reply, GameError> {
        let now = self.now();
        self.store.read(|c| {
            let mut forming = Vec::new();
            let mut running = Vec::new();
            let mut turns = Vec::new();
            let mut menus = Vec::new();
            for g in store::live_games_in(c, guild)? {
                let live = Self::latest_at(c, &g.channel, now)?;
                if live.game.id != g.id {
                    continue;
                }
                let name = crate::info::titled(&live);
                let place = channel_shown(guild, &g.channel);
                let seats = store::seats(c, g.id)?;
                if g.status == GameStatus::Forming {
                    let (free, left) = crate::seats::adverts::open_seats(&live.kind, &seats);
                    let open = if free.is_empty() { String::new() } else { format!(" ({})", free.join(", ")) };
                    forming.push(format!(
                        "- {name} in {place}: {} left{open}. {}",
                        chessdip_rules::words::count(left, "seat"),
                        live.settings.timing(live.kind.has_adjustments())
                    ));
                    if !free.is_empty() && menus.len() < MENUS {
                        let placeholder = format!("Join {name} as…").chars().take(150).collect();
                        menus.push(crate::seats::adverts::join_menu(g.id, placeholder, free));
                    }
                    continue;
                }
                let Ok((row, position)) = Self::current_phase(c, &live) else { continue };
                let when = match (g.status, row.deadline) {
                    (GameStatus::Paused, _) => "paused".to_string(),
                    (_, Some(t)) => format!("deadline {}", time_shown(guild, t, &live.settings.timezone)),
                    (_, None) => "waiting for a moderator".to_string(),
                };
                running.push(format!("- {name} in {place}: {}, {when}.", row.name));
                if let Some(seat) = seats.iter().find(|s| s.user == caller.user) {
                    let owes = position.phase().owing.contains(&seat.power);
                    let sent = !store::orders(c, g.id, row.seq, Some(&seat.power))?.is_empty()
                        || store::ready_powers(c, g.id, row.seq)?.contains(&seat.power);
                    if owes && !sent && g.status == GameStatus::Active {
                        turns
                            .push(format!("- {name} in {place}: {} owes orders for {}, {when}.", seat.power, row.name));
                    }
                }
            }
            let part = |title: &str, lines: &[String], none: &str| {
                if lines.is_empty() {
                    format!("**{title}**: {none}")
                } else {
                    format!("**{title}** ({})\n{}", lines.len(), lines.join("\n"))
                }
            };
            let text = [
                part("Forming", &forming, "none; `game create` starts one"),
                part("Running", &running, "none"),
                part("Your turn", &turns, "nothing owed now"),
            ]
            .join("\n");
            Ok(Reply::private(text).with(menus))
        })
    }
}
