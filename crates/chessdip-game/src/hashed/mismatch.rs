//! Why a revealed text may not match its commitment: the usual ways a text
//! changes on its way from the file that was hashed to the reveal (a
//! byte-order mark, CRLF or LF line ends, a final newline too many or too
//! few, spaces at the ends), tried alone and together. Each change of the
//! smallest set that makes the reveal match is named. The sealing page
//! (`assets/seal.html`) tries the same ones.

use crate::hashed::seal::sha256_hex;

/// The byte-order mark Windows Notepad writes at the start of a file.
const BOM: char = '\u{feff}';

/// How the spaces at the ends are changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Spaces {
    Keep,
    /// Spaces and tabs at the end of each line removed.
    LineEnds,
    /// Spaces and tabs at the start and the end of the text removed.
    Ends,
}

/// How the line ends are changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LineEnds {
    Keep,
    Lf,
    Crlf,
}

/// How the final newline is changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Final {
    Keep,
    Add,
    RemoveOne,
    RemoveAll,
}

/// One change, applied: the text after it and why it would be needed, or
/// `None` if it changes nothing (so a smaller set of changes is the same).
type Step = Option<(String, String)>;

fn spaces(t: &str, how: Spaces) -> Step {
    let out = match how {
        Spaces::Keep => return Some((t.to_string(), String::new())),
        Spaces::LineEnds => t
            .split('\n')
            .map(|l| match l.strip_suffix('\r') {
                Some(l) => format!("{}\r", l.trim_end_matches([' ', '\t'])),
                None => l.trim_end_matches([' ', '\t']).to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Spaces::Ends => {
            // The text's final newlines stay: they are another change.
            let core = t.trim_end_matches(['\n', '\r']);
            format!("{}{}", core.trim_matches([' ', '\t']), &t[core.len()..])
        }
    };
    let why = match how {
        Spaces::LineEnds => "the reveal has spaces at the ends of lines that the committed text did not",
        _ => "the reveal has spaces at its start or end that the committed text did not",
    };
    (out != t).then(|| (out, why.to_string()))
}

fn line_ends(t: &str, how: LineEnds) -> Step {
    let lf = t.replace("\r\n", "\n");
    let (out, why) = match how {
        LineEnds::Keep => return Some((t.to_string(), String::new())),
        LineEnds::Lf => (lf, "the committed text used LF line ends; the reveal uses CRLF"),
        LineEnds::Crlf => {
            (lf.replace('\n', "\r\n"), "the committed text used CRLF line ends (Windows); the reveal uses LF")
        }
    };
    (out != t).then(|| (out, why.to_string()))
}

/// How many line ends `t` ends with.
fn final_newlines(t: &str) -> usize {
    let mut n = 0;
    let mut rest = t;
    while let Some(r) = rest.strip_suffix('\n') {
        rest = r.strip_suffix('\r').unwrap_or(r);
        n += 1;
    }
    n
}

fn final_newline(t: &str, how: Final, crlf: bool) -> Step {
    let have = final_newlines(t);
    let drop_one = |t: &str| t.strip_suffix('\n').map(|r| r.strip_suffix('\r').unwrap_or(r).to_string());
    match how {
        Final::Keep => Some((t.to_string(), String::new())),
        Final::Add => Some(if crlf {
            (format!("{t}\r\n"), "your committed text ended with CRLF (`\\r\\n`) that the reveal lacks".to_string())
        } else {
            (format!("{t}\n"), "your committed text ended with a newline that the reveal lacks".to_string())
        }),
        Final::RemoveOne => drop_one(t).map(|out| {
            let why = if have == 1 {
                "the reveal has a trailing newline the committed text did not".to_string()
            } else {
                format!(
                    "the reveal ends with {have} newlines, one more than the committed text (an extra empty line at the end)"
                )
            };
            (out, why)
        }),
        // Only when it differs from removing one.
        Final::RemoveAll if have >= 2 => Some((
            t.trim_end_matches(['\n', '\r']).to_string(),
            format!("the reveal ends with {have} newlines that the committed text did not have"),
        )),
        Final::RemoveAll => None,
    }
}

/// Why `text` may not match `committed` (a SHA-256 in hex): the smallest
/// set of usual changes that makes it match, every change in it named, in
/// one sentence. Empty if none does.
#[must_use]
pub fn mismatch_hints(text: &str, committed: &str) -> Vec<String> {
    let (had_bom, body) = match text.strip_prefix(BOM) {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut found: Vec<(Vec<u8>, String)> = Vec::new();
    for (si, s) in [Spaces::Keep, Spaces::LineEnds, Spaces::Ends].into_iter().enumerate() {
        for (li, l) in [LineEnds::Keep, LineEnds::Lf, LineEnds::Crlf].into_iter().enumerate() {
            for (fi, f) in [Final::Keep, Final::Add, Final::RemoveOne, Final::RemoveAll].into_iter().enumerate() {
                for toggle_bom in [false, true] {
                    let Some((t, why_s)) = spaces(body, s) else { continue };
                    let Some((t, why_l)) = line_ends(&t, l) else { continue };
                    let crlf = l == LineEnds::Crlf || (l == LineEnds::Keep && t.contains("\r\n"));
                    let Some((t, why_f)) = final_newline(&t, f, crlf) else { continue };
                    let (t, why_b) = match (toggle_bom, had_bom) {
                        (false, true) => (format!("{BOM}{t}"), ""),
                        (false, false) => (t, ""),
                        (true, true) => (t, "the reveal starts with an invisible byte-order mark (a file saved by Windows Notepad) that the committed text did not have"),
                        (true, false) => (format!("{BOM}{t}"), "the committed file started with an invisible byte-order mark (Windows Notepad) that the reveal lacks: reveal the file itself"),
                    };
                    if t == text || sha256_hex(&t) != committed {
                        continue;
                    }
                    // Which changes were made, to keep only the smallest sets.
                    let chosen: Vec<u8> = [(si, 0u8), (li, 10), (fi, 20), (usize::from(toggle_bom), 30)]
                        .into_iter()
                        .filter(|(i, _)| *i > 0)
                        .map(|(i, base)| base + i as u8)
                        .collect();
                    let whys: Vec<String> =
                        [why_s, why_l, why_f, why_b.to_string()].into_iter().filter(|w| !w.is_empty()).collect();
                    found.push((chosen, whys.join(", and ")));
                }
            }
        }
    }
    // Every variant that matches is the committed text itself: the
    // explanation with the fewest changes names each change it needs.
    found.into_iter().min_by_key(|(chosen, _)| chosen.len()).map(|(_, why)| why).into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mismatches_explain_newlines_and_line_ends() {
        let committed = sha256_hex("K e1 - e2\nN g1 - f3\n");
        let hints = mismatch_hints("K e1 - e2\nN g1 - f3", &committed);
        assert_eq!(hints, vec!["your committed text ended with a newline that the reveal lacks"]);
        let committed = sha256_hex("K e1 - e2\r\nN g1 - f3");
        assert!(mismatch_hints("K e1 - e2\nN g1 - f3", &committed)[0].contains("CRLF"));
        assert!(mismatch_hints("something else", &committed).is_empty());
    }

    #[test]
    fn changes_are_tried_together_and_each_is_named() {
        // A Notepad file (byte-order mark, CRLF, a final CRLF) pasted as plain text.
        let file = "\u{feff}# salt 0123456789\r\nK e1 - e2\r\n";
        let pasted = "# salt 0123456789\nK e1 - e2";
        let hints = mismatch_hints(pasted, &sha256_hex(file));
        assert_eq!(hints.len(), 1, "{hints:?}");
        for part in ["byte-order mark", "CRLF line ends", "ended with CRLF"] {
            assert!(hints[0].contains(part), "{part}: {hints:?}");
        }
        // An extra newline, and spaces at the ends.
        let committed = sha256_hex("K e1 - e2\n");
        assert_eq!(
            mismatch_hints("K e1 - e2\n\n", &committed),
            ["the reveal ends with 2 newlines, one more than the committed text (an extra empty line at the end)"]
        );
        let hints = mismatch_hints("  K e1 - e2  \n", &committed);
        assert_eq!(hints, ["the reveal has spaces at its start or end that the committed text did not"]);
        let hints = mismatch_hints("K e1 - e2 \n\n", &committed);
        assert_eq!(hints.len(), 1, "{hints:?}");
        assert!(hints[0].contains("spaces at the ends of lines") && hints[0].contains("one more"), "{hints:?}");
    }
}
