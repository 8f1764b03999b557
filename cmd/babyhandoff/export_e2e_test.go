package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// snapshot is what a conversation holds, read through the store.
type snapshot struct {
	Shift bh.Shift
	Notes []bh.Note
	Run   bh.Run
	Rec   bh.RunRecord
}

func snapshotOf(t *testing.T, dir, team, channel string) snapshot {
	t.Helper()
	ctx := context.Background()
	db := openTestDB(t, dir)
	defer db.Close(ctx)
	var s snapshot
	var err error
	s.Shift, err = db.Shift(ctx, team, channel)
	require.NoError(t, err)
	s.Notes, err = db.Notes(ctx, team, s.Shift.ID, true)
	require.NoError(t, err)
	s.Run, err = db.LatestRun(ctx, team, s.Shift.ID)
	require.NoError(t, err)
	s.Rec, err = db.RunRecord(ctx, team, s.Run.ID)
	require.NoError(t, err)
	return s
}

// TestE2EExportImportRoundTrip: notes and a plan made through Slack,
// exported, imported into a fresh database: the same notes, plan and
// handoff.md; a second import changes nothing; the next /plan there is v2.
func TestE2EExportImportRoundTrip(t *testing.T) {
	h := start(t)
	h.ack(h.message("D100", "im", "U1", "deadline: daycare form due tomorrow 5pm", "1700000000.000100", nil))
	h.ack(h.message("D100", "im", "U1", "wipes < 1 day", "1700000000.000200", nil))
	h.slash("/plan", "", "D100", "U1")
	h.waitCard("D100", "v1 · ")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	before := snapshotOf(t, h.dir, h.team, "D100")

	out := filepath.Join(t.TempDir(), "export")
	var stdout, stderr strings.Builder
	require.Equal(t, 0, run(context.Background(), []string{"export", "--out", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "2 notes, 1 plans")
	conv := filepath.Join(out, h.team+"-D100")
	md, err := os.ReadFile(filepath.Join(conv, "notes.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "Deadline · daycare form due tomorrow 5pm")
	assert.Contains(t, string(md), "- v1 · ")
	handoff, err := os.ReadFile(filepath.Join(conv, "handoff-v1.md"))
	require.NoError(t, err)

	// A fresh database (the move to MongoDB is the same with MONGODB_URI set).
	fresh := t.TempDir()
	t.Setenv("DATA_DIR", fresh)
	stdout.Reset()
	require.Equal(t, 0, run(context.Background(), []string{"import", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "0 changed, 0 unchanged")
	after := snapshotOf(t, fresh, h.team, "D100")
	assert.Equal(t, before, after)
	for _, a := range after.Rec.Artifacts {
		if a.Kind == bh.ArtifactHandoff {
			assert.Equal(t, string(handoff), a.Content)
		}
	}

	stdout.Reset()
	require.Equal(t, 0, run(context.Background(), []string{"import", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "Done: 0 new, 0 changed")

	// The bot runs on the imported database: the next plan is v2.
	h.dir = fresh
	h.launch()
	h.slash("/plan", "", "D100", "U1")
	h.waitCard("D100", "v2 · ")

	// The old export again, after the database moved on: nothing is taken
	// back, the run numbering included, so the next plan is v3.
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	stdout.Reset()
	require.Equal(t, 0, run(context.Background(), []string{"import", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "0 new, 0 changed")
	assert.Regexp(t, `[1-9]\d* newer here kept`, stdout.String())
	h.launch()
	h.slash("/plan", "", "D100", "U1")
	h.waitCard("D100", "v3 · ")
}

func TestImportRefusesWhatIsNotAnExport(t *testing.T) {
	clearEnv(t)
	good := filepath.Join(t.TempDir(), "export")
	// A small real export to damage.
	src := t.TempDir()
	t.Setenv("DATA_DIR", src)
	db := openTestDB(t, src)
	_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	require.NoError(t, db.Close(context.Background()))
	var stdout, stderr strings.Builder
	require.Equal(t, 0, run(context.Background(), []string{"export", "--out", good}, &stdout, &stderr), stderr.String())
	data, err := os.ReadFile(filepath.Join(good, "T1-D1", "data.json"))
	require.NoError(t, err)

	copyExport := func(t *testing.T, change func(dir string)) string {
		dir := filepath.Join(t.TempDir(), "x")
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "T1-D1"), 0o700))
		m, err := os.ReadFile(filepath.Join(good, "manifest.json"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "manifest.json"), m, 0o600))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "T1-D1", "data.json"), data, 0o600))
		change(dir)
		return dir
	}
	tests := []struct {
		name   string
		dir    func(t *testing.T) string
		says   string
		status int
	}{
		{"an empty folder", func(t *testing.T) string { return t.TempDir() }, "is not a BabyHandoff export", 1},
		{"data cut short", func(t *testing.T) string {
			return copyExport(t, func(dir string) {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "T1-D1", "data.json"), data[:len(data)/2], 0o600))
			})
		}, "data.json is not valid JSON, perhaps cut short", 1},
		{"from a newer version", func(t *testing.T) string {
			return copyExport(t, func(dir string) {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"format": 9, "conversations": []}`), 0o600))
			})
		}, "written by a newer BabyHandoff", 1},
		{"a folder outside the export", func(t *testing.T) string {
			return copyExport(t, func(dir string) {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"format": 1, "conversations": [{"dir": "../etc"}]}`), 0o600))
			})
		}, "outside the export", 1},
		{"no folder given", func(t *testing.T) string { return "" }, "usage: babyhandoff import DIR", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := t.TempDir()
			t.Setenv("DATA_DIR", target)
			args := []string{"import"}
			if d := tt.dir(t); d != "" {
				args = append(args, d)
			}
			var stdout, stderr strings.Builder
			assert.Equal(t, tt.status, run(context.Background(), args, &stdout, &stderr))
			assert.Contains(t, stderr.String(), tt.says)
			entries, err := os.ReadDir(target)
			require.NoError(t, err)
			assert.Empty(t, entries, "nothing was written")
		})
	}

	// Export refuses a folder that is not empty.
	stderr.Reset()
	assert.Equal(t, 1, run(context.Background(), []string{"export", "--out", good}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "is not empty")
}
