// Package memory is membot's memory system: the domain types (people,
// conversations, captured messages, memories), the Store contract every
// backend implements, and the pipeline that turns conversations into a few
// clean, current memories and brings the right ones back.
//
// It knows nothing about chat platforms. Backends live in their own packages
// (memory/sqlite, memory/mongo) and pass the shared contract suite in
// memory/storetest.
package memory
