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
    /// The SQLite database file, created on first run (`CHESSDIP_DATABASE`).
    pub database: PathBuf,
    /// A guild (server) id where slash commands are registered at once;
    /// without it they are registered globally (`CHESSDIP_GUILD`).
    pub guild: Option<u64>,
    /// The role whose members may moderate games (`CHESSDIP_MODERATOR_ROLE`).
    pub moderator_role: String,
    /// Default length of a movement phase, in hours (`CHESSDIP_MOVEMENT_HOURS`).
    pub movement_hours: u32,
    /// Default length of an adjustment phase, in hours (`CHESSDIP_ADJUSTMENT_HOURS`).
    pub adjustment_hours: u32,
    /// IANA time zone for Chess Wheel+ weekly cycles (`CHESSDIP_TIMEZONE`).
    pub timezone: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            token: None,
            database: PathBuf::from("chessdip.db"),
            guild: None,
            moderator_role: "Game Master".into(),
            movement_hours: 48,
            adjustment_hours: 24,
            timezone: "UTC".into(),
        }
    }
}

/// A configuration that cannot be used.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file is not valid TOML or has unknown keys.
    #[error("config.toml is not valid: {0}")]
    File(#[from] toml::de::Error),
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
                "CHESSDIP_GUILD" => {
                    c.guild = Some(value.trim().parse().map_err(|_| ConfigError::Env {
                        name: name.clone(),
                        value: value.clone(),
                        expected: "a numeric Discord server id",
                    })?);
                }
                "CHESSDIP_MODERATOR_ROLE" => c.moderator_role = value,
                "CHESSDIP_MOVEMENT_HOURS" => c.movement_hours = number("a whole number of hours")?,
                "CHESSDIP_ADJUSTMENT_HOURS" => c.adjustment_hours = number("a whole number of hours")?,
                "CHESSDIP_TIMEZONE" => c.timezone = value,
                _ => {}
            }
        }
        if c.token.as_deref().is_some_and(|t| t.trim().is_empty()) {
            c.token = None;
        }
        Ok(c)
    }
}

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
    }
}
