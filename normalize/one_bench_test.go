package normalize_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// BenchmarkOneTuningNotes is one note's reading (One) per op, over every
// 20th note of the two tuning files: the notes a reading is tuned on, of
// every shape, rather than the few of BenchmarkRead.
func BenchmarkOneTuningNotes(b *testing.B) {
	var notes []bh.Note
	for _, name := range []string{healthTuning, everydayTuning} {
		f, err := os.Open(filepath.Join("testdata", "health", name))
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for i := 0; sc.Scan(); {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if i%20 == 0 {
				notes = append(notes, bh.Note{ID: "n", Text: line, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10})
			}
			i++
		}
		if err := sc.Err(); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		normalize.One(notes[i%len(notes)], newYork, mon10)
		i++
	}
}
