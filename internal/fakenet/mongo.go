package fakenet

import (
	"bytes"
	"encoding/binary"
)

// opMsg is the MongoDB wire protocol's OP_MSG op code.
const opMsg = 2013

// MongoCommand matches the MongoDB OP_MSG that runs command on collection
// ("insert" on "answers", "update" on "memories", "findAndModify" on
// "counters"): its body's first field is the command, naming the
// collection.
func MongoCommand(command, collection string) func(msg []byte) bool {
	return func(msg []byte) bool {
		// header (16) + flag bits (4) + section kind 0 (1) + body length (4)
		const body = 21
		if len(msg) < body+5 || binary.LittleEndian.Uint32(msg[12:16]) != opMsg || msg[20] != 0 {
			return false
		}
		b := msg[body+4:]
		if b[0] != 0x02 { // a string field
			return false
		}
		name, rest, ok := bytes.Cut(b[1:], []byte{0})
		if !ok || string(name) != command || len(rest) < 4 {
			return false
		}
		n := int(binary.LittleEndian.Uint32(rest[:4]))
		return n >= 1 && len(rest) >= 4+n && string(rest[4:4+n-1]) == collection
	}
}
