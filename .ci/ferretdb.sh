#!/usr/bin/env bash
# ferretdb.sh: start or stop a throw-away FerretDB v1.24.2 (SQLite backend) on
# 127.0.0.1, so the MongoDB store's tests run against a real wire-protocol
# server without a MongoDB installation and without adding FerretDB to the
# project's go.mod.
#
# Usage:
#   eval "$(.ci/ferretdb.sh start)"   # builds (first time), starts, waits until ready
#   go test ./memory/mongo/
#   .ci/ferretdb.sh stop              # kills the server and removes its data
#
# `start` prints shell assignments on stdout (everything else goes to
# stderr), for eval:
#   export MONGODB_URI=mongodb://127.0.0.1:PORT/
#   export MEMBOT_TEST_MONGO_FLAVOR=ferretdb
#   export FERRETDB_PID=PID
#   export FERRETDB_STATE=DIR
# The same lines are written to "$FERRETDB_STATE/env", so a script may also
# `source` that file. `stop` reads "$FERRETDB_STATE/pid"; a caller typically
# does `trap '.ci/ferretdb.sh stop' EXIT` right after `start`.
#
# Environment (all optional):
#   FERRETDB_STATE  state directory (pid, env, log, data);
#                   default ${TMPDIR:-/tmp}/membot-ferretdb
#   FERRETDB_PORT   port to listen on; default: the first free one from 27017
#   FERRETDB_BIN    prebuilt ferretdb binary; default .ci/cache/ferretdb-v1.24.2
#                   (built on first use, a few minutes on a cold Go cache)
#   FERRETDB_WAIT   seconds to wait for readiness; default 60
#
# Why not `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2`:
# that binary panics at start-up because the module zip lacks the generated
# build/version/version.txt. The script therefore copies the module source
# from the module cache, writes that file and builds the copy with the
# module's own go.mod, which leaves this project's go.mod untouched.
set -euo pipefail

readonly FERRETDB_VERSION=v1.24.2
readonly FERRETDB_MODULE=github.com/FerretDB/FerretDB

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
state=${FERRETDB_STATE:-${TMPDIR:-/tmp}/membot-ferretdb}
bin=${FERRETDB_BIN:-$root/.ci/cache/ferretdb-$FERRETDB_VERSION}
wait_seconds=${FERRETDB_WAIT:-60}

log() { printf 'ferretdb.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# port_in_use reports whether something accepts TCP connections on the port.
port_in_use() {
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# build compiles FerretDB into $bin unless it is already there.
build() {
	if [[ -x $bin ]]; then
		return
	fi
	command -v go >/dev/null || die "go is not on PATH"
	log "building FerretDB $FERRETDB_VERSION into $bin (first run only; takes a few minutes)"
	local tmp dir
	tmp=$(mktemp -d)
	# Run outside any module so this project's go.mod and go.work stay out of it.
	dir=$(cd "$tmp" && GOWORK=off GOFLAGS=-mod=mod go mod download -json "$FERRETDB_MODULE@$FERRETDB_VERSION" |
		sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
	[[ -n $dir && -d $dir ]] || { rm -rf "$tmp"; die "could not download $FERRETDB_MODULE@$FERRETDB_VERSION"; }
	cp -R "$dir" "$tmp/src"
	chmod -R u+w "$tmp/src"
	echo "$FERRETDB_VERSION" >"$tmp/src/build/version/version.txt"
	mkdir -p "$(dirname "$bin")"
	if ! (cd "$tmp/src" && GOWORK=off GOFLAGS=-buildvcs=false go build -o "$bin.partial" ./cmd/ferretdb) >&2; then
		rm -rf "$tmp" "$bin.partial"
		die "building FerretDB failed"
	fi
	mv "$bin.partial" "$bin"
	rm -rf "$tmp"
}

# choose_port prints $FERRETDB_PORT or the first free port from 27017.
choose_port() {
	if [[ -n ${FERRETDB_PORT:-} ]]; then
		port_in_use "$FERRETDB_PORT" && die "port $FERRETDB_PORT is already in use"
		echo "$FERRETDB_PORT"
		return
	fi
	local p
	for ((p = 27017; p < 27117; p++)); do
		if ! port_in_use "$p"; then
			echo "$p"
			return
		fi
	done
	die "no free port in 27017-27116; set FERRETDB_PORT"
}

start() {
	if [[ -f $state/pid ]] && kill -0 "$(cat "$state/pid")" 2>/dev/null; then
		die "FerretDB already running (pid $(cat "$state/pid")); run '$0 stop' first or set FERRETDB_STATE"
	fi
	build
	local port pid i
	port=$(choose_port)
	rm -rf "$state/data"
	mkdir -p "$state/data"
	# stdin/stdout/stderr detached, so `eval "$(…)"` does not wait for the server.
	"$bin" \
		--handler=sqlite \
		--sqlite-url="file:$state/data/" \
		--listen-addr="127.0.0.1:$port" \
		--state-dir="$state" \
		--debug-addr=- \
		--telemetry=disable \
		--log-level=warn \
		</dev/null >"$state/log" 2>&1 &
	pid=$!
	echo "$pid" >"$state/pid"

	for ((i = 0; i < wait_seconds * 10; i++)); do
		if ! kill -0 "$pid" 2>/dev/null; then
			tail -n 20 "$state/log" >&2 || true
			rm -f "$state/pid"
			die "FerretDB exited during start-up (log above, full log in $state/log)"
		fi
		if port_in_use "$port"; then
			cat >"$state/env" <<-EOF
				export MONGODB_URI=mongodb://127.0.0.1:$port/
				export MEMBOT_TEST_MONGO_FLAVOR=ferretdb
				export FERRETDB_PID=$pid
				export FERRETDB_STATE=$state
			EOF
			log "FerretDB $FERRETDB_VERSION ready on 127.0.0.1:$port (pid $pid, log $state/log)"
			cat "$state/env"
			return
		fi
		sleep 0.1
	done
	kill "$pid" 2>/dev/null || true
	rm -f "$state/pid"
	tail -n 20 "$state/log" >&2 || true
	die "FerretDB did not accept connections on 127.0.0.1:$port within ${wait_seconds}s"
}

stop() {
	if [[ ! -f $state/pid ]]; then
		log "not running (no $state/pid)"
		return
	fi
	local pid i
	pid=$(cat "$state/pid")
	if kill "$pid" 2>/dev/null; then
		for ((i = 0; i < 100; i++)); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		if kill -0 "$pid" 2>/dev/null; then
			log "pid $pid ignored SIGTERM for 10s; sending SIGKILL"
			kill -9 "$pid" 2>/dev/null || true
		fi
	fi
	rm -rf "$state/pid" "$state/env" "$state/data"
	log "stopped (pid $pid)"
}

case ${1:-} in
start) start ;;
stop) stop ;;
build) build ;;
*)
	echo "usage: $0 start|stop|build   (see the comment at the top of this file)" >&2
	exit 2
	;;
esac
