package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"
)

// genStatements are things people tell an assistant, some worth
// remembering, most not.
var genStatements = []string{
	"I live in %s and I work at %s as a backend developer",
	"can you help me write an email to my landlord about the heating?",
	"ok thanks",
	"I prefer tea over coffee, especially in the morning",
	"what's a good recipe for dinner tonight, something quick with %s?",
	"my daughter %s starts school next month and I'm a bit nervous about it",
	"how do I fix a flaky test that only fails on CI?",
	"I'm allergic to peanuts so please leave them out",
	"translate this into Spanish: the meeting moved to Thursday afternoon",
	"I've been learning the piano for two years now and I practise every evening",
	"summarise this article for me, it's about the history of %s",
	"haha",
	"I have a cat named %s who sleeps on my keyboard all day",
	"what should I pack for a week of hiking in the mountains in late spring?",
	"I don't drink alcohol anymore",
	"explain how a hash map works, in simple terms, with an example",
}

var genWords = []string{"Lisbon", "Initech", "Miso", "Ada", "Porto", "Globex", "lentils", "Rome", "Hooli", "Kyoto"}

// writeExport writes a generic JSON Lines export of n messages: the
// person's (20–300 characters) alternating with an assistant's longer
// answers, in conversations of 200 messages.
func writeExport(tb testing.TB, path string, n int, seed uint64) {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(w)
	rng := rand.New(rand.NewPCG(seed, 1))
	start := time.Date(2023, 1, 1, 9, 0, 0, 0, time.UTC)
	for i := range n {
		rec := map[string]any{"id": fmt.Sprint(i), "conversation": fmt.Sprintf("c%d", i/200),
			"time": start.Add(time.Duration(i) * 97 * time.Second).Format(time.RFC3339)}
		if i%2 == 0 {
			s := genStatements[rng.IntN(len(genStatements))]
			if strings.Contains(s, "%s") {
				args := []any{genWords[rng.IntN(len(genWords))]}
				if strings.Count(s, "%s") == 2 {
					args = append(args, genWords[rng.IntN(len(genWords))])
				}
				s = fmt.Sprintf(s, args...)
			}
			rec["role"], rec["content"] = "user", s
		} else {
			rec["role"] = "assistant"
			rec["content"] = strings.Repeat("Here is what I would suggest, step by step, with a few details. ", 3+rng.IntN(15))
		}
		if err := enc.Encode(rec); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}
