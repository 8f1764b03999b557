// Package mongo keeps BabyHandoff's data in MongoDB (Atlas, a replica
// set), through lungo's driver interfaces: the official driver on a real
// server (lungo.Connect), lungo's in-memory engine in tests.
//
// Each collection has a file named for it, with its queries; indexes.go
// makes the indexes those queries use. Documents are the domain's values
// (bh.Note, bh.Run, ...) as the driver encodes them (field names in lower
// case) under an _id of their own, with, where a query needs more, a few
// fields beside them (noteDoc). Writes that belong together run in one
// transaction (write); the radar wakes on a change stream (changes.go).
// Driver errors become domain errors in one place (fail, errors.go).
package mongo

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/256dpi/lungo"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// Config configures Open: URI or Client; the rest have stated defaults.
type Config struct {
	// URI of a replica set or Atlas (for transactions and change streams).
	URI string
	// Client is used instead of URI (tests: lungo's); Close leaves it open.
	Client lungo.IClient
	// Database name. Default "babyhandoff".
	Database string
	// Logger hears what a person must look at. Default: discard.
	Logger *slog.Logger
	// Now is the clock. Default time.Now. Times are stored to the millisecond.
	Now func() time.Time
	// Location reads the notes of families without a zone. Default UTC.
	Location *time.Location
	// Read reads a note's words in its family's zone (normalize.Read, which
	// this package does not import): the reading is kept on the note, made
	// again when its words, tag or zone change. Default: none; notes are
	// stored unread (live until done or removed) and Reread reads them later.
	Read bh.Reader
	// EventTTL is how long Slack event ids are remembered. Default 24 h.
	EventTTL time.Duration
	// RunDetailAge is how long run details and events stay. Default 90 days.
	RunDetailAge time.Duration
	// ClosedNoteAge is how long closed notes stay. Default 365 days.
	ClosedNoteAge time.Duration
	// Timeout bounds each operation on a real server. Default 15 s.
	Timeout time.Duration
}

// DB is an open MongoDB store.
type DB struct {
	cfg    Config
	client lungo.IClient
	own    bool // Close disconnects client
	db     lungo.IDatabase
	closed atomic.Bool
}

// Collection names.
const (
	colAgents, colArtifacts, colConversations, colCounters = "agents", "artifacts", "conversations", "counters"
	colDuty, colEvents, colHandoffs, colInvites            = "duty", "events", "handoffs", "invites"
	colMembers, colNotes, colPeople, colPosts              = "members", "notes", "people", "posts"
	colRadar, colRadarSettings, colRunDetails, colRuns     = "radar_cursor", "radar_settings", "run_details", "runs"
	colShiftStates, colShifts, colSlackEvents, colUploads  = "shift_states", "shifts", "slack_events", "uploads"
	colInstallations, colOAuthStates                       = "installations", "oauth_states"
)

var collections = []string{colAgents, colArtifacts, colConversations, colCounters, colDuty, colEvents, colHandoffs, colInvites,
	colMembers, colNotes, colPeople, colPosts, colRadar, colRadarSettings, colRunDetails, colRuns, colShiftStates, colShifts, colSlackEvents, colUploads,
	colInstallations, colOAuthStates}

// Open connects and makes the collections and indexes (on every start).
func Open(ctx context.Context, cfg Config) (*DB, error) {
	or(&cfg.EventTTL, 24*time.Hour)
	or(&cfg.RunDetailAge, 90*24*time.Hour)
	or(&cfg.ClosedNoteAge, 365*24*time.Hour)
	or(&cfg.Timeout, 15*time.Second)
	or(&cfg.Database, "babyhandoff")
	or(&cfg.Logger, slog.New(slog.DiscardHandler))
	or(&cfg.Location, time.UTC)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	db := &DB{cfg: cfg, client: cfg.Client}
	if db.client == nil {
		if cfg.URI == "" {
			return nil, bh.Errorf(bh.EINVALID, "MongoDB needs a URI (MONGODB_URI).")
		}
		client, err := lungo.Connect(ctx, clientOptions(cfg))
		if err != nil {
			return nil, db.fail("connect (MONGODB_URI)", err)
		}
		db.client, db.own = client, true
	}
	db.db = db.client.Database(cfg.Database)
	have, err := db.db.ListCollectionNames(ctx, bson.M{})
	for _, col := range collections { // made here: a transaction may not make one (before MongoDB 4.4)
		if err == nil && !slices.Contains(have, col) {
			if err = db.db.CreateCollection(ctx, col); err != nil && strings.Contains(err.Error(), "already exists") {
				err = nil // made meanwhile by another process
			}
		}
		if models := indexes[col]; err == nil && len(models) > 0 {
			_, err = db.c(col).Indexes().CreateMany(ctx, models)
		}
	}
	if err != nil {
		_ = db.Close(ctx) // the first error is the one to tell
		return nil, db.fail("make the collections and their indexes", err)
	}
	return db, nil
}

// or sets *v to d when it is the zero value.
func or[T comparable](v *T, d T) {
	if *v == *new(T) {
		*v = d
	}
}

// Ping checks that the database answers (not once the store is closed).
func (db *DB) Ping(ctx context.Context) error {
	if db.closed.Load() {
		return db.fail("ping", mongo.ErrClientDisconnected)
	}
	err := db.client.Ping(ctx, nil)
	if err == nil { // a read too: lungo's engine answers a ping when closed
		_, err = found(db.c(colCounters).FindOne(ctx, bson.M{"_id": ""}).Err())
	}
	return db.fail("ping", err)
}

// Close disconnects (not a Config.Client); safe to call twice.
func (db *DB) Close(ctx context.Context) error {
	if db.closed.Swap(true) || !db.own {
		return nil
	}
	return db.fail("close", db.client.Disconnect(ctx))
}

func (db *DB) c(name string) lungo.ICollection { return db.db.Collection(name) }

func (db *DB) now() time.Time { return db.cfg.Now().UTC().Truncate(time.Millisecond) }

// write runs fn in one transaction, with the transaction's time. fn may
// run again (a transient error), so it sets its results afresh, and it
// reads through its ctx to see the transaction's writes.
func (db *DB) write(ctx context.Context, op string, fn func(ctx context.Context, now time.Time) error) error {
	return db.fail(op, db.client.UseSession(ctx, func(sc lungo.ISessionContext) error {
		_, err := sc.WithTransaction(sc, func(tc lungo.ISessionContext) (any, error) { return nil, fn(tc, db.now()) })
		return err
	}))
}

// doc is a domain value stored under a key of its own.
type doc[T any] struct {
	Key string `bson:"_id"`
	V   T      `bson:",inline"`
}

// key joins the parts of a compound _id.
func key(parts ...string) string { return strings.Join(parts, "/") }

// by is a sort on fields, "-field" descending.
func by(fields ...string) bson.D {
	out := bson.D{}
	for _, f := range fields {
		if d, ok := strings.CutPrefix(f, "-"); ok {
			out = append(out, bson.E{Key: d, Value: -1})
		} else {
			out = append(out, bson.E{Key: f, Value: 1})
		}
	}
	return out
}

// one decodes the document filter finds (mongo.ErrNoDocuments: none).
func one[T any](ctx context.Context, c lungo.ICollection, filter any, opts ...*options.FindOneOptions) (T, error) {
	var v T
	return v, c.FindOne(ctx, filter, opts...).Decode(&v)
}

// all decodes what filter finds, in sort's order, at most limit (0: all).
func all[T any](ctx context.Context, c lungo.ICollection, filter any, sort bson.D, limit int) ([]T, error) {
	out, o := []T{}, options.Find()
	if sort != nil {
		o.SetSort(sort)
	}
	if limit > 0 {
		o.SetLimit(int64(limit))
	}
	cur, err := c.Find(ctx, filter, o)
	if err == nil {
		err = cur.All(ctx, &out)
	}
	return out, err
}

// get reads the value under k.
func get[T any](ctx context.Context, c lungo.ICollection, k string) (T, error) {
	return one[T](ctx, c, bson.M{"_id": k})
}

// put writes v under k, replacing what was there.
func put[T any](ctx context.Context, c lungo.ICollection, k string, v T) error {
	_, err := c.ReplaceOne(ctx, bson.M{"_id": k}, v, upsert) // an upsert takes its _id from the filter
	return err
}

var upsert = options.Replace().SetUpsert(true)

// insert writes v under k unless k is there; it reports whether it wrote.
func insert[T any](ctx context.Context, c lungo.ICollection, k string, v T) (bool, error) {
	return insertDoc(ctx, c, doc[T]{k, v})
}

// insertDoc writes d (with its _id) unless it is there; true if it wrote.
func insertDoc(ctx context.Context, c lungo.ICollection, d any) (bool, error) {
	if _, err := c.InsertOne(ctx, d); !isDuplicate(err) {
		return err == nil, err
	}
	return false, nil
}

// newID is an ObjectID: ids rise as made (notes of one instant list in order).
func newID() string { return primitive.NewObjectID().Hex() }

// clientOptions are the driver's options for cfg: our defaults first, so
// that what the operator wrote in MONGODB_URI (serverSelectionTimeoutMS,
// timeoutMS) wins over them.
func clientOptions(cfg Config) *options.ClientOptions {
	return options.Client().SetServerSelectionTimeout(10 * time.Second).SetTimeout(cfg.Timeout).ApplyURI(cfg.URI)
}
