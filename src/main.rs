//! The `chessdip` command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use clap::{Parser, Subcommand};

use chessdip::scenario::{self, Scenario};

/// chessdip: the game master for chess/Diplomacy hybrids.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Adjudication test files (see README: "Scenario files").
    #[command(subcommand)]
    Scenario(ScenarioCommand),
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

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .with_context(|| format!("cannot list {}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "txt") {
                collect(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

fn check(paths: &[PathBuf]) -> Result<ExitCode> {
    let mut files = Vec::new();
    for p in paths {
        collect(p, &mut files)?;
    }
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
            Ok((s.name.clone(), scenario::check(&s, &r)))
        });
        match verdict {
            Ok((name, mismatches)) if mismatches.is_empty() => {
                passed += 1;
                println!("PASS {name}");
            }
            Ok((name, mismatches)) => {
                failed += 1;
                let all: Vec<String> = mismatches.iter().map(ToString::to_string).collect();
                println!("FAIL {name}: {}", all.join("; "));
            }
            Err(e) => {
                failed += 1;
                println!("FAIL {name}: {}: {e}", f.display());
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn run(file: &Path, json: bool) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let report = scenario::run(&s).with_context(|| format!("in {}", file.display()))?;
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!("{}: {report}", s.name);
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Scenario(ScenarioCommand::Check { paths }) => check(paths),
        Command::Scenario(ScenarioCommand::Run { file, json }) => run(file, *json),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
