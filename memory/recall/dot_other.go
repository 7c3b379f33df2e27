//go:build !amd64 || purego

package recall

// dotInt8Int16 is the inner product of a document row and a query, both
// padded to a multiple of 16 elements; the sum never overflows (see
// quantQuery).
func dotInt8Int16(a []int8, b []int16) int32 { return dotInt8Int16Go(a, b) }
