-- Games, players, phases, orders, readiness and draw votes.
-- Times are unix seconds. States and reports are versioned JSON.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    channel_id  TEXT    NOT NULL,
    guild_id    TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    settings    TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('forming', 'active', 'paused', 'ended')),
    created_by  TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    ended       TEXT,
    phase_seq   INTEGER NOT NULL DEFAULT 0
);
-- One live game per channel; ended games stay as history.
CREATE UNIQUE INDEX games_live_channel ON games (channel_id) WHERE status != 'ended';

CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power     TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, power),
    UNIQUE (game_id, user_id)
);

CREATE TABLE phases (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('open', 'resolved')),
    deadline    INTEGER,
    paused_left INTEGER,
    report      TEXT,
    resolved_at INTEGER,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX phases_due ON phases (status, deadline);

CREATE TABLE orders (
    game_id      INTEGER NOT NULL,
    seq          INTEGER NOT NULL,
    power        TEXT    NOT NULL,
    slot         TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    submitted_by TEXT    NOT NULL,
    submitted_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, power, slot),
    FOREIGN KEY (game_id, seq) REFERENCES phases (game_id, seq) ON DELETE CASCADE
);

CREATE TABLE ready (
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq, power),
    FOREIGN KEY (game_id, seq) REFERENCES phases (game_id, seq) ON DELETE CASCADE
);

CREATE TABLE draw_votes (
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq, power),
    FOREIGN KEY (game_id, seq) REFERENCES phases (game_id, seq) ON DELETE CASCADE
);
