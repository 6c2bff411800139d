// Package webapp holds the built React web app so the Go binary can serve it.
// It only embeds files produced by `npm run build` (Vite writes them to dist/);
// it must never contain server logic. Before the first build, dist/ holds only
// a placeholder (.gitkeep) so `go build` works on a fresh clone: callers must
// treat a missing dist/index.html as "web app not built".
package webapp

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var embedded embed.FS

// Dist is the built app rooted at dist/: index.html at the top, hashed
// assets under assets/ (safe to cache for a long time), favicon.svg beside it.
var Dist fs.FS = mustSub(embedded, "dist")

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		// fs.Sub only fails on an invalid path, which "dist" is not.
		panic(err)
	}
	return sub
}
