//! Scenario images composed as `chessdip render` composes them: a scenario's
//! run drawn by the renderers of its game.
#![allow(dead_code)]

use chessdip_render::anim::Frame;
use chessdip_render::canvas::Canvas;
use chessdip_render::{any, Stage, Style};
use chessdip_rules::scenario::{self, Run, Scenario, ScenarioError};

/// One of a run's two images.
pub fn draw(r: &Run, stage: Stage, style: &Style) -> Canvas {
    any::stage(&r.before, &r.after, &r.phase, stage, style)
}

/// One of scenario `s`'s two images.
pub fn image(s: &Scenario, stage: Stage, style: &Style) -> Result<Canvas, ScenarioError> {
    scenario::run(s).map(|r| draw(&r, stage, style))
}

/// Scenario `s`'s resolution as an animation, `None` when nothing moves,
/// appears or disappears.
pub fn animation(s: &Scenario, style: &Style) -> Result<Option<Vec<Frame>>, ScenarioError> {
    scenario::run(s).map(|r| any::animate(&r.before, &r.phase, style, "resolution"))
}
