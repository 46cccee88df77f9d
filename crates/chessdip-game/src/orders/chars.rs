//! Characters that are not what they look like: letters from other scripts
//! that look like Latin ones (Cyrillic `К` for `K`), fullwidth forms,
//! typographic dashes and quotes, unusual spaces and invisible characters
//! (a zero-width space pasted with the text). Replies name such a character
//! and its code point instead of quoting it bare, show invisible ones as
//! `<U+200B>`, and player names are compared by their skeleton (look-alikes
//! mapped to Latin, without case), so that two players cannot look alike.

use chessdip_rules::family::Submission;

/// What kind of character a known one is, for the wording.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Looks like a Latin letter.
    Letter,
    /// Looks like a digit.
    Digit,
    /// Looks like ASCII punctuation.
    Sign,
    /// A space that is not the plain one.
    Space,
    /// Shows nothing at all.
    Invisible,
}

/// A character worth naming: its Unicode name, what it looks like (or, for
/// invisible ones, nothing) and its kind.
struct Known {
    c: char,
    name: &'static str,
    looks: &'static str,
    kind: Kind,
}

const fn k(c: char, name: &'static str, looks: &'static str, kind: Kind) -> Known {
    Known { c, name, looks, kind }
}

use Kind::{Digit, Invisible, Letter, Sign, Space};

/// The look-alikes that matter for orders and names. Fullwidth forms
/// (U+FF01 to U+FF5E) are worked out from ASCII instead of listed.
const KNOWN: &[Known] = &[
    // Cyrillic capitals.
    k('\u{0405}', "CYRILLIC CAPITAL LETTER DZE", "S", Letter),
    k('\u{0406}', "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I", "I", Letter),
    k('\u{0408}', "CYRILLIC CAPITAL LETTER JE", "J", Letter),
    k('\u{0410}', "CYRILLIC CAPITAL LETTER A", "A", Letter),
    k('\u{0412}', "CYRILLIC CAPITAL LETTER VE", "B", Letter),
    k('\u{0415}', "CYRILLIC CAPITAL LETTER IE", "E", Letter),
    k('\u{041A}', "CYRILLIC CAPITAL LETTER KA", "K", Letter),
    k('\u{041C}', "CYRILLIC CAPITAL LETTER EM", "M", Letter),
    k('\u{041D}', "CYRILLIC CAPITAL LETTER EN", "H", Letter),
    k('\u{041E}', "CYRILLIC CAPITAL LETTER O", "O", Letter),
    k('\u{0420}', "CYRILLIC CAPITAL LETTER ER", "P", Letter),
    k('\u{0421}', "CYRILLIC CAPITAL LETTER ES", "C", Letter),
    k('\u{0422}', "CYRILLIC CAPITAL LETTER TE", "T", Letter),
    k('\u{0423}', "CYRILLIC CAPITAL LETTER U", "Y", Letter),
    k('\u{0425}', "CYRILLIC CAPITAL LETTER HA", "X", Letter),
    k('\u{04AE}', "CYRILLIC CAPITAL LETTER STRAIGHT U", "Y", Letter),
    k('\u{04C0}', "CYRILLIC LETTER PALOCHKA", "I", Letter),
    // Cyrillic small letters.
    k('\u{0430}', "CYRILLIC SMALL LETTER A", "a", Letter),
    k('\u{0435}', "CYRILLIC SMALL LETTER IE", "e", Letter),
    k('\u{043A}', "CYRILLIC SMALL LETTER KA", "k", Letter),
    k('\u{043E}', "CYRILLIC SMALL LETTER O", "o", Letter),
    k('\u{0440}', "CYRILLIC SMALL LETTER ER", "p", Letter),
    k('\u{0441}', "CYRILLIC SMALL LETTER ES", "c", Letter),
    k('\u{0443}', "CYRILLIC SMALL LETTER U", "y", Letter),
    k('\u{0445}', "CYRILLIC SMALL LETTER HA", "x", Letter),
    k('\u{0455}', "CYRILLIC SMALL LETTER DZE", "s", Letter),
    k('\u{0456}', "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I", "i", Letter),
    k('\u{0458}', "CYRILLIC SMALL LETTER JE", "j", Letter),
    k('\u{04BB}', "CYRILLIC SMALL LETTER SHHA", "h", Letter),
    k('\u{0501}', "CYRILLIC SMALL LETTER KOMI DE", "d", Letter),
    k('\u{051B}', "CYRILLIC SMALL LETTER QA", "q", Letter),
    k('\u{051D}', "CYRILLIC SMALL LETTER WE", "w", Letter),
    // Greek capitals.
    k('\u{0391}', "GREEK CAPITAL LETTER ALPHA", "A", Letter),
    k('\u{0392}', "GREEK CAPITAL LETTER BETA", "B", Letter),
    k('\u{0395}', "GREEK CAPITAL LETTER EPSILON", "E", Letter),
    k('\u{0396}', "GREEK CAPITAL LETTER ZETA", "Z", Letter),
    k('\u{0397}', "GREEK CAPITAL LETTER ETA", "H", Letter),
    k('\u{0399}', "GREEK CAPITAL LETTER IOTA", "I", Letter),
    k('\u{039A}', "GREEK CAPITAL LETTER KAPPA", "K", Letter),
    k('\u{039C}', "GREEK CAPITAL LETTER MU", "M", Letter),
    k('\u{039D}', "GREEK CAPITAL LETTER NU", "N", Letter),
    k('\u{039F}', "GREEK CAPITAL LETTER OMICRON", "O", Letter),
    k('\u{03A1}', "GREEK CAPITAL LETTER RHO", "P", Letter),
    k('\u{03A4}', "GREEK CAPITAL LETTER TAU", "T", Letter),
    k('\u{03A5}', "GREEK CAPITAL LETTER UPSILON", "Y", Letter),
    k('\u{03A7}', "GREEK CAPITAL LETTER CHI", "X", Letter),
    // Greek small letters.
    k('\u{03B1}', "GREEK SMALL LETTER ALPHA", "a", Letter),
    k('\u{03B9}', "GREEK SMALL LETTER IOTA", "i", Letter),
    k('\u{03BA}', "GREEK SMALL LETTER KAPPA", "k", Letter),
    k('\u{03BD}', "GREEK SMALL LETTER NU", "v", Letter),
    k('\u{03BF}', "GREEK SMALL LETTER OMICRON", "o", Letter),
    k('\u{03C1}', "GREEK SMALL LETTER RHO", "p", Letter),
    k('\u{03C5}', "GREEK SMALL LETTER UPSILON", "u", Letter),
    k('\u{03C7}', "GREEK SMALL LETTER CHI", "x", Letter),
    // Other letters.
    k('\u{0131}', "LATIN SMALL LETTER DOTLESS I", "i", Letter),
    k('\u{0261}', "LATIN SMALL LETTER SCRIPT G", "g", Letter),
    k('\u{212A}', "KELVIN SIGN", "K", Letter),
    k('\u{2160}', "ROMAN NUMERAL ONE", "I", Letter),
    k('\u{217C}', "SMALL ROMAN NUMERAL FIFTY", "l", Letter),
    // Digits.
    k('\u{00B2}', "SUPERSCRIPT TWO", "2", Digit),
    k('\u{00B3}', "SUPERSCRIPT THREE", "3", Digit),
    k('\u{00B9}', "SUPERSCRIPT ONE", "1", Digit),
    k('\u{0660}', "ARABIC-INDIC DIGIT ZERO", "0", Digit),
    k('\u{2070}', "SUPERSCRIPT ZERO", "0", Digit),
    // Dashes and signs.
    k('\u{00D7}', "MULTIPLICATION SIGN", "x", Sign),
    k('\u{2010}', "HYPHEN", "-", Sign),
    k('\u{2011}', "NON-BREAKING HYPHEN", "-", Sign),
    k('\u{2012}', "FIGURE DASH", "-", Sign),
    k('\u{2013}', "EN DASH", "-", Sign),
    k('\u{2014}', "EM DASH", "-", Sign),
    k('\u{2015}', "HORIZONTAL BAR", "-", Sign),
    k('\u{2212}', "MINUS SIGN", "-", Sign),
    k('\u{FE63}', "SMALL HYPHEN-MINUS", "-", Sign),
    k('\u{2018}', "LEFT SINGLE QUOTATION MARK", "'", Sign),
    k('\u{2019}', "RIGHT SINGLE QUOTATION MARK", "'", Sign),
    k('\u{2032}', "PRIME", "'", Sign),
    k('\u{201C}', "LEFT DOUBLE QUOTATION MARK", "\"", Sign),
    k('\u{201D}', "RIGHT DOUBLE QUOTATION MARK", "\"", Sign),
    k('\u{2033}', "DOUBLE PRIME", "\"", Sign),
    k('\u{2026}', "HORIZONTAL ELLIPSIS", "...", Sign),
    k('\u{2192}', "RIGHTWARDS ARROW", "->", Sign),
    k('\u{037E}', "GREEK QUESTION MARK", ";", Sign),
    k('\u{0589}', "ARMENIAN FULL STOP", ":", Sign),
    k('\u{2236}', "RATIO", ":", Sign),
    k('\u{FF5E}', "FULLWIDTH TILDE", "~", Sign),
    // Spaces.
    k('\u{00A0}', "NO-BREAK SPACE", " ", Space),
    k('\u{2002}', "EN SPACE", " ", Space),
    k('\u{2003}', "EM SPACE", " ", Space),
    k('\u{2007}', "FIGURE SPACE", " ", Space),
    k('\u{2009}', "THIN SPACE", " ", Space),
    k('\u{200A}', "HAIR SPACE", " ", Space),
    k('\u{202F}', "NARROW NO-BREAK SPACE", " ", Space),
    k('\u{205F}', "MEDIUM MATHEMATICAL SPACE", " ", Space),
    k('\u{3000}', "IDEOGRAPHIC SPACE", " ", Space),
    // Invisible characters.
    k('\u{00AD}', "SOFT HYPHEN", "", Invisible),
    k('\u{034F}', "COMBINING GRAPHEME JOINER", "", Invisible),
    k('\u{061C}', "ARABIC LETTER MARK", "", Invisible),
    k('\u{180E}', "MONGOLIAN VOWEL SEPARATOR", "", Invisible),
    k('\u{200B}', "ZERO WIDTH SPACE", "", Invisible),
    k('\u{200C}', "ZERO WIDTH NON-JOINER", "", Invisible),
    k('\u{200D}', "ZERO WIDTH JOINER", "", Invisible),
    k('\u{200E}', "LEFT-TO-RIGHT MARK", "", Invisible),
    k('\u{200F}', "RIGHT-TO-LEFT MARK", "", Invisible),
    k('\u{202A}', "LEFT-TO-RIGHT EMBEDDING", "", Invisible),
    k('\u{202B}', "RIGHT-TO-LEFT EMBEDDING", "", Invisible),
    k('\u{202C}', "POP DIRECTIONAL FORMATTING", "", Invisible),
    k('\u{202D}', "LEFT-TO-RIGHT OVERRIDE", "", Invisible),
    k('\u{202E}', "RIGHT-TO-LEFT OVERRIDE", "", Invisible),
    k('\u{2060}', "WORD JOINER", "", Invisible),
    k('\u{2061}', "FUNCTION APPLICATION", "", Invisible),
    k('\u{2062}', "INVISIBLE TIMES", "", Invisible),
    k('\u{2063}', "INVISIBLE SEPARATOR", "", Invisible),
    k('\u{2064}', "INVISIBLE PLUS", "", Invisible),
    k('\u{2066}', "LEFT-TO-RIGHT ISOLATE", "", Invisible),
    k('\u{2067}', "RIGHT-TO-LEFT ISOLATE", "", Invisible),
    k('\u{2068}', "FIRST STRONG ISOLATE", "", Invisible),
    k('\u{2069}', "POP DIRECTIONAL ISOLATE", "", Invisible),
    k('\u{FEFF}', "ZERO WIDTH NO-BREAK SPACE (byte-order mark)", "", Invisible),
];

/// The names of the ASCII signs, for their fullwidth forms.
const ASCII_SIGNS: &[(char, &str)] = &[
    ('!', "EXCLAMATION MARK"),
    ('"', "QUOTATION MARK"),
    ('#', "NUMBER SIGN"),
    ('\'', "APOSTROPHE"),
    ('(', "LEFT PARENTHESIS"),
    (')', "RIGHT PARENTHESIS"),
    ('*', "ASTERISK"),
    ('+', "PLUS SIGN"),
    (',', "COMMA"),
    ('-', "HYPHEN-MINUS"),
    ('.', "FULL STOP"),
    ('/', "SOLIDUS"),
    (':', "COLON"),
    (';', "SEMICOLON"),
    ('=', "EQUALS SIGN"),
    ('?', "QUESTION MARK"),
    ('{', "LEFT CURLY BRACKET"),
    ('}', "RIGHT CURLY BRACKET"),
];

/// A character as it should be named: its Unicode name (if the table has
/// it), what it looks like, and its kind.
fn lookup(c: char) -> Option<(String, String, Kind)> {
    if let Some(k) = KNOWN.iter().find(|k| k.c == c) {
        return Some((k.name.to_string(), k.looks.to_string(), k.kind));
    }
    // Fullwidth forms of ASCII: U+FF01 to U+FF5E are ASCII 0x21 to 0x7E.
    let code = u32::from(c);
    if (0xFF01..=0xFF5E).contains(&code) {
        let ascii = char::from_u32(code - 0xFF01 + 0x21)?;
        let (name, kind) = if ascii.is_ascii_uppercase() {
            (format!("FULLWIDTH LATIN CAPITAL LETTER {ascii}"), Letter)
        } else if ascii.is_ascii_lowercase() {
            (format!("FULLWIDTH LATIN SMALL LETTER {}", ascii.to_ascii_uppercase()), Letter)
        } else if ascii.is_ascii_digit() {
            const DIGITS: [&str; 10] = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];
            (format!("FULLWIDTH DIGIT {}", DIGITS[usize::from(ascii as u8 - b'0')]), Digit)
        } else {
            let sign = ASCII_SIGNS.iter().find(|(a, _)| *a == ascii).map_or("FORM", |(_, n)| n);
            (format!("FULLWIDTH {sign}"), Sign)
        };
        return Some((name, ascii.to_string(), kind));
    }
    None
}

/// Whether `c` shows nothing (or moves text around) where it stands: the
/// known invisible characters and control characters other than line
/// breaks and tabs.
fn is_invisible(c: char) -> bool {
    lookup(c).is_some_and(|(_, _, kind)| kind == Invisible) || (c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

/// `c` as `U+041A`.
fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// `text` with every invisible character written as `<U+200B>`, so that a
/// reply quoting it shows what is there.
#[must_use]
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_invisible(c) {
            out += &format!("<{}>", code_point(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// One character named for a player: "`К` is U+041A CYRILLIC CAPITAL
/// LETTER KA, not the letter K", "`<U+200B>` is U+200B ZERO WIDTH SPACE, an
/// invisible character", or for a character the table does not know, its
/// code point.
#[must_use]
pub fn describe(c: char) -> String {
    let shown = if is_invisible(c) || c.is_whitespace() { format!("<{}>", code_point(c)) } else { c.to_string() };
    match lookup(c) {
        Some((name, _, Invisible)) => format!("`{shown}` is {} {name}, an invisible character", code_point(c)),
        Some((name, looks, kind)) => {
            let plain = match kind {
                Letter => format!("the letter {looks}"),
                Digit => format!("the digit {looks}"),
                Space => "a plain space".to_string(),
                Sign | Invisible => format!("`{looks}`"),
            };
            format!("`{shown}` is {} {name}, not {plain}", code_point(c))
        }
        None if is_invisible(c) => format!("`{shown}` is {}, an invisible control character", code_point(c)),
        None => format!("`{shown}` is {}, which is not a character orders use", code_point(c)),
    }
}

/// Whether `c` is one the table names (a look-alike, an unusual space or an
/// invisible character), whatever the context.
fn is_suspect(c: char) -> bool {
    lookup(c).is_some() || is_invisible(c)
}

/// The odd characters of `text`, each once: the look-alikes and invisible
/// characters, and the other non-ASCII characters that `reason` quotes (a
/// rules error about one of them). Board names in braces (`{Саша}e2`, Chess
/// Wheel+) are players' names, checked as such, and are not scanned.
fn odd_in(text: &str, reason: &str) -> (Vec<char>, Vec<char>) {
    let (mut suspects, mut others) = (Vec::new(), Vec::new());
    let mut in_braces = false;
    for c in text.chars() {
        match c {
            '{' => in_braces = true,
            '}' => in_braces = false,
            _ if in_braces => {}
            _ if is_suspect(c) => once(&mut suspects, c),
            _ if !c.is_ascii() && reason.contains(c) => once(&mut others, c),
            _ => {}
        }
    }
    (suspects, others)
}

/// Adds `c` to `list` unless it is there.
fn once(list: &mut Vec<char>, c: char) {
    if !list.contains(&c) {
        list.push(c);
    }
}

/// The characters named, at most four, with a count of the rest.
fn named(chars: &[char]) -> String {
    let mut out = chars.iter().take(4).map(|c| describe(*c)).collect::<Vec<_>>().join("; ");
    if chars.len() > 4 {
        out += &format!("; and {} more such characters", chars.len() - 4);
    }
    out
}

/// Why a line holding odd characters was refused, the rules' own `reason`
/// kept where it says more than the characters: a look-alike or invisible
/// character is the cause (the reason would only quote it, as "`К` is not
/// part of any order"); another non-ASCII character is named after the
/// reason. `None` if the line has none.
#[must_use]
pub fn odd_characters(text: &str, reason: &str) -> Option<String> {
    let (suspects, others) = odd_in(text, reason);
    if !suspects.is_empty() {
        let mut all = suspects;
        all.extend(others);
        let fix = if all.iter().all(|c| is_invisible(*c)) {
            "delete it (or retype the order: it cannot be seen, but it is there)"
        } else {
            "retype the order with plain letters, digits and signs"
        };
        return Some(format!("{}: {fix}", named(&all)));
    }
    if !others.is_empty() {
        return Some(format!("{} ({})", visible(reason), named(&others)));
    }
    None
}

/// A refusal of `line` (the command as sent) with the odd characters it
/// quotes named, and invisible ones shown.
#[must_use]
pub fn explain_refusal(line: &str, message: &str) -> String {
    let mut out = visible(message);
    let (mut suspects, others) = odd_in(line, message);
    suspects.extend(others);
    // Only what the refusal quotes (a name in another script is no fault of
    // its own), and not what it already names.
    suspects.retain(|c| message.contains(*c) && !message.contains(&code_point(*c)));
    if !suspects.is_empty() {
        out = format!("{}. In what you sent, {}.", out.trim_end_matches('.'), named(&suspects));
    }
    out
}

/// A submission's rejections and whole-message verdicts with their odd
/// characters named: a rejected order that holds a look-alike or invisible
/// character is refused for that character (the rules' own reason would
/// only quote it), and every quoted text shows invisible characters.
pub fn explain_submission(text: &str, sub: &mut Submission) {
    for (order, why) in &mut sub.rejected {
        *why = odd_characters(order, why).unwrap_or_else(|| visible(why));
        *order = visible(order);
    }
    if let Some(why) = &mut sub.invalid {
        let (mut suspects, others) = odd_in(text, why);
        suspects.extend(others);
        *why = if suspects.is_empty() { visible(why) } else { format!("{} ({})", visible(why), named(&suspects)) };
    }
    for why in &mut sub.pending {
        *why = visible(why);
    }
    for note in &mut sub.notes {
        *note = visible(note);
    }
}

/// `name` as it looks: look-alikes mapped to the Latin letters, digits and
/// signs they look like, invisible characters dropped, `0` read as `o`, `1`
/// and `I` as `l`, `rn` as `m`, and without case. Two names with one
/// skeleton cannot be told apart at a glance.
#[must_use]
pub fn skeleton(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if is_invisible(c) {
            continue;
        }
        let mapped = lookup(c).map_or_else(|| c.to_string(), |(_, looks, _)| looks);
        for m in mapped.chars() {
            out.push(match m {
                '0' => 'o',
                '1' | 'I' | '|' => 'l',
                other => other,
            });
        }
    }
    out.to_lowercase().replace("rn", "m")
}

/// The characters of `name` that make it look like another: its
/// look-alikes and invisible characters, named (empty if none).
#[must_use]
pub fn lookalikes_in(name: &str) -> Vec<String> {
    let mut seen: Vec<char> = Vec::new();
    for c in name.chars() {
        if is_suspect(c) && !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen.into_iter().map(describe).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_are_named_with_their_code_points() {
        assert_eq!(describe('\u{041A}'), "`\u{041A}` is U+041A CYRILLIC CAPITAL LETTER KA, not the letter K");
        assert_eq!(describe('\u{200B}'), "`<U+200B>` is U+200B ZERO WIDTH SPACE, an invisible character");
        assert_eq!(describe('\u{FF2B}'), "`\u{FF2B}` is U+FF2B FULLWIDTH LATIN CAPITAL LETTER K, not the letter K");
        assert_eq!(describe('\u{FF12}'), "`\u{FF12}` is U+FF12 FULLWIDTH DIGIT TWO, not the digit 2");
        assert_eq!(describe('\u{2014}'), "`\u{2014}` is U+2014 EM DASH, not `-`");
        assert_eq!(describe('\u{00A0}'), "`<U+00A0>` is U+00A0 NO-BREAK SPACE, not a plain space");
        assert_eq!(describe('\u{0436}'), "`\u{0436}` is U+0436, which is not a character orders use");
        assert_eq!(visible("a\u{200B}b\u{FEFF}"), "a<U+200B>b<U+FEFF>");
    }

    #[test]
    fn skeletons_make_look_alikes_equal() {
        assert_eq!(skeleton("Ann"), skeleton("\u{0410}nn"));
        assert_eq!(skeleton("Ann"), skeleton("A\u{200B}nn"));
        assert_eq!(skeleton("Bill"), skeleton("BiII"));
        assert_eq!(skeleton("\u{FF21}nn"), "ann");
        assert_ne!(skeleton("Ann"), skeleton("Anna"));
    }
}
