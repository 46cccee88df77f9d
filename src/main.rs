//! The `chessdip` command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use clap::{Parser, Subcommand};

use chessdip::scenario::{self, Scenario};

/// Standard output could not be written (a closed pipe, a full disk).
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output: {0}")]
struct OutputError(std::io::Error);

impl OutputError {
    /// Whether the reader went away (`| head`): then chessdip stops quietly.
    fn broken_pipe(&self) -> bool {
        self.0.kind() == std::io::ErrorKind::BrokenPipe
    }
}

/// The exit status after a closed pipe: what a shell reports for a program
/// stopped by SIGPIPE (128 + 13), as `cat` or `grep` would end.
const BROKEN_PIPE: u8 = 141;

/// `println!` that returns a write error ([`OutputError`]) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err(OutputError)?
    }};
}

/// `eprintln!` that does not panic when standard error is closed.
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// chessdip: the game master for chess/Diplomacy hybrids.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the Discord bot (token from config.toml or CHESSDIP_TOKEN; see config.example.toml).
    Run {
        /// The configuration file (optional; CHESSDIP_* variables override it).
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
    },
    /// Copy the database to FILE while the bot runs (SQLite's online backup: one consistent snapshot).
    Backup {
        /// Where to write the copy (refused if it exists, unless --force).
        file: PathBuf,
        /// The database to copy [default: `database` in the configuration, as `run` uses it].
        #[arg(long)]
        db: Option<PathBuf>,
        /// The configuration file naming the database (optional; CHESSDIP_* variables override it).
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Write a channel's game as JSON (as `game export`, streamed: any size), to FILE or standard output.
    Export {
        /// The channel: its Discord id (Copy Channel ID), or a console channel's name (`console`).
        #[arg(long)]
        channel: String,
        /// Where to write it [default: standard output]; an existing file is not overwritten without --force.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Compress it with gzip (name the file game.json.gz).
        #[arg(long)]
        gzip: bool,
        /// Replace OUTPUT if it exists.
        #[arg(long)]
        force: bool,
        /// The database [default: `database` in the configuration, as `run` uses it].
        #[arg(long)]
        db: Option<PathBuf>,
        /// The configuration file naming the database (optional; CHESSDIP_* variables override it).
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
    },
    /// Seal your orders for a hashed game: write a copy with a random salt line first and print the line to commit.
    Seal {
        /// The file with your orders (UTF-8 text, at most 16 KB).
        file: PathBuf,
        /// Where the sealed copy goes (default: FILE.sealed.txt); an existing file is not overwritten.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Write the sealing page: one HTML file that seals orders and checks reveals in any browser, offline.
    SealPage {
        /// Where to write it.
        #[arg(default_value = "chessdip-seal.html")]
        file: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Print the SHA-256 of a file's exact bytes (or standard input's, with `-`), as hashed games commit it (at most 16 KB, as a reveal).
    Hash {
        /// The file with your orders, or `-` for standard input.
        file: PathBuf,
    },
    /// The Discord command tree.
    #[command(subcommand)]
    Discord(DiscordCommand),
    /// Adjudication test files (see README: "Scenario files").
    #[command(subcommand)]
    Scenario(ScenarioCommand),
    /// Play locally: a console over the game service and a SQLite file. Lines are `<user> <command>`.
    Play {
        /// The database file (created if missing).
        #[arg(long, default_value = "chessdip.db", env = "CHESSDIP_DB")]
        db: PathBuf,
        /// Read lines from this file instead of the keyboard.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Users who moderate (besides each game's creator), comma-separated.
        #[arg(long, value_delimiter = ',')]
        moderators: Vec<String>,
        /// Where board images are written.
        #[arg(long, default_value = "chessdip-images")]
        images: PathBuf,
        /// Do not draw or write images.
        #[arg(long)]
        no_images: bool,
    },
    /// Draw a scenario file as it resolves: the orders with their outcomes, or the resulting position.
    Render {
        /// The scenario file.
        file: PathBuf,
        /// Where to write the PNG (or, with `--animate`, the GIF).
        #[arg(short, long)]
        output: PathBuf,
        /// `orders` (the orders and outcomes on the old position) or `result` (the new position).
        #[arg(long, default_value = "orders", conflicts_with = "animate")]
        stage: chessdip::render::Stage,
        /// `classic` (webDiplomacy colours) or `colour-blind`.
        #[arg(long, default_value = "classic")]
        palette: chessdip::render::Palette,
        /// Image width in pixels (default 1024 for a still image, 768 for an animation).
        #[arg(long, value_parser = clap::value_parser!(u32).range(320..=4096))]
        width: Option<u32>,
        /// Write the phase's resolution as an animated GIF: pieces travel
        /// their paths, bounce, are taken, appear and disappear.
        #[arg(long)]
        animate: bool,
        /// With `--animate`: also write every frame as a PNG into this
        /// folder (`frame-000.png`…), to look at the animation frame by frame.
        #[arg(long, requires = "animate")]
        frames: Option<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
enum DiscordCommand {
    /// Print the slash commands as registered with Discord, after checking them against Discord's limits.
    Commands {
        /// Print the registration payload as JSON (otherwise a tree of names).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
enum ScenarioCommand {
    /// Check scenario files (or every *.txt under directories): exit 0 iff every expectation holds.
    Check {
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Adjudicate one scenario file and print the result, without checking it.
    Run {
        /// The scenario file.
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

fn check(paths: &[PathBuf]) -> Result<ExitCode> {
    let files = scenario::files(paths)?;
    if files.is_empty() {
        bail!(
            "no scenario files (*.txt) found under {}",
            paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        let name = f.file_stem().map_or_else(|| f.display().to_string(), |s| s.to_string_lossy().into_owned());
        let verdict = Scenario::from_file(f).and_then(|s| {
            let r = scenario::run(&s)?;
            Ok((s.name.clone(), scenario::check(&s, &r.report)))
        });
        match verdict {
            Ok((name, mismatches)) if mismatches.is_empty() => {
                passed += 1;
                say!("PASS {name}");
            }
            Ok((name, mismatches)) => {
                failed += 1;
                let all: Vec<String> = mismatches.iter().map(ToString::to_string).collect();
                say!("FAIL {name}: {}", all.join("; "));
            }
            Err(e) => {
                failed += 1;
                say!("FAIL {name}: {}: {e}", f.display());
            }
        }
    }
    say!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn run(file: &Path, json: bool) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let report = scenario::run(&s).with_context(|| format!("in {}", file.display()))?.report;
    if json {
        say!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        say!("{}: {report}", s.name);
    }
    Ok(ExitCode::SUCCESS)
}

fn render(
    file: &Path,
    output: &Path,
    stage: chessdip::render::Stage,
    style: &chessdip::render::Style,
) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let r = scenario::run(&s).with_context(|| format!("in {}", file.display()))?;
    let canvas = chessdip::render::any::stage(&r.before, &r.after, &r.phase, stage, style);
    let png = canvas.png()?;
    std::fs::write(output, &png).with_context(|| format!("cannot write {}", output.display()))?;
    say!("{}: {} bytes", output.display(), png.len());
    Ok(ExitCode::SUCCESS)
}

fn render_animation(
    file: &Path,
    output: &Path,
    style: &chessdip::render::Style,
    frames_dir: Option<&Path>,
) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let r = scenario::run(&s).with_context(|| format!("in {}", file.display()))?;
    let Some(frames) = chessdip::render::any::animate(&r.before, &r.phase, style, "resolution") else {
        bail!(
            "nothing moves, appears or disappears in {}, so there is nothing to animate: render its still image without --animate",
            file.display()
        );
    };
    let gif = chessdip::render::anim::gif(&frames)?;
    std::fs::write(output, &gif).with_context(|| format!("cannot write {}", output.display()))?;
    if let Some(dir) = frames_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for (i, f) in frames.iter().enumerate() {
            let path = dir.join(format!("frame-{i:03}.png"));
            std::fs::write(&path, f.canvas.png()?).with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    let cs: u32 = frames.iter().map(|f| u32::from(f.delay)).sum();
    say!(
        "{}: {} bytes, {} frames, {:.1} s, {}x{} px",
        output.display(),
        gif.len(),
        frames.len(),
        f64::from(cs) / 100.0,
        frames[0].canvas.width(),
        frames[0].canvas.height()
    );
    Ok(ExitCode::SUCCESS)
}

fn play(db: &Path, script: Option<&Path>, moderators: &[String], images: Option<&Path>) -> Result<ExitCode> {
    use std::io::BufRead;
    let dir = images.map_or_else(|| PathBuf::from("chessdip-images"), Path::to_path_buf);
    let opened = |e| anyhow::Error::new(e).context(format!("cannot open the database {}", db.display()));
    let store = chessdip::store::Store::open(db).map_err(opened)?;
    let clock = std::sync::Arc::new(chessdip::console::OffsetClock::resumed(&store).map_err(opened)?);
    let service = chessdip::game::Service::new(store, clock.clone());
    let mut console = chessdip::console::Console::new(service, clock, dir, moderators.to_vec());
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

/// Reads a file of orders (or standard input, with `-`) as UTF-8 text, at
/// most one byte more than a reveal may have: a longer one could never be
/// revealed, and is refused without being read to its end.
fn orders_text(file: &Path) -> Result<String> {
    use std::io::Read;
    let max = chessdip::game::hashed::MAX_REVEAL;
    let limit = u64::try_from(max).unwrap_or(u64::MAX) + 1;
    let mut bytes = Vec::new();
    if file.as_os_str() == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes).context("cannot read standard input")?;
    } else {
        std::fs::File::open(file)
            .and_then(|f| f.take(limit).read_to_end(&mut bytes))
            .with_context(|| format!("cannot read {}", file.display()))?;
    }
    if bytes.len() > max {
        bail!(
            "{} has more than {max} bytes; a reveal has at most {max} (16 KB), so it could never be revealed: orders are short, check you named the right file",
            file.display()
        );
    }
    String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{} is not UTF-8 text: save it as UTF-8 and try again", file.display()))
}

fn hash(file: &Path) -> Result<ExitCode> {
    let text = orders_text(file)?;
    say!("{}", chessdip::game::hashed::sha256_hex(&text));
    Ok(ExitCode::SUCCESS)
}

/// Writes a sealed copy of `file` (a random salt line first) and prints its hash.
fn seal(file: &Path, output: Option<&Path>) -> Result<ExitCode> {
    let text = orders_text(file)?;
    let out = output.map_or_else(
        || {
            let mut name = file.as_os_str().to_os_string();
            name.push(".sealed.txt");
            PathBuf::from(name)
        },
        Path::to_path_buf,
    );
    if out.exists() {
        bail!("{} exists already: each seal has a new salt, so name another file with --output", out.display());
    }
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(|e| anyhow::anyhow!("no randomness for the salt: {e}"))?;
    let sealed = chessdip::game::hashed::seal(&text, &salt);
    std::fs::write(&out, sealed.as_bytes()).with_context(|| format!("cannot write {}", out.display()))?;
    say!("Sealed copy: {}", out.display());
    say!("During the commit window, send this line to the bot (or give the hash alone to /commit):");
    say!();
    say!("commit {}", chessdip::game::hashed::sha256_hex(&sealed));
    say!();
    say!(
        "Reveal the sealed file itself, byte for byte: attach it to /reveal (or `reveal-file {}` in the console).",
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes the sealing page to `file`.
fn seal_page(file: &Path, force: bool) -> Result<ExitCode> {
    if file.exists() && !force {
        bail!("{} exists already: name another file, or add --force to replace it", file.display());
    }
    std::fs::write(file, chessdip::game::hashed::SEAL_PAGE)
        .with_context(|| format!("cannot write {}", file.display()))?;
    say!("Wrote {}: open it in any browser (it works offline and sends nothing anywhere).", file.display());
    say!(
        "It seals your orders with a random salt, shows the line to commit, and checks a revealed text against a hash."
    );
    Ok(ExitCode::SUCCESS)
}

/// The database `db` names, or the one `run` would use; it must exist.
fn database(db: Option<&Path>, config: &Path) -> Result<PathBuf> {
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
fn open_current(db: &Path, what: &str) -> Result<chessdip::store::Store> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE)
        .with_context(|| format!("cannot open the database {}", db.display()))?;
    let pending = chessdip::store::MIGRATIONS
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
    chessdip::store::Store::open(db).with_context(|| format!("cannot open the database {}", db.display()))
}

/// Writes the game of `channel` as JSON to `output` (or standard output),
/// streamed from the database, gzip-compressed with `gzip`.
fn export(
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
    let service = chessdip::game::Service::new(store, std::sync::Arc::new(chessdip::game::SystemClock));
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
        n.and_then(|n| gz.finish().map(|_| n).map_err(chessdip::game::export::ExportError::Write))
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

/// Copies the database (`db`, or the one `run` would use) to `file`.
fn backup(file: &Path, db: Option<&Path>, config: &Path, force: bool) -> Result<ExitCode> {
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

/// Reads `config.toml` (if present) and the `CHESSDIP_*` environment.
fn load_config(path: &Path) -> Result<chessdip::config::Config> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let env = std::env::vars().filter(|(k, _)| k.starts_with("CHESSDIP_"));
    Ok(chessdip::config::Config::load(text.as_deref(), env)?)
}

#[cfg(feature = "discord")]
fn run_bot(config_path: &Path) -> Result<ExitCode> {
    let config = load_config(config_path)?;
    if config.bot_token()?.is_none() {
        tell!("{}", chessdip::config::SETUP_HELP);
        return Ok(ExitCode::from(2));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let store = chessdip::store::Store::open(&config.database).map_err(|e| anyhow::anyhow!("{e}"))?;
    runtime
        .block_on(async {
            let service =
                chessdip::game::Service::new(store, std::sync::Arc::new(chessdip::discord::TokioClock::new()));
            chessdip::discord::run(config, service).await
        })
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "discord"))]
fn run_bot(_config_path: &Path) -> Result<ExitCode> {
    bail!("this chessdip was built without the `discord` feature: build it with `cargo build --release` (the feature is on by default)")
}

#[cfg(feature = "discord")]
fn discord_commands(json: bool) -> Result<ExitCode> {
    let payload = chessdip::discord::registration()?;
    let problems = chessdip::discord::registration_problems(&payload);
    if json {
        say!("{}", serde_json::to_string_pretty(&payload)?);
    } else {
        for c in payload.as_array().into_iter().flatten() {
            say!("/{} - {}", c["name"].as_str().unwrap_or(""), c["description"].as_str().unwrap_or(""));
            for o in c["options"].as_array().into_iter().flatten() {
                let sub = matches!(o["type"].as_u64(), Some(1 | 2));
                let req = if o["required"].as_bool().unwrap_or(false) { "" } else { " (optional)" };
                let name = o["name"].as_str().unwrap_or("");
                if sub {
                    say!("    {name} - {}", o["description"].as_str().unwrap_or(""));
                } else {
                    say!("    {name}{req}: {}", o["description"].as_str().unwrap_or(""));
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        for p in problems {
            tell!("invalid for Discord: {p}");
        }
        Ok(ExitCode::FAILURE)
    }
}

#[cfg(not(feature = "discord"))]
fn discord_commands(_json: bool) -> Result<ExitCode> {
    bail!("this chessdip was built without the `discord` feature")
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,chessdip=info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Run { config } => run_bot(config),
        Command::Hash { file } => hash(file),
        Command::Seal { file, output } => seal(file, output.as_deref()),
        Command::SealPage { file, force } => seal_page(file, *force),
        Command::Backup { file, db, config, force } => backup(file, db.as_deref(), config, *force),
        Command::Export { channel, output, gzip, force, db, config } => {
            export(channel, output.as_deref(), (*gzip, *force), db.as_deref(), config)
        }
        Command::Discord(DiscordCommand::Commands { json }) => discord_commands(*json),
        Command::Scenario(ScenarioCommand::Check { paths }) => check(paths),
        Command::Scenario(ScenarioCommand::Run { file, json }) => run(file, *json),
        Command::Play { db, script, moderators, images, no_images } => {
            play(db, script.as_deref(), moderators, (!no_images).then_some(images.as_path()))
        }
        Command::Render { file, output, stage, palette, width, animate, frames } => {
            let width = width.unwrap_or(if *animate { chessdip::render::anim::WIDTH } else { 1024 });
            let style = chessdip::render::Style { width, palette: *palette, ..chessdip::render::Style::default() };
            if *animate {
                render_animation(file, output, &style, frames.as_deref())
            } else {
                render(file, output, *stage, &style)
            }
        }
    };
    match result {
        Ok(code) => code,
        // The reader went away (`| head`): nothing to say, and no one to say it to.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<OutputError>().is_some_and(OutputError::broken_pipe)
                    || c.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::from(BROKEN_PIPE)
        }
        Err(e) => {
            tell!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
