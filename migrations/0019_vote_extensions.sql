-- A deadline moved by the players' votes (`extend vote`): at most once per
-- phase, by the shortest duration voted, from the deadline `from` to `until`.
CREATE TABLE vote_extensions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    secs    INTEGER NOT NULL,
    "from"  INTEGER NOT NULL,
    until   INTEGER NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
