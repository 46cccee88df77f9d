//! Announcements through the outbox (`docs/architecture.md`): every
//! public reply and every direct message the service asks for is written to
//! the `outbox` table in the same transaction as the state change that
//! causes it (`Service::announce`), with its images as specs that are
//! drawn again from the stored game when the item is delivered. Front ends
//! deliver the items ([`Service::outbox_heads`], [`Service::delivered`]) and
//! never hold the only copy of a result.

use crate::store::{self, NewItem, OutboxItem, StoreError};
use crate::story::source::{ImageSource, ImageSpec};
use crate::{decode, kind_of, settings_of, GameError, Image, Reply, Service, Visibility};

/// An announcement to deliver, with its images ready to draw.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// The stored item.
    pub item: OutboxItem,
    /// The reply to send (text, deadline, images, components).
    pub reply: Reply,
    /// An edit (`item.edits` set): the message it rewrites, if that item
    /// was posted (if not, there is nothing to edit).
    pub edit: Option<String>,
}

impl Service {
    /// Writes every reply that others will see (public ones, and private
    /// ones addressed to another user) into the outbox of `channel`, in the
    /// caller's transaction, and marks them with their outbox id so that
    /// front ends do not send them again from the command's answer.
    pub(crate) fn announce(
        &self,
        c: &rusqlite::Connection,
        channel: &str,
        game: Option<i64>,
        replies: &mut [Reply],
    ) -> Result<(), GameError> {
        let now = self.now();
        for r in replies.iter_mut() {
            let user = match (r.visibility, &r.to) {
                (Visibility::Public, _) => None,
                // A bot reads no direct message (and has nobody to forward it to).
                (Visibility::Private, Some(u)) if store::is_bot(u) => continue,
                (Visibility::Private, Some(u)) => Some(u.as_str()),
                (Visibility::Private, None) => continue,
            };
            // A bot is never pinged.
            r.mentions.retain(|m| !store::is_bot(m));
            let specs: Vec<&ImageSpec> = r.images.iter().filter_map(Image::spec).collect();
            let images = serde_json::to_string(&specs).map_err(StoreError::from)?;
            let mentions = serde_json::to_string(&r.mentions).map_err(StoreError::from)?;
            let components = serde_json::to_string(&r.components).map_err(StoreError::from)?;
            let item = NewItem {
                channel,
                user,
                game,
                text: &r.text,
                deadline: r.deadline,
                images: &images,
                mentions: &mentions,
                components: &components,
                edits: None,
            };
            let id = store::push_outbox(c, &item, now)?;
            r.outbox = Some(id);
        }
        // Whatever changed the game may change what its adverts show.
        if let Some(game) = game {
            self.refresh_adverts(c, game)?;
        }
        Ok(())
    }

    /// [`Service::announce`] for one reply about `game`, in its channel.
    pub(crate) fn announced(
        &self,
        c: &rusqlite::Connection,
        game: &store::GameRow,
        reply: Reply,
    ) -> Result<Reply, GameError> {
        let mut rs = [reply];
        self.announce(c, &game.channel, Some(game.id), &mut rs)?;
        let [r] = rs;
        Ok(r)
    }

    /// [`Service::announce`] for replies about `game`, in its channel.
    pub(crate) fn announced_all(
        &self,
        c: &rusqlite::Connection,
        game: &store::GameRow,
        mut replies: Vec<Reply>,
    ) -> Result<Vec<Reply>, GameError> {
        self.announce(c, &game.channel, Some(game.id), &mut replies)?;
        Ok(replies)
    }

    /// The next item to deliver in each channel whose retry time has come
    /// (at most `limit`), with its images ready to draw from the store.
    ///
    /// # Errors
    /// Database errors.
    pub fn outbox_heads(&self, limit: usize) -> Result<Vec<Delivery>, GameError> {
        let now = self.now();
        let items = self.store.read(|c| Ok::<_, GameError>(store::outbox_heads(c, now, limit)?))?;
        Ok(items.into_iter().map(|item| self.delivery(item)).collect())
    }

    /// Every pending item of the console's games, oldest first (the console prints them all).
    ///
    /// # Errors
    /// Database errors.
    pub fn outbox_pending(&self) -> Result<Vec<Delivery>, GameError> {
        let items = self.store.read(|c| Ok::<_, GameError>(store::outbox_pending(c)?))?;
        Ok(items.into_iter().map(|item| self.delivery(item)).collect())
    }

    /// Marks an item delivered (once a front end has it confirmed). A
    /// direct message delivered forgets that its user refused earlier ones.
    ///
    /// # Errors
    /// Database errors.
    pub fn delivered(&self, id: i64) -> Result<bool, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let done = store::outbox_delivered(c, id, now)?;
            if done {
                store::dm_delivered(c, id)?;
            }
            Ok::<_, GameError>(done)
        })
    }

    /// Gives claimed items back to the outbox (a console could not print
    /// them): pending again, they are delivered later.
    ///
    /// # Errors
    /// Database errors.
    pub fn undelivered(&self, ids: &[i64]) -> Result<(), GameError> {
        self.store.write(|c| {
            for &id in ids {
                store::outbox_undelivered(c, id)?;
            }
            Ok::<_, GameError>(())
        })
    }

    /// Records the message an item's last part was posted as (what an edit of it rewrites).
    ///
    /// # Errors
    /// Database errors.
    pub fn posted_as(&self, id: i64, message: &str) -> Result<(), GameError> {
        self.store.write(|c| Ok::<_, GameError>(store::outbox_posted_as(c, id, message)?))
    }

    /// Records that the first `parts` messages of an item were confirmed.
    ///
    /// # Errors
    /// Database errors.
    pub fn delivered_parts(&self, id: i64, parts: i64) -> Result<(), GameError> {
        self.store.write(|c| Ok::<_, GameError>(store::outbox_parts_done(c, id, parts)?))
    }

    /// Records a try at the part of item `id` being sent, before it goes
    /// out: until it is confirmed ([`Service::delivered_parts`]) or found
    /// not created ([`Service::not_sent`]), Discord may have created it.
    ///
    /// # Errors
    /// Database errors.
    pub fn trying(&self, id: i64) -> Result<(), GameError> {
        let now = self.now();
        self.store.write(|c| Ok::<_, GameError>(store::outbox_trying(c, id, now)?))
    }

    /// Records that no try so far created the part of item `id` being sent.
    ///
    /// # Errors
    /// Database errors.
    pub fn not_sent(&self, id: i64) -> Result<(), GameError> {
        self.store.write(|c| Ok::<_, GameError>(store::outbox_not_sent(c, id)?))
    }

    /// When the next pending item may be tried, if any.
    ///
    /// # Errors
    /// Database errors.
    pub fn outbox_next_attempt(&self) -> Result<Option<i64>, GameError> {
        self.store.read(|c| Ok::<_, GameError>(store::outbox_next_attempt(c)?))
    }

    /// Makes a channel's held-back items due now (something happened there:
    /// a command, a permission change).
    ///
    /// # Errors
    /// Database errors.
    pub fn retry_channel(&self, channel: &str) -> Result<usize, GameError> {
        let now = self.now();
        self.store.write(|c| Ok::<_, GameError>(store::outbox_retry_now(c, channel, now)?))
    }

    /// Every held-back item is tried again now (a channel or a role changed).
    ///
    /// # Errors
    /// Database errors.
    pub fn retry_held(&self) -> Result<usize, GameError> {
        let now = self.now();
        self.store.write(|c| Ok::<_, GameError>(store::outbox_retry_all(c, now)?))
    }

    /// After any command in `channel`: its held-back announcements are tried
    /// again now, and a moderator gets a note if a missing permission holds
    /// them back (what is missing, and what to grant).
    ///
    /// # Errors
    /// Database errors.
    pub fn channel_touched(&self, channel: &str, caller: &crate::Caller) -> Result<Option<String>, GameError> {
        self.retry_channel(channel)?;
        let moderator = caller.moderator || self.moderates(channel, caller);
        if !moderator {
            return Ok(None);
        }
        let held = self.store.read(|c| Ok::<_, GameError>(store::outbox_held(c, channel)?))?;
        Ok(held.map(|(n, error)| {
            format!(
                "Moderators: I cannot post in this channel ({}). {} of this game {} waiting and will be posted as soon as the bot may: give it View Channel, Send Messages, Embed Links, Attach Files and Read Message History here.",
                error.trim_start_matches("missing permission: "),
                chessdip_rules::words::count(usize::try_from(n).unwrap_or(0), "announcement"),
                if n == 1 { "is" } else { "are" }
            )
        }))
    }

    /// How many announcements wait in a channel, and the last error if any (for moderators).
    ///
    /// # Errors
    /// Database errors.
    pub fn waiting(&self, channel: &str) -> Result<i64, GameError> {
        self.store.read(|c| Ok::<_, GameError>(store::outbox_waiting(c, channel)?))
    }

    /// The reply an item stands for, its images rebuilt from their specs.
    fn delivery(&self, item: OutboxItem) -> Delivery {
        let specs: Vec<ImageSpec> = serde_json::from_str(&item.images).unwrap_or_default();
        let images = match (item.game, specs.is_empty()) {
            (Some(game), false) => self.images_of(game, &specs).unwrap_or_else(|e| {
                tracing::error!(outbox = item.id, error = %e, "an announced image cannot be drawn again; sending the text");
                Vec::new()
            }),
            _ => Vec::new(),
        };
        let reply = Reply {
            visibility: if item.user.is_some() { Visibility::Private } else { Visibility::Public },
            to: item.user.clone(),
            text: item.text.clone(),
            images,
            deadline: item.deadline,
            outbox: Some(item.id),
            mentions: serde_json::from_str(&item.mentions).unwrap_or_default(),
            components: serde_json::from_str(&item.components).unwrap_or_default(),
        };
        let edit = item.edits.and_then(|of| self.store.read(|c| store::outbox_message(c, of)).ok().flatten());
        Delivery { item, reply, edit }
    }

    /// Draws (lazily) the images of game `game` that `specs` describe.
    fn images_of(&self, game: i64, specs: &[ImageSpec]) -> Result<Vec<Image>, GameError> {
        self.store.read(|c| {
            let g = store::game(c, game)?.ok_or(GameError::NoGame)?;
            let settings = settings_of(&g);
            let kind = kind_of(&g, &settings)?;
            let mut out = Vec::new();
            for spec in specs {
                let (position, report) = match &spec.source {
                    ImageSource::Timelapse { .. } | ImageSource::Chart { .. } => {
                        let image = crate::story::whole::story_image(c, &g, &kind, &settings, &spec.source)?;
                        out.extend(image.map(|i| i.read_from(&self.store)));
                        continue;
                    }
                    ImageSource::Orders { seq } => {
                        let row = store::phase(c, game, *seq)?.ok_or(GameError::NoGame)?;
                        // Drawn from the report kept when the phase resolved.
                        (decode(&kind, &row)?, Some(crate::story::reports::kept(&row)?))
                    }
                    ImageSource::Phase { seq } => {
                        let row = store::phase(c, game, *seq)?.ok_or(GameError::NoGame)?;
                        (decode(&kind, &row)?, None)
                    }
                    ImageSource::Final { state } => {
                        let json = state.as_deref().or(g.final_state.as_deref()).ok_or(GameError::NoGame)?;
                        (kind.decode(json).map_err(StoreError::from)?, None)
                    }
                    ImageSource::Snapshot { state } => (kind.decode(state).map_err(StoreError::from)?, None),
                };
                out.push(Image::drawn(spec.clone(), &position, report.as_ref(), &settings));
            }
            Ok(out)
        })
    }
}
