//! The service's replies read as text, shared by the tests that call the
//! service directly.
#![allow(dead_code)]

use chessdip_game::Reply;

/// Every reply's text, one after another on its own lines.
pub fn text(rs: &[Reply]) -> String {
    rs.iter().map(|r| r.text.clone()).collect::<Vec<_>>().join("\n")
}
