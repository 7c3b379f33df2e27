package bot_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
)

// TestSecretsInADisplayNameAreNeverShown: secrets in a display name
// reach neither the replies that name the person (/link), nor the model,
// nor the data directory.
func TestSecretsInADisplayNameAreNeverShown(t *testing.T) {
	names := []string{"Bob bob@example.org", "Ann +44 161 496 0000", "pw: Hunter2xyz!", "Zoë zoë@bücher.example", "Kim sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789ABCD"}
	secrets := []string{"bob@example.org", "496 0000", "Hunter2xyz", "bücher.example", "sk-ant-api03-abcdefghij"}
	dir := t.TempDir()
	b := bottest.New(t, bottest.WithDir(dir))
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.Text("Hi there.") })
	var shown strings.Builder
	for i, n := range names {
		m := bottest.Group("telegram", "g9", "u"+string(rune('a'+i)), "hello bot, I like tea", true)
		m.Author.DisplayName = n
		shown.WriteString(allText(b.Send(t, m)))
		m2 := bottest.DM("telegram", "u"+string(rune('a'+i)), "/link")
		m2.Author.DisplayName = n
		shown.WriteString(allText(b.Send(t, m2)))
		m3 := bottest.DM("telegram", "u"+string(rune('a'+i)), "who am I?")
		m3.Author.DisplayName = n
		shown.WriteString(allText(b.Send(t, m3)))
	}
	var sent bytes.Buffer
	for _, r := range b.Model.Requests() {
		sent.Write(r.Body)
	}
	b.Stop(t)
	for _, s := range secrets {
		if strings.Contains(shown.String(), s) {
			t.Errorf("%q shown to a person", s)
		}
		if bytes.Contains(sent.Bytes(), []byte(s)) || strings.Contains(sent.String(), strings.ReplaceAll(s, "ü", `\u00fc`)) {
			t.Errorf("%q sent to the model", s)
		}
		if hits := grepDir(t, dir, s); len(hits) > 0 {
			t.Errorf("%q stored in %v", s, hits)
		}
	}
}

// grepDir names the files of dir whose raw bytes contain marker.
func grepDir(t *testing.T, dir, marker string) []string {
	t.Helper()
	var hits []string
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := os.ReadFile(path)
		if err == nil && bytes.Contains(raw, []byte(marker)) {
			hits = append(hits, filepath.Base(path))
		}
		return nil
	})
	return hits
}
