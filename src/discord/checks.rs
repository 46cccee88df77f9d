//! Who the caller is, and whether they moderate the channel: the Manage
//! Channels permission there (as Discord computes it for the interaction) or
//! the role named in the configuration. The service decides what that allows.

use poise::serenity_prelude as serenity;

use super::types::Context;
use chessdip_game::Caller;

/// The name a user is shown by: nickname, global name, or user name, on
/// one line and without control or bidirectional characters
/// ([`chessdip_game::names::clean`]); their user name if nothing is left.
pub fn shown_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    let chosen =
        member.and_then(|m| m.nick.clone()).or_else(|| user.global_name.clone()).unwrap_or_else(|| user.name.clone());
    let name = chessdip_game::names::clean(&chosen);
    if name.is_empty() {
        chessdip_game::names::clean(&user.name)
    } else {
        name
    }
}

/// The caller as the service knows them.
pub async fn caller(ctx: Context<'_>) -> Caller {
    let user = ctx.author();
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.as_deref().cloned(),
        poise::Context::Prefix(_) => None,
    };
    let moderator = match &member {
        Some(m) => is_moderator(ctx.serenity_context(), &ctx.data().config.moderator_role, ctx.guild_id(), m).await,
        None => false,
    };
    Caller { user: user.id.get().to_string(), name: shown_name(user, member.as_ref()), moderator }
}

/// The caller of a component or modal interaction (a button, a menu, the order form).
pub async fn caller_of(
    ctx: &serenity::Context,
    moderator_role: &str,
    guild: Option<serenity::GuildId>,
    user: &serenity::User,
    member: Option<&serenity::Member>,
) -> Caller {
    let moderator = match member {
        Some(m) => is_moderator(ctx, moderator_role, guild, m).await,
        None => false,
    };
    Caller { user: user.id.get().to_string(), name: shown_name(user, member), moderator }
}

async fn is_moderator(
    ctx: &serenity::Context,
    moderator_role: &str,
    guild: Option<serenity::GuildId>,
    member: &serenity::Member,
) -> bool {
    if member.permissions.is_some_and(|p| p.manage_channels() || p.administrator()) {
        return true;
    }
    if member.roles.is_empty() {
        return false;
    }
    roles_named(ctx, moderator_role, guild).await.iter().any(|id| member.roles.contains(id))
}

/// The server's roles named by `moderator_role` (none if it is empty or
/// the roles cannot be read).
pub async fn moderator_roles(ctx: Context<'_>) -> Vec<serenity::RoleId> {
    roles_named(ctx.serenity_context(), &ctx.data().config.moderator_role, ctx.guild_id()).await
}

/// The roles of server `guild` named `wanted` (none if it is empty or the roles cannot be read).
async fn roles_named(ctx: &serenity::Context, wanted: &str, guild: Option<serenity::GuildId>) -> Vec<serenity::RoleId> {
    let wanted = wanted.trim();
    let Some(guild) = guild.filter(|_| !wanted.is_empty()) else { return Vec::new() };
    let cached: Option<Vec<(serenity::RoleId, String)>> =
        ctx.cache.guild(guild).map(|g| g.roles.values().map(|r| (r.id, r.name.clone())).collect());
    let roles = match cached {
        Some(r) => r,
        None => match guild.roles(&ctx.http).await {
            Ok(map) => map.into_values().map(|r| (r.id, r.name)).collect(),
            Err(e) => {
                tracing::warn!(guild = %guild, error = %e, "could not read the server's roles");
                return Vec::new();
            }
        },
    };
    roles.into_iter().filter(|(_, name)| name.eq_ignore_ascii_case(wanted)).map(|(id, _)| id).collect()
}
