//! Buttons, menus and the order form on Discord: drawing the service's
//! components ([`chessdip_game::controls`]) as action rows, and carrying
//! out a pressed one through [`chessdip_game::Service::press`], which does
//! what the slash command does, with its checks and answers, only on the
//! game and phase the control was shown in.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateButton, CreateInputText,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateModal,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, InputTextStyle, ModalInteraction,
};

use super::types::{Data, Error};
use super::{checks, ids, markup, post};
use chessdip_game::controls::{Component, Style};
use chessdip_game::seats::adverts::Pressed;
use chessdip_game::{GameError, Reply, Visibility};

/// The id of the order form's text box.
const ORDERS_FIELD: &str = "orders";
/// How long a press may take before its answer is deferred (Discord allows 3 s).
const DEFER_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

/// The action rows of `components`: a menu a row, buttons five a row, at most five rows.
#[must_use]
pub fn rows(components: &[Component]) -> Vec<CreateActionRow> {
    let mut out = Vec::new();
    let mut buttons = Vec::new();
    for c in components {
        match c {
            Component::Menu { control, placeholder, choices } => {
                let options =
                    choices.iter().take(25).map(|p| CreateSelectMenuOption::new(cut(p, 100), cut(p, 100))).collect();
                let menu = CreateSelectMenu::new(control.id(), CreateSelectMenuKind::String { options })
                    .placeholder(cut(placeholder, 150));
                out.push(CreateActionRow::SelectMenu(menu));
            }
            Component::Button { control, label, style } => {
                let style = match style {
                    Style::Primary => ButtonStyle::Primary,
                    Style::Secondary => ButtonStyle::Secondary,
                    Style::Success => ButtonStyle::Success,
                    Style::Danger => ButtonStyle::Danger,
                };
                buttons.push(CreateButton::new(control.id()).label(cut(label, 80)).style(style));
            }
        }
    }
    for chunk in buttons.chunks(5) {
        out.push(CreateActionRow::Buttons(chunk.to_vec()));
    }
    out.truncate(5);
    out
}

fn cut(text: &str, n: usize) -> String {
    text.chars().take(n).collect()
}

/// A button or a menu was used.
///
/// # Errors
/// Discord refused the answer.
pub async fn on_component(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction) -> Result<(), Error> {
    let value = match &ci.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let who = Presser { guild: ci.guild_id, user: &ci.user, member: ci.member.as_ref(), id: &ci.data.custom_id };
    let (pressed, deferred) = press(ctx, data, who, value, ci.defer_ephemeral(&ctx.http)).await?;
    match pressed {
        Ok((_, Pressed::Form { submit, title, orders, example })) if !deferred => {
            let field = CreateInputText::new(InputTextStyle::Paragraph, "Your orders, one a line", ORDERS_FIELD)
                .placeholder(cut(&example, 100))
                .required(false)
                .max_length(4000);
            let field = if orders.is_empty() { field } else { field.value(cut(&orders, 4000)) };
            let modal =
                CreateModal::new(submit.id(), cut(&title, 45)).components(vec![CreateActionRow::InputText(field)]);
            ci.create_response(&ctx.http, CreateInteractionResponse::Modal(modal)).await?;
            Ok(())
        }
        Ok((_, Pressed::Form { .. })) => {
            refuse(ctx, (ci.id, &ci.token), deferred, "The order form took too long to open: press the button again.")
                .await
        }
        Ok((channel, Pressed::Replies(rs))) => answer(ctx, data, (ci.id, &ci.token), deferred, &channel, rs).await,
        Err(GameError::Store(e)) => Err(e.into()),
        Err(e) => refuse(ctx, (ci.id, &ci.token), deferred, &e.to_string()).await,
    }
}

/// The order form was sent.
///
/// # Errors
/// Discord refused the answer.
pub async fn on_modal(ctx: &serenity::Context, data: &Data, mi: &ModalInteraction) -> Result<(), Error> {
    let text: String = mi
        .data
        .components
        .iter()
        .flat_map(|row| row.components.iter())
        .filter_map(|c| match c {
            serenity::ActionRowComponent::InputText(t) if t.custom_id == ORDERS_FIELD => t.value.clone(),
            _ => None,
        })
        .collect();
    let who = Presser { guild: mi.guild_id, user: &mi.user, member: mi.member.as_ref(), id: &mi.data.custom_id };
    let (pressed, deferred) = press(ctx, data, who, Some(text), mi.defer_ephemeral(&ctx.http)).await?;
    match pressed {
        Ok((channel, Pressed::Replies(rs))) => answer(ctx, data, (mi.id, &mi.token), deferred, &channel, rs).await,
        Ok((_, Pressed::Form { .. })) => {
            refuse(ctx, (mi.id, &mi.token), deferred, "That form cannot open a form.").await
        }
        Err(GameError::Store(e)) => Err(e.into()),
        Err(e) => refuse(ctx, (mi.id, &mi.token), deferred, &e.to_string()).await,
    }
}

/// Who pressed which control, as the interaction says.
struct Presser<'a> {
    guild: Option<serenity::GuildId>,
    user: &'a serenity::User,
    member: Option<&'a serenity::Member>,
    id: &'a str,
}

/// Carries out a press through the service on a blocking thread, deferring
/// the answer (with `defer`) if it takes longer than Discord waits; what
/// the service said, and whether the answer was deferred.
async fn press(
    ctx: &serenity::Context,
    data: &Data,
    who: Presser<'_>,
    value: Option<String>,
    defer: impl std::future::Future<Output = serenity::Result<()>>,
) -> Result<(Result<(String, Pressed), GameError>, bool), Error> {
    let caller = checks::caller_of(ctx, &data.config.moderator_role, who.guild, who.user, who.member).await;
    let guild = who.guild.map_or_else(String::new, |g| g.get().to_string());
    let id = who.id.to_string();
    let call = data.call(move |s| s.press(&guild, &caller, &id, value.as_deref()));
    tokio::pin!(call);
    let mut deferred = false;
    let pressed = tokio::select! {
        done = &mut call => done?,
        () = tokio::time::sleep(DEFER_AFTER) => {
            deferred = true;
            defer.await?;
            call.await?
        }
    };
    wake(data);
    Ok((pressed, deferred))
}

/// Lets the scheduler, the delivery and the bots look again (a press may have opened a phase).
fn wake(data: &Data) {
    data.wake.notify_one();
    data.deliver.notify_one();
    data.think.notify_one();
}

type Interaction<'a> = (serenity::InteractionId, &'a str);

/// A private refusal, its names escaped.
async fn refuse(ctx: &serenity::Context, to: Interaction<'_>, deferred: bool, text: &str) -> Result<(), Error> {
    let text = markup::for_discord(&chessdip_game::orders::chars::visible(text));
    send(ctx, to, deferred, &text, Vec::new()).await
}

/// One private answer: the interaction's first answer, or a follow-up once deferred.
async fn send(
    ctx: &serenity::Context,
    to: Interaction<'_>,
    deferred: bool,
    text: &str,
    components: Vec<CreateActionRow>,
) -> Result<(), Error> {
    let parts = post::split(text, 2000);
    let last = parts.len() - 1;
    for (i, part) in parts.into_iter().enumerate() {
        let rows = if i == last { components.clone() } else { Vec::new() };
        if i == 0 && !deferred {
            let msg = CreateInteractionResponseMessage::new()
                .content(part)
                .ephemeral(true)
                .allowed_mentions(post::quiet())
                .components(rows);
            ctx.http
                .create_interaction_response(to.0, to.1, &CreateInteractionResponse::Message(msg), Vec::new())
                .await?;
        } else {
            let msg = CreateInteractionResponseFollowup::new()
                .content(part)
                .ephemeral(true)
                .allowed_mentions(post::quiet())
                .components(rows);
            ctx.http.create_followup_message(to.1, &msg, Vec::new()).await?;
        }
    }
    Ok(())
}

/// Answers a press as its slash command is answered: its private reply
/// privately (with its buttons), direct messages to their users, and for
/// an announcement (delivered from the outbox) a line saying it is posted.
async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    to: Interaction<'_>,
    deferred: bool,
    channel: &str,
    replies: Vec<Reply>,
) -> Result<(), Error> {
    let mut answered = deferred;
    let mut said = false;
    let done = post::done_line(&replies);
    for r in replies.into_iter().filter(|r| r.outbox.is_none()) {
        match (r.visibility, &r.to) {
            (Visibility::Private, Some(user)) => {
                let Some(user) = ids::user_for(user, "a private reply") else { continue };
                let ask = super::draw::Ask::answer(&user.get().to_string(), channel, post::UPLOAD_LIMIT);
                if let Err(e) = post::to_user(&ctx.http, user, &r, &ask).await {
                    tracing::warn!(error = %e, "could not send a direct message");
                }
            }
            (Visibility::Private, None) => {
                send(ctx, to, answered, &post::text_of(&r), rows(&r.components)).await?;
                answered = true;
                said = true;
            }
            (Visibility::Public, _) => {
                if let Some(ch) = ids::channel(channel) {
                    let ask = super::draw::Ask::answer("", channel, post::UPLOAD_LIMIT);
                    post::to_channel(&ctx.http, ch, &r, &ask).await?;
                }
            }
        }
    }
    if !said {
        send(ctx, to, answered, &done, Vec::new()).await?;
    }
    data.deliver.notify_one();
    Ok(())
}
