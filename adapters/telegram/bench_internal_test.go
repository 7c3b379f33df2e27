package telegram

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
)

// BenchmarkUpdateToFirstEdit measures the adapter's overhead from an
// update becoming available to the first streamed message appearing,
// with an engine that streams at once: long-poll wake-up, decoding,
// capture, and the sendMessage round trip to a local fake.
func BenchmarkUpdateToFirstEdit(b *testing.B) {
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		_ = r.Stream(ctx, "first token")
		_ = r.Send(ctx, bot.Reply{Text: "first token and the rest"})
	}
	hs := startHarness(b, h, func(o *Options) { o.Logger = newTestLogger(discard{}) })
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := hs.fake.CallCount("sendMessage")
		hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "go"))
		if err := hs.fake.WaitContext(ctx, waitTimeout, func() bool { return hs.fake.CallCount("sendMessage") > before }); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/first-edit")
}

// BenchmarkFiftyPeopleAtOnce measures 50 people sending two messages each
// at the same moment, until all 100 streamed answers are complete, and
// checks each person saw their answers in order.
func BenchmarkFiftyPeopleAtOnce(b *testing.B) {
	const people = 50
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		_ = r.Typing(ctx)
		_ = r.Stream(ctx, "thinking about "+msg.Text)
		_ = r.Send(ctx, bot.Reply{Text: "answer to " + msg.Text})
	}
	hs := startHarness(b, h, func(o *Options) {
		o.Logger = newTestLogger(discard{})
		o.EditInterval = time.Millisecond
	})
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := hs.fake.CallCount("editMessageText")
		for round := 1; round <= 2; round++ {
			for p := 0; p < people; p++ {
				u := faketelegram.User(int64(2000+p), fmt.Sprint("P", p), "")
				hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(u), u, fmt.Sprintf("i%d-q%d", i, round)))
			}
		}
		if err := hs.fake.WaitContext(ctx, 4*waitTimeout, func() bool {
			return hs.fake.CallCount("editMessageText") >= before+2*people
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	for p := 0; p < people; p++ {
		texts := hs.fake.SentTexts(int64(2000 + p))
		for i := 0; i < b.N; i++ {
			for round := 1; round <= 2; round++ {
				k := 2*i + round - 1
				if want := fmt.Sprintf("answer to i%d-q%d", i, round); k >= len(texts) || texts[k] != want {
					b.Fatalf("person %d message %d = %q, want %q", p, k, texts[min(k, len(texts)-1)], want)
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/100-answers")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
