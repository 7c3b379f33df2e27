package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"golang.org/x/term"
)

// progress shows how far an import is: a line rewritten in place on a
// terminal (counts, rate, ETA), plain lines every tenth of a file when
// stderr is piped.
type progress struct {
	w        io.Writer
	tty      bool
	total    int64 // bytes of every file
	readN    int64
	start    time.Time
	name     string
	lastStep int64
	sum      *importSummary
}

func newProgress(env Env, files []exportFile) *progress {
	p := &progress{w: env.Stderr, tty: stderrIsTerminal(env), start: time.Now()}
	for _, f := range files {
		p.total += f.size
	}
	return p
}

func stderrIsTerminal(env Env) bool {
	if env.Interactive != nil {
		return *env.Interactive
	}
	f, ok := env.Stderr.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (p *progress) file(f exportFile) {
	p.name = filepath.Base(f.path)
	if !p.tty {
		fmt.Fprintf(p.w, "importing %s (%s, %s)\n", f.path, f.format, bytesText(f.size))
	}
}

func (p *progress) read(n int64) { p.readN += n }

// messages shows the counts after a batch.
func (p *progress) messages(s *importSummary) {
	p.sum = s
	pct := int64(100)
	if p.total > 0 {
		pct = min(100, p.readN*100/p.total)
	}
	elapsed := time.Since(p.start)
	rate := float64(s.Messages) / max(elapsed.Seconds(), 0.001)
	eta := "–"
	if p.readN > 0 && p.readN < p.total {
		left := time.Duration(float64(elapsed) * float64(p.total-p.readN) / float64(p.readN))
		eta = left.Round(time.Second).String()
	}
	line := fmt.Sprintf("%s %3d%%  %d messages (%d yours)  %d memories  %.0f msg/s  ETA %s",
		p.name, pct, s.Messages, s.Own, s.Added+s.Updated+s.Superseded+s.Conflicts, rate, eta)
	if p.tty {
		fmt.Fprintf(p.w, "\r\x1b[K%s", line)
		return
	}
	if step := pct / 10; step > p.lastStep {
		p.lastStep = step
		fmt.Fprintln(p.w, line)
	}
}

// done shows the final counts and ends the progress line.
func (p *progress) done(s *importSummary) {
	if p.sum == nil {
		return // nothing was shown
	}
	p.lastStep = -1
	p.messages(s)
	if p.tty {
		fmt.Fprintln(p.w)
	}
}

func bytesText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// printSummary writes the summary on stdout: aligned rows, or one JSON
// object with --json.
func (r *importRun) printSummary() error {
	s := r.sum
	out := r.env.Stdout
	if r.flags.asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	if s.DryRun {
		fmt.Fprintln(tw, "DRY RUN: nothing was written.")
		fmt.Fprintln(tw, "conversation\tmessages\tyours\twindows\tcalls\ttokens\tfirst window")
		for _, p := range s.Plan {
			name := p.Conversation
			if p.Title != "" {
				name += " (" + p.Title + ")"
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\n", name, p.Messages, p.Own, p.Windows, p.Calls, p.Tokens, oneLine(p.Sample))
		}
		fmt.Fprintln(tw)
	}
	rows := [][2]string{
		{"files", fmt.Sprint(s.Files)},
		{"messages read", fmt.Sprint(s.Messages)},
		{"  yours", fmt.Sprint(s.Own)},
		{"  the other side", fmt.Sprint(s.Others)},
		{"skipped: no text", fmt.Sprint(s.NoText)},
		{"skipped as noise", fmt.Sprint(s.Noise)},
		{"already imported", fmt.Sprint(s.Already)},
		{"future timestamps (taken as now)", fmt.Sprint(s.Future)},
		{"conversations", fmt.Sprint(s.Conversations)},
		{"windows extracted", fmt.Sprint(s.Windows)},
	}
	if s.DryRun {
		rows[len(rows)-1][0] = "windows to extract"
		rows = append(rows, [2]string{"model calls (extraction, estimated)", fmt.Sprint(s.ModelCalls)},
			[2]string{"tokens (estimated)", fmt.Sprint(s.Tokens)})
	} else {
		rows = append(rows,
			[2]string{"memories added", fmt.Sprint(s.Added)},
			[2]string{"memories updated", fmt.Sprint(s.Updated)},
			[2]string{"memories superseded", fmt.Sprint(s.Superseded)},
			[2]string{"conflicts to review", fmt.Sprint(s.Conflicts)},
			[2]string{"model calls", fmt.Sprint(s.ModelCalls)},
			[2]string{"tokens", fmt.Sprint(s.Tokens)})
	}
	for _, row := range rows {
		fmt.Fprintf(tw, "%s\t%s\n", row[0], row[1])
	}
	return tw.Flush()
}
