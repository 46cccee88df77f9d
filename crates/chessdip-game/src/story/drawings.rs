//! Drawings kept between requests. A long game's timelapse takes seconds
//! to draw (a 2,000-phase game's, tens of seconds), and every player may
//! ask for it: it is drawn once for the game as it stands (its phases, its
//! result, its colours, the size it must fit) and kept, so that the next
//! request, and the announcement of the game's end, find it drawn.
//!
//! They are kept in files next to the database (`chessdip.db-drawings/`),
//! not in it: each is large (up to the upload limit), they are derived from
//! what the database holds (a lost or damaged one is drawn again), and they
//! stay out of the database's backups, its write-ahead log and its writers'
//! queue. Every process on the database shares them (a file is written
//! under another name and renamed, so no reader sees half of one).
//!
//! A kept drawing is named after a digest of everything it is drawn from
//! ([`Key`]): a new phase, a rollback, an end or another colour scheme make
//! another name, so nothing stale is ever shown. Writing one removes the
//! game's older drawings of that image, and the oldest drawings go once
//! all of them pass [`MOST_BYTES`].

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use sha2::{Digest, Sha256};

/// The most bytes the kept drawings of a database take; the least
/// recently used go first.
pub const MOST_BYTES: u64 = 256 * 1024 * 1024;

/// Bumped when drawings of the same inputs would come out differently,
/// so that none drawn before is shown again.
const FORMAT: u32 = 1;

/// What a drawing is drawn from, digested into its name.
#[derive(Debug)]
pub(crate) struct Key(Sha256);

impl Key {
    /// A key for image `name` of game `game`.
    pub fn new(game: i64, name: &str) -> Key {
        let mut h = Sha256::new();
        h.update(format!("chessdip {} drawing {FORMAT}\0{game}\0{name}\0", env!("CARGO_PKG_VERSION")));
        Key(h)
    }

    /// Adds a part of what the drawing is drawn from.
    pub fn add(&mut self, part: &str) {
        self.0.update((part.len() as u64).to_le_bytes());
        self.0.update(part.as_bytes());
    }

    /// The key's text.
    pub fn finish(self) -> String {
        self.0.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect()
    }
}

/// A drawing as kept: its bytes, and what a message says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The image's bytes.
    pub bytes: Vec<u8>,
    /// What the message says of it (a timelapse shortened to fit), if anything.
    pub note: Option<String>,
}

/// The drawings kept next to a database.
#[derive(Clone, Debug)]
pub(crate) struct Drawings {
    dir: PathBuf,
}

impl Drawings {
    /// The drawings kept next to the database file `db`.
    pub fn next_to(db: &Path) -> Drawings {
        let mut dir = db.as_os_str().to_owned();
        dir.push("-drawings");
        Drawings { dir: PathBuf::from(dir) }
    }

    /// The file of the drawing of `file` (`<game>-<image>-<key>-<limit>`).
    fn path(&self, file: &str, ext: &str) -> PathBuf {
        self.dir.join(format!("{file}.{ext}"))
    }

    /// The drawing kept as `file`, if any (marked used now).
    pub fn get(&self, file: &str, ext: &str) -> Option<Kept> {
        let path = self.path(file, ext);
        let bytes = std::fs::read(&path).ok()?;
        let note = std::fs::read_to_string(self.path(file, "note")).ok();
        // Used now: the last to go when room is made.
        if let Ok(f) = std::fs::File::options().append(true).open(&path) {
            let _ = f.set_modified(SystemTime::now());
        }
        Some(Kept { bytes, note })
    }

    /// Keeps `kept` as `file` (an image of game `game`: `<game>-<image>-…`),
    /// removing that image's older drawings and, past [`MOST_BYTES`], the
    /// least recently used. Failing to keep it is logged, never an error:
    /// it is drawn again next time.
    pub fn put(&self, file: &str, ext: &str, kept: &Kept) {
        if let Err(e) = self.write(file, ext, kept) {
            tracing::warn!(dir = %self.dir.display(), error = %e, "could not keep a drawing; it will be drawn again");
            return;
        }
        self.make_room(file);
    }

    fn write(&self, file: &str, ext: &str, kept: &Kept) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let write = |path: PathBuf, bytes: &[u8]| {
            let part = path.with_extension(format!("part{}", std::process::id()));
            std::fs::write(&part, bytes)?;
            std::fs::rename(&part, &path)
        };
        match &kept.note {
            Some(note) => write(self.path(file, "note"), note.as_bytes())?,
            None => {
                let _ = std::fs::remove_file(self.path(file, "note"));
            }
        }
        // The image last: once it is there, so is its note.
        write(self.path(file, ext), &kept.bytes)
    }

    /// Removes the older drawings of `file`'s image, then the least recently used past [`MOST_BYTES`].
    fn make_room(&self, file: &str) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return };
        // `<game>-<image>-`: the same image of the same game, drawn from another state.
        let image = file.rsplitn(3, '-').nth(2).map(|s| format!("{s}-"));
        let mut kept: Vec<(SystemTime, u64, PathBuf)> = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            let stem = name.split('.').next().unwrap_or("").to_string();
            let older = stem != file && image.as_deref().is_some_and(|i| stem.starts_with(i));
            let stray = name.contains(".part") && entry.metadata().and_then(|m| m.modified()).is_ok_and(stale);
            if older || stray {
                let _ = std::fs::remove_file(&path);
                continue;
            }
            if let Ok(m) = entry.metadata() {
                kept.push((m.modified().unwrap_or(SystemTime::UNIX_EPOCH), m.len(), path));
            }
        }
        let mut total: u64 = kept.iter().map(|(_, n, _)| n).sum();
        kept.sort();
        for (_, n, path) in kept {
            if total <= MOST_BYTES {
                break;
            }
            let _ = std::fs::remove_file(&path);
            total -= n;
        }
    }
}

/// Whether a file modified at `t` is an hour old or more (a write that never finished).
fn stale(t: SystemTime) -> bool {
    SystemTime::now().duration_since(t).is_ok_and(|d| d.as_secs() >= 3600)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_is_kept_found_and_replaced_by_the_games_next_one() {
        let dir = std::env::temp_dir().join(format!("chessdip-drawings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let d = Drawings::next_to(&dir.join("g.db"));
        assert!(d.get("7-lapse-aa-100", "gif").is_none());
        let one = Kept { bytes: vec![1, 2, 3], note: Some("shortened".into()) };
        d.put("7-lapse-aa-100", "gif", &one);
        assert_eq!(d.get("7-lapse-aa-100", "gif"), Some(one));
        // Another game's drawing stays; the same game's next drawing of the image replaces it.
        let other = Kept { bytes: vec![4], note: None };
        d.put("8-lapse-aa-100", "gif", &other);
        d.put("7-lapse-bb-100", "gif", &other);
        assert!(d.get("7-lapse-aa-100", "gif").is_none());
        assert_eq!(d.get("8-lapse-aa-100", "gif"), Some(other.clone()));
        assert_eq!(d.get("7-lapse-bb-100", "gif"), Some(other));
        assert!(!dir.join("g.db-drawings/7-lapse-aa-100.note").exists(), "its note went with it");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn keys_differ_with_what_is_drawn() {
        let key = |game: i64, parts: &[&str]| {
            let mut k = Key::new(game, "lapse");
            for p in parts {
                k.add(p);
            }
            k.finish()
        };
        assert_eq!(key(1, &["a", "b"]), key(1, &["a", "b"]));
        assert_ne!(key(1, &["a", "b"]), key(2, &["a", "b"]));
        assert_ne!(key(1, &["ab", ""]), key(1, &["a", "b"]), "parts are told apart");
        assert_eq!(key(1, &[]).len(), 32);
    }
}
