package archive_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/archive"
)

// exported is a family's data.json as `babyhandoff export` writes it.
type exported struct {
	Format      int                          `json:"format"`
	Team        string                       `json:"team"`
	Channel     string                       `json:"channel"`
	Collections map[string][]json.RawMessage `json:"collections"`
}

// testdata/golden was written by the old store (package store's root,
// before this package existed): data.json by its DumpOf from the
// conformance suite's full family (storetest.Fill), record.json by its
// RecordOf of the same documents. The format is fixed, so these files
// are never rewritten: a change that needs them changed changes the
// format.
func TestAnExportOfTheOldStoreReadsAndWritesBackTheSame(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "golden", "data.json"))
	require.NoError(t, err)
	var data exported
	require.NoError(t, json.Unmarshal(raw, &data))
	assert.Equal(t, archive.ExportFormat, data.Format)
	d := archive.Dump{Shift: bh.Shift{TeamID: data.Team, ChannelID: data.Channel}, Collections: map[string][]bson.Raw{}}
	for name, docs := range data.Collections {
		for _, j := range docs {
			var doc bson.D
			require.NoError(t, bson.UnmarshalExtJSON(j, true, &doc))
			b, err := bson.Marshal(doc)
			require.NoError(t, err)
			d.Collections[name] = append(d.Collections[name], b)
		}
	}
	require.NoError(t, archive.CheckDump(d))

	r, err := archive.RecordOf(d)
	require.NoError(t, err)
	got, err := json.MarshalIndent(r, "", " ")
	require.NoError(t, err)
	want, err := os.ReadFile(filepath.Join("testdata", "golden", "record.json"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(append(got, '\n')), "read as the old store read it")

	back, err := archive.DumpOf(r)
	require.NoError(t, err)
	written := exported{Format: archive.ExportFormat, Team: data.Team, Channel: data.Channel, Collections: map[string][]json.RawMessage{}}
	for name, docs := range back.Collections {
		for _, b := range docs {
			j, err := bson.MarshalExtJSON(b, true, false)
			require.NoError(t, err)
			written.Collections[name] = append(written.Collections[name], j)
		}
	}
	out, err := json.MarshalIndent(written, "", "  ")
	require.NoError(t, err)
	assert.Equal(t, string(raw), string(append(out, '\n')), "written back byte for byte")
}
