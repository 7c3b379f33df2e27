package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/internal/importer"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

const importSynopsis = `import FILE|DIR --user PLATFORM:ID|NAME [flags]

Reads chat exports (ChatGPT or Claude conversations.json, Telegram Desktop
result.json, DiscordChatExporter JSON, generic JSON or JSON Lines of
{"role"|"author", "content"|"text", "time"}) into the person's memory,
through the same redaction, extraction and reconciliation as live chat.
Only the person's own messages become memories. Importing again adds
nothing new; an interrupted import resumes where it stopped.

--user names an account the bot has seen (telegram:12345, discord:987);
a terminal name (alice, or console:alice) is created when new, as the
terminal chat does. A directory is read for every .json and .jsonl file
whose format is recognised.`

// importFlags are the flags of one import.
type importFlags struct {
	user, format, self string
	dryRun, asJSON     bool
	rate               int
}

func cmdImport(ctx context.Context, args []string, env Env) error {
	cf := newFlags("import", importSynopsis, env.Stderr)
	var f importFlags
	cf.fs.StringVar(&f.user, "user", "", "whose memory: an account (telegram:12345) or a terminal name")
	cf.fs.StringVar(&f.format, "format", "", "export format: "+formatNames()+" (default: detected)")
	cf.fs.StringVar(&f.self, "self", "", "which speaker of the export you are (name or platform id), when the export does not say")
	cf.fs.BoolVar(&f.dryRun, "dry-run", false, "show what would be extracted and what it would cost; write nothing")
	cf.fs.IntVar(&f.rate, "rate", 0, "at most this many model calls a minute (0: no cap)")
	cf.fs.BoolVar(&f.asJSON, "json", false, "print the summary as one JSON object")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && isHelpFlag(args[0]) {
			cf.fs.Usage()
			return errHelp
		}
		fmt.Fprintln(env.Stderr, "import: the export file or directory comes first")
		cf.fs.Usage()
		return errUsage
	}
	path := args[0]
	cfg, err := cf.load(args[1:], env.Getenv)
	if err != nil {
		return err
	}
	var format importer.Format
	if f.format != "" {
		if format, err = importer.ParseFormat(f.format); err != nil {
			fmt.Fprintf(env.Stderr, "import: %v\n", err)
			return errUsage
		}
	}
	if f.user == "" && !f.dryRun {
		fmt.Fprintln(env.Stderr, "import: --user is required (an account such as telegram:12345, or a terminal name)")
		cf.fs.Usage()
		return errUsage
	}
	if f.rate < 0 {
		fmt.Fprintln(env.Stderr, "import: --rate must be 0 or more")
		return errUsage
	}
	files, err := exportFiles(path, format)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	r := &importRun{flags: f, env: env, sum: &importSummary{DryRun: f.dryRun}, now: time.Now}
	return r.run(ctx, cfg, files)
}

func formatNames() string {
	names := make([]string, len(importer.Formats))
	for i, f := range importer.Formats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// exportFile is one file to import and its format.
type exportFile struct {
	path   string
	format importer.Format
	size   int64
}

// exportFiles lists what path holds: the file itself (its format named or
// detected), or a directory's .json and .jsonl files of a recognised
// format, in name order.
func exportFiles(path string, format importer.Format) ([]exportFile, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		f, err := classify(path, format)
		if err != nil {
			return nil, err
		}
		return []exportFile{f}, nil
	}
	var out []exportFile
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		ext := strings.ToLower(filepath.Ext(p))
		if d.IsDir() || (ext != ".json" && ext != ".jsonl") {
			return nil
		}
		f, err := classify(p, format)
		if errors.Is(err, importer.ErrUnknownFormat) {
			return nil // not an export (a ChatGPT export's user.json, …)
		}
		if err != nil {
			return err
		}
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w: no export found in the directory", path, importer.ErrUnknownFormat)
	}
	slices.SortFunc(out, func(a, b exportFile) int { return strings.Compare(a.path, b.path) })
	return out, nil
}

// classify opens path just to tell its format, when none is named.
func classify(path string, format importer.Format) (exportFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return exportFile{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return exportFile{}, err
	}
	if format == "" {
		if format, err = importer.Detect(bufio.NewReader(f), path); err != nil {
			return exportFile{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	return exportFile{path: path, format: format, size: st.Size()}, nil
}

// run imports files: into the store through the app, or, for a dry run,
// only reading them.
func (r *importRun) run(ctx context.Context, cfg config.Config, files []exportFile) error {
	r.model = cfg.Model.Configured()
	if r.flags.dryRun {
		r.person = memory.Person{ID: "you"} // stands for the person: nothing is looked up
	} else {
		if err := r.open(ctx, cfg); err != nil {
			return err
		}
	}
	r.progress = newProgress(r.env, files)
	if r.app != nil {
		r.extractor = startExtractWorker(ctx, r)
	}
	err := r.files(ctx, files)
	if r.app != nil {
		err = errors.Join(err, r.extractor.wait())
	}
	r.progress.done(r.sum)
	if r.app != nil {
		r.finishCosts()
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
		defer cancel()
		err = errors.Join(err, r.app.Close(closeCtx))
	}
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("import interrupted after %d messages (what was read is kept): run the same command again to resume", r.sum.Messages)
		}
		return err
	}
	return r.printSummary()
}

// files reads every file in turn.
func (r *importRun) files(ctx context.Context, files []exportFile) error {
	for _, f := range files {
		r.selfSeen = false
		if err := r.file(ctx, f); err != nil {
			return err
		}
		r.sum.Files++
	}
	return nil
}

func (r *importRun) file(ctx context.Context, ef exportFile) error {
	f, err := os.Open(ef.path)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer f.Close()
	r.format = ef.format
	r.progress.file(ef)
	in := &countingReader{r: f, progress: r.progress}
	err = importer.Read(ctx, bufio.NewReaderSize(in, 256<<10), ef.format, importer.Options{Self: r.flags.self},
		func(m importer.Message) error { return r.message(ctx, m) })
	if err == nil {
		err = r.flush(ctx)
	}
	if err != nil {
		return fmt.Errorf("import %s (%s): %w", ef.path, ef.format, err)
	}
	usesSelf := ef.format != importer.ChatGPT && ef.format != importer.Claude
	if usesSelf && r.flags.self != "" && !r.selfSeen {
		return fmt.Errorf("import %s: no message of %q in the export (check --self)", ef.path, r.flags.self)
	}
	return nil
}

// countingReader reports the bytes read for progress and ETA.
type countingReader struct {
	r        io.Reader
	progress *progress
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.progress.read(int64(n))
	return n, err
}

// open opens the bot's parts and finds the person.
func (r *importRun) open(ctx context.Context, cfg config.Config) error {
	if cfg.LogLevel == "" {
		cfg.LogLevel = "warn" // keep the terminal for the progress
	}
	// Imported messages are old: retention would delete them before they
	// are extracted. The bot's own runs delete them later, as configured.
	cfg.Memory.MessageRetention = 0
	opts := []app.Option{app.WithLogger(newLogger(cfg, r.env.Stderr))}
	if r.flags.rate > 0 {
		opts = append(opts, app.WithModelWrapper(func(c llm.Client) llm.Client {
			return newRateLimited(c, r.flags.rate, realSleep)
		}))
	}
	a, err := app.Open(context.WithoutCancel(ctx), cfg, append(opts, r.env.appOptions...)...)
	if err != nil {
		return err
	}
	r.app = a
	if r.person, err = findPerson(ctx, a, r.flags.user, storeName(cfg)); err != nil {
		return errors.Join(err, a.Close(ctx))
	}
	if r.person.MemoryOff {
		return errors.Join(fmt.Errorf("memory is turned off for %s: turn it on in chat (/memories on) to import", r.flags.user), a.Close(ctx))
	}
	return nil
}

// findPerson resolves --user: an existing account, or a terminal name,
// created when new as the terminal chat creates it.
func findPerson(ctx context.Context, a *app.App, user, store string) (memory.Person, error) {
	platform, userID, ok := strings.Cut(user, ":")
	if !ok {
		platform, userID = "console", user
	}
	if platform == "" || userID == "" {
		return memory.Person{}, fmt.Errorf("--user %q: want PLATFORM:ID (telegram:12345) or a terminal name", user)
	}
	if platform == "console" {
		p, err := a.Store.ResolveIdentity(ctx, platform, userID, userID)
		if err != nil {
			return memory.Person{}, fmt.Errorf("find %s: %w", user, err)
		}
		return p, nil
	}
	id, err := a.Identity(ctx, platform, userID)
	if errors.Is(err, memory.ErrNotFound) {
		return memory.Person{}, fmt.Errorf("no person known as %s:%s in %s: name an account the bot has seen, or a terminal name", platform, userID, store)
	}
	if err != nil {
		return memory.Person{}, fmt.Errorf("find %s: %w", user, err)
	}
	p, err := a.Store.Person(ctx, id.PersonID)
	if err != nil {
		return memory.Person{}, fmt.Errorf("find the person of %s: %w", user, err)
	}
	return p, nil
}
