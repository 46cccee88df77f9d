//! The drawing threads: where the bot draws the images of the results it
//! posts, one thread per core, at a lower scheduling priority than
//! everything else in the process.
//!
//! Drawing is the only heavy work the bot does (milliseconds a still, tens
//! to hundreds of milliseconds an animation), and in a storm of results it
//! would keep every core busy for tens of seconds. Players' commands must
//! not queue behind it: the drawing threads run [`DRAWING_NICE`] steps
//! nicer than the bot (on Linux: nice 10 for a bot at 0), so the kernel runs a command's thread, the
//! gateway and the HTTP client the moment they have work, and gives the
//! drawing threads every cycle they leave. Drawings are taken up in the
//! order they were asked for (one queue), so the delivery's oldest results
//! are drawn first, and at most one drawing per thread is in memory.

use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::types::Error;
use crate::game::Image;

/// How much nicer the drawing threads are than the rest of the process:
/// enough that they yield a core to any other thread of the bot at once,
/// yet not the lowest priority, so that on a machine shared with other
/// programs a storm's drawings still get their share.
pub const DRAWING_NICE: i32 = 10;

type Job = Box<dyn FnOnce() + Send>;

/// The queue of the drawing threads, started on first use; `None` if not
/// one thread could be started (drawings then run on the runtime's
/// blocking threads).
fn queue() -> Option<&'static mpsc::Sender<Job>> {
    static QUEUE: OnceLock<Option<mpsc::Sender<Job>>> = OnceLock::new();
    QUEUE
        .get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Job>();
            let rx = Arc::new(Mutex::new(rx));
            let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
            let started = (0..cores)
                .filter(|i| {
                    let rx = rx.clone();
                    std::thread::Builder::new()
                        .name(format!("chessdip-draw-{i}"))
                        .spawn(move || {
                            lower_priority();
                            loop {
                                // The lock is held only while waiting for the next job.
                                let job = rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                                match job {
                                    Ok(job) => job(),
                                    Err(mpsc::RecvError) => return,
                                }
                            }
                        })
                        .map_err(|e| tracing::error!(error = %e, "could not start a drawing thread"))
                        .is_ok()
                })
                .count();
            tracing::debug!(threads = started, nice = DRAWING_NICE, "drawing threads started");
            (started > 0).then_some(tx)
        })
        .as_ref()
}

/// Lowers this thread's scheduling priority by [`DRAWING_NICE`] (to nice 19
/// at most). On Linux a thread's niceness is its own (`setpriority` on its
/// thread id); elsewhere it would be the whole process's, so it is left alone.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let me = Some(rustix::thread::gettid());
        let lowered = rustix::process::getpriority_process(me)
            .and_then(|own| rustix::process::setpriority_process(me, (own + DRAWING_NICE).min(19)));
        if let Err(e) = lowered {
            tracing::warn!(error = %e, "could not lower a drawing thread's priority; drawing competes with commands");
        }
    }
}

/// Draws `images` on a drawing thread, in turn with the drawings asked for
/// before: (name, bytes) each. A drawing that panics is guarded (its image
/// comes back empty), so an error here means a drawing thread was lost.
///
/// # Errors
/// If the drawing was dropped unfinished.
pub async fn draw(images: Vec<Image>) -> Result<Vec<(String, Vec<u8>)>, Error> {
    if images.is_empty() {
        return Ok(Vec::new());
    }
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let drawn = images.iter().map(|i| (i.name.clone(), i.bytes())).collect::<Vec<_>>();
        // The asker may have gone (the bot shutting down): nothing to do then.
        let _ = tx.send(drawn);
    });
    let job = match queue() {
        Some(q) => match q.send(job) {
            Ok(()) => return Ok(rx.await?),
            Err(mpsc::SendError(job)) => job,
        },
        None => job,
    };
    tokio::task::spawn_blocking(job).await?;
    Ok(rx.await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_drawing_thread_runs_below_the_rest_of_the_process() {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        // No images: nothing is queued. One empty image: a job on a drawing thread.
        assert!(rt.block_on(draw(Vec::new())).expect("nothing to draw").is_empty());
        let own = rustix::process::getpriority_process(Some(rustix::thread::gettid())).expect("own niceness");
        let (tx, rx) = std::sync::mpsc::channel();
        let job: Job = Box::new(move || {
            let nice = rustix::process::getpriority_process(Some(rustix::thread::gettid())).ok();
            let name = std::thread::current().name().map(str::to_string);
            let _ = tx.send((nice, name));
        });
        queue().expect("drawing threads").send(job).expect("queued");
        let (nice, name) = rx.recv().expect("ran");
        assert_eq!(nice, Some((own + DRAWING_NICE).min(19)));
        assert!(name.is_some_and(|n| n.starts_with("chessdip-draw-")));
        // This thread (not a drawing thread) keeps its priority.
        assert_eq!(rustix::process::getpriority_process(Some(rustix::thread::gettid())).ok(), Some(own));
    }
}
