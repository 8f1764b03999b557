package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/radar"
)

// radarState computes a shift's Risk Radar state now. An energy a person
// chose on the latest plan wins over the one inferred from the notes.
func (b *Bot) radarState(ctx context.Context, shift bh.Shift) (bh.ShiftState, error) {
	notes, err := b.store.Notes(ctx, shift.TeamID, shift.ID, false)
	if err != nil {
		return bh.ShiftState{}, err
	}
	loc := shift.Location(b.loc)
	now := b.cfg.Now()
	energy := bh.EnergyAuto
	if run, err := b.store.LatestRun(ctx, shift.TeamID, shift.ID); err == nil {
		energy = run.Energy
	}
	return radar.Compute(shift, council.Normalize(notes, loc, now), now, energy), nil
}

// showRadar answers /radar privately.
func (b *Bot) showRadar(ctx context.Context, teamID, channelID, userID string) {
	shift, err := b.store.Shift(ctx, teamID, channelID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "No notes here yet, so nothing to watch. Send me a few, or try `/plan sample`.")
		return
	}
	var st bh.ShiftState
	if err == nil {
		st, err = b.radarState(ctx, shift)
	}
	if err != nil {
		b.log.Error("bot: radar", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorMessage(err))
		return
	}
	msg := blocks.Radar(st, b.links(ctx, bh.Run{TeamID: teamID, ShiftID: shift.ID}), shift.Location(b.loc))
	if _, err := b.api.PostEphemeralContext(ctx, channelID, userID, msg.Options()...); err != nil {
		b.log.Error("bot: post radar", "channel", channelID, "err", err)
	}
}

// RadarStore is what the radar's buttons and App Home need from the store.
type RadarStore interface {
	ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
	SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
	UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (bh.RadarSettings, bool, error)
	ShiftEvents(ctx context.Context, teamID, shiftID, typ string, limit int) ([]bh.Event, error)
}

var _ radar.Notifier = (*Bot)(nil)

// PostRadar posts a radar message in the shift's conversation, or updates
// one in place. A conversation out of reach (the bot was removed, the
// channel archived or gone) comes back as EFORBIDDEN, so the radar stops
// posting there instead of retrying.
func (b *Bot) PostRadar(ctx context.Context, p bh.RadarPost) (string, error) {
	links, authors := b.noteRefs(ctx, p.Shift.TeamID, p.Shift.ID)
	msg := blocks.RadarPost(p, links, authors)
	var ts string
	var err error
	if p.UpdateTS != "" {
		err = b.updateWithRetry(ctx, p.Shift.ChannelID, p.UpdateTS, msg)
		ts = p.UpdateTS
	} else {
		opts := msg.Options()
		if p.Key != "" {
			opts = append(opts, slack.MsgOptionMetadata(slack.SlackMetadata{EventType: radarMetadataType, EventPayload: map[string]any{"key": p.Key}}))
		}
		_, ts, err = b.api.PostMessageContext(ctx, p.Shift.ChannelID, opts...)
	}
	if err != nil {
		switch code := slackErr(err); code {
		case "not_in_channel", "channel_not_found", "is_archived", "account_inactive", "not_authed", "invalid_auth", "token_revoked":
			return "", bh.Errorf(bh.EFORBIDDEN, "Slack said %s for this conversation", code)
		}
		return "", fmt.Errorf("bot: post radar %s: %w", p.Kind, err)
	}
	return ts, nil
}

// radarMetadataType names the metadata on radar messages: the claim's key.
const radarMetadataType = "babyhandoff_radar_post"

// radarSearchPages bounds FindRadar: a post a stopped process left is among
// the conversation's latest messages (it was claimed a minute or so ago).
const radarSearchPages = 2

// FindRadar looks for the radar message of claim key among the bot's latest
// messages in channelID (Slack returns metadata only when asked).
func (b *Bot) FindRadar(ctx context.Context, channelID, key string) (string, error) {
	params := &slack.GetConversationHistoryParameters{ChannelID: channelID, Limit: 100, IncludeAllMetadata: true}
	for page := 0; page < radarSearchPages; page++ {
		resp, err := b.api.GetConversationHistoryContext(ctx, params)
		if err != nil {
			return "", fmt.Errorf("bot: find radar post %s: %w", key, err)
		}
		for _, m := range resp.Messages {
			if m.Metadata.EventType == radarMetadataType && m.Metadata.EventPayload["key"] == key {
				return m.Timestamp, nil
			}
		}
		if !resp.HasMore || resp.ResponseMetaData.NextCursor == "" {
			break
		}
		params.Cursor = resp.ResponseMetaData.NextCursor
	}
	return "", nil
}

// noteRefs maps a shift's notes to their Slack messages and their authors.
func (b *Bot) noteRefs(ctx context.Context, teamID, shiftID string) (blocks.Links, blocks.Authors) {
	notes, err := b.store.Notes(ctx, teamID, shiftID, true)
	if err != nil {
		b.log.Warn("bot: notes for links", "shift_id", shiftID, "err", err)
		return nil, nil
	}
	base := b.identity().URL
	links, authors := blocks.Links{}, blocks.Authors{}
	for _, n := range notes {
		switch {
		case n.Permalink != "":
			links[n.ID] = n.Permalink
		case base != "" && n.MessageTS != "" && !strings.HasPrefix(n.MessageTS, "sample-"):
			links[n.ID] = fmt.Sprintf("%sarchives/%s/p%s", base, n.ChannelID, strings.ReplaceAll(n.MessageTS, ".", ""))
		}
		if n.UserID != "" {
			authors[n.ID] = n.UserID
		}
	}
	return links, authors
}

// radarAction handles the radar's buttons. It reports false for others.
func (b *Bot) radarAction(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) bool {
	channelID := cb.Channel.ID
	if channelID == "" {
		channelID = cb.Container.ChannelID
	}
	switch {
	case a.ActionID == blocks.ActionRadarDone || a.ActionID == blocks.ActionRadarUndone:
		done := a.ActionID == blocks.ActionRadarDone
		b.markDone(ctx, cb, channelID, a.Value, done)
	case strings.HasPrefix(a.ActionID, blocks.ActionRadarSnooze):
		shift, ok := b.radarShift(ctx, cb, a, channelID)
		if !ok {
			return true
		}
		b.snooze(ctx, shift, cb.User.ID, a.Value)
	case a.ActionID == blocks.ActionRadarPlan:
		if _, ok := b.radarShift(ctx, cb, a, channelID); ok {
			b.plan(ctx, cb.Team.ID, channelID, cb.User.ID, planArgs{energy: bh.EnergyAuto, hours: 12})
		}
	case a.ActionID == blocks.ActionRadarOutlook:
		if cb.View.Type == slack.VTHomeTab || channelID == "" {
			// From App Home: the person's own DM shift.
			ch, err := b.dm(ctx, cb.User.ID)
			if err != nil {
				b.log.Error("bot: home: open DM", "user", cb.User.ID, "err", err)
				return true
			}
			channelID = ch
		}
		b.setOutlook(ctx, cb.Team.ID, channelID, cb.User.ID, a.Value)
	default:
		return false
	}
	return true
}

// markDone marks a radar item's note done (or not), after checking that
// the button was pressed in the note's own team and conversation.
func (b *Bot) markDone(ctx context.Context, cb slack.InteractionCallback, channelID, noteID string, done bool) {
	n, err := b.store.Note(ctx, cb.Team.ID, noteID)
	if err == nil && channelID != n.ChannelID {
		err = bh.Errorf(bh.EFORBIDDEN, "That button belongs to a note in another conversation; nothing was changed.")
	}
	if err == nil && n.Deleted() {
		err = bh.Errorf(bh.ECONFLICT, "That note was removed; nothing to mark.")
	}
	if err == nil {
		n, err = b.store.MarkNoteDone(ctx, n.TeamID, n.ID, done)
	}
	if err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return
	}
	msg := blocks.DoneNotice(n)
	if !done {
		msg = blocks.Notice("↩️ Back on the radar: " + blocks.Echo(n.Text, 100) + ".")
	}
	if _, err := b.api.PostEphemeralContext(ctx, channelID, cb.User.ID, msg.Options()...); err != nil {
		b.log.Debug("bot: confirm done", "err", err)
	}
	b.shiftChanged(ctx, n.TeamID, n.ChannelID, cb.User.ID)
}

// radarShift is the shift of the conversation a radar button was pressed
// in; a button whose block names another shift (a forged or copied
// payload) is refused.
func (b *Bot) radarShift(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction, channelID string) (bh.Shift, bool) {
	shift, err := b.store.Shift(ctx, cb.Team.ID, channelID)
	if err == nil && a.BlockID != blocks.BlockRadarActions+shift.ID {
		err = bh.Errorf(bh.EFORBIDDEN, "That button belongs to another conversation's radar; nothing was changed.")
	}
	if err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return bh.Shift{}, false
	}
	return shift, true
}

// snooze silences a shift's radar for an hour or until tomorrow morning.
func (b *Bot) snooze(ctx context.Context, shift bh.Shift, userID, how string) {
	if how != "1h" && how != "tomorrow" {
		b.tell(ctx, shift.ChannelID, userID, "That snooze is not one I know; nothing was changed.")
		return
	}
	l := shift.Location(b.loc)
	now := b.cfg.Now().In(l)
	set, _, err := b.store.UpdateRadarSettings(ctx, shift.TeamID, shift.ID, func(set *bh.RadarSettings) bool {
		if how == "1h" {
			set.SnoozedUntil = now.Add(time.Hour)
			return true
		}
		hour := set.OutlookHour
		if hour <= 0 {
			hour = 7
		}
		// The coming morning: tapped in the small hours that is today's
		// (not thirty hours away), otherwise tomorrow's.
		until := time.Date(now.Year(), now.Month(), now.Day(), hour, 0, 0, 0, l)
		if !now.Before(until.Add(-3 * time.Hour)) {
			until = time.Date(now.Year(), now.Month(), now.Day()+1, hour, 0, 0, 0, l)
		}
		set.SnoozedUntil = until
		return true
	})
	if err != nil {
		b.refuse(ctx, shift.ChannelID, userID, err)
		return
	}
	b.tell(ctx, shift.ChannelID, userID, fmt.Sprintf("😴 Radar snoozed here until %s. No nudges or reminders until then; `/radar` still works.", set.SnoozedUntil.In(l).Format("Mon 15:04")))
}

// setOutlook turns the morning outlook on ("on", or an hour "6") or off.
func (b *Bot) setOutlook(ctx context.Context, teamID, channelID, userID, how string) {
	how = strings.TrimSpace(strings.ToLower(how))
	hour := -1
	switch how {
	case "", "on", "off":
	default:
		h, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(how, ":00"), "h"))
		if err != nil || h < 0 || h > 23 {
			b.tell(ctx, channelID, userID, "Say `/radar outlook on`, `/radar outlook off`, or an hour from 0 to 23 such as `/radar outlook 6`.")
			return
		}
		hour = h
	}
	shift, err := b.store.Shift(ctx, teamID, channelID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "No notes here yet, so there is nothing to look ahead at. Send me a few first.")
		return
	}
	var set bh.RadarSettings
	if err == nil {
		set, _, err = b.store.UpdateRadarSettings(ctx, teamID, shift.ID, func(set *bh.RadarSettings) bool {
			switch {
			case how == "off":
				set.OutlookOn = false
			case hour >= 0:
				set.OutlookOn, set.OutlookHour = true, hour
			default:
				set.OutlookOn = true
			}
			return true
		})
	}
	if err != nil {
		b.refuse(ctx, channelID, userID, err)
		return
	}
	l := shift.Location(b.loc)
	msg := fmt.Sprintf("☀️ Morning outlook on: every day at %02d:00 (%s) in this conversation. Turn it off from App Home or with `/radar outlook off`.", set.OutlookHour, l)
	if !set.OutlookOn {
		msg = "Morning outlook off. Turn it on again from App Home or with `/radar outlook on`."
	}
	b.tell(ctx, channelID, userID, msg)
	b.shiftChanged(ctx, teamID, channelID, userID)
}

// radarCommand answers /radar and its words.
func (b *Bot) radarCommand(ctx context.Context, cmd slack.SlashCommand) {
	words := strings.Fields(cmd.Text)
	switch {
	case len(words) == 0:
		b.showRadar(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID)
	case strings.EqualFold(words[0], "outlook"):
		b.setOutlook(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID, strings.Join(words[1:], " "))
	default:
		b.tell(ctx, cmd.ChannelID, cmd.UserID, "`/radar` shows the Risk Radar here; `/radar outlook on|off|6` sets the morning outlook.")
	}
}

// learnTZ records a shift's time zone from the Slack profile of the person
// who wrote its first note, once per shift and process; a person without a
// zone leaves the configured default.
func (b *Bot) learnTZ(ctx context.Context, n bh.Note) {
	if n.UserID == "" {
		return
	}
	if _, seen := b.tzSeen.LoadOrStore(n.TeamID+"/"+n.ShiftID, true); seen {
		return
	}
	shift, err := b.store.ShiftByID(ctx, n.TeamID, n.ShiftID)
	if err != nil || shift.TZ != "" {
		return
	}
	u, err := b.api.GetUserInfoContext(ctx, n.UserID)
	if err != nil {
		b.log.Debug("bot: users.info for the time zone", "user", n.UserID, "err", err)
		b.tzSeen.Delete(n.TeamID + "/" + n.ShiftID)
		return
	}
	if u.TZ == "" {
		return
	}
	if _, err := time.LoadLocation(u.TZ); err != nil {
		b.log.Debug("bot: unknown time zone in a profile", "tz", u.TZ)
		return
	}
	if err := b.store.SetShiftTZ(ctx, n.TeamID, n.ShiftID, u.TZ); err != nil {
		b.log.Warn("bot: record the shift's time zone", "shift_id", n.ShiftID, "err", err)
		return
	}
	if b.cfg.ZoneLearnt != nil {
		b.cfg.ZoneLearnt(ctx, n.TeamID, n.ShiftID)
	}
}
