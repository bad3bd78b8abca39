-- Each abstract's sentence embedding (storage/_search_encoder.py), for re-ranking search results by
-- meaning. Derived data, made in the background after a load (storage/vectors.py): keyed by the
-- paper's stable id, which the abstract alone decides, so a reload never makes a vector stale, and
-- a retired paper keeps its vector for when it comes back. A corpus load never touches this table.
CREATE TABLE paper_vectors (
    paper_id TEXT PRIMARY KEY REFERENCES papers (id),
    model    TEXT NOT NULL,   -- the encoder that made it (_search_encoder.MODEL_NAME); another one re-embeds
    vector   BLOB NOT NULL    -- 384 float16, little-endian, length 1
);
