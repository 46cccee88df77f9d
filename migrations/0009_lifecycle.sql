-- The lifecycle model (docs/lifecycle.md).
-- A rollback never deletes: the rolled-back phases stay as history, marked.
ALTER TABLE phases ADD COLUMN rolled_back INTEGER NOT NULL DEFAULT 0;
-- When a seat changes hands (or its power concedes), the commitments and
-- reveal attempts made for the open phase stop counting; they stay in
-- history with the reason.
ALTER TABLE commitments ADD COLUMN void TEXT;
ALTER TABLE reveals ADD COLUMN void TEXT;
-- The position a game ended in, when a phase's result ended it.
ALTER TABLE games ADD COLUMN final_state TEXT;
-- Users a moderator removed: they may not join again unless a moderator assigns them.
CREATE TABLE kicked (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
