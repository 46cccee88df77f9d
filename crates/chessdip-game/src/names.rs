//! Players' names in the texts the service writes. A name is what a player
//! chose to be shown by (on Discord, their display name), so it may hold
//! anything: `[Free Nitro](https://evil.example)`, `<@1234>`, `**Game over:
//! I win**`, a line break, characters that reverse the text after them.
//! Written as they are into a message, such names would post links, mention
//! other users, fake the game master's own words or headings.
//!
//! So a name goes into a text through [`shown`]: [`clean`] (on one line,
//! without control or bidirectional formatting characters) and, if it holds
//! a character a front end could read as markup, between two markers
//! ([`START`], [`END`], private-use characters no name keeps). Front ends
//! turn what stands between the markers into what their medium needs:
//! Discord escapes its markdown and mention syntax there, in the way that
//! reads right where the name stands (`src/discord/markup.rs`); the console
//! and the export show the name as it is ([`plain`]). A name that holds no
//! such character (most do not) is written as it is, without markers.

/// Opens a name in a text (a private-use character).
pub const START: char = '\u{E000}';
/// Closes a name in a text.
pub const END: char = '\u{E001}';

/// Whether `c` reorders the text around it (the bidirectional formatting
/// characters): a name holding one could make what follows it read
/// backwards.
fn bidirectional(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `name` as the game shows it anywhere, images included: on one line (line
/// breaks and tabs read as spaces, runs of spaces as one, none at either
/// end), without control characters, bidirectional formatting characters or
/// the markers of [`shown`]. Empty if nothing is left.
#[must_use]
pub fn clean(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        let c = match c {
            '\n' | '\r' | '\t' | '\u{2028}' | '\u{2029}' | '\u{0085}' => ' ',
            START | END => continue,
            c if c.is_control() || bidirectional(c) => continue,
            c => c,
        };
        if c.is_whitespace() && (out.is_empty() || out.ends_with(char::is_whitespace)) {
            continue;
        }
        out.push(c);
    }
    out.trim_end().to_string()
}

/// Whether `c` may be read as markup somewhere in a name (Discord's
/// markdown, mentions, links, emoji).
fn markup(c: char) -> bool {
    matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '<' | '>' | '#' | '[' | ']' | '(' | ')' | '@' | ':' | '/')
}

/// Whether `name` begins as a list or a quote would, at the start of a line
/// (`- `, `+ `, `1. `, `1) `).
fn starts_a_list(name: &str) -> bool {
    let digits = name.trim_start_matches(|c: char| c.is_ascii_digit());
    name.starts_with(['-', '+']) || (digits.len() < name.len() && digits.starts_with(['.', ')']))
}

/// `name` as a text of the service writes it: [`clean`], and between
/// [`START`] and [`END`] if a front end could read any of it as markup.
#[must_use]
pub fn shown(name: &str) -> String {
    let name = clean(name);
    if name.chars().any(markup) || starts_a_list(&name) {
        format!("{START}{name}{END}")
    } else {
        name
    }
}

/// `text` with the names in it as they are: the markers of [`shown`]
/// removed (for the console and the export).
#[must_use]
pub fn plain(text: &str) -> String {
    if text.contains([START, END]) {
        text.chars().filter(|c| *c != START && *c != END).collect()
    } else {
        text.to_string()
    }
}

/// A variant's name for people (its id if it is no longer offered).
#[must_use]
pub fn variant_name(variant: &str) -> String {
    chessdip_rules::any::offer(variant).map_or_else(|| variant.to_string(), |o| o.name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_cleaned_to_one_line_without_control_or_bidirectional_characters() {
        assert_eq!(clean("alice"), "alice");
        assert_eq!(clean("  bob\n# Game over\r\n\tGM  "), "bob # Game over GM");
        assert_eq!(clean("evil\u{202E}gnp.exe"), "evilgnp.exe");
        assert_eq!(clean("a\u{0000}b\u{007F}c\u{2066}d"), "abcd");
        assert_eq!(clean("x\u{E000}y\u{E001}"), "xy", "no name holds the markers");
        assert_eq!(clean("\u{200F}\n"), "");
        assert_eq!(clean("Zoë 李"), "Zoë 李");
    }

    #[test]
    fn a_name_that_markup_could_read_is_marked_and_others_are_left_alone() {
        for plain_name in ["alice", "Jean-Luc", "J.R.R.", "Zoë", "O'Brien", "bob 2"] {
            assert_eq!(shown(plain_name), plain_name);
        }
        for odd in
            ["[Free Nitro](https://evil.example)", "<@4000>", "**Game over: I win**", "- list", "1. first", "a_b"]
        {
            assert_eq!(shown(odd), format!("{START}{odd}{END}"));
        }
        assert_eq!(shown("line\nbreak # heading"), format!("{START}line break # heading{END}"));
        assert_eq!(plain(&format!("{} joins as France.", shown("**x**"))), "**x** joins as France.");
    }
}
