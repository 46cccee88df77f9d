-- The name a player is shown by (a Discord display name; in the console the user id itself).
ALTER TABLE players ADD COLUMN name TEXT NOT NULL DEFAULT '';
