//! Direct messages: a player sends orders (or `show`, `ready`...) as plain
//! text. With one game the message goes to it; with several the player
//! starts the message with the game's number (`2: K e1 - e2`) or, if they
//! did not, the bot lists the games and keeps the message until they answer
//! with a number.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateMessage};

use super::draw::Ask;
use super::failure::{Failure, Progress};
use super::types::{Data, Error};
use super::{ids, post};
use chessdip_game::{Caller, Reply, Visibility};

/// First words that are commands rather than orders.
const COMMANDS: &[&str] = &[
    "show", "clear", "preview", "ready", "unready", "status", "history", "help", "commit", "reveal", "draw", "concede",
    "extend", "notify",
];

/// The service command line for a direct message's text.
fn command_line(text: &str) -> String {
    let first = text.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    match first.as_str() {
        "show" | "clear" | "preview" => format!("orders {}", text.trim()),
        w if COMMANDS.contains(&w) => text.trim().to_string(),
        "orders" => text.trim().to_string(),
        _ => format!("orders {}", text.trim()),
    }
}

/// Splits a leading game choice off a message: `2: ...`, `2 ...` (a number
/// then orders) or `<#channel> ...`. Returns the choice and the rest.
fn game_prefix(text: &str) -> Option<(Choice, &str)> {
    let t = text.trim_start();
    if let Some(rest) = t.strip_prefix("<#") {
        let (id, rest) = rest.split_once('>')?;
        return Some((Choice::Channel(id.to_string()), rest.trim_start_matches([':', ' '])));
    }
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let rest = &t[digits.len()..];
    if !(rest.is_empty() || rest.starts_with(':') || rest.starts_with(char::is_whitespace)) {
        return None;
    }
    Some((Choice::Number(digits.parse().ok()?), rest.trim_start_matches(':').trim_start()))
}

#[derive(Debug, PartialEq, Eq)]
enum Choice {
    Number(usize),
    Channel(String),
}

fn games_list(games: &[(String, String, String)]) -> String {
    games
        .iter()
        .enumerate()
        .map(|(i, (ch, variant, power))| format!("  {}: <#{ch}> {variant}, as {power}", i + 1))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Handles a direct message to the bot.
///
/// # Errors
/// Discord refused a message, or the database failed.
pub async fn on_message(ctx: &serenity::Context, data: &Data, msg: &serenity::Message) -> Result<(), Error> {
    if msg.guild_id.is_some() || msg.author.bot {
        return Ok(());
    }
    let user = msg.author.id;
    let uid = user.get().to_string();
    let caller = Caller { user: uid.clone(), name: super::checks::shown_name(&msg.author, None), moderator: false };
    let text = msg.content.clone();
    let here = msg.channel_id;
    // What fails is tagged with how far the message got, for the apology.
    let say = |t: String| async move {
        for part in post::split(&super::markup::for_discord(&t), 2000) {
            let sent =
                here.send_message(&ctx.http, CreateMessage::new().content(part).allowed_mentions(post::quiet())).await;
            sent.map_err(|e| Failure::tag(Progress::AnswerLost, e))?;
        }
        Ok::<(), Error>(())
    };
    let games = match data.call(move |s| s.games_of(&uid)).await? {
        Ok(g) => g,
        Err(e) => return Err(Failure::tag(Progress::NotSaved, e)),
    };
    if games.is_empty() {
        return say("You are not playing in any game. Join one in its channel with `/join`; then you can send me your orders here.".into()).await;
    }
    if text.trim().eq_ignore_ascii_case("games") {
        return say(format!("Your games:\n{}", games_list(&games))).await;
    }
    let (game, line) = match game_prefix(&text) {
        Some((choice, rest)) => {
            let found = match &choice {
                Choice::Number(n) => games.get(n.wrapping_sub(1)),
                Choice::Channel(id) => games.iter().find(|(ch, _, _)| ch == id),
            };
            let Some(g) = found else {
                return say(format!("There is no such game. Your games:\n{}", games_list(&games))).await;
            };
            let rest = if rest.trim().is_empty() {
                // A bare number answers the question about a kept message.
                match data.pending_dm.take(user) {
                    Some(kept) => kept,
                    None => return say(format!("Game {}: now send the orders, starting with its number.", g.0)).await,
                }
            } else {
                rest.to_string()
            };
            (g.0.clone(), rest)
        }
        None if games.len() == 1 => (games[0].0.clone(), text.clone()),
        None if chessdip_game::request::reveal_text(&text).is_some() => {
            return say(format!(
                "You play in several games: start the reveal with the game's number, e.g. `2: reveal ...`:\n{}",
                games_list(&games)
            ))
            .await;
        }
        None => {
            data.pending_dm.keep(user, text.clone());
            return say(format!(
                "You play in several games. Which one is this for? Answer with its number (or start your messages with it, e.g. `2: K e1 - e2`):\n{}",
                games_list(&games)
            ))
            .await;
        }
    };
    // A reveal keeps its text byte for byte; a .txt attachment can carry it.
    let line =
        match chessdip_game::request::reveal_text(&line) {
            Some(rest) if rest.trim().is_empty() => match msg.attachments.first() {
                Some(a) if a.size <= 64 * 1024 => match String::from_utf8(a.download().await?) {
                    Ok(t) => format!("reveal {t}"),
                    Err(_) => return say("That attachment is not UTF-8 text.".into()).await,
                },
                _ => return say(
                    "Send `reveal` followed by the exact text you committed, or `reveal` with a .txt file attached."
                        .into(),
                )
                .await,
            },
            Some(_) => line,
            None => command_line(&line),
        };
    let channel = game.clone();
    let replies = data.call(move |s| s.command(&channel, "", &caller, &line)).await?;
    data.wake.notify_one();
    data.deliver.notify_one();
    data.think.notify_one();
    data.channels.notify_one();
    let game_channel = ids::channel_for(&game, "a public reply to a direct message");
    let ask = Ask::answer(&user.get().to_string(), &game, post::UPLOAD_LIMIT);
    deliver(ctx, (here, game_channel), replies, &ask).await.map_err(|e| Failure::tag(Progress::AnswerLost, e))
}

/// Sends replies to a direct message: private ones back in the DM, ones
/// for another user to them, public ones to the game's channel, their
/// images drawn as `ask` says. Announcements (carried by the outbox) are
/// left to the delivery task.
async fn deliver(
    ctx: &serenity::Context,
    (dm, game_channel): (ChannelId, Option<ChannelId>),
    replies: Vec<Reply>,
    ask: &Ask,
) -> Result<(), Error> {
    for r in replies.into_iter().filter(|r| r.outbox.is_none()) {
        match (r.visibility, &r.to, game_channel) {
            (Visibility::Private, Some(to), _) => {
                if let Some(id) = ids::user_for(to, "a private reply") {
                    if let Err(e) = post::to_user(&ctx.http, id, &r, ask).await {
                        tracing::warn!(user = %to, error = %e, "could not send a direct message");
                    }
                }
            }
            (Visibility::Public, _, Some(ch)) => post::to_channel(&ctx.http, ch, &r, ask).await?,
            _ => post::to_channel(&ctx.http, dm, &r, ask).await?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_pick_a_game() {
        assert_eq!(game_prefix("2: K e1 - e2"), Some((Choice::Number(2), "K e1 - e2")));
        assert_eq!(game_prefix("2 K e1 - e2"), Some((Choice::Number(2), "K e1 - e2")));
        assert_eq!(game_prefix("2"), Some((Choice::Number(2), "")));
        assert_eq!(game_prefix("<#123>: ready"), Some((Choice::Channel("123".into()), "ready")));
        assert_eq!(game_prefix("e2 - e4"), None);
        assert_eq!(game_prefix("2e4"), None);
    }

    #[test]
    fn plain_text_is_orders_and_command_words_are_commands() {
        assert_eq!(command_line("K e1 - e2"), "orders K e1 - e2");
        assert_eq!(command_line("show"), "orders show");
        assert_eq!(command_line("Ready"), "Ready");
        assert_eq!(command_line("orders clear"), "orders clear");
        assert_eq!(command_line("notify phase=off"), "notify phase=off", "the game's server's settings");
    }
}
