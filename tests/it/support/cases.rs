//! How many cases a property test runs: `PROPTEST_CASES` if set, else the
//! test's own default.
#![allow(dead_code)]

/// `PROPTEST_CASES` if it is set to a number, else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
