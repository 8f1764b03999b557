package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: installs by OAuth (installations, by team or org id, with
// the claim on refreshing its token) and the install page's single-use
// states (oauth_states, by nonce).

type installDoc struct {
	bh.Installation `bson:",inline"`
	ClaimUntil      *time.Time `bson:"claim_until"`
}

// SaveInstallation stores an installation (its tokens sealed), replacing
// the one of its key and releasing any claim on refreshing it.
func (db *DB) SaveInstallation(ctx context.Context, in bh.Installation) error {
	if in.Key() == "" || in.BotToken == "" {
		return db.fail("save installation", bh.Errorf(bh.EINVALID, "an installation needs a team or enterprise id and a bot token"))
	}
	return db.fail("save installation", put(ctx, db.c(colInstallations), in.Key(), installDoc{Installation: in}))
}

// Installation returns the installation under key (ENOTFOUND: not installed).
func (db *DB) Installation(ctx context.Context, key string) (bh.Installation, error) {
	in, err := get[bh.Installation](ctx, db.c(colInstallations), key)
	return in, db.fail("get installation", notFound(err, "The app is not installed in that workspace."))
}

// DeleteInstallation removes the installation under key, its tokens with
// it; false when there was none.
func (db *DB) DeleteInstallation(ctx context.Context, key string) (bool, error) {
	res, err := db.c(colInstallations).DeleteOne(ctx, bson.M{"_id": key})
	return err == nil && res.DeletedCount > 0, db.fail("delete installation", err)
}

// ClaimTokenRefresh claims the refresh of key's token until until: true
// for one caller (of any process) while the claim stands.
func (db *DB) ClaimTokenRefresh(ctx context.Context, key string, until time.Time) (bool, error) {
	res, err := db.c(colInstallations).UpdateOne(ctx, bson.M{"_id": key, "$or": bson.A{bson.M{"claim_until": nil}, bson.M{"claim_until": bson.M{"$lte": db.now()}}}},
		bson.M{"$set": bson.M{"claim_until": until}})
	return err == nil && res.MatchedCount > 0, db.fail("claim token refresh", err)
}

// SaveOAuthState records an install page's state nonce, which
// TakeOAuthState takes once until expires; late ones go on the way.
func (db *DB) SaveOAuthState(ctx context.Context, nonce string, expires time.Time) error {
	_, err := db.c(colOAuthStates).DeleteMany(ctx, bson.M{"expires": bson.M{"$lte": db.now()}})
	if err == nil {
		_, err = db.c(colOAuthStates).InsertOne(ctx, bson.M{"_id": nonce, "expires": expires})
	}
	return db.fail("save oauth state", err)
}

// TakeOAuthState consumes nonce: true once, before it expires.
func (db *DB) TakeOAuthState(ctx context.Context, nonce string) (bool, error) {
	res, err := db.c(colOAuthStates).DeleteOne(ctx, bson.M{"_id": nonce, "expires": bson.M{"$gt": db.now()}})
	return err == nil && res.DeletedCount > 0, db.fail("take oauth state", err)
}
