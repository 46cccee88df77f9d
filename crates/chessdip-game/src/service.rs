//! The game master and the helpers its commands share.

use std::sync::Arc;

use crate::lifecycle::{self, GameStatus};
use crate::store::{self, GameRow, PhaseRow, Store, StoreError};
use crate::{settings_of, Caller, Clock, Game, GameError, Position, Settings};

/// The game master.
#[derive(Debug, Clone)]
pub struct Service {
    pub(crate) store: Arc<Store>,
    pub(crate) clock: Arc<dyn Clock>,
    /// The bots' turns this process is playing now.
    pub(crate) thinking: Arc<crate::bots::Thinking>,
    /// The channel where every forming game is also advertised (`lobby_channel`).
    pub(crate) lobby: Option<Arc<str>>,
    /// A pressed control's game and phase: a command carried out for it
    /// acts only on that game in that phase (`crate::seats::adverts`).
    pub(crate) pressed: Option<(i64, i64)>,
}

/// A game as read from the store, with its rules and where it is in its lifecycle.
pub(crate) struct Live {
    pub(crate) game: GameRow,
    pub(crate) kind: Game,
    pub(crate) settings: Settings,
    pub(crate) state: lifecycle::State,
}

/// A paused game resumes with at least this long before its deadline.
pub const MIN_RESUME: i64 = 3600;

pub(crate) fn kind_of(game: &GameRow, settings: &Settings) -> Result<Game, GameError> {
    Game::build(&game.variant, &settings.options).map_err(GameError::Invalid)
}

pub(crate) fn decode(kind: &Game, row: &PhaseRow) -> Result<Position, GameError> {
    Ok(kind.decode(&row.state).map_err(StoreError::from)?)
}

pub(crate) fn encode(position: &Position) -> Result<String, GameError> {
    Ok(position.encode().map_err(StoreError::from)?)
}

impl Service {
    /// A service over `store`, telling time by `clock`. A store that holds
    /// phases resolved before each phase's report was kept has them
    /// resolved once more here and their reports kept
    /// ([`Service::keep_old_reports`]); the reliability records of games
    /// played before records were kept are counted here, once
    /// ([`Service::count_old_records`]); the games scored before ratings
    /// were kept are rated here, once ([`Service::rate_old_games`]).
    #[must_use]
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        let service = Service { store: Arc::new(store), clock, thinking: Arc::default(), lobby: None, pressed: None };
        if let Err(e) = service.keep_old_reports() {
            tracing::error!(error = %e, "could not keep the reports of phases resolved before reports were kept");
        }
        if let Err(e) = service.complete_kept_reports() {
            tracing::error!(error = %e, "could not complete the reports kept before they held each move's position");
        }
        if let Err(e) = service.count_old_records() {
            tracing::error!(error = %e, "could not count the reliability records of games played before records were kept");
        }
        if let Err(e) = service.rate_old_games() {
            tracing::error!(error = %e, "could not rate the games scored before ratings were kept");
        }
        service
    }

    /// The clock.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// The store, for the service's own modules: front ends ask the service.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// The database file the service keeps its games in (for operators'
    /// tools and tests, which may open it themselves).
    #[must_use]
    pub fn database(&self) -> &std::path::Path {
        self.store.path()
    }

    /// How far ahead of the wall clock (`wall`, unix seconds) a local
    /// console on this database runs: from where the last console left it,
    /// never back (0 if none ever ran here).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn console_offset(&self, wall: i64) -> Result<i64, GameError> {
        Ok(self.store.read(|c| store::console_offset(c, wall))?)
    }

    /// Keeps a local console's clock (`offset` seconds ahead of the wall
    /// clock, at `latest`), so that the next console on this database goes
    /// on from there. It only moves forward.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn keep_console_clock(&self, offset: i64, latest: i64) -> Result<(), GameError> {
        Ok(self.store.write(|c| store::set_console_clock(c, store::ConsoleClock { offset, latest }))?)
    }

    /// The channel's game (the live one, or the last one if it ended) with its lifecycle state.
    pub(crate) fn latest_at(c: &rusqlite::Connection, channel: &str, now: i64) -> Result<Live, GameError> {
        let game = store::latest_game(c, channel)?.ok_or(GameError::NoGame)?;
        let settings = settings_of(&game);
        let kind = kind_of(&game, &settings)?;
        let row = if game.phase_seq > 0 { store::phase(c, game.id, game.phase_seq)? } else { None };
        let state = lifecycle::State::of(&game, row.as_ref(), &settings, now);
        Ok(Live { game, kind, settings, state })
    }

    /// The channel's game for reading (status, history, export): live or ended.
    pub(crate) fn latest(&self, c: &rusqlite::Connection, channel: &str) -> Result<Live, GameError> {
        Self::latest_at(c, channel, self.now())
    }

    /// The channel's game, if `command` is allowed in its state; otherwise
    /// the model's refusal (an ended game says so, with its result).
    pub(crate) fn game_for(
        &self,
        c: &rusqlite::Connection,
        channel: &str,
        command: lifecycle::Command,
    ) -> Result<Live, GameError> {
        let live = Self::latest_at(c, channel, self.now())?;
        self.still_pressable(&live)?;
        live.state.check(command, &live.settings, self.now())?;
        Ok(live)
    }

    /// [`Self::game_for`] for a player's own command (orders, ready, a
    /// draw vote, a concession, a commitment...): in a forming game a seated
    /// caller is told the game has not started, with the power they play.
    pub(crate) fn game_for_player(
        &self,
        c: &rusqlite::Connection,
        channel: &str,
        command: lifecycle::Command,
        caller: &Caller,
    ) -> Result<Live, GameError> {
        let live = Self::latest_at(c, channel, self.now())?;
        self.still_pressable(&live)?;
        Self::refuse_seated_if_forming(c, &live, caller)?;
        live.state.check(command, &live.settings, self.now())?;
        Ok(live)
    }

    /// A forming game refuses its seated player's command (reading one's
    /// orders included) with the power they play and how the game begins.
    pub(crate) fn refuse_seated_if_forming(
        c: &rusqlite::Connection,
        live: &Live,
        caller: &Caller,
    ) -> Result<(), GameError> {
        if live.state != lifecycle::State::Forming {
            return Ok(());
        }
        let starts = match (&live.settings.start_at, live.settings.start) {
            (Some(crate::StartAt::At(t)), _) => {
                Some(format!("on {}", crate::seats::adverts::when(*t, &live.settings.timezone)))
            }
            (_, crate::StartRule::WhenFull) => Some("the moment its last seat is taken".to_string()),
            _ => None,
        };
        match store::players(c, live.game.id)?.into_iter().find(|(_, u)| *u == caller.user) {
            Some((power, _)) => Err(match starts {
                Some(when) => GameError::State(format!(
                    "the game has not started yet: you play {power}, and it starts by itself {when} (or when a moderator runs `game start`)"
                )),
                None => lifecycle::Refusal::NotStartedSeated { power: &power }.into(),
            }),
            None => Ok(()),
        }
    }

    pub(crate) fn is_moderator(game: &GameRow, caller: &Caller) -> bool {
        caller.moderator || game.created_by == caller.user
    }

    pub(crate) fn require_moderator(game: &GameRow, caller: &Caller, what: &'static str) -> Result<(), GameError> {
        if Self::is_moderator(game, caller) {
            Ok(())
        } else {
            Err(GameError::NotModerator(what))
        }
    }

    /// Records a moderator's action in the game's log (in the caller's
    /// transaction: an action that fails is not logged).
    pub(crate) fn log_moderator(
        &self,
        c: &rusqlite::Connection,
        game: i64,
        caller: &Caller,
        action: &str,
        detail: impl Into<String>,
    ) -> Result<(), GameError> {
        self.log_moderator_in(c, game, caller, action, detail, None)
    }

    /// [`Service::log_moderator`] for an action on phase `seq` (`None`: the game's current phase).
    pub(crate) fn log_moderator_in(
        &self,
        c: &rusqlite::Connection,
        game: i64,
        caller: &Caller,
        action: &str,
        detail: impl Into<String>,
        seq: Option<i64>,
    ) -> Result<(), GameError> {
        let entry = store::ModeratorAction {
            at: self.now(),
            user: caller.user.clone(),
            name: caller.name.clone(),
            action: action.into(),
            detail: detail.into(),
            seq,
        };
        Ok(store::log_moderation(c, game, &entry)?)
    }

    /// The caller's power, if it may still act: a conceded power is in
    /// civil disorder and neither orders nor votes.
    pub(crate) fn playing(c: &rusqlite::Connection, live: &Live, caller: &Caller) -> Result<String, GameError> {
        let name = Self::power_of(c, live, caller)?;
        if store::concessions(c, live.game.id)?.contains(&name) {
            return Err(lifecycle::Refusal::ConcededActs { power: &name }.into());
        }
        Ok(name)
    }

    /// The caller's power in the game.
    pub(crate) fn power_of(c: &rusqlite::Connection, live: &Live, caller: &Caller) -> Result<String, GameError> {
        let players = store::players(c, live.game.id)?;
        players.into_iter().find(|(_, u)| *u == caller.user).map(|(p, _)| p).ok_or_else(|| {
            GameError::NotPlayer(if live.game.status == GameStatus::Forming {
                ": join with `join <power>`".to_string()
            } else {
                String::new()
            })
        })
    }

    /// Every power of the game: the variant's, or the seated players' where seats are open.
    pub(crate) fn all_powers(c: &rusqlite::Connection, live: &Live) -> Result<Vec<String>, GameError> {
        Ok(match live.kind.seats() {
            chessdip_rules::family::Seats::Fixed(all) => all,
            chessdip_rules::family::Seats::Open { .. } => {
                store::players(c, live.game.id)?.into_iter().map(|(p, _)| p).collect()
            }
        })
    }

    pub(crate) fn current_phase(c: &rusqlite::Connection, live: &Live) -> Result<(PhaseRow, Position), GameError> {
        live.state.opened()?;
        let row = store::phase(c, live.game.id, live.game.phase_seq)?
            .ok_or_else(|| GameError::State("the game has no current phase".into()))?;
        let position = decode(&live.kind, &row)?;
        Ok((row, position))
    }
}
