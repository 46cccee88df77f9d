//! The `chessdip` command line: the arguments, and which subcommand runs;
//! each subcommand's work is in `cli/`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

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
    /// Play whole games between bots and baselines in memory, through the same rules, and print per seat how they did.
    Arena {
        /// The game: chessdip, chesspolitik4, chesspolitik2, diplomacy-chess, diplomat-chess or chess-wheel.
        #[arg(long)]
        game: String,
        /// Diplomacy Chess's mode: basic, progressive or simultaneous-progressive.
        #[arg(long)]
        mode: Option<String>,
        /// Another creation option, key=value (`--option suborn=drop`); repeat for more.
        #[arg(long = "option")]
        options: Vec<String>,
        /// The players in seat order, comma-separated: bot, random or hold (`--seats bot,random,random,random`).
        #[arg(long)]
        seats: String,
        /// How many games; powers and colours go round the seats from game to game.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// The seed: the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The length limit in the game's periods: years (Chess Dip, Chesspolitik; default 30), turns (Diplomacy Chess; 100), moves (Diplomat Chess; 150), cycles (Chess Wheel+; 20).
        #[arg(long)]
        years: Option<u32>,
        /// The bot's time budget per decision, in milliseconds.
        #[arg(long, default_value_t = 500)]
        budget_ms: u64,
        /// The bot's node budget per decision [default: the game's own].
        #[arg(long)]
        nodes: Option<u64>,
        /// Games played side by side (each on its own thread).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Print one JSON object on one line instead of the table.
        #[arg(long)]
        json: bool,
        /// Also print each game: who played which power, how it ended, and its move list where the game keeps one.
        #[arg(long)]
        verbose: bool,
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
        /// The time zone times are shown in (an IANA name such as Europe/Paris).
        #[arg(long, default_value = "UTC", value_parser = parse_zone)]
        timezone: chrono_tz::Tz,
        /// How long a bot seated in a game may think about one decision, in milliseconds.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=60_000))]
        bot_think_ms: u64,
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
        stage: chessdip_render::Stage,
        /// `classic` (webDiplomacy colours) or `colour-blind`.
        #[arg(long, default_value = "classic")]
        palette: chessdip_render::Palette,
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

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,chessdip=info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let args = Cli::parse();
    let result = match &args.command {
        Command::Run { config } => cli::bot::run_bot(config),
        Command::Hash { file } => cli::seal::hash(file),
        Command::Seal { file, output } => cli::seal::seal(file, output.as_deref()),
        Command::SealPage { file, force } => cli::seal::seal_page(file, *force),
        Command::Backup { file, db, config, force } => cli::backup::backup(file, db.as_deref(), config, *force),
        Command::Export { channel, output, gzip, force, db, config } => {
            cli::export::export(channel, output.as_deref(), (*gzip, *force), db.as_deref(), config)
        }
        Command::Discord(DiscordCommand::Commands { json }) => cli::bot::discord_commands(*json),
        Command::Scenario(ScenarioCommand::Check { paths }) => cli::scenario::check(paths),
        Command::Scenario(ScenarioCommand::Run { file, json }) => cli::scenario::run(file, *json),
        Command::Play { db, script, moderators, images, no_images, timezone, bot_think_ms } => cli::play::play(
            db,
            script.as_deref(),
            moderators,
            (!no_images).then_some(images.as_path()),
            (*timezone, std::time::Duration::from_millis(*bot_think_ms)),
        ),
        Command::Arena { game, mode, options, seats, games, seed, years, budget_ms, nodes, jobs, json, verbose } => {
            cli::arena::arena(&cli::arena::Request {
                game: game.clone(),
                mode: mode.clone(),
                options: options.clone(),
                seats: seats.clone(),
                games: *games,
                seed: *seed,
                years: *years,
                budget_ms: *budget_ms,
                nodes: *nodes,
                jobs: *jobs,
                json: *json,
                verbose: *verbose,
            })
        }
        Command::Render { file, output, stage, palette, width, animate, frames } => {
            let width = width.unwrap_or(if *animate { chessdip_render::anim::WIDTH } else { 1024 });
            let style = chessdip_render::Style { width, palette: *palette, ..chessdip_render::Style::default() };
            if *animate {
                cli::render::render_animation(file, output, &style, frames.as_deref())
            } else {
                cli::render::render(file, output, *stage, &style)
            }
        }
    };
    cli::exit_code(result)
}

/// A time zone named as the IANA database names it (`Europe/Paris`, `UTC`).
fn parse_zone(name: &str) -> Result<chrono_tz::Tz, String> {
    name.parse().map_err(|_| {
        format!("`{name}` is not a time zone: name one as the IANA database does, e.g. Europe/Paris or UTC")
    })
}
