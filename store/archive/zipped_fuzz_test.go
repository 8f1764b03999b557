package archive

import (
	"testing"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
)

// FuzzUnzipDoc: a damaged zipped run detail (a disk error, a hand-edited
// export) is an error, never a panic.
func FuzzUnzipDoc(f *testing.F) {
	good, err := zipDoc(messageDoc{ID: "r:m001", RunID: "r", Seq: 1, Sender: "Referee", Content: "Winner: **Errands-first**"})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good[len(good)-1].Value.(primitive.Binary).Data)
	f.Add([]byte{})
	f.Add([]byte("not deflate at all"))
	f.Fuzz(func(t *testing.T, data []byte) {
		raw, err := bson.Marshal(bson.D{{Key: "_id", Value: "x"}, {Key: zipField, Value: primitive.Binary{Subtype: zipSubtypeV1, Data: data}}})
		if err != nil {
			t.Skip()
		}
		var out messageDoc
		_ = unzipDoc(raw, &out)
	})
}
