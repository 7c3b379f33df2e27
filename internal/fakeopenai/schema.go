package fakeopenai

import (
	"encoding/json"
	"sort"
)

// maxSchemaDepth stops MinimalJSON on deeply nested or self-similar schemas.
const maxSchemaDepth = 32

// MinimalJSON returns the smallest document that satisfies the common shape
// of schema: every property of an object (strict structured output makes
// them all required), empty arrays, empty strings or the first enum value,
// zero numbers (or the minimum), false. It lets the default answer to a
// structured request parse, without a test scripting one. Anything it does
// not understand becomes null; an unparsable schema yields {}.
func MinimalJSON(schema json.RawMessage) json.RawMessage {
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		return json.RawMessage("{}")
	}
	data, err := json.Marshal(minimalValue(s, 0))
	if err != nil {
		return json.RawMessage("{}")
	}
	return data
}

func minimalValue(s map[string]any, depth int) any {
	if depth > maxSchemaDepth {
		return nil
	}
	if c, ok := s["const"]; ok {
		return c
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		if alts, ok := s[key].([]any); ok && len(alts) > 0 {
			if alt, ok := alts[0].(map[string]any); ok {
				return minimalValue(alt, depth+1)
			}
		}
	}
	typ := schemaType(s["type"])
	if _, ok := s["properties"]; ok && typ == "" {
		typ = "object"
	}
	switch typ {
	case "object":
		out := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		names := make([]string, 0, len(props))
		for name := range props {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if p, ok := props[name].(map[string]any); ok {
				out[name] = minimalValue(p, depth+1)
			}
		}
		return out
	case "array":
		return []any{}
	case "string":
		return ""
	case "integer", "number":
		if m, ok := s["minimum"].(float64); ok {
			return m
		}
		return 0
	case "boolean":
		return false
	}
	return nil
}

// schemaType reads "type", which may be a string or a list of strings; a
// list picks its first non-null entry.
func schemaType(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok && s != "null" {
				return s
			}
		}
	}
	return ""
}
