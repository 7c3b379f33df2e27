package preprocess

import (
	"regexp"
	"strings"
)

var (
	// Lines that on their own identify a crash or a log record.
	reTraceHead = regexp.MustCompile(`^(?:Traceback \(most recent call last\):` +
		`|panic: .+` +
		`|goroutine \d+ \[[^\]]+\]:?` +
		`|fatal error: .+` +
		`|Exception in thread ".*` +
		`|thread '[^']*' panicked at.*` +
		`|(?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*(?:Exception|Error)(?::.*)?` +
		`|[A-Z][A-Za-z]*(?:Exception|Error)(?:: .*)?` +
		`|Caused by: .+)$`)
	reLogLine = regexp.MustCompile(`^(?:` +
		// 2024-01-01 12:00:00 INFO …, [2024-01-01T12:00:00Z] [ERROR] …
		`\[?\d{4}[-/]\d{2}[-/]\d{2}[T ]\d{2}:\d{2}(?::\d{2})?\S*\]?\s+\[?\s*(?i:trace|debug|info|notice|warn|warning|error|err|fatal|critical|panic)\b` +
		// INFO 2024-01-01 …, [ERROR] 2024-…
		`|\[?(?i:trace|debug|info|warn|warning|error|fatal|critical)\]?\s*[:\[]?\s*\d{4}-\d{2}-\d{2}` +
		// 12:00:00 INFO …
		`|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\s+\[?(?i:trace|debug|info|warn|warning|error|fatal)\b` +
		// glog: I0102 15:04:05.000000 1 file.go:12]
		`|[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+ \S+:\d+\]` +
		// Python logging: ERROR:root:…
		`|(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.]+:` +
		// JSON lines
		`|\{\s*"(?:level|time|ts|timestamp|@timestamp|severity|lvl)"\s*:` +
		`)|\b(?:time|ts)=\S+ .*\blevel=(?i:trace|debug|info|warn|warning|error|fatal)\b|^level=(?i:trace|debug|info|warn|warning|error|fatal) `)
	// Lines that look like stack frames; several together make a trace.
	reTraceFrame = regexp.MustCompile(`^(?:\s*at \S.*(?:\(.*:\d+(?::\d+)?\)|:\d+:\d+|\(Native Method\)|\(Unknown Source\))` +
		`|\s*at [\w$.<>]+\([^)]*\)` +
		`|\s+File ".*", line \d+.*` +
		`|\s*/\S+\.go:\d+(?: \+0x[0-9a-f]+)?` +
		`|[\w./\-]+\.[\w.*()\[\]]+\((?:0x[0-9a-f]+|\.\.\.|, )*\)` +
		`|\s*\.\.\. \d+ more` +
		`|\s*\d+: (?:0x[0-9a-f]+ - )?[\w:<>]+(?:::[\w<>{}]+)+.*` +
		`|\s*#\d+\s+0x[0-9a-f]+ in .*` +
		`|\s+at .+:\d+)$`)
)

// traceOrLog reports ReasonStackTrace or ReasonLog when text consists mainly
// of a pasted stack trace or log output: one line that alone identifies a
// crash or log record, or several such lines making up at least two thirds
// of the message.
func traceOrLog(text string) Reason {
	if !strings.ContainsAny(text, ":(") && !strings.Contains(text, "at ") {
		return ReasonNone
	}
	var lines, trace, logs int
	prevFile := false
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, " \t\r\n")
		if strings.TrimSpace(line) == "" {
			continue
		}
		lines++
		switch {
		case reTraceHead.MatchString(line) || reTraceFrame.MatchString(line):
			trace++
			prevFile = strings.Contains(line, `File "`)
		case reLogLine.MatchString(line):
			logs++
			prevFile = false
		case prevFile && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")):
			// The source line Python prints under each frame.
			trace++
			prevFile = false
		default:
			prevFile = false
		}
	}
	switch {
	case lines == 1 && trace == 1 && reTraceHead.MatchString(strings.TrimSpace(text)):
		return ReasonStackTrace
	case lines == 1 && logs == 1:
		return ReasonLog
	case lines >= 2 && trace+logs >= 2 && 3*(trace+logs) >= 2*lines:
		if trace >= logs {
			return ReasonStackTrace
		}
		return ReasonLog
	}
	return ReasonNone
}
