package main

// This file checks the moves' golden files against the old engine itself
// and writes testdata/moved (go test ./cmd/babyhandoff -run
// TestTheOldEngineReadsTheMovesGoldenFiles -update). Delete it with the
// old engine (package store's root); the golden files stay.

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/store"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestTheOldEngineReadsTheMovesGoldenFiles(t *testing.T) {
	ctx := context.Background()
	loc, err := time.LoadLocation(movedZone)
	require.NoError(t, err)
	for _, f := range earlierFormats {
		t.Run(f.name, func(t *testing.T) {
			// From a copy: the old engine's open may change the files.
			dir, _ := fixtureDir(t, f.name, f.files)
			old, err := store.Open(ctx, store.Config{DataDir: dir, Location: loc})
			require.NoError(t, err)
			defer old.Close(ctx)
			assert.Equal(t, goldenNotes(t, f.name), notesByFamily(t, old))
			live := liveByFamily(t, old)
			if *update {
				b, err := json.MarshalIndent(live, "", " ")
				require.NoError(t, err)
				_, path := movedGolden(f.name)
				require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o644))
			}
			assert.Equal(t, goldenLive(t, f.name), live)
		})
	}
}
