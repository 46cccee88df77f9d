-- The text channels the bot made for games (`/game create channel:new` on
-- Discord): one row per channel, for the game it was made for. A later
-- game created in the same channel is not the channel's: the channel is
-- then like any other, never archived and its readers no longer kept.
CREATE TABLE game_channels (
    channel_id    TEXT    PRIMARY KEY,
    game_id       INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    -- Only its players, its moderators and the bot read it (private=yes).
    private       INTEGER NOT NULL,
    -- Seconds after the game's end when the channel is archived (archive-after=).
    archive_after INTEGER NOT NULL,
    -- The users the bot has given leave to read and post in the channel (a
    -- member overwrite), as a JSON list of ids: the creator, then each
    -- player as they are seated; a player no longer seated is taken out.
    readers       TEXT    NOT NULL DEFAULT '[]',
    -- When it was moved to the archive category and made read-only.
    archived_at   INTEGER,
    -- The last failure to change it (a permission the bot lacks), so that
    -- it is logged once, not at every try.
    last_error    TEXT,
    created_at    INTEGER NOT NULL
);
