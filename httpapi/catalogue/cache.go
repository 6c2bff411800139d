package catalogue

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"mishwar/httpapi/httpx"
)

// answerCache keeps the public catalogue's answers in memory, each valid while the catalogue read
// model stays at the version it was computed at (as this process knows it: its own commits, its
// read-your-writes waits and other processes' change notices move it) and for at most answerTTL, a
// bound for a notice that never came. A visitor's page then costs a map lookup, not a dozen queries
// and a JSON decoding of every destination.
type answerCache struct {
	version func() string
	now     func() time.Time

	mu      sync.RWMutex
	entries map[string]cachedAnswer
}

// answerTTL matches what browsers may keep (Cache-Control: max-age=30).
const answerTTL = 30 * time.Second

// maxCachedAnswers bounds memory: query strings are the visitor's to choose.
const maxCachedAnswers = 2000

type cachedAnswer struct {
	version string
	at      time.Time
	header  http.Header
	body    []byte
	// compressed holds the body in each encoding, compressed once when kept.
	compressed map[string][]byte
}

func newAnswerCache(version func() string) *answerCache {
	return &answerCache{version: version, now: time.Now, entries: map[string]cachedAnswer{}}
}

// cached serves h's successful GET answers from the cache. Answers other than 200 are never kept.
func (c *answerCache) cached(h http.HandlerFunc) http.HandlerFunc {
	if c == nil {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.RequestURI() + "\x00" + r.Header.Get("lang")
		version := c.version()
		c.mu.RLock()
		e, ok := c.entries[key]
		c.mu.RUnlock()
		if !ok || e.version != version || c.now().Sub(e.at) > answerTTL {
			rec := &recorder{header: http.Header{}, status: http.StatusOK}
			inner := r.Clone(r.Context())
			inner.Header.Del("If-None-Match") // the cache keeps the body; 304 is decided below
			h(rec, inner)
			if rec.status != http.StatusOK {
				rec.replay(w)
				return
			}
			e = cachedAnswer{version: version, at: c.now(), header: rec.header, body: rec.body.Bytes()}
			if httpx.CompressWorthy(len(e.body)) {
				e.compressed = map[string][]byte{"br": httpx.CompressBytes("br", e.body), "gzip": httpx.CompressBytes("gzip", e.body)}
			}
			c.mu.Lock()
			if len(c.entries) >= maxCachedAnswers {
				clear(c.entries)
			}
			c.entries[key] = e
			c.mu.Unlock()
		}
		copyHeader(w.Header(), e.header)
		if etag := e.header.Get("ETag"); etag != "" && httpx.ETagMatches(r.Header.Get("If-None-Match"), etag) {
			w.Header().Del("Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		body := e.body
		if enc := httpx.PreferredEncoding(r); e.compressed[enc] != nil {
			body = e.compressed[enc]
			w.Header().Set("Content-Encoding", enc)
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(body)
	}
}

// copyHeader copies a kept answer's headers; Vary adds to what the middleware around already said.
func copyHeader(dst, src http.Header) {
	for k, vs := range src {
		if k == "Vary" {
			dst[k] = append(dst[k], vs...)
			continue
		}
		dst[k] = append([]string(nil), vs...)
	}
}

// recorder captures an answer.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
}
func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	return r.body.Write(p)
}

func (r *recorder) replay(w http.ResponseWriter) {
	copyHeader(w.Header(), r.header)
	w.WriteHeader(r.status)
	_, _ = w.Write(r.body.Bytes())
}

// CachedScreenSlots keeps the answers of slots (SEO.ScreenSlots) for the pages whose screen depends
// on nothing in the request (the home page, checkout), as answerCache keeps answers: while the
// catalogue read model stays at the version they were read at, for at most answerTTL. Those pages'
// HTML then costs no query. A destination's or a program's page asks each time, as its head does.
func CachedScreenSlots(version func() string, slots func(ctx context.Context, r *http.Request, page, lang string) (string, map[string]string, error)) func(ctx context.Context, r *http.Request, page, lang string) (string, map[string]string, error) {
	type kept struct {
		version string
		at      time.Time
		screen  string
		values  map[string]string
	}
	var (
		mu      sync.Mutex
		entries = map[string]kept{}
	)
	return func(ctx context.Context, r *http.Request, page, lang string) (string, map[string]string, error) {
		if page != "home" && page != "checkout" {
			return slots(ctx, r, page, lang)
		}
		key, v := page+"\x00"+lang, version()
		mu.Lock()
		e, ok := entries[key]
		mu.Unlock()
		if ok && e.version == v && time.Since(e.at) <= answerTTL {
			return e.screen, e.values, nil
		}
		screen, values, err := slots(ctx, r, page, lang)
		if err != nil {
			return "", nil, err
		}
		mu.Lock()
		entries[key] = kept{version: v, at: time.Now(), screen: screen, values: values}
		mu.Unlock()
		return screen, values, nil
	}
}
