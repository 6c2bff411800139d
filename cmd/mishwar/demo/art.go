package demo

import (
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"regexp"
	"strings"
	"time"
)

// The demo ships its own pictures: one generated SVG scene per destination, program and category, so
// the catalogue looks finished with no internet and no photo rights. A scene is a sky gradient with a
// sun or moon, layers of land, and a silhouette of what the place is (pyramids, domes and minarets, a
// tower, a felucca on the Nile, ...), varied by a hash of its name so no two look alike.

// ArtPath is where the scene for motif and name is served: /art/<motif>/<name>.svg.
func ArtPath(motif, name string) string { return "/art/" + motif + "/" + name + ".svg" }

var artPattern = regexp.MustCompile(`^/art/([a-z-]+)/([a-z0-9-]+)\.svg$`)

// ArtHandler serves /art/<motif>/<name>.svg. The scenes never change for a name, so they are cached
// for a year.
func ArtHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := artPattern.FindStringSubmatch(r.URL.Path)
		if m == nil || motifs[m[1]] == nil {
			http.NotFound(w, r)
			return
		}
		svg := Scene(m[1], m[2])
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		http.ServeContent(w, r, m[2]+".svg", time.Time{}, strings.NewReader(svg))
	})
}

// Motifs lists the scenes Scene can draw.
func Motifs() []string {
	out := make([]string, 0, len(motifs))
	for k := range motifs {
		out = append(out, k)
	}
	return out
}

type palette struct{ skyTop, skyBottom, sun, far, near, ink string }

// Palettes by time of day: dawn, noon haze, golden hour, dusk, night.
var palettes = []palette{
	{"#f6d6b8", "#fbeee0", "#fff4e0", "#e2b98f", "#c9955f", "#5b3a24"},
	{"#9cc7e4", "#e9f2f6", "#fffbe8", "#e6cfa3", "#d2ae74", "#4a3323"},
	{"#f3a65b", "#fbe1b0", "#fff1c9", "#d99a5b", "#b7773f", "#3f2718"},
	{"#6d5a8e", "#f0a77c", "#ffd9a8", "#a8715b", "#7b4f3f", "#2b1b1a"},
	{"#14213d", "#3d4e7a", "#f4f1de", "#2c3657", "#1f2742", "#0d1222"},
}

func hash(s string) uint32 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(s))
	return h.Sum32()
}

// Scene renders the scene for motif (see Motifs) and name as a 1200×800 SVG.
func Scene(motif, name string) string {
	h := hash(motif + "/" + name)
	p := palettes[h%uint32(len(palettes))]
	night := p == palettes[4]
	sunX := 180 + float64((h>>4)%840)
	sunY := 150 + float64((h>>12)%140)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800" role="img">`)
	fmt.Fprintf(&b, `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, p.skyTop, p.skyBottom)
	fmt.Fprintf(&b, `<radialGradient id="glow"><stop offset="0" stop-color="%s" stop-opacity=".9"/><stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient></defs>`, p.sun, p.sun)
	b.WriteString(`<rect width="1200" height="800" fill="url(#sky)"/>`)
	if night {
		for i := range 40 {
			x := (h>>uint(i%24))*uint32(37+i) + uint32(i)*131
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%.1f" fill="#fff" opacity=".%d"/>`, x%1200, (x/1200)%380, 1+float64(i%3)*.6, 4+i%5)
		}
	}
	fmt.Fprintf(&b, `<circle cx="%.0f" cy="%.0f" r="170" fill="url(#glow)"/><circle cx="%.0f" cy="%.0f" r="56" fill="%s"/>`, sunX, sunY, sunX, sunY, p.sun)
	if !night && h%3 == 0 {
		for i := range 3 {
			bx, by := 300+float64((h>>uint(i*5))%600), 120+float64(i*22)
			fmt.Fprintf(&b, `<path d="M%.0f %.0f q10 -10 20 0 q10 -10 20 0" fill="none" stroke="%s" stroke-width="3" opacity=".6"/>`, bx, by, p.ink)
		}
	}
	// Far land: a soft wave; near land: the ground the silhouette stands on.
	fmt.Fprintf(&b, `<path d="%s" fill="%s" opacity=".75"/>`, wave(560, 30, float64(h%628)/100, 1200), p.far)
	motifs[motif](&b, p, h)
	if motif != "nile" && motif != "tower" { // those stand by the river, drawn by the motif itself
		fmt.Fprintf(&b, `<path d="%s" fill="%s"/>`, wave(680, 14, float64((h>>8)%628)/100, 1200), p.near)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// wave is a closed path of a gentle hill line at height y down to the bottom edge.
func wave(y, amp, phase, width float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "M0 800 L0 %.1f", y)
	for x := 0.0; x <= width; x += 40 {
		fmt.Fprintf(&b, " L%.0f %.1f", x, y+amp*math.Sin(x/170+phase))
	}
	fmt.Fprintf(&b, " L%.0f 800 Z", width)
	return b.String()
}

type drawFunc func(b *strings.Builder, p palette, h uint32)

var motifs map[string]drawFunc

// init fills motifs here because drawCategory picks from it.
func init() {
	motifs = map[string]drawFunc{
		"pyramids":     drawPyramids,
		"step-pyramid": drawStepPyramid,
		"bent-pyramid": drawBentPyramid,
		"sphinx":       drawSphinx,
		"colossus":     drawColossus,
		"museum":       drawMuseum,
		"mosque":       drawMosque,
		"citadel":      drawCitadel,
		"gate":         drawGate,
		"street":       drawStreet,
		"market":       drawMarket,
		"church":       drawChurch,
		"tower":        drawTower,
		"palace":       drawPalace,
		"opera":        drawOpera,
		"nile":         drawNile,
		"garden":       drawGarden,
		"mall":         drawMall,
		"car":          drawCar,
		"category":     drawCategory,
	}
}

func fill(b *strings.Builder, color, d string) { fmt.Fprintf(b, `<path d="%s" fill="%s"/>`, d, color) }

func drawPyramids(b *strings.Builder, p palette, h uint32) {
	off := float64(h % 120)
	for i, py := range []struct{ x, w, top float64 }{{260 + off, 520, 250}, {620 + off, 400, 330}, {860 + off, 230, 450}} {
		x, w := py.x, py.w
		fill(b, p.ink, fmt.Sprintf("M%.0f 690 L%.0f %.0f L%.0f 690 Z", x-w/2, x, py.top, x+w/2))
		// The lit face.
		fmt.Fprintf(b, `<path d="M%.0f 690 L%.0f %.0f L%.0f 690 Z" fill="%s" opacity="%.2f"/>`, x, x, py.top, x+w/2, p.far, .35+float64(i)*.1)
	}
	drawPalms(b, p, 80, 3, h)
}

func drawStepPyramid(b *strings.Builder, p palette, h uint32) {
	cx := 560 + float64(h%160)
	for i := range 6 {
		w := 560 - float64(i)*80
		y := 690 - float64(i+1)*52
		fill(b, p.ink, fmt.Sprintf("M%.0f %.0f L%.0f %.0f L%.0f %.0f L%.0f %.0f Z", cx-w/2, y+52, cx-w/2+14, y, cx+w/2-14, y, cx+w/2, y+52))
	}
	drawPalms(b, p, 90, 2, h)
}

func drawBentPyramid(b *strings.Builder, p palette, h uint32) {
	cx := 520 + float64(h%160)
	fill(b, p.ink, fmt.Sprintf("M%.0f 690 L%.0f 470 L%.0f 300 L%.0f 470 L%.0f 690 Z", cx-300, cx-200, cx, cx+200, cx+300))
	fill(b, p.ink, "M960 690 L1060 560 L1160 690 Z")
}

func drawSphinx(b *strings.Builder, p palette, h uint32) {
	x := 260 + float64(h%100)
	fill(b, p.ink, fmt.Sprintf("M%.0f 690 L%.0f 600 Q%.0f 560 %.0f 560 L%.0f 560 L%.0f 470 Q%.0f 430 %.0f 440 L%.0f 470 L%.0f 540 L%.0f 600 L%.0f 690 Z",
		x, x+40, x+60, x+140, x+380, x+390, x+440, x+480, x+500, x+500, x+560, x+560))
	fill(b, p.ink, "M820 690 L990 400 L1160 690 Z")
}

func drawColossus(b *strings.Builder, p palette, h uint32) {
	x := 300 + float64(h%200)
	fill(b, p.ink, fmt.Sprintf("M%.0f 690 L%.0f 640 L%.0f 640 L%.0f 520 Q%.0f 470 %.0f 470 L%.0f 470 Q%.0f 430 %.0f 420 L%.0f 420 Q%.0f 430 %.0f 470 L%.0f 470 L%.0f 640 L%.0f 690 Z",
		x, x, x+40, x+60, x+70, x+120, x+200, x+210, x+240, x+280, x+300, x+310, x+380, x+560, x+560))
	drawPalms(b, p, 900, 3, h)
}

func drawColumns(b *strings.Builder, color string, x, y, w, hgt float64, n int) {
	gap := w / float64(n)
	for i := range n {
		cx := x + gap*float64(i) + gap/2
		fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="%s"/>`, cx-gap/5, y, gap/2.5, hgt, color)
	}
}

func drawMuseum(b *strings.Builder, p palette, h uint32) {
	x := 250 + float64(h%160)
	fill(b, p.ink, fmt.Sprintf("M%.0f 430 L%.0f 360 L%.0f 430 Z", x, x+350, x+700))
	fmt.Fprintf(b, `<rect x="%.0f" y="430" width="700" height="30" fill="%s"/>`, x, p.ink)
	drawColumns(b, p.ink, x+20, 460, 660, 200, 8)
	fmt.Fprintf(b, `<rect x="%.0f" y="655" width="740" height="35" fill="%s"/>`, x-20, p.ink)
}

func dome(b *strings.Builder, color string, cx, base, r float64) {
	fill(b, color, fmt.Sprintf("M%.0f %.0f A%.0f %.0f 0 0 1 %.0f %.0f Z", cx-r, base, r, r*1.1, cx+r, base))
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="4" height="%.0f" fill="%s"/><circle cx="%.0f" cy="%.0f" r="7" fill="%s"/>`, cx-2, base-r*1.1-40, 40.0, color, cx, base-r*1.1-44, color)
}

func minaret(b *strings.Builder, color string, x, top float64) {
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="26" height="%.0f" fill="%s"/>`, x-13, top, 690-top, color)
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="40" height="10" fill="%s"/><rect x="%.0f" y="%.0f" width="40" height="10" fill="%s"/>`, x-20, top+60, color, x-20, top+150, color)
	fill(b, color, fmt.Sprintf("M%.0f %.0f L%.0f %.0f L%.0f %.0f Z", x-13, top, x, top-70, x+13, top))
}

func drawMosque(b *strings.Builder, p palette, h uint32) {
	cx := 560 + float64(h%120)
	fmt.Fprintf(b, `<rect x="%.0f" y="520" width="520" height="170" fill="%s"/>`, cx-260, p.ink)
	dome(b, p.ink, cx, 520, 150)
	dome(b, p.ink, cx-190, 540, 60)
	dome(b, p.ink, cx+190, 540, 60)
	minaret(b, p.ink, cx-320, 250)
	if h%2 == 0 {
		minaret(b, p.ink, cx+320, 270)
	}
	for i := range 5 {
		ax := cx - 200 + float64(i)*100
		fmt.Fprintf(b, `<path d="M%.0f 690 L%.0f 620 A30 30 0 0 1 %.0f 620 L%.0f 690 Z" fill="%s" opacity=".5"/>`, ax-30, ax-30, ax+30, ax+30, p.far)
	}
}

func drawCitadel(b *strings.Builder, p palette, h uint32) {
	fill(b, p.ink, "M0 690 L0 600 L60 600 L60 570 L110 570 L110 600 L1200 600 L1200 690 Z")
	for x := 0.0; x < 1200; x += 60 {
		fmt.Fprintf(b, `<rect x="%.0f" y="585" width="30" height="20" fill="%s"/>`, x, p.ink)
	}
	cx := 600 + float64(h%100)
	fmt.Fprintf(b, `<rect x="%.0f" y="470" width="360" height="140" fill="%s"/>`, cx-180, p.ink)
	dome(b, p.ink, cx, 470, 110)
	minaret(b, p.ink, cx-220, 160)
	minaret(b, p.ink, cx+220, 160)
}

func drawGate(b *strings.Builder, p palette, h uint32) {
	cx := 600 + float64(h%80) - 40
	fmt.Fprintf(b, `<rect x="%.0f" y="420" width="190" height="270" fill="%s"/><rect x="%.0f" y="420" width="190" height="270" fill="%s"/>`, cx-330, p.ink, cx+140, p.ink)
	fmt.Fprintf(b, `<rect x="%.0f" y="480" width="280" height="210" fill="%s"/>`, cx-140, p.ink)
	fmt.Fprintf(b, `<path d="M%.0f 690 L%.0f 580 A80 80 0 0 1 %.0f 580 L%.0f 690 Z" fill="%s"/>`, cx-80, cx-80, cx+80, cx+80, p.far)
	minaret(b, p.ink, cx-235, 230)
	minaret(b, p.ink, cx+235, 230)
}

func drawStreet(b *strings.Builder, p palette, h uint32) {
	x := 0.0
	for i := 0; x < 1200; i++ {
		w := 120 + float64((h>>uint(i%20))%90)
		top := 380 + float64((h>>uint((i+3)%20))%180)
		fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="%s"/>`, x, top, w-6, 690-top, p.ink)
		for wy := top + 30; wy < 640; wy += 70 {
			fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="34" rx="12" fill="%s" opacity=".55"/>`, x+w/2-18, wy, 30.0, p.sun)
		}
		if i%3 == 1 {
			minaret(b, p.ink, x+w/2, top-160)
		}
		x += w
	}
}

func drawMarket(b *strings.Builder, p palette, h uint32) {
	fmt.Fprintf(b, `<rect x="0" y="420" width="1200" height="270" fill="%s"/>`, p.ink)
	for i := range 6 {
		ax := 100 + float64(i)*200
		fmt.Fprintf(b, `<path d="M%.0f 690 L%.0f 540 A70 70 0 0 1 %.0f 540 L%.0f 690 Z" fill="%s" opacity=".6"/>`, ax-70, ax-70, ax+70, ax+70, p.far)
	}
	for i := range 9 {
		lx := 70 + float64(i)*130 + float64(h%40)
		fmt.Fprintf(b, `<line x1="%.0f" y1="420" x2="%.0f" y2="470" stroke="%s" stroke-width="2"/>`, lx, lx, p.ink)
		fill(b, p.sun, fmt.Sprintf("M%.0f 470 L%.0f 490 L%.0f 520 L%.0f 520 L%.0f 490 Z", lx, lx-16, lx-8, lx+8, lx+16))
	}
}

func drawChurch(b *strings.Builder, p palette, h uint32) {
	cx := 560 + float64(h%120)
	fmt.Fprintf(b, `<rect x="%.0f" y="470" width="420" height="220" fill="%s"/>`, cx-210, p.ink)
	fill(b, p.ink, fmt.Sprintf("M%.0f 470 L%.0f 380 L%.0f 470 Z", cx-230, cx, cx+230))
	for _, tx := range []float64{cx - 260, cx + 200} {
		fmt.Fprintf(b, `<rect x="%.0f" y="300" width="60" height="390" fill="%s"/>`, tx, p.ink)
		fill(b, p.ink, fmt.Sprintf("M%.0f 300 L%.0f 250 L%.0f 300 Z", tx, tx+30, tx+60))
		fmt.Fprintf(b, `<rect x="%.0f" y="200" width="6" height="50" fill="%s"/><rect x="%.0f" y="214" width="26" height="6" fill="%s"/>`, tx+27, p.ink, tx+17, p.ink)
	}
	fmt.Fprintf(b, `<path d="M%.0f 690 L%.0f 600 A40 40 0 0 1 %.0f 600 L%.0f 690 Z" fill="%s" opacity=".6"/>`, cx-40, cx-40, cx+40, cx+40, p.far)
}

func drawTower(b *strings.Builder, p palette, h uint32) {
	cx := 600 + float64(h%200) - 100
	fill(b, p.ink, fmt.Sprintf("M%.0f 690 L%.0f 260 L%.0f 260 L%.0f 690 Z", cx-40, cx-22, cx+22, cx+40))
	// The lotus crown.
	fill(b, p.ink, fmt.Sprintf("M%.0f 260 Q%.0f 200 %.0f 150 Q%.0f 190 %.0f 210 Q%.0f 160 %.0f 120 Q%.0f 160 %.0f 210 Q%.0f 190 %.0f 150 Q%.0f 200 %.0f 260 Z",
		cx-40, cx-70, cx-60, cx-40, cx-25, cx-10, cx, cx+10, cx+25, cx+40, cx+60, cx+70, cx+40))
	fmt.Fprintf(b, `<rect x="%.0f" y="90" width="4" height="40" fill="%s"/>`, cx-2, p.ink)
	drawNileWater(b, p)
}

func drawPalace(b *strings.Builder, p palette, h uint32) {
	cx := 600 + float64(h%100) - 50
	fmt.Fprintf(b, `<rect x="%.0f" y="470" width="760" height="220" fill="%s"/>`, cx-380, p.ink)
	fmt.Fprintf(b, `<rect x="%.0f" y="380" width="220" height="310" fill="%s"/>`, cx-110, p.ink)
	dome(b, p.ink, cx, 380, 90)
	for i := range 10 {
		wx := cx - 350 + float64(i)*72
		if wx > cx-120 && wx < cx+110 {
			continue
		}
		fmt.Fprintf(b, `<path d="M%.0f 640 L%.0f 530 A22 22 0 0 1 %.0f 530 L%.0f 640 Z" fill="%s" opacity=".55"/>`, wx, wx, wx+44, wx+44, p.sun)
	}
	drawPalms(b, p, 60, 2, h)
}

func drawOpera(b *strings.Builder, p palette, h uint32) {
	cx := 600 + float64(h%100) - 50
	fmt.Fprintf(b, `<rect x="%.0f" y="500" width="640" height="190" fill="%s"/>`, cx-320, p.ink)
	dome(b, p.ink, cx, 500, 170)
	dome(b, p.ink, cx-250, 500, 50)
	dome(b, p.ink, cx+250, 500, 50)
	for i := range 7 {
		ax := cx - 240 + float64(i)*80
		fmt.Fprintf(b, `<path d="M%.0f 690 L%.0f 600 A25 25 0 0 1 %.0f 600 L%.0f 690 Z" fill="%s" opacity=".6"/>`, ax-25, ax-25, ax+25, ax+25, p.sun)
	}
}

func drawNileWater(b *strings.Builder, p palette) {
	fmt.Fprintf(b, `<rect x="0" y="660" width="1200" height="140" fill="%s" opacity=".9"/>`, p.skyTop)
	for i := range 8 {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="3" fill="%s" opacity=".5"/>`, 80+i*140, 690+(i%3)*25, 60+(i%4)*20, p.sun)
	}
}

func drawNile(b *strings.Builder, p palette, h uint32) {
	// The far bank with a city line.
	x := 0.0
	for i := 0; x < 1200; i++ {
		w := 60 + float64((h>>uint(i%16))%70)
		top := 520 + float64((h>>uint((i+5)%16))%90)
		fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="%s" opacity=".7"/>`, x, top, w-4, 660-top, p.ink)
		x += w
	}
	drawNileWater(b, p)
	// A felucca: hull and the tall triangular sail.
	fx := 300 + float64(h%500)
	fill(b, p.ink, fmt.Sprintf("M%.0f 700 L%.0f 700 L%.0f 725 L%.0f 725 Z", fx-90, fx+110, fx+80, fx-60))
	fill(b, p.ink, fmt.Sprintf("M%.0f 695 L%.0f 380 L%.0f 695 Z", fx, fx+20, fx+150))
	fmt.Fprintf(b, `<line x1="%.0f" y1="450" x2="%.0f" y2="700" stroke="%s" stroke-width="4"/>`, fx-60, fx+20, p.ink)
}

func drawPalms(b *strings.Builder, p palette, x0 float64, n int, h uint32) {
	for i := range n {
		x := x0 + float64(i)*70 + float64((h>>uint(i*3))%30)
		top := 470 + float64((h>>uint(i*4))%60)
		fmt.Fprintf(b, `<path d="M%.0f 690 Q%.0f %.0f %.0f %.0f" stroke="%s" stroke-width="9" fill="none"/>`, x, x+12, (690+top)/2, x+6, top, p.ink)
		for _, d := range []float64{-70, -35, 35, 70} {
			fmt.Fprintf(b, `<path d="M%.0f %.0f q%.0f -40 %.0f 20" stroke="%s" stroke-width="7" fill="none" stroke-linecap="round"/>`, x+6, top, d/2, d, p.ink)
		}
	}
}

func drawGarden(b *strings.Builder, p palette, h uint32) {
	drawPalms(b, p, 80, 4, h)
	drawPalms(b, p, 820, 4, h>>3)
	cx := 600.0
	fmt.Fprintf(b, `<rect x="%.0f" y="560" width="200" height="130" fill="%s"/>`, cx-100, p.ink)
	dome(b, p.ink, cx, 560, 70)
	fmt.Fprintf(b, `<ellipse cx="600" cy="730" rx="360" ry="26" fill="%s" opacity=".8"/>`, p.skyTop)
}

func drawMall(b *strings.Builder, p palette, h uint32) {
	fmt.Fprintf(b, `<rect x="180" y="430" width="840" height="260" rx="24" fill="%s"/>`, p.ink)
	for i := range 7 {
		fmt.Fprintf(b, `<rect x="%d" y="480" width="90" height="150" fill="%s" opacity=".45"/>`, 220+i*112, p.sun)
	}
	fill(b, p.ink, "M480 430 Q600 330 720 430 Z")
	drawPalms(b, p, 40, 2, h)
	drawPalms(b, p, 1060, 2, h>>2)
}

func drawCar(b *strings.Builder, p palette, h uint32) {
	drawStreet(b, p, h)
	cx := 600.0
	fill(b, p.ink, fmt.Sprintf("M%.0f 720 L%.0f 660 Q%.0f 620 %.0f 615 L%.0f 580 Q%.0f 565 %.0f 565 L%.0f 565 Q%.0f 565 %.0f 585 L%.0f 615 Q%.0f 620 %.0f 660 L%.0f 720 Z",
		cx-220, cx-220, cx-200, cx-150, cx-110, cx-90, cx-70, cx+80, cx+100, cx+120, cx+170, cx+215, cx+220, cx+220))
	for _, wx := range []float64{cx - 130, cx + 130} {
		fmt.Fprintf(b, `<circle cx="%.0f" cy="720" r="38" fill="%s"/><circle cx="%.0f" cy="720" r="14" fill="%s"/>`, wx, p.ink, wx, p.far)
	}
}

func drawCategory(b *strings.Builder, p palette, h uint32) {
	keys := []string{"pyramids", "mosque", "church", "museum", "nile", "market"}
	motifs[keys[h%uint32(len(keys))]](b, p, h)
}
