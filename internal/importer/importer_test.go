package importer_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/membot/membot/internal/importer"
)

// readAll detects and reads a fixture.
func readAll(t *testing.T, name string, opts importer.Options) (importer.Format, []importer.Message, error) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	br := bufio.NewReader(f)
	format, err := importer.Detect(br, name)
	if err != nil {
		return "", nil, err
	}
	var out []importer.Message
	err = importer.Read(context.Background(), br, format, opts, func(m importer.Message) error {
		out = append(out, m)
		return nil
	})
	return format, out, err
}

func TestFixtures(t *testing.T) {
	tests := []struct {
		file   string
		self   string
		format importer.Format
		// own and others are the texts of the person's and the other
		// side's messages; noText counts messages without text.
		own, others []string
		noText      int
	}{
		{"chatgpt.json", "", importer.ChatGPT,
			[]string{"I live in Lisbon and I work at Initech.", "I prefer ferries over planes."},
			[]string{"Nice! How can I help with your trip?", "Ferries it is."}, 1},
		{"claude.json", "", importer.Claude,
			[]string{"I live in Oslo and I work at Globex.", "I prefer tea over coffee."},
			[]string{"Happy to help with recipes from Oslo."}, 1},
		{"telegram.json", "", importer.Telegram,
			[]string{"I live in Porto", "I work at Hooli"}, []string{"I live in Madrid"}, 3},
		{"discord.json", "Kim", importer.Discord,
			[]string{"I live in Dublin", "I work at Vandelay Industries"}, []string{"I work at Umbrella"}, 2},
		{"generic.json", "", importer.JSON,
			[]string{"I live in Vienna", "I work at Stark Industries"}, []string{"Vienna is lovely."}, 0},
		{"generic.jsonl", "ana", importer.JSONL,
			[]string{"I live in Quito", "I work at Wonka"}, []string{"I live in Lima"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			format, msgs, err := readAll(t, tt.file, importer.Options{Self: tt.self})
			if err != nil {
				t.Fatal(err)
			}
			if format != tt.format {
				t.Fatalf("detected %q, want %q", format, tt.format)
			}
			var own, others []string
			noText := 0
			ids := map[string]bool{}
			for _, m := range msgs {
				key := m.Conversation + "/" + m.ID
				if m.ID == "" || ids[key] {
					t.Errorf("message %+v: empty or repeated id", m)
				}
				ids[key] = true
				if m.Time.IsZero() {
					t.Errorf("message %q has no time", m.Text)
				}
				switch {
				case m.NoText:
					noText++
				case m.Self:
					own = append(own, m.Text)
				default:
					others = append(others, m.Text)
				}
			}
			if fmt.Sprint(own) != fmt.Sprint(tt.own) || fmt.Sprint(others) != fmt.Sprint(tt.others) {
				t.Errorf("own %q, others %q; want %q, %q", own, others, tt.own, tt.others)
			}
			if noText != tt.noText {
				t.Errorf("%d messages without text, want %d", noText, tt.noText)
			}
		})
	}
}

func TestGenericIDsStable(t *testing.T) {
	_, a, err := readAll(t, "generic.json", importer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The same messages in a longer export keep their ids.
	longer := `[{"role":"user","content":"first of all","time":"2024-04-30T08:00:00Z"},` +
		`{"role":"user","content":"I live in Vienna","time":"2024-05-01T08:00:00Z"}]`
	var b []importer.Message
	err = importer.Read(context.Background(), strings.NewReader(longer), importer.JSON, importer.Options{}, func(m importer.Message) error {
		b = append(b, m)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if a[0].ID != b[1].ID || a[0].ID == b[0].ID {
		t.Fatalf("ids %q vs %q, %q", a[0].ID, b[1].ID, b[0].ID)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name, doc string
		format    importer.Format
		opts      importer.Options
		// read is how many messages come out before the error.
		read int
		want string
	}{
		{"truncated chatgpt", `[{"mapping":{}, "current_node":"x", "id":"1"}, {"mapping": {"a": {"id"`, importer.ChatGPT, importer.Options{}, 0, "at byte"},
		{"truncated array", `[{"role":"user","content":"I live in Rome","time":"2024-01-01T00:00:00Z"}, {"role":"us`, importer.JSON, importer.Options{}, 1, "truncated"},
		{"syntax error", `[{"role":"user","content":"a","time":"2024-01-01T00:00:00Z"} {"role":"user"}]`, importer.JSON, importer.Options{}, 1, "at byte 61"},
		{"bad time", `[{"role":"user","content":"a","time":"yesterday"}]`, importer.JSON, importer.Options{}, 0, "time \"yesterday\""},
		{"jsonl bad line", "{\"role\":\"user\",\"content\":\"a\"}\n{\"role\":\"user\",\"content\":\n", importer.JSONL, importer.Options{}, 1, "line 2"},
		{"no role nor author", `[{"content":"a"}]`, importer.JSON, importer.Options{}, 0, "neither"},
		{"authors without self", `[{"author":"x","content":"a"}]`, importer.JSON, importer.Options{}, 0, "--self"},
		{"telegram chat without self", `{"name":"x","type":"personal_chat","id":1,"messages":[{"id":1,"type":"message","from":"a","from_id":"user1","text":"hi","date_unixtime":"1"}]}`, importer.Telegram, importer.Options{}, 0, "--self"},
		{"discord without self", `{"guild":{},"channel":{"id":"1"},"messages":[]}`, importer.Discord, importer.Options{}, 0, "--self"},
		{"trailing garbage", `[] x`, importer.JSON, importer.Options{}, 0, "at byte"},
		{"wrong shape", `{"a":1}`, importer.ChatGPT, importer.Options{}, 0, "expected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := 0
			err := importer.Read(context.Background(), strings.NewReader(tt.doc), tt.format, tt.opts, func(importer.Message) error {
				n++
				return nil
			})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want one saying %q", err, tt.want)
			}
			if n != tt.read {
				t.Errorf("%d messages before the error, want %d", n, tt.read)
			}
		})
	}
}

func TestDetectUnknown(t *testing.T) {
	for _, doc := range []string{"", "hello", `{"user":"x"}`, `[1,2,3]`, "<html>"} {
		_, err := importer.Detect(bufio.NewReader(strings.NewReader(doc)), "x.json")
		if !errors.Is(err, importer.ErrUnknownFormat) {
			t.Errorf("%q: err %v, want ErrUnknownFormat", doc, err)
		}
	}
	if _, err := importer.ParseFormat("whatsapp"); !errors.Is(err, importer.ErrUnknownFormat) {
		t.Errorf("ParseFormat: %v", err)
	}
}

func TestEmitErrorStops(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	f, err := os.Open("testdata/telegram.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = importer.Read(context.Background(), f, importer.Telegram, importer.Options{}, func(importer.Message) error {
		n++
		return stop
	})
	if !errors.Is(err, stop) || n != 1 {
		t.Fatalf("err %v after %d messages", err, n)
	}
}

// telegramGenerator writes a one-chat Telegram export of n messages
// without holding it.
func telegramGenerator(n int) io.Reader {
	pr, pw := io.Pipe()
	go func() {
		w := bufio.NewWriter(pw)
		fmt.Fprint(w, `{"name":"Big","type":"personal_chat","id":7,"messages":[`)
		for i := range n {
			if i > 0 {
				w.WriteByte(',')
			}
			from := "user1"
			if i%2 == 1 {
				from = "user2"
			}
			fmt.Fprintf(w, `{"id":%d,"type":"message","date_unixtime":"%d","from":"x","from_id":%q,"text":"message number %d with some words to make it a realistic length, like people write"}`, i, 1700000000+i, from, i)
		}
		fmt.Fprint(w, `]}`)
		pw.CloseWithError(w.Flush())
	}()
	return pr
}

func TestStreamsWithBoundedMemory(t *testing.T) {
	const n = 300_000 // about 50 MB of export
	var peak uint64
	var ms runtime.MemStats
	count := 0
	err := importer.Read(context.Background(), telegramGenerator(n), importer.Telegram, importer.Options{Self: "user1"}, func(m importer.Message) error {
		count++
		if count%20_000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if count != n {
		t.Fatalf("read %d messages, want %d", count, n)
	}
	if peak > 24<<20 {
		t.Fatalf("heap in use reached %d MB reading a 50 MB export: not streaming", peak>>20)
	}
}
