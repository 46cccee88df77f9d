-- A random token per announcement, written once when the item is queued:
-- the delivery nonce is made from it (with the row id), so that two
-- databases handing out the same row ids in the same second (a backup
-- restored, a second instance run with the same bot token) never repeat a
-- nonce Discord still remembers, which would return the old message
-- instead of posting the new one. Items queued before keep '' and use
-- their creation time instead.
ALTER TABLE outbox ADD COLUMN token TEXT NOT NULL DEFAULT '';
