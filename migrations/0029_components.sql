-- Buttons and menus on announcements (issue 40), and announcements that
-- edit an earlier one in place (a forming game's advert as seats fill).

-- The components of the item's last message, JSON (`chessdip_game::controls::Component`).
ALTER TABLE outbox ADD COLUMN components TEXT NOT NULL DEFAULT '[]';
-- An edit: the item whose message this one rewrites (its text and components).
ALTER TABLE outbox ADD COLUMN edits INTEGER;
-- The id of the item's last message once it is posted (what an edit rewrites).
ALTER TABLE outbox ADD COLUMN message_id TEXT;
-- The edits of an item, found without reading every queued item.
CREATE INDEX outbox_edits ON outbox (edits) WHERE edits IS NOT NULL;

-- A forming game's adverts: its announcement in its channel, and in the
-- lobby. Each is edited as seats fill, and when the game starts or ends.
CREATE TABLE adverts (
    outbox_id  INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id TEXT    NOT NULL,
    -- Its opening words (the game, its rules), which every edit keeps.
    intro      TEXT    NOT NULL,
    -- What the advert shows now (text and components), to edit only on a change.
    shown      TEXT    NOT NULL
);
CREATE INDEX adverts_game ON adverts (game_id);

-- When a forming game starts by itself (`start-at=`, unix seconds): kept
-- beside its settings so that the scheduler finds the games due without
-- reading every game's settings. Cleared once the game starts or ends.
ALTER TABLE games ADD COLUMN start_at INTEGER;
CREATE INDEX games_start_at ON games (start_at) WHERE start_at IS NOT NULL;
