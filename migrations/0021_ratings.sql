-- Ratings per server and variant: a function of the scores of the games that
-- ended there, in the order they ended. `rating_changes` holds each rated
-- player's rating before and after each scored game (`ord` orders the games
-- of one server and variant); `ratings` holds each player's current rating
-- and record, kept in step with `rating_changes` in the same transaction.
CREATE TABLE rating_changes (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id TEXT    NOT NULL,
    variant  TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    power    TEXT    NOT NULL,
    ord      INTEGER NOT NULL,
    outcome  TEXT    NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    score    REAL    NOT NULL,
    before   REAL    NOT NULL,
    after    REAL    NOT NULL,
    state    TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_player ON rating_changes (guild_id, variant, user_id, ord);
CREATE INDEX rating_changes_order ON rating_changes (guild_id, variant, ord);
CREATE TABLE ratings (
    guild_id  TEXT    NOT NULL,
    variant   TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    rating    REAL    NOT NULL,
    deviation REAL    NOT NULL,
    state     TEXT    NOT NULL,
    games     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    draws     INTEGER NOT NULL,
    losses    INTEGER NOT NULL,
    last_game INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, variant, rating DESC);
