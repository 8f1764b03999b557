package normalize_test

// This file: the health corpora read once per test binary, and each note's
// Medical flag read once. The corpus-wide tests of health_test.go each read
// every note with the whole normaliser; two of them read the same notes.

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

// readCorpora reads every corpus file once: blank lines and "#" lines are
// skipped. Callers share the slices and must not change them.
var readCorpora = sync.OnceValues(func() (map[string][]string, error) {
	out := map[string][]string{}
	for _, name := range []string{healthTuning, healthHeldOut, everydayTuning, everydayHeldOut} {
		notes, err := readCorpus(name)
		if err != nil {
			return nil, err
		}
		out[name] = notes
	}
	return out, nil
})

func readCorpus(name string) ([]string, error) {
	f, err := os.Open(filepath.Join("testdata", "health", name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var notes []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		notes = append(notes, line)
	}
	return notes, sc.Err()
}

// corpusMedical is readsAsHealth of every corpus note, read once per test
// binary on every core (normalize.One is pure: TestNormalizeIsDeterministic).
var corpusMedical = sync.OnceValues(func() (map[string]bool, error) {
	files, err := readCorpora()
	if err != nil {
		return nil, err
	}
	var all []string
	for _, notes := range files {
		all = append(all, notes...)
	}
	read := make([]bool, len(all))
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(all); i += workers {
				read[i] = readsAsHealth(all[i])
			}
		})
	}
	wg.Wait()
	out := make(map[string]bool, len(all))
	for i, n := range all {
		out[n] = read[i]
	}
	return out, nil
})

// readsAsHealthInCorpus is readsAsHealth of a corpus note, read once.
func readsAsHealthInCorpus(t *testing.T, note string) bool {
	t.Helper()
	medical, err := corpusMedical()
	require.NoError(t, err)
	m, ok := medical[note]
	require.True(t, ok, "%q is no corpus note", note)
	return m
}
