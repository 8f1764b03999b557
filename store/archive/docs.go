package archive

import (
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the documents of a family (its shift, notes, radar, duty,
// handoffs, people), with their fields in the order the old store wrote
// them: an export is written back byte for byte only if they stay so.

// The documents of a family that store/legacy makes, for a conversation
// from before families, in the same format.
type (
	ShiftDoc  = shiftDoc
	ConvDoc   = convDoc
	MemberDoc = memberDoc
	PersonDoc = personDoc
	QuietDoc  = quietDoc
)

type shiftDoc struct {
	ID        string    `bson:"_id"`
	TeamID    string    `bson:"team_id"`
	ChannelID string    `bson:"channel_id"`
	TZ        string    `bson:"tz,omitempty"`
	Sample    bool      `bson:"sample,omitempty"`
	SweptRev  int       `bson:"swept_rev,omitempty"`
	CreatedAt time.Time `bson:"created_at"`
	UpdatedAt time.Time `bson:"updated_at"`
	// Left are the people who left this family (Leave) and have not
	// joined it again. It travels with the shift, in every export: an
	// import without the family's rows (a format-1 dump) does not make
	// them members again, nor map the DM of one who founded it back.
	Left []string `bson:"left,omitempty"`
}

func (d shiftDoc) domain() bh.Shift {
	return bh.Shift{ID: d.ID, TeamID: d.TeamID, ChannelID: d.ChannelID, TZ: d.TZ, Sample: d.Sample, SweptRev: d.SweptRev,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC()}
}

type logDoc struct {
	ID        string     `bson:"_id"`
	TeamID    string     `bson:"team_id"`
	ShiftID   string     `bson:"shift_id"`
	ChannelID string     `bson:"channel_id"`
	UserID    string     `bson:"user_id,omitempty"`
	Text      string     `bson:"text"`
	RawText   string     `bson:"raw_text"`
	Tag       string     `bson:"tag"`
	TagSource string     `bson:"tag_source"`
	Source    string     `bson:"source"`
	MessageTS string     `bson:"message_ts,omitempty"`
	Permalink string     `bson:"permalink,omitempty"`
	EventID   string     `bson:"event_id,omitempty"`
	CreatedAt time.Time  `bson:"created_at"`
	UpdatedAt time.Time  `bson:"updated_at"`
	DeletedAt *time.Time `bson:"deleted_at,omitempty"`
	DoneAt    *time.Time `bson:"done_at,omitempty"`
	// DoneBy and DoneByNote say who marked it done (absent in notes
	// written before they were recorded).
	DoneBy     string `bson:"done_by,omitempty"`
	DoneByNote string `bson:"done_by_note,omitempty"`
	Dropped    bool   `bson:"dropped,omitempty"`
	// StillOnAt is absent until a person says an overdue deadline is on.
	StillOnAt *time.Time `bson:"still_on_at,omitempty"`
	// ClaimedBy and ClaimedAt are absent until someone says "I'll do it".
	ClaimedBy string     `bson:"claimed_by,omitempty"`
	ClaimedAt *time.Time `bson:"claimed_at,omitempty"`
	Rev       int        `bson:"rev"`
}

func (d logDoc) domain() bh.Note {
	n := bh.Note{ID: d.ID, TeamID: d.TeamID, ShiftID: d.ShiftID, ChannelID: d.ChannelID, UserID: d.UserID,
		Text: d.Text, RawText: d.RawText, Tag: bh.Tag(d.Tag), TagSource: bh.TagSource(d.TagSource),
		Source: bh.NoteSource(d.Source), MessageTS: d.MessageTS, Permalink: d.Permalink,
		EventID:   d.EventID,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC(), Rev: d.Rev}
	if d.DeletedAt != nil {
		t := d.DeletedAt.UTC()
		n.DeletedAt = &t
	}
	if d.DoneAt != nil {
		t := d.DoneAt.UTC()
		n.DoneAt = &t
		n.DoneBy = bh.DoneBy{User: d.DoneBy, Note: d.DoneByNote, Dropped: d.Dropped}
	}
	if d.StillOnAt != nil {
		t := d.StillOnAt.UTC()
		n.StillOnAt = &t
	}
	if d.ClaimedBy != "" && d.ClaimedAt != nil {
		t := d.ClaimedAt.UTC()
		n.ClaimedBy, n.ClaimedAt = d.ClaimedBy, &t
	}
	return n
}

// replyDoc locates a note's confirmation message.
type replyDoc struct {
	ID      string    `bson:"_id"` // the note id
	TeamID  string    `bson:"team_id"`
	Channel string    `bson:"channel"`
	TS      string    `bson:"ts"`
	At      time.Time `bson:"at"`
}

type convDoc struct {
	ID        string `bson:"_id"` // team/channel
	TeamID    string `bson:"team_id"`
	ChannelID string `bson:"channel_id"`
	// ShiftID is "" once the DM's person left the family it fed.
	ShiftID string    `bson:"shift_id"`
	Kind    string    `bson:"kind"`
	UserID  string    `bson:"user_id,omitempty"`
	Since   time.Time `bson:"since"`
}

func (d convDoc) domain() bh.Conversation {
	return bh.Conversation{TeamID: d.TeamID, ChannelID: d.ChannelID, ShiftID: d.ShiftID, Kind: bh.ConversationKind(d.Kind),
		UserID: d.UserID, Since: d.Since.UTC()}
}

func convID(team, channel string) string { return team + "/" + channel }

type memberDoc struct {
	ID        string    `bson:"_id"` // team/shift/user
	TeamID    string    `bson:"team_id"`
	ShiftID   string    `bson:"shift_id"`
	UserID    string    `bson:"user_id"`
	JoinedAt  time.Time `bson:"joined_at"`
	InvitedBy string    `bson:"invited_by,omitempty"`
}

func (d memberDoc) domain() bh.Member {
	return bh.Member{TeamID: d.TeamID, ShiftID: d.ShiftID, UserID: d.UserID, JoinedAt: d.JoinedAt.UTC(), InvitedBy: d.InvitedBy}
}

func memberID(team, shift, user string) string { return team + "/" + shift + "/" + user }

type personDoc struct {
	ID        string    `bson:"_id"` // team/user
	TeamID    string    `bson:"team_id"`
	UserID    string    `bson:"user_id"`
	Quiet     *quietDoc `bson:"quiet,omitempty"`
	UpdatedAt time.Time `bson:"updated_at"`
}

type inviteDoc struct {
	ID         string    `bson:"_id"`
	TeamID     string    `bson:"team_id"`
	ShiftID    string    `bson:"shift_id"`
	From       string    `bson:"from"`
	To         string    `bson:"to"`
	HandoffID  string    `bson:"handoff_id,omitempty"`
	CreatedAt  time.Time `bson:"created_at"`
	Answer     string    `bson:"answer,omitempty"`
	AnsweredAt time.Time `bson:"answered_at,omitempty"`
}

func (d inviteDoc) domain() bh.Invite {
	return bh.Invite{ID: d.ID, TeamID: d.TeamID, ShiftID: d.ShiftID, From: d.From, To: d.To, HandoffID: d.HandoffID,
		CreatedAt: d.CreatedAt.UTC(), Answer: bh.InviteAnswer(d.Answer), AnsweredAt: utcOrZero(d.AnsweredAt)}
}

type dutyDoc struct {
	ID        string    `bson:"_id"` // team/shift
	TeamID    string    `bson:"team_id"`
	ShiftID   string    `bson:"shift_id"`
	UserID    string    `bson:"user_id"`
	Since     time.Time `bson:"since"`
	Until     time.Time `bson:"until,omitempty"`
	HandoffID string    `bson:"handoff_id,omitempty"`
}

type handoffMessageDoc struct {
	UserID    string `bson:"user_id,omitempty"`
	ChannelID string `bson:"channel_id"`
	TS        string `bson:"ts"`
}

type handoffDoc struct {
	ID            string              `bson:"_id"`
	TeamID        string              `bson:"team_id"`
	ShiftID       string              `bson:"shift_id"`
	ChannelID     string              `bson:"channel_id"`
	From          string              `bson:"from"`
	To            []string            `bson:"to,omitempty"`
	Everyone      bool                `bson:"everyone,omitempty"`
	Post          string              `bson:"post,omitempty"`
	Start         time.Time           `bson:"start"`
	Hours         int                 `bson:"hours"`
	Message       string              `bson:"message,omitempty"`
	RunID         string              `bson:"run_id,omitempty"`
	CreatedAt     time.Time           `bson:"created_at"`
	ThreadChannel string              `bson:"thread_channel,omitempty"`
	ThreadTS      string              `bson:"thread_ts,omitempty"`
	Sent          []handoffMessageDoc `bson:"sent,omitempty"`
	GotBy         string              `bson:"got_by,omitempty"`
	GotAt         time.Time           `bson:"got_at,omitempty"`
	RemindedAt    time.Time           `bson:"reminded_at,omitempty"`
}

func (d handoffDoc) domain() bh.Handoff {
	h := bh.Handoff{ID: d.ID, TeamID: d.TeamID, ShiftID: d.ShiftID, ChannelID: d.ChannelID, From: d.From, To: d.To, Everyone: d.Everyone,
		Post: d.Post, Start: d.Start.UTC(), Hours: d.Hours, Message: d.Message, RunID: d.RunID, CreatedAt: d.CreatedAt.UTC(),
		ThreadChannel: d.ThreadChannel, ThreadTS: d.ThreadTS, GotBy: d.GotBy, GotAt: utcOrZero(d.GotAt), RemindedAt: utcOrZero(d.RemindedAt)}
	for _, m := range d.Sent {
		h.Sent = append(h.Sent, bh.HandoffMessage{UserID: m.UserID, ChannelID: m.ChannelID, TS: m.TS})
	}
	return h
}

type postDoc struct {
	ID          string    `bson:"_id"`
	Kind        string    `bson:"kind"`
	TeamID      string    `bson:"team_id"`
	ShiftID     string    `bson:"shift_id"`
	Day         string    `bson:"day"`
	Seq         int       `bson:"seq"`
	Level       int       `bson:"level"`
	Critical    []string  `bson:"critical,omitempty"`
	Items       []string  `bson:"items,omitempty"`
	Fingerprint string    `bson:"fingerprint,omitempty"`
	Owner       string    `bson:"owner"`
	ClaimedAt   time.Time `bson:"claimed_at"`
	MadeAt      time.Time `bson:"made_at,omitempty"`
	ChannelID   string    `bson:"channel_id,omitempty"`
	TS          string    `bson:"ts"`
	Failed      string    `bson:"failed,omitempty"`
	PostedAt    time.Time `bson:"posted_at,omitempty"`
}

func toPostDoc(p bh.PostRecord) postDoc {
	return postDoc{ID: p.Key, Kind: string(p.Kind), TeamID: p.TeamID, ShiftID: p.ShiftID, Day: p.Day, Seq: p.Seq, Level: int(p.Level),
		Critical: p.Critical, Items: p.Items, Fingerprint: p.Fingerprint, Owner: p.Owner, ClaimedAt: p.ClaimedAt.UTC(), MadeAt: p.MadeAt.UTC(),
		ChannelID: p.ChannelID, TS: p.TS, Failed: p.Failed, PostedAt: p.PostedAt.UTC()}
}

func (d postDoc) domain() bh.PostRecord {
	return bh.PostRecord{Key: d.ID, Kind: bh.PostKind(d.Kind), TeamID: d.TeamID, ShiftID: d.ShiftID, Day: d.Day, Seq: d.Seq,
		Level: bh.RiskLevel(d.Level), Critical: d.Critical, Items: d.Items, Fingerprint: d.Fingerprint, Owner: d.Owner,
		ClaimedAt: d.ClaimedAt.UTC(), MadeAt: d.MadeAt.UTC(), ChannelID: d.ChannelID, TS: d.TS, Failed: d.Failed, PostedAt: d.PostedAt.UTC()}
}

type radarSettingsDoc struct {
	ID           string    `bson:"_id"`
	TeamID       string    `bson:"team_id"`
	ShiftID      string    `bson:"shift_id"`
	SnoozedUntil time.Time `bson:"snoozed_until,omitempty"`
	OutlookOn    bool      `bson:"outlook_on,omitempty"`
	OutlookHour  int       `bson:"outlook_hour"`
	Off          string    `bson:"off,omitempty"`
	OffAt        time.Time `bson:"off_at,omitempty"`
	OffNotesRev  int       `bson:"off_notes_rev,omitempty"`
	// Quiet is absent until a person chooses quiet hours (documents
	// written before quiet hours could be chosen read as the default).
	Quiet *quietDoc `bson:"quiet,omitempty"`
	// Version counted the old store's writes; always there (0 in a
	// written export), so it stays for the bytes.
	Version int `bson:"version"`
}

type quietDoc struct {
	From int `bson:"from"`
	To   int `bson:"to"`
}

func (d radarSettingsDoc) domain() bh.RadarSettings {
	s := bh.RadarSettings{TeamID: d.TeamID, ShiftID: d.ShiftID, SnoozedUntil: d.SnoozedUntil.UTC(), OutlookOn: d.OutlookOn,
		OutlookHour: d.OutlookHour, Off: d.Off, OffAt: d.OffAt.UTC(), OffNotesRev: d.OffNotesRev}
	if d.Quiet != nil {
		s.Quiet = &bh.QuietHours{From: d.Quiet.From, To: d.Quiet.To}
	}
	return s
}

type riskItemDoc struct {
	Key     string     `bson:"key"`
	Kind    string     `bson:"kind"`
	Text    string     `bson:"text"`
	At      *time.Time `bson:"at,omitempty"`
	Overdue bool       `bson:"overdue,omitempty"`
	Dropped bool       `bson:"dropped,omitempty"`
	Since   *time.Time `bson:"since,omitempty"`
	Level   int        `bson:"level"`
	NoteIDs []string   `bson:"note_ids,omitempty"`
	Ask     bool       `bson:"ask,omitempty"`
	Mood    bool       `bson:"mood,omitempty"`
}

type shiftStateDoc struct {
	ID            string        `bson:"_id"`
	TeamID        string        `bson:"team_id"`
	ShiftID       string        `bson:"shift_id"`
	ChannelID     string        `bson:"channel_id"`
	Energy        string        `bson:"energy"`
	EnergyChosen  bool          `bson:"energy_chosen,omitempty"`
	EnergyNoteIDs []string      `bson:"energy_note_ids,omitempty"`
	Level         int           `bson:"level"`
	Deadlines     []riskItemDoc `bson:"deadlines"`
	Inventory     []riskItemDoc `bson:"inventory"`
	Commitments   []riskItemDoc `bson:"commitments"`
	// Health is absent from states saved before it was.
	Health      []riskItemDoc `bson:"health,omitempty"`
	NextActions []itemDoc     `bson:"next_actions"`
	Notes       int           `bson:"notes"`
	NotesRev    int           `bson:"notes_rev"`
	Fingerprint string        `bson:"fingerprint"`
	ComputedAt  time.Time     `bson:"computed_at"`
}

func toRiskDocs(items []bh.RiskItem) []riskItemDoc {
	out := make([]riskItemDoc, 0, len(items))
	for _, it := range items {
		d := riskItemDoc{Key: it.Key, Kind: string(it.Kind), Text: it.Text, Overdue: it.Overdue, Dropped: it.Dropped, Level: int(it.Level), NoteIDs: it.NoteIDs,
			Ask: it.Ask, Mood: it.Mood}
		if it.At != nil {
			t := it.At.UTC()
			d.At = &t
		}
		if it.Since != nil {
			t := it.Since.UTC()
			d.Since = &t
		}
		out = append(out, d)
	}
	return out
}

func fromRiskDocs(ds []riskItemDoc) []bh.RiskItem {
	if len(ds) == 0 {
		return nil
	}
	out := make([]bh.RiskItem, 0, len(ds))
	for _, d := range ds {
		it := bh.RiskItem{Key: d.Key, Kind: bh.Tag(d.Kind), Text: d.Text, Overdue: d.Overdue, Dropped: d.Dropped, Level: bh.RiskLevel(d.Level), NoteIDs: d.NoteIDs,
			Ask: d.Ask, Mood: d.Mood}
		if d.At != nil {
			t := d.At.UTC()
			it.At = &t
		}
		if d.Since != nil {
			t := d.Since.UTC()
			it.Since = &t
		}
		out = append(out, it)
	}
	return out
}

func (d shiftStateDoc) domain() bh.ShiftState {
	return bh.ShiftState{TeamID: d.TeamID, ShiftID: d.ShiftID, ChannelID: d.ChannelID, Energy: bh.Energy(d.Energy), EnergyChosen: d.EnergyChosen,
		EnergyNoteIDs: d.EnergyNoteIDs, Level: bh.RiskLevel(d.Level), Deadlines: fromRiskDocs(d.Deadlines), Inventory: fromRiskDocs(d.Inventory),
		Commitments: fromRiskDocs(d.Commitments), Health: fromRiskDocs(d.Health), NextActions: fromItemDocs(d.NextActions), Notes: d.Notes, NotesRev: d.NotesRev, ComputedAt: d.ComputedAt.UTC()}
}
func toLogDoc(n bh.Note) logDoc {
	d := logDoc{ID: n.ID, TeamID: n.TeamID, ShiftID: n.ShiftID, ChannelID: n.ChannelID, UserID: n.UserID, Text: n.Text, RawText: n.RawText,
		Tag: string(n.Tag), TagSource: string(n.TagSource), Source: string(n.Source), MessageTS: n.MessageTS, Permalink: n.Permalink, EventID: n.EventID,
		CreatedAt: n.CreatedAt.UTC(), UpdatedAt: n.UpdatedAt.UTC(), DeletedAt: utcPtr(n.DeletedAt), DoneAt: utcPtr(n.DoneAt), StillOnAt: utcPtr(n.StillOnAt),
		ClaimedBy: n.ClaimedBy, ClaimedAt: utcPtr(n.ClaimedAt), Rev: n.Rev}
	if n.DoneAt != nil {
		d.DoneBy, d.DoneByNote, d.Dropped = n.DoneBy.User, n.DoneBy.Note, n.DoneBy.Dropped
	}
	return d
}

func toStateDoc(st bh.ShiftState, fingerprint string) shiftStateDoc {
	return shiftStateDoc{ID: st.TeamID + "/" + st.ShiftID, TeamID: st.TeamID, ShiftID: st.ShiftID, ChannelID: st.ChannelID, Energy: string(st.Energy),
		EnergyChosen: st.EnergyChosen, EnergyNoteIDs: st.EnergyNoteIDs, Level: int(st.Level), Deadlines: toRiskDocs(st.Deadlines),
		Inventory: toRiskDocs(st.Inventory), Commitments: toRiskDocs(st.Commitments), Health: toRiskDocs(st.Health), NextActions: toItemDocs(st.NextActions), Notes: st.Notes,
		NotesRev: st.NotesRev, Fingerprint: fingerprint, ComputedAt: st.ComputedAt.UTC()}
}

func toHandoffDoc(h bh.Handoff) handoffDoc {
	d := handoffDoc{ID: h.ID, TeamID: h.TeamID, ShiftID: h.ShiftID, ChannelID: h.ChannelID, From: h.From, To: h.To, Everyone: h.Everyone,
		Post: h.Post, Start: h.Start.UTC(), Hours: h.Hours, Message: h.Message, RunID: h.RunID, CreatedAt: h.CreatedAt.UTC(),
		ThreadChannel: h.ThreadChannel, ThreadTS: h.ThreadTS, GotBy: h.GotBy, GotAt: h.GotAt.UTC(), RemindedAt: h.RemindedAt.UTC()}
	for _, m := range h.Sent {
		d.Sent = append(d.Sent, handoffMessageDoc{UserID: m.UserID, ChannelID: m.ChannelID, TS: m.TS})
	}
	return d
}
