//! Hashed orders: sealing and hashing a text, committing and revealing,
//! why a reveal may not match its commitment, and the commitments never
//! revealed.

pub(crate) mod commitments;
pub(crate) mod mismatch;
pub mod seal;
pub(crate) mod unrevealed;

pub use seal::{
    is_salted, parse_hash, seal, sha256_hex, sha256_hex_bytes, without_comments, HOW_TO_SEAL, MAX_REVEAL, SEAL_PAGE,
    SEAL_PAGE_NAME,
};
