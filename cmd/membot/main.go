// Command membot is a chat bot with long-term memory for Discord, Telegram
// and the terminal.
//
//	membot [run]        start every configured adapter (the terminal when none)
//	membot chat         chat in the terminal
//	membot eval recall  measure recall on a benchmark file
//	membot eval personas  play scripted personas through the bot and score its memory
//	membot import       import chat exports into a person's memory
//	membot memories     list, search, show, edit, forget, export, review a person's memories
//	membot version      print the version
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/membot/membot/internal/app"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first signal, restore the default handling: the
		// shutdown flush runs, and a second Ctrl-C kills the process.
		<-ctx.Done()
		stop()
	}()
	code := Main(ctx, os.Args[1:], Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv})
	stop()
	os.Exit(code)
}

// Env is the process environment a run sees, replaceable in tests.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	// Interactive overrides terminal detection when not nil.
	Interactive *bool
	// appOptions are added to the bot's assembly (tests).
	appOptions []app.Option
}

// Main runs one membot command line and returns the exit code.
func Main(ctx context.Context, args []string, env Env) int {
	cmd := "run"
	if len(args) > 0 && (isHelpFlag(args[0]) || (len(args[0]) > 0 && args[0][0] != '-')) {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "run":
		err = cmdRun(ctx, args, env)
	case "chat":
		err = cmdChat(ctx, args, env)
	case "eval":
		err = cmdEval(ctx, args, env)
	case "import":
		err = cmdImport(ctx, args, env)
	case "memories":
		err = cmdMemories(ctx, args, env)
	case "version":
		fmt.Fprintf(env.Stdout, "membot %s\n", version)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(env.Stdout, usage)
	default:
		fmt.Fprintf(env.Stderr, "membot: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if err == nil {
		return 0
	}
	if errors.Is(err, errHelp) {
		return 0
	}
	if errors.Is(err, errUsage) {
		return 2
	}
	fmt.Fprintf(env.Stderr, "membot: %v\n", err)
	return 1
}

// isHelpFlag reports whether arg asks for help. Leading the command line,
// it shows the commands rather than the flags of the default command.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

const usage = `membot — a chat bot with long-term memory

Usage:
  membot [run] [flags]      start every adapter with a token configured
                            (Discord, Telegram); the terminal chat when none
  membot chat [flags]       chat in the terminal (a script when input is piped)
  membot eval recall [flags] measure recall on a benchmark file
  membot eval personas FILE [flags]
                            play scripted personas through the bot and
                            score what it remembered
  membot import FILE|DIR --user PLATFORM:ID|NAME [flags]
                            import ChatGPT, Claude, Telegram, Discord or
                            JSON chat exports into a person's memory
  membot memories COMMAND --user PLATFORM:ID
                            list, search, show, edit, forget, export, stats
                            and review one person's memories
  membot version            print the version

Run "membot COMMAND --help" for the flags of a command.
`
