-- Powers that have conceded the game.
CREATE TABLE concessions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power   TEXT    NOT NULL,
    PRIMARY KEY (game_id, power)
);
