// The house rules: every import points down the layers of DESIGN.md. This test reads the real import
// graph (`go list`) and fails on an import that points up or sideways, so the structure cannot slip
// one convenient import at a time.
package mishwar_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "mishwar"

// layer names a part of the tree and what it may import besides itself and the standard library.
type layer struct {
	prefix string
	// mayImport lists the layers below it. A layer's own root package (e.g. mishwar/commands, the
	// command runner) is shared by its features; one feature never imports a sibling feature.
	mayImport []string
}

// layers, from the top. The first whose prefix matches a package is its layer.
var layers = []layer{
	{"cmd", []string{"httpapi", "commands", "processes", "projections", "adapters", "eventstore", "domain", "internal", "webapp"}},
	{"httpapi", []string{"commands", "processes", "domain", "eventstore", "internal"}},
	// The application reads the read models through narrow interfaces its queries declare; the read
	// models never call the application.
	{"commands", []string{"projections", "domain", "eventstore", "internal"}},
	{"processes", []string{"domain", "eventstore", "internal"}},
	{"projections", []string{"domain", "eventstore", "internal"}},
	{"adapters", []string{"domain", "eventstore", "internal"}},
	{"eventstore", []string{"internal"}},
	{"domain", nil},
	{"internal", nil},
	{"webapp", nil},
}

// sharedRoots are packages every feature of their layer may use: the layer's own machinery.
var sharedRoots = map[string]bool{
	"commands":        true, // the command runner
	"projections":     true, // the projections runner
	"processes":       true, // the process-manager runner
	"eventstore":      true, // the port
	"domain":          true, // shared domain errors and ids
	"domain/money":    true, // a value every aggregate prices in
	"httpapi/httpx":   true, // the HTTP core: error shape, identity, idempotency, read-your-writes
	"internal/i18n":   true,
	"internal/config": true,

	"commands/pricing": true, // cart and orders both price itineraries
}

// assemblers put a layer's features together (the router mounts every HTTP feature) and the domain
// shares values between aggregates (an order is priced in money, at a catalogue point): they may
// import their own layer's packages. Go itself refuses cycles among them.
var assemblers = map[string]bool{"httpapi": true}

type pkg struct {
	ImportPath string
	Imports    []string
	Name       string
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func layerOf(rel string) (layer, bool) {
	for _, l := range layers {
		if rel == l.prefix || strings.HasPrefix(rel, l.prefix+"/") {
			return l, true
		}
	}
	return layer{}, false
}

// feature is the package's feature within its layer: "commands/orders/orderstest" → "commands/orders".
func feature(rel string) string {
	parts := strings.SplitN(rel, "/", 3)
	if len(parts) < 2 {
		return rel
	}
	return parts[0] + "/" + parts[1]
}

// isTestKit: packages that only tests import (pgtest, apptest, storetest, ...) may reach anywhere.
func isTestKit(rel string) bool {
	last := rel[strings.LastIndex(rel, "/")+1:]
	return strings.HasSuffix(last, "test")
}

func importViolation(from, to string) string {
	if isTestKit(to) && !isTestKit(from) {
		return "a production package imports a test kit"
	}
	if isTestKit(from) {
		return ""
	}
	fl, ok := layerOf(from)
	if !ok {
		return "the importer is in no layer (add its folder to layers)"
	}
	tl, ok := layerOf(to)
	if !ok {
		return "the imported package is in no layer"
	}
	if fl.prefix == "domain" && tl.prefix == "domain" {
		return ""
	}
	if fl.prefix == tl.prefix {
		if feature(from) == feature(to) || sharedRoots[to] || to == tl.prefix || assemblers[from] {
			return ""
		}
		return "one feature imports a sibling feature"
	}
	if slices.Contains(fl.mayImport, tl.prefix) {
		return ""
	}
	return fmt.Sprintf("%s may not import %s", fl.prefix, tl.prefix)
}

func TestEveryImportPointsDownTheLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("go list over the module")
	}
	for _, p := range listPackages(t) {
		from := strings.TrimPrefix(p.ImportPath, module+"/")
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			to := strings.TrimPrefix(imp, module+"/")
			why := importViolation(from, to)
			if why == "" {
				continue
			}
			t.Errorf("%s -> %s: %s", from, to, why)
		}
	}
}

func TestLayerRulesRefuseTheImportsTheyShould(t *testing.T) {
	cases := []struct{ from, to string }{
		{"projections/orders", "commands/orders"},
		{"projections/orders", "adapters/mail"},
		{"domain/order", "eventstore"},
		{"commands/dispatch", "commands/orders"},
		{"httpapi/orders", "projections/orders"},
		{"adapters/payments", "commands/orders"},
		{"commands/orders", "internal/pgtest"},
	}
	for _, c := range cases {
		if importViolation(c.from, c.to) == "" {
			t.Errorf("%s -> %s passed; want refused", c.from, c.to)
		}
	}
	for _, ok := range [][2]string{{"commands/orders", "commands"}, {"httpapi/orders", "commands/orders"}, {"cmd/mishwar/app", "adapters/mail"}, {"commands/orders/orderstest", "projections/orders"}} {
		if why := importViolation(ok[0], ok[1]); why != "" {
			t.Errorf("%s -> %s refused (%s); want allowed", ok[0], ok[1], why)
		}
	}
}
