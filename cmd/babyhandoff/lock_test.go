//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// DATA_DIR's lock keeps a second holder off, naming the first, until it
// is released.
func TestTheDataDirLockNamesItsHolder(t *testing.T) {
	dir := t.TempDir()
	unlock, err := lockDataDir(dir)
	require.NoError(t, err)
	_, err = lockDataDir(dir)
	assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), fmt.Sprintf("%s is in use by process %d.", dir, os.Getpid()))
	assert.Contains(t, bh.ErrorMessage(err), "MONGODB_URI")
	unlock()

	again, err := lockDataDir(dir)
	require.NoError(t, err, "free once released")
	again()
	assert.FileExists(t, filepath.Join(dir, lockFileName))
}
