//! Runs every scenario file under `tests/scenarios/` as its own named test.

use std::path::{Path, PathBuf};

use chessdip::scenario::{self, Scenario};
use libtest_mimic::{Arguments, Failed, Trial};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            files(&e, out);
        } else if e.extension().is_some_and(|x| x == "txt") {
            out.push(e);
        }
    }
}

fn run_one(path: &Path) -> Result<(), Failed> {
    let s = Scenario::from_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let report = scenario::run(&s).map_err(|e| format!("{}: {e}", path.display()))?.report;
    let mismatches = scenario::check(&s, &report);
    if mismatches.is_empty() {
        return Ok(());
    }
    let lines: Vec<String> = mismatches.iter().map(|m| format!("  {m}")).collect();
    Err(format!("{}:\n{}\nfull result:\n{report}", path.display(), lines.join("\n")).into())
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut all = Vec::new();
    files(&root, &mut all);
    assert!(!all.is_empty(), "no scenario files under {}", root.display());
    let trials = all
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .with_extension("")
                .to_string_lossy()
                .replace(std::path::MAIN_SEPARATOR, "/");
            Trial::test(name, move || run_one(&path))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
