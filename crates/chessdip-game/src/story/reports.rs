//! The rules' report of each resolved phase, kept with the phase: written
//! once when the phase resolves ([`crate::phase::resolve`]), read by everything
//! that shows the phase afterwards (history, the outbox's images and
//! animations). Nothing after the resolution calls the resolver, so a
//! phase's pictures always show the result its text gave, even across an
//! upgrade that changes the rules.
//!
//! Phases resolved before reports were kept are resolved once more, from
//! their stored position and orders, when the service starts
//! ([`Service::keep_old_reports`]), and their report stored; reports kept
//! before they held the position a Diplomat Chess move or a Chess Wheel+
//! cycle left get it then too ([`Service::complete_kept_reports`]).

use crate::orders::slots::by_power;
use crate::store::{self, PhaseRow, StoreError};
use crate::{decode, kind_of, settings_of, GameError, Report, Service};

/// The kept report of resolved phase `row`.
///
/// # Errors
/// The phase has no kept report (it is not resolved), or it is unreadable.
pub(crate) fn kept(row: &PhaseRow) -> Result<Report, GameError> {
    let json = row
        .resolution
        .as_deref()
        .ok_or_else(|| GameError::Invalid(format!("{} has no kept resolution: it has not been resolved", row.name)))?;
    Ok(Report::decode(json).map_err(StoreError::from)?)
}

impl Service {
    /// Resolves once more every resolved phase whose report is not kept
    /// (resolved by a version that did not keep them) from its stored
    /// position and orders, and keeps the report; each game in its own
    /// transaction. Returns how many phases it kept. A phase that cannot be
    /// resolved again (its stored position unreadable) is logged and left;
    /// the others are kept.
    ///
    /// # Errors
    /// Database errors.
    pub fn keep_old_reports(&self) -> Result<usize, GameError> {
        let todo = self.store.read(|c| Ok::<_, GameError>(store::phases_without_resolution(c)?))?;
        let mut kept = 0;
        let mut games: Vec<i64> = todo.iter().map(|&(g, _)| g).collect();
        games.dedup();
        for game in games {
            let seqs: Vec<i64> = todo.iter().filter(|&&(g, _)| g == game).map(|&(_, s)| s).collect();
            let done = self.store.write(|c| {
                let Some(g) = store::game(c, game)? else { return Ok::<_, GameError>(0) };
                let settings = settings_of(&g);
                let kind = kind_of(&g, &settings)?;
                // A power that conceded had no orders from the phase it conceded in on.
                let conceded = store::concessions_timed(c, game)?;
                let mut n = 0;
                for &seq in &seqs {
                    let Some(row) = store::phase(c, game, seq)? else { continue };
                    let position = decode(&kind, &row)?;
                    let rows: Vec<_> = store::orders(c, game, seq, None)?
                        .into_iter()
                        .filter(|o| !conceded.iter().any(|k| k.power == o.power && k.seq.is_some_and(|s| s <= seq)))
                        .collect();
                    let report = position.resolve(&by_power(&rows)).report;
                    store::set_resolution(c, game, seq, &report.encode().map_err(StoreError::from)?)?;
                    n += 1;
                }
                Ok(n)
            });
            match done {
                Ok(n) => kept += n,
                Err(e) => {
                    tracing::error!(game, error = %e, "could not keep the reports of this game's resolved phases")
                }
            }
        }
        if kept > 0 {
            tracing::info!(phases = kept, "kept the report of every phase resolved before reports were kept");
        }
        Ok(kept)
    }

    /// Fills in, once, what reports kept before they held it lack: the
    /// game a Diplomat Chess move left, the position a Chess Wheel+ cycle's
    /// moves left ([`Report::completed`]), so that the pictures read it from
    /// the report instead of playing the phase again. Returns how many it
    /// completed; a phase whose stored data is unreadable is logged and left.
    ///
    /// # Errors
    /// Database errors.
    pub fn complete_kept_reports(&self) -> Result<usize, GameError> {
        let todo = self.store.read(|c| Ok::<_, GameError>(store::reports_without_positions(c)?))?;
        let mut done = 0;
        for (game, seq) in todo {
            let completed = self.store.write(|c| {
                let Some(g) = store::game(c, game)? else { return Ok::<_, GameError>(false) };
                let Some(row) = store::phase(c, game, seq)? else { return Ok(false) };
                let kind = kind_of(&g, &settings_of(&g))?;
                let Some(report) = kept(&row)?.completed(&decode(&kind, &row)?) else { return Ok(false) };
                store::set_resolution(c, game, seq, &report.encode().map_err(StoreError::from)?)?;
                Ok(true)
            });
            match completed {
                Ok(true) => done += 1,
                Ok(false) => {}
                Err(e) => tracing::error!(game, seq, error = %e, "could not complete the kept report of this phase"),
            }
        }
        if done > 0 {
            tracing::info!(phases = done, "kept the position each move left in the reports kept before they held it");
        }
        Ok(done)
    }
}
