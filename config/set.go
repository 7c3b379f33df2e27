package config

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Set assigns one configuration key, named by its dotted TOML path
// ("model.name", "telegram.webhook.url"), from its text form. Lists are
// comma-separated. Flags and environment variables use it, so every
// override is checked the same way.
func (c *Config) Set(key, value string) error {
	field, err := lookup(reflect.ValueOf(c).Elem(), key)
	if err != nil {
		return err
	}
	if err := assign(field, value); err != nil {
		if _, secret := field.Interface().(Secret); secret {
			return fmt.Errorf("%s: invalid value", key)
		}
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

// valueKeys is Keys as a set.
func valueKeys() map[string]struct{} {
	set := make(map[string]struct{})
	for _, k := range Keys() {
		set[k] = struct{}{}
	}
	return set
}

// Keys lists every settable key.
func Keys() []string {
	var out []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name := prefix + f.Tag.Get("toml")
			if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeOf(Duration(0)) {
				walk(f.Type, name+".")
				continue
			}
			out = append(out, name)
		}
	}
	walk(reflect.TypeOf(Config{}), "")
	return out
}

func lookup(v reflect.Value, key string) (reflect.Value, error) {
	parts := strings.Split(key, ".")
	for i, p := range parts {
		if v.Kind() != reflect.Struct {
			return reflect.Value{}, fmt.Errorf("unknown key %q", key)
		}
		found := false
		for j := 0; j < v.NumField(); j++ {
			if v.Type().Field(j).Tag.Get("toml") == p {
				v = v.Field(j)
				found = true
				break
			}
		}
		if !found || (i < len(parts)-1 && v.Kind() != reflect.Struct) {
			return reflect.Value{}, fmt.Errorf("unknown key %q", key)
		}
	}
	if v.Kind() == reflect.Struct {
		return reflect.Value{}, fmt.Errorf("key %q is a section, not a value", key)
	}
	return v, nil
}

func assign(v reflect.Value, s string) error {
	if u, ok := v.Addr().Interface().(interface{ UnmarshalText([]byte) error }); ok {
		return u.UnmarshalText([]byte(s))
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Int, reflect.Int64:
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return fmt.Errorf("not a whole number: %q", s)
		}
		v.SetInt(n)
	case reflect.Float64:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return fmt.Errorf("not a number: %q", s)
		}
		v.SetFloat(f)
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("not true or false: %q", s)
		}
		v.SetBool(b)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := assign(p.Elem(), s); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Slice:
		var items []string
		for _, it := range strings.Split(s, ",") {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, it)
			}
		}
		v.Set(reflect.ValueOf(items))
	default:
		return fmt.Errorf("unsupported kind %s", v.Kind())
	}
	return nil
}
