//! The kinds of player the arena seats, and the one dispatch from a
//! position to the family's player.

use std::fmt;
use std::str::FromStr;

use super::limits::Clock;
use super::rng::Rng;
use super::{baseline, dip, diplomat, simul, wheel, BotError, Choice, Decision, Limits, Stats};
use crate::rules::any::Position;
use crate::rules::simul::side_of;

/// A kind of player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The bot: search and evaluation ([`super::decide`]).
    Bot,
    /// Uniformly random legal orders (in Chess Wheel+ it also creates and
    /// populates its board whenever it may).
    Random,
    /// Every piece holds: no orders, no builds (Chess Wheel+: it creates and
    /// populates its board in its first cycle, then never moves).
    Hold,
}

impl Player {
    /// Every kind, as the arena names them.
    pub const ALL: [Player; 3] = [Player::Bot, Player::Random, Player::Hold];

    /// `bot`, `random` or `hold`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::Bot => "bot",
            Player::Random => "random",
            Player::Hold => "hold",
        }
    }

    /// This player's decision for `power` in `position` (see [`super::decide`]).
    ///
    /// # Errors
    /// [`BotError`]: no such power, or the game is over.
    pub fn decide(self, position: &Position, power: &str, limits: Limits, seed: u64) -> Result<Decision, BotError> {
        let known = match position {
            Position::Dip { v, .. } => v.power_by_name(power).is_some(),
            Position::Simul { .. } => side_of(power).is_some(),
            Position::Diplomat { .. } => diplomat::colour_of(power).is_some(),
            Position::Wheel { s, .. } => s.seat(power).is_some(),
        };
        if !known {
            return Err(BotError::NoSuchPower { power: power.to_string(), game: game_name(position) });
        }
        let result = position.result();
        if result.is_over() {
            return Err(BotError::GameOver(result.to_string()));
        }
        let default_nodes = match position {
            Position::Dip { .. } => dip::DEFAULT_NODES,
            Position::Simul { .. } => simul::DEFAULT_NODES,
            Position::Diplomat { .. } => diplomat::DEFAULT_NODES,
            Position::Wheel { .. } => wheel::DEFAULT_NODES,
        };
        let mut clock = Clock::new(limits, default_nodes);
        let owes = position.phase().owing.iter().any(|p| p.eq_ignore_ascii_case(power.trim()));
        let choice = if owes {
            let mut rng = Rng::new(seed);
            match self {
                Player::Bot => match position {
                    Position::Dip { v, s } => dip::decide(v, s, power, &mut clock, &mut rng),
                    Position::Simul { v, s } => simul::decide(v, s, power, &mut clock, &mut rng),
                    Position::Diplomat { v, s } => diplomat::decide(v, s, power, &mut clock, &mut rng),
                    Position::Wheel { v, s } => wheel::decide(v, s, power, &mut clock, &mut rng),
                },
                Player::Random => baseline::random(position, power, &mut rng),
                Player::Hold => baseline::hold(position, power),
            }
        } else {
            Choice::default()
        };
        let choice = super::vet::vet(position, power, choice);
        Ok(Decision {
            orders: choice.orders,
            actions: choice.actions,
            stats: Stats {
                nodes: clock.nodes(),
                elapsed: clock.elapsed(),
                stopped_by_time: clock.stopped_by_time(),
                withdrawn: choice.withdrawn,
            },
        })
    }
}

/// The game's display name.
fn game_name(position: &Position) -> String {
    match position {
        Position::Dip { v, .. } => v.name.clone(),
        Position::Simul { .. } => "Diplomacy Chess".into(),
        Position::Diplomat { .. } => "Diplomat Chess".into(),
        Position::Wheel { v, .. } => v.name.clone(),
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        let t = s.trim();
        Player::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(t)).ok_or_else(|| {
            format!("`{t}` is not a player: each seat is `bot`, `random` (uniformly random legal orders) or `hold` (every piece holds)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_read_by_name() {
        assert_eq!("Bot".parse::<Player>(), Ok(Player::Bot));
        assert_eq!(" random ".parse::<Player>(), Ok(Player::Random));
        let e = "human".parse::<Player>().unwrap_err();
        assert!(e.contains("`human`") && e.contains("`bot`"), "{e}");
        assert_eq!(Player::Hold.to_string(), "hold");
    }
}
