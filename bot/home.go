package bot

import (
	"context"
	"strings"
	"sync"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/radar"
)

func (b *Bot) onHomeOpened(req *socketmode.Request, teamID string, ev *slackevents.AppHomeOpenedEvent) {
	b.ack(req, nil)
	if ev.Tab != "home" || ev.User == "" {
		return
	}
	hash := ""
	if ev.View != nil {
		hash = ev.View.Hash
	}
	b.enqueue("home", func(ctx context.Context) { b.publishHome(ctx, teamID, ev.User, hash) })
}

// dm returns the person's DM channel with the bot. It asks Slack rather
// than trusting an id from a button, which a forged payload could set to
// someone else's DM.
func (b *Bot) dm(ctx context.Context, userID string) (string, error) {
	ch, _, _, err := b.api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{userID}, ReturnIM: true})
	if err != nil {
		return "", err
	}
	return ch.ID, nil
}

// publishHome shows a person's App Home. hash, when set, is the version of
// the view Slack showed; a hash_conflict means a newer publish won, and we
// publish the fresh state once more without it.
func (b *Bot) publishHome(ctx context.Context, teamID, userID, hash string) {
	in := blocks.HomeInput{Outlook: bh.RadarSettings{OutlookHour: 7}}
	if ch, err := b.dm(ctx, userID); err == nil {
		if sh, err := b.store.Shift(ctx, teamID, ch); err == nil {
			in.Location = sh.Location(b.loc)
			if st, err := b.radarState(ctx, sh); err == nil {
				in.Notes = st.Notes
				in.Radar = radar.Summary(st, in.Location)
			}
			if evs, err := b.store.ShiftEvents(ctx, teamID, sh.ID, bh.EventWakeUp, 3); err == nil {
				in.WakeUps = evs
			}
			if set, err := b.store.RadarSettings(ctx, teamID, sh.ID); err == nil {
				in.Outlook = set
			}
			if run, err := b.store.LatestRun(ctx, teamID, sh.ID); err == nil {
				if rec, err := b.store.RunRecord(ctx, teamID, run.ID); err == nil {
					in.Latest = &rec
				}
			}
		}
	} else {
		b.log.Warn("bot: home: open DM", "user", userID, "err", err)
	}
	req := slack.PublishViewContextRequest{UserID: userID, View: blocks.Home(in)}
	if hash != "" {
		req.Hash = &hash
	}
	_, err := b.api.PublishViewContext(ctx, req)
	if err != nil && hash != "" && slackErr(err) == "hash_conflict" {
		req.Hash = nil
		_, err = b.api.PublishViewContext(ctx, req)
	}
	if err != nil {
		b.log.Error("bot: publish App Home", "user", userID, "err", err)
	}
}

// homeAction handles App Home's buttons. It reports false for other actions.
func (b *Bot) homeAction(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) bool {
	switch a.ActionID {
	case blocks.ActionAddNote:
		b.openAddNote(ctx, cb)
	case blocks.ActionPlanNow, blocks.ActionLoadSample:
		ch, err := b.dm(ctx, cb.User.ID)
		if err != nil {
			b.log.Error("bot: home: open DM", "user", cb.User.ID, "err", err)
			return true
		}
		b.plan(ctx, cb.Team.ID, ch, cb.User.ID, planArgs{energy: bh.EnergyAuto, hours: 12, sample: a.ActionID == blocks.ActionLoadSample})
	default:
		return false
	}
	return true
}

// homeRefresh coalesces App Home publishes per person: a burst of notes
// costs one publish in flight plus one at the end, never one per note.
type homeRefresh struct {
	mu    sync.Mutex
	state map[string]bool // key → another publish wanted while one runs
}

// shiftChanged republishes a person's Home after their DM shift changed.
func (b *Bot) shiftChanged(ctx context.Context, teamID, channelID, userID string) {
	if !strings.HasPrefix(channelID, "D") || userID == "" {
		return
	}
	key := teamID + "/" + userID
	h := &b.homes
	h.mu.Lock()
	if h.state == nil {
		h.state = map[string]bool{}
	}
	if _, running := h.state[key]; running {
		h.state[key] = true
		h.mu.Unlock()
		return
	}
	h.state[key] = false
	h.mu.Unlock()
	for {
		b.publishHome(ctx, teamID, userID, "")
		h.mu.Lock()
		if h.state[key] {
			h.state[key] = false
			h.mu.Unlock()
			continue
		}
		delete(h.state, key)
		h.mu.Unlock()
		return
	}
}
