-- membot embedded store, schema version 6: windowed counters and leases,
-- shared by every user of the store.

-- Named counters, each alive until expires_at (UTC milliseconds, always
-- set): a counter at or past its expiry reads as 0 and starts again from 0
-- on the next add. Expired rows are purged on every add.
CREATE TABLE counters (
    key        TEXT    NOT NULL PRIMARY KEY,
    value      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX counters_expires ON counters (expires_at);

-- Exclusive, expiring leases. A released lease keeps its row (until_at the
-- zero time) and its epoch, the fencing token, which must never go back:
-- rows are never deleted.
CREATE TABLE leases (
    name     TEXT    NOT NULL PRIMARY KEY,
    holder   TEXT    NOT NULL,
    until_at INTEGER NOT NULL,
    epoch    INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
