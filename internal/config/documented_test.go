package config_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// A setting nobody can find is a setting nobody can use: every MISHWAR_* variable the binary reads
// must be in the README's configuration table or in docs/operations.md.
func TestEverySettingTheCodeReadsIsDocumented(t *testing.T) {
	root := "../.."
	var docs strings.Builder
	for _, f := range []string{"README.md", "docs/operations.md"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		docs.Write(b)
	}
	name := regexp.MustCompile(`"(MISHWAR_[A-Z0-9_]*[A-Z0-9])"`)
	seen := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// Test-support packages (pgtest, apptest, storetest, ...) read settings only tests use.
		if d.IsDir() && p != root && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") || strings.HasSuffix(d.Name(), "test")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range name.FindAllSubmatch(b, -1) {
			seen[string(m[1])] = p
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for v, file := range seen {
		if !strings.Contains(docs.String(), "`"+v+"`") {
			missing = append(missing, v+" (read in "+file+")")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("settings missing from README.md and docs/operations.md:\n  %s", strings.Join(missing, "\n  "))
	}
}
