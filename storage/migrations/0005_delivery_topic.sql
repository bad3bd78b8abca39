-- The topic a daily card names in its heading, recorded with its paper when an attempt starts: '' for a card
-- without one, NULL for a delivery no attempt has started yet or recorded before this column. A moderator
-- may change the subscription's topic after the day's card (or between two attempts at it): `/paper today`
-- then shows that card under its own heading, and a retry keeps the heading with the paper it keeps.
ALTER TABLE deliveries ADD COLUMN topic TEXT;
