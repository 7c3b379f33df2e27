package config

import (
	"strings"
	"testing"
)

// A syntax error in a file must not quote a credential: the parser's own
// message would show the start of an unquoted token.
func TestParseErrorsHideSecrets(t *testing.T) {
	const secret = "MTAxMjMsecretTOKEN"
	tests := []struct {
		name, file, wantKey string
	}{
		{"unquoted token", "[discord]\ntoken = " + secret + ".abc\n", "discord.token"},
		{"unquoted api key", "[model]\napi_key = sk-" + secret + "\n", "model.api_key"},
		{"trailing junk", "[model]\napi_key = \"" + secret + "\" " + secret + "\n", "model.api_key"},
		{"quoted key", "[model]\n\"api_key\" = " + secret + "\n", "model.api_key"},
		{"dotted key", "model . api_key = " + secret + "\n", "model.api_key"},
		{"mongo uri", "[mongodb]\nuri = mongodb://u:" + secret + "@h\n", "mongodb.uri"},
		{"webhook secret", "[telegram.webhook]\nsecret = " + secret + "\n", "telegram.webhook.secret"},
		{"bad escape", "[telegram]\ntoken = \"" + secret + "\\q\"\n", "telegram.token"},
		{"inline table", "discord = { token = " + secret + " }\n", "discord"},
		{"multi-line array", "[discord]\ntoken = [\n  " + secret + ",\n]\n", "discord.token"},
		{"misspelt key", "[discord]\ntokn = " + secret + "\n", "line 2"},
		{"misspelt table", "[discrod]\ntoken = " + secret + "\n", "line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			err := c.Parse([]byte(tt.file), "membot.toml")
			if err == nil {
				t.Fatal("malformed file accepted")
			}
			if strings.Contains(err.Error(), "MTAxMjM") || strings.Contains(err.Error(), "secret"+"TOKEN") {
				t.Fatalf("error quotes the secret: %v", err)
			}
			if !strings.Contains(err.Error(), tt.wantKey) || !strings.Contains(err.Error(), "line ") {
				t.Fatalf("error = %v, want the line and %q", err, tt.wantKey)
			}
		})
	}
}

// Errors on ordinary keys keep the parser's helpful detail.
func TestParseErrorsKeepDetailForPlainKeys(t *testing.T) {
	c := Default()
	err := c.Parse([]byte("[bot]\nlanguage = english\n"), "membot.toml")
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "english") {
		t.Fatalf("error = %v, want line 2 and the offending text", err)
	}
}

func TestUnquote(t *testing.T) {
	tests := []struct{ in, want string }{
		{`expected value but found "abc" instead`, "expected value but found … instead"},
		{`got 'j' instead`, "got … instead"},
		{`unexpected EOF; expected '"""'`, "unexpected EOF; expected …"},
		{`dangling "abc`, "dangling …"},
		{"no quotes", "no quotes"},
	}
	for _, tt := range tests {
		if got := unquote(tt.in); got != tt.want {
			t.Errorf("unquote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseErrorOnHeaderKeepsDetail(t *testing.T) {
	c := Default()
	err := c.Parse([]byte("[model x]\n"), "membot.toml")
	if err == nil || !strings.Contains(err.Error(), "line 1") || !strings.Contains(err.Error(), "table name") || strings.Contains(err.Error(), "…") {
		t.Fatalf("error = %v", err)
	}
}
