-- Computer players. A bot's seat is a row of `players` like a person's:
-- its user id is `bot:` and the power's name (a prefix no person's id may
-- have), and its name is `bot`.

-- Each turn a bot took: phase `seq` of a game, the stage it acted in
-- ('orders', 'commit', 'reveal'), and what came of it ('played'; 'nothing
-- owed'; 'moved on': the stage had closed before it acted; or the error).
-- A bot's turn is owed while its seat is in an open stage without a row
-- here, so a bot stopped mid-thought (the process killed) is asked again
-- when the service runs next; what it had already stored is not sent twice.
CREATE TABLE bot_turns (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    stage   TEXT    NOT NULL,
    power   TEXT    NOT NULL,
    outcome TEXT    NOT NULL,
    -- How long it thought (milliseconds), the work it did and whether its
    -- time budget ran out first (NULL when it did not think).
    think_ms INTEGER,
    nodes    INTEGER,
    stopped_by_time INTEGER,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, stage, power)
);

-- The sealed text (salt line first) of each commitment a bot made in a
-- hashed game, kept privately until the bot reveals it; found again by its
-- hash, so a reveal window reopened by a rollback finds it too.
CREATE TABLE bot_seals (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power   TEXT    NOT NULL,
    hash    TEXT    NOT NULL,
    text    TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, hash)
);

-- A person who joined a power a bot plays in a running game: they take
-- the seat when the next phase opens (the bot plays the phase it is in).
CREATE TABLE bot_handovers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    name    TEXT    NOT NULL,
    -- The phase they joined in.
    seq     INTEGER NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, power),
    UNIQUE (game_id, user_id)
);
