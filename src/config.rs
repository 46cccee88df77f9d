//! Configuration: `config.toml` (see `config.example.toml`) overridden by
//! `CHESSDIP_*` environment variables. Pure: the caller reads the file and
//! passes the environment, so tests need no real files or variables.

use std::path::PathBuf;

use serde::Deserialize;
use thiserror::Error;

/// The bot's settings.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The Discord bot token (`CHESSDIP_TOKEN`).
    pub token: Option<String>,
    /// A file holding the token, read when `token` is not set (`CHESSDIP_TOKEN_FILE`).
    pub token_file: Option<PathBuf>,
    /// The SQLite database file, created on first run (`CHESSDIP_DATABASE`).
    pub database: PathBuf,
    /// Server (guild) ids where slash commands are registered at once (for
    /// development); empty: registered globally, which can take an hour
    /// (`CHESSDIP_GUILDS`, comma-separated).
    pub guilds: Vec<u64>,
    /// The role whose members may moderate games (`CHESSDIP_MODERATOR_ROLE`).
    pub moderator_role: String,
    /// Default length of a movement phase, in hours (`CHESSDIP_MOVEMENT_HOURS`).
    pub movement_hours: u32,
    /// Default length of an adjustment phase, in hours (`CHESSDIP_ADJUSTMENT_HOURS`).
    pub adjustment_hours: u32,
    /// IANA time zone for Chess Wheel+ weekly cycles (`CHESSDIP_TIMEZONE`).
    pub timezone: String,
    /// Hours before a deadline to remind players with missing orders; 0: no reminders (`CHESSDIP_REMINDER_HOURS`).
    pub reminder_hours: u32,
    /// A Discord API proxy (`http://host:port`) that every HTTP request goes
    /// through, the gateway URL included, as large bots use to share rate
    /// limits (`CHESSDIP_PROXY`).
    pub proxy: Option<String>,
    /// The most REST requests the bot sends to Discord (or to `proxy`) in
    /// any one second, besides the first answer to each interaction, which
    /// Discord does not count (`CHESSDIP_REQUESTS_PER_SECOND`). Discord allows a bot 50;
    /// the default keeps some room below that.
    pub requests_per_second: u32,
    /// How long a bot seated in a game may think about one decision, in
    /// milliseconds (1 to 60000); a bot that runs out plays the best it has
    /// found (`CHESSDIP_BOT_THINK_MS`).
    pub bot_think_ms: u32,
    /// A channel where every forming game is also advertised, with its Join
    /// menu (`CHESSDIP_LOBBY_CHANNEL`); none: each game only in its channel.
    pub lobby_channel: Option<u64>,
    /// The category (a Discord category channel's id) where `/game create
    /// channel:new` makes a text channel for the game; `None`: games are
    /// played only in existing channels (`CHESSDIP_GAMES_CATEGORY`). The bot
    /// needs Manage Channels and Manage Roles there.
    pub games_category: Option<u64>,
    /// The category where a channel made for a game is moved, read-only,
    /// once the game has ended for its `archive-after`; `None`: such
    /// channels stay where they are (`CHESSDIP_ARCHIVE_CATEGORY`). The bot
    /// needs Manage Channels and Manage Roles there too.
    pub archive_category: Option<u64>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            token: None,
            token_file: None,
            database: PathBuf::from("chessdip.db"),
            guilds: Vec::new(),
            moderator_role: "Game Master".into(),
            movement_hours: 48,
            adjustment_hours: 24,
            timezone: "UTC".into(),
            reminder_hours: 6,
            proxy: None,
            requests_per_second: 45,
            bot_think_ms: 500,
            lobby_channel: None,
            games_category: None,
            archive_category: None,
        }
    }
}

/// A configuration that cannot be used.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file is not valid TOML or has unknown keys.
    #[error("config.toml is not valid: {0}")]
    File(#[from] toml::de::Error),
    /// The proxy is not an http(s) URL.
    #[error("proxy = \"{0}\" is not valid: write the proxy's URL, e.g. http://127.0.0.1:3000")]
    Proxy(String),
    /// The request rate is zero.
    #[error("requests_per_second = {0} is not valid: write how many requests a second the bot may send to Discord, 1 or more (Discord allows a bot 50; the default is 45)")]
    Rate(u32),
    /// The bots' time budget is out of bounds.
    #[error("bot_think_ms = {0} is not valid: write how many milliseconds a bot may think about one decision, 1 to 60000 (the default is 500)")]
    BotThink(u32),
    /// A category id is zero.
    #[error("{0} = 0 is not valid: write the id of a category channel of your server (Discord's developer mode > right-click the category > Copy Channel ID), or leave the key out")]
    Category(&'static str),
    /// The token file cannot be used.
    #[error("token_file: {0}")]
    TokenFile(String),
    /// An environment variable has a value of the wrong kind.
    #[error("{name}={value} is not valid: {expected}")]
    Env {
        /// The variable.
        name: String,
        /// Its value.
        value: String,
        /// What it should be.
        expected: &'static str,
    },
}

impl Config {
    /// Reads the file's text (if any), then applies `CHESSDIP_*` variables.
    ///
    /// # Errors
    /// [`ConfigError`] naming the bad key or variable.
    pub fn load(file: Option<&str>, env: impl IntoIterator<Item = (String, String)>) -> Result<Config, ConfigError> {
        let mut c = match file {
            Some(text) => toml::from_str(text)?,
            None => Config::default(),
        };
        for (name, value) in env {
            let number = |expected| {
                value.trim().parse::<u32>().map_err(|_| ConfigError::Env {
                    name: name.clone(),
                    value: value.clone(),
                    expected,
                })
            };
            match name.as_str() {
                "CHESSDIP_TOKEN" if !value.trim().is_empty() => c.token = Some(value.trim().to_string()),
                "CHESSDIP_DATABASE" => c.database = PathBuf::from(&value),
                "CHESSDIP_TOKEN_FILE" => c.token_file = Some(PathBuf::from(&value)),
                "CHESSDIP_GUILDS" | "CHESSDIP_GUILD" => {
                    c.guilds = value
                        .split(',')
                        .map(str::trim)
                        .filter(|v| !v.is_empty())
                        .map(|v| v.parse())
                        .collect::<Result<_, _>>()
                        .map_err(|_| ConfigError::Env {
                            name: name.clone(),
                            value: value.clone(),
                            expected: "numeric Discord server ids separated by commas",
                        })?;
                }
                "CHESSDIP_REMINDER_HOURS" => c.reminder_hours = number("a whole number of hours (0: no reminders)")?,
                "CHESSDIP_PROXY" => c.proxy = Some(value.trim().to_string()).filter(|v| !v.is_empty()),
                "CHESSDIP_REQUESTS_PER_SECOND" => {
                    c.requests_per_second =
                        number("a whole number of requests a second, 1 or more (Discord allows 50)")?;
                }
                "CHESSDIP_MODERATOR_ROLE" => c.moderator_role = value,
                "CHESSDIP_LOBBY_CHANNEL" => {
                    c.lobby_channel = match value.trim() {
                        "" => None,
                        v => Some(v.parse().map_err(|_| ConfigError::Env {
                            name: name.clone(),
                            value: value.clone(),
                            expected: "a numeric Discord channel id (or nothing, for no lobby)",
                        })?),
                    };
                }
                "CHESSDIP_MOVEMENT_HOURS" => c.movement_hours = number("a whole number of hours")?,
                "CHESSDIP_ADJUSTMENT_HOURS" => c.adjustment_hours = number("a whole number of hours")?,
                "CHESSDIP_TIMEZONE" => c.timezone = value,
                "CHESSDIP_GAMES_CATEGORY" | "CHESSDIP_ARCHIVE_CATEGORY" => {
                    let id = match value.trim() {
                        "" => None,
                        v => Some(v.parse::<u64>().map_err(|_| ConfigError::Env {
                            name: name.clone(),
                            value: value.clone(),
                            expected: "the numeric id of a category channel (Copy Channel ID)",
                        })?),
                    };
                    if name == "CHESSDIP_GAMES_CATEGORY" {
                        c.games_category = id;
                    } else {
                        c.archive_category = id;
                    }
                }
                "CHESSDIP_BOT_THINK_MS" => {
                    c.bot_think_ms = number("a whole number of milliseconds, 1 to 60000 (the default is 500)")?;
                }
                _ => {}
            }
        }
        if c.token.as_deref().is_some_and(|t| t.trim().is_empty()) {
            c.token = None;
        }
        if c.requests_per_second == 0 {
            return Err(ConfigError::Rate(0));
        }
        if !(1..=60_000).contains(&c.bot_think_ms) {
            return Err(ConfigError::BotThink(c.bot_think_ms));
        }
        for (key, id) in [("games_category", c.games_category), ("archive_category", c.archive_category)] {
            if id == Some(0) {
                return Err(ConfigError::Category(key));
            }
        }
        if let Some(p) = &c.proxy {
            if !(p.starts_with("http://") || p.starts_with("https://")) {
                return Err(ConfigError::Proxy(p.clone()));
            }
        }
        Ok(c)
    }

    /// The bot token: `token`, or the contents of `token_file`; `None` when neither is set.
    ///
    /// # Errors
    /// The token file cannot be read or is empty.
    pub fn bot_token(&self) -> Result<Option<String>, ConfigError> {
        if let Some(t) = &self.token {
            return Ok(Some(t.trim().to_string()));
        }
        let Some(path) = &self.token_file else { return Ok(None) };
        let text = std::fs::read_to_string(path)
            .map_err(|e| ConfigError::TokenFile(format!("cannot read {}: {e}", path.display())))?;
        let t = text.trim();
        if t.is_empty() {
            return Err(ConfigError::TokenFile(format!("{} is empty", path.display())));
        }
        Ok(Some(t.to_string()))
    }
}

/// What `chessdip run` says when it has no token.
pub const SETUP_HELP: &str = "\
chessdip run needs a Discord bot token, and none is configured.

1. Open https://discord.com/developers/applications, create an application
   (New Application), then under Bot press Reset Token and copy the token.
   No privileged gateway intent is needed: the bot uses Guilds and Direct
   Messages, and direct messages reach a bot with their text.
2. Give the token to chessdip, either
     - in config.toml (copy config.example.toml):   token = \"...\"
     - or in the environment:                        CHESSDIP_TOKEN=... cargo run --release -- run
     - or in a file:                                 token_file = \"/run/secrets/discord\"
3. Invite the bot to your server with (put your application id in):
     https://discord.com/oauth2/authorize?client_id=APPLICATION_ID&scope=bot%20applications.commands&permissions=117760
   (scopes bot and applications.commands; permissions: View Channels, Send
   Messages, Embed Links, Attach Files, Read Message History.)
   For instant slash commands while testing, set guilds = [SERVER_ID] in config.toml.

Without Discord, play locally in the console:   cargo run --release -- play";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_loads_and_matches_the_defaults() {
        let c = Config::load(Some(include_str!("../config.example.toml")), []).unwrap();
        assert_eq!(c, Config::default());
    }

    #[test]
    fn environment_wins_over_the_file() {
        let c = Config::load(
            Some("token = \"from-file\"\nmovement_hours = 12\n"),
            [
                ("CHESSDIP_TOKEN".to_string(), "from-env".to_string()),
                ("CHESSDIP_DATABASE".to_string(), "/tmp/x.db".to_string()),
                ("PATH".to_string(), "/bin".to_string()),
            ],
        )
        .unwrap();
        assert_eq!(c.token.as_deref(), Some("from-env"));
        assert_eq!(c.movement_hours, 12);
        assert_eq!(c.database, PathBuf::from("/tmp/x.db"));
    }

    #[test]
    fn bad_values_are_named() {
        let e = Config::load(None, [("CHESSDIP_MOVEMENT_HOURS".to_string(), "soon".to_string())]).unwrap_err();
        assert_eq!(e.to_string(), "CHESSDIP_MOVEMENT_HOURS=soon is not valid: a whole number of hours");
        let e = Config::load(Some("tokn = \"x\""), []).unwrap_err();
        assert!(e.to_string().contains("unknown field `tokn`"), "{e}");
        let c = Config::load(Some("token = \"  \""), []).unwrap();
        assert_eq!(c.token, None);
        let e = Config::load(Some("requests_per_second = 0"), []).unwrap_err();
        assert!(e.to_string().starts_with("requests_per_second = 0 is not valid: write how many requests"), "{e}");
        let e = Config::load(None, [("CHESSDIP_REQUESTS_PER_SECOND".to_string(), "fast".to_string())]).unwrap_err();
        assert!(e.to_string().contains("a whole number of requests a second"), "{e}");
        let c = Config::load(None, [("CHESSDIP_REQUESTS_PER_SECOND".to_string(), "20".to_string())]).unwrap();
        assert_eq!(c.requests_per_second, 20);
        let e = Config::load(Some("bot_think_ms = 0"), []).unwrap_err();
        assert!(e.to_string().starts_with("bot_think_ms = 0 is not valid: write how many milliseconds"), "{e}");
        let e = Config::load(None, [("CHESSDIP_BOT_THINK_MS".to_string(), "90001".to_string())]).unwrap_err();
        assert!(e.to_string().contains("1 to 60000"), "{e}");
        let c = Config::load(None, [("CHESSDIP_BOT_THINK_MS".to_string(), "200".to_string())]).unwrap();
        assert_eq!(c.bot_think_ms, 200);
    }

    #[test]
    fn categories_are_ids_or_left_out() {
        let c = Config::load(Some("games_category = 123\narchive_category = 456\n"), []).unwrap();
        assert_eq!((c.games_category, c.archive_category), (Some(123), Some(456)));
        let c = Config::load(
            Some("games_category = 123\n"),
            [
                ("CHESSDIP_GAMES_CATEGORY".to_string(), "789".to_string()),
                ("CHESSDIP_ARCHIVE_CATEGORY".to_string(), "".to_string()),
            ],
        )
        .unwrap();
        assert_eq!((c.games_category, c.archive_category), (Some(789), None));
        let e = Config::load(Some("archive_category = 0"), []).unwrap_err();
        assert!(e.to_string().starts_with("archive_category = 0 is not valid: write the id of a category"), "{e}");
        let e = Config::load(None, [("CHESSDIP_GAMES_CATEGORY".to_string(), "games".to_string())]).unwrap_err();
        assert!(e.to_string().contains("the numeric id of a category channel"), "{e}");
    }
}
