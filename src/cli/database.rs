//! Finding the bot's configuration and database for the subcommands that
//! read it (`run`, `backup`, `export`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};

/// The database `db` names, or the one `run` would use; it must exist.
pub fn database(db: Option<&Path>, config: &Path) -> Result<PathBuf> {
    let db = match db {
        Some(d) => d.to_path_buf(),
        None => load_config(config)?.database,
    };
    if !db.is_file() {
        bail!(
            "there is no database at {}: name it with --db, or set `database` in {} (or CHESSDIP_DATABASE) as for `chessdip run`",
            db.display(),
            config.display()
        );
    }
    Ok(db)
}

/// Opens an existing database whose schema is this chessdip's (`what` the
/// command, for the refusal): opening the store brings its schema up to
/// date, which must never be done to a running bot's database from a
/// chessdip of another version.
pub fn open_current(db: &Path, what: &str) -> Result<chessdip_game::store::Store> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE)
        .with_context(|| format!("cannot open the database {}", db.display()))?;
    let pending = chessdip_game::store::MIGRATIONS
        .pending_migrations(&conn)
        .with_context(|| format!("cannot read the schema version of {}", db.display()))?;
    drop(conn);
    if pending != 0 {
        bail!(
            "{} has a schema {} this chessdip's: {what} with the chessdip that runs the bot",
            db.display(),
            if pending > 0 { "older than" } else { "newer than" }
        );
    }
    chessdip_game::store::Store::open(db).with_context(|| format!("cannot open the database {}", db.display()))
}

/// Reads `config.toml` (if present) and the `CHESSDIP_*` environment.
pub fn load_config(path: &Path) -> Result<chessdip::config::Config> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let env = std::env::vars().filter(|(k, _)| k.starts_with("CHESSDIP_"));
    Ok(chessdip::config::Config::load(text.as_deref(), env)?)
}
