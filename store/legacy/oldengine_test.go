package legacy_test

// This file checks the reader against the old engine itself, and writes
// the golden files (go test ./store/legacy -run TestTheOldEngine -update)
// that legacy_test.go checks. Delete it with the old engine (package
// store's root); the golden files stay.

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
)

// oldRead is what the old engine read of a copy of fixture dir (its open
// may change the file it opens).
func oldRead(t *testing.T, fixture string) []bh.FamilyRecord {
	t.Helper()
	ctx := context.Background()
	dir := copyFixture(t, fixture)
	db, err := store.Open(ctx, store.Config{DataDir: dir, Now: now})
	require.NoError(t, err)
	defer db.Close(ctx)
	shifts, err := db.Conversations(ctx, "", "")
	require.NoError(t, err)
	var out []bh.FamilyRecord
	for _, sh := range shifts {
		r, err := db.ExportFamily(ctx, sh)
		require.NoError(t, err)
		out = append(out, r)
	}
	return out
}

// The reader gives every family of each fixture exactly as the old engine
// read it, record for record; -update keeps what it read as golden.
func TestTheOldEngineReadsWhatTheReaderReads(t *testing.T) {
	for _, fx := range fixtures {
		t.Run(fx, func(t *testing.T) {
			want := oldRead(t, fx)
			require.NotEmpty(t, want)
			got := records(t, fixtureDir(t, fx))
			assert.Equal(t, want, got)
			if *update {
				require.NoError(t, os.WriteFile(goldenPath(fx), summary(t, want), 0o600))
			}
		})
	}
}
