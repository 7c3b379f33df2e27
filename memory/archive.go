package memory

// MemoryRef names one memory across owners, for upkeep that works on every
// owner at once and must tell the recall index which entries to drop.
type MemoryRef struct {
	Owner string `json:"owner"`
	ID    string `json:"id"`
}

// The History entry appended to a memory when it is archived (one of
// Store.StaleMemories, written back with Store.UpdateMemory): Action is
// ArchiveAction and Reason says which rule archived the memory.
const (
	// ArchiveAction marks the history entry of an archived memory.
	ArchiveAction = "archive"
	// ArchiveExpired: a temporary memory whose ExpiresAt passed.
	ArchiveExpired = "expired"
	// ArchiveUnused: a memory neither used nor changed for a long time.
	ArchiveUnused = "unused"
)
