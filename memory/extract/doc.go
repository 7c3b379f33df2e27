// Package extract turns captured conversations into memories: it asks the
// model (or, offline, a set of zh + en rules) for a few well-formed candidate
// memories per conversation window, reconciles each candidate against what
// its owner already has (dropping duplicates, merging updates, superseding
// what changed, never deleting), stores the result and advances the
// conversation's watermark only once everything is written.
//
// The pieces, from the inside out:
//
//   - Extractor: one structured-output model call per window and author
//     (ModelExtractor), or rule-based extraction when no model is
//     configured (RuleExtractor). Every answer is validated in code.
//   - Reconciler: finds similar existing memories through a Finder, drops
//     normalised duplicates without a model call, adds unrelated candidates
//     without a model call, and asks one reconcile call per batch otherwise.
//   - Pipeline: one run over a conversation's unprocessed messages, from the
//     watermark to the newest message.
//   - Scheduler: decides when a run happens (stability window, explicit
//     "remember that…" signals, manual aggressive passes, retries with
//     backoff, recovery after a restart, flush on Close).
//
// Ownership is strict: in a group every memory belongs to the author of its
// source messages, and other people's messages are only context.
package extract
