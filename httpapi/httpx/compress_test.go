package httpx_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"mishwar/httpapi/httpx"
)

func TestAnswersAreCompressedAsTheClientPrefers(t *testing.T) {
	big := `{"data":"` + strings.Repeat("الأهرامات pyramids ", 200) + `"}`
	small := `{"data":"ok"}`
	cases := []struct {
		name, accept, method, body string
		status                     int
		want                       string // Content-Encoding
	}{
		{"gzip", "gzip, deflate", http.MethodGet, big, 200, "gzip"},
		{"gzip preferred on a tie (faster, as small)", "gzip, br", http.MethodGet, big, 200, "gzip"},
		{"brotli", "deflate, br", http.MethodGet, big, 200, "br"},
		{"gzip preferred by weight", "br;q=0.5, gzip;q=0.9", http.MethodGet, big, 200, "gzip"},
		{"refused encodings", "br;q=0, gzip;q=0", http.MethodGet, big, 200, ""},
		{"no Accept-Encoding", "", http.MethodGet, big, 200, ""},
		{"small answer", "gzip, br", http.MethodGet, small, 200, ""},
		{"an error answer too", "gzip", http.MethodPost, big, 422, "gzip"},
		{"HEAD", "gzip", http.MethodHead, "", 200, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := httpx.Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(c.status)
				// Written in pieces, as an encoder does.
				for i := 0; i < len(c.body); i += 300 {
					_, _ = io.WriteString(w, c.body[i:min(i+300, len(c.body))])
				}
			}))
			req := httptest.NewRequest(c.method, "/api/destinations", nil)
			if c.accept != "" {
				req.Header.Set("Accept-Encoding", c.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != c.status || rec.Header().Get("Content-Encoding") != c.want || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
				t.Fatalf("got %d, encoding %q, vary %q; want %d, %q", rec.Code, rec.Header().Get("Content-Encoding"), rec.Header().Get("Vary"), c.status, c.want)
			}
			var r io.Reader = rec.Body
			switch c.want {
			case "gzip":
				zr, err := gzip.NewReader(rec.Body)
				if err != nil {
					t.Fatal(err)
				}
				r = zr
			case "br":
				r = brotli.NewReader(rec.Body)
			}
			got, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.body {
				t.Fatalf("body changed: %d bytes, want %d", len(got), len(c.body))
			}
			if c.want != "" && rec.Body.Len() >= len(c.body)/2 {
				t.Fatalf("compressed to %d of %d bytes", rec.Body.Len(), len(c.body))
			}
		})
	}
}

func TestAnAnswerWithItsOwnEncodingOrNoBodyIsLeftAlone(t *testing.T) {
	precompressed := bytes.Repeat([]byte{0x1f, 0x8b}, 1000)
	h := httpx.Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/empty" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = w.Write(precompressed)
	}))
	req := httptest.NewRequest(http.MethodGet, "/file", nil)
	req.Header.Set("Accept-Encoding", "br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(rec.Body.Bytes(), precompressed) {
		t.Fatalf("a precompressed answer was touched: %q", rec.Header().Get("Content-Encoding"))
	}
	req = httptest.NewRequest(http.MethodGet, "/empty", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent || rec.Header().Get("Content-Encoding") != "" || rec.Body.Len() != 0 {
		t.Fatalf("204: %d %q %d bytes", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.Len())
	}
}

func TestACachedAnswerIsNotSentAgain(t *testing.T) {
	v := map[string]any{"data": []string{"Giza", "الأهرامات"}}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { httpx.WriteCacheableJSON(w, r, v) })
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/home", nil))
	etag := rec.Header().Get("ETag")
	if rec.Code != http.StatusOK || etag == "" || !strings.Contains(rec.Body.String(), "الأهرامات") {
		t.Fatalf("first answer: %d %q %s", rec.Code, etag, rec.Body)
	}
	for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		req := httptest.NewRequest(http.MethodGet, "/api/home", nil)
		req.Header.Set("If-None-Match", inm)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 || rec.Header().Get("ETag") != etag {
			t.Fatalf("If-None-Match %s: %d, %d bytes", inm, rec.Code, rec.Body.Len())
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/api/home", nil)
	req.Header.Set("If-None-Match", `"stale"`)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Body.Len() == 0 {
		t.Fatalf("a stale tag: %d", rec.Code)
	}
}
