package sqlite

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// A run's details are stored compressed, smaller than their JSON; a run
// written before (plain JSON) still reads the same.
func TestRunDetailsAreZippedAndOldOnesStillRead(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), nil)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "hello", MessageTS: "1.1"})
	require.NoError(t, err)
	run, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: n.ShiftID})
	require.NoError(t, err)
	text := strings.Repeat("Buy diapers before Friday; call the pediatrician about the 2-month visit. ", 20)
	var msgs []bh.Message
	for i := range 30 {
		msgs = append(msgs, bh.Message{Seq: i, Content: text})
	}
	rec := bh.RunRecord{Run: run, Messages: msgs,
		Artifacts: []bh.Artifact{{ID: "A1", RunID: run.ID, Kind: "handoff_markdown", Content: text}}}
	require.NoError(t, db.SaveRunRecord(ctx, rec))
	want, err := db.RunRecord(ctx, "T1", run.ID)
	require.NoError(t, err)

	var zipped, plain int
	var kind string
	require.NoError(t, db.rd.QueryRowContext(ctx, "SELECT length(doc), typeof(doc) FROM run_details WHERE run_id = ?", run.ID).Scan(&zipped, &kind))
	assert.Equal(t, "blob", kind)
	js, err := jsonOf(runDetails{Pack: want.Pack, Tasks: want.Tasks, Messages: want.Messages, Proposals: want.Proposals, Decision: want.Decision})
	require.NoError(t, err)
	plain = len(js)
	t.Logf("run detail: %d bytes as JSON, %d stored", plain, zipped)
	assert.Less(t, zipped*5, plain, "stored compressed")

	// As a run was written before: plain JSON text.
	_, err = db.wr.ExecContext(ctx, "UPDATE run_details SET doc = ? WHERE run_id = ?", js, run.ID)
	require.NoError(t, err)
	a, err := jsonOf(want.Artifacts[0])
	require.NoError(t, err)
	_, err = db.wr.ExecContext(ctx, "UPDATE artifacts SET doc = ? WHERE run_id = ?", a, run.ID)
	require.NoError(t, err)
	got, err := db.RunRecord(ctx, "T1", run.ID)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
