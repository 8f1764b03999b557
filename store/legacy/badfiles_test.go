package legacy_test

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.etcd.io/bbolt"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/legacy"
)

// A file that is not the old engine's, cut short, empty or from a newer
// version, and a log that is not its file's, are refused: the message
// names the file once, says what is wrong, that nothing was changed and
// what to do, and the folder is left byte for byte as it was.
func TestBadFilesAreRefusedUnchanged(t *testing.T) {
	write := func(name string, raw []byte) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), raw, 0o600))
		}
	}
	fixture := func(fx, name string, change func([]byte) []byte) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			raw, err := os.ReadFile(filepath.Join("testdata", fx, name))
			require.NoError(t, err)
			write(name, change(raw))(t, dir)
		}
	}
	same := func(b []byte) []byte { return b }
	bolt := func(f func(tx *bbolt.Tx) error) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			b, err := bbolt.Open(filepath.Join(dir, legacy.FileName), 0o600, nil)
			require.NoError(t, err)
			require.NoError(t, b.Update(f))
			require.NoError(t, b.Close())
		}
	}
	tests := []struct {
		name string
		make []func(t *testing.T, dir string)
		file string
		says string
	}{
		{"zero bytes", []func(*testing.T, string){write(legacy.FileName, nil)}, legacy.FileName, "is empty (0 bytes)"},
		{"text", []func(*testing.T, string){write(legacy.FileName, []byte("my notes, not a database\n"))}, legacy.FileName, "is not a BabyHandoff database"},
		{"another program's bbolt file", []func(*testing.T, string){bolt(func(tx *bbolt.Tx) error {
			b, err := tx.CreateBucket([]byte("songs"))
			if err == nil {
				err = b.Put([]byte("1"), []byte("lullaby"))
			}
			return err
		})}, legacy.FileName, "is not a BabyHandoff database"},
		{"cut", []func(*testing.T, string){fixture("v20261126", legacy.FileName, func(b []byte) []byte { return b[:len(b)/2] })}, legacy.FileName, "is cut short"},
		{"newer", []func(*testing.T, string){fixture("v20261126", legacy.FileName, same), bolt(func(tx *bbolt.Tx) error {
			return tx.Bucket([]byte("_meta")).Put([]byte("format"), []byte("5"))
		})}, legacy.FileName, "was written by a newer version"},
		{"a newer log", []func(*testing.T, string){fixture("v20261128-log", legacy.FileName, same),
			write(legacy.LogName, append([]byte("BHWAL\x00\x00\x02"), make([]byte, 64)...))}, legacy.LogName, "was written by a newer version"},
		{"not a log", []func(*testing.T, string){fixture("v20261128-log", legacy.FileName, same),
			write(legacy.LogName, []byte("my notes, not a log at all\n"))}, legacy.LogName, "is not a BabyHandoff database"},
		{"a log ahead of its file", []func(*testing.T, string){fixture("v20261128-log", legacy.FileName, same), fixture("v20261128-log", legacy.LogName, same),
			bolt(func(tx *bbolt.Tx) error { // an older copy of the file: it has fewer changes
				return tx.Bucket([]byte("_meta")).Put([]byte("wal"), binary.BigEndian.AppendUint64(nil, 10))
			})},
			legacy.LogName, "does not follow " + legacy.FileName},
		{"a log without its file", []func(*testing.T, string){fixture("v20261128-log", legacy.LogName, same)}, legacy.LogName, "holds 31 changes, but " + legacy.FileName + " is not beside it"},
		{"single file: text", []func(*testing.T, string){write(legacy.SingleFileName, []byte("my notes, not a database\n"))}, legacy.SingleFileName, "is not a BabyHandoff database"},
		{"single file: cut", []func(*testing.T, string){fixture("single", legacy.SingleFileName, func(b []byte) []byte { return b[:len(b)/2] })},
			legacy.SingleFileName, "is cut short"},
		{"single file: zero bytes", []func(*testing.T, string){write(legacy.SingleFileName, nil)}, legacy.SingleFileName, "is empty (0 bytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, m := range tt.make {
				m(t, dir)
			}
			path := filepath.Join(dir, tt.file)
			before := sums(t, dir)
			_, err := legacy.Read(dir, now())
			require.Error(t, err)
			assert.True(t, errors.Is(err, legacy.ErrBadFile), "%v", err)
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
			assert.Equal(t, 1, strings.Count(err.Error(), path), "names the file once: %s", err)
			msg := bh.ErrorMessage(err)
			assert.Equal(t, 1, strings.Count(err.Error(), msg), "says it once: %s", err)
			why := strings.ReplaceAll(msg, path, "FILE")
			assert.Contains(t, why, "FILE "+tt.says)
			assert.Contains(t, why, "Nothing was changed.")
			assert.Regexp(t, `move (it|the log) away|Run the newer version|Put (back )?the database file`, why, "says what to do")
			assert.Equal(t, before, sums(t, dir), "the folder is unchanged")
		})
	}
}
