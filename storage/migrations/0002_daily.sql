-- Daily posts: the recorded paper of the day, channel subscriptions and their delivery history.
-- A corpus load never touches these tables; papers are never deleted (only retired), so the
-- paper ids recorded here keep resolving.

-- One recorded pick per (calendar date, topic). topic = '' is the general paper of the day.
-- `cycle` counts passes through the candidates: within a cycle no paper repeats.
CREATE TABLE picks (
    day       TEXT    NOT NULL,              -- YYYY-MM-DD
    topic     TEXT    NOT NULL DEFAULT '',   -- normalised topic ('' = none)
    paper_id  TEXT    NOT NULL,
    cycle     INTEGER NOT NULL DEFAULT 0,
    picked_at TEXT    NOT NULL,              -- ISO 8601 UTC
    PRIMARY KEY (day, topic)
);
CREATE INDEX picks_topic_cycle ON picks (topic, cycle);

-- One row per channel, ever: unsubscribing sets status = 'ended' and keeps the row (and with it
-- the delivery history); subscribing the channel again revives the same row.
CREATE TABLE subscriptions (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL UNIQUE,
    post_time     TEXT    NOT NULL,            -- local wall-clock time, HH:MM
    timezone      TEXT    NOT NULL,            -- IANA name, e.g. Europe/Berlin
    topic         TEXT,                        -- NULL = the general paper of the day
    subscriber_id INTEGER,                     -- who subscribed (told when posting is paused)
    status        TEXT    NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'paused', 'ended')),
    active_since  TEXT    NOT NULL,            -- ISO 8601 UTC; no post is due before this moment
    status_reason TEXT,                        -- why paused / ended, shown to people
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX subscriptions_guild ON subscriptions (guild_id, status);
-- What the once-a-minute claim looks up: the active subscriptions of one (time zone, post time).
CREATE INDEX subscriptions_schedule ON subscriptions (status, timezone, post_time);

-- At most one delivery per subscription per local day: the primary key is what makes
-- "exactly once" hold even when two ticks, a restart or a repeated wall-clock hour race.
CREATE TABLE deliveries (
    subscription_id INTEGER NOT NULL REFERENCES subscriptions (id),
    local_day       TEXT    NOT NULL,          -- YYYY-MM-DD in the subscription's time zone
    paper_id        TEXT,
    status          TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0, -- send attempts started (> 0: may have reached Discord)
    due_at          TEXT    NOT NULL,          -- ISO 8601 UTC
    next_attempt_at TEXT    NOT NULL,          -- ISO 8601 UTC
    claimed_at      TEXT    NOT NULL,
    sent_at         TEXT,
    message_id      INTEGER,
    error           TEXT,
    PRIMARY KEY (subscription_id, local_day)
) WITHOUT ROWID;
-- The scheduler reads pending deliveries in attempt order, a page at a time. Partial: the index
-- holds only the few pending rows, not the whole history.
CREATE INDEX deliveries_pending ON deliveries (next_attempt_at, subscription_id, local_day)
    WHERE status = 'pending';
