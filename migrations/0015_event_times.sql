-- Every event of a game has its time and phase (`game export`): when and in
-- which phase a power conceded or forfeited, when and in which phase the game
-- ended, and the phase a moderator acted in. Rows written before this
-- migration keep NULL (unknown).
ALTER TABLE concessions ADD COLUMN at INTEGER;
ALTER TABLE concessions ADD COLUMN seq INTEGER;
ALTER TABLE games ADD COLUMN ended_at INTEGER;
ALTER TABLE games ADD COLUMN ended_seq INTEGER;
ALTER TABLE moderation_log ADD COLUMN seq INTEGER;
