package main

import (
	"context"

	"github.com/256dpi/lungo"

	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store/mongo"
)

// engineMongo is store/mongo as the tests' engine
// (BABYHANDOFF_TEST_ENGINE=mongo, useMongo): on lungo's in-memory engine,
// which only the tests can give (testMongoClient). A deployment chooses
// MongoDB by MONGODB_URI.
const engineMongo = "mongo"

// testMongoClient, set by the tests, is the in-memory MongoDB of a
// DATA_DIR: the same one each time the bot starts on it in the process.
var testMongoClient func(dataDir string) (lungo.IClient, error)

// openMongo opens store/mongo at MONGODB_URI (or, in tests, the in-memory
// engine of DATA_DIR). Several processes may share it: none is exclusive.
func openMongo(ctx context.Context, cfg Config, o dbOptions) (*opened, error) {
	mc := mongo.Config{URI: cfg.MongoURI, Database: cfg.MongoDB, Logger: o.Logger, Now: o.Now, Location: o.Location,
		RunDetailAge: o.RunDetailAge, ClosedNoteAge: o.ClosedNoteAge, Read: normalize.Read}
	where := "MongoDB at MONGODB_URI"
	if cfg.MongoURI == "" && testMongoClient != nil {
		client, err := testMongoClient(cfg.DataDir)
		if err != nil {
			return nil, err
		}
		mc.Client, where = client, "MongoDB in memory (tests)"
	}
	db, err := mongo.Open(ctx, mc)
	if err != nil {
		return nil, err
	}
	if err := rereadNotes(ctx, db, o.Logger); err != nil {
		_ = db.Close(ctx) // the reading's error is the one to tell
		return nil, err
	}
	return &opened{Database: mongoDB{db}, where: where}, nil
}

// mongoDB is store/mongo as a Database. It makes no daily copy in
// DATA_DIR: a deployment keeps its own backups (Atlas's, or mongodump).
type mongoDB struct{ *mongo.DB }

func (db mongoDB) DailyBackup(context.Context, int) (string, error) { return "", nil }

var _ Database = mongoDB{}
