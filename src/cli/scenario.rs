//! `chessdip scenario check` and `scenario run`: scenario files adjudicated
//! and checked against their expectations, or printed.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};

use chessdip_rules::scenario::{self, Scenario};

/// Checks every scenario file under `paths`: `PASS`/`FAIL` a file, then the totals.
pub fn check(paths: &[PathBuf]) -> Result<ExitCode> {
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

/// Adjudicates `file` and prints its report, as text or JSON.
pub fn run(file: &Path, json: bool) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let report = scenario::run(&s).with_context(|| format!("in {}", file.display()))?.report;
    if json {
        say!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        say!("{}: {report}", s.name);
    }
    Ok(ExitCode::SUCCESS)
}
