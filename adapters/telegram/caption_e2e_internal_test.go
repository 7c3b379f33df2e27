package telegram

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/internal/faketelegram"
)

// A photo's caption is what its sender said, and a sender's name can be a
// phone number: both reach the store and the model redacted.
func TestEndToEndCaptionAndNameAreRedacted(t *testing.T) {
	b, hs := startEngine(t)
	scriptModel(b.Model, nil)
	const phone, email = "+44 20 7946 0958", "dora@example.org"
	dora := faketelegram.User(777, phone, "dora_w")
	dm := faketelegram.PrivateChat(dora)
	in := hs.fake.NewMessage(dm, dora, "")
	in.Photo = []models.PhotoSize{{FileID: "p1", FileUniqueID: "u1", Width: 10, Height: 10}}
	in.Caption = "my new flat, write to " + email
	hs.fake.PushMessage(in)
	hs.waitSent(dora.ID, 1)
	hs.waitIdle()

	msgs, err := b.Store.RecentMessages(context.Background(), "telegram:"+strconv.FormatInt(dm.ID, 10), 10)
	if err != nil {
		t.Fatal(err)
	}
	var places []string
	for _, m := range msgs {
		raw, _ := json.Marshal(m)
		places = append(places, "message: "+string(raw))
	}
	for _, r := range b.Model.ChatRequests() {
		raw, _ := json.Marshal(r.Messages)
		places = append(places, "request: "+string(raw))
	}
	all := strings.Join(places, "\n")
	if !strings.Contains(all, "my new flat") || !strings.Contains(all, "[email]") || !strings.Contains(all, "[phone]") {
		t.Fatalf("the caption or the name was not captured redacted:\n%s", all)
	}
	for _, v := range []string{phone, email} {
		if strings.Contains(all, v) {
			t.Errorf("%q leaked:\n%s", v, all)
		}
	}
}
