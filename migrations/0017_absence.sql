-- Games that survive their players: what happened at each deadline to a
-- power that owed orders, the seats opened for takeover, the players'
-- votes to extend a deadline, and each user's reliability record per
-- server (guild), kept apart from the games so that it outlives them.

-- A grace extension: phase `seq` was extended for everyone because this
-- power owed orders and had sent none at the deadline `at`.
CREATE TABLE grace_used (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    -- The deadline that passed, and the new one.
    at      INTEGER NOT NULL,
    until   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, power)
);

-- A power that reached the deadline of phase `seq` without orders (after
-- its grace): in civil disorder for that phase. `user_id` is NULL for a
-- vacant power.
CREATE TABLE civil_disorder (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    user_id TEXT,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, power)
);

-- Seats changing hands without a moderator: a player unseated after
-- `cd-after` phases in civil disorder ('unseated'), a user asking to take
-- over an open power in a `takeover=moderator` game ('asked'), and a user
-- taking over an open power ('took_over').
CREATE TABLE seat_events (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    power   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('unseated', 'asked', 'took_over')),
    -- The phase it happened in.
    seq     INTEGER,
    at      INTEGER NOT NULL
);
CREATE INDEX seat_events_game ON seat_events (game_id, power, id);

-- Players' votes to extend the deadline of phase `seq` by `secs`.
CREATE TABLE extend_votes (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    secs    INTEGER NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, power)
);

-- A user's reliability record in a server: one row per phase they owed
-- orders in ('in_time', 'after_grace', 'civil_disorder'; `seq` the phase)
-- and one per game they left the board of ('finished', 'unseated',
-- 'conceded', 'left'; `seq` 0). Counted once: a row is never written twice.
CREATE TABLE reliability (
    guild   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('in_time', 'after_grace', 'civil_disorder', 'finished', 'unseated', 'conceded', 'left')),
    power   TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (guild, user_id, game_id, seq, kind)
);
CREATE INDEX reliability_user ON reliability (guild, user_id, at);
