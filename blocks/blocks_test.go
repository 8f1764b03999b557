package blocks_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// golden compares v's JSON with testdata/golden/name (or rewrites it).
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	got = append(got, '\n')
	path := filepath.Join("..", "testdata", "golden", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./blocks -update")
	assert.JSONEq(t, string(want), string(got))
}

func TestEscape(t *testing.T) {
	tests := map[string]string{
		"<!channel> wake up":             "&lt;!channel&gt; wake up",
		"<@U123> please":                 "&lt;@U123&gt; please",
		"<https://evil.example|daycare>": "&lt;https://evil.example|daycare&gt;",
		"wipes < 1 day & cream > 0":      "wipes &lt; 1 day &amp; cream &gt; 0",
		"&lt; already":                   "&amp;lt; already",
		"plain":                          "plain",
	}
	for in, want := range tests {
		assert.Equal(t, want, blocks.Escape(in))
	}
}

func TestEchoNeverSplitsAnEntity(t *testing.T) {
	whole := strings.NewReplacer("&amp;", "", "&lt;", "", "&gt;", "")
	for n := 1; n < 30; n++ {
		got := blocks.Echo("a&b<c>d & e < f > g & h", n)
		assert.NotContains(t, whole.Replace(got), "&", "n=%d: %q has a split entity", n, got)
		assert.LessOrEqual(t, utf8.RuneCountInString(strings.TrimSuffix(got, "…")), 5*n)
	}
}

func TestFit(t *testing.T) {
	assert.Equal(t, "short", blocks.Fit("short", 10))
	got := blocks.Fit("abc &amp; def", 7)
	assert.Equal(t, "abc …", got, "an entity cut in half is dropped whole")
	assert.LessOrEqual(t, utf8.RuneCountInString(blocks.Fit(strings.Repeat("x", 5000), 3000)), 3000)
}

func sampleNote() bh.Note {
	at := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)
	return bh.Note{ID: "n1", TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Text: "Submit daycare deposit form by tomorrow 5pm",
		Tag: bh.TagDeadline, TagSource: bh.TagByPrefix, CreatedAt: at, UpdatedAt: at, Rev: 1}
}

func TestNoteReplyGolden(t *testing.T) {
	n := sampleNote()
	// The due time is a date token in the reply (the reader's own clock);
	// the notification text keeps the writer's.
	due := time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC)
	golden(t, "note_reply.json", blocks.NoteReply(n, "due Tue 17:00", bh.StampOf(due, blocks.DayTime)))
	at := n.CreatedAt
	n.DeletedAt = &at
	golden(t, "note_reply_removed.json", blocks.NoteReply(n, ""))
	golden(t, "add_note_modal.json", blocks.AddNoteModal())
}

func TestNoteReplyHighlightsCurrentTag(t *testing.T) {
	for _, tag := range bh.Tags {
		n := sampleNote()
		n.Tag = tag
		raw, err := json.Marshal(blocks.NoteReply(n, "").Blocks)
		require.NoError(t, err)
		var bl []struct {
			Elements []struct {
				ActionID string `json:"action_id"`
				Style    string `json:"style"`
				Value    string `json:"value"`
			} `json:"elements"`
		}
		require.NoError(t, json.Unmarshal(raw, &bl))
		require.Len(t, bl, 2)
		primary := 0
		for _, e := range bl[1].Elements {
			assert.Equal(t, "n1", e.Value)
			if e.Style == "primary" {
				primary++
				assert.Equal(t, blocks.ChipAction(tag), e.ActionID)
			}
		}
		assert.Equal(t, 1, primary)
	}
}

func TestNoteReplyEscapesAndShortens(t *testing.T) {
	n := sampleNote()
	n.Text = "<!channel> " + strings.Repeat("🍼", 5000)
	m := blocks.NoteReply(n, "")
	raw, err := json.Marshal(m)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "<!channel>")
	assert.Contains(t, m.Text, "&lt;!channel&gt;")
	assert.LessOrEqual(t, utf8.RuneCountInString(m.Text), 200)
	assert.Contains(t, string(raw), "…")
}

func TestTagFromAction(t *testing.T) {
	for _, tag := range bh.Tags {
		got, ok := blocks.TagFromAction(blocks.ChipAction(tag))
		assert.True(t, ok)
		assert.Equal(t, tag, got)
	}
	for _, bad := range []string{"note_tag_", "note_tag_urgent", "note_undo", ""} {
		_, ok := blocks.TagFromAction(bad)
		assert.False(t, ok, bad)
	}
}
