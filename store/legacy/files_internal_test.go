package legacy

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The log fixture is what a kill leaves: its log holds acknowledged
// changes its file does not have yet, which only a replay sees.
func TestTheLogFixtureHoldsChangesTheFileLacks(t *testing.T) {
	dir := filepath.Join("testdata", "v20261128-log")
	d, err := readBolt(filepath.Join(dir, FileName))
	require.NoError(t, err)
	recs, err := readLog(filepath.Join(dir, LogName))
	require.NoError(t, err)
	require.NotEmpty(t, recs)
	assert.Greater(t, recs[len(recs)-1].seq, d.applied, "changes past the file's")
	t.Logf("the file has changes up to %d; the log holds %d to %d", d.applied, recs[0].seq, recs[len(recs)-1].seq)
}
