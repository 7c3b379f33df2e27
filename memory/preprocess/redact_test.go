package preprocess

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// redactCases is the shared corpus: positives for every detector in English
// and Chinese, and the false-positive guards that must come through intact.
var redactCases = []struct {
	name, in, want string
}{
	// Emails.
	{"email en", "email me at alice@example.com please", "email me at [email] please"},
	{"email plus tag", "Contact: bob.smith+tag@mail.co.uk.", "Contact: [email]."},
	{"email zh", "邮箱 zhang.san@qq.com 有事联系", "邮箱 [email] 有事联系"},
	{"mailto", "mailto:bob@example.org", "mailto:[email]"},
	{"mention is not email", "@alice see you at 5", "@alice see you at 5"},

	// Phone numbers.
	{"us parens", "my phone is (555) 123-4567", "my phone is [phone]"},
	{"us dashes", "call 555-123-4567 tomorrow", "call [phone] tomorrow"},
	{"us country code", "+1 415 555 2671", "[phone]"},
	{"uk intl", "London office: +44 20 7946 0958", "London office: [phone]"},
	{"phone after word", "call me at 5551234", "call me at [phone]"},
	{"tel spaced", "tel: 8765 4321", "tel: [phone]"},
	{"cn mobile", "我的手机号是13800138000", "我的手机号是[phone]"},
	{"cn mobile spaced", "电话：138 0013 8000", "电话：[phone]"},
	{"cn mobile +86 dashes", "+86 138-0013-8000", "[phone]"},
	{"cn mobile 0086", "0086 13912345678 找我", "[phone] 找我"},
	{"cn mobile in sentence", "有事打139-1234-5678或者发微信", "有事打[phone]或者发微信"},
	{"cn landline", "座机 010-62345678", "座机 [phone]"},
	{"two mobiles", "13800138000,13912345678", "[phone],[phone]"},

	// Payment cards.
	{"visa spaced", "card 4111 1111 1111 1111 exp 12/27", "card [card] exp 12/27"},
	{"visa dashed", "4111-1111-1111-1111", "[card]"},
	{"visa plain", "卡号4111111111111111", "卡号[card]"},
	{"amex", "amex 3782 822463 10005", "amex [card]"},
	{"unionpay 19", "银行卡 6222 0212 3456 7890 128", "银行卡 [card]"},
	{"invalid luhn stays", "4111111111111112", "4111111111111112"},
	{"invalid luhn grouped stays", "1234 5678 9012 3456", "1234 5678 9012 3456"},

	// Chinese resident ID numbers.
	{"id with X", "身份证号11010519491231002X", "身份证号[id-number]"},
	{"id lower x", "id: 44030419900307123x", "id: [id-number]"},
	{"id digits", "身份证 310115198511204566。", "身份证 [id-number]。"},
	{"id leap day", "110105200002290013", "[id-number]"},
	{"id spaced", "110105 19491231 002X", "[id-number]"},
	{"id impossible date stays", "11010519900230001X", "11010519900230001X"},
	{"id bad checksum stays", "11010519491231002Y", "11010519491231002Y"},

	// Shaped secrets.
	{"openai key", "key sk-proj-abc123DEF456ghi789JKL012mno345", "key [secret]"},
	{"openai env", "OPENAI_API_KEY=sk-abcdefghijklmnop1234567890", "OPENAI_API_KEY=[secret]"},
	{"github pat", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "token [secret]"},
	{"github fine-grained", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "[secret]"},
	{"slack", "slack xoxb-123456789012-abcdefABCDEF", "slack [secret]"},
	{"aws", "AKIAIOSFODNN7EXAMPLE is the id", "[secret] is the id"},
	{"google", "AIzaSyA-1234567890abcdefghijklmnopqrstu", "[secret]"},
	{"bearer", "Authorization: Bearer abcdef1234567890abcdef", "Authorization: Bearer [secret]"},
	{"jwt", "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok", "jwt [secret] ok"},
	{"private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----\nthat's it", "[secret]\nthat's it"},
	{"api key after word", "api key: 3f2a9c7d1e8b4a6f0c5d2e9b7a1f3c8d", "api key: [secret]"},
	{"secret is", "the secret is q8Zr2LmN5vXp1TsY7wKd", "the secret is [secret]"},
	{"json token", `{"access_token": "q8Zr2LmN5vXp1TsY7wKd"}`, `{"access_token": "[secret]"}`},
	{"secret zh", "密钥是 q8Zr2LmN5vXp1TsY7wKd", "密钥是 [secret]"},
	{"sk- word stays", "I like sk-learn a lot", "I like sk-learn a lot"},
	{"key prose stays", "the key is to practice every day", "the key is to practice every day"},
	{"token limit stays", "the token limit is 4096", "the token limit is 4096"},

	// Stated passwords.
	{"password is", "my password is hunter2", "my password is [password]"},
	{"password colon", "password: x", "password: [password]"},
	{"password trailing dot", "Password: correct-horse-battery-staple.", "Password: [password]."},
	{"password for", "my password for the bank is S3cret!x", "my password for the bank is [password]"},
	{"password env", "DB_PASSWORD=p@ssw0rd", "DB_PASSWORD=[password]"},
	{"password json", `{"password":"abc123"}`, `{"password":"[password]"}`},
	{"password repeated", "my password is hunter22 and I typed hunter22 twice", "my password is [password] and I typed [password] twice"},
	{"url password", "postgres://admin:s3cr3tpw@db.example.com:5432/app", "postgres://admin:[password]@db.example.com:5432/app"},
	{"pin", "my PIN is 4821", "my PIN is [password]"},
	{"password zh", "密码是abc123，记住了", "密码是[password]，记住了"},
	{"password zh colon", "密码：hunter2", "密码：[password]"},
	{"password zh wifi", "WiFi密码是 88888888", "WiFi密码是 [password]"},
	{"password zh changed", "支付密码改成了654321", "支付密码改成了[password]"},
	{"password zh chinese value", "密码是我的生日，别告诉别人", "密码是[password]，别告诉别人"},
	{"password mention stays", "I forgot my password yesterday", "I forgot my password yesterday"},
	{"password zh mention stays", "我忘了密码怎么办", "我忘了密码怎么办"},

	// False-positive guards.
	{"born year", "I was born in 1990", "I was born in 1990"},
	{"time", "call me at 3pm", "call me at 3pm"},
	{"version", "version 1.2.3", "version 1.2.3"},
	{"order", "order #123456", "order #123456"},
	{"price zh", "价格是12345元", "价格是12345元"},
	{"price en", "it costs $1,299.99", "it costs $1,299.99"},
	{"date time", "meeting on 2024-01-15 at 10:30", "meeting on 2024-01-15 at 10:30"},
	{"ip", "the IP is 192.168.100.200", "the IP is 192.168.100.200"},
	{"hotel", "hotel room 1234567 booked", "hotel room 1234567 booked"},
	{"date after phone word", "my number is 2024-05-06", "my number is 2024-05-06"},
	{"year zh", "我1990年出生", "我1990年出生"},
	{"clock zh", "下午3点开会，12:30:45结束", "下午3点开会，12:30:45结束"},
	{"version zh", "版本号 v2.10.3", "版本号 v2.10.3"},
	{"date zh", "2024年1月15日", "2024年1月15日"},
	{"epoch millis", "created_at 1732534567893 ok", "created_at 1732534567893 ok"},
	{"long order number", "订单号 20240115123456", "订单号 20240115123456"},
	{"placeholders stay", "[email] and [phone] and [card]", "[email] and [phone] and [card]"},
	{"redacted password stays", "my password is [password]", "my password is [password]"},
	{"empty", "", ""},
}

func TestRedactCorpus(t *testing.T) {
	for _, tc := range redactCases {
		t.Run(tc.name, func(t *testing.T) {
			got, findings := Redact(tc.in)
			if got != tc.want {
				t.Fatalf("Redact(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if (len(findings) == 0) != (tc.in == tc.want) {
				t.Errorf("findings %v for %q -> %q", findings, tc.in, got)
			}
			again, more := Redact(got)
			if again != got || len(more) != 0 {
				t.Errorf("not idempotent: %q -> %q (%v)", got, again, more)
			}
		})
	}
}

func TestRedactFindings(t *testing.T) {
	in := "mail a@b.co, call 13800138000, pw: hunter2"
	out, findings := Redact(in)
	want := []struct {
		kind  Kind
		value string
	}{{KindEmail, "a@b.co"}, {KindPhone, "13800138000"}, {KindPassword, "hunter2"}}
	if len(findings) != len(want) {
		t.Fatalf("Redact(%q) = %q with findings %v, want %d", in, out, findings, len(want))
	}
	for i, f := range findings {
		if f.Kind != want[i].kind || in[f.Start:f.End] != want[i].value {
			t.Errorf("finding %d = %v (%q), want %s %q", i, f, in[f.Start:f.End], want[i].kind, want[i].value)
		}
	}
}

func TestRedactInvalidUTF8(t *testing.T) {
	in := "\xff\xfe a@b.co \xc3"
	out, findings := Redact(in)
	if !utf8.ValidString(out) {
		t.Fatalf("output %q is not valid UTF-8", out)
	}
	if out != "\uFFFD [email] \uFFFD" {
		t.Errorf("Redact(%q) = %q", in, out)
	}
	if len(findings) != 1 || in[findings[0].Start:findings[0].End] != "a@b.co" {
		t.Errorf("findings %v do not point at the email in the original bytes", findings)
	}
}

func TestRedactHugeInput(t *testing.T) {
	var b strings.Builder
	for b.Len() < 1<<20 {
		b.WriteString("password: hunter2 call 13800138000 a@b.co 4111 1111 1111 1111 sk-abcdefghijklmnop1234 ")
	}
	out, findings := Redact(b.String())
	for _, leak := range []string{"hunter2", "13800138000", "a@b.co", "4111 1111", "sk-abcdef"} {
		if strings.Contains(out, leak) {
			t.Fatalf("%q survived redaction of a 1 MB input", leak)
		}
	}
	if len(findings) == 0 {
		t.Fatal("no findings on a 1 MB input full of secrets")
	}
}

func TestLuhnAndID(t *testing.T) {
	for _, tc := range []struct {
		s    string
		luhn bool
	}{{"4111111111111111", true}, {"4111111111111112", false}, {"378282246310005", true}, {"", false}, {"12a4", false}} {
		if got := luhnValid(tc.s); got != tc.luhn {
			t.Errorf("luhnValid(%q) = %v, want %v", tc.s, got, tc.luhn)
		}
	}
	for _, tc := range []struct {
		s  string
		ok bool
	}{
		{"11010519491231002X", true},
		{"11010519491231002x", true},
		{"110105200002290013", true},
		{"11010519900230001X", false}, // 30 February
		{"99010519491231002X", false}, // unknown region (checksum recomputed below would differ anyway)
		{"11010519491231002", false},
		{"1101051949123100aX", false},
	} {
		if got := chineseIDValid(tc.s); got != tc.ok {
			t.Errorf("chineseIDValid(%q) = %v, want %v", tc.s, got, tc.ok)
		}
	}
}

func TestKinds(t *testing.T) {
	ks := Kinds()
	if len(ks) != 7 || ks[0] != KindEmail {
		t.Fatalf("Kinds() = %v", ks)
	}
	ks[0] = "changed"
	if Kinds()[0] != KindEmail {
		t.Error("Kinds() exposes the package's own list")
	}
	if got := KindIDNumber.Placeholder(); got != "[id-number]" {
		t.Errorf("Placeholder() = %q", got)
	}
}

// Fullwidth digits are detected as ASCII ones, and findings still point at
// the fullwidth bytes of the original text.
func TestRedactFullwidthFindings(t *testing.T) {
	in := "手机１３９１２３４５６７８，邮箱 ｂｏｂ＠ｍａｉｌ．ｃｏｍ"
	out, findings := Redact(in)
	if out != "手机[phone]，邮箱 [email]" {
		t.Fatalf("Redact(%q) = %q", in, out)
	}
	want := []string{"１３９１２３４５６７８", "ｂｏｂ＠ｍａｉｌ．ｃｏｍ"}
	if len(findings) != len(want) {
		t.Fatalf("findings %v, want %d", findings, len(want))
	}
	for i, f := range findings {
		if got := in[f.Start:f.End]; got != want[i] {
			t.Errorf("finding %d covers %q, want %q", i, got, want[i])
		}
	}
}
