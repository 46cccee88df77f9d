-- Turn-based games: consecutive turns a power let pass its deadline without moving.
CREATE TABLE missed_turns (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power   TEXT    NOT NULL,
    count   INTEGER NOT NULL,
    PRIMARY KEY (game_id, power)
);
