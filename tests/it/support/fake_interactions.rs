//! The events a test sends the bot through the fake Discord's gateway
//! (`fake_discord.rs`): slash commands from members, presses of buttons
//! and menus, the order form sent back, and direct messages.
#![allow(dead_code)]

use serde_json::{json, Value};

use super::fake_discord::{message as bot_message, user, FakeDiscord, Member, APP, GUILD};

impl FakeDiscord {
    /// Sends a slash command `path` (e.g. `["game", "create"]`) with `options`
    /// (name, JSON value) from `user` in `channel`; `manage_channels` sets the
    /// member's permission there. A user option is given as
    /// `{"user": id, "name": name}`: sent as Discord sends one, with the user
    /// among the interaction's resolved data. Returns the interaction id.
    pub fn command(
        &self,
        user_id: u64,
        name: &str,
        channel: u64,
        path: &[&str],
        options: &[(&str, Value)],
        manage_channels: bool,
    ) -> String {
        let member = Member { id: user_id, username: name, global_name: Some(name), nick: None };
        self.command_as(&member, channel, path, options, manage_channels)
    }

    /// [`FakeDiscord::command`] from `member`, whose names may differ: a
    /// plain user name, and a display name or a server nickname that is
    /// anything a member may choose (`[Free Nitro](https://evil.example)`,
    /// `<@…>`, `**Game over: I win**`, a line break).
    pub fn command_as(
        &self,
        member: &Member<'_>,
        channel: u64,
        path: &[&str],
        options: &[(&str, Value)],
        manage_channels: bool,
    ) -> String {
        let id = self.id();
        let mut users = serde_json::Map::new();
        let mut roles = serde_json::Map::new();
        let opts: Vec<Value> = options
            .iter()
            .map(|(k, v)| {
                if let Some(u) = v["user"].as_u64() {
                    users.insert(u.to_string(), user(u, v["name"].as_str().unwrap_or("someone"), false));
                    return json!({"name": k, "type": 6, "value": u.to_string()});
                }
                if let Some(r) = v["role"].as_u64() {
                    roles.insert(r.to_string(), json!({"id": r.to_string(), "name": v["name"].as_str().unwrap_or("role"),
                        "color": 0, "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null}, "hoist": false, "position": 1, "permissions": "0", "managed": false,
                        "mentionable": true, "flags": 0, "icon": null, "unicode_emoji": null, "tags": {}}));
                    return json!({"name": k, "type": 8, "value": r.to_string()});
                }
                let kind = match v {
                    Value::Bool(_) => 5,
                    Value::Number(_) => 4,
                    _ => 3,
                };
                json!({"name": k, "type": kind, "value": v})
            })
            .collect();
        let mut data_options = opts;
        for sub in path[1..].iter().rev() {
            data_options = vec![json!({"name": sub, "type": 1, "options": data_options})];
        }
        let perms = if manage_channels { "16" } else { "0" };
        let attachments = match self.attachment_limit() {
            0 => 8_388_608,
            n => n,
        };
        let d = json!({
            "id": id.to_string(), "application_id": APP.to_string(), "type": 2, "token": format!("token-{id}"),
            "version": 1, "guild_id": GUILD.to_string(), "channel_id": channel.to_string(),
            "channel": {"id": channel.to_string(), "type": 0},
            "member": {"user": member.user(), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
                       "deaf": false, "mute": false, "flags": 0, "permissions": perms, "nick": member.nick},
            "data": {"id": "100", "name": path[0], "type": 1, "options": data_options, "resolved": {"users": users, "roles": roles}},
            "locale": "en-US", "guild_locale": "en-US", "entitlements": [], "attachment_size_limit": attachments,
            "app_permissions": "117760", "authorizing_integration_owners": {}
        });
        self.dispatch("INTERACTION_CREATE", d);
        id.to_string()
    }

    /// Presses a component (`custom_id`) of the bot's message `message`
    /// in `channel` as `user`: a button, or a select menu with `values`
    /// chosen (Discord's INTERACTION_CREATE of type 3). Returns the interaction id.
    pub fn press(
        &self,
        user_id: u64,
        name: &str,
        channel: u64,
        message: &Value,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> String {
        let data = match values {
            Some(v) => json!({"custom_id": custom_id, "component_type": 3, "values": v}),
            None => json!({"custom_id": custom_id, "component_type": 2}),
        };
        self.interaction(user_id, name, channel, 3, data, Some(message))
    }

    /// Sends the order form (a modal) `custom_id` back with `text` in its
    /// `orders` field, as `user` (INTERACTION_CREATE of type 5). Returns the interaction id.
    pub fn submit_form(&self, user_id: u64, name: &str, channel: u64, custom_id: &str, text: &str) -> String {
        let data = json!({"custom_id": custom_id, "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "orders", "value": text}]}]});
        self.interaction(user_id, name, channel, 5, data, None)
    }

    fn interaction(
        &self,
        user_id: u64,
        name: &str,
        channel: u64,
        kind: u64,
        data: Value,
        message: Option<&Value>,
    ) -> String {
        let id = self.id();
        let member = Member { id: user_id, username: name, global_name: Some(name), nick: None };
        let mut m = message.cloned().unwrap_or_else(|| bot_message(&channel.to_string(), ""));
        // The message as Discord sends it with the interaction: a full message object.
        let base = bot_message(&channel.to_string(), "");
        for (k, v) in base.as_object().expect("object") {
            if m.get(k).is_none() {
                m[k] = v.clone();
            }
        }
        let mut d = json!({
            "id": id.to_string(), "application_id": APP.to_string(), "type": kind, "token": format!("token-{id}"),
            "version": 1, "guild_id": GUILD.to_string(), "channel_id": channel.to_string(),
            "channel": {"id": channel.to_string(), "type": 0},
            "member": {"user": member.user(), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
                       "deaf": false, "mute": false, "flags": 0, "permissions": "0", "nick": null},
            "data": data, "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "attachment_size_limit": 8_388_608, "app_permissions": "117760", "authorizing_integration_owners": {}
        });
        if kind == 3 {
            d["message"] = m;
        }
        self.dispatch("INTERACTION_CREATE", d);
        id.to_string()
    }

    /// Sends a direct message from `user` to the bot.
    pub fn direct_message(&self, user_id: u64, name: &str, text: &str) {
        let dm = FakeDiscord::dm_channel(user_id).to_string();
        let mut m = bot_message(&dm, text);
        m["author"] = user(user_id, name, false);
        self.dispatch("MESSAGE_CREATE", m);
    }
}
