-- Reliability records of games played before records were kept are counted
-- once, from each game's stored history, when chessdip first opens the
-- database with records (`Service::count_old_records`): this one row says
-- it was done, when, and how many rows it wrote.
CREATE TABLE reliability_counted (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    at   INTEGER NOT NULL,
    rows INTEGER NOT NULL
);
