package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/eval"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/sqlite"
)

const evalUsage = `Usage: membot eval personas FILE [--json] [--config FILE] [--model NAME] [--base-url URL]
       membot eval recall --data FILE [--unit messages|memories] [--k 1,5,10] [--json] [--baseline] [--direct]
       membot eval recall --data FILE --extract [--k 1,5,10] [--json] [--baseline] [--config FILE] [--model NAME] [--base-url URL]

Measures recall on a benchmark in the recall-bench/1 format: each case is
loaded into a fresh temporary embedded store and every query runs through the
production recall. Prints recall@k, all@k and covered@k per category and
pooled (adversarial apart), with latency.

With --extract the configured model first extracts memories from each case's
conversation through the production pipeline, and recall is measured over
those (unit memories, every speaker's memories searched), followed by what
extraction cost: calls and tokens per purpose, and memories per 100 messages.
The model comes from the configuration: OPENAI_BASE_URL (any
OpenAI-compatible server), MEMBOT_MODEL, OPENAI_API_KEY,
MEMBOT_EMBEDDING_MODEL, a --config file, or the flags below.
`

// evalModelFlags are the shared configuration flags eval recall accepts
// for --extract (its own --data names the bench file).
var evalModelFlags = []string{"model", "base-url", "embedding-model", "log-level"}

// errNoModel explains how to configure the model --extract needs.
var errNoModel = errors.New("eval: --extract needs a model: set OPENAI_BASE_URL to an OpenAI-compatible server " +
	"and/or MEMBOT_MODEL (with OPENAI_API_KEY for api.openai.com; MEMBOT_EMBEDDING_MODEL is optional), " +
	"or pass --base-url / --model, or a --config file with a [model] section")

func cmdEval(ctx context.Context, args []string, env Env) error {
	if len(args) > 0 && args[0] == "personas" {
		return cmdEvalPersonas(ctx, args[1:], env)
	}
	if len(args) == 0 || args[0] != "recall" {
		fmt.Fprint(env.Stderr, evalUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			return errHelp
		}
		return errUsage
	}
	fs := flag.NewFlagSet("membot eval recall", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() { fmt.Fprint(env.Stderr, evalUsage+"\nFlags:\n"); fs.PrintDefaults() }
	data := fs.String("data", "", "benchmark file (recall-bench/1 JSON)")
	unit := fs.String("unit", "", "retrievable unit: messages or memories (default: messages when the cases have them)")
	ks := fs.String("k", "1,5,10", "comma-separated cut-offs")
	asJSON := fs.Bool("json", false, "print one JSON object")
	baseline := fs.Bool("baseline", false, "also report a plain BM25 over the same units")
	direct := fs.Bool("direct", false, "index cases directly instead of through a temporary store (faster)")
	extract := fs.Bool("extract", false, "extract memories with the configured model first and measure recall over them")
	configPath := fs.String("config", "", "TOML config file for --extract (env MEMBOT_CONFIG)")
	modelFlags := map[string]*string{}
	for _, f := range sharedFlags {
		if slices.Contains(evalModelFlags, f.name) {
			modelFlags[f.name] = fs.String(f.name, "", f.help+"; with --extract")
		}
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return errUsage
	}
	if *data == "" {
		fmt.Fprintln(env.Stderr, "--data is required")
		fs.Usage()
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.Stderr, "unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return errUsage
	}
	opts := eval.Options{Unit: *unit, Baseline: *baseline}
	switch *unit {
	case "", eval.UnitMessages, eval.UnitMemories:
	default:
		return fmt.Errorf("eval: --unit %q: want messages or memories", *unit)
	}
	for _, s := range strings.Split(*ks, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || k < 1 || k > 1000 {
			return fmt.Errorf("eval: --k: %q is not a cut-off between 1 and 1000", s)
		}
		opts.Ks = append(opts.Ks, k)
	}
	if *extract {
		switch {
		case *unit == eval.UnitMessages:
			return errors.New("eval: --extract measures the extracted memories: drop --unit messages")
		case *direct:
			return errors.New("eval: --extract needs a store for each case: drop --direct")
		}
		given := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
		ex, err := evalExtractor(ctx, *configPath, modelFlags, given, env)
		if err != nil {
			return err
		}
		opts.Extract, opts.Logger = ex.opts, ex.log
	}
	f, err := os.Open(*data)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	defer f.Close()
	bench, err := eval.Load(f, filepath.Base(*data))
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if !*direct {
		tmp, err := os.MkdirTemp("", "membot-eval-")
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		defer os.RemoveAll(tmp)
		opts.Stores = eval.StoreFactoryFunc(func(ctx context.Context, caseID string) (memory.Store, func() error, error) {
			dir, err := os.MkdirTemp(tmp, "case-")
			if err != nil {
				return nil, nil, err
			}
			s, err := sqlite.Open(ctx, dir)
			if err != nil {
				return nil, nil, err
			}
			return s, func() error { return errors.Join(s.Close(), os.RemoveAll(dir)) }, nil
		})
	}
	report, err := eval.Run(ctx, bench, opts)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if *asJSON {
		return report.WriteJSON(env.Stdout)
	}
	return report.WriteText(env.Stdout)
}

// evalExtraction is what --extract needs: the extraction options and the
// logger for progress.
type evalExtraction struct {
	opts *eval.ExtractOptions
	log  *slog.Logger
}

// evalExtractor loads the configuration (defaults, file, environment, the
// model flags given) and builds the model client --extract runs, the same
// way the bot builds it.
func evalExtractor(ctx context.Context, path string, flags map[string]*string, given map[string]bool, env Env) (evalExtraction, error) {
	if path == "" {
		path = env.Getenv("MEMBOT_CONFIG")
	}
	cfg, err := config.Load(path, env.Getenv)
	if err != nil {
		return evalExtraction{}, fmt.Errorf("eval: %w", err)
	}
	for _, f := range sharedFlags {
		if v, ok := flags[f.name]; ok && given[f.name] {
			if err := cfg.Set(f.key, *v); err != nil {
				return evalExtraction{}, fmt.Errorf("eval: flag --%s: %w", f.name, err)
			}
		}
	}
	if !cfg.Model.Configured() {
		return evalExtraction{}, errNoModel
	}
	if err := cfg.Validate(); err != nil {
		return evalExtraction{}, fmt.Errorf("eval: invalid configuration:\n  %s", strings.ReplaceAll(err.Error(), "\n", "\n  "))
	}
	log := newLogger(cfg, env.Stderr)
	meter := &llm.Meter{}
	client, name, err := app.NewModel(ctx, cfg.Model, meter, app.WithLogger(log))
	if err != nil {
		return evalExtraction{}, fmt.Errorf("eval: %w", err)
	}
	log.Info("extracting with the configured model", "model", name, "embedding_model", client.EmbeddingModel())
	return evalExtraction{
		opts: &eval.ExtractOptions{Client: client, Meter: meter, Model: name, MinConfidence: cfg.Memory.MinConfidence},
		log:  log,
	}, nil
}
