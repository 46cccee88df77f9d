//! The kinds of player the arena seats, and the one dispatch from a
//! position to the family's player.

use std::fmt;
use std::str::FromStr;

use super::limits::Clock;
use super::rng::Rng;
use super::{
    baseline, chess_dip, chess_wheel, diplomacy_chess, diplomat_chess, BotError, Choice, Decision, Limits, Stats,
};
use chessdip_rules::any::Position;
use chessdip_rules::diplomacy_chess::side_of;

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
            Position::ChessDip { variant: v, .. } => v.power_by_name(power).is_some(),
            Position::DiplomacyChess { .. } => side_of(power).is_some(),
            Position::DiplomatChess { .. } => diplomat_chess::colour_of(power).is_some(),
            Position::ChessWheel { state: s, .. } => s.seat(power).is_some(),
        };
        if !known {
            return Err(BotError::NoSuchPower { power: power.to_string(), game: game_name(position) });
        }
        let result = position.result();
        if result.is_over() {
            return Err(BotError::GameOver(result.to_string()));
        }
        let default_nodes = match position {
            Position::ChessDip { .. } => chess_dip::DEFAULT_NODES,
            Position::DiplomacyChess { .. } => diplomacy_chess::DEFAULT_NODES,
            Position::DiplomatChess { .. } => diplomat_chess::DEFAULT_NODES,
            Position::ChessWheel { .. } => chess_wheel::DEFAULT_NODES,
        };
        let mut clock = Clock::new(limits, default_nodes);
        let owes = position.phase().owing.iter().any(|p| p.eq_ignore_ascii_case(power.trim()));
        let choice = if owes {
            let mut rng = Rng::new(seed);
            match self {
                Player::Bot => match position {
                    Position::ChessDip { variant: v, state: s } => chess_dip::decide(v, s, power, &mut clock, &mut rng),
                    Position::DiplomacyChess { variant: v, state: s } => {
                        diplomacy_chess::decide(v, s, power, &mut clock, &mut rng)
                    }
                    Position::DiplomatChess { variant: v, state: s } => {
                        diplomat_chess::decide(v, s, power, &mut clock, &mut rng)
                    }
                    Position::ChessWheel { variant: v, state: s } => {
                        chess_wheel::decide(v, s, power, &mut clock, &mut rng)
                    }
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
        Position::ChessDip { variant: v, .. } => v.name.clone(),
        Position::DiplomacyChess { .. } => "Diplomacy Chess".into(),
        Position::DiplomatChess { .. } => "Diplomat Chess".into(),
        Position::ChessWheel { variant: v, .. } => v.name.clone(),
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
