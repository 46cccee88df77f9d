//! The test server's channels and roles as the fake Discord keeps them
//! (see `fake_discord.rs`): the categories and roles a test declares, and
//! the text channels the bot makes, moves and changes, with their
//! permission overwrites.
//!
//! Routes, as Discord answers them: `POST /guilds/{g}/channels` (the
//! parent must be a category of the server: 400 otherwise; a test may make
//! it refuse with 403 Missing Permissions, as Discord does a bot without
//! Manage Channels), `GET`, `PATCH` (a new `parent_id` must be a category:
//! 400 otherwise) and `DELETE /channels/{id}`, `PUT` and `DELETE
//! /channels/{id}/permissions/{overwrite}` (204), and `GET
//! /guilds/{g}/roles`.
#![allow(dead_code)]

use std::collections::HashMap;

use serde_json::{json, Value};

use super::fake_discord::{FakeDiscord, GUILD};

/// Discord's type of a text channel.
pub const TEXT: u64 = 0;
/// Discord's type of a category.
pub const CATEGORY: u64 = 4;

/// The id the fake gives the first channel the bot makes (then the next ones, in order).
pub const FIRST_MADE: u64 = 6_000_000_000_000_001;

/// View Channel.
pub const VIEW: u64 = 1 << 10;
/// Send Messages.
pub const SEND: u64 = 1 << 11;

/// The server's channels and roles.
#[derive(Default)]
pub struct Guild {
    /// Channels by id, as Discord gives them.
    channels: HashMap<String, Value>,
    /// The server's roles.
    roles: Vec<Value>,
    /// Channel creation is refused with (status, Discord code).
    refuse_create: Option<(u16, u64)>,
    /// Changes to channels (PATCH, permission overwrites) are refused with (status, Discord code).
    refuse_changes: Option<(u16, u64)>,
    /// The last id given to a made channel.
    last_id: u64,
    /// Every channel deleted, by id.
    deleted: Vec<String>,
}

fn refusal(status: u16, code: u64) -> (u16, Value) {
    let message = match code {
        50013 => "Missing Permissions",
        50001 => "Missing Access",
        10003 => "Unknown Channel",
        50035 => "Invalid Form Body",
        _ => "Refused",
    };
    (status, json!({"message": message, "code": code}))
}

/// An overwrite as Discord keeps it (ids and permission bits as strings).
fn normalised(o: &Value) -> Value {
    let text = |v: &Value| v.as_str().map_or_else(|| v.as_u64().unwrap_or(0).to_string(), str::to_string);
    json!({"id": text(&o["id"]), "type": o["type"].as_u64().unwrap_or(0), "allow": text(&o["allow"]), "deny": text(&o["deny"])})
}

impl Guild {
    fn is_category(&self, id: &Value, guild: &str) -> bool {
        let id = id.as_str().map_or_else(|| id.as_u64().map(|n| n.to_string()), |s| Some(s.to_string()));
        id.and_then(|id| self.channels.get(&id))
            .is_some_and(|c| c["type"].as_u64() == Some(CATEGORY) && c["guild_id"].as_str() == Some(guild))
    }

    fn invalid_parent() -> (u16, Value) {
        (
            400,
            json!({"message": "Invalid Form Body", "code": 50035,
                   "errors": {"parent_id": {"_errors": [{"code": "CHANNEL_PARENT_INVALID", "message": "Category does not exist"}]}}}),
        )
    }

    /// The answer to a request of the server's channels and roles, if it is one.
    pub fn route(&mut self, method: &str, segs: &[&str], body: &Value) -> Option<(u16, Value)> {
        Some(match (method, segs) {
            ("POST", ["guilds", g, "channels"]) => {
                if let Some((status, code)) = self.refuse_create {
                    return Some(refusal(status, code));
                }
                if !body["parent_id"].is_null() && !self.is_category(&body["parent_id"], g) {
                    return Some(Self::invalid_parent());
                }
                self.last_id = self.last_id.max(FIRST_MADE - 1) + 1;
                let id = self.last_id.to_string();
                let overwrites: Vec<Value> =
                    body["permission_overwrites"].as_array().into_iter().flatten().map(normalised).collect();
                let channel = json!({
                    "id": id, "type": body["type"].as_u64().unwrap_or(TEXT), "guild_id": g,
                    "name": body["name"], "position": 0, "parent_id": body["parent_id"],
                    "permission_overwrites": overwrites, "nsfw": false, "topic": null,
                    "last_message_id": null, "rate_limit_per_user": 0, "flags": 0
                });
                self.channels.insert(id, channel.clone());
                (201, channel)
            }
            ("GET", ["guilds", _, "roles"]) => (200, json!(self.roles)),
            ("GET", ["channels", id]) => match self.channels.get(*id) {
                Some(c) => (200, c.clone()),
                None => refusal(404, 10003),
            },
            ("DELETE", ["channels", id]) => match self.channels.remove(*id) {
                Some(c) => {
                    self.deleted.push((*id).to_string());
                    (200, c)
                }
                None => refusal(404, 10003),
            },
            ("PATCH", ["channels", id]) => {
                if let Some((status, code)) = self.refuse_changes {
                    return Some(refusal(status, code));
                }
                let Some(guild) = self.channels.get(*id).and_then(|c| c["guild_id"].as_str().map(str::to_string))
                else {
                    return Some(refusal(404, 10003));
                };
                if body.get("parent_id").is_some_and(|p| !p.is_null()) && !self.is_category(&body["parent_id"], &guild)
                {
                    return Some(Self::invalid_parent());
                }
                let c = self.channels.get_mut(*id)?;
                for key in ["name", "parent_id", "topic"] {
                    if let Some(v) = body.get(key) {
                        c[key] = v.clone();
                    }
                }
                if let Some(list) = body["permission_overwrites"].as_array() {
                    c["permission_overwrites"] = json!(list.iter().map(normalised).collect::<Vec<_>>());
                }
                (200, c.clone())
            }
            ("PUT" | "DELETE", ["channels", id, "permissions", target]) => {
                if let Some((status, code)) = self.refuse_changes {
                    return Some(refusal(status, code));
                }
                let Some(c) = self.channels.get_mut(*id) else { return Some(refusal(404, 10003)) };
                let mut list: Vec<Value> = c["permission_overwrites"].as_array().cloned().unwrap_or_default();
                list.retain(|o| o["id"].as_str() != Some(*target));
                if method == "PUT" {
                    let mut o = body.clone();
                    o["id"] = json!(target);
                    list.push(normalised(&o));
                }
                c["permission_overwrites"] = json!(list);
                (204, Value::Null)
            }
            _ => return None,
        })
    }
}

impl FakeDiscord {
    /// Declares a category `id` named `name` in the test server.
    pub fn declare_category(&self, id: u64, name: &str) {
        let c = json!({"id": id.to_string(), "type": CATEGORY, "guild_id": GUILD.to_string(), "name": name,
                       "position": 0, "parent_id": null, "permission_overwrites": [], "nsfw": false, "flags": 0});
        self.guild().channels.insert(id.to_string(), c);
    }

    /// Declares a role `id` named `name` in the test server.
    pub fn declare_role(&self, id: u64, name: &str) {
        self.guild().roles.push(json!({
            "id": id.to_string(), "name": name, "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false, "managed": false, "mentionable": false, "permissions": "0", "position": 1,
            "icon": null, "unicode_emoji": null
        }));
    }

    /// Channel creation is refused with `status` and Discord `code` from now on
    /// (`None`: made again): 403 50013 is Discord's answer to a bot without Manage Channels.
    pub fn refuse_channel_creation(&self, refusal: Option<(u16, u64)>) {
        self.guild().refuse_create = refusal;
    }

    /// Changes to channels (moves, overwrites) are refused with `status` and
    /// Discord `code` from now on (`None`: made again).
    pub fn refuse_channel_changes(&self, refusal: Option<(u16, u64)>) {
        self.guild().refuse_changes = refusal;
    }

    /// Channel `id` of the server as Discord would give it now.
    #[must_use]
    pub fn guild_channel(&self, id: &str) -> Option<Value> {
        self.guild().channels.get(id).cloned()
    }

    /// The text channels of the server (those the bot made), oldest first.
    #[must_use]
    pub fn text_channels(&self) -> Vec<Value> {
        let mut list: Vec<Value> =
            self.guild().channels.values().filter(|c| c["type"].as_u64() == Some(TEXT)).cloned().collect();
        list.sort_by_key(|c| c["id"].as_str().and_then(|i| i.parse::<u64>().ok()).unwrap_or(0));
        list
    }

    /// A server admin deletes channel `id`.
    pub fn delete_channel_by_hand(&self, id: &str) {
        self.guild().channels.remove(id);
    }

    /// The channels the bot deleted so far, by id.
    #[must_use]
    pub fn deleted_channels(&self) -> Vec<String> {
        self.guild().deleted.clone()
    }

    /// The (allow, deny) bits of the overwrite of `target` (a role or member id) in channel `id`.
    #[must_use]
    pub fn overwrite_of(&self, id: &str, target: u64) -> Option<(u64, u64)> {
        let c = self.guild_channel(id)?;
        let list = c["permission_overwrites"].as_array()?.clone();
        let o = list.into_iter().find(|o| o["id"].as_str() == Some(target.to_string().as_str()))?;
        let bits = |v: &Value| v.as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
        Some((bits(&o["allow"]), bits(&o["deny"])))
    }
}
