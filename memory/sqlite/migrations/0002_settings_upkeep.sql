-- membot embedded store, schema version 2: settings, and indexes for the
-- upkeep that works across owners (archiving, embedding back-fill).

-- Small named documents: server settings, one-time link codes, per-person
-- records. expires_at (milliseconds, NULL for never) is checked when read;
-- expired rows are also purged on every write.
CREATE TABLE settings (
    key        TEXT    NOT NULL PRIMARY KEY,
    value      TEXT    NOT NULL,
    expires_at INTEGER,
    updated_at INTEGER NOT NULL
) STRICT;

CREATE INDEX settings_expires ON settings (expires_at) WHERE expires_at IS NOT NULL;

-- Active memories of every owner, oldest first.
CREATE INDEX memories_status_created ON memories (status, created_at, id);
