// Package mongo is the production memory.Store: everything membot persists,
// kept in one MongoDB database so that any number of bot replicas can share
// it (DESIGN §5, §8).
//
// # Collections
//
//	people         _id = person id
//	identities     one platform account each; unique {platform, user_id}, {person_id}
//	conversations  _id = conversation id; watermark, summary, last user message seq
//	counters       _id = conversation id; the next message seq (atomic $inc)
//	messages       captured log; unique {conversation_id, platform_id}, {conversation_id, seq}, {time}
//	memories       _id = memory id; {owner, status, created_at}, {owner, _id},
//	               {status, created_at, _id} for upkeep across owners
//	settings       _id = setting key; value, expires_at (TTL index where supported)
//	revisions      _id = memory owner; revision, moved by an atomic $inc after
//	               every write to that owner's memories (see Store.Revision)
//	answers        the answer queue; unique {conversation_id, platform_id}
//	counts         _id = counter key; value, expires_at (TTL index where supported)
//	leases         _id = lease name; holder, until, epoch (never deleted)
//
// Indexes are created by Open; creating an existing index is a no-op, so
// every replica may do it at start-up.
//
// # Sharding
//
// Memories are sharded naturally on owner: every memory query and write
// names the owner (privacy is enforced by that same filter), so each one is
// routed to a single shard, and the {owner, …} indexes are prefixed by the
// shard key. Only the upkeep queries (StaleMemories, MissingEmbeddings) span
// owners and so every shard; they run in the background, in bounded
// batches. Revisions shard on _id (the owner), messages and counters on
// conversation_id, identities on {platform, user_id}. ReassignOwner
// changes the shard key of a memory one document at a time (a
// single-document update by _id and owner), which a sharded cluster accepts as a retryable write; the driver enables
// retryable writes by default. Every unique index is prefixed by its
// collection's shard key, as sharding requires. One guarantee weakens on a
// sharded memories collection: _id is unique per shard only, so a
// caller-chosen memory id reused under another owner is no longer refused
// (generated ids are 64 random bits and do not collide in practice).
//
// # Storage choices
//
// Embeddings are BSON binary of subtype 9 (the vector subtype, float32
// little-endian; what Atlas Vector Search indexes) with the model name and
// dimension beside them, never arrays of doubles, which decode about twenty
// times slower. Times are BSON dates: millisecond precision, UTC. Ids are 16
// random hex characters.
//
// Settings expire when read: a setting past its expires_at is reported as
// absent whether or not the TTL index removed it yet (FerretDB has no TTL
// indexes; expired settings are also purged whenever one is written).
//
// # Erasure
//
// DeleteMemory, DeleteMessage and the bulk deletes remove documents at
// once from every query, but not from every copy: WiredTiger marks the
// freed space for reuse without overwriting it (compact rewrites a
// collection and returns the space), the oplog keeps the delete and the
// earlier insert or update, with the full text, for as long as its window
// lasts, and backups and storage snapshots keep what they captured. For an
// erasure to be complete an operator lets the oplog window pass (or sizes
// it to the promise made to users), expires or rewrites backups on the same
// schedule, and runs compact on memories and messages where freed blocks
// must not stay on the disk. The embedded SQLite store scrubs deleted rows
// itself (see memory/sqlite).
//
// Windowed counters (collection counts) are added to with one
// findOneAndUpdate matching only a live counter, upserting otherwise; an
// expired counter the TTL monitor has not removed yet turns the upsert into
// a duplicate key, and is then deleted on condition that it is still
// expired and the add retried (see Store.AddCount). Leases (collection
// leases) are renewed by a findOneAndUpdate on {_id, holder} and taken over
// by one on {_id, holder ≠ me, until ≤ now} that $inc's the epoch, with
// upsert; a duplicate key there means another replica holds the lease.
//
// The answer queue (collection answers) holds one document per addressed
// message awaiting its answer, unique on {conversation_id, platform_id} so
// a redelivered message is never queued twice. A replica claims an entry
// whose lease ended with one findOneAndUpdate (lease_until ≤ now → holder,
// lease_until), and marks it done with an update conditional on being its
// holder; done entries carry keep_until, which a TTL index (and, where there
// is none, PurgeAnswers) removes them by.
//
// # Lost replies
//
// A connection reset after a write was sent (a failover) leaves its outcome
// unknown. The driver's retryable writes settle that on a replica set or
// mongos; elsewhere, or when its single retry fails too, AppendMessage,
// ResolveIdentity, QueueAnswer, ClaimAnswer, FinishAnswer, InsertMemory and
// the versioned updates read back whether their own write landed and then
// report success, so that a caller's retry meets no conflict or duplicate
// of its own write, and no claim is held unknown to its holder (see
// lost.go). When that read fails as well the call reports
// memory.ErrUnavailable with the outcome unknown. A reset after the
// message counter was incremented leaves a gap in the conversation's
// sequence numbers: numbers are never reused, but may be skipped.
//
// Every versioned record (person, conversation, memory) is written with a
// filter on its version and $inc of it, so two replicas updating one record
// never lose an update: the second gets memory.ErrConflict.
package mongo
