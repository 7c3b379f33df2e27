-- membot embedded store, schema version 3: per-owner revisions.

-- One counter per memory owner, moved forward in the same transaction as
-- every write that changes that owner's memories, so that a cache of an
-- owner's memories is checked with one read. It holds no text; an owner
-- with no row has revision 0.
CREATE TABLE owner_revisions (
    owner    TEXT    NOT NULL PRIMARY KEY,
    revision INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
