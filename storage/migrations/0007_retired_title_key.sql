-- A retired paper's title as a lookup key (storage._search_text.name_key of the stored title: its folded letters and
-- digits, markup and punctuation left out), so /paper show and `paperbot show` find a paper no longer in the corpus
-- by its title with one indexed read: the search index, which finds titles, holds the current papers only.
-- Written when a load retires the paper (a retired paper's title cannot change: a load that rewrites it makes the
-- paper current again); NULL for a current paper, and for one retired before this column, until the next load that
-- changes something keys it (storage.loader._key_retired_titles; the look-up reads the NULL ones meanwhile).
-- Were name_key to fold text otherwise one day, a migration setting the column back to NULL keys them all again.
ALTER TABLE papers ADD COLUMN title_key TEXT;
CREATE INDEX papers_retired_title ON papers (title_key) WHERE active = 0;
