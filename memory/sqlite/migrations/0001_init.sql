-- membot embedded store, schema version 1.
-- Times are INTEGER milliseconds since the Unix epoch (UTC); NULL means unset.
-- List-valued fields of a memory (tags, keywords, history, source message ids)
-- are JSON arrays in TEXT columns: they are always read and written with the
-- memory as a whole and never queried on their own.

CREATE TABLE people (
    id           TEXT    NOT NULL PRIMARY KEY,
    display_name TEXT    NOT NULL DEFAULT '',
    language     TEXT    NOT NULL DEFAULT '',
    memory_off   INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    version      INTEGER NOT NULL
) STRICT;

CREATE TABLE identities (
    platform  TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    person_id TEXT    NOT NULL REFERENCES people (id),
    username  TEXT    NOT NULL DEFAULT '',
    linked_at INTEGER NOT NULL,
    PRIMARY KEY (platform, user_id)
) STRICT;

CREATE INDEX identities_person ON identities (person_id);

CREATE TABLE conversations (
    id         TEXT    NOT NULL PRIMARY KEY,
    platform   TEXT    NOT NULL DEFAULT '',
    guild_id   TEXT    NOT NULL DEFAULT '',
    is_dm      INTEGER NOT NULL DEFAULT 0,
    watermark  INTEGER NOT NULL DEFAULT 0,
    summary    TEXT    NOT NULL DEFAULT '',
    language   TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    version    INTEGER NOT NULL
) STRICT;

-- The last sequence number handed out per conversation. Kept apart from the
-- messages so that a number is never reused after a deletion, and from the
-- conversations so that capture works before a conversation is ensured.
CREATE TABLE message_seq (
    conversation_id TEXT    NOT NULL PRIMARY KEY,
    last_seq        INTEGER NOT NULL
) STRICT;

CREATE TABLE messages (
    conversation_id TEXT    NOT NULL,
    seq             INTEGER NOT NULL,
    platform_id     TEXT    NOT NULL DEFAULT '',
    person_id       TEXT    NOT NULL DEFAULT '',
    author_name     TEXT    NOT NULL DEFAULT '',
    role            TEXT    NOT NULL,
    text            TEXT    NOT NULL,
    reply_to        TEXT    NOT NULL DEFAULT '',
    time            INTEGER NOT NULL,
    addressed       INTEGER NOT NULL DEFAULT 0,
    edited          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (conversation_id, seq)
) STRICT;

CREATE UNIQUE INDEX messages_platform_id ON messages (conversation_id, platform_id) WHERE platform_id <> '';
CREATE INDEX messages_time ON messages (time);
CREATE INDEX messages_person ON messages (person_id);

CREATE TABLE memories (
    id                     TEXT    NOT NULL PRIMARY KEY,
    owner                  TEXT    NOT NULL,
    text                   TEXT    NOT NULL,
    type                   TEXT    NOT NULL,
    lifecycle              TEXT    NOT NULL,
    subject                TEXT    NOT NULL DEFAULT '',
    tags                   TEXT    NOT NULL DEFAULT '[]',
    keywords               TEXT    NOT NULL DEFAULT '[]',
    importance             REAL    NOT NULL,
    confidence             REAL    NOT NULL,
    event_time             INTEGER,
    expires_at             INTEGER,
    status                 TEXT    NOT NULL,
    superseded_by          TEXT    NOT NULL DEFAULT '',
    supersedes             TEXT    NOT NULL DEFAULT '',
    history                TEXT    NOT NULL DEFAULT '[]',
    source_platform        TEXT    NOT NULL DEFAULT '',
    source_conversation_id TEXT    NOT NULL DEFAULT '',
    source_message_ids     TEXT    NOT NULL DEFAULT '[]',
    source_excerpt         TEXT    NOT NULL DEFAULT '',
    source_time            INTEGER,
    created_at             INTEGER NOT NULL,
    updated_at             INTEGER NOT NULL,
    last_used_at           INTEGER,
    use_count              INTEGER NOT NULL DEFAULT 0,
    version                INTEGER NOT NULL,
    -- The vector as little-endian float32, last so that rows read without
    -- it never touch its overflow pages.
    embedding_model        TEXT,
    embedding_dims         INTEGER,
    embedding              BLOB,
    CHECK (embedding IS NULL OR length(embedding) = 4 * embedding_dims)
) STRICT;

CREATE INDEX memories_owner_created ON memories (owner, created_at DESC, id DESC);
