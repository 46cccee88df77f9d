-- The outbox: every announcement the world must see (results with their
-- images, game start, public commitments, proposal results, reminders, the
-- direct messages the service asks for) is written here in the same
-- transaction as the state change that causes it. Front ends deliver the
-- rows in order per channel and mark them delivered once confirmed.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    channel_id      TEXT    NOT NULL,
    -- A direct message to this user instead of a channel post.
    user_id         TEXT,
    game_id         INTEGER,
    text            TEXT    NOT NULL,
    -- A deadline the text speaks of (unix seconds), shown in each reader's zone.
    deadline        INTEGER,
    -- The images, as JSON specs drawn from the stored game when delivered.
    images          TEXT    NOT NULL DEFAULT '[]',
    -- Users the message may ping (a reminder's late players), JSON; nobody else is pinged.
    mentions        TEXT    NOT NULL DEFAULT '[]',
    created_at      INTEGER NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'parked')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    -- Parts of a long item already confirmed (a retry resumes after them).
    parts_done      INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    delivered_at    INTEGER
);
CREATE INDEX outbox_pending ON outbox (status, channel_id, id);
