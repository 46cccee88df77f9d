-- A game nobody is left playing (every power vacant, conceded or, in Chess
-- Wheel+, absent for `cd-after` cycles): when that began, when the game
-- ends as abandoned if nobody takes a seat (NULL: `abandon-after=off`),
-- and whether the abandonment paused it (1) or found it already paused by
-- a moderator (0). The row goes when someone takes a seat again.
CREATE TABLE abandoned (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    since   INTEGER NOT NULL,
    ends_at INTEGER,
    paused  INTEGER NOT NULL CHECK (paused IN (0, 1))
);
CREATE INDEX abandoned_ends ON abandoned (ends_at) WHERE ends_at IS NOT NULL;
