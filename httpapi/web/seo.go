package web

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"time"

	"mishwar/internal/i18n"
)

// SitemapURL is one page for /sitemap.xml.
type SitemapURL struct {
	// Path is the page's path and query without the language, e.g. "/program/42".
	Path string
	// LastModified is when the page's content last changed (zero: unknown).
	LastModified time.Time
}

// SitemapSource lists pages that exist because of data, such as every published destination and
// program. The catalogue feature implements it. The app's public routes are always listed.
type SitemapSource interface {
	SitemapURLs(ctx context.Context) ([]SitemapURL, error)
}

// SitemapSourceFunc adapts a function to SitemapSource.
type SitemapSourceFunc func(ctx context.Context) ([]SitemapURL, error)

// SitemapURLs calls f.
func (f SitemapSourceFunc) SitemapURLs(ctx context.Context) ([]SitemapURL, error) { return f(ctx) }

// maxSitemapURLs is the protocol's limit for one sitemap file.
const maxSitemapURLs = 50_000

func robotsTxt(publicURL string) []byte {
	return fmt.Appendf(nil, "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /account\nDisallow: /api/\n\nSitemap: %s/sitemap.xml\n", publicURL)
}

type xmlURLSet struct {
	XMLName xml.Name `xml:"urlset"`
	NS      string   `xml:"xmlns,attr"`
	XHTML   string   `xml:"xmlns:xhtml,attr"`
	URLs    []xmlURL `xml:"url"`
}

type xmlURL struct {
	Loc        string    `xml:"loc"`
	LastMod    string    `xml:"lastmod,omitempty"`
	Alternates []xmlLink `xml:"xhtml:link"`
}

type xmlLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// serveSitemap lists every public route and the sources' pages, each with its English and Arabic
// addresses. When a source fails the answer is 503, not a shorter sitemap: crawlers would take the
// missing pages for deleted ones.
func (h *handler) serveSitemap(w http.ResponseWriter, r *http.Request) {
	var pages []SitemapURL
	for _, rt := range routes {
		if rt.public {
			pages = append(pages, SitemapURL{Path: rt.pattern})
		}
	}
	for _, src := range h.cfg.Sitemap {
		ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
		more, err := src.SitemapURLs(ctx)
		cancel()
		if err != nil {
			h.cfg.Logger.ErrorContext(r.Context(), "web: sitemap source failed", "err", err)
			w.Header().Set("Retry-After", "300")
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("503 Service Unavailable\n"))
			return
		}
		pages = append(pages, more...)
	}
	set := xmlURLSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	seen := map[string]bool{}
	for _, pg := range pages {
		en := localizedURL(h.cfg.PublicURL, pg.Path, i18n.En)
		if seen[en] || len(set.URLs)+2 > maxSitemapURLs {
			continue
		}
		seen[en] = true
		ar := localizedURL(h.cfg.PublicURL, pg.Path, i18n.Ar)
		alts := []xmlLink{
			{Rel: "alternate", Hreflang: "en", Href: en},
			{Rel: "alternate", Hreflang: "ar", Href: ar},
			{Rel: "alternate", Hreflang: "x-default", Href: en},
		}
		lastMod := ""
		if !pg.LastModified.IsZero() {
			lastMod = pg.LastModified.UTC().Format(time.RFC3339)
		}
		// Each language version is a <url> of its own that names all versions, as the protocol asks.
		set.URLs = append(set.URLs,
			xmlURL{Loc: en, LastMod: lastMod, Alternates: alts},
			xmlURL{Loc: ar, LastMod: lastMod, Alternates: alts})
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(set); err != nil {
		h.cfg.Logger.ErrorContext(r.Context(), "web: encode sitemap", "err", err)
		http.Error(w, "500 Internal Server Error", http.StatusInternalServerError)
		return
	}
	b.WriteByte('\n')
	h.serveBytes(w, r, b.Bytes(), "application/xml; charset=utf-8", "public, max-age=3600")
}
