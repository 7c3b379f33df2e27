package preprocess

import (
	"regexp"
	"strings"
)

// Expressions for passwords stated without "is" or a colon, and in other
// languages.
var (
	// "pass: x", "wifi pass hunter22", "password Tr0ub4dor&3". Without a
	// colon the value must look like a password (see checkBarePassword).
	rePasswordBare = regexp.MustCompile(`(?i)(?:\b(?:pass|password|passwd|pwd|pw)|passwort|kennwort|mot de passe|contraseña|senha|пароль|パスワード|密码|密碼|口令|비밀번호)(?:\s*[:=：]\s*|\s+)["'“‘]?([^\s"'“”‘’]+)`)
	// Passwort, Kennwort, mot de passe, mdp, contraseña, senha, пароль,
	// パスワード, 暗証番号, 비밀번호, each with its language's ways of saying
	// "is". An ASCII value ends at the first non-ASCII character, as in
	// Chinese and Japanese text ("パスワードはabc123です").
	rePasswordIntl = regexp.MustCompile(`(?i)(?:\bpassword|passwort|kennwort|mot de passe|\bmdp|contraseña|contrasena|\bclave de acceso|\bsenha|пароль|パスワード|暗証番号|비밀번호)(?:\s+(?:für|fur|pour|de|du|para|от|для)(?:\s+[^\s:=：]+){1,3}?)?(?:\s*[:=：]\s*|\s+-\s+|\s*[—–]\s*|\s+(?:ist|lautet|est|es|é|è|это|war|era|était)\s*[:=：]?\s*|\s*(?:は|：|是)\s*|\s*(?:는|은)\s*)["'“‘「«]?([!#-&(-~]+|[^\s"'“”‘’「」«»，。、]+)`)
)

var (
	passwordBareHints = []string{"pass", "pwd", "pw", "kennwort", "contrase", "senha", "пароль", "ароль", "パスワード", "密码", "密碼", "口令", "비밀번호"}
	passwordIntlHints = []string{"password", "passwort", "kennwort", "mot de passe", "mdp", "contrase", "clave de acceso", "senha",
		"пароль", "ароль", "パスワード", "暗証番号", "비밀번호"}
)

// notPasswordWords are what people say about a password rather than what
// it is ("Passwort ist falsch", "пароль неверный").
var notPasswordWords = map[string]bool{
	"falsch": true, "richtig": true, "abgelaufen": true, "ungültig": true, "korrekt": true, "vergessen": true, "geändert": true,
	"incorrect": true, "faux": true, "expiré": true, "oublié": true, "correct": true, "invalide": true,
	"incorrecta": true, "correcta": true, "inválida": true, "válida": true, "caducada": true, "incorreta": true, "errada": true,
	"неверный": true, "неправильный": true, "верный": true, "простой": true, "сложный": true, "слабый": true, "устарел": true,
	"違います": true, "間違っています": true,
	"weak": true, "strong": true, "wrong": true, "expired": true, "invalid": true, "required": true,
	"too": true, "not": true, "changed": true, "reset": true, "secure": true, "safe": true, "fine": true, "ok": true,
	"same": true, "different": true, "long": true, "short": true, "simple": true, "easy": true, "hard": true,
}

// checkStatedPassword trims a stated value and, after a verb ("is", "ist",
// "est"), rejects the words that say something about the password instead
// of stating it. After a colon or "=" every value is taken as stated.
func checkStatedPassword(text string, start, end int) (int, int, bool) {
	start, end, _ = trimValue(text, start, end)
	if afterColon(text, start) {
		return start, end, true
	}
	if notPasswordWords[strings.ToLower(text[start:end])] {
		return 0, 0, false
	}
	return start, end, true
}

// afterColon reports whether the value at start follows a colon or an
// equals sign (past spaces and quotes).
func afterColon(text string, start int) bool {
	before := strings.TrimRight(text[:start], " \t\"'“‘「«")
	return strings.HasSuffix(before, ":") || strings.HasSuffix(before, "=") || strings.HasSuffix(before, "：")
}

// checkBarePassword accepts a value after a colon as stated; after plain
// space ("pass the salt", "password reset") only a value that looks like a
// password: at least six characters mixing letters with digits or
// symbols, or, after "password" itself, six or more digits.
func checkBarePassword(text string, start, end int) (int, int, bool) {
	start, end, _ = trimValue(text, start, end)
	if afterColon(text, start) {
		return start, end, true
	}
	before := strings.TrimRight(text[:start], " \t\"'“‘")
	v := text[start:end]
	if len(v) < 6 || strings.HasPrefix(v, "[") {
		return 0, 0, false
	}
	var letters, digits, symbols int
	for _, r := range v {
		switch {
		case isDigit(r):
			digits++
		case isASCIILetter(r):
			letters++
		case r == '-' || r == '/' || r == '\'' || r == '&':
			// Joins words ("e-mail", "and/or"), not a password by itself.
		case r > ' ' && r < 0x7f:
			symbols++
		default:
			return 0, 0, false // prose in another script
		}
	}
	if letters > 0 && digits+symbols > 0 {
		return start, end, true
	}
	word := strings.ToLower(strings.TrimSpace(before))
	return start, end, letters == 0 && symbols == 0 && !strings.HasSuffix(word, "pass")
}
