-- The latest earlier local day its subscription had a delivery of when this delivery was claimed: '' for none,
-- NULL for a delivery claimed before this column. No day is ever claimed after a day more than FURTHEST_AHEAD
-- (storage/subscriptions.py) later than itself, but by a clock that was wrong: so a delivery of a day between
-- this one and `claimed_after`, found later, says this one was claimed by a clock set ahead (a year on, say, at
-- a boot, until NTP stepped it back). Such a row is no card of its day: it is claimed again when the day comes.
ALTER TABLE deliveries ADD COLUMN claimed_after TEXT;
