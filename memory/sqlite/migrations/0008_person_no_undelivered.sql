-- membot embedded store, schema version 7: whether a person is known to
-- have no answer kept undelivered, so that most messages skip the read of
-- the kept answers. 0 (every person stored before) means there may be one.
ALTER TABLE people ADD COLUMN no_undelivered INTEGER NOT NULL DEFAULT 0;
