package main

import (
	"regexp"
	"strings"
	"testing"
)

// memoryLine matches one line of a /memories list: "1a2b3c4d [type · date] text".
var memoryLine = regexp.MustCompile(`(?m)^(?:membot> .*\n)?([0-9a-f]{8}) \[[^\]]+\] (.*)$`)

// idOf finds the short id of the listed memory whose text contains want.
func idOf(t *testing.T, list, want string) string {
	t.Helper()
	for _, m := range memoryLine.FindAllStringSubmatch(list, -1) {
		if strings.Contains(m[2], want) {
			return m[1]
		}
	}
	t.Fatalf("no memory containing %q in:\n%s", want, list)
	return ""
}

// TestOfflineMemoryCycle is the full cycle a person goes through in the
// terminal with no model, each step a new process on the same data dir:
// tell preferences → /memories lists them → contradict one → /memories
// history shows the change → /memories forget → gone after a restart →
// /summary prints the handoff sections.
func TestOfflineMemoryCycle(t *testing.T) {
	data := t.TempDir()
	chat := func(script string) string {
		t.Helper()
		out, errOut, code := run(t, script, nil, "chat", "--data", data, "--user", "alice")
		if code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
		return out
	}

	chat("我喜欢极简设计风格\nI live in Paris\nI prefer tea over coffee\n/quit\n")

	// A new process: the memories were extracted at exit and are injected.
	out := chat("推荐一个极简的设计风格\n/memories\n")
	if !strings.Contains(out, "会用到的记忆") || !strings.Contains(out, "- [偏好 · ") || !strings.Contains(out, "喜欢极简设计风格") {
		t.Fatalf("memory not injected in a new process:\n%s", out)
	}
	paris := idOf(t, out, "Paris")
	idOf(t, out, "tea")

	out = chat("I moved to Lyon\n/memories list all\n/memories history " + paris + "\n")
	lyon := idOf(t, out, "Lyon")
	if !strings.Contains(out, "Paris (superseded)") {
		t.Fatalf("contradiction did not supersede:\n%s", out)
	}
	history := out[strings.LastIndex(out, "membot> "):]
	if !strings.Contains(history, "Paris") || !strings.Contains(history, "Lyon") {
		t.Fatalf("history does not show the change:\n%s", history)
	}

	out = chat("/memories forget " + lyon + "\n")
	if !strings.Contains(out, "Lyon") {
		t.Fatalf("forget answer: %s", out)
	}
	out = chat("/memories list all\n/memories export\n")
	if strings.Contains(out, "Lyon") || strings.Contains(out, "Paris") {
		t.Fatalf("forgotten memory (or what it superseded) still there after restart:\n%s", out)
	}
	if !strings.Contains(out, "tea") {
		t.Fatalf("other memories lost:\n%s", out)
	}

	out = chat("Should I take the train or fly?\n/summary\n")
	for _, s := range []string{"## User / background", "## Topic", "## Current state", "## Key facts and decisions", "## Open questions", "## Where to continue", "train or fly"} {
		if !strings.Contains(out, s) {
			t.Errorf("summary lacks %q:\n%s", s, out)
		}
	}
}
