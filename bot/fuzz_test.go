package bot

import (
	"encoding/json"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// FuzzEnvelope decodes arbitrary Socket Mode frames the way the bot does —
// the envelope, then the event, interaction or command inside — and runs
// the bot's own reading of them (note text, tags, modal state, /plan
// words). Nothing may panic. Seeds: testdata/fuzz/FuzzEnvelope, made from
// the real payloads in testdata/slack-fixtures.
func FuzzEnvelope(f *testing.F) {
	f.Add([]byte(`{"type":"events_api","envelope_id":"1","payload":{"type":"event_callback","event":{"type":"message","text":"wipes < 1 day","user":"U1","channel":"D1","ts":"1.1"}}}`))
	b := &Bot{cfg: Config{Location: time.UTC, Now: func() time.Time { return time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC) }}}
	b.self = identity{UserID: "U0BOT", BotID: "B0BOT"}
	f.Fuzz(func(t *testing.T, data []byte) {
		var req socketmode.Request
		if json.Unmarshal(data, &req) != nil {
			return
		}
		now := b.cfg.Now()
		note := func(text string) {
			text = b.stripSelf("T1", text)
			parsed, ok := bh.ParseNoteText(text)
			body, tag := parsed.Text, parsed.Tag
			if ok && !utf8.ValidString(body) && utf8.ValidString(text) {
				t.Fatalf("valid text %q became invalid %q", text, body)
			}
			// The reading the store makes of the note (its Config.Read).
			_ = normalize.Read(bh.Note{Text: body, RawText: text, Tag: tag, TagSource: bh.TagByDefault, CreatedAt: now}, b.cfg.Location)
		}
		switch req.Type {
		case "events_api":
			ev, err := slackevents.ParseEvent(req.Payload, slackevents.OptionNoVerifyToken())
			if err != nil {
				return
			}
			switch in := ev.InnerEvent.Data.(type) {
			case *slackevents.MessageEvent:
				note(in.Text)
			case *slackevents.AppMentionEvent:
				note(in.Text)
			}
		case "interactive":
			var cb slack.InteractionCallback
			if json.Unmarshal(req.Payload, &cb) != nil {
				return
			}
			in, errs := readAddNote(cb.View)
			if len(errs) == 0 {
				note(in.Text)
			}
			for _, a := range cb.ActionCallback.BlockActions {
				if a != nil {
					blocks.TagFromAction(a.ActionID)
				}
			}
			note(cb.Message.Text)
		case "slash_commands":
			var cmd slack.SlashCommand
			if json.Unmarshal(req.Payload, &cmd) != nil {
				return
			}
			_, _ = parsePlanArgs(cmd.Text)
		}
	})
}
