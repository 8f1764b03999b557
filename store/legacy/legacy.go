// Package legacy reads, and never writes, the data of the embedded engine
// that BabyHandoff used before SQLite, for the one-time move into SQLite:
//
//   - the bbolt file babyhandoff.bolt (formats 1 to 4: the engine's
//     collections as BSON, and beside them the "_shelf" of notes, radar
//     states, replies and run details), with its write-ahead log
//     babyhandoff.bolt.wal, whose records the file does not have yet are
//     replayed in memory, up to the first one a crash cut short, as the
//     engine did at open;
//   - the older single file babyhandoff.db (lungo's one BSON document).
//
// It gives back each family's documents as the old engine's export gave
// them after its open: run details, states and notes it kept in its
// collections moved to the shelf's place, and each conversation from
// before families made the family it founded. It is a decoder of frozen
// formats, not a database: no writer, no cache, no index.
//
// Delete this package (and the move in cmd/babyhandoff/migrate.go) once no
// installation can still hold a data folder from before SQLite: v20261128
// is the first version on SQLite by default and moves such a folder at its
// first start, so this can go in the first release whose notes say
// "upgrade from a version older than v20261128 through v20261128 first".
package legacy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// The old engine's files in a data folder.
const (
	// FileName is the bbolt file.
	FileName = "babyhandoff.bolt"
	// LogName is its write-ahead log.
	LogName = FileName + ".wal"
	// SingleFileName is the single file of the versions before FileName.
	// SQLite's file has the same name: its first bytes tell them apart.
	SingleFileName = "babyhandoff.db"
)

// Family is one family's documents, collection by collection, as the old
// engine stored and exported them (archive.Dump's shape): the export
// format's decoder reads them.
type Family struct {
	Shift       bh.Shift
	Collections map[string][]bson.Raw
}

// Read reads every family of the old engine's files in dir: FileName and
// its log, or else SingleFileName. now stamps the per-person settings a
// conversation from before families passes to its person (as the old
// engine's open did). It only reads: the files stay byte for byte as they
// were. A file that is not the engine's, cut short, empty, or from a newer
// version is refused with an EINVALID error that names it and says what
// to do.
func Read(dir string, now time.Time) (fams []Family, err error) {
	bolt, log := filepath.Join(dir, FileName), filepath.Join(dir, LogName)
	defer func() {
		// bbolt panics on pages it cannot follow; that is a damaged file.
		if p := recover(); p != nil {
			fams, err = nil, notOurs(bolt, fmt.Errorf("%v", p))
		}
	}()
	var d *data
	switch _, serr := os.Stat(bolt); {
	case serr == nil:
		if d, err = readBolt(bolt); err == nil {
			err = d.replay(log)
		}
	case !errors.Is(serr, os.ErrNotExist):
		return nil, serr
	default:
		if err = orphanLog(log); err != nil {
			return nil, err
		}
		d, err = readSingle(filepath.Join(dir, SingleFileName))
	}
	if err != nil {
		return nil, err
	}
	e, err := d.engineView()
	if err != nil {
		return nil, notOurs(d.path, err)
	}
	if err := e.makeFamilies(now); err != nil {
		return nil, err
	}
	return e.families()
}

// ErrBadFile is in every refusal of a file: its message is whole (it
// names the file once, says what is wrong, that nothing was changed and
// what to do), to be shown as it is.
var ErrBadFile = errors.New("an old file the move cannot read")

func badFile(path, what, todo string, err error) error {
	if err == nil {
		err = ErrBadFile
	} else {
		err = fmt.Errorf("%w: %w", ErrBadFile, err)
	}
	subject := "The old embedded database"
	if filepath.Base(path) == LogName {
		subject += "'s log"
	}
	return &bh.Error{Code: bh.EINVALID, Err: err,
		Message: fmt.Sprintf("%s %s %s, so it cannot be moved into SQLite. Nothing was changed. %s", subject, path, what, todo)}
}

// restore is what to do about a file that cannot be read.
func restore(path string) string {
	if filepath.Base(path) == FileName {
		return "Restore it from a backup, or move it away (with " + LogName + " beside it) to start with an empty database."
	}
	return "Restore it from a backup, or move it away to start with an empty database."
}

func notOurs(path string, err error) error {
	return badFile(path, "is not a BabyHandoff database (another program's file, or a damaged one)", restore(path), err)
}

func cutShort(path string, err error) error {
	return badFile(path, "is cut short (a copy or a disk that stopped half-way)", restore(path), err)
}

func empty(path string) error {
	return badFile(path, "is empty (0 bytes)", restore(path), nil)
}

func newer(path string, err error) error {
	return badFile(path, "was written by a newer version of BabyHandoff", "Run the newer version on it.", err)
}

// str is a string field of a document ("" when it is not one).
func str(raw bson.Raw, key string) string {
	v, _ := raw.Lookup(key).StringValueOK()
	return v
}

// byID sorts documents by their string _id, as the old export listed them.
func byID(docs []bson.Raw) {
	slices.SortStableFunc(docs, func(a, b bson.Raw) int { return strings.Compare(str(a, "_id"), str(b, "_id")) })
}
