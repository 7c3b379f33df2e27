package bot

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/membot/membot/memory"
)

// Link codes join one person's accounts on several platforms.
const (
	// LinkCodeTTL is how long a code can be redeemed.
	LinkCodeTTL = 10 * time.Minute
	// LinkCodeLen characters from linkAlphabet: 32^8 ≈ 10^12 codes, against
	// at most LinkAttempts guesses per account per LinkCodeTTL.
	LinkCodeLen = 8
	// LinkAttempts bounds code redemptions (and code creations) per account
	// per LinkCodeTTL.
	LinkAttempts = 5
)

// linkAlphabet has no look-alike characters (0/O, 1/I).
const linkAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

var (
	msgLinkCode          = phrase{"To link another account, send this on the other platform within 10 minutes:\n/link %s\n(The code works once.)", "要关联另一个账号，请在 10 分钟内于另一个平台发送：\n/link %s\n（此代码只能使用一次。）"}
	msgLinked            = phrase{"Linked accounts:", "已关联的账号："}
	msgLinkOK            = phrase{"Linked: this account now shares one memory with %s.", "关联成功：此账号现在与 %s 共享同一份记忆。"}
	msgLinkConfirm       = phrase{"This code was made by %s. Linking pours all your memories into that account's, for good: only do it if that account is yours. To confirm, send /link %s confirm", "这个代码由 %s 生成。关联会把你的全部记忆并入该账号，且无法撤回：只有当它是你自己的账号时才这样做。如确认，请发送 /link %s confirm"}
	msgLinkConfirmButton = phrase{"It is my account: link", "这是我的账号：关联"}
	msgLinkBad           = phrase{"That code is invalid, expired or already used. Send /link on your other account for a new one.", "代码无效、已过期或已被使用。请在另一个账号发送 /link 获取新代码。"}
	msgLinkSame          = phrase{"That code belongs to this same person: nothing to link.", "这个代码属于同一个人，无需关联。"}
	msgLinkLimit         = phrase{"Too many link attempts. Please wait 10 minutes.", "关联尝试次数过多，请 10 分钟后再试。"}
	msgUnlinkUsage       = phrase{"Usage: /link remove <platform>:<user id> (see /link for your accounts)", "用法：/link remove <平台>:<用户编号>（用 /link 查看你的账号）"}
	msgUnlinkSelf        = phrase{"You cannot unlink the account you are using; do it from another one.", "不能解除正在使用的账号，请在另一个账号上操作。"}
	msgUnlinkNone        = phrase{"No such linked account.", "没有这个已关联的账号。"}
	msgUnlinked          = phrase{"Unlinked %s. Its future messages start a separate memory; what is already remembered stays here.", "已解除 %s。它今后的消息将使用独立的记忆；已有的记忆保留在这里。"}
)

type linkTicket struct {
	PersonID string    `json:"person_id"`
	Platform string    `json:"platform"`
	UserID   string    `json:"user_id"`
	Created  time.Time `json:"created"`
}

// linkCmd is "/link": it shows the person's accounts and hands out a
// code ("/link"), joins this account to the code's person ("/link CODE
// [confirm]"), or splits an account off ("/link remove platform:id").
// Its replies are private.
type linkCmd struct {
	*base
	people   People
	settings Settings
	memories Memories
	why      *injections
}

func (h linkCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	var r Reply
	switch {
	case len(c.args) == 0:
		r = h.start(ctx, t, lang)
	case strings.EqualFold(c.args[0], "remove") || strings.EqualFold(c.args[0], "unlink"):
		r = h.unlink(ctx, t, c.args[1:], lang)
	default:
		r = h.redeem(ctx, t, c.args, lang)
	}
	r.Private = true
	return r
}

// attempt records one rate-limited action by an account and reports
// whether it is still within LinkAttempts per LinkCodeTTL.
func (h linkCmd) attempt(ctx context.Context, kind string, t turn) (bool, error) {
	prefix := fmt.Sprintf("%s:%s:%s:", kind, t.msg.Platform, t.msg.Author.ID)
	n, err := h.settings.CountSettings(ctx, prefix)
	if err != nil {
		return false, err
	}
	if n >= LinkAttempts {
		return false, nil
	}
	key := prefix + randomCode(12)
	return true, h.settings.PutSetting(ctx, key, "1", h.now().Add(LinkCodeTTL))
}

func (h linkCmd) start(ctx context.Context, t turn, lang string) Reply {
	var b strings.Builder
	ids, err := h.people.Identities(ctx, t.person.ID)
	if err != nil {
		return h.internalError(lang, "list identities", err)
	}
	b.WriteString(h.say(lang, msgLinked))
	for _, id := range ids {
		here := ""
		if id.Platform == t.msg.Platform && id.UserID == t.msg.Author.ID {
			here = " ←"
		}
		fmt.Fprintf(&b, "\n- %s:%s %s%s", id.Platform, id.UserID, id.Username, here)
	}
	ok, err := h.attempt(ctx, "linkgen", t)
	if err != nil {
		return h.internalError(lang, "rate-limit link codes", err)
	}
	if !ok {
		return Reply{Text: b.String() + "\n\n" + h.say(lang, msgLinkLimit)}
	}
	code := randomCode(LinkCodeLen)
	ticket, _ := json.Marshal(linkTicket{PersonID: t.person.ID, Platform: t.msg.Platform, UserID: t.msg.Author.ID, Created: h.now()})
	if err := h.settings.PutSetting(ctx, "link:"+code, string(ticket), h.now().Add(LinkCodeTTL)); err != nil {
		return h.internalError(lang, "store link code", err)
	}
	return Reply{Text: b.String() + "\n\n" + fmt.Sprintf(h.say(lang, msgLinkCode), code)}
}

// redeem joins this account to the person who made the code. The
// first "/link CODE" only says whose account it is and asks for
// "/link CODE confirm": a code someone else handed out must not silently
// pour a person's memories into a stranger's.
func (h linkCmd) redeem(ctx context.Context, t turn, args []string, lang string) Reply {
	ok, err := h.attempt(ctx, "linktry", t)
	if err != nil {
		return h.internalError(lang, "rate-limit link attempts", err)
	}
	if !ok {
		return Reply{Text: h.say(lang, msgLinkLimit)}
	}
	code := strings.ToUpper(strings.TrimSpace(args[0]))
	if len(code) != LinkCodeLen || strings.Trim(code, linkAlphabet) != "" {
		return Reply{Text: h.say(lang, msgLinkBad)}
	}
	confirmed := len(args) > 1 && strings.EqualFold(args[1], "confirm")
	key := "link:" + code
	var raw string
	if confirmed {
		raw, err = h.settings.TakeSetting(ctx, key)
	} else {
		raw, err = h.settings.Setting(ctx, key)
	}
	if errors.Is(err, memory.ErrNotFound) {
		return Reply{Text: h.say(lang, msgLinkBad)}
	}
	if err != nil {
		return h.internalError(lang, "redeem link code", err)
	}
	var tk linkTicket
	if err := json.Unmarshal([]byte(raw), &tk); err != nil || tk.PersonID == "" {
		return Reply{Text: h.say(lang, msgLinkBad)}
	}
	if tk.PersonID == t.person.ID {
		return Reply{Text: h.say(lang, msgLinkSame)}
	}
	other := tk.Platform + ":" + tk.UserID
	if !confirmed {
		return Reply{
			Text:    fmt.Sprintf(h.say(lang, msgLinkConfirm), other, code),
			Buttons: [][]Button{{{Label: h.say(lang, msgLinkConfirmButton), Command: "/link " + code + " confirm"}}},
		}
	}
	// The merge can be retried to completion: if it fails part-way, the
	// code is handed back so that the person can simply confirm again.
	if err := h.memories.Merge(ctx, t.person.ID, tk.PersonID); err != nil {
		if perr := h.settings.PutSetting(ctx, key, raw, tk.Created.Add(LinkCodeTTL)); perr != nil {
			h.log.Warn("hand back link code", "err", perr)
		}
		return h.internalError(lang, "merge memories", err)
	}
	h.why.drop(t.person.ID)
	return Reply{Text: fmt.Sprintf(h.say(lang, msgLinkOK), other)}
}

func (h linkCmd) unlink(ctx context.Context, t turn, args []string, lang string) Reply {
	if len(args) != 1 {
		return Reply{Text: h.say(lang, msgUnlinkUsage)}
	}
	platform, userID, ok := strings.Cut(args[0], ":")
	if !ok || platform == "" || userID == "" {
		return Reply{Text: h.say(lang, msgUnlinkUsage)}
	}
	if platform == t.msg.Platform && userID == t.msg.Author.ID {
		return Reply{Text: h.say(lang, msgUnlinkSelf)}
	}
	ids, err := h.people.Identities(ctx, t.person.ID)
	if err != nil {
		return h.internalError(lang, "list identities", err)
	}
	var found *memory.Identity
	for i := range ids {
		if ids[i].Platform == platform && ids[i].UserID == userID {
			found = &ids[i]
		}
	}
	if found == nil {
		return Reply{Text: h.say(lang, msgUnlinkNone)}
	}
	p := memory.Person{DisplayName: found.Username, Language: t.person.Language}
	if err := h.people.CreatePerson(ctx, &p); err != nil {
		return h.internalError(lang, "create person", err)
	}
	if err := h.people.MoveIdentity(ctx, platform, userID, p.ID); err != nil {
		return h.internalError(lang, "unlink identity", err)
	}
	return Reply{Text: fmt.Sprintf(h.say(lang, msgUnlinked), platform+":"+userID)}
}

// randomCode returns n characters of linkAlphabet from crypto/rand
// (256 is a multiple of 32: no modulo bias).
func randomCode(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	for i := range b {
		b[i] = linkAlphabet[int(b[i])%len(linkAlphabet)]
	}
	return string(b)
}
