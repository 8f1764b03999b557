package planfile

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// fillRect paints r in c.
func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// fillRound paints r in c with corners of radius rad, their edges smoothed:
// a square corner at phone size looks like a table cell, not a block.
func fillRound(img *image.RGBA, r image.Rectangle, rad int, c color.RGBA) {
	rad = min(rad, r.Dx()/2, r.Dy()/2)
	if rad <= 0 {
		fillRect(img, r, c)
		return
	}
	fillRect(img, image.Rect(r.Min.X, r.Min.Y+rad, r.Max.X, r.Max.Y-rad), c)
	fillRect(img, image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad, r.Min.Y+rad), c)
	fillRect(img, image.Rect(r.Min.X+rad, r.Max.Y-rad, r.Max.X-rad, r.Max.Y), c)
	// The four corners: each pixel covered by how far it is inside the
	// circle; (x0, y0) is a corner square's top left, (cx, cy) its circle's
	// centre.
	fr := float64(rad)
	for _, k := range [4][4]int{
		{r.Min.X, r.Min.Y, r.Min.X + rad, r.Min.Y + rad},
		{r.Max.X - rad, r.Min.Y, r.Max.X - rad, r.Min.Y + rad},
		{r.Min.X, r.Max.Y - rad, r.Min.X + rad, r.Max.Y - rad},
		{r.Max.X - rad, r.Max.Y - rad, r.Max.X - rad, r.Max.Y - rad},
	} {
		x0, y0, cx, cy := k[0], k[1], float64(k[2]), float64(k[3])
		for y := y0; y < y0+rad; y++ {
			for x := x0; x < x0+rad; x++ {
				d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
				blend(img, x, y, c, fr+0.5-d)
			}
		}
	}
}

// fillDiamond paints a diamond (a square on its point) of half-width rad
// centred at (cx, cy), its edges smoothed.
func fillDiamond(img *image.RGBA, cx, cy, rad int, c color.RGBA) {
	fr := float64(rad)
	for y := cy - rad; y <= cy+rad; y++ {
		for x := cx - rad; x <= cx+rad; x++ {
			d := math.Abs(float64(x-cx)) + math.Abs(float64(y-cy))
			// Distance to the edge along the normal is d/√2.
			blend(img, x, y, c, (fr-d)/math.Sqrt2+0.5)
		}
	}
}

// blend lays c over the pixel at (x, y) with coverage a (clipped to 0–1).
func blend(img *image.RGBA, x, y int, c color.RGBA, a float64) {
	if a <= 0 || !(image.Point{x, y}.In(img.Rect)) {
		return
	}
	if a >= 1 {
		img.SetRGBA(x, y, c)
		return
	}
	under := img.RGBAAt(x, y)
	mix := func(top, bottom uint8) uint8 { return uint8(math.Round(float64(top)*a + float64(bottom)*(1-a))) }
	img.SetRGBA(x, y, color.RGBA{mix(c.R, under.R), mix(c.G, under.G), mix(c.B, under.B), 0xFF})
}
