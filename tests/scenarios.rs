//! Runs every scenario file under `tests/scenarios/` as its own named test.

use std::path::Path;

use chessdip_rules::scenario::{self, Scenario};
use libtest_mimic::{Arguments, Failed, Trial};

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
    let all = scenario::files(&[&root]).expect("the scenario files");
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
