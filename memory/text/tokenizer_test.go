package text

import (
	"slices"
	"strings"
	"testing"
)

func TestTokenizerTokens(t *testing.T) {
	tok := NewTokenizer()
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"english stems and stopwords", "I went to the painting classes yesterday", []string{"paint", "class", "yesterday"}},
		{"irregular verb", "Melanie ran a charity race", []string{"melani", "run", "chariti", "race"}},
		{"possessive and contraction", "Caroline's dog doesn't bark", []string{"carolin", "dog", "bark"}},
		{"numbers kept", "She turned 18 in 2023, room 4B", []string{"turn", "18", "2023", "room", "4b"}},
		{"units joined to numbers", "warfarin 4mg at 7pm, a 5km walk; 4b, 10x, 3rd, 5mgx", []string{"warfarin", "4", "mg", "7pm", "5", "km", "walk", "4b", "10x", "3rd", "5mgx"}},
		{"chinese unigrams and bigrams", "喜欢咖啡", []string{"喜", "欢", "喜欢", "咖", "欢咖", "啡", "咖啡"}},
		{"chinese stop characters", "我的猫", []string{"猫", "的猫"}},
		{"mixed", "Bart在圣诞节跳舞 happily", []string{"bart", "圣", "在圣", "诞", "圣诞", "节", "诞节", "跳", "节跳", "舞", "跳舞", "happili"}},
		{"full width", "ＴｙｐｅＳｃｒｉｐｔ２０２６", []string{"typescript2026"}},
		{"punctuation only", "?!... --- ///", nil},
		{"invalid utf8 splits", "caf\xffbar", []string{"caf", "bar"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tok.Tokens(tt.in)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Tokens(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestPlainTokenizerKeepsEverything(t *testing.T) {
	got := PlainTokenizer().Tokens("I went to the Painting classes")
	want := []string{"i", "went", "to", "the", "painting", "classes"}
	if !slices.Equal(got, want) {
		t.Errorf("plain Tokens = %q, want %q", got, want)
	}
}

func TestTokenizerLongWordIsCut(t *testing.T) {
	got := NewTokenizer().Tokens(strings.Repeat("x", 10000))
	if len(got) != 1 || len(got[0]) > maxWordBytes+4 {
		t.Fatalf("long word gave %d tokens, first %d bytes", len(got), len(got[0]))
	}
}

func TestStem(t *testing.T) {
	tests := map[string]string{
		"caresses": "caress", "ponies": "poni", "ties": "tie", "caress": "caress", "cats": "cat",
		"feed": "feed", "agreed": "agre", "plastered": "plaster", "motoring": "motor",
		"sing": "sing", "conflated": "conflat", "troubled": "troubl", "sized": "size",
		"hopping": "hop", "falling": "fall", "hissing": "hiss", "filing": "file",
		"happy": "happi", "sky": "sky", "relational": "relat", "conditional": "condit",
		"rational": "ration", "generalization": "general", "electrical": "electr",
		"hopeful": "hope", "goodness": "good", "revival": "reviv", "adjustable": "adjust",
		"adoption": "adopt", "probate": "probat", "rate": "rate", "controll": "control",
		"roll": "roll", "painting": "paint", "painted": "paint", "ox": "ox",
		"naïve": "naïve", "r2d2": "r2d2",
	}
	for in, want := range tests {
		if got := Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	got := Words("When did Caroline go, in May 2023? 什么时候")
	want := []string{"when", "did", "caroline", "go", "in", "may", "2023", "什么时候"}
	if !slices.Equal(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
}

// Chat spellings index as the words they stand for, so a question typed
// in a hurry meets a memory written out in full.
func TestTokenizerChatSpellings(t *testing.T) {
	tok := NewTokenizer()
	for _, tc := range []struct{ chat, full string }{
		{"plans for my bday", "plans for my birthday"},
		{"dinner w the hubby tmrw", "dinner w the husband tomorrow"},
		{"can u check my meds", "can you check my medication"},
		{"xmas pressie for my sis", "christmas present for my sister"},
		{"wat shud i do this wkend", "what should i do this weekend"},
	} {
		if got, want := tok.Tokens(tc.chat), tok.Tokens(tc.full); !slices.Equal(got, want) {
			t.Errorf("Tokens(%q) = %v, want %v as for %q", tc.chat, got, want, tc.full)
		}
	}
	if got := PlainTokenizer().Tokens("bday"); !slices.Equal(got, []string{"bday"}) {
		t.Errorf("the plain tokenizer rewrote a word: %v", got)
	}
}
