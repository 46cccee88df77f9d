//! The real bot (`chessdip::discord::serve`) running in the test's runtime
//! until the test stops it.
#![allow(dead_code)]

use std::path::Path;
use std::time::Duration;

use chessdip::config::Config;
use chessdip_game::Service;
use tokio::sync::oneshot;

use super::fake_discord::{FakeDiscord, GUILD};

/// The bot's configuration against `fake`: the database `db`, commands
/// registered in the fake's server, no reminders.
#[must_use]
pub fn config(fake: &FakeDiscord, db: &Path) -> Config {
    Config {
        token: Some("fake-token".into()),
        database: db.to_path_buf(),
        guilds: vec![GUILD],
        proxy: Some(fake.url.clone()),
        reminder_hours: 0,
        ..Config::default()
    }
}

/// A running bot.
pub struct Bot {
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl Bot {
    /// Starts the bot with `config` over `service`.
    pub fn start(config: Config, service: Service) -> Bot {
        let (stop, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let shutdown = async move {
                let _ = rx.await;
            };
            if let Err(e) = chessdip::discord::serve(config, service, shutdown).await {
                panic!("the bot failed: {e}");
            }
        });
        Bot { stop: Some(stop), task }
    }

    /// Asks the bot to shut down and waits for it (at most 10 seconds).
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(10), self.task).await;
    }
}

/// Starts the `chessdip run` binary on `db` against the fake.
pub fn run_binary(fake: &FakeDiscord, db: &Path) -> tokio::process::Child {
    command(fake, db, "warn").spawn().expect("start chessdip run")
}

/// Starts the `chessdip run` binary on `db` against the fake, logging
/// with the filter `log` (`RUST_LOG`) to its standard error, which is piped
/// to the test.
pub fn run_binary_logged(fake: &FakeDiscord, db: &Path, log: &str) -> tokio::process::Child {
    command(fake, db, log).stderr(std::process::Stdio::piped()).spawn().expect("start chessdip run")
}

/// [`run_binary_logged`] with more environment variables (`CHESSDIP_BOT_THINK_MS`...).
pub fn run_binary_logged_with(
    fake: &FakeDiscord,
    db: &Path,
    log: &str,
    env: &[(&str, String)],
) -> tokio::process::Child {
    let mut c = command(fake, db, log);
    c.envs(env.iter().map(|(k, v)| (*k, v.as_str())));
    c.stderr(std::process::Stdio::piped()).spawn().expect("start chessdip run")
}

fn command(fake: &FakeDiscord, db: &Path, log: &str) -> tokio::process::Command {
    let dir = db.parent().expect("dir").to_path_buf();
    let mut c = tokio::process::Command::new(env!("CARGO_BIN_EXE_chessdip"));
    c.arg("run")
        .arg("--config")
        .arg(dir.join("absent.toml"))
        .env("CHESSDIP_TOKEN", "fake-token")
        .env("CHESSDIP_DATABASE", db)
        .env("CHESSDIP_PROXY", &fake.url)
        .env("CHESSDIP_GUILDS", "")
        .env("RUST_LOG", log)
        .env("NO_COLOR", "1")
        .kill_on_drop(true);
    c
}
