-- Hashed orders: a phase of a hashed game has a commit window, then a reveal window.
ALTER TABLE phases ADD COLUMN stage TEXT NOT NULL DEFAULT 'orders';

-- Every commitment made (the latest of a power counts).
CREATE TABLE commitments (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    hash    TEXT    NOT NULL CHECK (length(hash) = 64),
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES phases (game_id, seq) ON DELETE CASCADE
);
CREATE INDEX commitments_phase ON commitments (game_id, seq, power);

-- Every reveal attempt, accepted or not.
CREATE TABLE reveals (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    text    TEXT    NOT NULL,
    hash    TEXT    NOT NULL,
    matched INTEGER NOT NULL,
    detail  TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES phases (game_id, seq) ON DELETE CASCADE
);
CREATE INDEX reveals_phase ON reveals (game_id, seq, power);
