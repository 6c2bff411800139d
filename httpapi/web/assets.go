package web

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"golang.org/x/sync/errgroup"

	"mishwar/internal/acceptencoding"
)

// asset is one file of the app, read and compressed once.
type asset struct {
	contentType  string
	cacheControl string
	encoded      // identity bytes and their compressed variants
}

// encoded holds a body in every encoding worth sending, each with its own ETag.
type encoded struct {
	raw, gz, br          []byte
	etag, gzETag, brETag string
}

const (
	immutable = "public, max-age=31536000, immutable"
	noCache   = "no-cache"
	// Below this size compression saves less than the headers it costs.
	minCompressSize = 512
)

// loadAssets reads every file of the app and compresses the compressible ones in parallel. index.html
// is returned apart: it is the shell every route renders. A file may come with build-time compressed
// siblings (name.br, name.gz, as compression plugins write them); they are used, after checking that
// they decode to the file, instead of compressing here.
func loadAssets(root fs.FS) (map[string]*asset, []byte, error) {
	contents := map[string][]byte{}
	err := fs.WalkDir(root, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(root, name)
		if err != nil {
			return fmt.Errorf("web: read %s: %w", name, err)
		}
		contents[name] = body
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	index := contents["index.html"]
	delete(contents, "index.html")
	isSibling := func(name string) bool {
		for _, ext := range []string{".br", ".gz"} {
			if base, ok := strings.CutSuffix(name, ext); ok {
				if _, found := contents[base]; found {
					return true
				}
			}
		}
		return false
	}

	files := map[string]*asset{}
	var mu sync.Mutex
	var g errgroup.Group
	g.SetLimit(4)
	for name, body := range contents {
		if isSibling(name) {
			continue
		}
		g.Go(func() error {
			ct := contentType(name, body)
			cc := noCache
			if strings.HasPrefix(name, "assets/") {
				// Vite names everything under assets/ after its content hash.
				cc = immutable
			}
			enc, err := encode(body, compressible(ct), contents[name+".gz"], contents[name+".br"])
			if err != nil {
				return fmt.Errorf("web: %s: %w", name, err)
			}
			mu.Lock()
			files["/"+name] = &asset{contentType: ct, cacheControl: cc, encoded: enc}
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	return files, index, nil
}

// brotliLevel is a start-up time choice: on a 760 kB bundle level 5 takes about 0.1 s and level 11
// about 5 s for 10% fewer bytes. Build-time .br siblings get level 11 for free.
const brotliLevel = 5

// encode prepares body's variants, from prebuilt ones when given.
func encode(body []byte, compress bool, prebuiltGz, prebuiltBr []byte) (encoded, error) {
	sum := sha256.Sum256(body)
	tag := hex.EncodeToString(sum[:12])
	e := encoded{raw: body, etag: `"` + tag + `"`}
	if prebuiltGz != nil {
		if err := sameContent(body, prebuiltGz, "gzip"); err != nil {
			return e, err
		}
		e.gz, e.gzETag = prebuiltGz, `"`+tag+`-gz"`
	}
	if prebuiltBr != nil {
		if err := sameContent(body, prebuiltBr, "br"); err != nil {
			return e, err
		}
		e.br, e.brETag = prebuiltBr, `"`+tag+`-br"`
	}
	if !compress || len(body) < minCompressSize {
		return e, nil
	}
	if e.gz == nil {
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if gz.Len() < len(body) {
			e.gz, e.gzETag = gz.Bytes(), `"`+tag+`-gz"`
		}
	}
	if e.br == nil {
		var br bytes.Buffer
		bw := brotli.NewWriterLevel(&br, brotliLevel)
		_, _ = bw.Write(body)
		_ = bw.Close()
		if br.Len() < len(body) {
			e.br, e.brETag = br.Bytes(), `"`+tag+`-br"`
		}
	}
	return e, nil
}

// sameContent refuses a stale prebuilt sibling: serving it would run old code under a new name.
func sameContent(body, compressed []byte, encoding string) error {
	var r io.Reader
	if encoding == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(compressed))
		if err != nil {
			return fmt.Errorf("%w: prebuilt gzip file: %w", ErrInvalidConfig, err)
		}
		r = zr
	} else {
		r = brotli.NewReader(bytes.NewReader(compressed))
	}
	got, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(got, body) {
		return fmt.Errorf("%w: prebuilt %s file does not decode to the file next to it", ErrInvalidConfig, encoding)
	}
	return nil
}

// pick chooses the smallest variant the client accepts.
func (e *encoded) pick(acceptEncoding string) (body []byte, encoding, etag string) {
	acc := acceptencoding.Parse(acceptEncoding)
	if e.br != nil && acc.Brotli > 0 {
		return e.br, "br", e.brETag
	}
	if e.gz != nil && acc.Gzip > 0 {
		return e.gz, "gzip", e.gzETag
	}
	return e.raw, "", e.etag
}

func (h *handler) serveAsset(w http.ResponseWriter, r *http.Request, a *asset) {
	w.Header().Set("Cache-Control", a.cacheControl)
	writeEncoded(w, r, &a.encoded, a.contentType, http.StatusOK)
}

// serveHTML sends a rendered page. Pages differ by path and language, so their compressed forms are
// cached by content rather than built up front.
func (h *handler) serveHTML(w http.ResponseWriter, r *http.Request, body []byte, status int) {
	w.Header().Set("Cache-Control", noCache)
	writeEncoded(w, r, h.html.get(body), "text/html; charset=utf-8", status)
}

// serveBytes sends a small generated text (robots.txt, sitemap.xml) uncompressed-or-cached.
func (h *handler) serveBytes(w http.ResponseWriter, r *http.Request, body []byte, ct, cacheControl string) {
	w.Header().Set("Cache-Control", cacheControl)
	writeEncoded(w, r, h.html.get(body), ct, http.StatusOK)
}

func writeEncoded(w http.ResponseWriter, r *http.Request, e *encoded, ct string, status int) {
	hdr := w.Header()
	body, enc, etag := e.pick(r.Header.Get("Accept-Encoding"))
	if e.gz != nil || e.br != nil {
		hdr.Add("Vary", "Accept-Encoding")
	}
	hdr.Set("ETag", etag)
	if status == http.StatusOK && etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hdr.Set("Content-Type", ct)
	if enc != "" {
		hdr.Set("Content-Encoding", enc)
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// etagMatches applies If-None-Match's weak comparison.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

// contentType does not trust the machine's MIME tables for the types browsers are strict about
// (a module script served as text/plain does not run).
func contentType(name string, body []byte) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".htm":
		return "text/html; charset=utf-8"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json", ".map":
		return "application/json; charset=utf-8"
	case ".webmanifest":
		return "application/manifest+json; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".txt":
		return "text/plain; charset=utf-8"
	case ".xml":
		return "application/xml; charset=utf-8"
	case ".woff2":
		return "font/woff2"
	case ".woff":
		return "font/woff"
	case ".ttf":
		return "font/ttf"
	case ".otf":
		return "font/otf"
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".webp":
		return "image/webp"
	case ".avif":
		return "image/avif"
	case ".gif":
		return "image/gif"
	case ".ico":
		return "image/x-icon"
	case ".wasm":
		return "application/wasm"
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		return ct
	}
	return http.DetectContentType(body)
}

func compressible(ct string) bool {
	base, _, _ := strings.Cut(ct, ";")
	switch {
	case strings.HasPrefix(base, "text/"):
		return true
	case base == "application/json", base == "application/manifest+json", base == "application/xml",
		base == "image/svg+xml", base == "image/x-icon", base == "font/ttf", base == "font/otf",
		base == "application/wasm":
		return true
	}
	return false
}

// compressedCache keeps the encoded forms of recently sent generated bodies, keyed by their
// content, so the same page is compressed once however many times it is served.
type compressedCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // front: most recently used
	items map[[32]byte]*list.Element
}

type cacheEntry struct {
	key [32]byte
	e   *encoded
}

func newCompressedCache(max int) *compressedCache {
	return &compressedCache{max: max, order: list.New(), items: map[[32]byte]*list.Element{}}
}

func (c *compressedCache) get(body []byte) *encoded {
	key := sha256.Sum256(body)
	c.mu.Lock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		e := el.Value.(*cacheEntry).e
		c.mu.Unlock()
		return e
	}
	c.mu.Unlock()
	enc, _ := encode(body, true, nil, nil)
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		return el.Value.(*cacheEntry).e
	}
	c.items[key] = c.order.PushFront(&cacheEntry{key: key, e: &enc})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*cacheEntry).key)
	}
	return &enc
}
