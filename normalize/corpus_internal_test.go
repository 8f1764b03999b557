package normalize

// This file: the health corpora read and prepared once per test binary.
// The corpus-wide checks (guard_internal_test.go) each read every file and
// prepared every note again; the preparing is most of a reading, and the
// same text written twice, or left alike by a step, was checked twice.

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// corpusFiles are the health corpora, tuning and held-out, of both kinds.
var corpusFiles = []string{"health-tuning.txt", "health-heldout.txt", "everyday-tuning.txt", "everyday-heldout.txt"}

// corpusNote is one corpus line in each form the checks read.
type corpusNote struct {
	line        string // as written
	prepared    string // prepareText(line)
	plain       string // plain(prepared)
	plainOthers string // plain(markOthers(prepared))
}

// readCorpora reads and prepares every corpus file once, each file's notes
// in their order; the notes are prepared on every core (the reading is
// pure), which the test binary's first corpus-wide check waits for.
var readCorpora = sync.OnceValues(func() (map[string][]corpusNote, error) {
	out := make(map[string][]corpusNote, len(corpusFiles))
	for _, name := range corpusFiles {
		f, err := os.Open(filepath.Join("testdata", "health", name))
		if err != nil {
			return nil, err
		}
		var notes []corpusNote
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
				notes = append(notes, corpusNote{line: line})
			}
		}
		err = sc.Err()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
		out[name] = notes
	}
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			for _, name := range corpusFiles {
				notes := out[name]
				for i := w; i < len(notes); i += workers {
					n := &notes[i]
					n.prepared = prepareText(n.line)
					n.plain = plain(n.prepared)
					n.plainOthers = plain(markOthers(n.prepared))
				}
			}
		})
	}
	wg.Wait()
	return out, nil
})

// corpusNotes is the named corpus file's notes, read once per test binary.
func corpusNotes(t testing.TB, name string) []corpusNote {
	t.Helper()
	all, err := readCorpora()
	require.NoError(t, err)
	notes, ok := all[name]
	require.True(t, ok, "%s is not a corpus file", name)
	return notes
}

// corpusTexts is every distinct text the forms pick from the named corpus
// files' notes, in the order first met: a text met twice (a note whose
// preparing left it as written, or two forms alike) is checked once.
func corpusTexts(t testing.TB, files []string, forms ...func(corpusNote) string) []string {
	t.Helper()
	seen := map[string]bool{}
	var texts []string
	for _, name := range files {
		for _, n := range corpusNotes(t, name) {
			for _, form := range forms {
				if s := form(n); !seen[s] {
					seen[s] = true
					texts = append(texts, s)
				}
			}
		}
	}
	return texts
}

// The forms of a corpus note, for corpusTexts.
func asWritten(n corpusNote) string   { return n.line }
func asPrepared(n corpusNote) string  { return n.prepared }
func asPlain(n corpusNote) string     { return n.plain }
func othersPlain(n corpusNote) string { return n.plainOthers }
