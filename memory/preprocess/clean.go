package preprocess

import (
	"strings"
	"unicode/utf8"

	"github.com/membot/membot/memory/text"
)

// MaxTextRunes is the longest message Clean keeps, in runes; the rest is cut
// off. Chat platforms cap messages far below this (Discord 2,000, Telegram
// 4,096 characters), so only pasted documents reach it, and it bounds the
// work done per message.
const MaxTextRunes = 16384

// truncateMargin is how far past MaxTextRunes Clean still scans for secrets,
// so a value cut by the limit is recognised whole and not left half-exposed.
const truncateMargin = 512

// Clean prepares one captured message for storage: it cuts it to
// MaxTextRunes, repairs invalid UTF-8, removes the bot's own memory block,
// redacts personal data and secrets, and reports whether what is left is
// noise. Findings locate redactions in the text after truncation and memory
// block removal; they are meant for counting and logging.
func Clean(raw string) (cleaned string, noise bool, findings []Finding) {
	cut := text.Truncate(raw, MaxTextRunes+truncateMargin)
	truncated := len(cut) < len(raw)
	valid := strings.ToValidUTF8(cut, "\uFFFD")
	stripped := StripMemoryBlock(valid)
	cleaned, findings, back := redactMapped(stripped)
	if truncated || utf8.RuneCountInString(cleaned) > MaxTextRunes {
		cleaned = cutRedacted(cleaned, MaxTextRunes)
		limit := back(len(cleaned))
		kept := findings[:0]
		for _, f := range findings {
			if f.End <= limit {
				kept = append(kept, f)
			}
		}
		findings = kept
	}
	if strings.TrimSpace(cleaned) == "" && strings.TrimSpace(valid) != "" {
		return cleaned, true, findings
	}
	noise, _ = IsNoise(cleaned)
	return cleaned, noise, findings
}

// cutRedacted cuts redacted text to n runes without splitting a
// placeholder: one that would be cut is dropped whole.
func cutRedacted(s string, n int) string {
	cut := text.Truncate(s, n)
	if i := strings.LastIndexByte(cut, '['); i >= 0 && !strings.Contains(cut[i:], "]") {
		for _, k := range allKinds {
			ph := k.Placeholder()
			if strings.HasPrefix(s[i:], ph) && i+len(ph) > len(cut) {
				return cut[:i]
			}
		}
	}
	return cut
}
