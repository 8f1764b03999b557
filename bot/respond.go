package bot

import (
	"context"
	"errors"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// ack acknowledges an envelope, with payload when Slack takes an answer in
// the ack (modal validation errors). It reports whether the ack was queued.
func (b *Bot) ack(req *socketmode.Request, payload any) bool {
	if req == nil || req.EnvelopeID == "" {
		return false
	}
	if http, ok := b.answers.take(req.EnvelopeID, payload); http {
		return ok
	}
	var err error
	if payload != nil {
		err = b.sm.Ack(*req, payload)
	} else {
		err = b.sm.Ack(*req)
	}
	if err != nil {
		b.log.Error("bot: ack failed", "envelope_id", req.EnvelopeID, "err", err)
		return false
	}
	return true
}

// ackThenFollow acks and returns once the ack is written (see ackSent),
// so that a note's follow-up never delays its ack.
func (b *Bot) ackThenFollow(req *socketmode.Request) {
	if req == nil || req.EnvelopeID == "" {
		return
	}
	if http, _ := b.answers.take(req.EnvelopeID, nil); http {
		return // the response is written by the request's own goroutine
	}
	ch := b.sent.expect(req.EnvelopeID)
	if !b.ack(req, nil) {
		b.sent.wait(req.EnvelopeID, nil) // nothing will be written
		return
	}
	b.sent.wait(req.EnvelopeID, ch)
}

// tell answers one person privately in a conversation; when the bot cannot
// post there it falls back to the person's DM with the bot.
func (b *Bot) tell(ctx context.Context, channelID, userID, text string) {
	msg := blocks.Notice(text)
	if channelID != "" {
		if _, err := b.api.PostEphemeralContext(ctx, channelID, userID, msg.Options()...); err == nil {
			return
		}
	}
	if _, _, err := b.api.PostMessageContext(ctx, userID, msg.Options()...); err != nil {
		b.log.ErrorContext(ctx, "bot: tell user", "user", userID, "err", err)
	}
}

// refuse tells a person why their action did nothing; an internal failure
// is logged and they get the generic apology.
func (b *Bot) refuse(ctx context.Context, channelID, userID string, err error) {
	if bh.ErrorCode(err) == bh.EINTERNAL {
		b.log.ErrorContext(ctx, "bot: action failed", "err", err)
	}
	b.tell(ctx, channelID, userID, bh.ErrorText(ctx, err))
}

// postInThread posts m in the thread of the message ts in channelID.
func (b *Bot) postInThread(ctx context.Context, channelID, ts string, m blocks.Message) error {
	_, _, err := b.api.PostMessageContext(ctx, channelID, append(m.Options(), slack.MsgOptionTS(ts))...)
	return err
}

// update replaces a message. Slack's 429s and 5xx are retried by the
// client's retry configuration, the one retry layer.
func (b *Bot) update(ctx context.Context, channelID, ts string, m blocks.Message) error {
	_, _, _, err := b.api.UpdateMessageContext(ctx, channelID, ts, m.Options()...)
	return err
}

// dm returns the person's DM channel with the bot. It asks Slack rather
// than trusting an id from a button, which a forged payload could set to
// someone else's DM; once per person, as the channel never changes.
func (b *Bot) dm(ctx context.Context, userID string) (string, error) {
	if ch, ok := b.dms.Load(userID); ok {
		return ch.(string), nil
	}
	ch, _, _, err := b.api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{userID}, ReturnIM: true})
	if err != nil {
		return "", err
	}
	if ch == nil || ch.ID == "" {
		// Slack said ok but named no channel: bad input, not a panic.
		return "", errors.New("bot: conversations.open answered ok without a channel")
	}
	b.dms.Store(userID, ch.ID)
	return ch.ID, nil
}

// channelOf is the conversation an interaction happened in.
func channelOf(cb slack.InteractionCallback) string {
	if cb.Channel.ID != "" {
		return cb.Channel.ID
	}
	return cb.Container.ChannelID
}

// messageOf is the message an interaction's button sits on.
func messageOf(cb slack.InteractionCallback) string {
	if cb.Container.MessageTs != "" {
		return cb.Container.MessageTs
	}
	return cb.Message.Timestamp
}

// slackErr is Slack's error code ("not_in_channel"), else the error's text.
func slackErr(err error) string {
	var se slack.SlackErrorResponse
	if errors.As(err, &se) {
		return se.Err
	}
	return err.Error()
}

// actionChannel is the conversation a button or menu acts on: its
// message's, or, pressed on App Home (which shows the person's DM with the
// bot), that DM.
func (b *Bot) actionChannel(ctx context.Context, cb slack.InteractionCallback) (string, bool) {
	if ch := channelOf(cb); ch != "" && cb.View.Type != slack.VTHomeTab {
		return ch, true
	}
	ch, err := b.dm(ctx, cb.User.ID)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: home: open DM", "user", cb.User.ID, "err", err)
		return "", false
	}
	return ch, true
}
