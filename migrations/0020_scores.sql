-- Each power's score at the end of a scored game, written in the same
-- transaction as the end (a game ended by a moderator has none). `user_id`
-- is who held the power at the end (null for a vacant power); `how` says how
-- the score was earned (`solo`, `draw of 3`, `conceded`...).
CREATE TABLE scores (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power   TEXT NOT NULL,
    user_id TEXT,
    score   REAL NOT NULL,
    shown   TEXT NOT NULL,
    how     TEXT NOT NULL,
    ord     INTEGER NOT NULL,
    PRIMARY KEY (game_id, power)
);
