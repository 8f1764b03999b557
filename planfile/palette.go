package planfile

import "image/color"

// The picture's colours. Kinds take the Okabe–Ito palette, which people
// with the common colour-vision deficiencies tell apart: a strong colour for
// a block's edge and a light tint of it behind its text, so dark text stays
// readable. Rest is blue and errands orange, the pair that stays apart for
// everyone; each block also says its kind in words.
var (
	paper     = rgb(0xFF, 0xFF, 0xFF)
	ink       = rgb(0x1F, 0x29, 0x33) // titles and text in blocks
	inkSoft   = rgb(0x52, 0x60, 0x6D) // hour labels, times, the header's second line
	gridHour  = rgb(0xD5, 0xDA, 0xE0)
	gridHalf  = rgb(0xEE, 0xF0, 0xF3)
	quietTint = rgb(0xE6, 0xE8, 0xEC) // quiet hours: light grey, under everything
	nowRed    = rgb(0xD0, 0x10, 0x1C)
	dueFill   = rgb(0xF0, 0xE4, 0x42) // a warning-sign yellow diamond…
	dueEdge   = rgb(0x1F, 0x29, 0x33) // …with a dark edge, never red like the now-line
)

// kindColour is a kind's edge and tint.
type kindColour struct{ Edge, Fill color.RGBA }

// kinds lists the block kinds in the legend's order.
var kinds = []string{"rest", "errand", "admin", "focus", "commitment", "care", "buffer"}

var palette = map[string]kindColour{
	"rest":       {rgb(0x00, 0x72, 0xB2), rgb(0xCF, 0xE3, 0xF3)}, // blue
	"errand":     {rgb(0xE6, 0x9F, 0x00), rgb(0xFB, 0xE6, 0xBF)}, // orange
	"admin":      {rgb(0xCC, 0x79, 0xA7), rgb(0xF4, 0xDC, 0xEA)}, // reddish purple
	"focus":      {rgb(0x56, 0xB4, 0xE9), rgb(0xDD, 0xF0, 0xFB)}, // sky blue
	"commitment": {rgb(0x00, 0x9E, 0x73), rgb(0xC8, 0xEB, 0xDD)}, // bluish green
	"care":       {rgb(0xD5, 0x5E, 0x00), rgb(0xF7, 0xD9, 0xC4)}, // vermillion
	"buffer":     {rgb(0x8E, 0x95, 0x9C), rgb(0xF4, 0xF5, 0xF6)}, // grey
}

// otherKind colours a kind the list does not know.
var otherKind = kindColour{rgb(0x6B, 0x72, 0x7A), rgb(0xF0, 0xF1, 0xF3)}

func colourOf(kind string) kindColour {
	if c, ok := palette[kind]; ok {
		return c
	}
	return otherKind
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xFF} }
