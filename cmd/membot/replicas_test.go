package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The multi-replica test runs real membot processes: this test binary
// started again with envReplicaArgs set runs Main with those arguments
// instead of the tests, so that a replica can be killed with SIGKILL like
// any deployed process.
const envReplicaArgs = "MEMBOT_TEST_REPLICA_ARGS"

func TestMain(m *testing.M) {
	if raw := os.Getenv(envReplicaArgs); raw != "" {
		os.Exit(replicaMain(raw))
	}
	os.Exit(m.Run())
}

// replicaMain is main() for a replica process.
func replicaMain(raw string) int {
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", envReplicaArgs, err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Main(ctx, args, Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv})
}

// replica is one membot process of the cluster.
type replica struct {
	t      *testing.T
	index  int
	dir    string
	config string
	// webhook is where its Telegram webhook listens.
	webhook string
	cmd     *exec.Cmd
	exited  chan struct{}
	starts  int
}

// freeAddr returns a loopback address nothing listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// replicaConfig is the TOML of one replica: the shared database, the
// fakes, its own Discord shard and webhook port, its own data directory
// (spool, logs).
type replicaConfig struct {
	dir, mongoURI, database string
	modelURL, tgURL, dcURL  string
	listen                  string
	shard, shards           int
	dailyTokens             int64
	extractionDelay         string
}

func (c replicaConfig) toml() string {
	return fmt.Sprintf(`data_dir = %q
log_level = "info"
log_format = "json"

[model]
base_url = %q
api_key = "test-key"
name = "fake-chat"
max_retries = 0

[mongodb]
uri = %q
database = %q

[telegram]
token = "123456:replica-test"
api_url = %q

[telegram.webhook]
listen = %q
url = "https://bot.example/telegram"
secret = "replica-secret"

[discord]
token = "replica-discord-token"
api_url = %q
shard_id = %d
shard_count = %d

[memory]
extraction_delay = %q

[bot]
answer_freshness = "10m"
replica = "replica-%d"

[limits]
messages_per_minute = 0
daily_tokens = %d
`, c.dir, c.modelURL, c.mongoURI, c.database, c.tgURL, c.listen, c.dcURL, c.shard, c.shards, c.extractionDelay, c.shard, c.dailyTokens)
}

func newReplica(t *testing.T, index int, cfg replicaConfig) *replica {
	t.Helper()
	root := t.TempDir()
	if keep := os.Getenv("MEMBOT_TEST_REPLICA_DIR"); keep != "" {
		root = keep // kept after the test, to read the replicas' logs
	}
	dir := filepath.Join(root, fmt.Sprintf("replica-%d", index))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg.dir = dir
	path := filepath.Join(dir, "membot.toml")
	if err := os.WriteFile(path, []byte(cfg.toml()), 0o600); err != nil {
		t.Fatal(err)
	}
	return &replica{t: t, index: index, dir: dir, config: path, webhook: "http://" + cfg.listen + "/telegram"}
}

// start runs the process and waits until its webhook answers.
func (r *replica) start() {
	r.t.Helper()
	args, _ := json.Marshal([]string{"run", "--config", r.config})
	r.starts++
	logFile, err := os.Create(filepath.Join(r.dir, fmt.Sprintf("run-%d.log", r.starts)))
	if err != nil {
		r.t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envReplicaArgs+"="+string(args))
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		r.t.Fatalf("start replica %d: %v", r.index, err)
	}
	r.cmd, r.exited = cmd, make(chan struct{})
	go func() {
		_ = cmd.Wait()
		_ = logFile.Close()
		close(r.exited)
	}()
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(r.webhook)
		if err == nil {
			resp.Body.Close()
			return
		}
		select {
		case <-r.exited:
			r.t.Fatalf("replica %d exited at start:\n%s", r.index, r.logs())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("replica %d: webhook not up after 60 s:\n%s", r.index, r.logs())
		}
	}
}

// alive reports whether the process runs.
func (r *replica) alive() bool {
	if r.cmd == nil {
		return false
	}
	select {
	case <-r.exited:
		return false
	default:
		return true
	}
}

// kill ends the process with SIGKILL: no drain, no flush.
func (r *replica) kill() {
	r.t.Helper()
	_ = r.cmd.Process.Kill()
	<-r.exited
}

// stop ends the process with SIGTERM and waits for its drain.
func (r *replica) stop() {
	if !r.alive() {
		return
	}
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.exited:
	case <-time.After(30 * time.Second):
		_ = r.cmd.Process.Kill()
		<-r.exited
	}
}

// logs returns the tail of every run's log of the replica.
func (r *replica) logs() string {
	var b strings.Builder
	for i := 1; i <= r.starts; i++ {
		raw, _ := os.ReadFile(filepath.Join(r.dir, fmt.Sprintf("run-%d.log", i)))
		if len(raw) > 8000 {
			raw = raw[len(raw)-8000:]
		}
		fmt.Fprintf(&b, "--- replica %d run %d ---\n%s\n", r.index, i, raw)
	}
	return b.String()
}
