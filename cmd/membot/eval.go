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
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

const evalUsage = `Usage: membot eval personas FILE [--json] [--perfect] [--config FILE] [--model NAME] [--base-url URL]
       membot eval recall --data FILE [--unit messages|memories] [--k 1,5,10] [--json] [--baseline] [--direct] [--ranking-only]
       membot eval recall --data FILE --extract [--k 1,5,10] [--json] [--baseline] [--ranking-only] [--config FILE] [--model NAME] [--base-url URL]

eval recall measures recall on a benchmark in the recall-bench/1 format:
each case is loaded into a fresh temporary embedded store and every query
runs through the production recall. Prints recall@k, all@k and covered@k per
category and pooled (adversarial apart), with latency.

Over memories, recall runs as a reply runs it, with the configuration's
[memory] max_injected and token_budget and the relevance threshold (so no
query gets more than max_injected results; --ranking-only measures the
ranking alone, k results always), and hybrid when an embedding model is
configured: the memories and every query are embedded with it.

With --extract memories are first extracted from each case's conversation
through the production pipeline, with the configured model or, when none
is configured, offline with the rules, and recall is measured over those
(unit memories, every speaker's memories searched), followed by what
extraction cost: calls and tokens per purpose, and memories per 100
messages. The model comes from the configuration: OPENAI_BASE_URL (any
OpenAI-compatible server), MEMBOT_MODEL, OPENAI_API_KEY,
MEMBOT_EMBEDDING_MODEL, a --config file, or the flags below.

eval personas: run "membot eval personas --help".
`

// evalModelFlags are the shared configuration flags eval recall accepts
// for --extract (its own --data names the bench file).
var evalModelFlags = []string{"model", "base-url", "embedding-model", "log-level"}

// offlineModel names the rules in an extraction report.
const offlineModel = "offline rules"

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
	extract := fs.Bool("extract", false, "extract memories (with the configured model, else the offline rules) first and measure recall over them")
	rankingOnly := fs.Bool("ranking-only", false, "over memories, measure the ranking alone: k results, no relevance threshold or token budget")
	configPath := fs.String("config", "", "TOML config file (env MEMBOT_CONFIG): the model, embedding model and [memory] recall settings")
	modelFlags := map[string]*string{}
	for _, f := range sharedFlags {
		if slices.Contains(evalModelFlags, f.name) {
			modelFlags[f.name] = fs.String(f.name, "", f.help)
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
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	ec, err := evalConfigure(ctx, *configPath, modelFlags, given, *extract, env)
	if err != nil {
		return err
	}
	opts.Extract, opts.Logger, opts.Embedder = ec.extract, ec.log, ec.embedder
	if !*rankingOnly {
		opts.Production = &eval.ProductionRecall{Limit: ec.cfg.Memory.MaxInjected, TokenBudget: ec.cfg.Memory.TokenBudget}
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

// evalSetup is what eval recall takes from the configuration: the
// configuration itself (its [memory] recall settings), the extraction
// options when --extract is given, the embedder when an embedding model
// is configured, and the logger for progress.
type evalSetup struct {
	cfg      config.Config
	extract  *eval.ExtractOptions
	embedder service.Embedder
	log      *slog.Logger
}

// evalConfigure loads the configuration (defaults, file, environment, the
// model flags given) and builds the model client the bot would build, when
// one is configured: --extract extracts with it (with the offline rules
// when none is), and its embedding model, when set, embeds memories and
// queries.
func evalConfigure(ctx context.Context, path string, flags map[string]*string, given map[string]bool, extract bool, env Env) (evalSetup, error) {
	if path == "" {
		path = env.Getenv("MEMBOT_CONFIG")
	}
	cfg, err := config.Load(path, env.Getenv)
	if err != nil {
		return evalSetup{}, fmt.Errorf("eval: %w", err)
	}
	for _, f := range sharedFlags {
		if v, ok := flags[f.name]; ok && given[f.name] {
			if err := cfg.Set(f.key, *v); err != nil {
				return evalSetup{}, fmt.Errorf("eval: flag --%s: %w", f.name, err)
			}
		}
	}
	if err := cfg.Validate(); err != nil {
		return evalSetup{}, fmt.Errorf("eval: invalid configuration:\n  %s", strings.ReplaceAll(err.Error(), "\n", "\n  "))
	}
	log := newLogger(cfg, env.Stderr)
	setup := evalSetup{cfg: cfg, log: log}
	if !cfg.Model.Configured() {
		if extract {
			log.Info("no model configured: extracting offline with the rules")
			setup.extract = &eval.ExtractOptions{Model: offlineModel, MinConfidence: cfg.Memory.MinConfidence}
		}
		return setup, nil
	}
	if !extract && cfg.Model.EmbeddingModel == "" {
		return setup, nil // recall alone needs no chat model
	}
	meter := &llm.Meter{}
	client, name, err := app.NewModel(ctx, cfg.Model, meter, app.WithLogger(log))
	if err != nil {
		return evalSetup{}, fmt.Errorf("eval: %w", err)
	}
	if client.EmbeddingModel() != "" {
		setup.embedder = client
		log.Info("hybrid recall with the configured embedding model", "embedding_model", client.EmbeddingModel())
	}
	if extract {
		log.Info("extracting with the configured model", "model", name, "embedding_model", client.EmbeddingModel())
		setup.extract = &eval.ExtractOptions{Client: client, Meter: meter, Model: name, MinConfidence: cfg.Memory.MinConfidence}
	}
	return setup, nil
}
