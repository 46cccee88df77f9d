-- The clock of `chessdip play`: how far the console has moved time ahead of
-- the wall clock (`advance`, `downtime`), and the latest time it has shown,
-- so that a later console on the same database goes on from there instead
-- of starting from the wall clock again (and stored times never go back).
CREATE TABLE console_clock (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    offset_secs INTEGER NOT NULL,
    latest      INTEGER NOT NULL
);
