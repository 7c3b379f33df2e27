// Package preprocess prepares captured chat text for the memory pipeline.
//
// It is the first stage after capture and before anything is stored or sent
// to a model:
//
//   - Redact replaces personal data and secrets (emails, phone numbers,
//     payment cards, IBANs, Chinese, US and UK identity numbers, API keys,
//     tokens and stated passwords, in several languages and in fullwidth
//     characters) with typed placeholders such as "[email]".
//   - IsNoise recognises messages that carry nothing worth remembering
//     (fillers, system notices, stack traces and logs, auto-replies, the
//     bot's own memory block echoed back), and StripMemoryBlock removes that
//     block from otherwise useful text.
//   - Merge joins one author's quick consecutive messages, and Segment cuts a
//     long conversation into overlapping windows sized for one extraction
//     call (SegmentCounted sizes them on some parts only, such as what
//     people said, carrying the rest along as context).
//   - MarkQuotes wraps quoted, forwarded, pasted and linked content in
//     visible markers so extraction does not take it for the user's own
//     statements.
//   - DetectLanguage picks the prompt language.
//
// Clean bundles the per-message steps used at capture time.
//
// The package is deliberately a leaf: it depends only on the standard
// library, holds no state, and every function is safe for concurrent use.
// Nothing here panics on hostile input, and all work is linear in the input
// size (regular expressions are RE2, so they cannot backtrack
// catastrophically).
package preprocess
