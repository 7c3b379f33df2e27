// Package prompts holds membot's prompt templates, embedded in the binary,
// in English and Chinese, and renders them.
package prompts

import (
	"bytes"
	"embed"
	"fmt"
	"text/template"

	"github.com/membot/membot/memory/preprocess"
)

//go:embed templates/*.tmpl
var files embed.FS

// Markers that wrap the memory block in a system prompt, so that the
// pipeline can recognise it if it is ever echoed back and never extract it
// as a new memory. They are preprocess's, which strips them.
const (
	BlockStart = preprocess.MemoryBlockStart
	BlockEnd   = preprocess.MemoryBlockEnd
)

// Set is the parsed templates, ready to render. It is immutable and safe
// for concurrent use.
type Set struct {
	t *template.Template
}

// Load parses the embedded templates.
func Load() (*Set, error) {
	t, err := template.ParseFS(files, "templates/*.tmpl")
	if err != nil {
		return nil, fmt.Errorf("parse prompt templates: %w", err)
	}
	return &Set{t: t}, nil
}

// MustLoad is Load for package initialisation in tests and main, where the
// embedded templates are known to parse.
func MustLoad() *Set {
	s, err := Load()
	if err != nil {
		panic(err)
	}
	return s
}

// Language picks the template language: "zh" for Chinese, else "en".
func Language(lang string) string {
	if lang == "zh" {
		return "zh"
	}
	return "en"
}

// Render executes the template name ("system") in lang with data.
func (s *Set) Render(name, lang string, data any) (string, error) {
	var b bytes.Buffer
	full := name + "." + Language(lang) + ".tmpl"
	if err := s.t.ExecuteTemplate(&b, full, data); err != nil {
		return "", fmt.Errorf("render prompt %s: %w", full, err)
	}
	return b.String(), nil
}

// SystemData fills the system prompt.
type SystemData struct {
	BotName    string
	Platform   string
	GroupChat  bool
	PersonName string
	Today      string
	Persona    string
	Memories   []MemoryLine
	// Notes are the server's shared notes, shown apart from what is known
	// about the person.
	Notes      []MemoryLine
	BlockStart string
	BlockEnd   string
}

// MemoryLine is one recalled memory as shown to the model.
type MemoryLine struct {
	// Label is the memory type in the prompt's language ("偏好", "preference").
	Label string
	// Date is when the event it tells of happens or happened
	// ("2026-03-14") when it has one, else the month it was learnt
	// ("2026-03").
	Date string
	Text string
}

// System renders the system prompt, filling in the block markers.
func (s *Set) System(lang string, d SystemData) (string, error) {
	d.BlockStart, d.BlockEnd = BlockStart, BlockEnd
	return s.Render("system", lang, d)
}

var typeLabels = map[string][2]string{
	"preference": {"preference", "偏好"},
	"fact":       {"fact", "事实"},
	"skill":      {"skill", "技能"},
	"objective":  {"goal", "目标"},
	"context":    {"context", "背景"},
	"decision":   {"decision", "决定"},
	"task":       {"task", "任务"},
	"event":      {"event", "事件"},
}

// TypeLabel names a memory type in lang.
func TypeLabel(typ, lang string) string {
	l, ok := typeLabels[typ]
	if !ok {
		return typ
	}
	if Language(lang) == "zh" {
		return l[1]
	}
	return l[0]
}
