package preprocess

import (
	"regexp"
	"strings"
)

// Expressions for credentials. Shaped tokens are matched on their own;
// free-form values only after a word that announces them.
var (
	reOpenAIKey   = regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{16,}`)
	reStripeKey   = regexp.MustCompile(`\b[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}`)
	reGitHubToken = regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})`)
	reSlackToken  = regexp.MustCompile(`\b(?:xox[abposre]-[A-Za-z0-9\-]{10,}|xapp-[A-Za-z0-9\-]{10,})`)
	reGoogleKey   = regexp.MustCompile(`\bAIza[A-Za-z0-9_\-]{35}`)
	// Further services whose tokens carry a fixed prefix: GitLab, Google
	// OAuth, Stripe webhooks, Hugging Face, npm, PyPI, SendGrid,
	// DigitalOcean, Shopify, Slack webhooks, Telegram bots.
	reShapedToken = regexp.MustCompile(`\b(?:gl(?:pat|dt|rt|ptt|ft|imt|soat|cbt|oas|agent)-[A-Za-z0-9_\-]{20,}|GOCSPX-[A-Za-z0-9_\-]{20,}|ya29\.[A-Za-z0-9_\-]{20,}|whsec_[A-Za-z0-9+/=]{24,}|hf_[A-Za-z0-9]{30,}|npm_[A-Za-z0-9]{36}|pypi-[A-Za-z0-9_\-]{50,}|SG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}|dop_v1_[a-f0-9]{64}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|hooks\.slack\.com/services/[A-Za-z0-9/]{20,}|\d{8,10}:AA[A-Za-z0-9_\-]{33})`)
	// A cloud access key id (AWS, Alibaba Cloud, Tencent Cloud); the secret
	// pasted after it on the same line is found in code.
	reCloudKeyID = regexp.MustCompile(`\b(?:(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}|LTAI[A-Za-z0-9]{12,20}|AKID[A-Za-z0-9]{32})\b`)
	// A candidate secret key: 28-64 characters of base64 or hex.
	reCloudSecret = regexp.MustCompile(`[A-Za-z0-9/+=]{28,64}`)
	reJWT         = regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*`)
	// A PEM private key, up to its END line or, when that is missing, to
	// the end of the base64 body.
	rePrivateKey = regexp.MustCompile(`-----BEGIN[A-Z ]*PRIVATE KEY-----(?:[\s\S]*?-----END[A-Z ]*PRIVATE KEY-----|[A-Za-z0-9+/=\s]*)`)
	reBearer     = regexp.MustCompile(`(?i)\bbearer\s+([A-Za-z0-9\-._~+/]{16,}=*)`)
	// A high-entropy value after a key/token/secret word:
	// "api key: …", "OPENAI_TOKEN=…", "the secret is …", "密钥是…".
	reSecretAfterWord = regexp.MustCompile(`(?i)(?:api[_\- ]?key|apikey|access[_\- ]?key(?:[_\- ]?id)?|secret[_\- ]?access[_\- ]?key|secret[_\- ]?key|client[_\- ]?secret|secret|auth[_\- ]?token|access[_\- ]?token|refresh[_\- ]?token|api[_\- ]?token|token|private[_\- ]?key|\bkey|credentials?|密钥|秘钥|金鑰|令牌)["']?\s*(?:[:=：]|=>|\bis\b|\bwas\b|是|为|為)\s*["'“]?([A-Za-z0-9+/_\-.=~]{16,})`)

	// The password in a URL: scheme://user:password@host.
	reURLPassword = regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:([^\s@/]+)@`)
	// "my password is hunter2", "password: x", "the password for my bank
	// is …", "DB_PASSWORD=…".
	rePasswordEN = regexp.MustCompile(`(?i)(?:password|passwd|passcode|passphrase|\bpwd|\bpw)["']?(?:\s+(?:for|to|of|on)(?:\s+[^\s:=：]+){1,3}?)?(?:\s*[:=：]\s*|\s*(?:'s|’s)\s+|\s+(?:is now|will be|has been changed to|has been set to|changed to|set to|is|was)\s*[:=：]?\s*)["'“‘]?([^\s"'“”‘’]+)`)
	rePIN        = regexp.MustCompile(`(?i)\bpin(?:\s*code|\s*number)?["']?(?:\s*[:=：]\s*|\s+(?:is|was)\s*[:=：]?\s*)(\d{4,8})`)
	// "密码是abc123", "密码：…", "支付密码改成了…". An ASCII value ends at the
	// first non-ASCII character, since Chinese text has no spaces.
	rePasswordZH = regexp.MustCompile(`(?i)(?:密码|密碼|口令|pin码)(?:\s*(?:是|为|為|:|：|=|改成了|改成|改为|改為|设置为|设为|换成了|换成|也是|就是)\s*)+["'“‘「]?([!#-&(-~]+|[^\s"'“”‘’「」，。,；;！!？?、]{1,20})`)
)

var (
	shapedTokenHints = []string{"glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glimt-", "glsoat-", "glcbt-", "gloas-", "glagent-",
		"gocspx-", "ya29.", "whsec_", "hf_", "npm_", "pypi-", "sg.", "dop_v1_", "shpat_", "shpss_", "shpca_", "shppa_", "hooks.slack.com", ":aa"}
	cloudKeyHints   = []string{"akia", "asia", "agpa", "aida", "aroa", "ltai", "akid"}
	secretWords     = []string{"key", "token", "secret", "credential", "密钥", "秘钥", "金鑰", "令牌"}
	passwordWordsEN = []string{"pass", "pw"}
	passwordWordsZH = []string{"密码", "密碼", "口令", "pin码"}
)

// scanCloudKeys finds cloud access key ids and, on the same line after one,
// the secret key pasted with it ("AKIA… wJalrXUtnFEMI/K7MDENG…"), which has
// no prefix of its own.
func scanCloudKeys(text string) []candidate {
	var out []candidate
	for _, m := range reCloudKeyID.FindAllStringIndex(text, -1) {
		out = append(out, candidate{kind: KindSecret, start: m[0], end: m[1], propagate: true})
		line := text[m[1]:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		line = line[:min(len(line), 256)]
		for _, s := range reCloudSecret.FindAllStringIndex(line, -1) {
			start, end := m[1]+s[0], m[1]+s[1]
			if isASCIIWord(runeBefore(text, start)) || isASCIIWord(runeAt(text, end)) {
				continue
			}
			if _, _, ok := checkRandomToken(text, start, end); ok {
				out = append(out, candidate{kind: KindSecret, start: start, end: end, propagate: true})
			}
		}
	}
	return out
}
