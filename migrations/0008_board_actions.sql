-- Actions that change the position outside the orders (Chess Wheel+'s board
-- creation and population), kept as history.
CREATE TABLE board_actions (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    power   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    action  TEXT    NOT NULL,
    result  TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES phases (game_id, seq) ON DELETE CASCADE
);
