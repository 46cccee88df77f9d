//! Board actions: changes to the position outside the orders (Chess
//! Wheel+'s board creation and population), taken at once and kept in history.

use crate::lifecycle::Command;
use crate::store;
use crate::{Caller, GameError, Image, Reply, Service};

impl Service {
    /// An action that changes the position outside the orders (Chess
    /// Wheel+'s `board create` and `board populate`), taken at once and
    /// announced publicly with the new board.
    ///
    /// # Errors
    /// No game, not a player, the game paused or has no such actions, or the action is not allowed now.
    pub fn board_action(&self, channel: &str, caller: &Caller, text: &str) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for_player(c, channel, Command::BoardAction, caller)?;
            let name = Self::playing(c, &live, caller)?;
            let (row, position) = Self::current_phase(c, &live)?;
            let (next, said) = position.act(&name, text).map_err(GameError::State)?;
            let state = crate::encode(&next)?;
            store::set_phase_state(c, live.game.id, row.seq, &state)?;
            store::add_board_action(c, live.game.id, row.seq, &name, &caller.user, text.trim(), &said, now)?;
            let mut r = Reply::public(said.clone());
            // Later actions change the phase's position in place: the image keeps this one.
            r.images.push(
                Image::new("board", &next, None, &live.settings, "position")
                    .stored(crate::story::source::ImageSource::Snapshot { state }),
            );
            self.announced_all(c, &live.game, vec![r])
        })
    }
}
