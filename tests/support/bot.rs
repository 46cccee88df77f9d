//! The real bot (`chessdip::discord::serve`) running in the test's runtime
//! until the test stops it.
#![allow(dead_code)]

use std::time::Duration;

use chessdip::config::Config;
use chessdip::game::Service;
use tokio::sync::oneshot;

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
