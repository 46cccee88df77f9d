-- A channel's games, newest first (the live game, or the last one once it
-- ended): every command looks its game up this way.
CREATE INDEX games_by_channel ON games (channel_id, id);
