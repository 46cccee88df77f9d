//! The invariants of absence (grace, civil disorder, unseating) and of the
//! records it writes, checked after every step like the others in
//! `invariants.rs`.

use chessdip_game::store::StoreError;
use rusqlite::params;

use super::invariants::StepCheck;

/// The public replies of the step that contain `needle`.
fn said(s: &StepCheck<'_>, needle: &str) -> usize {
    s.ran.replies.iter().filter(|r| r.text.contains(needle)).count()
}

/// Invariant 11: A grace never extends a phase with nobody late: after a
/// step that announced a grace extension, the current phase's deadline is
/// the extension's, at least one grace row was written for it, and every
/// power it was spent on is held by the player it was charged to and has
/// sent nothing in the phase (no orders; in a hashed game, no commitment
/// that counts).
pub fn grace_only_for_the_late(s: &StepCheck<'_>) -> Result<(), String> {
    if said(s, "**Grace:**") == 0 {
        return Ok(());
    }
    let a = s.after;
    let Some(deadline) = a.deadline() else {
        return Err("a grace extension was announced, but the current phase has no deadline".into());
    };
    let (seq, game) = (a.phase_seq, a.game);
    let rows: Vec<(String, String, i64)> = s
        .store
        .read(|c| {
            let mut st = c.prepare_cached(
                "SELECT g.power, g.user_id,
                   (SELECT COUNT(*) FROM orders o WHERE o.game_id = g.game_id AND o.seq = g.seq AND o.power = g.power)
                 + (SELECT COUNT(*) FROM commitments m WHERE m.game_id = g.game_id AND m.seq = g.seq AND m.power = g.power AND m.void IS NULL)
                 FROM grace_used g WHERE g.game_id = ?1 AND g.seq = ?2 AND g.until = ?3",
            )?;
            let rows = st.query_map(params![game, seq, deadline], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            Ok::<_, StoreError>(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .map_err(|e| e.to_string())?;
    if rows.is_empty() {
        return Err(format!(
            "a grace extension was announced, but no grace was spent on phase #{seq} until its deadline"
        ));
    }
    for (power, user, sent) in rows {
        if a.holder(&power) != Some(user.as_str()) {
            return Err(format!("grace was spent on {power} for {user}, who does not hold it"));
        }
        if sent > 0 {
            return Err(format!("grace was spent on {power}, which had sent {sent} order(s) or commitment(s)"));
        }
    }
    Ok(())
}

/// Invariant 12: An unseated player holds no seat: after a step that
/// announced unseatings, each player it unseated holds no power.
pub fn unseated_hold_no_seat(s: &StepCheck<'_>) -> Result<(), String> {
    let n = said(s, " is unseated from ");
    if n == 0 {
        return Ok(());
    }
    let game = s.after.game;
    let users: Vec<(String, String)> = s
        .store
        .read(|c| {
            let mut st = c.prepare_cached(
                "SELECT power, user_id FROM seat_events WHERE game_id = ?1 AND kind = 'unseated' ORDER BY id DESC LIMIT ?2",
            )?;
            let rows = st.query_map(params![game, n as i64], |r| Ok((r.get(0)?, r.get(1)?)))?;
            Ok::<_, StoreError>(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .map_err(|e| e.to_string())?;
    if users.len() != n {
        return Err(format!("{n} unseating(s) announced, but {} recorded", users.len()));
    }
    for (power, user) in users {
        if let Some((held, _)) = s.after.players.iter().find(|(_, u)| **u == user) {
            return Err(format!("{user} was unseated from {power} but holds {held}"));
        }
    }
    Ok(())
}

/// Invariant 13: Grace used per player never exceeds `grace`: no user has
/// more grace rows in the game than the game's setting allows.
pub fn grace_within_the_setting(s: &StepCheck<'_>) -> Result<(), String> {
    let game = s.after.game;
    if game == 0 {
        return Ok(());
    }
    let over: Option<(String, i64, i64)> = s
        .store
        .read(|c| {
            let mut st = c.prepare_cached(
                "SELECT g.user_id, COUNT(*), COALESCE(json_extract(x.settings, '$.grace'), 0)
                 FROM grace_used g JOIN games x ON x.id = g.game_id
                 WHERE g.game_id = ?1 GROUP BY g.user_id HAVING COUNT(*) > COALESCE(json_extract(x.settings, '$.grace'), 0)",
            )?;
            let mut rows = st.query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            Ok::<_, StoreError>(rows.next().transpose()?)
        })
        .map_err(|e| e.to_string())?;
    match over {
        Some((user, used, grace)) => Err(format!("{user} used {used} grace extensions in a game with grace={grace}")),
        None => Ok(()),
    }
}

/// Invariant 17: A game nobody plays is paused, and ended once its
/// `abandon-after` has passed: after every step, a running game that is
/// not paused has a seated player whose power has not conceded (a game
/// nobody plays any more pauses itself at once), and no game still
/// running has an abandonment whose end has come (the scheduler's tick
/// ended it).
pub fn nobody_playing_means_paused_or_ended(s: &StepCheck<'_>) -> Result<(), String> {
    let a = s.after;
    if a.game == 0 || !matches!(a.status.as_str(), "active" | "paused") || a.current().is_none() {
        return Ok(());
    }
    let (playing, overdue): (i64, Option<i64>) = s
        .store
        .read(|c| {
            c.query_row(
                "SELECT (SELECT COUNT(*) FROM players p WHERE p.game_id = ?1
                           AND p.power NOT IN (SELECT power FROM concessions WHERE game_id = ?1)),
                        (SELECT ends_at FROM abandoned WHERE game_id = ?1 AND ends_at <= ?2)",
                params![a.game, a.now],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(StoreError::from)
        })
        .map_err(|e| e.to_string())?;
    if a.status == "active" && playing == 0 {
        return Err("the game runs with nobody playing it (every power vacant or conceded)".into());
    }
    if let Some(end) = overdue {
        return Err(format!("the game was to end as abandoned at {end}, and is still {} at {}", a.status, a.now));
    }
    Ok(())
}

/// Invariant 16: Every unseating in the records is explained by civil
/// disorder: each `unseated` row of the game has, for the same player and
/// power, a `civil_disorder` row for the phase that unseated them and at
/// least `cd-after` of them up to it (a rollback that takes back the phases
/// takes back the unseating with them).
pub fn unseatings_explained_by_civil_disorder(s: &StepCheck<'_>) -> Result<(), String> {
    let game = s.after.game;
    if game == 0 {
        return Ok(());
    }
    let rows: Vec<(String, String, i64, i64, bool, Option<i64>)> = s
        .store
        .read(|c| {
            let mut st = c.prepare_cached(
                "SELECT r.user_id, r.power, r.seq,
                   (SELECT COUNT(*) FROM reliability d WHERE d.game_id = r.game_id AND d.user_id = r.user_id
                      AND d.power = r.power AND d.kind = 'civil_disorder' AND d.seq <= r.seq),
                   EXISTS (SELECT 1 FROM reliability d WHERE d.game_id = r.game_id AND d.user_id = r.user_id
                      AND d.power = r.power AND d.kind = 'civil_disorder' AND d.seq = r.seq),
                   json_extract(g.settings, '$.cd_after')
                 FROM reliability r JOIN games g ON g.id = r.game_id WHERE r.game_id = ?1 AND r.kind = 'unseated'",
            )?;
            let rows = st
                .query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))?;
            Ok::<_, StoreError>(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .map_err(|e| e.to_string())?;
    for (user, power, seq, phases, at_phase, most) in rows {
        let Some(most) = most else {
            return Err(format!("{user} was unseated from {power} (phase #{seq}) in a game with cd-after=off"));
        };
        if !at_phase || phases < most {
            return Err(format!(
                "{user} was unseated from {power} at phase #{seq} with {phases} phase(s) in civil disorder up to it \
                 (in that phase: {at_phase}); cd-after={most}"
            ));
        }
    }
    Ok(())
}
