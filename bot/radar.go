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
	"github.com/babyhandoff/babyhandoff/radar"
)

// radarStore is what /radar and the radar's buttons need from the store.
type radarStore interface {
	Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error)
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
	// MarkStillOn records "still on it" for an overdue deadline.
	MarkStillOn(ctx context.Context, teamID, id string) (bh.Note, error)
	// UpdateRadarSettings applies change to a shift's settings; saved is
	// false when change reported nothing to save.
	UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (set bh.RadarSettings, saved bool, err error)
	// Duty is who is on duty: a radar post speaks to them.
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
	// LiveNotes link a radar post's items to their notes and say who
	// claimed what ("I'll do it"): the post cites only live notes.
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	// Person and SetPerson hold a person's own quiet hours.
	Person(ctx context.Context, teamID, userID string) (bh.Person, error)
	SetPerson(ctx context.Context, p bh.Person) error
}

// radarHandler answers /radar and the radar's buttons (Done, Snooze, Plan,
// the morning outlook), in conversations and App Home. Posting the radar's
// messages is the Bot's (PostRadar), for the nudger.
type radarHandler struct {
	b       *Bot
	store   radarStore
	links   *links
	planner *planner
	home    *home
}

// command answers /radar and its words.
func (r *radarHandler) command(ctx context.Context, cmd slack.SlashCommand) {
	words := strings.Fields(cmd.Text)
	switch {
	case len(words) == 0:
		r.show(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID)
	case strings.EqualFold(words[0], "outlook"):
		r.setOutlook(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID, strings.Join(words[1:], " "))
	case strings.EqualFold(words[0], "quiet"):
		r.setQuiet(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID, strings.Join(words[1:], " "))
	default:
		r.b.tell(ctx, cmd.ChannelID, cmd.UserID, "`/radar` shows the Risk Radar here; `/radar outlook on|off|6` sets the morning outlook; `/radar quiet 22-7` (or `10pm-6am`, or `off`) sets your quiet hours.")
	}
}

// show answers /radar privately.
func (r *radarHandler) show(ctx context.Context, teamID, channelID, userID string) {
	b := r.b
	shift, err := r.store.Shift(ctx, teamID, channelID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "No notes here yet, so nothing to watch. Send me a few, or try `/plan sample`.")
		return
	}
	if err == nil && !r.forMembers(ctx, teamID, shift, channelID, userID) {
		return
	}
	var st bh.ShiftState
	if err == nil {
		shift = b.familyZone(ctx, shift, userID)
		st, err = b.cfg.Radar.State(ctx, shift)
	}
	if err != nil {
		b.log.ErrorContext(ctx, "bot: radar", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorText(ctx, err))
		return
	}
	// Only links its reader can open from here: in a DM, none into
	// another member's DM; in a channel, none into any DM.
	links, _ := r.links.readableIn(ctx, teamID, st.NoteIDs(), channelID)
	msg := blocks.RadarOn(st, links, shift.Location(b.cfg.Location), b.userClock(ctx, userID))
	if _, err := b.api.PostEphemeralContext(ctx, channelID, userID, msg.Options()...); err != nil {
		b.log.ErrorContext(ctx, "bot: post radar", "channel", channelID, "err", err)
	}
}

// forMembers reports whether userID may use the family's radar from
// channelID: the radar reads the whole family's list, so in a channel
// where not everyone has joined only its members may; anyone else is told
// why (privately).
func (r *radarHandler) forMembers(ctx context.Context, teamID string, shift bh.Shift, channelID, userID string) bool {
	if shift.Sample || r.b.audienceOf(ctx, teamID, shift.ID, channelID).whole {
		return true
	}
	if ok, err := mayAct(ctx, r.b.cfg.Store, teamID, userID, "", shift.ID, nil); err != nil || !ok {
		if err != nil {
			r.b.log.InfoContext(ctx, "bot: radar: is a member", "user", userID, "err", err)
		}
		r.b.tell(ctx, channelID, userID, "The radar here reads the family's whole list, so it is for its members: not everyone in this channel has joined, and you have not. Ask a member to add you with *Add your partner* on my Home tab.")
		return false
	}
	return true
}

func (r *radarHandler) done(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if ch, ok := r.b.actionChannel(ctx, cb); ok {
		r.markDone(ctx, cb, ch, a.Value, a.BlockID, true)
	}
}

func (r *radarHandler) undone(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if ch, ok := r.b.actionChannel(ctx, cb); ok {
		r.markDone(ctx, cb, ch, a.Value, a.BlockID, false)
	}
}

// overdue is an overdue deadline's menu, on a card or a radar message:
// Done, Still on it (two more days in plans), Drop (out of plans, kept).
func (r *radarHandler) overdue(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := r.b
	ch, ok := r.b.actionChannel(ctx, cb)
	if !ok {
		return
	}
	what, noteID, _ := strings.Cut(a.SelectedOption.Value, ":")
	if what == "done" {
		r.markDone(ctx, cb, ch, noteID, a.BlockID, true)
		return
	}
	n, err := r.store.Note(ctx, cb.Team.ID, noteID)
	if err == nil {
		err = b.mayActOn(ctx, cb.Team.ID, cb.User.ID, ch, n)
	}
	if err == nil && (n.Deleted() || n.Done()) {
		err = bh.Errorf(bh.ECONFLICT, "%q is already done or removed; nothing was changed.", bh.Truncate(n.Text, 60))
	}
	var msg blocks.Message
	switch {
	case err != nil:
	case what == "still":
		n, err = r.store.MarkStillOn(ctx, n.TeamID, n.ID)
		msg = blocks.Notice(fmt.Sprintf("⏳ Still on: %s — it stays in plans for two more days.", blocks.Echo(n.Text, 100)))
	case what == "drop":
		n, err = r.store.MarkNoteDoneBy(ctx, n.TeamID, n.ID, bh.DoneBy{User: cb.User.ID, Dropped: true})
		msg = blocks.DroppedNotice(n)
	default:
		err = bh.Errorf(bh.EINVALID, "That choice is not one I know; nothing was changed.")
	}
	if err != nil {
		b.refuse(ctx, ch, cb.User.ID, err)
		return
	}
	if _, err := b.api.PostEphemeralContext(ctx, ch, cb.User.ID, msg.Options()...); err != nil {
		b.log.DebugContext(ctx, "bot: confirm overdue answer", "err", err)
	}
	if run := blocks.CardRunOf(a.BlockID); run != "" {
		r.planner.refreshCard(ctx, cb.Team.ID, run, ch)
	}
	r.home.shiftChanged(ctx, n.TeamID, n.ChannelID, cb.User.ID)
}

func (r *radarHandler) snooze(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if shift, ok := r.radarShift(ctx, cb, a, channelOf(cb)); ok {
		r.snoozeShift(ctx, shift, cb.User.ID, a.Value)
	}
}

func (r *radarHandler) plan(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if _, ok := r.radarShift(ctx, cb, a, channelOf(cb)); ok {
		r.planner.plan(ctx, cb.Team.ID, channelOf(cb), cb.User.ID, planArgs{energy: bh.EnergyAuto, hours: 12})
	}
}

// outlook is the morning outlook's switch, in a radar message or App Home.
func (r *radarHandler) outlook(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if ch, ok := r.b.actionChannel(ctx, cb); ok {
		r.setOutlook(ctx, cb.Team.ID, ch, cb.User.ID, a.Value)
	}
}

// quiet is App Home's quiet hours select: the viewer's own.
func (r *radarHandler) quiet(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if ch, ok := r.b.actionChannel(ctx, cb); ok {
		r.setQuiet(ctx, cb.Team.ID, ch, cb.User.ID, a.SelectedOption.Value)
	}
}

// setQuiet sets a person's own quiet hours ("22-7", "10pm-6am", "off"),
// from /radar quiet in any conversation or App Home, and says what they now
// mean. They hold when the radar posts to that person and for the plans
// made for them; the family's radar settings keep the default for those
// who chose none.
func (r *radarHandler) setQuiet(ctx context.Context, teamID, channelID, userID, how string) {
	b := r.b
	if strings.TrimSpace(how) == "" {
		b.tell(ctx, channelID, userID, "Say `/radar quiet 22-7`, `/radar quiet 10pm-6am`, or `/radar quiet off`.")
		return
	}
	q, err := bh.ParseQuietHours(how)
	if err != nil {
		b.tell(ctx, channelID, userID, bh.ErrorText(ctx, err)+" For example `/radar quiet 22-7`.")
		return
	}
	p, err := r.store.Person(ctx, teamID, userID)
	if err == nil && (p.Quiet == nil || *p.Quiet != q) {
		p.TeamID, p.UserID, p.Quiet = teamID, userID, &q
		err = r.store.SetPerson(ctx, p)
	}
	if err != nil {
		b.refuse(ctx, channelID, userID, err)
		return
	}
	// The hours are on the family's clock; a person with no notes yet
	// reads them on the workspace's.
	loc := b.cfg.Location
	if shift, err := r.store.Shift(ctx, teamID, channelID); err == nil {
		loc = b.familyZone(ctx, shift, userID).Location(b.cfg.Location)
	}
	msg := fmt.Sprintf("🌙 Your quiet hours: %s (%s). Then, when the radar posts to you, it updates its message in place and posts a new one only for something newly critical; plans made for you keep them for sleep. Everyone in the family keeps their own. Change them on App Home or with `/radar quiet 21-6` (`off` for none).", q.Say(b.userClock(ctx, userID)), bh.ZoneName(loc, b.cfg.Now()))
	if q.Off() {
		msg = "Your quiet hours are off: the radar may post to you at any hour when risk rises (at most one new message every 10 minutes). Turn them on again with `/radar quiet 22-7` or on App Home."
	}
	b.tell(ctx, channelID, userID, msg)
	// Only this person's Home shows them.
	r.home.republish(ctx, teamID, userID)
}

// markDone marks a radar item's note done (or not), after checking that
// the button was pressed in the note's own team and conversation.
// A Done pressed on a Decision Card (its block names the run) also updates
// that card in place: the item struck through, with Undo.
func (r *radarHandler) markDone(ctx context.Context, cb slack.InteractionCallback, channelID, noteID, blockID string, done bool) {
	r.mark(ctx, cb, channelID, noteID, blockID, done, blocks.DoneNotice)
}

// mark is markDone with the private confirmation of a Done made by notice
// (a health note's Resolved says so in its own words).
func (r *radarHandler) mark(ctx context.Context, cb slack.InteractionCallback, channelID, noteID, blockID string, done bool, notice func(bh.Note) blocks.Message) {
	b := r.b
	n, err := r.store.Note(ctx, cb.Team.ID, noteID)
	if err == nil {
		// Only the family acts on its items.
		err = b.mayActOn(ctx, cb.Team.ID, cb.User.ID, channelID, n)
	}
	if err == nil {
		n, err = tapDone(ctx, r.store, n, cb.User.ID, done)
	}
	if err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return
	}
	msg := notice(n)
	switch {
	case !done && isHealthNote(n):
		msg = blocks.ListedAgainNotice(n)
	case !done:
		msg = blocks.Notice("↩️ Back on the radar: " + blocks.Echo(n.Text, 100) + ".")
	}
	if _, err := b.api.PostEphemeralContext(ctx, channelID, cb.User.ID, msg.Options()...); err != nil {
		b.log.DebugContext(ctx, "bot: confirm done", "err", err)
	}
	switch {
	case isHealthNote(n):
		// A health note is listed on the card and in handoffs wherever
		// it was resolved from.
		b.healthChanged(ctx, n)
	case blocks.CardRunOf(blockID) != "":
		r.planner.refreshCard(ctx, cb.Team.ID, blocks.CardRunOf(blockID), channelID)
	}
	r.home.shiftChanged(ctx, n.TeamID, n.ChannelID, cb.User.ID)
}

// radarShift is the shift of the conversation a radar button was pressed
// in; a button whose block names another shift (a forged or copied
// payload) is refused.
func (r *radarHandler) radarShift(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction, channelID string) (bh.Shift, bool) {
	b := r.b
	shift, err := r.store.Shift(ctx, cb.Team.ID, channelID)
	if err == nil && a.BlockID != blocks.BlockRadarActions+shift.ID {
		err = bh.Errorf(bh.EFORBIDDEN, "That button belongs to another conversation's radar; nothing was changed.")
	}
	if err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return bh.Shift{}, false
	}
	return b.familyZone(ctx, shift, cb.User.ID), true
}

// snoozeShift silences a shift's radar for an hour or until tomorrow morning.
func (r *radarHandler) snoozeShift(ctx context.Context, shift bh.Shift, userID, how string) {
	b := r.b
	if how != "1h" && how != "tomorrow" {
		b.tell(ctx, shift.ChannelID, userID, "That snooze is not one I know; nothing was changed.")
		return
	}
	l := shift.Location(b.cfg.Location)
	now := b.cfg.Now().In(l)
	set, _, err := r.store.UpdateRadarSettings(ctx, shift.TeamID, shift.ID, func(set *bh.RadarSettings) bool {
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
	b.tell(ctx, shift.ChannelID, userID, fmt.Sprintf("😴 Radar snoozed here until %s. No nudges or reminders until then; `/radar` still works.", blocks.WhenOn(set.SnoozedUntil, l, blocks.DayTime, b.userClock(ctx, userID))))
}

// setOutlook turns the morning outlook on ("on", or an hour "6") or off.
func (r *radarHandler) setOutlook(ctx context.Context, teamID, channelID, userID, how string) {
	b := r.b
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
	shift, err := r.store.Shift(ctx, teamID, channelID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "No notes here yet, so there is nothing to look ahead at. Send me a few first.")
		return
	}
	if err == nil && !r.forMembers(ctx, teamID, shift, channelID, userID) {
		return
	}
	var set bh.RadarSettings
	if err == nil {
		set, _, err = r.store.UpdateRadarSettings(ctx, teamID, shift.ID, func(set *bh.RadarSettings) bool {
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
	l := b.familyZone(ctx, shift, userID).Location(b.cfg.Location)
	at := b.userClock(ctx, userID).Format(time.Date(2000, 1, 1, set.OutlookHour, 0, 0, 0, time.UTC), "15:04")
	msg := fmt.Sprintf("☀️ Morning outlook on: every day at %s (%s) in this conversation. Turn it off from App Home or with `/radar outlook off`.", at, bh.ZoneName(l, b.cfg.Now()))
	if !set.OutlookOn {
		msg = "Morning outlook off. Turn it on again from App Home or with `/radar outlook on`."
	}
	b.tell(ctx, channelID, userID, msg)
	r.home.shiftChanged(ctx, teamID, channelID, userID)
}

var _ radar.Notifier = (*Bot)(nil)

// citedLive are the notes of ids that are sh's and live now: what
// LiveNotes would give of them (a note moved to another family, deleted,
// or past its moment is not).
func (b *Bot) citedLive(ctx context.Context, sh bh.Shift, ids []string) ([]bh.Note, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	notes, err := b.radar.links.store.NotesByID(ctx, sh.TeamID, ids)
	if err != nil {
		return nil, err
	}
	now := b.cfg.Now()
	out := notes[:0]
	for _, n := range notes {
		if n.ShiftID == sh.ID && n.LiveAt(now) {
			out = append(out, n)
		}
	}
	return out, nil
}

// PostRadar posts a radar message where it is routed (p.To: the DM of the
// person on duty, a family channel, a writer's DM), or updates one in
// place in its own conversation. A conversation out of reach (the bot was
// removed, the channel archived or gone) comes back as EFORBIDDEN, so the
// radar stops posting there instead of retrying.
func (b *Bot) PostRadar(ctx context.Context, p bh.RadarPost) (string, error) {
	ctx = bh.WithTeam(ctx, p.Shift.TeamID)
	var links blocks.Links
	var authors blocks.Authors
	channel := p.To.Place(p.Shift.ChannelID)
	p.To.ChannelID = channel
	if strings.HasPrefix(channel, "D") && p.To.UserID == "" {
		// An update in place goes to its message's conversation, named
		// by no person (the route is someone else's DM by now, while
		// they are on duty): its reader is still the DM's own person.
		p.To.UserID = b.dmPerson(ctx, p.Shift, channel)
	}
	// A channel where not everyone joined sees only the items of notes
	// written there, in a new post or an old one updated: its readers
	// changed since the message was posted, maybe (someone came in).
	aud := b.audienceOf(ctx, p.Shift.TeamID, p.Shift.ID, channel)
	var notes []bh.Note
	var err error
	if aud.whole {
		// All the post reads of notes is those its items cite: read only
		// those, not the family's every live note (in a soak, that second
		// read of them after the radar's own was a sixth of the bytes a
		// note allocated).
		notes, err = b.citedLive(ctx, p.Shift, p.State.NoteIDs())
	} else {
		var live bh.LiveNotes
		live, err = b.radar.store.LiveNotes(ctx, p.Shift.TeamID, p.Shift.ID, b.cfg.Now())
		notes = live.Notes
		p.State = aud.state(p.State, notes)
	}
	if err == nil {
		links, authors, _ = b.radar.links.from(notes)
		// Only links its reader can open: in a DM, none into another
		// member's DM; in a channel (read by several), none into any DM.
		// Such a note is named by its words.
		links = readable(notes, links, channel)
		p.Claims = bh.Claims(notes)
		if strings.HasPrefix(channel, "D") {
			// A DM has one reader: claimers are named, not mentioned.
			p.ClaimNames = map[string]string{}
			for _, u := range p.Claims {
				p.ClaimNames[u] = b.userName(ctx, u)
			}
		}
	} else {
		b.log.WarnContext(ctx, "bot: radar: notes for links", "shift_id", p.Shift.ID, "err", err)
	}
	if d, err := b.radar.store.Duty(ctx, p.Shift.TeamID, p.Shift.ID); err == nil {
		p.Duty = d
		if d.OnAt(p.Now) && strings.HasPrefix(channel, "D") && d.UserID != p.To.UserID {
			// A mention in a DM the person is not in reaches nobody.
			p.DutyName = b.userName(ctx, d.UserID)
		}
	} else {
		b.log.InfoContext(ctx, "bot: radar: who is on duty", "shift_id", p.Shift.ID, "err", err)
	}
	// A DM's one reader reads their clock; a channel's many, the
	// family's (blocks/when.go).
	p.Clock = b.clockIn(ctx, channel, p.To.UserID, p.Location)
	msg := blocks.RadarPost(p, links, authors)
	var ts string
	if p.UpdateTS != "" {
		err = b.update(ctx, channel, p.UpdateTS, msg)
		ts = p.UpdateTS
	} else {
		opts := msg.Options()
		if p.Key != "" {
			opts = append(opts, slack.MsgOptionMetadata(slack.SlackMetadata{EventType: radarMetadataType, EventPayload: map[string]any{"key": p.Key}}))
		}
		switch {
		case p.To.ThreadTS != "" && p.Kind == bh.PostNew:
			// What was just added to the standing message, in its
			// thread: not broadcast (the message itself shows the item);
			// it notifies through its mention of the reader.
			opts = append(opts, slack.MsgOptionTS(p.To.ThreadTS))
		case p.To.ThreadTS != "":
			// Under the handoff message, and broadcast to the DM: a reply
			// alone notifies only those following the thread, and Got it
			// (a button) follows nothing, so a night's alert could reach
			// nobody.
			opts = append(opts, slack.MsgOptionTS(p.To.ThreadTS), slack.MsgOptionBroadcast())
		}
		_, ts, err = b.api.PostMessageContext(ctx, channel, opts...)
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

// dmPerson is whose DM channel is among shift's family: the person the
// family's conversations record for it, else the member whose DM it is;
// "" when nobody is known.
func (b *Bot) dmPerson(ctx context.Context, shift bh.Shift, channel string) string {
	convs, err := b.cfg.Store.FamilyConversations(ctx, shift.TeamID, shift.ID)
	if err != nil {
		b.log.InfoContext(ctx, "bot: radar: the family's conversations", "shift_id", shift.ID, "err", err)
	}
	for _, c := range convs {
		if c.ChannelID == channel && c.UserID != "" {
			return c.UserID
		}
	}
	members, err := b.cfg.Store.Members(ctx, shift.TeamID, shift.ID)
	if err != nil {
		b.log.InfoContext(ctx, "bot: radar: the family's members", "shift_id", shift.ID, "err", err)
	}
	for _, m := range members {
		if ch, err := b.dm(ctx, m.UserID); err == nil && ch == channel {
			return m.UserID
		}
	}
	return ""
}

// radarMetadataType names the metadata on radar messages: the claim's key,
// for whoever reads the message's JSON (the bot never reads history: the
// store keeps each post's ts).
const radarMetadataType = "babyhandoff_radar_post"
