//! `chessdip backup`: a consistent copy of the database while the bot runs.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};

use super::database::{database, open_current};

/// Copies the database (`db`, or the one `run` would use) to `file`.
pub fn backup(file: &Path, db: Option<&Path>, config: &Path, force: bool) -> Result<ExitCode> {
    let db = database(db, config)?;
    if file.exists() {
        if !force {
            bail!("{} exists: choose another name, or pass --force to replace it", file.display());
        }
        if std::fs::canonicalize(file).ok() == std::fs::canonicalize(&db).ok() {
            bail!("{} is the database itself: back it up to another file", file.display());
        }
    }
    let store = open_current(&db, "back it up")?;
    store.backup(file).with_context(|| format!("cannot back up {} to {}", db.display(), file.display()))?;
    let size = std::fs::metadata(file).map_or(0, |m| m.len());
    say!("Backed up {} to {} ({size} bytes).", db.display(), file.display());
    Ok(ExitCode::SUCCESS)
}
