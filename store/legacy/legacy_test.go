package legacy_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/archive"
	"github.com/babyhandoff/babyhandoff/store/legacy"
)

// fixtures are the earlier formats in testdata: the single file of the
// first versions, the bbolt file of 2026-11-24 and of 2026-11-26 (before
// families), one with a log a kill left (v20261128-log/make.go.txt), and
// that one with its log's last record cut short or garbled ("-cut",
// "-garbled": a crash in the middle of its write, never acknowledged).
var fixtures = []string{"single", "v20261124", "v20261126", "v20261128-log", "v20261128-log-cut", "v20261128-log-garbled"}

// now is when the reads happen (the stamp of quiet hours passed to a
// DM's person).
var now = func() time.Time { return time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC) }

func goldenPath(fixture string) string { return filepath.Join("testdata", fixture+".golden.json") }

// copyFixture copies a fixture's files into a new folder (a "-cut" one's
// log without the last 7 bytes of its last record, a "-garbled" one's
// with one of them changed).
func copyFixture(t *testing.T, fixture string) string {
	t.Helper()
	dir := t.TempDir()
	from, cut := strings.CutSuffix(fixture, "-cut")
	from, garbled := strings.CutSuffix(from, "-garbled")
	entries, err := os.ReadDir(filepath.Join("testdata", from))
	require.NoError(t, err)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		raw, err := os.ReadFile(filepath.Join("testdata", from, e.Name()))
		require.NoError(t, err)
		if cut && e.Name() == legacy.LogName {
			raw = raw[:len(raw)-7]
		}
		if garbled && e.Name() == legacy.LogName {
			raw[len(raw)-7]++
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), raw, 0o600))
	}
	return dir
}

// fixtureDir is where a fixture is read: its folder in testdata, or a
// copy made to be cut.
func fixtureDir(t *testing.T, fixture string) string {
	if strings.HasSuffix(fixture, "-cut") || strings.HasSuffix(fixture, "-garbled") {
		return copyFixture(t, fixture)
	}
	return filepath.Join("testdata", fixture)
}

// records reads dir with the reader, decoded as the export format does.
func records(t *testing.T, dir string) []bh.FamilyRecord {
	t.Helper()
	fams, err := legacy.Read(dir, now())
	require.NoError(t, err)
	var out []bh.FamilyRecord
	for _, f := range fams {
		r, err := archive.RecordOf(archive.Dump(f))
		require.NoError(t, err)
		out = append(out, r)
	}
	return out
}

// family is what the golden files keep of a family: its ids, readable,
// and a checksum of its whole record.
type family struct {
	Family        string   `json:"family"`
	Notes         []string `json:"notes"`
	Runs          []string `json:"runs"`
	Handoffs      []string `json:"handoffs"`
	Members       []string `json:"members"`
	Conversations []string `json:"conversations"`
	Record        string   `json:"record_sha256"`
}

func summary(t *testing.T, recs []bh.FamilyRecord) []byte {
	t.Helper()
	out := []family{}
	for _, r := range recs {
		whole, err := json.Marshal(r)
		require.NoError(t, err)
		f := family{Family: r.Shift.TeamID + "/" + r.Shift.ID + " " + r.Shift.ChannelID, Notes: []string{}, Runs: []string{}, Handoffs: []string{},
			Members: []string{}, Conversations: []string{}, Record: fmt.Sprintf("%x", sha256.Sum256(whole))}
		for _, n := range r.Notes {
			f.Notes = append(f.Notes, n.ID)
		}
		for _, x := range r.Runs {
			f.Runs = append(f.Runs, x.Run.ID)
		}
		for _, h := range r.Handoffs {
			f.Handoffs = append(f.Handoffs, h.ID)
		}
		for _, m := range r.Members {
			f.Members = append(f.Members, m.UserID)
		}
		for _, c := range r.Conversations {
			f.Conversations = append(f.Conversations, c.ChannelID+">"+c.ShiftID)
		}
		out = append(out, f)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	require.NoError(t, err)
	return append(b, '\n')
}

// Each earlier format reads as the old engine read it (its golden file,
// written from the old engine's reading), and its files stay byte for
// byte as they were.
func TestReadsEachEarlierFormat(t *testing.T) {
	for _, fx := range fixtures {
		t.Run(fx, func(t *testing.T) {
			dir := fixtureDir(t, fx)
			before := sums(t, dir)
			want, err := os.ReadFile(goldenPath(fx))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(summary(t, records(t, dir))))
			assert.Equal(t, before, sums(t, dir), "read only")
		})
	}
}

// sums is each file's checksum in dir, by name.
func sums(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		out[e.Name()] = sha256.Sum256(raw)
	}
	return out
}
