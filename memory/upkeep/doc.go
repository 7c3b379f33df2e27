// Package upkeep keeps the memory store tidy in the background (DESIGN §5
// "Forget"): temporary memories past their expiry and memories unused for
// a long time (90 days by default) are archived out of the active set and
// the recall index, never deleted; memories stored while no embedding model
// was available, or embedded by another model, get their vectors
// back-filled; and captured messages older than the retention period are
// deleted.
//
// A Worker runs these steps in passes, on its own goroutine every
// Interval or on demand with RunOnce. Every step is bounded per pass, so a
// large backlog is worked off over several passes, and a failing
// embedding service only postpones back-fill.
package upkeep
