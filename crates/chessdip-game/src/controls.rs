//! Buttons and menus on the bot's messages: what each one does, and the
//! id it carries back when it is pressed.
//!
//! A control names an action, the game and the phase it was shown in
//! ([`Control`]). Its id is versioned (`cd1:ready:12:7`): a pressed control
//! whose version, game or phase is no longer current is answered as out of
//! date and never acts on a newer phase ([`crate::Service::press`]). Front
//! ends draw the components ([`Component`]) as they can: Discord as
//! buttons and select menus, the console not at all (it has the commands).

use serde::{Deserialize, Serialize};

/// The version of the ids written today. Ids of another version are out of date.
pub const VERSION: &str = "cd1";

/// What a control does when pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Join as the power chosen in a menu (or, without a menu, with one's own name).
    Join,
    /// A moderator starts the game.
    Start,
    /// The presser's pieces, what they owe, their orders so far, and the order form.
    Orders,
    /// Opens the order form (a text box of orders).
    Form,
    /// The order form sent back: the orders typed in it.
    Submit,
    /// Marks the presser's orders final.
    Ready,
    /// Takes the ready mark back.
    Unready,
    /// A secret vote for a draw.
    Draw,
}

impl Action {
    const ALL: [(Action, &'static str); 8] = [
        (Action::Join, "join"),
        (Action::Start, "start"),
        (Action::Orders, "orders"),
        (Action::Form, "form"),
        (Action::Submit, "submit"),
        (Action::Ready, "ready"),
        (Action::Unready, "unready"),
        (Action::Draw, "draw"),
    ];

    /// The action's word in an id.
    #[must_use]
    pub fn word(self) -> &'static str {
        Action::ALL.iter().find(|(a, _)| *a == self).map_or("", |(_, w)| w)
    }

    fn of(word: &str) -> Option<Action> {
        Action::ALL.iter().find(|(_, w)| *w == word).map(|(a, _)| *a)
    }
}

/// A control: an action on a game as it stood in one phase (0 while it forms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Control {
    /// What it does.
    pub action: Action,
    /// The game (its id).
    pub game: i64,
    /// The phase it was shown in (the game's phase sequence number; 0 while forming).
    pub phase: i64,
}

impl Control {
    /// The id a front end gives the control (at most 100 characters, as Discord allows).
    #[must_use]
    pub fn id(&self) -> String {
        format!("{VERSION}:{}:{}:{}", self.action.word(), self.game, self.phase)
    }

    /// Reads an id: `None` if it is not one of ours, `Some(Err)` if it is
    /// ours but of another version or malformed (out of date).
    #[must_use]
    pub fn parse(id: &str) -> Option<Result<Control, String>> {
        let mut parts = id.split(':');
        let version = parts.next()?;
        if !version.starts_with("cd") {
            return None;
        }
        if version != VERSION {
            return Some(Err(format!("a control of an older version ({version})")));
        }
        let mut read = || -> Option<Control> {
            let action = Action::of(parts.next()?)?;
            let game = parts.next()?.parse().ok()?;
            let phase = parts.next()?.parse().ok()?;
            parts.next().is_none().then_some(Control { action, game, phase })
        };
        Some(read().ok_or_else(|| format!("a control id that is not well formed (`{id}`)")))
    }
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Style {
    /// The main action.
    Primary,
    /// Another action.
    Secondary,
    /// An action that confirms (ready).
    Success,
    /// An action that takes something back.
    Danger,
}

/// One component of a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Component {
    /// A button.
    Button {
        /// What it does.
        control: Control,
        /// Its label.
        label: String,
        /// How it looks.
        style: Style,
    },
    /// A menu of choices; the chosen one is the control's argument.
    Menu {
        /// What choosing does.
        control: Control,
        /// The text shown before a choice ("Join as…").
        placeholder: String,
        /// The choices (at most 25).
        choices: Vec<String>,
    },
}

impl Component {
    /// A button.
    #[must_use]
    pub fn button(action: Action, game: i64, phase: i64, label: &str, style: Style) -> Component {
        Component::Button { control: Control { action, game, phase }, label: label.to_string(), style }
    }

    /// The control it carries.
    #[must_use]
    pub fn control(&self) -> Control {
        match self {
            Component::Button { control, .. } | Component::Menu { control, .. } => *control,
        }
    }
}

/// The buttons of a phase for its players: "My orders", "Ready", "Not
/// ready", and "Vote draw" where the game has draw votes.
#[must_use]
pub fn phase_buttons(game: i64, phase: i64, draw_votes: bool) -> Vec<Component> {
    let mut out = vec![
        Component::button(Action::Orders, game, phase, "My orders", Style::Primary),
        Component::button(Action::Ready, game, phase, "Ready", Style::Success),
        Component::button(Action::Unready, game, phase, "Not ready", Style::Secondary),
    ];
    if draw_votes {
        out.push(Component::button(Action::Draw, game, phase, "Vote draw", Style::Secondary));
    }
    out
}

/// The "My orders" button alone (for a direct message).
#[must_use]
pub fn my_orders(game: i64, phase: i64) -> Component {
    Component::button(Action::Orders, game, phase, "My orders", Style::Primary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_and_other_versions_are_out_of_date() {
        for (action, _) in Action::ALL {
            let c = Control { action, game: 12, phase: 7 };
            assert_eq!(Control::parse(&c.id()), Some(Ok(c)));
            assert!(c.id().len() <= 100);
        }
        assert_eq!(Control::parse("something-else"), None);
        assert!(matches!(Control::parse("cd0:ready:1:2"), Some(Err(_))));
        assert!(matches!(Control::parse("cd1:fly:1:2"), Some(Err(_))));
        assert!(matches!(Control::parse("cd1:ready:1:2:3"), Some(Err(_))));
        assert!(matches!(Control::parse("cd1:ready:x:2"), Some(Err(_))));
    }
}
