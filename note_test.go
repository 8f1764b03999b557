package babyhandoff_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestParseNoteText(t *testing.T) {
	tests := []struct {
		in         string
		text       string
		tag        bh.Tag
		fromPrefix bool
		ok         bool
	}{
		{"wipes < 1 day", "wipes < 1 day", bh.TagNote, false, true},
		{"task: buy wipes", "buy wipes", bh.TagTask, true, true},
		{"Task:buy wipes", "buy wipes", bh.TagTask, true, true},
		{"TODO: call daycare", "call daycare", bh.TagTask, true, true},
		{"deadline: form due Fri 5pm", "form due Fri 5pm", bh.TagDeadline, true, true},
		{"low: wipes", "wipes", bh.TagInventory, true, true},
		{"Running low: diaper cream", "diaper cream", bh.TagInventory, true, true},
		{"note: slept 3h", "slept 3h", bh.TagNote, true, true},
		{"lowkey tired", "lowkey tired", bh.TagNote, false, true},     // a prefix needs its colon
		{"taskmaster: me", "taskmaster: me", bh.TagNote, false, true}, // …right after the word
		{"task:", "", "", false, false},
		{"", "", "", false, false},
		{"   \n\t ", "", "", false, false},
		{"\x00\x07", "", "", false, false},
		{"  slept\r\n 3h  ", "slept\n 3h", bh.TagNote, false, true},
		{"bad \xff utf8", "bad \uFFFD utf8", bh.TagNote, false, true},
		{"zero\u200bwidth stays", "zero\u200bwidth stays", bh.TagNote, false, true},
		{"line\u2028sep", "linesep", bh.TagNote, false, true},
		{"おむつ残り少ない", "おむつ残り少ない", bh.TagNote, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := bh.ParseNoteText(tt.in)
			text, tag, fromPrefix := got.Text, got.Tag, got.FromPrefix
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.text, text)
			assert.Equal(t, tt.tag, tag)
			assert.Equal(t, tt.fromPrefix, fromPrefix)
		})
	}
}

func TestCleanTextKeepsLongNotesUpToSlacksCap(t *testing.T) {
	exact := strings.Repeat("ä", bh.MaxNoteRunes)
	assert.Equal(t, exact, bh.CleanText(exact), "a note at the cap is stored whole")
	long := strings.Repeat("ä", bh.MaxNoteRunes+10)
	got := bh.CleanText(long)
	assert.Equal(t, bh.MaxNoteRunes, utf8.RuneCountInString(got))
	assert.True(t, strings.HasSuffix(got, "…"))
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"hello", 5, "hello"},
		{"hello", 6, "hello"},
		{"hello!", 5, "hell…"},
		{"👶🍼🧷💤", 3, "👶🍼…"},
		{"👶🍼🧷", 3, "👶🍼🧷"},
		{"abc", 1, "…"},
		{"a", 1, "a"},
		{"abc", 0, ""},
		{"", 3, ""},
	}
	for _, tt := range tests {
		got := bh.Truncate(tt.in, tt.n)
		assert.Equal(t, tt.want, got, "Truncate(%q, %d)", tt.in, tt.n)
		assert.True(t, utf8.ValidString(got))
		assert.LessOrEqual(t, utf8.RuneCountInString(got), max(tt.n, 0))
	}
}

func TestParseTag(t *testing.T) {
	for in, want := range map[string]bh.Tag{"note": bh.TagNote, "Task": bh.TagTask, "deadline": bh.TagDeadline, "inventory": bh.TagInventory, "Running low": bh.TagInventory} {
		got, err := bh.ParseTag(in)
		assert.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := bh.ParseTag("urgent!!")
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
}

func TestErrorCodesAndMessages(t *testing.T) {
	assert.Equal(t, "", bh.ErrorCode(nil))
	assert.Equal(t, bh.EINTERNAL, bh.ErrorCode(assert.AnError))
	e := bh.Errorf(bh.ENOTFOUND, "That note no longer exists.")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(e))
	assert.Equal(t, "That note no longer exists.", bh.ErrorMessage(e))
	internal := bh.Internal(assert.AnError)
	assert.Equal(t, bh.EINTERNAL, bh.ErrorCode(internal))
	assert.NotContains(t, bh.ErrorMessage(internal), assert.AnError.Error(), "internal details never reach a user")
}

// A person's explicit choice beats a prefix, which beats the normaliser's
// kind; with none of them a note is a Note.
func TestResolveChoosesTheTag(t *testing.T) {
	for _, tc := range []struct {
		name     string
		in       bh.NewNote
		text     string
		tag      bh.Tag
		source   bh.TagSource
		wantCode string
	}{
		{"nothing said", bh.NewNote{RawText: "slept 3h"}, "slept 3h", bh.TagNote, bh.TagByDefault, ""},
		{"inferred", bh.NewNote{RawText: "wipes < 1 day", Inferred: bh.TagInventory}, "wipes < 1 day", bh.TagInventory, bh.TagByInferred, ""},
		{"prefix beats inferred", bh.NewNote{RawText: "task: wipes < 1 day", Inferred: bh.TagInventory}, "wipes < 1 day", bh.TagTask, bh.TagByPrefix, ""},
		{"person beats prefix", bh.NewNote{RawText: "task: form due Fri", Tag: bh.TagDeadline, Inferred: bh.TagTask}, "form due Fri", bh.TagDeadline, bh.TagByUser, ""},
		{"an invalid inferred kind is no kind", bh.NewNote{RawText: "hello", Inferred: "nonsense"}, "hello", bh.TagNote, bh.TagByDefault, ""},
		{"an unknown chosen tag is refused", bh.NewNote{RawText: "hello", Tag: "nonsense"}, "", "", "", bh.EINVALID},
		{"an empty note is refused", bh.NewNote{RawText: "  task:  ", Tag: bh.TagTask}, "", "", "", bh.EINVALID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.in.Resolve()
			if tc.wantCode != "" {
				assert.Equal(t, tc.wantCode, bh.ErrorCode(err))
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, bh.ResolvedNote{Text: tc.text, Tag: tc.tag, TagSource: tc.source}, r)
		})
	}
}

// An edit's new prefix is the person's latest word; a chip they tapped
// before stays; otherwise the edited text is read again.
func TestEditedTag(t *testing.T) {
	chose := bh.Note{Tag: bh.TagDeadline, TagSource: bh.TagByUser}
	prefixed := bh.Note{Tag: bh.TagTask, TagSource: bh.TagByPrefix}
	for _, tc := range []struct {
		name     string
		old      bh.Note
		raw      string
		inferred bh.Tag
		tag      bh.Tag
		source   bh.TagSource
		keep     bool
	}{
		{"a new prefix beats an earlier chip", chose, "low: wipes", bh.TagTask, bh.TagInventory, bh.TagByPrefix, false},
		{"an earlier chip stays", chose, "form due Fri", bh.TagTask, bh.TagDeadline, bh.TagByUser, true},
		{"a removed prefix gives way to the new reading", prefixed, "wipes < 1 day", bh.TagInventory, bh.TagInventory, bh.TagByInferred, false},
		{"nothing to go on: a Note", prefixed, "hello", "", bh.TagNote, bh.TagByDefault, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, ok := bh.ParseNoteText(tc.raw)
			assert.True(t, ok)
			tag, source, keep := bh.EditedTag(tc.old, text, tc.inferred)
			assert.Equal(t, tc.tag, tag)
			assert.Equal(t, tc.source, source)
			assert.Equal(t, tc.keep, keep)
		})
	}
}

// A note's time is when its message was written: the ts Slack gave it, not
// when it reached us; a ts that is not one, or from our future, is not
// believed.
func TestMessageTime(t *testing.T) {
	received := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name, ts string
		want     time.Time
	}{
		{"yesterday's message saved today", fmt.Sprintf("%d.000100", received.Unix()-86400), received.Add(-24 * time.Hour).Add(100 * time.Microsecond)},
		{"a second ago", fmt.Sprintf("%d.123456", received.Unix()-1), time.Unix(received.Unix()-1, 123_456_000).UTC()},
		{"a minute ahead: clocks differ", fmt.Sprintf("%d.000000", received.Unix()+60), received.Add(time.Minute)},
		{"an hour ahead: not believed", fmt.Sprintf("%d.000000", received.Unix()+3600), received},
		{"empty", "", received},
		{"not a ts", "sample-1", received},
		{"short fraction", "1764579600.1", received},
		{"no fraction", "1764579600", time.Unix(1764579600, 0).UTC()}, // 2025-12-01: a message that old is that old
		{"negative", "-5.000000", received},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, bh.MessageTime(tt.ts, received))
		})
	}
}

// Sample notes that earlier versions stored among a family's notes are
// strays (left out of plans and the radar); in the sample's shift they are
// the sample.
func TestStraySample(t *testing.T) {
	assert.True(t, bh.Note{ChannelID: "D1", MessageTS: "sample-3"}.StraySample())
	assert.False(t, bh.Note{ChannelID: bh.SampleChannel("D1"), MessageTS: "sample-3"}.StraySample())
	assert.False(t, bh.Note{ChannelID: "D1", MessageTS: "1732530000.000100"}.StraySample())
	assert.True(t, bh.IsSampleChannel(bh.SampleChannel("C1")))
	assert.False(t, bh.IsSampleChannel("C1"))
}

// Claims name who took an open item on; done or removed items have none.
func TestClaims(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	notes := []bh.Note{
		{ID: "n1", ClaimedBy: "U2", ClaimedAt: &at},
		{ID: "n2"},
		{ID: "n3", ClaimedBy: "U3", ClaimedAt: &at, DoneAt: &at},
		{ID: "n4", ClaimedBy: "U4", ClaimedAt: &at, DeletedAt: &at},
	}
	assert.Equal(t, map[string]string{"n1": "U2"}, bh.Claims(notes))
}
