package mongo

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/membot/membot/memory"
)

func TestVectorRoundTrip(t *testing.T) {
	v := []float32{0, float32(math.Copysign(0, -1)), 1, -1, math.MaxFloat32, math.SmallestNonzeroFloat32,
		float32(math.Inf(1)), float32(math.NaN()), 3.1415927}
	b := encodeVector(v)
	if b.Subtype != bson.TypeBinaryVector || len(b.Data) != 2+4*len(v) {
		t.Fatalf("encoded as subtype %#x with %d bytes, want %#x with %d", b.Subtype, len(b.Data), bson.TypeBinaryVector, 2+4*len(v))
	}
	// The driver's own reader must understand it (Atlas Vector Search does).
	dv, err := bson.NewVectorFromBinary(b)
	if err != nil {
		t.Fatalf("driver cannot read the vector: %v", err)
	}
	if f, ok := dv.Float32OK(); !ok || len(f) != len(v) {
		t.Errorf("driver reads %d float32 (ok %v), want %d", len(f), ok, len(v))
	}
	got, err := decodeVector(b, int32(len(v)))
	if err != nil {
		t.Fatalf("decodeVector: %v", err)
	}
	if !slices.EqualFunc(got, v, func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }) {
		t.Errorf("round trip = %v, want %v bit for bit", got, v)
	}
}

func TestDecodeGenericBinary(t *testing.T) {
	raw := make([]byte, 8)
	binary.LittleEndian.PutUint32(raw, math.Float32bits(0.5))
	binary.LittleEndian.PutUint32(raw[4:], math.Float32bits(-2))
	got, err := decodeVector(bson.Binary{Subtype: bson.TypeBinaryGeneric, Data: raw}, 2)
	if err != nil || !slices.Equal(got, []float32{0.5, -2}) {
		t.Errorf("decodeVector(generic) = %v, %v; want [0.5 -2]", got, err)
	}
}

func TestDecodeVectorRejectsDamage(t *testing.T) {
	good := encodeVector([]float32{1, 2, 3})
	int8Vec := bson.NewVector([]int8{1, 2, 3}).Binary()
	for _, tc := range []struct {
		name string
		b    bson.Binary
		dims int32
	}{
		{"wrong dims", good, 4},
		{"truncated", bson.Binary{Subtype: good.Subtype, Data: good.Data[:len(good.Data)-1]}, 3},
		{"no header", bson.Binary{Subtype: bson.TypeBinaryVector, Data: []byte{0x27}}, 0},
		{"int8 vector", int8Vec, 3},
		{"uuid subtype", bson.Binary{Subtype: bson.TypeBinaryUUID, Data: make([]byte, 16)}, 4},
		{"generic, odd length", bson.Binary{Subtype: bson.TypeBinaryGeneric, Data: make([]byte, 7)}, 1},
	} {
		if v, err := decodeVector(tc.b, tc.dims); err == nil {
			t.Errorf("%s: decoded %v, want an error", tc.name, v)
		}
	}
}

func TestEmbeddingDocRejectsBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		e    *memory.Embedding
	}{
		{"no vector", &memory.Embedding{Model: "m"}},
		{"too many dims", &memory.Embedding{Model: "m", Vector: make([]float32, maxDims+1)}},
		{"model not UTF-8", &memory.Embedding{Model: "m\xff", Vector: []float32{1}}},
	} {
		if _, err := toEmbeddingDoc(tc.e); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("%s: error %v, want memory.ErrInvalid", tc.name, err)
		}
	}
	if d, err := toEmbeddingDoc(nil); d != nil || err != nil {
		t.Errorf("toEmbeddingDoc(nil) = %v, %v; want nil, nil", d, err)
	}
}

// BenchmarkDecodeVector measures reading one 1536-dimension embedding, the
// size of common embedding models.
func BenchmarkDecodeVector(b *testing.B) {
	v := make([]float32, 1536)
	for i := range v {
		v[i] = float32(i) / 1536
	}
	bin := encodeVector(v)
	b.SetBytes(int64(len(bin.Data)))
	for b.Loop() {
		if _, err := decodeVector(bin, 1536); err != nil {
			b.Fatal(err)
		}
	}
}
