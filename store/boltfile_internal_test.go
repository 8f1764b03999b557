package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/256dpi/lungo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// openLungo opens the embedded engine on a bolt file, as Open does.
func openLungo(t *testing.T, path string) (lungo.IClient, *lungo.Engine, *boltFile) {
	t.Helper()
	f, err := openBoltFile(path)
	require.NoError(t, err)
	client, engine, err := lungo.Open(context.Background(), lungo.Options{Store: f})
	require.NoError(t, err)
	return client, engine, f
}

// storedBytes is every namespace's documents in order, as BSON, and its
// index definitions: what a reopened engine must see.
func storedBytes(t *testing.T, c *lungo.Catalog) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for h, ns := range c.Namespaces {
		var docs []string
		for _, d := range ns.Documents.List {
			raw, err := bson.Marshal(d)
			require.NoError(t, err)
			docs = append(docs, string(raw))
		}
		defs, err := encodeIndexes(ns)
		require.NoError(t, err)
		out[h.String()] = append(docs, "indexes:"+string(defs))
	}
	return out
}

func TestBoltFileKeepsEveryChangeInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	client, engine, f := openLungo(t, path)
	ctx := context.Background()
	coll := client.Database("db").Collection("things")
	_, err := coll.Indexes().CreateMany(ctx, []mongo.IndexModel{
		{Keys: bson.D{{Key: "name", Value: 1}}, Options: options.Index().SetUnique(true)},
		{Keys: bson.D{{Key: "at", Value: 1}}, Options: options.Index().SetExpireAfterSeconds(3600)},
		{Keys: bson.D{{Key: "k", Value: 1}}, Options: options.Index().SetUnique(true).SetPartialFilterExpression(bson.D{{Key: "k", Value: bson.D{{Key: "$exists", Value: true}}}})},
	})
	require.NoError(t, err)
	// String, numeric and object ids (the oplog's are documents); then
	// every kind of change.
	for i, id := range []any{"b", "a", int32(7), primitive.NewObjectID(), "c", "d"} {
		_, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "name", Value: fmt.Sprint("n", i)}, {Key: "at", Value: time.Now()}})
		require.NoError(t, err)
	}
	_, err = coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "a"}}, bson.D{{Key: "$set", Value: bson.D{{Key: "v", Value: 2}}}})
	require.NoError(t, err)
	_, err = coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: int32(7)}}, bson.D{{Key: "name", Value: "seven"}})
	require.NoError(t, err)
	_, err = coll.DeleteOne(ctx, bson.D{{Key: "_id", Value: "b"}}) // shifts every later position
	require.NoError(t, err)
	_, err = coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "b"}, {Key: "name", Value: "b again"}})
	require.NoError(t, err)
	_, err = coll.UpdateMany(ctx, bson.D{}, bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: 1}}}})
	require.NoError(t, err)
	other := client.Database("db").Collection("gone")
	_, err = other.InsertOne(ctx, bson.D{{Key: "_id", Value: 1}})
	require.NoError(t, err)
	require.NoError(t, other.Drop(ctx))

	want := storedBytes(t, engine.Catalog())
	engine.Close()
	require.NoError(t, f.Close())

	client2, engine2, f2 := openLungo(t, path)
	defer func() { engine2.Close(); _ = f2.Close() }()
	assert.Equal(t, want, storedBytes(t, engine2.Catalog()))
	assert.NotContains(t, want, "db.gone")
	// The unique index came back: a duplicate name is refused.
	_, err = client2.Database("db").Collection("things").InsertOne(ctx, bson.D{{Key: "name", Value: "seven"}})
	assert.True(t, lungo.IsUniquenessError(err), "%v", err)
}

// TestCommitCostFollowsTheChange checks the point of the file format: one
// note written to a large database writes about as many bytes as one
// written to a small one: its record in the log, and later the pages the
// applier writes for it. (Bytes and pages, not time: no timed assertions.)
func TestCommitCostFollowsTheChange(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	defer db.Close(ctx)
	pagesWritten := func() int64 {
		require.NoError(t, db.file.settle())
		st := db.file.bolt.Stats()
		return st.TxStats.GetWrite()
	}
	forOneNote := func(i int) (log, pages int64) {
		// Everything applied: the note's record is the first in the log,
		// which starts over.
		pages0 := pagesWritten()
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: fmt.Sprintf("9%d.1", i)})
		require.NoError(t, err)
		db.file.w.commitMu.Lock()
		log = db.file.w.log.off - walHeader
		db.file.w.commitMu.Unlock()
		return log, pagesWritten() - pages0
	}
	smallLog, smallPages := forOneNote(0)
	text := fmt.Sprintf("%0800d", 0)
	for i := 0; i < 3000; i++ {
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T2", ChannelID: fmt.Sprint("C", i%300), RawText: text, MessageTS: fmt.Sprintf("%d.0", i)})
		require.NoError(t, err)
	}
	largeLog, largePages := forOneNote(1)
	fi, err := os.Stat(db.Path())
	require.NoError(t, err)
	pages := fi.Size() / int64(db.file.bolt.Info().PageSize)
	t.Logf("one note: %d then %d bytes of log, %d then %d pages, on a small database and on one of %d pages (%d bytes)", smallLog, largeLog, smallPages, largePages, pages, fi.Size())
	require.Positive(t, smallLog)
	require.Positive(t, smallPages)
	// The same note, a few bytes more (a longer shift id or counter).
	assert.Less(t, largeLog, 2*smallLog, "a commit's record should hold what changed, not the database")
	// The B+tree's depth grows with the data, so a few pages more; the old
	// single-file store rewrote all of them.
	assert.Less(t, largePages, pages/20, "a commit should write what changed, not the database")
}

func TestZippedDetailsReadBack(t *testing.T) {
	doc := messageDoc{ID: "r:m001", TeamID: "T1", RunID: "r", Seq: 1, Sender: "Referee", Role: "assistant", Content: "Winner: **Errands-first**", Meta: map[string]string{"kind": "model_answer"}}
	z, err := zipDoc(doc, bson.E{Key: "_id", Value: doc.ID}, bson.E{Key: "seq", Value: 1})
	require.NoError(t, err)
	raw, err := bson.Marshal(z)
	require.NoError(t, err)
	var back messageDoc
	require.NoError(t, unzipDoc(raw, &back))
	assert.Equal(t, doc, back)

	// Written before runs were zipped: read as it is.
	plain, err := bson.Marshal(doc)
	require.NoError(t, err)
	back = messageDoc{}
	require.NoError(t, unzipDoc(plain, &back))
	assert.Equal(t, doc, back)

	// Damaged or from a newer version: an error, not a panic or a half document.
	for _, bad := range []bson.D{
		{{Key: "_id", Value: "x"}, {Key: zipField, Value: primitive.Binary{Subtype: zipSubtypeV1, Data: []byte("not deflate")}}},
		{{Key: "_id", Value: "x"}, {Key: zipField, Value: primitive.Binary{Subtype: 0x81, Data: []byte{1}}}},
		{{Key: "_id", Value: "x"}, {Key: zipField, Value: "a string"}},
	} {
		raw, err := bson.Marshal(bad)
		require.NoError(t, err)
		assert.Error(t, unzipDoc(raw, &back))
	}
}

// TestReplacedIDOfAnotherTypeIsTwoDocuments: removing _id int32(1) and
// adding _id int64(1) in one commit puts them at the same position with ids
// MongoDB compares as equal; the file keys them apart, so the first must be
// deleted (it was kept once, and the next open refused a duplicate _id).
func TestReplacedIDOfAnotherTypeIsTwoDocuments(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	client, engine, f := openLungo(t, path)
	ctx := context.Background()
	coll := client.Database("db").Collection("things")
	_, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: int32(1)}, {Key: "v", Value: "a"}})
	require.NoError(t, err)
	err = client.UseSession(ctx, func(sc lungo.ISessionContext) error {
		require.NoError(t, sc.StartTransaction())
		_, err := coll.DeleteOne(sc, bson.D{{Key: "_id", Value: int32(1)}})
		require.NoError(t, err)
		_, err = coll.InsertOne(sc, bson.D{{Key: "_id", Value: int64(1)}, {Key: "v", Value: "b"}})
		require.NoError(t, err)
		return sc.CommitTransaction(sc)
	})
	require.NoError(t, err)
	want := storedBytes(t, engine.Catalog())
	engine.Close()
	require.NoError(t, f.Close())
	_, engine2, f2 := openLungo(t, path)
	defer func() { engine2.Close(); _ = f2.Close() }()
	assert.Equal(t, want, storedBytes(t, engine2.Catalog()))
}
