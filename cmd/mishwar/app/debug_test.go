package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestTheDebugAddressServesProfiles(t *testing.T) {
	srv := httptest.NewServer(debugHandler())
	defer srv.Close()
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap?debug=1", "/debug/pprof/goroutine?debug=1"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
	}
	res, err := http.Get(srv.URL + "/api/destinations")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound || strings.Contains(res.Header.Get("Content-Type"), "json") {
		t.Fatalf("the debug address serves the API: %d", res.StatusCode)
	}
}
