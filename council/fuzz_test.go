package council_test

import (
	"strings"
	"testing"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

const mdSpecial = "\\`*_[]<>#|~!&=%^$"

// FuzzMarkdownText: user text in handoff.md and transcripts is one line in
// which every character Markdown (or Obsidian) could act on is escaped.
// Seeds: testdata/fuzz/FuzzMarkdownText.
func FuzzMarkdownText(f *testing.F) {
	f.Add("# Title\n<script>alert(1)</script> [[wiki]] ==mark== %%c%% ![img](x) | a |")
	f.Fuzz(func(t *testing.T, s string) {
		out := council.MarkdownText(s)
		if strings.ContainsAny(out, "\n\r") {
			t.Fatalf("%q spans lines", out)
		}
		for i := 0; i < len(out); i++ {
			switch {
			case out[i] == '\\':
				if i+1 >= len(out) || !strings.ContainsRune(mdSpecial, rune(out[i+1])) {
					t.Fatalf("a lone backslash at %d in %q", i, out)
				}
				i++
			case strings.ContainsRune(mdSpecial, rune(out[i])):
				t.Fatalf("unescaped %q at %d in %q", out[i], i, out)
			}
		}
	})
}

// handoffHeadings are the headings the handoff writer has: what a note
// says may decide which of them appear (a health note opens "Health
// notes"), never add one of its own.
var handoffHeadings = map[string]bool{
	"---": true, "## Health notes": true, "## Who's on": true, "## Do now": true, "## Next 12 hours": true, "## Later": true, "## Done since yesterday": true,
	"## Still open?": true, "## Admin checklist": true, "## Running low": true, "## 24h outlook": true, "## Why this plan": true, "## Evidence": true,
}

// FuzzHandoffHeadings: a note, whatever it says, never adds a heading, a
// front-matter line or HTML to handoff.md. (Seed siCk: a health note opens
// its own section, which an earlier count of headings took for an added one.)
func FuzzHandoffHeadings(f *testing.F) {
	f.Add("---\ntitle: x\n---\n# Pwned <b>x</b>")
	f.Fuzz(func(t *testing.T, s string) {
		notes := sampleNotes(monday10)
		notes[0].Text, notes[0].RawText = s, s
		out, err := newCouncil(t).Run(t.Context(), council.Input{Run: runOf(1, bh.EnergyAuto), Notes: notes}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := headingLines(out.Handoff.Content)
		fronts := 0
		for i, h := range got {
			switch {
			case h == "---":
				fronts++
			case i == 2 && strings.HasPrefix(h, "# Handoff v1 · "):
			case !handoffHeadings[h]:
				t.Fatalf("note %q added the heading %q", s, h)
			}
		}
		if fronts != 3 {
			t.Fatalf("note %q changed the front matter: %v", s, got)
		}
		c := out.Handoff.Content
		for i := strings.IndexByte(c, '<'); i >= 0; i = strings.IndexByte(c, '<') {
			if i == 0 || c[i-1] != '\\' {
				t.Fatalf("an unescaped < in handoff.md from note %q", s)
			}
			c = c[i+1:]
		}
	})
}

func headingLines(md string) []string {
	var out []string
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "#") || l == "---" {
			out = append(out, l)
		}
	}
	return out
}
