//! The computer players' task: whenever a phase may have opened (the
//! scheduler resolved something, a command was handled) and at least every
//! [`LOOK_EVERY`], it asks the service which turns bots owe and plays them
//! on the drawing pool's last lane (`super::draw`, nicer than every other
//! thread of the bot), each within `bot_think_ms`. What a turn announces is
//! in the outbox: the delivery task is woken to post it, and the scheduler
//! to look again at the deadlines (a bot's ready mark can resolve a phase).
//! On start-up its first look takes the turns a stopped bot left owed.

use std::sync::Arc;
use std::time::Duration;

use super::draw::{self, Ask, Class};
use super::types::Data;

/// The longest the task waits without looking for owed turns.
const LOOK_EVERY: Duration = Duration::from_secs(60);

/// Runs forever (until the task is dropped).
pub async fn run(data: Arc<Data>) {
    let think = Duration::from_millis(u64::from(data.config.bot_think_ms));
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    // A round takes as many turns as the lane has threads, so that no game's turn waits long for another's.
    let batch = draw::threads(Class::Bots, cores);
    loop {
        while round(&data, think, batch).await {}
        tokio::select! {
            () = tokio::time::sleep(LOOK_EVERY) => {}
            () = data.think.notified() => {}
        }
    }
}

/// Plays up to `batch` owed turns at once; whether it played any (then
/// there may be more: the next phase of a game whose turn resolved it).
/// Each turn is read and sent on the runtime's blocking threads, like a
/// command, and thought about on the bots' lane: a thread of that lane,
/// the last to get a core, never holds the database or a turn to write.
async fn round(data: &Arc<Data>, think: Duration, batch: usize) -> bool {
    let turns = match data.call(move |s| s.owed_bot_turns(batch)).await {
        Ok(Ok(t)) => t,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "could not read the bots' turns");
            return false;
        }
        Err(e) => {
            tracing::error!(error = %e, "the bots' database task failed");
            return false;
        }
    };
    if turns.is_empty() {
        return false;
    }
    let mut played = tokio::task::JoinSet::new();
    for turn in turns {
        let data = data.clone();
        played.spawn(async move {
            if let Err(e) = play(&data, turn.clone(), think).await {
                tracing::error!(game = turn.game, power = %turn.power, error = %e, "a bot's turn failed");
            }
        });
    }
    while played.join_next().await.is_some() {}
    // What the turns announced is in the outbox; a ready mark may have resolved a phase.
    data.deliver.notify_one();
    data.wake.notify_one();
    true
}

/// One turn: read, thought about on the bots' lane, sent.
async fn play(data: &Data, turn: chessdip_game::BotTurn, think: Duration) -> Result<(), super::types::Error> {
    let Some(prepared) = data.call(move |s| s.prepare_bot_turn(&turn)).await?? else { return Ok(()) };
    let ask = Ask::bots(&prepared.turn().channel);
    let what = format!("{} in game {} phase {}", prepared.turn().power, prepared.turn().game, prepared.turn().seq);
    let (tx, rx) = tokio::sync::oneshot::channel();
    draw::think(&ask, what, move || {
        let mut prepared = prepared;
        prepared.think(think);
        let _ = tx.send(prepared);
    })
    .await?;
    // A turn whose thought was lost (a panic) is asked again at the next look: its claim went with it.
    let prepared = rx.await?;
    data.call(move |s| s.finish_bot_turn(prepared)).await??;
    Ok(())
}
