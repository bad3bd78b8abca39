-- A daily card posted in an announcement channel is published to the servers following the channel
-- after it is recorded as sent. `unpublished` = 1 marks a card recorded as sent whose publishing has
-- not been tried yet: set in the same statement that records it as sent, cleared once it was tried. A
-- process that stopped in between (a crash, a deploy) leaves it set, and the next start publishes the card.
ALTER TABLE deliveries ADD COLUMN unpublished INTEGER NOT NULL DEFAULT 0;
-- What every tick looks up: the few cards left to publish, not the whole history.
CREATE INDEX deliveries_unpublished ON deliveries (subscription_id, local_day) WHERE unpublished = 1;
