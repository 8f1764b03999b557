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

// goldenRecord is the full family of testdata/golden as domain values.
func goldenRecord(t *testing.T) bh.FamilyRecord {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "golden", "record.json"))
	require.NoError(t, err)
	var r bh.FamilyRecord
	require.NoError(t, json.Unmarshal(raw, &r))
	return r
}

// A family's record survives the format whole: notes and replies, runs
// with their details (and one whose details were swept), the radar's
// state, settings and posts, duty, handoffs, members, people, invites.
func TestARecordRoundTripsThroughTheFormat(t *testing.T) {
	want := goldenRecord(t)
	require.NotEmpty(t, want.DetailsRemoved, "a run whose details were swept")
	require.NotNil(t, want.State)
	require.NotNil(t, want.Duty)
	require.NotEmpty(t, want.Posts)
	require.NotEmpty(t, want.Handoffs)
	require.NotEmpty(t, want.ReplyAt)
	d, err := archive.DumpOf(want)
	require.NoError(t, err)
	require.NoError(t, archive.CheckDump(d))
	got, err := archive.RecordOf(d)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// A run's details without their run are refused, not dropped.
func TestDetailsOfARunNotInTheExportAreRefused(t *testing.T) {
	d, err := archive.DumpOf(goldenRecord(t))
	require.NoError(t, err)
	delete(d.Collections, "runs")
	_, err = archive.RecordOf(d)
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "details of a run")
}

// A damaged zipped detail is a clear error.
func TestADamagedZippedDetailIsRefused(t *testing.T) {
	d, err := archive.DumpOf(goldenRecord(t))
	require.NoError(t, err)
	raw := d.Collections["tasks"][0]
	var doc bson.D
	require.NoError(t, bson.Unmarshal(raw, &doc))
	for i, e := range doc {
		if e.Key == "z" {
			doc[i].Value = []byte("not deflate")
		}
	}
	d.Collections["tasks"][0], err = bson.Marshal(doc)
	require.NoError(t, err)
	_, err = archive.RecordOf(d)
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "A document in tasks cannot be read")
}

func doc(t *testing.T, d bson.D) bson.Raw {
	t.Helper()
	b, err := bson.Marshal(d)
	require.NoError(t, err)
	return b
}

// CheckDump refuses, before anything is written, what an import could not
// place.
func TestCheckDumpRefuses(t *testing.T) {
	id := bson.E{Key: "_id", Value: "x"}
	run := bson.E{Key: "run_id", Value: "r1"}
	for _, c := range []struct {
		name, coll string
		doc        bson.D
		says       string
	}{
		{"a collection it does not know", "recipes", bson.D{id}, `collection "recipes"`},
		{"Slack's event ids", "slack_events", bson.D{id}, `collection "slack_events"`},
		{"files being uploaded", "uploads", bson.D{id}, `collection "uploads"`},
		{"the council's agents", "agents", bson.D{id}, `collection "agents"`},
		{"a document without an _id", "runs", bson.D{{Key: "team_id", Value: "T1"}}, "A document in runs has no _id."},
		{"a note whose _id is no string", "logs", bson.D{{Key: "_id", Value: 7}}, "A document in logs has no usable _id."},
		{"a reply with an empty _id", "replies", bson.D{{Key: "_id", Value: ""}}, "A document in replies has no usable _id."},
		{"a detail without its run", "decisions", bson.D{id}, "A document in decisions has no usable run_id."},
		{"a run id with a NUL", "context_packs", bson.D{id, {Key: "run_id", Value: "r\x001"}}, "no usable run_id"},
		{"a message without its place", "messages", bson.D{id, run}, "A message of run r1 has no seq."},
		{"a task without its name", "tasks", bson.D{id, run}, "A document in tasks of run r1 has no name."},
		{"a proposal without its archetype", "proposals", bson.D{id, run, {Key: "archetype", Value: 3}}, "has no archetype"},
		{"an artifact without its kind", "artifacts", bson.D{id, run}, "has no kind"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := archive.CheckDump(archive.Dump{Collections: map[string][]bson.Raw{c.coll: {doc(t, c.doc)}}})
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
			assert.Contains(t, bh.ErrorMessage(err), c.says)
			_, err = archive.RecordOf(archive.Dump{Collections: map[string][]bson.Raw{c.coll: {doc(t, c.doc)}}})
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err), "RecordOf checks first")
		})
	}
	ok := archive.Dump{Collections: map[string][]bson.Raw{
		"messages":  {doc(t, bson.D{id, run, {Key: "seq", Value: int32(1)}})},
		"decisions": {doc(t, bson.D{id, run})},
		"logs":      {doc(t, bson.D{{Key: "_id", Value: "n1"}})},
		"events":    {doc(t, bson.D{{Key: "_id", Value: 7}})},
	}}
	assert.NoError(t, archive.CheckDump(ok))
}
