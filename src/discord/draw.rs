//! The drawing pool: where the bot draws the images it posts, on threads
//! of its own, at a lower scheduling priority than everything else in the
//! process.
//!
//! Drawing is the only heavy work the bot does (milliseconds a still, tens
//! to hundreds of milliseconds an animation, seconds to tens of seconds a
//! long game's timelapse). Players' commands must not queue behind it: the
//! drawing threads run nicer than the bot (on Linux: nice 10 and more for
//! a bot at 0), so the kernel runs a command's thread, the gateway and the
//! HTTP client the moment they have work, and gives the drawing threads
//! every cycle they leave.
//!
//! Drawings are of a [`Class`], and each class has a lane of its own
//! ([`LANES`]): its threads (one more than there are cores), at its own
//! niceness, with its own queue. An announcement's images (a result due at
//! a deadline) are drawn in the first lane, never queued behind the images
//! answering commands, and at a higher priority than them when both want a
//! core. Within a lane, each user holds at most [`per_user`] threads at
//! once and each channel at most [`per_channel`], and of the drawings
//! waiting, the one of the user served longest ago goes first: one user
//! asking for four long timelapses draws them one after the other while
//! others' boards, in the same channel or another, are drawn beside them.
//! Two requests for the same long drawing (one key: a timelapse of one
//! game as it stands, for one file size) are one drawing, its bytes given
//! to both. At most one drawing per thread is in memory.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::time::Instant;

use super::types::Error;
use chessdip_game::{Drawing, Image};

/// How much nicer the drawing threads of announcements are than the rest
/// of the process: enough that they yield a core to any other thread of
/// the bot at once, yet not the lowest priority, so that on a machine
/// shared with other programs a storm's drawings still get their share.
pub const DRAWING_NICE: i32 = 10;

/// What a drawing is for, which decides the lane it is drawn in ([`LANES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// An announcement's images (a result, a game's start, its end): what
    /// the channel waits for, posted from the outbox.
    Announcement,
    /// The images answering a command (`/game board`, `history`, `chart`,
    /// `timelapse`): the command's answer is deferred, then sent with them.
    Answer,
    /// A computer player thinking about its turn (`super::bots`): it draws
    /// nothing, and takes only the cores nothing else wants.
    Bots,
}

/// A class's lane: its threads, at a niceness of their own, and its queue.
struct Lane {
    class: Class,
    /// How many threads, for a machine of `cores` cores.
    threads: fn(usize) -> usize,
    /// How much nicer than the bot its threads are.
    nice: i32,
}

/// The lanes, first the most urgent. A new kind of work is one more line,
/// with its threads: the computer players think in the last one, nicer
/// than the answers, so that neither a storm's results nor a player's
/// command ever waits for a bot.
const LANES: &[Lane] = &[
    Lane { class: Class::Announcement, threads: |cores| cores + 1, nice: DRAWING_NICE },
    Lane { class: Class::Answer, threads: |cores| cores + 1, nice: DRAWING_NICE + 2 },
    Lane { class: Class::Bots, threads: |cores| cores + 1, nice: DRAWING_NICE + 9 },
];

/// The most threads of a lane of `threads` one user's drawings hold at
/// once: half of them but one, at least one.
#[must_use]
pub fn per_user(threads: usize) -> usize {
    (threads.saturating_sub(1) / 2).max(1)
}

/// The most threads of a lane of `threads` one channel's drawings hold at
/// once: all but one, at least one (another channel always finds one).
#[must_use]
pub fn per_channel(threads: usize) -> usize {
    threads.saturating_sub(1).max(1)
}

/// What a drawing is for, whose it is, and the largest file it may be.
#[derive(Clone, Debug)]
pub struct Ask {
    /// Its class.
    pub class: Class,
    /// Whose it is (`user:<id>`, then `channel:<id>`): each holds at most
    /// [`per_user`] or [`per_channel`] threads, and the user served longest
    /// ago goes first. Announcements have none (the delivery posts one item
    /// of a channel at a time).
    pub owners: Vec<String>,
    /// The largest file Discord takes where it goes (bytes): a timelapse is
    /// drawn to fit it.
    pub limit: usize,
}

impl Ask {
    /// An announcement's images, for a file of at most `limit` bytes.
    #[must_use]
    pub fn announcement(limit: usize) -> Ask {
        Ask { class: Class::Announcement, owners: Vec::new(), limit }
    }

    /// The images answering `user`'s command in `channel`, for a file of at most `limit` bytes.
    #[must_use]
    pub fn answer(user: &str, channel: &str, limit: usize) -> Ask {
        Ask { class: Class::Answer, owners: vec![format!("user:{user}"), format!("channel:{channel}")], limit }
    }

    /// A bot's turn in the game of `channel`.
    #[must_use]
    pub fn bots(channel: &str) -> Ask {
        Ask { class: Class::Bots, owners: vec![format!("channel:{channel}")], limit: 0 }
    }
}

type Work = Box<dyn FnOnce() -> Vec<Drawing> + Send>;
type Waiter = tokio::sync::oneshot::Sender<Vec<Drawing>>;

/// A drawing waiting for a thread.
struct Job {
    seq: u64,
    /// The file names of its images, for the log.
    what: String,
    owners: Vec<String>,
    key: Option<String>,
    work: Work,
    waiters: Vec<Waiter>,
    asked: Instant,
}

/// A drawing being drawn, and who waits for it.
struct Running {
    seq: u64,
    owners: Vec<String>,
    key: Option<String>,
    waiters: Vec<Waiter>,
}

/// A lane's queue and what its threads are drawing.
#[derive(Default)]
struct State {
    queue: VecDeque<Job>,
    running: Vec<Running>,
    /// When each owner last had a drawing started (a count of starts).
    served: HashMap<String, u64>,
    starts: u64,
    next: u64,
}

impl State {
    /// The index in the queue of the drawing to start now on a lane of
    /// `threads`, if any may start: of the drawings whose user and channel
    /// have room, the user's (then the channel's) served longest ago, then
    /// the oldest.
    fn pick(&self, threads: usize) -> Option<usize> {
        if self.running.len() >= threads {
            return None;
        }
        let room = |owner: &String| {
            let most = if owner.starts_with("user:") { per_user(threads) } else { per_channel(threads) };
            self.running.iter().filter(|r| r.owners.contains(owner)).count() < most
        };
        self.queue
            .iter()
            .enumerate()
            .filter(|(_, j)| j.owners.iter().all(room))
            .min_by_key(|(_, j)| {
                let last: Vec<u64> = j.owners.iter().map(|o| self.served.get(o).copied().unwrap_or(0)).collect();
                (last, j.seq)
            })
            .map(|(i, _)| i)
    }

    /// Takes job `i` off the queue and counts it running; its work to do.
    fn start(&mut self, i: usize) -> Option<Started> {
        let job = self.queue.remove(i)?;
        self.starts += 1;
        for o in &job.owners {
            self.served.insert(o.clone(), self.starts);
        }
        if self.served.len() > 4096 {
            let (queue, running) = (&self.queue, &self.running);
            self.served.retain(|o, _| {
                queue.iter().any(|j| j.owners.contains(o)) || running.iter().any(|r| r.owners.contains(o))
            });
        }
        self.running.push(Running { seq: job.seq, owners: job.owners, key: job.key, waiters: job.waiters });
        Some(Started { seq: job.seq, work: job.work, asked: job.asked, what: job.what })
    }
}

/// A drawing a thread takes up.
struct Started {
    seq: u64,
    work: Work,
    asked: Instant,
    what: String,
}

/// A lane of the pool: its queue and threads.
struct Pool {
    class: Class,
    state: Mutex<State>,
    changed: Condvar,
    threads: usize,
}

impl Pool {
    fn new(class: Class, threads: usize) -> Pool {
        Pool { class, state: Mutex::new(State::default()), changed: Condvar::new(), threads }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether it has drawings waiting or being drawn.
    fn busy(&self) -> bool {
        let st = self.lock();
        !st.queue.is_empty() || !st.running.is_empty()
    }

    /// Queues `work` for `ask` (or joins the drawing of the same `key` already asked for).
    fn submit(
        &self,
        ask: &Ask,
        (what, key): (String, Option<String>),
        work: Work,
    ) -> tokio::sync::oneshot::Receiver<Vec<Drawing>> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let mut st = self.lock();
        if let Some(k) = &key {
            if let Some(job) = st.queue.iter_mut().find(|j| j.key.as_ref() == Some(k)) {
                job.waiters.push(tx);
                return rx;
            }
            if let Some(r) = st.running.iter_mut().find(|r| r.key.as_ref() == Some(k)) {
                r.waiters.push(tx);
                return rx;
            }
        }
        st.next += 1;
        let seq = st.next;
        st.queue.push_back(Job {
            seq,
            what,
            owners: ask.owners.clone(),
            key,
            work,
            waiters: vec![tx],
            asked: Instant::now(),
        });
        drop(st);
        self.changed.notify_all();
        rx
    }

    /// A drawing thread of this lane, `nice` steps nicer than the bot:
    /// takes up drawings as [`State::pick`] chooses, until the process ends.
    fn serve(&self, nice: i32) {
        lower_priority(nice);
        loop {
            let Started { seq, work, asked, what } = {
                let mut st = self.lock();
                loop {
                    if let Some(job) = st.pick(self.threads).and_then(|i| st.start(i)) {
                        break job;
                    }
                    st = self.changed.wait(st).unwrap_or_else(PoisonError::into_inner);
                }
            };
            let started = Instant::now();
            let drawn = work();
            tracing::debug!(
                class = ?self.class,
                images = %what,
                wait_ms = started.duration_since(asked).as_millis(),
                draw_ms = started.elapsed().as_millis(),
                "drawn"
            );
            let waiters = {
                let mut st = self.lock();
                let at = st.running.iter().position(|r| r.seq == seq);
                at.map(|i| st.running.swap_remove(i).waiters).unwrap_or_default()
            };
            self.changed.notify_all();
            for w in waiters {
                // The asker may have gone (the bot shutting down): nothing to do then.
                let _ = w.send(drawn.clone());
            }
        }
    }
}

/// The lane of `class`, its threads started on first use; `None` if not
/// one of them could be started (its drawings then run on the runtime's
/// blocking threads).
fn lane(class: Class) -> Option<&'static Arc<Pool>> {
    static POOLS: OnceLock<Vec<Option<Arc<Pool>>>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        LANES
            .iter()
            .map(|lane| {
                let pool = Arc::new(Pool::new(lane.class, (lane.threads)(cores)));
                let nice = lane.nice;
                let started = (0..pool.threads)
                    .filter(|i| {
                        let pool = pool.clone();
                        let kind = if lane.class == Class::Bots { "bots" } else { "draw" };
                        std::thread::Builder::new()
                            .name(format!("chessdip-{kind}-{i}"))
                            .spawn(move || pool.serve(nice))
                            .map_err(|e| tracing::error!(error = %e, "could not start a drawing thread"))
                            .is_ok()
                    })
                    .count();
                tracing::debug!(class = ?lane.class, threads = started, nice, "drawing threads started");
                (started > 0).then_some(pool)
            })
            .collect()
    });
    LANES.iter().position(|l| l.class == class).and_then(|i| pools.get(i)).and_then(Option::as_ref)
}

/// Lowers this thread's scheduling priority by `nice` (to nice 19 at
/// most). On Linux a thread's niceness is its own (`setpriority` on its
/// thread id); elsewhere it would be the whole process's, so it is left alone.
fn lower_priority(nice: i32) {
    #[cfg(target_os = "linux")]
    {
        let me = Some(rustix::thread::gettid());
        let lowered = rustix::process::getpriority_process(me)
            .and_then(|own| rustix::process::setpriority_process(me, (own + nice).min(19)));
        if let Err(e) = lowered {
            tracing::warn!(error = %e, "could not lower a drawing thread's priority; drawing competes with commands");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = nice;
}

/// Draws `images` in the lane of `ask`'s class, in turn with the drawings
/// asked for before ([`Image::drawing`]: a timelapse fitted to
/// `ask.limit`). A drawing that panics is guarded (its image comes back
/// empty), so an error here means a drawing thread was lost.
///
/// # Errors
/// If the drawing was dropped unfinished.
pub async fn draw(images: Vec<Image>, ask: &Ask) -> Result<Vec<Drawing>, Error> {
    if images.is_empty() {
        return Ok(Vec::new());
    }
    let limit = ask.limit;
    // Images long to draw have keys: the same images asked for twice, for files of one size, are drawn once.
    let key =
        images.iter().map(Image::key).collect::<Option<Vec<&str>>>().map(|keys| format!("{limit} {}", keys.join(" ")));
    let what = images.iter().map(|i| i.name.as_str()).collect::<Vec<_>>().join(" ");
    let work: Work = Box::new(move || images.iter().map(|i| i.drawing(limit)).collect());
    match lane(ask.class) {
        Some(pool) => Ok(pool.submit(ask, (what, key), work).await?),
        None => Ok(tokio::task::spawn_blocking(work).await?),
    }
}

/// How often a bot waiting for the announcements' drawings looks again.
const YIELD: std::time::Duration = std::time::Duration::from_millis(20);

/// Runs `work` (a computer player's turn: `what` for the log) in the lane
/// of `ask`'s class (the bots'), after the work asked for before it, and
/// once no announcement's images wait to be drawn: a storm's results never
/// share the cores (nor their caches) with a bot's thought. (Their posting,
/// paced by Discord's limits, goes on beside it.)
///
/// # Errors
/// If the work was dropped unfinished (it panicked, or a thread was lost).
pub async fn think(ask: &Ask, what: String, work: impl FnOnce() + Send + 'static) -> Result<(), Error> {
    while lane(Class::Announcement).is_some_and(|p| p.busy()) {
        tokio::time::sleep(YIELD).await;
    }
    let work: Work = Box::new(move || {
        // A panic ends the turn, not the lane's thread.
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).is_err() {
            tracing::error!("a bot's turn panicked; it is asked again later");
        }
        Vec::new()
    });
    match lane(ask.class) {
        Some(pool) => drop(pool.submit(ask, (what, None), work).await?),
        None => drop(tokio::task::spawn_blocking(work).await?),
    }
    Ok(())
}

/// How many threads the lane of `class` has, for `cores` cores.
#[must_use]
pub fn threads(class: Class, cores: usize) -> usize {
    LANES.iter().find(|l| l.class == class).map_or(1, |l| (l.threads)(cores))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(seq: u64, owners: &[&str]) -> Job {
        Job {
            seq,
            what: String::new(),
            owners: owners.iter().map(|o| (*o).to_string()).collect(),
            key: None,
            work: Box::new(Vec::new),
            waiters: Vec::new(),
            asked: Instant::now(),
        }
    }

    /// The seqs `state` starts, one `pick` after another, on `threads` threads, none finishing.
    fn started(state: &mut State, threads: usize) -> Vec<u64> {
        let mut out = Vec::new();
        while let Some(i) = state.pick(threads) {
            out.push(state.start(i).expect("queued").seq);
        }
        out
    }

    #[test]
    fn announcements_have_threads_of_their_own_above_the_answers() {
        assert_eq!(LANES[0].class, Class::Announcement, "the first lane");
        assert!(LANES.windows(2).all(|w| w[0].nice < w[1].nice), "each lane nicer than the one before");
        for cores in [1, 2, 8] {
            assert!(LANES.iter().all(|l| (l.threads)(cores) > cores), "a thread more than the cores");
        }
    }

    #[test]
    fn one_user_or_channel_holds_its_share_and_the_others_go_first() {
        let mut st = State::default();
        // One user asks four times in one channel; then another in that channel, and one in another.
        st.queue.extend((1..=4).map(|i| job(i, &["user:a", "channel:1"])));
        st.queue.push_back(job(5, &["user:b", "channel:1"]));
        st.queue.push_back(job(6, &["user:c", "channel:2"]));
        // Three threads (two cores): each user one, each channel two. a's first drawing starts,
        // then c's and b's (served never) before a's second.
        assert_eq!(started(&mut st, 3), vec![1, 6, 5]);
        // a's first ends: a's second takes its place.
        st.running.retain(|r| r.seq != 1);
        assert_eq!(started(&mut st, 3), vec![2]);
        // Five threads (four cores): each user two, each channel four; channel 1 keeps one free for channel 2.
        let mut st = State::default();
        st.queue.extend((1..=4).map(|i| job(i, &["user:a", "channel:1"])));
        st.queue.extend((5..=7).map(|i| job(i, &["user:b", "channel:1"])));
        st.queue.push_back(job(8, &["user:c", "channel:2"]));
        assert_eq!(started(&mut st, 5), vec![1, 8, 5, 2, 6]);
        assert_eq!((per_user(3), per_channel(3), per_user(5), per_channel(5)), (1, 2, 2, 4));
    }

    #[test]
    fn the_same_drawing_asked_twice_is_drawn_once() {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        let pool = Pool::new(Class::Answer, 2);
        let drawn = || -> Work { Box::new(|| vec![Drawing { name: "x.gif".into(), bytes: vec![7], note: None }]) };
        let k = || (String::new(), Some("k".to_string()));
        let first = pool.submit(&Ask::answer("a", "1", 100), k(), drawn());
        let second = pool.submit(&Ask::answer("b", "2", 100), k(), drawn());
        assert_eq!(pool.lock().queue.len(), 1, "one drawing");
        let Started { seq, work, .. } = {
            let mut st = pool.lock();
            let i = st.pick(2).expect("may start");
            st.start(i).expect("started")
        };
        let third = pool.submit(&Ask::answer("c", "3", 100), k(), drawn());
        assert!(pool.lock().queue.is_empty(), "joined the drawing under way");
        let out = work();
        let waiters = pool.lock().running.iter_mut().find(|r| r.seq == seq).map(|r| std::mem::take(&mut r.waiters));
        for w in waiters.expect("running") {
            let _ = w.send(out.clone());
        }
        for rx in [first, second, third] {
            assert_eq!(rt.block_on(rx).expect("drawn")[0].bytes, vec![7]);
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn drawing_threads_run_below_the_rest_of_the_process_answers_below_announcements() {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        // No images: nothing is queued.
        assert!(rt.block_on(draw(Vec::new(), &Ask::announcement(1))).expect("nothing to draw").is_empty());
        let own = rustix::process::getpriority_process(Some(rustix::thread::gettid())).expect("own niceness");
        for (ask, lane) in
            [(Ask::announcement(1), &LANES[0]), (Ask::answer("a", "1", 1), &LANES[1]), (Ask::bots("1"), &LANES[2])]
        {
            let (tx, rx) = std::sync::mpsc::channel();
            let work: Work = Box::new(move || {
                let nice = rustix::process::getpriority_process(Some(rustix::thread::gettid())).ok();
                let name = std::thread::current().name().map(str::to_string);
                let _ = tx.send((nice, name));
                Vec::new()
            });
            drop(lane_of(&ask).submit(&ask, (String::new(), None), work));
            let (nice, name) = rx.recv().expect("ran");
            assert_eq!(nice, Some((own + lane.nice).min(19)), "{:?}", lane.class);
            let prefix = if lane.class == Class::Bots { "chessdip-bots-" } else { "chessdip-draw-" };
            assert!(name.is_some_and(|n| n.starts_with(prefix)), "{:?}", lane.class);
        }
        // This thread (not a drawing thread) keeps its priority.
        assert_eq!(rustix::process::getpriority_process(Some(rustix::thread::gettid())).ok(), Some(own));
    }

    fn lane_of(ask: &Ask) -> &'static Arc<Pool> {
        lane(ask.class).expect("drawing threads")
    }
}
