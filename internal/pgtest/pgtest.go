// Package pgtest gives tests a real PostgreSQL: one private cluster per test binary, started on first
// use, and a fresh, migrated database per test. Use it from TestMain:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
// and in a test: pool := pgtest.NewDatabase(t).
package pgtest

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/pgcluster"
	"mishwar/internal/migrate"
)

var (
	once     sync.Once
	cluster  *pgcluster.Cluster
	startErr error
	tmpDir   string
	counter  atomic.Int64
)

const templateDB = "mishwar_template"

// Main runs the tests and stops the cluster afterwards, then runs the package's own cleanups (what
// its tests share across runs, such as built binaries).
func Main(m *testing.M, cleanups ...func()) {
	code := m.Run()
	for _, c := range cleanups {
		c()
	}
	if cluster != nil {
		_ = cluster.Stop()
	}
	if tmpDir != "" {
		_ = os.RemoveAll(tmpDir)
	}
	os.Exit(code)
}

// Cluster returns the test binary's cluster, starting it on first use.
func Cluster(tb testing.TB) *pgcluster.Cluster {
	tb.Helper()
	once.Do(func() {
		ctx := context.Background()
		tmpDir, startErr = os.MkdirTemp("", "mishwar-test-")
		if startErr != nil {
			return
		}
		// The server may run as another user (when tests run as root), so it must be able to enter.
		if startErr = os.Chmod(tmpDir, 0o755); startErr != nil {
			return
		}
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		cluster, startErr = pgcluster.Start(ctx, tmpDir+"/pg", pgcluster.Options{Ephemeral: true, Database: templateDB, Logger: quiet})
		if startErr != nil {
			return
		}
		startErr = migrateURL(ctx, cluster.URL(templateDB))
	})
	if startErr != nil {
		tb.Fatalf("pgtest: %v", startErr)
	}
	return cluster
}

func migrateURL(ctx context.Context, url string) error {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	return migrate.Up(ctx, pool)
}

// NewDatabase creates a fresh database with every migration applied and returns a pool on it, closed
// when the test ends.
func NewDatabase(tb testing.TB) *pgxpool.Pool {
	tb.Helper()
	return NewDatabaseFromURL(tb, NewDatabaseURL(tb))
}

// NewDatabaseURL creates a fresh migrated database and returns its connection string (for tests that
// start a whole server with DATABASE_URL).
func NewDatabaseURL(tb testing.TB) string {
	tb.Helper()
	c := Cluster(tb)
	name := fmt.Sprintf("t_%d_%s", counter.Add(1), sanitize(tb.Name()))
	if err := c.CreateDatabase(context.Background(), name, templateDB); err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	return c.URL(name)
}

func sanitize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
		if b.Len() >= 40 {
			break
		}
	}
	return b.String()
}

// NewDatabaseFromURL returns a pool on a database made by NewDatabaseURL, closed when the test ends.
func NewDatabaseFromURL(tb testing.TB, url string) *pgxpool.Pool {
	tb.Helper()
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		tb.Fatalf("pgtest: connect: %v", err)
	}
	tb.Cleanup(pool.Close)
	return pool
}
