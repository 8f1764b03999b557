package planfile

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sort"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are compiled in: the same glyphs on every machine, so the
// same plan draws the same picture.
var goFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("planfile: Go Regular: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("planfile: Go Bold: %w", err)
	}
	return [2]*opentype.Font{regular, bold}, nil
})

// face is a font at a size, with what it needs to leave out the characters
// it has no glyph for (emoji, most scripts): the Go fonts would draw each
// as an empty box.
type face struct {
	font.Face
	src *opentype.Font
	buf sfnt.Buffer
}

// newFace opens f at px pixels. A face is not safe for concurrent use:
// each picture opens its own.
func newFace(f *opentype.Font, px float64) (*face, error) {
	ff, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("planfile: a %g px face: %w", px, err)
	}
	return &face{Face: ff, src: f}, nil
}

// clean is s as one line this face can draw: spaces for line breaks and
// tabs, runs of spaces as one, no character without a glyph.
func (f *face) clean(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return -1
		}
		if i, err := f.src.GlyphIndex(&f.buf, r); err != nil || i == 0 {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func (f *face) width(s string) int { return font.MeasureString(f, s).Ceil() }

// fit is s cut with "…" to fit w pixels. It searches for the cut (a note
// can be thousands of characters long).
func (f *face) fit(s string, w int) string {
	if f.width(s) <= w {
		return s
	}
	r := []rune(s)
	cut := func(n int) string { return strings.TrimRight(string(r[:n]), " ") + "…" }
	// The first length whose cut is too wide; the one before it fits.
	n := sort.Search(len(r), func(n int) bool { return n > 0 && f.width(cut(n)) > w })
	if n <= 1 {
		return ""
	}
	return cut(n - 1)
}

// wrap breaks s into at most lines lines of w pixels, at spaces where it
// can; the last line ends in "…" when s does not fit.
func (f *face) wrap(s string, w, lines int) []string {
	words := strings.Fields(s)
	var out []string
	for len(words) > 0 && len(out) < lines {
		if len(out) == lines-1 {
			out = append(out, f.fit(strings.Join(words, " "), w))
			break
		}
		n := 1
		for n < len(words) && f.width(strings.Join(words[:n+1], " ")) <= w {
			n++
		}
		line := strings.Join(words[:n], " ")
		if f.width(line) > w { // one word longer than the line: break it
			cut := []rune(line)
			k := len(cut)
			for k > 1 && f.width(string(cut[:k])) > w {
				k--
			}
			words[0] = string(cut[k:])
			out = append(out, string(cut[:k]))
			continue
		}
		out = append(out, line)
		words = words[n:]
	}
	return out
}

// capHeight is how far a capital rises above the baseline, to centre a
// line on a row.
func (f *face) capHeight() int {
	if c := f.Metrics().CapHeight.Ceil(); c > 0 {
		return c
	}
	return f.Metrics().Ascent.Ceil() * 7 / 10
}

// drawText writes s with its baseline at y, from x; it returns where the
// text ends.
func drawText(img draw.Image, f *face, c color.Color, x, y int, s string) int {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
	return d.Dot.X.Ceil()
}
