package mongo

import (
	"net/url"
	"strings"
)

// redactURI returns the part of a MongoDB connection string that is safe to
// show in logs and errors: the scheme and hosts. Credentials are replaced by
// "***" and the path and query (which may carry secrets such as
// authMechanismProperties) are dropped.
func redactURI(uri string) string {
	scheme, rest, ok := strings.Cut(uri, "://")
	if !ok {
		return "(unparsable MongoDB URI)"
	}
	authority := rest
	if i := strings.IndexAny(authority, "/?"); i >= 0 {
		authority = authority[:i]
	}
	userinfo := ""
	if i := strings.LastIndex(authority, "@"); i >= 0 {
		userinfo = "***@"
		authority = authority[i+1:]
	}
	return scheme + "://" + userinfo + authority
}

// uriSecrets lists the strings of a connection string that must never
// appear in output: the password, raw and unescaped.
func uriSecrets(uri string) []string {
	_, rest, ok := strings.Cut(uri, "://")
	if !ok {
		return nil
	}
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		rest = rest[:i]
	}
	i := strings.LastIndex(rest, "@")
	if i < 0 {
		return nil
	}
	_, password, ok := strings.Cut(rest[:i], ":")
	if !ok || password == "" {
		return nil
	}
	secrets := []string{password}
	if p, err := url.PathUnescape(password); err == nil && p != password && p != "" {
		secrets = append(secrets, p)
	}
	return secrets
}

// scrub returns the text of err with every secret replaced by "***". The
// driver's errors are reported only through this text, never wrapped, so no
// secret can be reached through the error chain either.
func scrub(err error, secrets []string) string {
	msg := err.Error()
	for _, s := range secrets {
		msg = strings.ReplaceAll(msg, s, "***")
	}
	return msg
}
