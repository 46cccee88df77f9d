-- What the delivery of an announcement must know after a restart.
--
-- sent_since, sent_last: the first and the latest try at the message being
-- sent (part `parts_done` of the item) whose outcome is not known. Each
-- try is written here before the message goes to Discord, so that a bot
-- stopped before Discord's answer came back (or whose request failed on
-- the network, or with a server error) knows that Discord may have
-- created it, and looks for it in the channel before sending it again.
-- Cleared once the part is confirmed, or once a look found it was not
-- created.
ALTER TABLE outbox ADD COLUMN sent_since INTEGER;
ALTER TABLE outbox ADD COLUMN sent_last INTEGER;
-- The first and the latest failed try since the item last got a message
-- through, and how long it has been failing while the bot ran (a gap
-- between two tries longer than the bot ever waits counts as that wait:
-- the bot was down, not failing). Three days of failing park it.
ALTER TABLE outbox ADD COLUMN first_failed_at INTEGER;
ALTER TABLE outbox ADD COLUMN last_failed_at INTEGER;
ALTER TABLE outbox ADD COLUMN failing_for INTEGER NOT NULL DEFAULT 0;
-- When it was parked (kept, no longer tried, until a moderator queues it again).
ALTER TABLE outbox ADD COLUMN parked_at INTEGER;
