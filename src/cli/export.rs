//! `chessdip export`: a channel's game written as JSON from the database.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};

use super::database::{database, open_current};

/// Writes the game of `channel` as JSON to `output` (or standard output),
/// streamed from the database, gzip-compressed with `gzip`.
pub fn export(
    channel: &str,
    output: Option<&Path>,
    (gzip, force): (bool, bool),
    db: Option<&Path>,
    config: &Path,
) -> Result<ExitCode> {
    use std::io::Write as _;
    let db = database(db, config)?;
    if let Some(file) = output.filter(|f| f.exists()) {
        if !force {
            bail!("{} exists: choose another name, or pass --force to replace it", file.display());
        }
        if std::fs::canonicalize(file).ok() == std::fs::canonicalize(&db).ok() {
            bail!("{} is the database itself: write the export to another file", file.display());
        }
    }
    let store = open_current(&db, "export it")?;
    let service = chessdip_game::Service::new(store, std::sync::Arc::new(chessdip_game::SystemClock));
    // Written to a file next to the output and renamed once complete, so that a failed export leaves no half file.
    let partial = output.map(|f| {
        let mut name = f.file_name().map(std::ffi::OsStr::to_os_string).unwrap_or_default();
        name.push(".partial");
        f.with_file_name(name)
    });
    let mut sink: Box<dyn std::io::Write> = match &partial {
        Some(p) => Box::new(std::fs::File::create(p).with_context(|| format!("cannot create {}", p.display()))?),
        None => Box::new(std::io::stdout().lock()),
    };
    let written = if gzip {
        let mut gz = flate2::write::GzEncoder::new(&mut sink, flate2::Compression::default());
        let n = service.export_to(channel, &mut gz);
        n.and_then(|n| gz.finish().map(|_| n).map_err(chessdip_game::story::export::ExportError::Write))
    } else {
        service.export_to(channel, &mut sink)
    };
    let flushed = sink.flush();
    drop(sink);
    let result = written.map_err(anyhow::Error::from).and_then(|n| flushed.map(|()| n).map_err(anyhow::Error::from));
    match (result, output, partial) {
        (Ok(n), Some(file), Some(partial)) => {
            std::fs::rename(&partial, file).with_context(|| format!("cannot write {}", file.display()))?;
            let size = std::fs::metadata(file).map_or(0, |m| m.len());
            eprintln!("Wrote the game of {channel} to {} ({n} bytes of JSON, {size} bytes written).", file.display());
            Ok(ExitCode::SUCCESS)
        }
        (Ok(_), _, _) => Ok(ExitCode::SUCCESS),
        (Err(e), _, partial) => {
            if let Some(p) = partial {
                let _ = std::fs::remove_file(p);
            }
            Err(e.context(format!("cannot export the game of channel {channel} from {}", db.display())))
        }
    }
}
