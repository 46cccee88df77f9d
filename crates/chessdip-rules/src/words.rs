//! Counting and listing in English, as every text of the games writes
//! them: `1 piece`, `2 pieces`; `a, b and c`; `a, b or c`; `1st`, `2nd`.

/// `1 move`, `2 moves`, `0 moves`: a count and a noun with a plain `s`
/// plural (the noun may carry words before it: `3 more orders`).
#[must_use]
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`: a place in a ranking.
#[must_use]
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `a`, `a and b`, `a, b and c` (no comma before `and`); empty for none.
#[must_use]
pub fn join_and<S: AsRef<str>>(items: &[S]) -> String {
    join(items, "and")
}

/// `a`, `a or b`, `a, b or c` (no comma before `or`); empty for none.
#[must_use]
pub fn join_or<S: AsRef<str>>(items: &[S]) -> String {
    join(items, "or")
}

/// The items with commas, and `word` before the last.
fn join<S: AsRef<str>>(items: &[S], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} {word} {}", init.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_take_their_suffixes() {
        let all: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal).to_vec();
        assert_eq!(all, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]);
    }

    #[test]
    fn lists_and_counts_read_well() {
        assert_eq!(count(1, "move"), "1 move");
        assert_eq!(count(3, "move"), "3 moves");
        assert_eq!(count(0, "piece"), "0 pieces");
        assert_eq!(count(2, "more order"), "2 more orders");
        assert_eq!(join_and::<&str>(&[]), "");
        assert_eq!(join_and(&["2"]), "2");
        assert_eq!(join_and(&["2", "3"]), "2 and 3");
        assert_eq!(join_and(&["1".to_string(), "2".to_string(), "3".to_string()]), "1, 2 and 3");
        assert_eq!(join_or(&["Nbd2", "Nfd2"]), "Nbd2 or Nfd2");
        assert_eq!(join_or(&["a knight", "bishop", "rook"]), "a knight, bishop or rook");
        let places: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 112].into_iter().map(ordinal).collect();
        assert_eq!(places, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "112th"]);
    }
}
