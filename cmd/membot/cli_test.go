package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "membot run" without a platform token and without a terminal runs the
// piped script through the terminal chat, and says on stderr why no
// platform is served, so a container started without tokens is not silent.
func TestRunWithoutPlatformExplains(t *testing.T) {
	out, errOut, code := run(t, "hello\n/quit\n", nil, "run", "--data", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "no Discord or Telegram token configured") || !strings.Contains(errOut, "DISCORD_TOKEN") {
		t.Errorf("stderr does not explain the missing tokens:\n%s", errOut)
	}
	if strings.Contains(out, "token configured") {
		t.Errorf("the notice went to stdout, mixed with the conversation:\n%s", out)
	}
	if !strings.Contains(out, "offline mode") {
		t.Errorf("the script was not answered:\n%s", out)
	}
	// "membot chat" asked for the terminal: no notice there.
	_, errOut, code = run(t, "hello\n/quit\n", nil, "chat", "--data", t.TempDir())
	if code != 0 || strings.Contains(errOut, "token configured") {
		t.Errorf("chat: exit %d, stderr:\n%s", code, errOut)
	}
}

// A leading -h or --help shows the commands, not the flags of "run".
func TestTopLevelHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help", "help"} {
		t.Run(arg, func(t *testing.T) {
			out, errOut, code := run(t, "", nil, arg)
			if code != 0 {
				t.Fatalf("exit %d, stderr:\n%s", code, errOut)
			}
			if !strings.Contains(out, "membot chat") || !strings.Contains(out, "membot eval recall") {
				t.Errorf("stdout is not the top-level usage:\n%s", out)
			}
			if strings.Contains(errOut, "-data") {
				t.Errorf("printed the flags of run:\n%s", errOut)
			}
		})
	}
	// The flags of run are still one word away.
	if _, errOut, code := run(t, "", nil, "run", "-h"); code != 0 || !strings.Contains(errOut, "-data") {
		t.Errorf("run -h: exit %d\n%s", code, errOut)
	}
}

// The terminal chat logs warnings only unless a level was set, by flag,
// environment or file: then that level is honoured, info included.
func TestChatLogLevel(t *testing.T) {
	file := filepath.Join(t.TempDir(), "membot.toml")
	if err := os.WriteFile(file, []byte("log_level = \"info\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const infoLine = "upkeep started" // logged at info by every start
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		wantInfo bool
	}{
		{"not set", nil, nil, false},
		{"flag info", []string{"--log-level", "info"}, nil, true},
		{"flag debug", []string{"--log-level", "debug"}, nil, true},
		{"env info", nil, map[string]string{"MEMBOT_LOG_LEVEL": "info"}, true},
		{"file info", []string{"--config", file}, nil, true},
		{"flag warn over file", []string{"--config", file, "--log-level", "warn"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"chat", "--data", t.TempDir()}, tt.args...)
			_, errOut, code := run(t, "/quit\n", tt.env, args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr:\n%s", code, errOut)
			}
			if got := strings.Contains(errOut, infoLine); got != tt.wantInfo {
				t.Fatalf("info logs shown = %v, want %v; stderr:\n%s", got, tt.wantInfo, errOut)
			}
		})
	}
}

// Configuration errors never print a credential: not the start of an
// unquoted token in a file, nor the password of a malformed URL.
func TestConfigErrorsHideSecrets(t *testing.T) {
	const secret = "MTAxMjMzNDU2secret"
	file := filepath.Join(t.TempDir(), "membot.toml")
	if err := os.WriteFile(file, []byte("[discord]\ntoken = "+secret+".Gx1.abc\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantKey string
	}{
		{"unquoted token in file", []string{"--config", file}, nil, "discord.token"},
		{"password in base URL", nil, map[string]string{"OPENAI_BASE_URL": "localhost:" + secret + "@models.example/v1"}, "model.base_url"},
		{"password in telegram URL", nil, map[string]string{"TELEGRAM_API_URL": "ftp://bot:" + secret + "@tg.example/"}, "telegram.api_url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"chat", "--data", t.TempDir()}, tt.args...)
			out, errOut, code := run(t, "", tt.env, args...)
			if code != 1 || !strings.Contains(errOut, tt.wantKey) {
				t.Fatalf("exit %d, stderr:\n%s\nwant exit 1 naming %s", code, errOut, tt.wantKey)
			}
			if strings.Contains(errOut+out, "MTAxMjM") {
				t.Fatalf("printed the secret:\n%s", errOut)
			}
		})
	}
}
