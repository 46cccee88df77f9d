//! Players' names in Discord's messages. The service marks each name it
//! writes into a text (`chessdip_game::names`); here every text is made
//! ready for Discord before it is sent: a marked name has its markdown,
//! link and mention syntax escaped with backslashes, so that it reads as
//! the player typed it and does nothing (`[Free Nitro](https://…)` is no
//! link, `<@…>` no mention, `**…**` not bold, `# …` no heading); in a code
//! span or block, where Discord reads no markdown and shows a backslash as
//! it is, only its backticks are replaced (by `ˋ`), which would end the
//! span. Nothing else of the text changes: the service's own formatting
//! (bold results, code spans, mentions it means) stays as written.

use chessdip_game::names::{END, START};

/// `text` ready for Discord: each marked name escaped where it stands, the markers removed.
#[must_use]
pub fn for_discord(text: &str) -> String {
    if !text.contains([START, END]) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let (mut fence, mut inline) = (false, false);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("```") {
            fence = !fence;
            out.push_str("```");
            rest = &rest[3..];
            continue;
        }
        rest = &rest[c.len_utf8()..];
        match c {
            '`' if !fence => {
                inline = !inline;
                out.push(c);
            }
            START => {
                let (name, after) = rest.split_once(END).unwrap_or((rest, ""));
                out.push_str(&escaped(&name.replace(START, ""), fence || inline));
                rest = after;
            }
            END => {}
            c => out.push(c),
        }
    }
    out
}

/// `name` as it must be written to read as typed: in code (`in_code`) its
/// backticks replaced, elsewhere every character Discord could read as
/// markup after a backslash (and the full stop of a number, which could
/// start a list).
fn escaped(name: &str, in_code: bool) -> String {
    if in_code {
        return name.replace('`', "\u{02CB}");
    }
    let mut out = String::with_capacity(name.len() * 2);
    let mut after_digit = false;
    for c in name.chars() {
        let markup = matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '<' | '>' | '#' | '-' | '+' | '[' | ']' | '(' | ')' | '@' | ':' | '/'
        );
        if markup || (c == '.' && after_digit) {
            out.push('\\');
        }
        out.push(c);
        after_digit = c.is_ascii_digit();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessdip_game::names::shown;

    #[test]
    fn a_marked_name_is_escaped_and_the_services_own_markdown_is_kept() {
        let text = |name: &str| for_discord(&format!("**{} joins as France.** <@42>", shown(name)));
        assert_eq!(text("alice"), "**alice joins as France.** <@42>");
        assert_eq!(
            text("[Free Nitro](https://evil.example)"),
            r"**\[Free Nitro\]\(https\:\/\/evil.example\) joins as France.** <@42>"
        );
        assert_eq!(text("<@4000>"), r"**\<\@4000\> joins as France.** <@42>");
        assert_eq!(text("**Game over: I win**"), r"**\*\*Game over\: I win\*\* joins as France.** <@42>");
        assert_eq!(text("a\n# Heading"), r"**a \# Heading joins as France.** <@42>");
        assert_eq!(for_discord(&format!("{} wins", shown("1. first"))), r"1\. first wins");
    }

    #[test]
    fn a_name_in_code_keeps_its_characters_but_cannot_close_the_span() {
        let t = for_discord(&format!("your name `{}` looks like `{}`", shown("**x**"), shown("a`b")));
        assert_eq!(t, "your name `**x**` looks like `a\u{02CB}b`");
        let fenced = for_discord(&format!("```\n{} resigns\n```\nthen {}", shown("<@1>"), shown("<@1>")));
        assert_eq!(fenced, "```\n<@1> resigns\n```\nthen \\<\\@1\\>");
        // Stray markers are dropped; an unclosed name is escaped to the end.
        assert_eq!(for_discord("a\u{E001}b"), "ab");
        assert_eq!(for_discord("a \u{E000}*b"), r"a \*b");
    }
}
