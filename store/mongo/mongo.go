// Package mongo keeps BabyHandoff's data in MongoDB (Atlas, a replica
// set), through lungo's driver interfaces: the official driver on a real
// server (lungo.Connect), lungo's in-memory engine in tests.
//
// Each collection has a file named for it, with its queries; indexes.go
// makes the indexes those queries use. Documents are the domain's values
// (bh.Note, bh.Run, ...) as the driver encodes them (field names in lower
// case), under an _id of their own and, where a query needs more, a few
// fields beside them (noteDoc). Writes that belong together run in one
// transaction (write): a replica set is required, as for change streams,
// which wake the radar (changes.go). Driver errors become domain errors in
// one place (fail, errors.go).
package mongo

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/256dpi/lungo"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// Config configures Open. URI or Client is required; every other zero
// value has the default its comment states.
type Config struct {
	// URI of a MongoDB deployment (a replica set or Atlas: transactions
	// and change streams need one). Ignored when Client is set.
	URI string
	// Client is an open client to use instead of URI (tests: lungo's
	// in-memory engine). Close leaves it open.
	Client lungo.IClient
	// Database name. Default "babyhandoff".
	Database string
	// Logger hears what a person must look at. Default: discard.
	Logger *slog.Logger
	// Now is the clock. Default time.Now. Times are stored to the millisecond.
	Now func() time.Time
	// Location is the zone of families that have none of their own, where a
	// note's words are read. Default UTC.
	Location *time.Location
	// PastFrom tells when a note's own words stop it being live
	// ("pediatrician 2pm" ends at 3 p.m. in loc); ok false: never by its
	// words. The store keeps the answer on the note for LiveNotes' index.
	// Default: no note ends by its words (only done or removed).
	PastFrom func(n bh.Note, loc *time.Location) (at time.Time, ok bool)
	// EventTTL is how long processed Slack event ids are remembered.
	// Default 24 h.
	EventTTL time.Duration
	// RunDetailAge is how long a run's details and events are kept (Sweep).
	// Default 90 days.
	RunDetailAge time.Duration
	// ClosedNoteAge is how long a done or removed note is kept (Sweep).
	// Default 365 days.
	ClosedNoteAge time.Duration
	// Timeout bounds each operation on a real server. Default 15 s.
	Timeout time.Duration
}

// DB is an open MongoDB store.
type DB struct {
	cfg    Config
	log    *slog.Logger
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
)

// Open connects to the deployment and makes sure every collection has its
// indexes. It is safe to call on every start.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	if cfg.Database == "" {
		cfg.Database = "babyhandoff"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.PastFrom == nil {
		cfg.PastFrom = func(bh.Note, *time.Location) (time.Time, bool) { return time.Time{}, false }
	}
	if cfg.EventTTL <= 0 {
		cfg.EventTTL = 24 * time.Hour
	}
	if cfg.RunDetailAge <= 0 {
		cfg.RunDetailAge = 90 * 24 * time.Hour
	}
	if cfg.ClosedNoteAge <= 0 {
		cfg.ClosedNoteAge = 365 * 24 * time.Hour
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 15 * time.Second
	}
	db := &DB{cfg: cfg, log: cfg.Logger, client: cfg.Client}
	if db.client == nil {
		if cfg.URI == "" {
			return nil, bh.Errorf(bh.EINVALID, "MongoDB needs a URI (MONGODB_URI).")
		}
		opts := options.Client().ApplyURI(cfg.URI).SetServerSelectionTimeout(10 * time.Second).SetTimeout(cfg.Timeout)
		client, err := lungo.Connect(ctx, opts)
		if err != nil {
			return nil, db.fail("connect (MONGODB_URI)", err)
		}
		db.client, db.own = client, true
	}
	db.db = db.client.Database(cfg.Database)
	if err := db.ensureIndexes(ctx); err != nil {
		_ = db.Close(ctx) // the indexes' error is the one to tell
		return nil, err
	}
	return db, nil
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

// Close disconnects from the deployment (a Config.Client stays open).
// Safe to call twice.
func (db *DB) Close(ctx context.Context) error {
	if db.closed.Swap(true) || !db.own {
		return nil
	}
	return db.fail("close", db.client.Disconnect(ctx))
}

func (db *DB) c(name string) lungo.ICollection { return db.db.Collection(name) }

func (db *DB) now() time.Time { return db.cfg.Now().UTC().Truncate(time.Millisecond) }

// write runs fn in one transaction (retried whole on a transient error,
// so fn sets its results afresh each time), with the transaction's time.
// Reads inside fn must use its ctx to see the transaction's writes.
func (db *DB) write(ctx context.Context, op string, fn func(ctx context.Context, now time.Time) error) error {
	err := db.client.UseSession(ctx, func(sc lungo.ISessionContext) error {
		_, err := sc.WithTransaction(sc, func(tc lungo.ISessionContext) (any, error) {
			return nil, fn(tc, db.now())
		})
		return err
	})
	return db.fail(op, err)
}

// doc is a domain value stored under a key of its own.
type doc[T any] struct {
	Key string `bson:"_id"`
	V   T      `bson:",inline"`
}

// key joins the parts of a compound _id.
func key(parts ...string) string {
	k := ""
	for i, p := range parts {
		if i > 0 {
			k += "/"
		}
		k += p
	}
	return k
}

// one decodes the document filter finds (mongo.ErrNoDocuments: none).
func one[T any](ctx context.Context, c lungo.ICollection, filter any, opts ...*options.FindOneOptions) (T, error) {
	var v T
	err := c.FindOne(ctx, filter, opts...).Decode(&v)
	return v, err
}

// all decodes every document filter finds, in sort's order.
func all[T any](ctx context.Context, c lungo.ICollection, filter any, sort bson.D, limit int64) ([]T, error) {
	o := options.Find()
	if sort != nil {
		o.SetSort(sort)
	}
	if limit > 0 {
		o.SetLimit(limit)
	}
	cur, err := c.Find(ctx, filter, o)
	if err != nil {
		return nil, err
	}
	out := []T{}
	return out, cur.All(ctx, &out)
}

// values is the domain values of docs.
func values[T any](docs []doc[T], err error) ([]T, error) {
	out := make([]T, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.V)
	}
	return out, err
}

// put writes v under k, replacing what was there.
func put[T any](ctx context.Context, c lungo.ICollection, k string, v T) error {
	_, err := c.ReplaceOne(ctx, bson.M{"_id": k}, doc[T]{k, v}, options.Replace().SetUpsert(true))
	return err
}

// insert writes v under k unless k is there; it reports whether it wrote.
func insert[T any](ctx context.Context, c lungo.ICollection, k string, v T) (bool, error) {
	return insertDoc(ctx, c, doc[T]{k, v})
}

// insertDoc writes d (a document with its _id) unless its _id is there;
// it reports whether it wrote.
func insertDoc(ctx context.Context, c lungo.ICollection, d any) (bool, error) {
	_, err := c.InsertOne(ctx, d)
	if isDuplicate(err) {
		return false, nil
	}
	return err == nil, err
}

// get reads the value under k.
func get[T any](ctx context.Context, c lungo.ICollection, k string) (T, error) {
	d, err := one[doc[T]](ctx, c, bson.M{"_id": k})
	return d.V, err
}

// newID is an id as MongoDB makes its ids (the second, this process's
// random bytes, a counter, in hex): ids rise in the order they are made,
// so notes of one instant list in the order they were stored.
func newID() string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[:4], uint32(time.Now().Unix()))
	copy(b[4:9], idProcess[:])
	c := idCounter.Add(1)
	b[9], b[10], b[11] = byte(c>>16), byte(c>>8), byte(c)
	return hex.EncodeToString(b[:])
}

var (
	idProcess = func() (p [5]byte) {
		_, _ = rand.Read(p[:]) // never fails (crypto/rand)
		return p
	}()
	idCounter atomic.Uint32
)

var errNoDocs = mongo.ErrNoDocuments

func upsert() *options.ReplaceOptions { return options.Replace().SetUpsert(true) }

func upsertUpdate() *options.UpdateOptions { return options.Update().SetUpsert(true) }
