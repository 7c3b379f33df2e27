package importer

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// genericMessage is one message of the generic format: {"role"|"author",
// "content"|"text", "time"}, with an optional "id" and "conversation".
type genericMessage struct {
	ID           flexID   `json:"id"`
	Conversation flexID   `json:"conversation"`
	Role         string   `json:"role"`
	Author       string   `json:"author"`
	Content      *string  `json:"content"`
	Text         *string  `json:"text"`
	Time         flexTime `json:"time"`
}

// defaultConversation holds generic messages that name no conversation.
const defaultConversation = "default"

// generic turns a generic message into a Message; ok is false for
// messages that are not part of the conversation (system prompts).
func generic(g genericMessage, self selfMatcher) (Message, bool, error) {
	msg := Message{Conversation: string(g.Conversation), ID: string(g.ID), Author: g.Author, Time: g.Time.Time}
	if msg.Conversation == "" {
		msg.Conversation = defaultConversation
	}
	if g.Content != nil {
		msg.Text = *g.Content
	} else if g.Text != nil {
		msg.Text = *g.Text
	}
	switch strings.ToLower(g.Role) {
	case "system", "tool":
		return msg, false, nil
	case "user", "human", "me":
		msg.Self = !self.set() || g.Author == "" || self.match(g.Author)
	case "assistant", "bot", "ai", "model":
		msg.Assistant = true
	case "":
		if g.Author == "" {
			return msg, false, errors.New(`message has neither "role" nor "author"`)
		}
		if !self.set() {
			return msg, false, ErrNoSelf
		}
		msg.Self = self.match(g.Author)
	default:
		msg.Self = self.match(g.Author, g.Role)
	}
	if msg.Author == "" {
		msg.Author = strings.ToLower(g.Role)
	}
	msg.NoText = strings.TrimSpace(msg.Text) == ""
	if msg.NoText {
		msg.Text = ""
	}
	if msg.ID == "" {
		msg.ID = contentID(msg)
	}
	return msg, true, nil
}

// contentID derives a stable id for a message the export gave none: the
// same message in a newer export gets the same id.
func contentID(m Message) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d\x00%s\x00%t\x00%s", m.Time.UnixNano(), m.Author, m.Assistant, m.Text)
	return "h" + hex.EncodeToString(h.Sum(nil)[:12])
}

func readGenericArray(r io.Reader, opts Options, emit func(Message) error) error {
	s := newStream(r)
	self := selfMatcher(opts.Self)
	err := array(s, func(g genericMessage) error {
		m, ok, err := generic(g, self)
		if err != nil {
			return s.fail(err)
		}
		if !ok {
			return nil
		}
		return emit(m)
	})
	if err != nil {
		return err
	}
	return s.end()
}

// maxLine bounds one JSON Lines record.
const maxLine = 16 << 20

func readJSONL(r io.Reader, opts Options, emit func(Message) error) error {
	self := selfMatcher(opts.Self)
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, err := readLine(br)
		if len(bytes.TrimSpace(line)) > 0 {
			var g genericMessage
			dec := json.NewDecoder(bytes.NewReader(line))
			dec.UseNumber()
			if derr := dec.Decode(&g); derr != nil {
				if errors.Is(err, io.EOF) && (errors.Is(derr, io.ErrUnexpectedEOF) || errors.As(derr, new(*json.SyntaxError))) {
					derr = fmt.Errorf("truncated export: %w", derr)
				}
				return &PosError{Line: n, Err: derr}
			}
			if dec.More() {
				return &PosError{Line: n, Err: errors.New("more than one JSON value on the line")}
			}
			m, ok, gerr := generic(g, self)
			if gerr != nil {
				return &PosError{Line: n, Err: gerr}
			}
			if ok {
				if eerr := emit(m); eerr != nil {
					return eerr
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &PosError{Line: n, Err: err}
		}
	}
}

// readLine reads one line (without its newline), refusing lines over
// maxLine.
func readLine(br *bufio.Reader) ([]byte, error) {
	var out []byte
	for {
		chunk, err := br.ReadSlice('\n')
		out = append(out, chunk...)
		if len(out) > maxLine {
			return nil, fmt.Errorf("line longer than %d bytes", maxLine)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(out, "\r\n"), err
	}
}
