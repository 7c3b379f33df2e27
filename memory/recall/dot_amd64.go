//go:build !purego

package recall

import "golang.org/x/sys/cpu"

// dotInt8Int16AVX2 is dotInt8Int16 in AVX2 instructions.
//
//go:noescape
func dotInt8Int16AVX2(a []int8, b []int16) int32

// dotInt8Int16 is the inner product of a document row and a query, both
// padded to a multiple of 16 elements; the sum never overflows (see
// quantQuery).
func dotInt8Int16(a []int8, b []int16) int32 {
	if cpu.X86.HasAVX2 {
		return dotInt8Int16AVX2(a, b[:len(a)])
	}
	return dotInt8Int16Go(a, b)
}
