package mongo

import (
	"errors"
	"slices"
	"testing"
)

func TestRedactURI(t *testing.T) {
	for _, tc := range []struct {
		uri, want string
	}{
		{"mongodb://127.0.0.1:27017/", "mongodb://127.0.0.1:27017"},
		{"mongodb://user:pw@db1:27017,db2:27017/membot?replicaSet=rs0", "mongodb://***@db1:27017,db2:27017"},
		{"mongodb+srv://user:p%40ss@cluster0.example.net/?retryWrites=true", "mongodb+srv://***@cluster0.example.net"},
		{"mongodb://user@host", "mongodb://***@host"},
		{"mongodb://u:p@ss@host/db", "mongodb://***@host"},
		{"mongodb://host/?authMechanismProperties=AWS_SESSION_TOKEN:secret", "mongodb://host"},
		{"not a uri with password:secret@host", "(unparsable MongoDB URI)"},
		{"", "(unparsable MongoDB URI)"},
	} {
		if got := redactURI(tc.uri); got != tc.want {
			t.Errorf("redactURI(%q) = %q, want %q", tc.uri, got, tc.want)
		}
	}
}

func TestURISecrets(t *testing.T) {
	for _, tc := range []struct {
		uri  string
		want []string
	}{
		{"mongodb://host/", nil},
		{"mongodb://user@host/", nil},
		{"mongodb://user:@host/", nil},
		{"mongodb://user:pw@host/", []string{"pw"}},
		{"mongodb://user:p%40ss@host/", []string{"p%40ss", "p@ss"}},
		{"mongodb://user:a:b@host/", []string{"a:b"}},
	} {
		if got := uriSecrets(tc.uri); !slices.Equal(got, tc.want) {
			t.Errorf("uriSecrets(%q) = %q, want %q", tc.uri, got, tc.want)
		}
	}
}

func TestScrub(t *testing.T) {
	err := errors.New("auth failed for user:p@ss and p%40ss")
	if got, want := scrub(err, []string{"p%40ss", "p@ss"}), "auth failed for user:*** and ***"; got != want {
		t.Errorf("scrub = %q, want %q", got, want)
	}
	if got := scrub(err, nil); got != err.Error() {
		t.Errorf("scrub with no secrets = %q, want the message unchanged", got)
	}
}
