#!/usr/bin/env python3
"""Summarise `go test -json` output: package results as go test prints
them, the full output of every failed test, and every skipped test with
its reason. Exits 1 if anything failed."""
import json
import sys
from collections import defaultdict

out = defaultdict(list)      # (pkg, test) -> output lines
skipped, failed = [], []
pkg_lines = []
for raw in open(sys.argv[1], encoding="utf-8", errors="replace"):
    try:
        ev = json.loads(raw)
    except ValueError:
        pkg_lines.append(raw.rstrip("\n"))  # build errors are plain text
        continue
    key = (ev.get("Package", ""), ev.get("Test", ""))
    action = ev.get("Action")
    if action == "build-output":  # compiler errors
        pkg_lines.append(ev.get("Output", "").rstrip("\n"))
        continue
    if action == "output":
        line = ev.get("Output", "").rstrip("\n")
        if key[1]:
            out[key].append(line)
        elif line.startswith(("ok", "FAIL", "---", "panic", "?")) or "[build failed]" in line:
            pkg_lines.append(line)
        else:
            out[key].append(line)
    elif action == "skip" and key[1]:
        skipped.append(key)
    elif action == "fail":
        failed.append(key)

print("\n".join(pkg_lines))
print("\n=== skipped tests and why")
for pkg, test in skipped:
    reasons = [l.strip() for l in out[(pkg, test)]
               if ".go:" in l and not l.strip().startswith(("---", "==="))]
    print(f"SKIP {pkg} {test}: {' | '.join(reasons) or '(no reason given)'}")
if failed:
    print("\n=== failures")
    for key in failed:
        print(f"--- FAIL {key[0]} {key[1]}")
        print("\n".join(out[key][-80:]))
    sys.exit(1)
