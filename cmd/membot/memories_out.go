package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/term"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
)

// printer writes a command's output: columns cut to the terminal's width
// and coloured only on a terminal without NO_COLOR; plain and whole when
// piped.
type printer struct {
	w io.Writer
	// width is the terminal's width in cells; 0 cuts nothing.
	width int
	color bool
}

// newPrinter looks at the command's stdout: a terminal gives its width
// and colour, a pipe neither ($COLUMNS still sets a width).
func newPrinter(env Env) *printer {
	terminal, width := false, 0
	if f, ok := env.Stdout.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		terminal = true
		if w, _, err := term.GetSize(int(f.Fd())); err == nil {
			width = w
		}
	}
	return makePrinter(env.Stdout, terminal, width, env.Getenv)
}

// makePrinter is the printer for w: coloured when w is a terminal and
// NO_COLOR is unset, as wide as the terminal or else $COLUMNS.
func makePrinter(w io.Writer, terminal bool, width int, getenv func(string) string) *printer {
	p := &printer{w: w, color: terminal && getenv("NO_COLOR") == ""}
	if width > 0 {
		p.width = width
	} else if n, err := strconv.Atoi(getenv("COLUMNS")); err == nil && n > 0 {
		p.width = n
	}
	return p
}

// ANSI styles.
const (
	styleBold   = "1"
	styleDim    = "2"
	styleRed    = "31"
	styleGreen  = "32"
	styleYellow = "33"
	styleCyan   = "36"
)

// paint wraps s in style when colour is on.
func (p *printer) paint(style, s string) string {
	if !p.color || s == "" || style == "" {
		return s
	}
	return "\x1b[" + style + "m" + s + "\x1b[0m"
}

// statusStyle colours a status by how much it asks for attention.
func statusStyle(s memory.Status) string {
	switch s {
	case memory.StatusActive:
		return styleGreen
	case memory.StatusPendingReview:
		return styleYellow
	case memory.StatusSuperseded, memory.StatusArchived:
		return styleDim
	}
	return styleCyan
}

// column is one column of a table: its heading, and the style of its
// cells (nil: none).
type column struct {
	head  string
	style func(row int) string
}

// minLastColumn is the fewest cells the last column is cut to, however
// narrow the terminal: a line may then wrap, but says something.
const minLastColumn = 12

// table prints rows under headings, aligned, the last column cut to the
// width left (with "…").
func (p *printer) table(cols []column, rows [][]string) {
	widths := make([]int, len(cols))
	for i, c := range cols {
		widths[i] = cells(c.head)
	}
	for _, r := range rows {
		for i, s := range r[:len(r)-1] {
			widths[i] = max(widths[i], cells(s))
		}
	}
	line := func(r []string, styleOf func(i int) string) {
		var b strings.Builder
		used := 0
		for i, s := range r {
			last := i == len(r)-1
			if last && p.width > 0 {
				s = cut(s, max(p.width-used, minLastColumn))
			}
			pad := ""
			if !last {
				pad = strings.Repeat(" ", widths[i]-cells(s)+2)
				used += widths[i] + 2
			}
			b.WriteString(p.paint(styleOf(i), s) + pad)
		}
		fmt.Fprintln(p.w, strings.TrimRight(b.String(), " "))
	}
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = c.head
	}
	line(heads, func(int) string { return styleBold })
	for n, r := range rows {
		line(r, func(i int) string {
			if cols[i].style == nil {
				return ""
			}
			return cols[i].style(n)
		})
	}
}

// oneLine puts a memory's text on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// cut shortens s to at most n cells, ending in "…" when cut.
func cut(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if cells(s) <= n {
		return s
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		w := runeCells(r)
		if used+w > n-1 {
			break
		}
		b.WriteRune(r)
		used += w
	}
	return b.String() + "…"
}

// cells is the width of s on a terminal.
func cells(s string) int {
	n := 0
	for _, r := range s {
		n += runeCells(r)
	}
	return n
}

// runeCells is 2 for the wide characters of East Asian scripts and most
// emoji, 0 for combining marks, 1 otherwise.
func runeCells(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r), r == 0x200B:
		return 0
	case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF, r >= 0xAC00 && r <= 0xD7A3,
		r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60,
		r >= 0xFFE0 && r <= 0xFFE6, r >= 0x1F300 && r <= 0x1F64F, r >= 0x1F900 && r <= 0x1F9FF,
		r >= 0x20000 && r <= 0x3FFFD:
		return 2
	}
	return 1
}

// age is how long ago t was, in one short unit: "now", "5m", "3h", "2d",
// "4mo", "1y".
func age(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case t.IsZero():
		return "-"
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh", int(d/time.Hour))
	case d < 60*24*time.Hour:
		return fmt.Sprintf("%dd", int(d/(24*time.Hour)))
	case d < 365*24*time.Hour:
		return fmt.Sprintf("%dmo", int(d/(30*24*time.Hour)))
	}
	return fmt.Sprintf("%dy", int(d/(365*24*time.Hour)))
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// shortID is the id as the chat shows it.
func shortID(id string) string {
	if len(id) > bot.ShortIDLen {
		return id[:bot.ShortIDLen]
	}
	return id
}

// stamp formats a time for show; the zero time is "-".
func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}
