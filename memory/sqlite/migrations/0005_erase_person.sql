-- membot embedded store, schema version 5: erasing a person reaches the
-- answer queue and the bot's replies.

-- The author of a queued message, so that erasing the person drops the
-- entries still holding their words. Entries queued before this migration
-- have no author ('') and are never dropped by an erasure: they belong to
-- nobody, and are answered or given up on by the next start.
ALTER TABLE answer_queue ADD COLUMN person_id TEXT NOT NULL DEFAULT '';
CREATE INDEX answer_queue_person ON answer_queue (person_id, done) WHERE person_id <> '';

-- The bot's replies by the message they answer, deleted with it.
CREATE INDEX messages_reply_to ON messages (conversation_id, reply_to) WHERE reply_to <> '';
