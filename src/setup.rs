//! Front ends over a database file in one call, for tests and for programs
//! that embed them: the store opened, the service built over it, the front
//! end given the service. `chessdip` itself builds them step by step in
//! `main.rs`; the front-end modules never open a store.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::console::{Console, OffsetClock};
use crate::game::Service;
use crate::store::{Store, StoreError};

impl Console {
    /// A console on the database at `db` (created if missing), writing
    /// images under `images`: as `chessdip play` builds it.
    ///
    /// # Errors
    /// If the database cannot be opened.
    pub fn open(db: &Path, images: PathBuf, moderators: Vec<String>) -> Result<Console, StoreError> {
        let store = Store::open(db)?;
        let clock = Arc::new(OffsetClock::resumed(&store)?);
        Ok(Console::new(Service::new(store, clock.clone()), clock, images, moderators))
    }
}
