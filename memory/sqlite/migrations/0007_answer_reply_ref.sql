-- membot embedded store, schema version 6: the message an answer is being
-- written into, so that a replica taking the entry over finishes the
-- answer there instead of sending a second one.
ALTER TABLE answer_queue ADD COLUMN reply_ref TEXT NOT NULL DEFAULT '';
