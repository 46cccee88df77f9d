//! `chessdip hash`, `seal` and `seal-page`: orders hashed and sealed for
//! hashed games, and the offline sealing page.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};

/// Reads a file of orders (or standard input, with `-`) as UTF-8 text, at
/// most one byte more than a reveal may have: a longer one could never be
/// revealed, and is refused without being read to its end.
fn orders_text(file: &Path) -> Result<String> {
    use std::io::Read;
    let max = chessdip_game::hashed::seal::MAX_REVEAL;
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

/// Prints the SHA-256 of `file`'s orders, as a commit names them.
pub fn hash(file: &Path) -> Result<ExitCode> {
    let text = orders_text(file)?;
    say!("{}", chessdip_game::hashed::seal::sha256_hex(&text));
    Ok(ExitCode::SUCCESS)
}

/// Writes a sealed copy of `file` (a random salt line first) and prints its hash.
pub fn seal(file: &Path, output: Option<&Path>) -> Result<ExitCode> {
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
    let sealed = chessdip_game::hashed::seal::seal(&text, &salt);
    std::fs::write(&out, sealed.as_bytes()).with_context(|| format!("cannot write {}", out.display()))?;
    say!("Sealed copy: {}", out.display());
    say!("During the commit window, send this line to the bot (or give the hash alone to /commit):");
    say!();
    say!("commit {}", chessdip_game::hashed::seal::sha256_hex(&sealed));
    say!();
    say!(
        "Reveal the sealed file itself, byte for byte: attach it to /reveal (or `reveal-file {}` in the console).",
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes the sealing page to `file`.
pub fn seal_page(file: &Path, force: bool) -> Result<ExitCode> {
    if file.exists() && !force {
        bail!("{} exists already: name another file, or add --force to replace it", file.display());
    }
    std::fs::write(file, chessdip_game::hashed::seal::SEAL_PAGE)
        .with_context(|| format!("cannot write {}", file.display()))?;
    say!("Wrote {}: open it in any browser (it works offline and sends nothing anywhere).", file.display());
    say!(
        "It seals your orders with a random salt, shows the line to commit, and checks a revealed text against a hash."
    );
    Ok(ExitCode::SUCCESS)
}
