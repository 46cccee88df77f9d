//! `chessdip play`: the local console over a SQLite file, fed by the
//! keyboard or a script.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, Result};

use super::output::OutputError;

/// Runs the console over `db`, reading `script` or the keyboard; images go
/// to `images` unless `None`; times are shown in `zone`; a bot thinks at
/// most `think` about a decision.
pub fn play(
    db: &Path,
    script: Option<&Path>,
    moderators: &[String],
    images: Option<&Path>,
    (zone, think): (chrono_tz::Tz, std::time::Duration),
) -> Result<ExitCode> {
    use std::io::BufRead;
    let dir = images.map_or_else(|| PathBuf::from("chessdip-images"), Path::to_path_buf);
    let opened = |e| anyhow::Error::new(e).context(format!("cannot open the database {}", db.display()));
    let store = chessdip_game::store::Store::open(db).map_err(opened)?;
    // The console goes on from the time the last console on this database reached.
    let wall = chessdip_game::Clock::now(&chessdip_game::SystemClock);
    let offset = store.read(|c| chessdip_game::store::console_offset(c, wall)).map_err(opened)?;
    let clock = std::sync::Arc::new(chessdip::console::OffsetClock::new(offset));
    let service = chessdip_game::Service::new(store, clock.clone());
    let mut console =
        chessdip::console::Console::new(service, clock, dir, moderators.to_vec()).in_zone(zone).with_bot_think(think);
    if images.is_none() {
        console = console.without_images();
    }
    let interactive = script.is_none();
    let mut reader: Box<dyn BufRead> = match script {
        Some(p) => Box::new(std::io::BufReader::new(
            std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?,
        )),
        None => {
            say!("chessdip console on {}. Lines are `<user> <command>`, e.g. `gm game create chesspolitik2`, `p1 join France`. `help` lists commands; Ctrl-D quits.", db.display());
            Box::new(std::io::BufReader::new(std::io::stdin()))
        }
    };
    let mut out = std::io::stdout().lock();
    // Whatever an earlier session announced but did not print (it stopped first) comes now.
    let waiting = console.pending();
    if !waiting.is_empty() {
        let text = format!("(announcements waiting since the last session)\n{waiting}");
        printed(&mut console, &mut out, &text)?;
    }
    if interactive {
        printed(&mut console, &mut out, "> ")?;
    }
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        let read = reader.read_until(b'\n', &mut bytes).with_context(|| {
            script.map_or_else(|| "cannot read standard input".to_string(), |p| format!("cannot read {}", p.display()))
        })?;
        if read == 0 {
            break;
        }
        number += 1;
        let text = match std::str::from_utf8(&bytes) {
            Ok(line) => {
                let line = line.strip_suffix('\n').unwrap_or(line);
                let line = line.strip_suffix('\r').unwrap_or(line);
                let mut text = String::new();
                if !interactive && !line.trim().is_empty() && !line.trim_start().starts_with('#') {
                    text += &format!("> {line}\n");
                }
                text + &console.line(line)
            }
            // One bad byte refuses its line only: the console goes on with the next.
            Err(e) => {
                let at = e.valid_up_to();
                let echo = if interactive {
                    String::new()
                } else {
                    format!("> {}\n", String::from_utf8_lossy(&bytes).trim_end())
                };
                format!(
                    "{echo}error: line {number} is not UTF-8 text (byte {} of it is 0x{:02x}), so it was not run: write it again in UTF-8\n",
                    at + 1,
                    bytes[at]
                )
            }
        };
        printed(&mut console, &mut out, &text)?;
        if interactive {
            printed(&mut console, &mut out, "> ")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the console's output. If it cannot be written, the announcements
/// it carried are given back to the outbox (a later session prints them),
/// and the error stops the console.
fn printed(console: &mut chessdip::console::Console, out: &mut impl std::io::Write, text: &str) -> Result<()> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {
            console.printed();
            Ok(())
        }
        Err(e) => {
            if let Err(back) = console.unprinted() {
                tell!("error: {back}");
            }
            Err(OutputError(e).into())
        }
    }
}
