package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/membot/membot/memory/eval"
)

const personasSynopsis = `eval personas FILE [--json] [--perfect] [--config FILE] [--model NAME] [--base-url URL] [--embedding-model NAME]

Plays every persona of FILE (membot-personas/1, see
memory/eval/testdata/personas/FORMAT.md) through a fresh bot assembled as
"membot run" assembles it, each with an embedded store in a temporary
directory: offline when no model is configured, with the configured model
(and embedding model) otherwise. Every message is addressed to the bot in a
private conversation; extraction runs at the end of each session. Reports,
per language and pooled, precision, gold recall, corrections applied, wrong
ownership, duplicates, follow-ups whose gold memory was injected, and model
calls and tokens per user message.

With --perfect the sessions are not played: every persona's gold memories
are stored through the memory service as a perfect extractor would store
them (kind, subject key, each correction superseding the memory it
replaces), then the follow-ups are asked. Its follow-ups figure is what
recall alone answers; the others check the writing.`

// cmdEvalPersonas runs "membot eval personas".
func cmdEvalPersonas(ctx context.Context, args []string, env Env) error {
	cf := newFlags("eval personas", personasSynopsis, env.Stderr)
	asJSON := cf.fs.Bool("json", false, "print one JSON object")
	perfect := cf.fs.Bool("perfect", false, "store the gold memories directly instead of playing the sessions")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			cf.fs.Usage()
			return errHelp
		}
		fmt.Fprintln(env.Stderr, "eval personas: the persona file comes first")
		cf.fs.Usage()
		return errUsage
	}
	file := args[0]
	cfg, err := cf.load(args[1:], env.Getenv)
	if err != nil {
		return err
	}
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("eval personas: %w", err)
	}
	defer f.Close()
	set, err := eval.LoadPersonas(f)
	if err != nil {
		return fmt.Errorf("eval personas: %s: %w", file, err)
	}
	tmp, err := os.MkdirTemp("", "membot-personas-")
	if err != nil {
		return fmt.Errorf("eval personas: %w", err)
	}
	defer os.RemoveAll(tmp)
	log := newLogger(cfg, env.Stderr)
	// Each persona's bot starts and stops its parts; their logs are only
	// worth reading when debugging.
	appCfg := cfg
	if appCfg.LogLevel != "debug" {
		appCfg.LogLevel = "warn"
	}
	appLog := newLogger(appCfg, env.Stderr)
	model := cfg.Model.Name
	if model == "" && cfg.Model.Configured() {
		model = "the server's first model"
	}
	bots := eval.AppBots{Config: cfg, Dir: tmp, Logger: appLog}
	var rep *eval.PersonaReport
	if *perfect {
		rep, err = eval.RunPersonasPerfect(ctx, set, bots, log)
	} else {
		rep, err = eval.RunPersonas(ctx, set, bots, model, log)
	}
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if *asJSON {
		return rep.WriteJSON(env.Stdout)
	}
	return rep.WriteText(env.Stdout)
}
