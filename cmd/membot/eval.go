package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/eval"
	"github.com/membot/membot/memory/sqlite"
)

const evalUsage = `Usage: membot eval recall --data FILE [--unit messages|memories] [--k 1,5,10] [--json] [--baseline]

Measures recall on a benchmark in the recall-bench/1 format: each case is
loaded into a fresh temporary embedded store and every query runs through the
production recall. Prints recall@k, all@k and covered@k per category and
pooled (adversarial apart), with latency.
`

func cmdEval(ctx context.Context, args []string, env Env) error {
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
	extract := fs.Bool("extract", false, "run the real extraction first (needs a model)")
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
	if *extract {
		return errors.New("eval: --extract is not available yet: recall is measured over messages or given memories")
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
