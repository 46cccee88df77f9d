//! Sealing and hashing a text: the SHA-256 a player commits, a salt line
//! that keeps it from being guessed, how a revealed text is read, and the
//! sealing page that does it in a browser.

use sha2::{Digest, Sha256};

use crate::GameError;

/// The SHA-256 of the empty text: never a commitment to orders.
const EMPTY_HASH: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/// SHA-256 of `text`'s UTF-8 bytes, lowercase hex.
#[must_use]
pub fn sha256_hex(text: &str) -> String {
    sha256_hex_bytes(text.as_bytes())
}

/// SHA-256 of `bytes`, lowercase hex.
#[must_use]
pub fn sha256_hex_bytes(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads a commitment: 64 hex digits (either case; stored lowercase).
///
/// # Errors
/// What a commitment looks like.
pub fn parse_hash(text: &str) -> Result<String, GameError> {
    let t = text.trim();
    if t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()) {
        if t.eq_ignore_ascii_case(EMPTY_HASH) {
            return Err(GameError::Invalid(
                "that is the SHA-256 of an empty text, which holds no orders: hash the file with your orders (and a `# salt` line) in it".into(),
            ));
        }
        return Ok(t.to_ascii_lowercase());
    }
    let why = if t.is_empty() {
        "no hash given".to_string()
    } else if !t.bytes().all(|b| b.is_ascii_hexdigit()) {
        // A look-alike (a Cyrillic `а` for `a`, a fullwidth digit) is named.
        let mut odd: Vec<char> = t.chars().filter(|c| !c.is_ascii()).collect();
        odd.dedup();
        let named = if odd.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                odd.iter().take(3).map(|c| crate::orders::chars::describe(*c)).collect::<Vec<_>>().join("; ")
            )
        };
        format!(
            "`{}` is not hexadecimal{named}",
            crate::orders::chars::visible(&t.chars().take(80).collect::<String>())
        )
    } else {
        format!("a SHA-256 hash has 64 hex digits, this has {}", t.len())
    };
    Err(GameError::Invalid(format!(
        "{why}. Commit the SHA-256 of your exact orders text, e.g. `printf '%s' \"$ORDERS\" | sha256sum` (or `chessdip hash orders.txt`)"
    )))
}

/// A revealed text without its comment lines (those starting with `#`,
/// such as the recommended salt line), read tolerantly: a leading byte-order
/// mark (Windows Notepad) is ignored and CRLF line ends read as LF. (The
/// hash is always over the exact bytes; this is only how orders are read.)
#[must_use]
pub fn without_comments(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` sealed with `salt`: a `# salt <hex>` first line (so that its hash
/// cannot be found by hashing every possible order), then the text as it
/// was (a leading byte-order mark dropped, so the salt line comes first).
/// The sealed text is what is committed and, byte for byte, revealed.
#[must_use]
pub fn seal(text: &str, salt: &[u8]) -> String {
    let hex: String = salt.iter().map(|b| format!("{b:02x}")).collect();
    format!("# salt {hex}\n{}", text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// The sealing page (`assets/seal.html`): one self-contained HTML file that
/// seals orders with a random salt and checks a revealed text against a
/// hash, offline, in any browser. `/hash` attaches it; `chessdip seal-page`
/// writes it.
pub const SEAL_PAGE: &str = include_str!("../../../../assets/seal.html");

/// The file name the sealing page is handed out under.
pub const SEAL_PAGE_NAME: &str = "chessdip-seal.html";

/// How to seal orders without showing them to anyone, for `help` in a
/// hashed game and `hash` without a text.
pub const HOW_TO_SEAL: &str = "Hashed orders: seal your orders before you commit them, so that nobody can find them by hashing every possible order. Sealing puts a first line `# salt` and random characters above your orders; you commit the hash of the sealed text, and later reveal that text byte for byte. Three ways, none shows your orders to anyone:
  1. The sealing page: `/hash` (without a text) attaches `chessdip-seal.html`; `chessdip seal-page` writes it. Open it in any browser, on a computer or a phone, even offline: it seals, shows the line to commit, lets you copy or download the sealed text, and checks any revealed text against a hash.
  2. `chessdip seal orders.txt`: writes orders.txt.sealed.txt and prints the line to commit.
  3. By hand: put `# salt ` and at least 8 random characters on the first line of orders.txt, then hash the file: `sha256sum orders.txt` (Linux), `shasum -a 256 orders.txt` (macOS), `certutil -hashfile orders.txt SHA256` or PowerShell `Get-FileHash orders.txt` (Windows; write the hash in lower or upper case, either is read).
Reveal by attaching the sealed file to `/reveal` (it keeps every byte) or pasting it.";

/// The most bytes a revealed text may have.
pub const MAX_REVEAL: usize = 16 * 1024;

/// Whether a revealed text carries a salt line (`# salt ...`), which keeps
/// its commitment from being guessed by trying every possible order.
#[must_use]
pub fn is_salted(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().any(|l| {
        let l = l.trim_start().trim_start_matches('#').trim();
        l.len() > 5 && l[..4].eq_ignore_ascii_case("salt") && l[4..].trim().len() >= 8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_over_the_exact_bytes() {
        assert_eq!(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_ne!(sha256_hex("K e1 - e2\n"), sha256_hex("K e1 - e2"));
        assert_ne!(sha256_hex("a\r\nb"), sha256_hex("a\nb"));
    }

    #[test]
    fn hashes_are_read_in_either_case_and_refused_with_reasons() {
        let h = sha256_hex("x").to_uppercase();
        assert_eq!(parse_hash(&format!("  {h} ")).ok(), Some(sha256_hex("x")));
        assert!(parse_hash("abc").unwrap_err().to_string().contains("64 hex digits, this has 3"));
        assert!(parse_hash(&"z".repeat(64)).unwrap_err().to_string().contains("not hexadecimal"));
        assert!(parse_hash("").unwrap_err().to_string().contains("no hash given"));
    }

    #[test]
    fn a_sealed_text_has_a_salt_line_first_and_keeps_the_orders() {
        let sealed = seal("\u{feff}K e1 - e2\n", &[0xab; 16]);
        assert_eq!(sealed, format!("# salt {}\nK e1 - e2\n", "ab".repeat(16)));
        assert!(is_salted(&sealed) && !is_salted("K e1 - e2"));
        assert_eq!(without_comments(&sealed), "K e1 - e2");
    }

    #[test]
    fn salt_lines_are_not_orders() {
        assert_eq!(without_comments("# salt 7f3a\nK e1 - e2\n  # note\nN g1 - f3\n"), "K e1 - e2\nN g1 - f3");
    }
}
