//! What the service answers, and who may see it.

use serde::Serialize;

use crate::Image;

/// Who may see a reply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Visibility {
    /// Only the caller (an ephemeral reply or a DM), or the user in [`Reply::to`].
    Private,
    /// Everyone in the game's channel.
    Public,
}

/// What the service answers.
#[derive(Clone, Debug)]
pub struct Reply {
    /// Who may see it.
    pub visibility: Visibility,
    /// For a private reply to someone other than the caller (a DM): the user.
    pub to: Option<String>,
    /// The text.
    pub text: String,
    /// Images to attach.
    pub images: Vec<Image>,
    /// A deadline the text speaks of (unix seconds), for front ends that
    /// show times in each reader's own zone.
    pub deadline: Option<i64>,
    /// The outbox item that carries this reply to the channel or its user
    /// (set for announcements): front ends deliver it from the outbox, not
    /// from the command's answer.
    pub outbox: Option<i64>,
    /// Users the message may ping (a reminder's late players); nobody else
    /// is. A role is written `&` and its id (`game advertise`'s role).
    pub mentions: Vec<String>,
    /// Buttons and menus under the message (front ends that have them show them).
    pub components: Vec<crate::controls::Component>,
}

impl Reply {
    pub(crate) fn private(text: impl Into<String>) -> Reply {
        Reply {
            visibility: Visibility::Private,
            to: None,
            text: text.into(),
            images: Vec::new(),
            deadline: None,
            outbox: None,
            mentions: Vec::new(),
            components: Vec::new(),
        }
    }
    pub(crate) fn public(text: impl Into<String>) -> Reply {
        Reply { visibility: Visibility::Public, ..Reply::private(text) }
    }
    /// A private reply to the caller (for front ends that turn errors into replies).
    #[must_use]
    pub fn private_text(text: impl Into<String>) -> Reply {
        Reply::private(text)
    }
    pub(crate) fn due(mut self, deadline: Option<i64>) -> Reply {
        self.deadline = deadline;
        self
    }
    pub(crate) fn with(mut self, components: Vec<crate::controls::Component>) -> Reply {
        self.components = components;
        self
    }
    pub(crate) fn to_user(user: &str, text: impl Into<String>) -> Reply {
        Reply { to: Some(user.to_string()), ..Reply::private(text) }
    }
}
