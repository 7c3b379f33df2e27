-- membot embedded store, schema version 4: the durable answer queue.

-- One row per addressed message awaiting (or, until keep_until, past) its
-- answer. The primary key is the message's, so a redelivered message is
-- never queued twice and an answered one never answered again. Times are
-- UTC milliseconds; lease_until 0 means "claimable now".
CREATE TABLE answer_queue (
    conversation_id TEXT    NOT NULL,
    platform_id     TEXT    NOT NULL,
    platform        TEXT    NOT NULL,
    payload         TEXT    NOT NULL,
    received_at     INTEGER NOT NULL,
    holder          TEXT    NOT NULL,
    lease_until     INTEGER NOT NULL,
    claims          INTEGER NOT NULL DEFAULT 0,
    done            INTEGER NOT NULL DEFAULT 0,
    done_at         INTEGER,
    keep_until      INTEGER,
    PRIMARY KEY (conversation_id, platform_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX answer_queue_claim ON answer_queue (platform, done, lease_until, received_at);
CREATE INDEX answer_queue_holder ON answer_queue (holder, done);
CREATE INDEX answer_queue_keep ON answer_queue (done, keep_until);
