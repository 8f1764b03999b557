package bot

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// viewSpy is Slack that records the modals opened (nothing else is
// called).
type viewSpy struct {
	Slack
	views []slack.ModalViewRequest
}

func (s *viewSpy) OpenViewContext(_ context.Context, _ string, v slack.ModalViewRequest) (*slack.ViewResponse, error) {
	s.views = append(s.views, v)
	return &slack.ViewResponse{}, nil
}

// oneRun is a store of one run record.
type oneRun struct {
	cardStore
	rec bh.RunRecord
}

func (o oneRun) RunRecord(context.Context, string, string) (bh.RunRecord, error) { return o.rec, nil }

// askedNotes records which notes were asked for by id.
type askedNotes struct {
	notesOnly
	asked []string
}

func (a *askedNotes) NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error) {
	a.asked = append(a.asked, ids...)
	return a.notesOnly.NotesByID(ctx, teamID, ids)
}

// "Why this plan?" on Sam's card in his DM links only notes of the card's
// pack that Sam can open: his own DM's and the family channel's, not
// Maya's DM, and no note the pack does not cite, even one a reason names.
// Only the pack's notes are read.
func TestWhyThisPlanLinksOnlyItsPacksNotesItsReaderCanOpen(t *testing.T) {
	const base = "https://t.slack.com/archives/"
	notes := &askedNotes{notesOnly: notesOnly{
		{ID: "sams", TeamID: "T1", ChannelID: "DU2", UserID: "U2", Text: "pay pediatrician bill by 11:55pm", Permalink: base + "DU2/p1"},
		{ID: "channel", TeamID: "T1", ChannelID: "C1", UserID: "U1", Text: "wipes < 1 day", Permalink: base + "C1/p2"},
		{ID: "mayas", TeamID: "T1", ChannelID: "DU1", UserID: "U1", Text: "daycare form due tomorrow 5pm", Permalink: base + "DU1/p3"},
		{ID: "stray", TeamID: "T1", ChannelID: "DU2", UserID: "U2", Text: "call grandma tomorrow", Permalink: base + "DU2/p4"},
	}}
	rec := bh.RunRecord{
		Run:  bh.Run{ID: "run1", TeamID: "T1", ShiftID: "S1", ChannelID: "DU2", CardChannel: "DU2", Version: 1, TZ: "America/New_York"},
		Pack: bh.ContextPack{LogRefs: []bh.LogRef{{LogID: "sams"}, {LogID: "mayas"}}, Done: []bh.DoneRef{{LogID: "channel"}}},
		Decision: bh.Decision{Winner: bh.SleepFirst, Rationale: []bh.Reason{
			{Text: "the bill is due tonight", NoteIDs: []string{"sams"}},
			{Text: "wipes restocked", NoteIDs: []string{"channel"}},
			{Text: "the daycare form waits for tomorrow", NoteIDs: []string{"mayas"}},
			{Text: "grandma can wait", NoteIDs: []string{"stray"}},
		}},
		Proposals: []bh.Proposal{{Archetype: bh.SleepFirst}},
	}
	spy := &viewSpy{}
	b := &Bot{api: spy, log: slog.New(slog.DiscardHandler)}
	c := &cards{b: b, store: oneRun{rec: rec}, planner: &planner{b: b, links: &links{b: b, store: notes}}}
	cb := slack.InteractionCallback{TriggerID: "trigger", Team: slack.Team{ID: "T1"}, User: slack.User{ID: "U2"},
		Channel: slack.Channel{GroupConversation: slack.GroupConversation{Conversation: slack.Conversation{ID: "DU2"}}}}
	c.others(context.Background(), cb, &slack.BlockAction{ActionID: "card_others", Value: "run1"})

	require.Len(t, spy.views, 1, "Why this plan? opened")
	raw, err := json.Marshal(spy.views[0])
	require.NoError(t, err)
	view := string(raw)
	assert.Contains(t, view, base+"DU2/p1", "his own note, linked")
	assert.Contains(t, view, base+"C1/p2", "the family channel's note, linked")
	assert.NotContains(t, view, "archives/DU1", "Maya's DM is not Sam's to open")
	assert.NotContains(t, view, base+"DU2/p4", "a note outside the pack is not the card's to link")
	slices.Sort(notes.asked)
	assert.Equal(t, []string{"channel", "mayas", "sams"}, notes.asked, "only the pack's notes are read")
}

// A note deleted since the card was made is gone from Slack too: "Why
// this plan?" (and its redraw after a what-if, the same builder) links it
// no more, as the card does not, and its reason is said without a link.
func TestWhyThisPlanLinksNoDeletedNote(t *testing.T) {
	const base = "https://t.slack.com/archives/"
	gone := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	notes := notesOnly{
		{ID: "kept", TeamID: "T1", ChannelID: "C1", UserID: "U1", Text: "wipes < 1 day", Permalink: base + "C1/p1"},
		{ID: "gone", TeamID: "T1", ChannelID: "C1", UserID: "U2", Text: "pay pediatrician bill by 11:55pm", Permalink: base + "C1/p2", DeletedAt: &gone},
	}
	rec := bh.RunRecord{
		Run:  bh.Run{ID: "run1", TeamID: "T1", ShiftID: "S1", ChannelID: "C1", CardChannel: "C1", Version: 1, TZ: "America/New_York"},
		Pack: bh.ContextPack{LogRefs: []bh.LogRef{{LogID: "kept"}, {LogID: "gone"}}},
		Decision: bh.Decision{Winner: bh.SleepFirst, Rationale: []bh.Reason{
			{Text: "wipes run out tomorrow", NoteIDs: []string{"kept"}},
			{Text: "the bill is due tonight", NoteIDs: []string{"gone"}},
		}},
		Proposals: []bh.Proposal{{Archetype: bh.SleepFirst}},
	}
	b := &Bot{log: slog.New(slog.DiscardHandler)}
	c := &cards{b: b, planner: &planner{b: b, links: &links{b: b, store: notes}}}

	raw, err := json.Marshal(c.whyView(context.Background(), rec))
	require.NoError(t, err)
	view := string(raw)
	assert.Contains(t, view, base+"C1/p1", "a live note, linked")
	assert.NotContains(t, view, base+"C1/p2", "a deleted note's message is gone: no link into it")
	assert.NotContains(t, view, "pay pediatrician", "nor its words as a link's label")
	assert.Contains(t, view, "the bill is due tonight", "its reason is still said")
}
