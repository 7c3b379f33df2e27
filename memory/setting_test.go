package memory_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

func TestValidateSetting(t *testing.T) {
	for _, tc := range []struct {
		name     string
		check    func(string) error
		input    string
		wantFail bool
	}{
		{"key", memory.ValidateSettingKey, "link:abc", false},
		{"unicode key", memory.ValidateSettingKey, "链接:🔗", false},
		{"longest key", memory.ValidateSettingKey, strings.Repeat("k", memory.MaxSettingKey), false},
		{"empty key", memory.ValidateSettingKey, "", true},
		{"long key", memory.ValidateSettingKey, strings.Repeat("k", memory.MaxSettingKey+1), true},
		{"key not UTF-8", memory.ValidateSettingKey, "k\xff", true},
		{"key with NUL", memory.ValidateSettingKey, "k\x00", true},
		{"empty prefix", memory.ValidateSettingPrefix, "", false},
		{"prefix", memory.ValidateSettingPrefix, "link:", false},
		{"long prefix", memory.ValidateSettingPrefix, strings.Repeat("p", memory.MaxSettingKey+1), true},
		{"prefix with NUL", memory.ValidateSettingPrefix, "\x00", true},
		{"empty value", memory.ValidateSettingValue, "", false},
		{"largest value", memory.ValidateSettingValue, strings.Repeat("v", memory.MaxSettingValue), false},
		{"value with NUL", memory.ValidateSettingValue, "a\x00b", false},
		{"huge value", memory.ValidateSettingValue, strings.Repeat("v", memory.MaxSettingValue+1), true},
		{"value not UTF-8", memory.ValidateSettingValue, "\xc3", true},
	} {
		err := tc.check(tc.input)
		switch {
		case tc.wantFail && !errors.Is(err, memory.ErrInvalid):
			t.Errorf("%s: %v, want ErrInvalid", tc.name, err)
		case !tc.wantFail && err != nil:
			t.Errorf("%s: %v, want nil", tc.name, err)
		}
	}
}
