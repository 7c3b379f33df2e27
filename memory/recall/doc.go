// Package recall finds what membot should remember when it replies.
//
// Two layers:
//
//   - Corpus is a generic, incremental search index over Docs (memories,
//     notes): BM25 over the shared analysis of package text (English
//     stopwords, irregular forms and Snowball stems; Chinese character
//     unigrams and bigrams, no dictionary), cosine similarity when
//     documents and query carry embeddings (read against the query's own
//     cosines with the owner's documents), the context turns of the
//     query, and months and "when" questions.
//
//   - Index keeps one Corpus of active memories per owner, loaded through a
//     Loader on first use and kept current by Upsert and Remove. Its Search
//     weighs each match by what is known about the memory (importance,
//     recency by lifecycle, type, confidence, usage), drops expired and
//     inactive memories, irrelevant matches and near-duplicates, and keeps
//     the best few within a token budget, with the parts of every score
//     for "/memories why".
//
// The package is platform-free: it imports only the memory types, package
// text and the standard library, and does no I/O of its own beyond the
// Loader.
package recall
