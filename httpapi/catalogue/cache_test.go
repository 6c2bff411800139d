package catalogue

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func TestKeptAnswersLastAsLongAsTheCatalogueVersion(t *testing.T) {
	version, calls := "1/1", 0
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	c := newAnswerCache(func() string { return version })
	c.now = func() time.Time { return now }
	h := c.cached(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.Header().Set("Vary", "lang")
		if r.URL.Query().Get("bad") != "" {
			w.WriteHeader(http.StatusUnprocessableEntity)
			return
		}
		writeCatalogue(w, r, map[string]any{"data": calls})
	})
	get := func(path string, header ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		rec.Header().Set("Vary", "Accept-Encoding") // what the compression around says
		h(rec, req)
		return rec
	}
	first := get("/api/home")
	if first.Code != 200 || first.Body.String() != "{\"data\":1}\n" || calls != 1 {
		t.Fatalf("first: %d %q", first.Code, first.Body)
	}
	if again := get("/api/home"); again.Body.String() != first.Body.String() || calls != 1 {
		t.Fatalf("the same version was computed again (%d calls)", calls)
	}
	if vary := get("/api/home").Header().Values("Vary"); len(vary) < 2 || vary[0] != "Accept-Encoding" {
		t.Fatalf("Vary of a kept answer: %q", vary)
	}
	if arabic := get("/api/home", "lang", "ar"); calls != 2 || arabic.Code != 200 {
		t.Fatalf("another language shared an answer (%d calls)", calls)
	}
	if nm := get("/api/home", "If-None-Match", first.Header().Get("ETag")); nm.Code != http.StatusNotModified || nm.Body.Len() != 0 || calls != 2 {
		t.Fatalf("If-None-Match on a kept answer: %d (%d calls)", nm.Code, calls)
	}
	version = "1/2"
	if changed := get("/api/home"); changed.Body.String() != "{\"data\":3}\n" {
		t.Fatalf("after the catalogue changed: %q", changed.Body)
	}
	now = now.Add(answerTTL + time.Second)
	if late := get("/api/home"); late.Body.String() != "{\"data\":4}\n" {
		t.Fatalf("an answer outlived its TTL: %q", late.Body)
	}
	for range 2 {
		if bad := get("/api/home?bad=1"); bad.Code != http.StatusUnprocessableEntity {
			t.Fatalf("a refusal: %d", bad.Code)
		}
	}
	if calls != 6 {
		t.Fatalf("a refusal was kept (%d calls)", calls)
	}
}

func TestWithoutAVersionNothingIsKept(t *testing.T) {
	var c *answerCache
	calls := 0
	h := c.cached(func(w http.ResponseWriter, r *http.Request) { calls++ })
	h(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/home", nil))
	h(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/home", nil))
	if calls != 2 {
		t.Fatalf("%d calls", calls)
	}
}

func TestAKeptAnswerIsCompressedOnceForEachEncoding(t *testing.T) {
	c := newAnswerCache(func() string { return "1/1" })
	big := strings.Repeat("حديقة الأزهر Al-Azhar Park ", 100)
	h := c.cached(func(w http.ResponseWriter, r *http.Request) { writeCatalogue(w, r, map[string]any{"data": big}) })
	for _, enc := range []string{"br", "gzip", ""} {
		req := httptest.NewRequest(http.MethodGet, "/api/home", nil)
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		rec := httptest.NewRecorder()
		h(rec, req)
		var r io.Reader = rec.Body
		switch enc {
		case "br":
			r = brotli.NewReader(rec.Body)
		case "gzip":
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			r = zr
		}
		got, err := io.ReadAll(r)
		if err != nil || rec.Header().Get("Content-Encoding") != enc || !strings.Contains(string(got), big) {
			t.Fatalf("%q: encoding %q, %d bytes, %v", enc, rec.Header().Get("Content-Encoding"), len(got), err)
		}
	}
}

func TestAFirstScreensTextIsReadOncePerCatalogueVersionAndLanguage(t *testing.T) {
	version, reads := "1/1", 0
	fail := false
	slots := CachedScreenSlots(func() string { return version }, func(_ context.Context, r *http.Request, page, lang string) (string, map[string]string, error) {
		reads++
		if fail {
			return "", nil, errors.New("database down")
		}
		return page, map[string]string{"title": page + " " + lang + " " + version + " " + r.URL.Query().Get("id")}, nil
	})
	get := func(page, lang string) (string, error) {
		_, v, err := slots(context.Background(), httptest.NewRequest(http.MethodGet, "/x?id=7", nil), page, lang)
		return v["title"], err
	}
	for range 3 {
		if got, _ := get("home", "en"); got != "home en 1/1 7" {
			t.Fatalf("title %q", got)
		}
	}
	if got, _ := get("home", "ar"); got != "home ar 1/1 7" || reads != 2 {
		t.Fatalf("title %q after %d reads; want one read per language", got, reads)
	}
	version = "1/2"
	if got, _ := get("home", "en"); got != "home en 1/2 7" || reads != 3 {
		t.Fatalf("after the catalogue changed: title %q after %d reads", got, reads)
	}
	// A page whose screen depends on the request (a destination's) is read each time.
	get("destination", "en")
	get("destination", "en")
	if reads != 5 {
		t.Fatalf("a destination's screen read %d times in all; want it read for each page", reads-3)
	}
	// A failed read is not kept: the next page asks again.
	version, fail = "1/3", true
	if _, err := get("home", "en"); err == nil {
		t.Fatal("a failed read answered")
	}
	fail = false
	if got, err := get("home", "en"); err != nil || got != "home en 1/3 7" {
		t.Fatalf("after a failure: %q, %v", got, err)
	}
}

// Pages are served concurrently: the kept text is read and replaced under one lock, and every page
// gets the text of a version it could have seen.
func TestAFirstScreensKeptTextIsSafeUnderConcurrentPages(t *testing.T) {
	var version atomic.Int64
	slots := CachedScreenSlots(func() string { return strconv.FormatInt(version.Load(), 10) }, func(context.Context, *http.Request, string, string) (string, map[string]string, error) {
		return "home", map[string]string{"title": "v" + strconv.FormatInt(version.Load(), 10)}, nil
	})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				if g == 0 && i%20 == 0 {
					version.Add(1)
				}
				screen, v, err := slots(context.Background(), httptest.NewRequest(http.MethodGet, "/", nil), "home", []string{"en", "ar"}[i%2])
				if err != nil || screen != "home" || !strings.HasPrefix(v["title"], "v") {
					t.Errorf("screen %q, text %v, err %v", screen, v, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
