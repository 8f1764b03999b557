package council_test

import (
	"bytes"
	stdhtml "html"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// FuzzMarkdownText: user text in handoff.md and transcripts is one line
// that a Markdown reader shows exactly as written (goldmark with GitHub's
// extensions is the reader; Obsidian's own marks are checked by hand), and
// that carries a backslash only where a reader would act without one.
// Seeds: testdata/fuzz/FuzzMarkdownText (with "\\0" and "<0@0>", which
// broke an earlier version).
func FuzzMarkdownText(f *testing.F) {
	f.Add("# Title\n<script>alert(1)</script> [[wiki]] ==mark== %%c%% ![img](x) | a |")
	f.Add("<3 diapers left")
	md := goldmark.New(goldmark.WithExtensions(extension.Strikethrough, extension.Table, extension.TaskList))
	f.Fuzz(func(t *testing.T, s string) {
		out := council.MarkdownText(s)
		if strings.ContainsAny(out, "\n\r") {
			t.Fatalf("%q spans lines", out)
		}
		// As written, once white space is one space and controls are gone.
		want := strings.Map(func(r rune) rune {
			if r < ' ' || r == 0x7f {
				return ' '
			}
			return r
		}, strings.ToValidUTF8(s, "\uFFFD"))
		want = strings.Join(strings.Fields(want), " ")
		var html bytes.Buffer
		if err := md.Convert([]byte("- "+out+"\n"), &html); err != nil {
			t.Fatal(err)
		}
		inner, ok := strings.CutPrefix(html.String(), "<ul>\n<li>")
		inner, ok2 := strings.CutSuffix(inner, "</li>\n</ul>\n")
		if !ok || !ok2 || strings.Contains(inner, "<") {
			t.Fatalf("%q → %q is not one plain list item: %q", s, out, html.String())
		}
		if got := stdhtml.UnescapeString(inner); got != want {
			t.Fatalf("%q → %q reads %q", s, out, got)
		}
		for i := 0; i < len(out); i++ {
			c := out[i]
			if c == '\\' {
				i++
				continue
			}
			next := byte(0)
			if i+1 < len(out) {
				next = out[i+1]
			}
			switch {
			case (c == '=' || c == '%') && next == c:
				t.Fatalf("an Obsidian %c%c in %q", c, c, out)
			case c == '$' && strings.Contains(out[i+1:], "$") && !strings.Contains(out[i+1:], "\\$"):
				t.Fatalf("Obsidian math in %q", out)
			case c == '#' && (i == 0 || out[i-1] == ' ') && obsidianTag(out[i+1:]):
				t.Fatalf("an Obsidian tag in %q", out)
			}
		}
	})
}

// obsidianTag reports whether rest, right after a '#', is an Obsidian tag:
// it holds letters, digits, '_', '-', '/' and any non-ASCII, and not
// digits alone ("#1" is no tag, "#!" neither: seed "0 #!"; "#1a" is one).
func obsidianTag(rest string) bool {
	name := rest
	if j := strings.IndexFunc(rest, func(r rune) bool {
		return !(r >= 0x80 || r == '_' || r == '-' || r == '/' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'))
	}); j >= 0 {
		name = rest[:j]
	}
	return strings.Trim(name, "0123456789") != ""
}

// handoffHeadings are the headings the handoff writer has: what a note
// says may decide which of them appear (a health note opens "Health
// notes"), never add one of its own.
var handoffHeadings = map[string]bool{
	"---": true, "## Health notes": true, "## Who's on": true, "## Do now": true, "## Next 3 hours": true, "## Then": true, "## Later": true,
	"## Done since yesterday": true, "## Resolved since yesterday": true, "## Still open?": true, "## Admin checklist": true, "## Running low": true,
	"## Prep now": true, "## Notes": true,
}

// FuzzHandoffHeadings: a note, whatever it says, never adds a heading, a
// rule or HTML to handoff.md. (Seed siCk: a health note opens
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
			case i == 0 && h == "# Handoff v1 · next 12h":
			case !handoffHeadings[h]:
				t.Fatalf("note %q added the heading %q", s, h)
			}
		}
		if fronts != 0 {
			t.Fatalf("note %q added a rule: %v", s, got)
		}
		// A reader shows no HTML of the note's and follows no link of it.
		var html bytes.Buffer
		if err := goldmark.Convert([]byte(out.Handoff.Content), &html); err != nil {
			t.Fatal(err)
		}
		if h := html.String(); strings.Contains(h, "raw HTML omitted") || strings.Contains(h, "<a ") || strings.Contains(h, "<img") {
			t.Fatalf("note %q made HTML or a link in handoff.md: %s", s, h)
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
