package extract

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"text/template"
	"time"

	"github.com/membot/membot/memory/llm"
)

// promptFS holds the prompt templates (zh + en) and the JSON schemas of the
// two structured calls.
//
//go:embed prompts/*.tmpl prompts/*.json
var promptFS embed.FS

// Schema names, as the model and the fake servers in tests see them.
const (
	ExtractSchemaName   = "extract_memories"
	ReconcileSchemaName = "reconcile_memories"
)

// prompts is the parsed template set of one prompt (extract or reconcile)
// in both languages.
type prompts struct {
	byLang map[string]*template.Template
	schema llm.Schema
}

// templateFuncs are the helpers the templates use.
var templateFuncs = template.FuncMap{
	"q":    quote,
	"when": func(t time.Time) string { return formatWhen(t) },
	"day": func(t time.Time) string {
		if t.IsZero() {
			return "?"
		}
		return t.Format("2006-01-02")
	},
}

// loadPrompts parses prompts/<name>.{en,zh}.tmpl and the schema.
func loadPrompts(name, schemaName, description string) (*prompts, error) {
	p := &prompts{byLang: make(map[string]*template.Template)}
	for _, lang := range []string{"en", "zh"} {
		file := fmt.Sprintf("prompts/%s.%s.tmpl", name, lang)
		t, err := template.New(file).Funcs(templateFuncs).ParseFS(promptFS, file)
		if err != nil {
			return nil, fmt.Errorf("parse prompt %s: %w", file, err)
		}
		p.byLang[lang] = t
	}
	doc, err := promptFS.ReadFile("prompts/" + schemaName + ".schema.json")
	if err != nil {
		return nil, fmt.Errorf("read schema %s: %w", schemaName, err)
	}
	if !json.Valid(doc) {
		return nil, fmt.Errorf("schema %s is not valid JSON", schemaName)
	}
	p.schema = llm.Schema{Name: schemaName, Description: description, Schema: json.RawMessage(doc)}
	return p, nil
}

// render builds the system and user messages for data in lang ("zh" or
// anything else for English).
func (p *prompts) render(lang string, data any) ([]llm.Message, error) {
	t, ok := p.byLang[lang]
	if !ok {
		t = p.byLang["en"]
	}
	var sys, user bytes.Buffer
	if err := t.ExecuteTemplate(&sys, "system", data); err != nil {
		return nil, fmt.Errorf("render system prompt: %w", err)
	}
	if err := t.ExecuteTemplate(&user, "user", data); err != nil {
		return nil, fmt.Errorf("render user prompt: %w", err)
	}
	return []llm.Message{
		{Role: llm.RoleSystem, Content: strings.TrimSpace(sys.String())},
		{Role: llm.RoleUser, Content: strings.TrimSpace(user.String())},
	}, nil
}

// quote renders s as a JSON string literal: newlines, quotes and control
// characters are escaped, so message text can never fake the prompt's own
// structure (a line that looks like a header or an id).
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(strings.ToValidUTF8(s, "\uFFFD")); err != nil {
		return `""`
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// formatWhen is a message time as the model sees it, with the weekday so
// that "next Friday" can be resolved.
func formatWhen(t time.Time) string {
	if t.IsZero() {
		return "unknown time"
	}
	return t.Format("2006-01-02 15:04 Mon (-07:00)")
}
