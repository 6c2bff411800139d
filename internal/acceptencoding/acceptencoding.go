// Package acceptencoding reads a request's Accept-Encoding header for the two compressions Mishwar
// sends: brotli and gzip. The API's answers made per request (httpapi/httpx) and the web app's
// files compressed ahead of time (httpapi/web) choose between them differently, from the same reading.
package acceptencoding

import (
	"strconv"
	"strings"
)

// Weights is how much a client wants each encoding: its q-value, 0 when it refuses it or does not
// name it (nor "*").
type Weights struct{ Brotli, Gzip float64 }

// Parse reads an Accept-Encoding header (RFC 9110, 12.5.3). "x-gzip" is gzip; "*" gives its weight
// to whichever of the two the header does not name; a weight that is not a number counts as 1.
func Parse(header string) Weights {
	named := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "x-gzip" {
			name = "gzip"
		}
		if name != "br" && name != "gzip" && name != "*" {
			continue
		}
		q := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		named[name] = q
	}
	weight := func(name string) float64 {
		if q, ok := named[name]; ok {
			return q
		}
		return named["*"]
	}
	return Weights{Brotli: max(weight("br"), 0), Gzip: max(weight("gzip"), 0)}
}
