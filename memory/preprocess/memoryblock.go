package preprocess

import (
	"regexp"
	"strings"
)

// The markers the prompt renderer wraps around recalled memories. Text
// between them is the bot's own background block: it must never be captured
// or extracted again if a model or a user echoes it back.
const (
	MemoryBlockStart = "<memory-context>"
	MemoryBlockEnd   = "</memory-context>"
)

// reMemoryLine matches one rendered memory line, "- [偏好 · 2026-03] …" or
// "- [preference · 2026-03-14] …", with or without the bullet.
var reMemoryLine = regexp.MustCompile(`(?i)^\s*(?:[-*•]\s*)?\[\s*(?:偏好|事实|事實|技能|目标|目標|背景|上下文|决定|決定|决策|決策|任务|任務|事件|preference|fact|skill|objective|goal|context|decision|task|event)\s*[·•|/\-–—]\s*\d{4}(?:-\d{1,2}(?:-\d{1,2})?)?\s*\]\s*\S`)

// IsMemoryLine reports whether line looks like one line of the rendered
// memory block, so echoes of it can be recognised.
func IsMemoryLine(line string) bool {
	return reMemoryLine.MatchString(line)
}

// StripMemoryBlock removes the bot's own memory block from text: everything
// between MemoryBlockStart and MemoryBlockEnd (to the end of the text when
// the end marker is missing), stray end markers, and lines shaped like
// rendered memories. Text without any of these is returned unchanged.
func StripMemoryBlock(text string) string {
	if !strings.Contains(text, MemoryBlockStart) && !strings.Contains(text, MemoryBlockEnd) && !strings.Contains(text, "[") {
		return text
	}
	out := text
	changed := false
	if strings.Contains(out, MemoryBlockStart) || strings.Contains(out, MemoryBlockEnd) {
		out = removeMarkedBlocks(out)
		changed = true
	}
	if strings.Contains(out, "[") {
		lines := strings.Split(out, "\n")
		kept := lines[:0]
		for _, l := range lines {
			if IsMemoryLine(l) {
				changed = true
				continue
			}
			kept = append(kept, l)
		}
		out = strings.Join(kept, "\n")
	}
	if !changed {
		return text
	}
	return strings.TrimSpace(collapseBlankLines(out))
}

// removeMarkedBlocks cuts every MemoryBlockStart…MemoryBlockEnd block and
// any stray end marker. Each cut leaves a line break, so the text on either
// side can never join into a new marker.
func removeMarkedBlocks(text string) string {
	var b strings.Builder
	rest := text
	for {
		i := strings.Index(rest, MemoryBlockStart)
		if i < 0 {
			b.WriteString(strings.ReplaceAll(rest, MemoryBlockEnd, "\n"))
			break
		}
		b.WriteString(strings.ReplaceAll(rest[:i], MemoryBlockEnd, "\n"))
		rest = rest[i+len(MemoryBlockStart):]
		j := strings.Index(rest, MemoryBlockEnd)
		if j < 0 {
			break
		}
		rest = rest[j+len(MemoryBlockEnd):]
		b.WriteString("\n")
	}
	return b.String()
}

// collapseBlankLines reduces runs of blank lines left by removals to one.
func collapseBlankLines(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	blank := false
	for _, l := range lines {
		isBlank := strings.TrimSpace(l) == ""
		if isBlank && blank {
			continue
		}
		blank = isBlank
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
