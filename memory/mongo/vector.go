package mongo

import (
	"encoding/binary"
	"fmt"
	"math"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/membot/membot/memory"
)

// maxDims bounds an embedding's dimension; the largest common embedding
// models produce 3,072 or 4,096.
const maxDims = 16384

// embeddingDoc is how a memory's embedding is stored: the vector as
// compact binary with what it takes to check it on the way back.
type embeddingDoc struct {
	Model  string      `bson:"model"`
	Dims   int32       `bson:"dims"`
	Vector bson.Binary `bson:"vector"`
}

// checkVector rejects vectors that cannot be stored. Element values are
// stored bit for bit, whatever they are.
func checkVector(v []float32) error {
	if len(v) == 0 {
		return fmt.Errorf("%w: embedding has no vector", memory.ErrInvalid)
	}
	if len(v) > maxDims {
		return fmt.Errorf("%w: embedding has %d dimensions, over %d", memory.ErrInvalid, len(v), maxDims)
	}
	return nil
}

// encodeVector packs v as a BSON float32 vector (subtype 9): two header
// bytes, then each element little-endian.
func encodeVector(v []float32) bson.Binary {
	data := make([]byte, 2+4*len(v))
	data[0] = bson.Float32Vector // dtype; data[1], the padding, stays 0
	for i, x := range v {
		binary.LittleEndian.PutUint32(data[2+4*i:], math.Float32bits(x))
	}
	return bson.Binary{Subtype: bson.TypeBinaryVector, Data: data}
}

// decodeVector unpacks a vector written by encodeVector, or raw
// little-endian float32 bytes of the generic subtype, and checks it has
// dims elements.
func decodeVector(b bson.Binary, dims int32) ([]float32, error) {
	data := b.Data
	switch b.Subtype {
	case bson.TypeBinaryVector:
		if len(data) < 2 || data[0] != bson.Float32Vector || data[1] != 0 {
			return nil, fmt.Errorf("embedding is not a float32 vector")
		}
		data = data[2:]
	case bson.TypeBinaryGeneric:
	default:
		return nil, fmt.Errorf("embedding has binary subtype %#x, want %#x or %#x", b.Subtype, bson.TypeBinaryVector, bson.TypeBinaryGeneric)
	}
	if len(data)%4 != 0 {
		return nil, fmt.Errorf("embedding has %d bytes, not a whole number of float32", len(data))
	}
	n := len(data) / 4
	if int32(n) != dims {
		return nil, fmt.Errorf("embedding has %d elements but records %d dimensions", n, dims)
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
	}
	return v, nil
}

// toEmbeddingDoc converts e for storage; nil stays nil.
func toEmbeddingDoc(e *memory.Embedding) (*embeddingDoc, error) {
	if e == nil {
		return nil, nil
	}
	if err := checkVector(e.Vector); err != nil {
		return nil, err
	}
	if err := checkString("embedding model", e.Model, maxShort); err != nil {
		return nil, err
	}
	return &embeddingDoc{Model: e.Model, Dims: int32(len(e.Vector)), Vector: encodeVector(e.Vector)}, nil
}

// fromEmbeddingDoc converts a stored embedding back; nil stays nil.
func fromEmbeddingDoc(d *embeddingDoc) (*memory.Embedding, error) {
	if d == nil {
		return nil, nil
	}
	v, err := decodeVector(d.Vector, d.Dims)
	if err != nil {
		return nil, err
	}
	return &memory.Embedding{Model: d.Model, Vector: v}, nil
}
