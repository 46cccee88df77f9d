-- Whether the players with missing orders were reminded before this phase's deadline.
ALTER TABLE phases ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
