//! Finding scenario files: the walk shared by `chessdip scenario check` and
//! the test suite's scenario runner.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// A path [`files`] could not read.
#[derive(Debug, Error)]
pub enum FilesError {
    /// The path does not exist or its metadata cannot be read.
    #[error("cannot read {}", .0.display())]
    Read(PathBuf, #[source] std::io::Error),
    /// The path is a directory that cannot be listed.
    #[error("cannot list {}", .0.display())]
    List(PathBuf, #[source] std::io::Error),
}

/// The scenario files named by `paths`, in order: a file as it is given
/// (whatever its name), a directory as every `*.txt` file under it,
/// recursively, each directory's entries sorted by path.
pub fn files<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<PathBuf>, FilesError> {
    let mut out = Vec::new();
    for p in paths {
        walk(p.as_ref(), &mut out)?;
    }
    Ok(out)
}

fn walk(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), FilesError> {
    let meta = std::fs::metadata(path).map_err(|e| FilesError::Read(path.to_path_buf(), e))?;
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| FilesError::List(path.to_path_buf(), e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "txt") {
                walk(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}
