//! The texts of two commands that need no game: `hash [text]` and
//! `variants`. The commands themselves are read and carried out in
//! [`crate::request`].

/// The private answer to `hash [text]`: without a text, how to seal
/// orders; with one, its hash and a warning that the bot saw it.
#[must_use]
pub fn hash_reply(text: &str) -> String {
    if text.is_empty() {
        return crate::hashed::seal::HOW_TO_SEAL.to_string();
    }
    format!(
        "SHA-256 of those {} bytes: `{}`\nNote: computing it here shows the text to the bot (and the bot's operator), and it has no salt unless you wrote one. To keep your orders secret, seal them on your own device: `hash` without a text shows how (the sealing page works offline in any browser).",
        text.len(),
        crate::hashed::seal::sha256_hex(text)
    )
}

/// The variants with a line each and their options.
#[must_use]
pub fn variants_text() -> String {
    let mut t = String::from("Variants (`game create <id> [options]`):");
    for o in crate::OFFERS {
        t += &format!("\n  {} ({}): {}", o.id, o.name, o.about);
        if !o.options.is_empty() {
            t += &format!("; options: {}", o.options.join(", "));
        }
    }
    t
}
