-- Records that tell the truth.

-- An unseating is recorded with the phase whose resolution unseated the
-- player (`seq`), so that a player unseated twice from one game has two
-- rows, and a rollback of that phase takes its unseating back. `n` numbers
-- the rows a user has of one kind in one phase (a turn-based phase can be
-- missed more than once; 0 for every other row).
CREATE TABLE reliability_new (
    guild   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('in_time', 'after_grace', 'civil_disorder', 'finished', 'unseated', 'conceded', 'forfeited', 'left')),
    n       INTEGER NOT NULL DEFAULT 0,
    power   TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (guild, user_id, game_id, seq, kind, n)
);
INSERT INTO reliability_new (guild, user_id, game_id, seq, kind, n, power, at)
    SELECT guild, user_id, game_id, seq, kind, 0, power, at FROM reliability;
DROP TABLE reliability;
ALTER TABLE reliability_new RENAME TO reliability;
CREATE INDEX reliability_user ON reliability (guild, user_id, at);
-- A power's phases in one game, for the count of phases in civil disorder in a row.
CREATE INDEX reliability_game ON reliability (game_id, power, seq);

-- Seats changing hands without a moderator gain 'returned' (a rollback
-- gave an unseated player their seat back), and the name the player was
-- shown by, to seat them again under it.
CREATE TABLE seat_events_new (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    power   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('unseated', 'asked', 'took_over', 'returned')),
    seq     INTEGER,
    at      INTEGER NOT NULL,
    name    TEXT    NOT NULL DEFAULT ''
);
INSERT INTO seat_events_new (id, game_id, power, user_id, kind, seq, at)
    SELECT id, game_id, power, user_id, kind, seq, at FROM seat_events;
DROP TABLE seat_events;
ALTER TABLE seat_events_new RENAME TO seat_events;
CREATE INDEX seat_events_game ON seat_events (game_id, power, id);

-- The unseatings recorded before: each takes the phase of its seat event;
-- one whose phase was rolled back since is taken back, as a rollback now does.
UPDATE reliability SET seq = COALESCE((
    SELECT e.seq FROM seat_events e
    WHERE e.game_id = reliability.game_id AND e.user_id = reliability.user_id AND e.power = reliability.power
      AND e.kind = 'unseated' AND e.seq IS NOT NULL
    ORDER BY e.id DESC LIMIT 1), 0)
WHERE kind = 'unseated' AND seq = 0;
DELETE FROM reliability
WHERE kind = 'unseated'
  AND EXISTS (SELECT 1 FROM phases p WHERE p.game_id = reliability.game_id AND p.seq = reliability.seq AND p.rolled_back = 1);

-- A moderator's `game force` that closed the window taking orders (the
-- orders stage; a hashed game's commit window) of phase `seq` at `at`,
-- before `deadline`, the phase's own deadline: a seated power without
-- orders there was not absent (no civil disorder, no phase owed).
CREATE TABLE early_forces (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL,
    at       INTEGER NOT NULL,
    deadline INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- A turn-based phase (Diplomat Chess) that waits for its move is in civil
-- disorder once per deadline it misses: `n` is the missed turn's number
-- in a row (1, 2...), 0 for a phase that resolved without orders.
CREATE TABLE civil_disorder_new (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    user_id TEXT,
    at      INTEGER NOT NULL,
    n       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq, power, n)
);
INSERT INTO civil_disorder_new (game_id, seq, power, user_id, at) SELECT game_id, seq, power, user_id, at FROM civil_disorder;
DROP TABLE civil_disorder;
ALTER TABLE civil_disorder_new RENAME TO civil_disorder;

-- A game lost by `forfeit-after` missed turns was recorded as conceded: it
-- reads as forfeited (a conceded power whose missed turns reached the limit).
UPDATE reliability SET kind = 'forfeited'
WHERE kind = 'conceded'
  AND EXISTS (SELECT 1 FROM missed_turns m JOIN games g ON g.id = m.game_id
              WHERE m.game_id = reliability.game_id AND m.power = reliability.power
                AND COALESCE(json_extract(g.settings, '$.forfeit_after'), 3) > 0
                AND m.count >= COALESCE(json_extract(g.settings, '$.forfeit_after'), 3));

-- A game's scores hold, after a row per power, a row for each player who
-- left a seat before the end (unseated, removed or replaced by a
-- moderator) and held none at the end: they score 0, as a concession does,
-- so a power may have two rows. Rows are ordered within a game by `ord`.
CREATE TABLE scores_new (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power   TEXT NOT NULL,
    user_id TEXT,
    score   REAL NOT NULL,
    shown   TEXT NOT NULL,
    how     TEXT NOT NULL,
    ord     INTEGER NOT NULL,
    PRIMARY KEY (game_id, ord)
);
INSERT INTO scores_new (game_id, power, user_id, score, shown, how, ord)
    SELECT game_id, power, user_id, score, shown, how, ord FROM scores;
DROP TABLE scores;
ALTER TABLE scores_new RENAME TO scores;
