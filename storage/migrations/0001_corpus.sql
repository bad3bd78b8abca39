-- The corpus: one row per distinct abstract, ever. Retired papers keep their row (active = 0)
-- so old links and the daily-post history keep working.
CREATE TABLE papers (
    num          INTEGER PRIMARY KEY,           -- rowid, the FTS5 content_rowid
    id           TEXT    NOT NULL UNIQUE,       -- stable short id from the normalised abstract
    title        TEXT    NOT NULL,
    title_given  INTEGER NOT NULL DEFAULT 0,    -- 1 when the source carried a real title
    abstract     TEXT    NOT NULL,              -- readable display text (Discord markdown)
    abstract_raw TEXT    NOT NULL,              -- exactly as in the source
    authors      TEXT    NOT NULL DEFAULT '[]', -- JSON array of names
    venue        TEXT,
    keywords     TEXT    NOT NULL DEFAULT '[]', -- JSON array
    names        TEXT    NOT NULL DEFAULT '[]', -- JSON array: method names / acronyms introduced
    links        TEXT    NOT NULL DEFAULT '[]', -- JSON array: code / project links
    url          TEXT,
    pdf          TEXT,
    source       TEXT    NOT NULL DEFAULT '',   -- "file.txt, paragraph 3 (line 17)"
    source_file  TEXT    NOT NULL DEFAULT '',   -- absolute path of that file (a load that cannot read it keeps its papers)
    digest       TEXT    NOT NULL DEFAULT '',   -- hash of what enrichment derived from the abstract
    enrich_version INTEGER NOT NULL DEFAULT 0,  -- storage.enrich.ENRICH_VERSION that produced the row
    active       INTEGER NOT NULL DEFAULT 1,
    first_load   INTEGER,                       -- corpus_loads.id that first saw it
    last_load    INTEGER                        -- corpus_loads.id that last added, changed or reactivated it
);
CREATE INDEX papers_active ON papers (active);

-- Full-text index over what search needs. External content: the text lives once, in papers.
CREATE VIRTUAL TABLE papers_fts USING fts5 (
    title, names, keywords, abstract,
    content = 'papers', content_rowid = 'num',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER papers_fts_insert AFTER INSERT ON papers BEGIN
    INSERT INTO papers_fts (rowid, title, names, keywords, abstract)
    VALUES (new.num, new.title, new.names, new.keywords, new.abstract);
END;
CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers BEGIN
    INSERT INTO papers_fts (papers_fts, rowid, title, names, keywords, abstract)
    VALUES ('delete', old.num, old.title, old.names, old.keywords, old.abstract);
END;
CREATE TRIGGER papers_fts_update AFTER UPDATE OF title, names, keywords, abstract ON papers BEGIN
    INSERT INTO papers_fts (papers_fts, rowid, title, names, keywords, abstract)
    VALUES ('delete', old.num, old.title, old.names, old.keywords, old.abstract);
    INSERT INTO papers_fts (rowid, title, names, keywords, abstract)
    VALUES (new.num, new.title, new.names, new.keywords, new.abstract);
END;

-- One row per corpus load that changed something (an unchanged corpus is skipped, not recorded).
CREATE TABLE corpus_loads (
    id             INTEGER PRIMARY KEY,
    finished_at    TEXT NOT NULL,               -- ISO 8601 UTC
    fingerprint    TEXT NOT NULL,               -- content hash of the corpus + enrichment version
    stat_signature TEXT NOT NULL DEFAULT '',    -- cheap (path, size, mtime) signature for the fast skip
    files          TEXT NOT NULL DEFAULT '[]',  -- JSON array of the files read
    report         TEXT NOT NULL DEFAULT '{}'   -- JSON summary of the LoadReport
);
