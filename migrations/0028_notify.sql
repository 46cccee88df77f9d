-- Direct messages to players (`notify`; numbered 0028, not 0027, so that
-- it follows a 0027 written meanwhile on another branch).
--
-- What each user wants to be told by direct message, per server: a phase
-- opening in which they owe orders (`phase`), the reminder before a
-- deadline while their orders are missing (`deadline`), each result of
-- their games (`results`). No row: the defaults, phase and deadline on,
-- results off.
CREATE TABLE notify_settings (
    user_id  TEXT    NOT NULL,
    guild_id TEXT    NOT NULL,
    phase    INTEGER NOT NULL,
    deadline INTEGER NOT NULL,
    results  INTEGER NOT NULL,
    -- When they were last changed.
    at       INTEGER NOT NULL,
    PRIMARY KEY (user_id, guild_id)
);

-- Users a direct message could not reach (Discord answered 403 with code
-- 50007: they do not accept direct messages from the bot): the first and
-- the latest refusal and how many. The log says so at the first only;
-- they are still sent the next ones (they may allow them again), and a
-- direct message delivered to them removes their row.
CREATE TABLE dm_refusals (
    user_id  TEXT    PRIMARY KEY,
    first_at INTEGER NOT NULL,
    last_at  INTEGER NOT NULL,
    times    INTEGER NOT NULL
);
