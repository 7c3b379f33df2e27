// Package storetest is the contract every memory.Store implementation must
// pass. A backend's own test calls Run with a function that opens a fresh,
// empty store; each contract rule below is one subtest, so a failure names
// the rule that broke.
//
// Rules the interface comments leave open, fixed here so that every backend
// behaves alike:
//
//   - Times are kept at millisecond precision and returned in UTC. Zero
//     times (EventTime, ExpiresAt, LastUsedAt, Source.Time) stay zero.
//   - Empty slices may come back nil; the suite treats nil and empty alike.
//   - ListMemories orders by CreatedAt descending (at millisecond
//     precision), ties broken by ID descending (byte-wise), then applies
//     Offset and Limit. Limit 0 means no limit; a negative Offset or Limit,
//     or an empty Owner, is ErrInvalid.
//   - InsertMemory validates with Memory.Validate (ErrInvalid), assigns a
//     random URL-safe ID of at least 12 characters when ID is empty, always
//     sets Version to 1, and sets CreatedAt/UpdatedAt to now only when zero.
//     A taken ID is ErrConflict, whoever owns it.
//   - UpdateMemory, UpdatePerson and UpdateConversation compare Version,
//     write, increment Version and set UpdatedAt to now, reflecting both in
//     the argument. A record that does not exist (for memories: under that
//     owner) is ErrNotFound; a stale Version is ErrConflict. Failed writes
//     change nothing. UpdateMemory writes every field but ID, Owner,
//     CreatedAt, UseCount and LastUsedAt; the last two belong to
//     TouchMemories, so an edit never undoes a use recorded meanwhile. It
//     writes the Embedding as given: a nil Embedding clears a stored one.
//   - Memory returns the embedding; ListMemories only WithEmbedding.
//   - TouchMemories changes neither Version nor UpdatedAt and ignores ids
//     that are not the owner's.
//   - AppendMessage numbers messages 1, 2, 3, … per conversation and never
//     reuses a number, even after the newest message is deleted (the
//     extraction watermark relies on it). It works whether or not the
//     conversation was ensured first. An empty ConversationID or an unknown
//     Role is ErrInvalid. A zero Time is set to now.
//   - Messages with limit 0 returns every message after afterSeq.
//   - EditMessage and DeleteMessage of an unknown message are ErrNotFound.
//   - DeleteMessagesBefore removes messages whose Time is strictly before t.
//   - PendingConversations order is unspecified; limit 0 means no limit.
//   - ResolveIdentity with an empty platform or user id is ErrInvalid; a new
//     person gets the username as DisplayName and Version 1.
//   - Text that is not valid UTF-8 is either refused with ErrInvalid or
//     stored byte for byte; nothing else is acceptable. Settings and
//     setting keys are the exception: invalid UTF-8 there is ErrInvalid.
//   - CreatePerson assigns a URL-safe ID of at least 12 characters when
//     empty and otherwise behaves as InsertMemory does for memories: a
//     taken id (whether created or resolved) is ErrConflict.
//   - DeletePersonMessages leaves the sequence numbers of later messages
//     unaffected (never reused), and takes the bot's replies to the
//     person's messages with them (same conversation, ReplyTo the
//     message's PlatformID), not the bot's other messages nor a person's
//     reply to them.
//   - Settings expire against the store's clock: a setting is expired from
//     its expiry time on. Keys match prefixes byte for byte: no wildcards,
//     no case folding. A rejected write leaves any stored value as it was.
//   - StaleMemories compares at millisecond precision, strictly: a memory
//     expiring exactly at ExpiredBefore, or last used exactly at
//     UnusedBefore, is not listed. It lists active memories only, ties of
//     CreatedAt broken by ID ascending (byte-wise), and changes nothing.
//     With both rules off (zero times, or no Expiring lifecycles for the
//     expiry rule) it lists nothing.
//   - Revision moves as memory.Store says, whatever the backend: the
//     suite counts exact increments per call, for successes and failures.
//   - MissingEmbeddings compares model names exactly (case-sensitive).
//   - DueMemories includes a memory due exactly at From and excludes one
//     due exactly at To; a memory with an EventTime is due then, whatever
//     its ExpiresAt.
//   - The answer queue takes its times from the caller (the suite sets
//     them): a lease ends at LeaseUntil inclusive; claims go oldest
//     ReceivedAt first; a done entry is never claimed, renewed or released,
//     and its key stays taken until PurgeAnswers passes its KeepUntil.
//   - SetEmbedding works on memories of any status and leaves UseCount,
//     LastUsedAt and UpdatedAt alone, like TouchMemories.
//   - Counters and leases take their times from the caller, at millisecond
//     precision: a counter is expired from its expiry on, a lease is free
//     from its Until on. Leases lists by name byte-wise ascending, and
//     matches prefixes byte for byte, as CountSettings does. A holder
//     re-acquiring its own lapsed or released lease keeps the epoch (the
//     holder did not change).
package storetest

import (
	"testing"

	"github.com/membot/membot/memory"
)

// Options tell the suite what a backend cannot do; each non-empty reason
// makes the tests needing it call t.Skip(reason) so the reason is printed.
type Options struct {
	// SkipConcurrent skips the tests needing atomic concurrent updates
	// (20 to 50 goroutines): read-modify-write with retry, use counters,
	// message numbering, first-sight identity creation and single-use
	// settings under contention.
	SkipConcurrent string
}

// contract is one rule of the suite.
type contract struct {
	name string
	// concurrent marks tests that need atomic concurrent updates.
	concurrent bool
	run        func(t *testing.T, s memory.Store)
}

// contracts lists every rule, grouped by the part of the store it covers.
func contracts() []contract {
	var all []contract
	all = append(all, peopleContracts()...)
	all = append(all, conversationContracts()...)
	all = append(all, messageContracts()...)
	all = append(all, memoryContracts()...)
	all = append(all, queryContracts()...)
	all = append(all, writeContracts()...)
	all = append(all, erasureContracts()...)
	all = append(all, settingContracts()...)
	all = append(all, archiveContracts()...)
	all = append(all, dueContracts()...)
	all = append(all, revisionContracts()...)
	all = append(all, backfillContracts()...)
	all = append(all, answerContracts()...)
	all = append(all, counterContracts()...)
	all = append(all, leaseContracts()...)
	all = append(all, concurrencyContracts()...)
	return all
}

// Run runs every contract test as subtests; open returns a fresh empty store
// for each subtest.
//
// Run closes every store it opens with t.Cleanup once the subtest ends (and
// fails the subtest if Close fails). Because Close must be idempotent, open
// may also register cleanup of its own; cleanups run last-in first-out, so
// the store is closed before anything open registered (such as removing a
// directory or dropping a database) runs.
func Run(t *testing.T, open func(t *testing.T) memory.Store, opts Options) {
	t.Helper()
	for _, c := range contracts() {
		t.Run(c.name, func(t *testing.T) {
			if c.concurrent && opts.SkipConcurrent != "" {
				t.Skip(opts.SkipConcurrent)
			}
			s := open(t)
			if s == nil {
				t.Fatal("open returned a nil store")
			}
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			c.run(t, s)
		})
	}
}
