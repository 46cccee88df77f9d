-- Every moderator action on a game (force, extend, deadline, pause, resume,
-- rollback, end, assign, kick, enact), with who took it and when: the
-- game's export carries it, so that a game can be audited and replayed.
CREATE TABLE moderation_log (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    at      INTEGER NOT NULL,
    user_id TEXT    NOT NULL,
    name    TEXT    NOT NULL,
    action  TEXT    NOT NULL,
    detail  TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX moderation_log_by_game ON moderation_log (game_id, id);
