//! Where an announced image comes from, so that it can be drawn again from
//! the store after a restart, as the announcement made it.

use serde::{Deserialize, Serialize};

/// Where an announced image's position comes from, so that it can be drawn
/// again from the store after a restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum ImageSource {
    /// Phase `seq`'s orders and their outcomes, over its starting position.
    Orders {
        /// The phase.
        seq: i64,
    },
    /// Phase `seq`'s starting position.
    Phase {
        /// The phase.
        seq: i64,
    },
    /// The position the game ended in: `state`, kept when the end was
    /// announced (without it, an item written before the state was kept:
    /// the game's final position when delivered).
    Final {
        /// The position, versioned JSON.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        state: Option<String>,
    },
    /// The starting position and the position after every resolved phase
    /// of the game, not rolled back, as a timelapse (`timelapse.rs`),
    /// as the game stood when announced (`at`; without it, as it stands
    /// when delivered).
    Timelapse {
        /// The game's story when the image was announced.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<crate::story::told::Story>,
    },
    /// The chart of the game's centers, pieces or material over its resolved
    /// phases, not rolled back (`chart.rs`), as the game stood when
    /// announced (`at`; without it, as it stands when delivered).
    Chart {
        /// The game's story when the image was announced.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<crate::story::told::Story>,
    },
    /// A position as it was when announced (a board action changes a
    /// phase's position in place): the stored state, versioned JSON.
    Snapshot {
        /// The state.
        state: String,
    },
}

/// How to draw an announced image.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageSpec {
    /// File name without `.png` (or `.gif`).
    pub name: String,
    /// The position and report.
    pub source: ImageSource,
    /// The caption in the title bar; for a final image, the game's result
    /// (drawn in the band under a title bar that says `Final position`).
    pub caption: String,
    /// What the title bar says instead of the phase, if anything.
    #[serde(default)]
    pub heading: Option<String>,
    /// Legend notes on powers (a hashed phase's missing or invalid
    /// messages; a final image's scores, and who was out and why).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<(String, String)>,
    /// An animation of the resolution (a GIF) rather than a still image.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub animated: bool,
}
