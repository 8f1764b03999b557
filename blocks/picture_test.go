package blocks_test

// This file: the README's picture of the Decision Card, drawn from the
// evening's card with the layout estimate's sizes (go test ./blocks -run
// TestREADMECardPicture -update draws docs/card.png again).

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/babyhandoff/babyhandoff/blocks"
)

// The README shows the evening's card as a picture: it is there, small,
// a PNG of the card as the tests make it now (its size follows the card's
// layout; its pixels are left to the font rasteriser's version).
func TestREADMECardPicture(t *testing.T) {
	path := filepath.Join("..", "docs", "card.png")
	img := drawCard(t, blocks.Card(eveningCard(t)).Blocks)
	if *update {
		var b bytes.Buffer
		require.NoError(t, (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img))
		require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	}
	raw, err := os.ReadFile(path)
	require.NoError(t, err, "no picture; run go test ./blocks -run TestREADMECardPicture -update")
	assert.Less(t, len(raw), 100_000, "a picture for a README, not a download")
	cfg, err := png.DecodeConfig(bytes.NewReader(raw))
	require.NoError(t, err)
	assert.Equal(t, img.Bounds().Dx(), cfg.Width, "the card changed: redraw the picture with -update")
	assert.Equal(t, img.Bounds().Dy(), cfg.Height, "the card changed: redraw the picture with -update")
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	require.NoError(t, err)
	assert.Contains(t, string(readme), `src="docs/card.png"`)
}

const scale = 2 // drawn at twice the phone's points, for a sharp picture

var (
	ink     = color.RGBA{0x1d, 0x1c, 0x1d, 0xff}
	grey    = color.RGBA{0x61, 0x60, 0x61, 0xff}
	line    = color.RGBA{0xdd, 0xdd, 0xdd, 0xff}
	green   = color.RGBA{0x00, 0x7a, 0x5a, 0xff}
	link    = color.RGBA{0x12, 0x64, 0xa3, 0xff}
	avatarC = color.RGBA{0xf2, 0xc7, 0x44, 0xff}
)

// palette keeps the PNG small: greys, and ramps from white to each colour.
func palette() color.Palette {
	var p color.Palette
	for i := 0; i < 16; i++ {
		v := uint8(255 - i*17)
		p = append(p, color.RGBA{v, v, v, 0xff})
	}
	for _, c := range []color.RGBA{ink, green, link, avatarC} {
		for i := 1; i <= 6; i++ {
			mix := func(a uint8) uint8 { return uint8(255 - (255-int(a))*i/6) }
			p = append(p, color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff})
		}
	}
	return p
}

type faces struct{ body, bold, head, small font.Face }

func loadFaces(t *testing.T) faces {
	t.Helper()
	face := func(ttf []byte, px float64) font.Face {
		f, err := opentype.Parse(ttf)
		require.NoError(t, err)
		fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px * scale, DPI: 72, Hinting: font.HintingFull})
		require.NoError(t, err)
		return fc
	}
	return faces{body: face(goregular.TTF, 15), bold: face(gobold.TTF, 15), head: face(gobold.TTF, 18), small: face(goregular.TTF, 12)}
}

var (
	dateToken = regexp.MustCompile(`<!date\^\d+\^[^|]*\|([^>]*)>`)
	linkToken = regexp.MustCompile(`<[^|>]*\|([^>]*)>`)
	// The Go fonts have no emoji: the picture leaves them out.
	emoji = regexp.MustCompile(`[\x{1F000}-\x{1FAFF}\x{2600}-\x{27BF}\x{FE0F}]\s?`)
)

// run is a piece of text in one style.
type run struct {
	text string
	bold bool
}

// readMrkdwn is mrkdwn as a reader sees it, in bold and plain runs.
func readMrkdwn(s string) []run {
	s = dateToken.ReplaceAllString(s, "$1")
	s = linkToken.ReplaceAllString(s, "$1")
	s = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "_", "", "~", "", "`", "").Replace(s)
	s = emoji.ReplaceAllString(s, "")
	var out []run
	for i, part := range strings.Split(s, "*") {
		if part != "" {
			out = append(out, run{part, i%2 == 1})
		}
	}
	return out
}

type canvas struct {
	img *image.RGBA
	f   faces
}

func (c *canvas) rect(x, y, w, h int, col color.Color) {
	draw.Draw(c.img, image.Rect(x, y, x+w, y+h), image.NewUniform(col), image.Point{}, draw.Src)
}

func (c *canvas) frame(x, y, w, h int, col color.Color) {
	c.rect(x, y, w, scale, col)
	c.rect(x, y+h-scale, w, scale, col)
	c.rect(x, y, scale, h, col)
	c.rect(x+w-scale, y, scale, h, col)
}

func (c *canvas) text(x, y int, s string, face font.Face, col color.Color) int {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
	return d.Dot.X.Round()
}

// paragraph draws runs wrapped to width from (x, y), lineH apart; it
// returns the height it took.
func (c *canvas) paragraph(x, y, width int, runs []run, plain, bold font.Face, col color.Color, lineH int) int {
	lines := 0
	for _, para := range splitLines(runs) {
		cx, base := x, y+lines*lineH+lineH*3/4
		lines++
		for _, r := range para {
			face := plain
			if r.bold {
				face = bold
			}
			for _, word := range strings.SplitAfter(r.text, " ") {
				w := font.MeasureString(face, word).Round()
				if cx+w > x+width && cx > x {
					cx, base = x, y+lines*lineH+lineH*3/4
					lines++
				}
				cx = c.text(cx, base, word, face, col)
			}
		}
	}
	return lines * lineH
}

// splitLines breaks runs at their newlines.
func splitLines(runs []run) [][]run {
	out := [][]run{nil}
	for _, r := range runs {
		for i, part := range strings.Split(r.text, "\n") {
			if i > 0 {
				out = append(out, nil)
			}
			if part != "" {
				out[len(out)-1] = append(out[len(out)-1], run{part, r.bold})
			}
		}
	}
	return out
}

// controlWidth is how wide control draws a button or menu.
func (c *canvas) controlWidth(label string, menu bool) int {
	w := font.MeasureString(c.f.bold, label).Round() + 32*scale
	if menu {
		w += 12 * scale
	}
	return w
}

// control draws a button (or a menu, with its ▾) at (x, y) and returns its
// width.
func (c *canvas) control(x, y int, label string, primary, menu bool) int {
	w, h := c.controlWidth(label, menu), 36*scale
	fg := color.Color(ink)
	if primary {
		c.rect(x, y, w, h, green)
		fg = color.White
	} else {
		c.frame(x, y, w, h, line)
	}
	c.text(x+16*scale, y+h/2+6*scale, label, c.f.bold, fg)
	if menu {
		tx, ty := x+w-22*scale, y+h/2-2*scale
		for i := 0; i < 5*scale; i++ { // ▾, a row of pixels at a time
			c.rect(tx+i, ty+i, 10*scale-2*i, 1, fg)
		}
	}
	return w
}

// overflow draws the ⋯ menu's button and returns its width.
func (c *canvas) overflow(x, y int) int {
	w, h := 44*scale, 36*scale
	c.frame(x, y, w, h, line)
	for i := -1; i <= 1; i++ {
		c.rect(x+w/2+i*7*scale-scale*3/2, y+h/2-scale*3/2, 3*scale, 3*scale, ink)
	}
	return w
}

// drawCard draws a message as the phone shows it: the app's name above,
// then each block at the height the layout estimate gives it.
func drawCard(t *testing.T, bl []slack.Block) *image.Paletted {
	t.Helper()
	const margin = 16 * scale
	width := blocks.PhoneWidth * scale
	height := blocks.Height(bl) * scale
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, width, height)), f: loadFaces(t)}
	c.rect(0, 0, width, height, color.White)
	// The message's chrome: the app's avatar, name and time.
	c.rect(margin, 10*scale, 36*scale, 36*scale, avatarC)
	c.text(margin+9*scale, 34*scale, "BH", c.f.bold, ink)
	x := c.text(margin+46*scale, 24*scale, "BabyHandoff", c.f.bold, ink)
	c.text(x+8*scale, 24*scale, "APP  9:43 PM", c.f.small, grey)
	y := 56 * scale
	column := width - 2*margin
	for _, b := range bl {
		h := blocks.Height([]slack.Block{b}) - blocks.Height(nil) - 8
		switch x := b.(type) {
		case *slack.HeaderBlock:
			c.paragraph(margin, y, column, []run{{x.Text.Text, true}}, c.f.head, c.f.head, ink, 28*scale)
		case *slack.SectionBlock:
			textW := column
			if a := x.Accessory; a != nil {
				textW -= 96 * scale
				switch {
				case a.ButtonElement != nil:
					bx := width - margin - c.controlWidth(a.ButtonElement.Text.Text, false)
					c.control(bx, y, a.ButtonElement.Text.Text, a.ButtonElement.Style == slack.StylePrimary, false)
				case a.SelectElement != nil:
					label := "Energy"
					if a.SelectElement.InitialOption != nil {
						label, _, _ = strings.Cut(a.SelectElement.InitialOption.Text.Text, " — ")
					}
					c.control(width-margin-c.controlWidth(label, true), y, label, false, true)
				case a.OverflowElement != nil:
					c.overflow(width-margin-44*scale, y)
				}
			}
			c.paragraph(margin, y, textW, readMrkdwn(x.Text.Text), c.f.body, c.f.bold, ink, 22*scale)
		case *slack.ContextBlock:
			var parts []string
			for _, e := range x.ContextElements.Elements {
				if tx, ok := e.(*slack.TextBlockObject); ok {
					parts = append(parts, tx.Text)
				}
			}
			c.paragraph(margin, y, column, readMrkdwn(strings.Join(parts, " ")), c.f.small, c.f.small, grey, 18*scale)
		case *slack.ActionBlock:
			cx, cy := margin, y
			for _, e := range x.Elements.ElementSet {
				var w int
				switch el := e.(type) {
				case *slack.ButtonBlockElement:
					w = c.controlWidth(el.Text.Text, false)
					if cx > margin && cx+w > margin+column {
						cx, cy = margin, cy+44*scale
					}
					c.control(cx, cy, el.Text.Text, el.Style == slack.StylePrimary, false)
				case *slack.OverflowBlockElement:
					w = 44 * scale
					if cx > margin && cx+w > margin+column {
						cx, cy = margin, cy+44*scale
					}
					c.overflow(cx, cy)
				}
				cx += w + 8*scale
			}
		case *slack.DividerBlock:
			c.rect(margin, y+8*scale, column, scale, line)
		}
		y += (h + 8) * scale
	}
	out := image.NewPaletted(c.img.Bounds(), palette())
	draw.Draw(out, out.Bounds(), c.img, image.Point{}, draw.Src)
	return out
}
