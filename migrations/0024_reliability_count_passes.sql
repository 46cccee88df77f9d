-- Every pass of counting the reliability records of games played before
-- records were kept (`Service::count_old_records`). A first start that is
-- interrupted (the process killed) counts again at the next start, going
-- on from the games whose rows it already wrote, so the counting can take
-- several passes: each is a row saying when it began, how many games and
-- rows it has counted so far (written in the same transaction as each
-- game's rows, so an interrupted pass still says what it did) and when it
-- finished (NULL: it was interrupted). `reliability_counted.rows` is then
-- the rows of every pass, not only of the last one.
CREATE TABLE reliability_count_passes (
    pass     INTEGER PRIMARY KEY,
    started  INTEGER NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    rows     INTEGER NOT NULL DEFAULT 0,
    finished INTEGER
);
