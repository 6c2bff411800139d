package httpapi_test

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// docs/openapi.yaml is the API reference people build against: every route the server answers must
// be in it, with its method. Path parameter names may differ ({id} / {ref}); a documented parameter
// may also stand for a family of literal paths (/api/admin/{kind} for every catalogue kind).
func TestEveryAPIRouteIsInTheOpenAPIDocument(t *testing.T) {
	a := apptest.New(t)
	doc, err := os.ReadFile("../docs/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	params := regexp.MustCompile(`\{[^}]*\}`)
	norm := func(p string) string { return params.ReplaceAllString(p, "{}") }

	var documented []*regexp.Regexp // "GET /api/x/[^/]+"
	var path string
	pathLine := regexp.MustCompile(`^  (/[^:]*):\s*$`)
	methodLine := regexp.MustCompile(`^    (get|put|post|patch|delete|head|options):`)
	for _, line := range strings.Split(string(doc), "\n") {
		if m := pathLine.FindStringSubmatch(line); m != nil {
			path = norm(strings.Trim(m[1], `"'`))
			continue
		}
		if m := methodLine.FindStringSubmatch(line); m != nil && path != "" {
			pattern := strings.ReplaceAll(regexp.QuoteMeta(strings.ToUpper(m[1])+" "+path), `\{\}`, `[^/]+`)
			documented = append(documented, regexp.MustCompile("^"+pattern+"$"))
		}
	}
	var missing []string
	for _, r := range a.HTTP.Routes() {
		if !matchesAny(documented, r.Method+" "+norm(r.Path)) {
			missing = append(missing, r.Method+" "+r.Path)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("%d routes missing from docs/openapi.yaml:\n  %s", len(missing), strings.Join(missing, "\n  "))
	}
}

func matchesAny(patterns []*regexp.Regexp, s string) bool {
	for _, p := range patterns {
		if p.MatchString(s) {
			return true
		}
	}
	return false
}
