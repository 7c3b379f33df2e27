package config

import "fmt"

func sprintf(format string, v any) string { return fmt.Sprintf(format, v) }
