//! Delivering the service's replies on Discord: private replies as
//! ephemeral messages (or DMs), public ones in the game's channel, board
//! images as PNG attachments shown in embeds, long texts split to fit.

use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{ChannelId, CreateAllowedMentions, CreateAttachment, CreateEmbed, CreateMessage, UserId};

use super::draw::Ask;
use super::ids;
use super::types::{Context, Error};
use chessdip_game::{Reply, Visibility};

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;
/// Discord's limit on an embed's description.
const EMBED_LIMIT: usize = 4096;
/// The embed colour of game results.
const EMBED_COLOUR: u32 = 0x2B_6C_B0;

/// Splits `text` into pieces of at most `limit` bytes, at line ends where
/// possible, keeping code fences balanced in every piece.
#[must_use]
pub fn split(text: &str, limit: usize) -> Vec<String> {
    let limit = limit.max(16);
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_fence = false;
    let room = limit - 4; // for a closing fence
    for line in text.split_inclusive('\n') {
        let mut line = line;
        while !line.is_empty() {
            if cur.len() + line.len() <= room {
                cur.push_str(line);
                if line.trim_end().starts_with("```") {
                    in_fence = !in_fence;
                }
                line = "";
            } else if cur.is_empty() || cur == "```\n" {
                // A line longer than a message: cut it at a character boundary.
                let mut cut = room.saturating_sub(cur.len()).max(1).min(line.len());
                while !line.is_char_boundary(cut) {
                    cut -= 1;
                }
                if cut == 0 {
                    cut = line.chars().next().map_or(line.len(), char::len_utf8);
                }
                cur.push_str(&line[..cut]);
                line = &line[cut..];
                flush(&mut out, &mut cur, in_fence);
            } else {
                flush(&mut out, &mut cur, in_fence);
            }
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim_end().to_string());
    }
    if out.is_empty() {
        out.push(String::from("\u{200b}"));
    }
    out
}

fn flush(out: &mut Vec<String>, cur: &mut String, in_fence: bool) {
    let mut piece = std::mem::take(cur);
    if in_fence {
        if !piece.ends_with('\n') {
            piece.push('\n');
        }
        piece.push_str("```");
        cur.push_str("```\n");
    }
    if !piece.trim().is_empty() {
        out.push(piece.trim_end().to_string());
    }
}

/// The largest file the bot posts: Discord's upload limit on a server
/// without boosts, the smallest any channel has. An animation larger than
/// this is left out (the still images carry the result).
pub const UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

/// What the text says of an animation left out for its size (`bytes`, over `limit`).
fn too_large_note(name: &str, bytes: usize, limit: usize) -> String {
    let what =
        if name.ends_with("-timelapse.gif") { "The game's timelapse" } else { "The animation of the resolution" };
    format!(
        "({what}, {:.1} MB, is over the {} MB a file may be in this channel and is left out.)",
        bytes as f64 / (1024.0 * 1024.0),
        limit / (1024 * 1024)
    )
}

/// Draws a reply's images in the drawing pool ([`super::draw`]) as `ask`
/// says: the still images and the animations as two drawings side by
/// side, so the animation never holds the stills back by more than it
/// takes to draw. Empty images (an animation where nothing moved) and
/// animations over the file size of `ask` are left out, the stills first
/// and the animation last; a timelapse is drawn to fit that size. Returns
/// the reply as it is posted: its text ends with a note on each animation
/// left out or shortened for its size.
async fn attachments(reply: &Reply, ask: &Ask) -> Result<(Vec<CreateAttachment>, Reply), Error> {
    let mut posted = reply.clone();
    if reply.images.is_empty() {
        return Ok((Vec::new(), posted));
    }
    let (animations, stills): (Vec<_>, Vec<_>) = reply.images.iter().cloned().partition(|i| i.is_animation());
    // Both drawings ask for a thread at once, in this item's turn: a storm's
    // results are drawn in the order the delivery takes them up.
    let moving = !animations.is_empty();
    let (stills, animations) = tokio::join!(super::draw::draw(stills, ask), super::draw::draw(animations, ask));
    let mut files = stills?;
    // A failed animation task (it cannot panic: drawing is guarded) never holds the stills back.
    if moving {
        let gifs = animations.unwrap_or_else(|e| {
            tracing::error!(error = %e, "the animation task failed; posting the stills");
            Vec::new()
        });
        for mut gif in gifs {
            if gif.bytes.len() > ask.limit {
                tracing::warn!(image = %gif.name, bytes = gif.bytes.len(), "animation over the upload limit, left out");
                posted.text = format!("{}\n{}", posted.text, too_large_note(&gif.name, gif.bytes.len(), ask.limit));
                gif.bytes.clear();
            }
            files.push(gif);
        }
    }
    for note in files.iter().filter_map(|f| f.note.as_deref()) {
        posted.text = format!("{}\n{note}", posted.text);
    }
    let files =
        files.into_iter().filter(|f| !f.bytes.is_empty()).map(|f| CreateAttachment::bytes(f.bytes, f.name)).collect();
    Ok((files, posted))
}

/// A public reply with images as embeds: the first line as the title, the
/// rest as the description, each image in its own embed. Returns the
/// embeds and any text that did not fit.
fn embeds(reply: &Reply, files: &[CreateAttachment]) -> (Vec<CreateEmbed>, Vec<String>) {
    let text = text_of(reply);
    let (title, body) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    let title: String = title.replace("**", "").chars().take(256).collect();
    let parts = split(body, EMBED_LIMIT);
    let mut first = CreateEmbed::new().title(title).colour(EMBED_COLOUR);
    if !body.trim().is_empty() {
        first = first.description(parts[0].clone());
    }
    let mut out = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let url = format!("attachment://{}", f.filename);
        if i == 0 {
            first = first.clone().image(url);
        } else {
            out.push(CreateEmbed::new().colour(EMBED_COLOUR).image(url));
        }
    }
    out.insert(0, first);
    let rest = if body.trim().is_empty() { Vec::new() } else { parts[1..].to_vec() };
    (out, rest)
}

/// The reply's text as Discord shows it: the players' names in it escaped
/// ([`super::markup`]), its deadline as a pair of Discord timestamps, shown
/// in each reader's time zone: the full date and time with the weekday
/// (`:F`), and how far off it is (`:R`).
#[must_use]
pub fn text_of(reply: &Reply) -> String {
    let text = super::markup::for_discord(&reply.text);
    match reply.deadline {
        Some(t) => format!("{text}\nDeadline: <t:{t}:F> (<t:{t}:R>)"),
        None => text,
    }
}

/// Mentions that ping nobody: no user, role, `@everyone` or `@here` named
/// in the text is notified, and a reply does not ping the one it answers.
/// Every message starts from this; only an announcement meant to ping
/// someone (a reminder naming a late player) adds those users.
pub fn quiet() -> CreateAllowedMentions {
    CreateAllowedMentions::new().replied_user(false)
}

/// Mentions that ping exactly `mentions`: users by id, roles written `&` and their id.
pub fn pinging(mentions: &[String]) -> CreateAllowedMentions {
    let id = |s: &str| s.parse::<u64>().ok().filter(|n| *n != 0);
    let users = mentions.iter().filter_map(|u| id(u)).map(UserId::new);
    let roles = mentions.iter().filter_map(|r| r.strip_prefix('&').and_then(id)).map(serenity::RoleId::new);
    quiet().users(users).roles(roles)
}

/// A private (ephemeral) answer to a command that pings nobody.
#[must_use]
pub fn private(text: impl Into<String>) -> CreateReply {
    CreateReply::default().content(text).ephemeral(true).allowed_mentions(quiet())
}

/// One message of a reply as posted: the text pieces, or the first message
/// with the images shown in embeds.
#[derive(Debug, Clone)]
pub enum Piece {
    /// A text message.
    Text(String),
    /// The images with their embeds (title and the start of the text).
    Files {
        /// The PNG attachments.
        files: Vec<CreateAttachment>,
        /// The embeds that show them.
        embeds: Vec<CreateEmbed>,
    },
}

impl Piece {
    /// The message of this piece, pinging nobody but `mentions` (users, and
    /// roles written `&` and their id).
    pub fn message(&self, mentions: &[String]) -> CreateMessage {
        let m = CreateMessage::new().allowed_mentions(pinging(mentions));
        match self {
            Piece::Text(t) => m.content(t.clone()),
            Piece::Files { embeds, .. } => m.embeds(embeds.clone()),
        }
    }
}

/// The messages an announcement is posted as, in order (its images drawn
/// now, as an announcement's: before the images answering commands).
///
/// # Errors
/// Drawing the images failed.
pub async fn pieces(reply: &Reply) -> Result<Vec<Piece>, Error> {
    pieces_for(reply, &Ask::announcement(UPLOAD_LIMIT)).await
}

/// The messages a reply is posted as, in order (its images drawn now as `ask` says).
///
/// # Errors
/// Drawing the images failed.
pub async fn pieces_for(reply: &Reply, ask: &Ask) -> Result<Vec<Piece>, Error> {
    let (files, reply) = attachments(reply, ask).await?;
    if files.is_empty() {
        return Ok(split(&text_of(&reply), MESSAGE_LIMIT).into_iter().map(Piece::Text).collect());
    }
    let (embeds, rest) = embeds(&reply, &files);
    let mut out = vec![Piece::Files { files, embeds }];
    out.extend(rest.iter().flat_map(|r| split(r, MESSAGE_LIMIT)).map(Piece::Text));
    Ok(out)
}

/// Posts a reply in a channel, piece by piece, its images drawn as `ask` says.
///
/// # Errors
/// Discord refused the message.
pub async fn to_channel(http: &serenity::Http, channel: ChannelId, reply: &Reply, ask: &Ask) -> Result<(), Error> {
    for piece in pieces_for(reply, ask).await? {
        let msg = piece.message(&reply.mentions);
        match piece {
            Piece::Files { files, .. } => channel.send_files(http, files, msg).await?,
            Piece::Text(_) => channel.send_message(http, msg).await?,
        };
    }
    Ok(())
}

/// Sends a reply to a user in a direct message, its images drawn as `ask` says.
///
/// # Errors
/// Discord refused (e.g. the user does not accept direct messages).
pub async fn to_user(http: &serenity::Http, user: UserId, reply: &Reply, ask: &Ask) -> Result<(), Error> {
    let dm = user.create_dm_channel(http).await?;
    let (files, reply) = attachments(reply, ask).await?;
    let parts = split(&text_of(&reply), MESSAGE_LIMIT);
    let last = parts.len() - 1;
    for (i, part) in parts.into_iter().enumerate() {
        let msg = CreateMessage::new().content(part).allowed_mentions(quiet());
        if i == last && !files.is_empty() {
            dm.id.send_files(http, files.clone(), msg).await?;
        } else {
            dm.id.send_message(http, msg).await?;
        }
    }
    Ok(())
}

/// Answers a command with the service's replies: the first answers the
/// interaction (ephemeral if private), further private ones follow
/// ephemerally or go to their user by DM, public ones go to `channel`.
/// Announcements (replies the outbox carries) are left to the delivery
/// task, so the interaction's answer is never the only copy of a result:
/// the caller is told it is posted in the channel. An answer with images
/// is deferred first (Discord shows "thinking…") and sent once they are
/// drawn: drawing waits its turn in the pool, after the announcements, and
/// may take longer than the 3 seconds Discord gives an answer.
///
/// # Errors
/// Discord refused a message.
pub async fn answer(ctx: Context<'_>, channel: ChannelId, replies: Vec<Reply>) -> Result<(), Error> {
    let mut answered = false;
    let ask = ask_of(ctx, channel);
    // The reply that answers the interaction: defer it before drawing its images.
    let first = replies.iter().find(|r| r.outbox.is_none() && !(r.visibility == Visibility::Private && r.to.is_some()));
    if let Some(r) = first.filter(|r| !r.images.is_empty()) {
        let deferred = match r.visibility {
            Visibility::Private => ctx.defer_ephemeral().await,
            Visibility::Public => ctx.defer().await,
        };
        if let Err(e) = deferred {
            tracing::warn!(error = %e, "could not defer an answer with images");
        }
    }
    // What the channel will see, in a line, for the caller's own answer.
    let done = done_line(&replies);
    if replies.iter().any(|r| r.outbox.is_some()) {
        ctx.data().deliver.notify_one();
    }
    for r in replies.into_iter().filter(|r| r.outbox.is_none()) {
        match (r.visibility, &r.to) {
            (Visibility::Private, Some(user)) => {
                let Some(id) = ids::user_for(user, "a private reply") else { continue };
                if let Err(e) = to_user(ctx.http(), id, &r, &ask).await {
                    tracing::warn!(user = %user, error = %e, "could not send a direct message");
                }
            }
            (Visibility::Private, None) => {
                let (files, r) = attachments(&r, &ask).await?;
                let parts = split(&text_of(&r), MESSAGE_LIMIT);
                let last = parts.len() - 1;
                for (i, part) in parts.into_iter().enumerate() {
                    let mut m = CreateReply::default().content(part).ephemeral(true).allowed_mentions(quiet());
                    if i == last {
                        for f in &files {
                            m = m.attachment(f.clone());
                        }
                        if !r.components.is_empty() {
                            m = m.components(super::components::rows(&r.components));
                        }
                    }
                    ctx.send(m).await?;
                }
                answered = true;
            }
            (Visibility::Public, _) if !answered => {
                let (files, r) = attachments(&r, &ask).await?;
                let mut rest = Vec::new();
                let mut m = CreateReply::default().allowed_mentions(quiet());
                if files.is_empty() {
                    let mut parts = split(&text_of(&r), MESSAGE_LIMIT).into_iter();
                    m = m.content(parts.next().unwrap_or_default());
                    rest.extend(parts);
                } else {
                    let (es, more) = embeds(&r, &files);
                    for e in es {
                        m = m.embed(e);
                    }
                    for f in files {
                        m = m.attachment(f);
                    }
                    rest.extend(more.iter().flat_map(|t| split(t, MESSAGE_LIMIT)));
                }
                ctx.send(m).await?;
                for part in rest {
                    channel
                        .send_message(ctx.http(), CreateMessage::new().content(part).allowed_mentions(quiet()))
                        .await?;
                }
                answered = true;
            }
            (Visibility::Public, _) => to_channel(ctx.http(), channel, &r, &ask).await?,
        }
    }
    if !answered {
        ctx.send(CreateReply::default().content(done).ephemeral(true).allowed_mentions(quiet())).await?;
    }
    Ok(())
}

/// The answer to a command or a press whose replies all go out as
/// announcements: what the channel will see, in a line (`Posted in the
/// channel: …`), or `Done.` when nothing is posted.
#[must_use]
pub fn done_line(replies: &[Reply]) -> String {
    let first = replies.iter().find(|r| r.outbox.is_some() && r.to.is_none());
    first.map_or_else(
        || "Done.".to_string(),
        |r| {
            let line = super::markup::for_discord(r.text.lines().next().unwrap_or("")).replace("**", "");
            let short: String = line.chars().take(300).collect();
            let cut = if short.len() < line.len() { "…" } else { "" };
            format!("Posted in the channel: {short}{cut}")
        },
    )
}

/// How the images answering the command of `ctx` in `channel` are drawn:
/// as an answer, the caller's and the channel's, to fit the largest file
/// Discord says the interaction may carry (the smallest of any channel if
/// it does not say).
fn ask_of(ctx: Context<'_>, channel: ChannelId) -> Ask {
    let limit = match ctx {
        poise::Context::Application(a) => usize::try_from(a.interaction.attachment_size_limit).unwrap_or(0),
        poise::Context::Prefix(_) => 0,
    };
    let limit = if limit == 0 { UPLOAD_LIMIT } else { limit };
    Ask::answer(&ctx.author().id.get().to_string(), &channel.get().to_string(), limit)
}

#[cfg(test)]
mod tests {
    use super::{split, too_large_note};

    #[test]
    fn an_animation_left_out_for_its_size_is_named_with_its_size() {
        assert_eq!(
            too_large_note("chessdip-timelapse.gif", 12 * 1024 * 1024 + 300 * 1024, 10 << 20),
            "(The game's timelapse, 12.3 MB, is over the 10 MB a file may be in this channel and is left out.)"
        );
        assert!(too_large_note("spring-1401-resolution.gif", 11 << 20, 10 << 20)
            .starts_with("(The animation of the resolution, 11.0 MB"));
    }

    #[test]
    fn split_respects_the_limit_and_keeps_fences_closed() {
        let text = format!("head\n```\n{}```\ntail", "a line of the transcript\n".repeat(200));
        let parts = split(&text, 300);
        assert!(parts.len() > 10);
        for p in &parts {
            assert!(p.len() <= 300, "{}", p.len());
            assert_eq!(p.matches("```").count() % 2, 0, "unbalanced fence in {p:?}");
        }
        let joined: String = parts.concat();
        assert!(joined.contains("head") && joined.contains("tail"));
    }

    #[test]
    fn split_cuts_overlong_lines_at_character_boundaries() {
        let text = "é".repeat(3000);
        let parts = split(&text, 2000);
        assert!(parts.iter().all(|p| p.len() <= 2000));
        assert_eq!(parts.concat().chars().count(), 3000);
        assert_eq!(split("", 2000).len(), 1);
    }
}
