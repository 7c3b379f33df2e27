package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/memory"
)

// shown is one memory as "show --json" prints it: the memory, its
// versions (what it superseded, oldest first, itself, then what
// superseded it) and the captured messages it was taken from.
type shown struct {
	Memory   memory.Memory    `json:"memory"`
	Versions []memory.Memory  `json:"versions"`
	Sources  []memory.Message `json:"sources"`
}

// maxSourcePages bounds the pages of a conversation read to find a
// memory's source messages (500 messages a page).
const maxSourcePages = 100

func memoriesShow(ctx context.Context, mc *memoriesCmd, args []string) error {
	mc.flags("ID --user PLATFORM:ID [--json]",
		"One memory: its text, subject, type, lifecycle, status, times, expiry, use count, every\n"+
			"earlier version and what superseded what, and the messages it was taken from (as\n"+
			"stored: redacted). ID is the short id a list shows, or any longer prefix of the id.",
		"membot memories show 1a2b3c4d --user telegram:12345")
	defer mc.close()
	if err := mc.parse(args, 1, 1); err != nil {
		return err
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	m, err := mc.resolve(ctx, mc.args[0])
	if err != nil {
		return err
	}
	chain, err := mc.wb.Memory.History(ctx, m.Owner, m.ID)
	if err != nil {
		return fmt.Errorf("history of %s: %w", shortID(m.ID), err)
	}
	sources, err := mc.sourceMessages(ctx, m)
	if err != nil {
		return err
	}
	if *mc.json {
		return writeJSON(mc.out.w, shown{Memory: m, Versions: chain, Sources: nonNil(sources)})
	}
	mc.printMemory(m, chain, sources)
	return nil
}

// printMemory prints what show shows.
func (mc *memoriesCmd) printMemory(m memory.Memory, chain []memory.Memory, sources []memory.Message) {
	p := mc.out
	now := time.Now()
	field := func(name, value string) {
		if value != "" && value != "-" {
			fmt.Fprintf(p.w, "%s %s\n", p.paint(styleBold, fmt.Sprintf("%-13s", name)), value)
		}
	}
	field("ID", p.paint(styleCyan, m.ID))
	field("Text", m.Text)
	field("Subject", m.Subject)
	field("Type", string(m.Type))
	field("Lifecycle", string(m.Lifecycle))
	field("Status", p.paint(statusStyle(m.Status), string(m.Status)))
	field("Importance", fmt.Sprintf("%.2f", m.Importance))
	field("Confidence", fmt.Sprintf("%.2f", m.Confidence))
	field("Created", stamp(m.CreatedAt)+" ("+ago(now, m.CreatedAt)+")")
	field("Updated", stamp(m.UpdatedAt))
	field("Event time", stamp(m.EventTime))
	field("Expires", stamp(m.ExpiresAt))
	field("Used", fmt.Sprintf("%d times, last %s", m.UseCount, stamp(m.LastUsedAt)))
	field("Supersedes", shortID(m.Supersedes))
	field("Superseded by", shortID(m.SupersededBy))
	if len(m.Tags) > 0 {
		field("Tags", strings.Join(m.Tags, ", "))
	}

	fmt.Fprintln(p.w, "\n"+p.paint(styleBold, "History")+" (oldest first)")
	for _, v := range chain {
		for _, old := range v.History {
			line := fmt.Sprintf("  %s  %s %s", stamp(old.Time), p.paint(styleDim, actionLabel(old)), old.Text)
			if old.Reason != "" {
				line += p.paint(styleDim, " ("+old.Reason+")")
			}
			fmt.Fprintln(p.w, line)
		}
		marker := ""
		if v.ID == m.ID {
			marker = " ←"
		}
		fmt.Fprintf(p.w, "  %s  %s [%s] %s%s\n", stamp(v.UpdatedAt), p.paint(styleCyan, shortID(v.ID)), p.paint(statusStyle(v.Status), string(v.Status)), v.Text, marker)
	}

	fmt.Fprintln(p.w, "\n"+p.paint(styleBold, "Source"))
	src := m.Source
	if src.Platform == "" && src.ConversationID == "" && src.Excerpt == "" {
		fmt.Fprintln(p.w, "  (none recorded)")
	}
	if src.ConversationID != "" {
		fmt.Fprintf(p.w, "  conversation %s, %s\n", src.ConversationID, stamp(src.Time))
	} else if src.Platform != "" {
		fmt.Fprintf(p.w, "  %s, %s\n", src.Platform, stamp(src.Time))
	}
	if src.Excerpt != "" {
		fmt.Fprintf(p.w, "  excerpt: %q\n", src.Excerpt)
	}
	for _, s := range sources {
		fmt.Fprintf(p.w, "  %s  %s\n", p.paint(styleDim, stamp(s.Time)), oneLine(s.Text))
	}
	if n := len(sourceIDs(m)); n > 0 && len(sources) < n {
		fmt.Fprintf(p.w, "  %s\n", p.paint(styleDim, fmt.Sprintf("%d of %d source messages are no longer stored", n-len(sources), n)))
	}
}

// ago is age as a phrase: "just now", "3d ago".
func ago(now, t time.Time) string {
	if a := age(now, t); a != "now" {
		return a + " ago"
	}
	return "just now"
}

// actionLabel says what replaced a version's text.
func actionLabel(v memory.Version) string {
	switch v.Action {
	case "", "update":
		return "before update:"
	case "edit":
		return "before edit:"
	case "supersede":
		return "before superseded by " + shortID(v.LinkedID) + ":"
	case reviewedAction:
		return "kept on review:"
	case "review":
		return "set aside for review (newer: " + shortID(v.LinkedID) + "):"
	}
	return v.Action + ":"
}

// sourceIDs are the captured messages m came from, by conversation: its
// source's and those its history kept when the text moved.
func sourceIDs(m memory.Memory) map[string]string {
	ids := map[string]string{} // message id → conversation
	add := func(conv string, msgs []string) {
		for _, id := range msgs {
			if conv != "" && id != "" {
				ids[id] = conv
			}
		}
	}
	add(m.Source.ConversationID, m.Source.MessageIDs)
	for _, v := range m.History {
		add(v.ConversationID, v.MessageIDs)
	}
	return ids
}

// sourceMessages reads the captured messages m came from that are still
// stored and were written by its owner, oldest first.
func (mc *memoriesCmd) sourceMessages(ctx context.Context, m memory.Memory) ([]memory.Message, error) {
	ids := sourceIDs(m)
	byConv := map[string]map[string]bool{}
	for id, conv := range ids {
		if byConv[conv] == nil {
			byConv[conv] = map[string]bool{}
		}
		byConv[conv][id] = true
	}
	var out []memory.Message
	for conv, want := range byConv {
		after := int64(0)
		for page := 0; page < maxSourcePages && len(want) > 0; page++ {
			msgs, err := mc.wb.Store.Messages(ctx, conv, after, 500)
			if err != nil {
				return nil, fmt.Errorf("read source messages of %s: %w", shortID(m.ID), err)
			}
			for _, msg := range msgs {
				if want[msg.PlatformID] && msg.PersonID == m.Owner {
					out = append(out, msg)
					delete(want, msg.PlatformID)
				}
			}
			if len(msgs) < 500 {
				break
			}
			after = msgs[len(msgs)-1].Seq
		}
	}
	slices.SortFunc(out, func(a, b memory.Message) int { return a.Time.Compare(b.Time) })
	return out, nil
}
