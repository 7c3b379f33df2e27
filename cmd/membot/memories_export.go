package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/membot/membot/memory"
)

// exported is the document "export --format json" writes.
type exported struct {
	User       string          `json:"user"`
	Person     string          `json:"person"`
	ExportedAt time.Time       `json:"exported_at"`
	Memories   []memory.Memory `json:"memories"`
}

func memoriesExport(ctx context.Context, mc *memoriesCmd, args []string) error {
	fs := mc.flags("--user PLATFORM:ID [--format json|jsonl|md] [--output FILE]",
		"Every memory of the person, whatever its status, with its history: one JSON document,\n"+
			"JSON Lines (one memory a line) or Markdown. Written to stdout, or to FILE (created\n"+
			"readable by you only, replaced whole).",
		"membot memories export --user telegram:12345 --format md --output memories.md")
	format := fs.String("format", "", "json, jsonl or md (default json)")
	output := fs.String("output", "", "write to FILE instead of stdout")
	defer mc.close()
	if err := mc.parse(args, 0, 0); err != nil {
		return err
	}
	switch *format {
	case "":
		*format = "json"
	case "jsonl", "md":
		if *mc.json {
			return mc.usageError("--json exports as --format json: give one or the other")
		}
	case "json":
	default:
		return mc.usageError("--format %q: want json, jsonl or md", *format)
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	list, err := mc.wb.Memory.List(ctx, memory.MemoryQuery{Owner: mc.person.ID})
	if err != nil {
		return fmt.Errorf("list memories: %w", err)
	}
	write := func(w io.Writer) error { return mc.writeExport(w, *format, list) }
	if *output == "" {
		return write(mc.out.w)
	}
	if err := writeFileAtomic(*output, write); err != nil {
		return fmt.Errorf("export to %s: %w", *output, err)
	}
	fmt.Fprintf(mc.env.Stderr, "Exported %d memories to %s.\n", len(list), *output)
	return nil
}

// writeExport writes list in format.
func (mc *memoriesCmd) writeExport(w io.Writer, format string, list []memory.Memory) error {
	switch format {
	case "jsonl":
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, m := range list {
			if err := enc.Encode(m); err != nil {
				return fmt.Errorf("write JSON line: %w", err)
			}
		}
		return nil
	case "md":
		return writeMarkdown(w, *mc.user, list)
	}
	return writeJSON(w, exported{User: *mc.user, Person: mc.person.ID, ExportedAt: time.Now().UTC(), Memories: nonNil(list)})
}

// writeMarkdown writes one section per memory.
func writeMarkdown(w io.Writer, user string, list []memory.Memory) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "# Memories of %s\n\nExported %s: %d memories.\n", user, time.Now().UTC().Format(time.RFC3339), len(list))
	for _, m := range list {
		fmt.Fprintf(b, "\n## %s\n\n", oneLine(m.Text))
		fmt.Fprintf(b, "- id: `%s`\n- type: %s, lifecycle: %s, status: %s\n", m.ID, m.Type, m.Lifecycle, m.Status)
		if m.Subject != "" {
			fmt.Fprintf(b, "- subject: %s\n", m.Subject)
		}
		fmt.Fprintf(b, "- created: %s, updated: %s\n", m.CreatedAt.UTC().Format(time.RFC3339), m.UpdatedAt.UTC().Format(time.RFC3339))
		if !m.EventTime.IsZero() {
			fmt.Fprintf(b, "- event time: %s\n", m.EventTime.UTC().Format(time.RFC3339))
		}
		if !m.ExpiresAt.IsZero() {
			fmt.Fprintf(b, "- expires: %s\n", m.ExpiresAt.UTC().Format(time.RFC3339))
		}
		if m.Supersedes != "" {
			fmt.Fprintf(b, "- supersedes: `%s`\n", m.Supersedes)
		}
		if m.SupersededBy != "" {
			fmt.Fprintf(b, "- superseded by: `%s`\n", m.SupersededBy)
		}
		if m.Source.Excerpt != "" {
			fmt.Fprintf(b, "- source: %s\n", oneLine(m.Source.Excerpt))
		}
		if len(m.History) > 0 {
			b.WriteString("- history:\n")
			for _, v := range m.History {
				fmt.Fprintf(b, "  - %s %s %s\n", v.Time.UTC().Format("2006-01-02"), actionLabel(v), oneLine(v.Text))
			}
		}
	}
	return b.Flush()
}

// writeFileAtomic writes path through write into a temporary file beside
// it, readable by its owner only, and renames it over path once complete,
// so that a failure leaves no half-written export.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename: nothing there
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
