// Package text is the text analysis membot's memory shares: tokenizing
// English, Chinese and mixed text into index terms (stopwords, irregular
// forms, Snowball English stems, CJK character n-grams), recognising and
// resolving dates ("next Friday", "下周五", "in May 2023"), estimating the
// model tokens of a text and cutting text to a number of runes.
//
// Recall, extraction and the reply budget all analyse text through this
// package, so that a memory is indexed, reconciled and counted the same
// way everywhere. It has no state and imports only the standard library
// and the stemmer.
package text
