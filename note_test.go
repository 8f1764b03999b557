package babyhandoff_test

import (
	"strings"
	"testing"
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
			text, tag, fromPrefix, ok := bh.ParseNoteText(tt.in)
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
