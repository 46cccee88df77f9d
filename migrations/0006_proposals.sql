-- Proposals and votes (Chess Wheel+): recorded and tallied by the bot; a
-- moderator enacts a popular proposal with a note.
CREATE TABLE proposals (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    text         TEXT    NOT NULL,
    power        TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    submitted_at INTEGER NOT NULL,
    vote_seq     INTEGER NOT NULL,
    vote_stage   TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    yes          INTEGER,
    no           INTEGER,
    enacted_note TEXT,
    enacted_by   TEXT,
    enacted_at   INTEGER,
    UNIQUE (game_id, number)
);

CREATE TABLE proposal_votes (
    proposal_id INTEGER NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    yes         INTEGER NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (proposal_id, power)
);
