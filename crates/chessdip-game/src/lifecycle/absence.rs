//! Absence at a deadline, as transitions: who is late, who has grace
//! left, and whether the deadline extends the stage for everyone (a grace
//! extension) or ends it (the late powers go into civil disorder); and,
//! at a resolution, whether a player has been absent long enough to be
//! unseated.
//!
//! - A moderator's `game force` before the phase's own deadline is no
//!   absence: a power without orders then holds, out of the record.
//! - Grace applies only at a deadline passing (never to a moderator's
//!   `game force`), in the stage that takes orders: the orders stage, or a
//!   hashed phase's commit window (a commitment counts as orders). A reveal
//!   window is never graced: whoever committed already counts as present,
//!   and whoever did not was judged when the commit window closed.
//! - A game on a calendar (Chess Wheel+) keeps its calendar: no grace.
//! - Late means seated, owing orders in this stage, not conceded, and
//!   nothing sent. A power with nothing to order is never late, nor one that
//!   sent orders without marking ready.
//! - The stage is extended once for everyone when at least one late power's
//!   player has grace left; each such player spends one. A phase is
//!   extended at most once: at the extended deadline it ends.

use super::Stage;
use crate::Settings;

/// A seated power that owes orders when a deadline passes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owing {
    /// The power.
    pub power: String,
    /// Its player.
    pub user: String,
    /// Whether it sent anything (orders; in a hashed game, a commitment).
    pub sent: bool,
    /// How many grace extensions its player has left in this game.
    pub grace_left: u32,
}

/// A late power at a deadline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Late {
    /// The power.
    pub power: String,
    /// Its player.
    pub user: String,
    /// Whether this deadline spends one of its player's grace extensions.
    pub graced: bool,
    /// Grace extensions its player has left afterwards.
    pub left: u32,
}

/// What a deadline does about late powers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grace {
    /// Nobody late has grace left (or the game gives none, or this stage
    /// takes none): the stage ends as it would have.
    Ends,
    /// The stage is extended for everyone to `until`.
    Extend {
        /// The new deadline.
        until: i64,
        /// Every late power (graced or not), in seat order.
        late: Vec<Late>,
    },
}

/// Whether `stage` of a phase in a game with `settings` is the window that
/// takes orders: the orders stage, or a hashed game's commit window (a
/// commitment counts as orders).
#[must_use]
pub fn takes_orders(settings: &Settings, stage: Stage) -> bool {
    match stage {
        Stage::Orders => !settings.hashed,
        Stage::Commit => settings.hashed,
        Stage::Wait | Stage::Reveal | Stage::Sealed => false,
    }
}

/// Whether `stage` of a phase in a game with `settings` takes a grace extension at all.
#[must_use]
pub fn graceable(settings: &Settings, stage: Stage) -> bool {
    settings.grace > 0 && takes_orders(settings, stage) && !settings.cycle.is_calendar()
}

/// Whether a moderator's `game force` at `now` of `stage` closes the
/// window that takes orders before the phase's own `deadline` (the one it
/// had before any grace extension; `None`: it has none). Then a power
/// without orders was not given its time: it holds as the rules say, but
/// it is not absent. A force during a grace extension comes after the
/// phase's own deadline, which the late power missed; a force of a hashed
/// game's reveal window changes nothing, the commit window having judged
/// who committed.
#[must_use]
pub fn forced_early(settings: &Settings, stage: Stage, now: i64, deadline: Option<i64>) -> bool {
    takes_orders(settings, stage) && deadline.is_none_or(|d| now < d)
}

/// The decision at the deadline `deadline` of `stage` (`graced`: the phase
/// was extended already), with the seated powers `owing` orders there.
#[must_use]
pub fn at_deadline(settings: &Settings, (stage, graced): (Stage, bool), deadline: i64, owing: &[Owing]) -> Grace {
    if graced || !graceable(settings, stage) {
        return Grace::Ends;
    }
    let late: Vec<Late> = owing
        .iter()
        .filter(|o| !o.sent)
        .map(|o| Late {
            power: o.power.clone(),
            user: o.user.clone(),
            graced: o.grace_left > 0,
            left: o.grace_left.saturating_sub(1),
        })
        .collect();
    if late.iter().any(|l| l.graced) {
        Grace::Extend { until: settings.deadline_after(deadline, settings.grace_secs), late }
    } else {
        Grace::Ends
    }
}

/// Whether a player who has left their power in civil disorder for
/// `streak` phases in a row is unseated now.
#[must_use]
pub fn unseats(settings: &Settings, streak: u32) -> bool {
    settings.cd_after.is_some_and(|n| n > 0 && streak >= n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phase::calendar::Cycle;

    fn owing(power: &str, sent: bool, grace_left: u32) -> Owing {
        Owing { power: power.into(), user: format!("u-{power}"), sent, grace_left }
    }

    #[test]
    fn a_late_power_with_grace_extends_the_stage_for_everyone() {
        let s = Settings::default();
        let d = at_deadline(&s, (Stage::Orders, false), 1000, &[owing("England", false, 1), owing("France", true, 1)]);
        let Grace::Extend { until, late } = d else { panic!("{d:?}") };
        assert_eq!(until, 1000 + s.grace_secs);
        assert_eq!(late.len(), 1);
        assert!(late[0].graced && late[0].left == 0 && late[0].power == "England");
    }

    #[test]
    fn nobody_late_or_no_grace_left_ends_the_stage() {
        let s = Settings::default();
        assert_eq!(at_deadline(&s, (Stage::Orders, true), 9, &[owing("England", false, 1)]), Grace::Ends, "once");
        assert_eq!(at_deadline(&s, (Stage::Orders, false), 9, &[owing("England", true, 1)]), Grace::Ends);
        assert_eq!(at_deadline(&s, (Stage::Orders, false), 9, &[]), Grace::Ends);
        assert_eq!(at_deadline(&s, (Stage::Orders, false), 9, &[owing("England", false, 0)]), Grace::Ends);
        let off = Settings { grace: 0, ..Settings::default() };
        assert_eq!(at_deadline(&off, (Stage::Orders, false), 9, &[owing("England", false, 1)]), Grace::Ends);
    }

    #[test]
    fn a_late_power_without_grace_is_named_when_another_is_graced() {
        let s = Settings::default();
        let d = at_deadline(&s, (Stage::Orders, false), 0, &[owing("England", false, 0), owing("France", false, 2)]);
        let Grace::Extend { late, .. } = d else { panic!("{d:?}") };
        assert_eq!(
            late.iter().map(|l| (l.power.as_str(), l.graced, l.left)).collect::<Vec<_>>(),
            [("England", false, 0), ("France", true, 1)]
        );
    }

    #[test]
    fn only_the_stage_that_takes_orders_is_graced() {
        let hashed = Settings { hashed: true, ..Settings::default() };
        let late = [owing("England", false, 1)];
        assert!(matches!(at_deadline(&hashed, (Stage::Commit, false), 0, &late), Grace::Extend { .. }));
        for stage in [Stage::Wait, Stage::Reveal, Stage::Sealed, Stage::Orders] {
            assert_eq!(at_deadline(&hashed, (stage, false), 0, &late), Grace::Ends, "{stage:?}");
        }
        let weekly = Settings { cycle: Cycle::Weekly, hashed: true, ..Settings::default() };
        assert_eq!(at_deadline(&weekly, (Stage::Commit, false), 0, &late), Grace::Ends);
    }

    #[test]
    fn a_force_is_early_only_in_the_window_that_takes_orders_before_its_own_deadline() {
        let plain = Settings::default();
        assert!(forced_early(&plain, Stage::Orders, 99, Some(100)));
        assert!(!forced_early(&plain, Stage::Orders, 100, Some(100)), "at the deadline");
        assert!(forced_early(&plain, Stage::Orders, 5, None), "no deadline to miss");
        let hashed = Settings { hashed: true, ..Settings::default() };
        assert!(forced_early(&hashed, Stage::Commit, 99, Some(100)));
        for stage in [Stage::Wait, Stage::Reveal, Stage::Sealed, Stage::Orders] {
            assert!(!forced_early(&hashed, stage, 99, Some(100)), "{stage:?}");
        }
    }

    #[test]
    fn unseating_follows_cd_after() {
        let s = Settings::default();
        assert!(!unseats(&s, 1) && unseats(&s, 2) && unseats(&s, 3));
        let off = Settings { cd_after: None, ..Settings::default() };
        assert!(!unseats(&off, 10));
    }
}
