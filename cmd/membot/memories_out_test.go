package main

import (
	"bytes"
	"strings"
	"testing"
)

// Colour only on a terminal and without NO_COLOR; the width from the
// terminal, else $COLUMNS.
func TestPrinterColourAndWidth(t *testing.T) {
	tests := []struct {
		name     string
		terminal bool
		width    int
		env      map[string]string
		color    bool
		wantW    int
	}{
		{"terminal", true, 90, nil, true, 90},
		{"terminal with NO_COLOR", true, 90, map[string]string{"NO_COLOR": "1"}, false, 90},
		{"pipe", false, 0, nil, false, 0},
		{"pipe with COLUMNS", false, 0, map[string]string{"COLUMNS": "60"}, false, 60},
		{"terminal beats COLUMNS", true, 90, map[string]string{"COLUMNS": "60"}, true, 90},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			p := makePrinter(&b, tt.terminal, tt.width, func(k string) string { return tt.env[k] })
			if p.color != tt.color || p.width != tt.wantW {
				t.Fatalf("colour %v width %d, want %v %d", p.color, p.width, tt.color, tt.wantW)
			}
			p.table([]column{{head: "ID", style: func(int) string { return styleCyan }}, {head: "TEXT"}}, [][]string{{"a1", "hello"}})
			if got := strings.Contains(b.String(), "\x1b["); got != tt.color {
				t.Fatalf("escape codes %v, want %v: %q", got, tt.color, b.String())
			}
		})
	}
}

// Wide characters take two cells: a cut Chinese text fits its width.
func TestCutCountsCells(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"hello world", 20, "hello world"},
		{"hello world", 6, "hello…"},
		{"我喜欢喝绿茶", 7, "我喜欢…"},
		{"我喜欢喝绿茶", 12, "我喜欢喝绿茶"},
		{"abc", 0, ""},
	}
	for _, tt := range tests {
		if got := cut(tt.in, tt.n); got != tt.want || cells(got) > max(tt.n, 0) {
			t.Errorf("cut(%q, %d) = %q (%d cells), want %q", tt.in, tt.n, got, cells(got), tt.want)
		}
	}
}
