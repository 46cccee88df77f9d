//! Who is calling.

/// Who is calling: a user id and whether the front end vouches that they
/// moderate this channel (Discord: the moderator role or Manage Channels).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// Opaque user id.
    pub user: String,
    /// The name to show others (a display name; in the console the id).
    pub name: String,
    /// Moderator of the channel, as the front end knows it.
    pub moderator: bool,
}

impl Caller {
    /// A user without moderator rights.
    #[must_use]
    pub fn player(user: &str) -> Caller {
        Caller { user: user.to_string(), name: user.to_string(), moderator: false }
    }

    /// A user who moderates the channel.
    #[must_use]
    pub fn moderator(user: &str) -> Caller {
        Caller { moderator: true, ..Caller::player(user) }
    }
}
