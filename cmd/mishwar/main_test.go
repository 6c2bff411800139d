package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"mishwar/adapters/pgcluster"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m, removeBinaries) }

func TestVersionPrintsTheBuildVersion(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"version"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "mishwar ") {
		t.Fatalf("got %q", out.String())
	}
}

func TestUnknownCommandIsAUsageError(t *testing.T) {
	var out bytes.Buffer
	err := run([]string{"frobnicate"}, &out, &out)
	var ue usageError
	if !errors.As(err, &ue) {
		t.Fatalf("want a usage error, got %v", err)
	}
}

func TestMaintenanceCommandsWorkOnAnExistingDatabase(t *testing.T) {
	t.Setenv("DATABASE_URL", pgtest.NewDatabaseURL(t))
	t.Setenv("MISHWAR_DATA_DIR", t.TempDir())
	t.Setenv("MISHWAR_LOG_LEVEL", "warn")

	var out bytes.Buffer
	if err := run([]string{"migrate"}, &out, &out); err != nil {
		t.Fatalf("migrate: %v\n%s", err, out.String())
	}

	out.Reset()
	if err := run([]string{"users", "add", "--email", "ops@example.com", "--password", "s3cret-pass", "--role", "admin", "--first-name", "Ops", "--last-name", "Team"}, &out, &out); err != nil {
		t.Fatalf("users add: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "created ops@example.com (admin)") {
		t.Fatalf("users add printed %q", out.String())
	}
	out.Reset()
	if err := run([]string{"users", "add", "--email", "ops@example.com", "--password", "an0ther-pass", "--role", "support"}, &out, &out); err != nil {
		t.Fatalf("users add again: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "updated ops@example.com (support)") {
		t.Fatalf("second users add printed %q", out.String())
	}
	// A new password alone keeps the account's role: an admin is not demoted to a traveller.
	out.Reset()
	if err := run([]string{"users", "add", "--email", "ops@example.com", "--password", "third-pass1"}, &out, &out); err != nil {
		t.Fatalf("users add without a role: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "updated ops@example.com (password; role unchanged)") {
		t.Fatalf("users add without a role printed %q", out.String())
	}
	var role string
	if err := pgxpoolQueryRow(t, os.Getenv("DATABASE_URL"), `SELECT role FROM users WHERE email = 'ops@example.com'`, &role); err != nil || role != "support" {
		t.Fatalf("the account's role after a password change: %q %v", role, err)
	}

	out.Reset()
	if err := run([]string{"projections", "rebuild", "--all"}, &out, &out); err != nil {
		t.Fatalf("rebuild: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "stats rebuilt in") {
		t.Fatalf("rebuild printed %q", out.String())
	}

	out.Reset()
	if err := run([]string{"projections", "status"}, &out, &out); err != nil {
		t.Fatalf("status: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "PROJECTION") || !strings.Contains(out.String(), "stats") || !strings.Contains(out.String(), "JOBS: 0 pending, 0 stuck, 0 failed") {
		t.Fatalf("status printed %q", out.String())
	}

	if !strings.Contains(out.String(), "KIND") || !strings.Contains(out.String(), "read model") {
		t.Fatalf("status does not say which rows are read models: %q", out.String())
	}
	out.Reset()
	if err := run([]string{"projections", "rebuild", "ordermail"}, &out, &out); !errors.As(err, new(usageError)) || !strings.Contains(err.Error(), "process manager") {
		t.Fatalf("rebuild of a process manager: %v", err)
	}

	out.Reset()
	err := run([]string{"projections", "rebuild", "nope"}, &out, &out)
	if !errors.As(err, new(usageError)) {
		t.Fatalf("rebuild of an unknown projection: want a usage error, got %v", err)
	}
}

func TestHelpAfterACommandPrintsUsageInsteadOfRunningIt(t *testing.T) {
	for _, args := range [][]string{{"serve", "--help"}, {"serve", "-h"}, {"projections", "help"}} {
		var out bytes.Buffer
		if err := run(args, &out, &out); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if !strings.Contains(out.String(), "Usage:") {
			t.Fatalf("%v printed %q", args, out.String())
		}
	}
	if err := run([]string{"serve", "now"}, io.Discard, io.Discard); !errors.As(err, new(usageError)) {
		t.Fatalf("serve with an argument: want a usage error, got %v", err)
	}
}

// pgxpoolQueryRow scans one row of query on url into dest.
func pgxpoolQueryRow(t *testing.T, url, query string, dest ...any) error {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	return conn.QueryRow(context.Background(), query).Scan(dest...)
}

// A maintenance command pointed at a directory with no database (a mistyped MISHWAR_DATA_DIR, the
// default ./var from another working directory) says so instead of creating an empty database and
// changing that.
func TestMaintenanceCommandsRefuseADataDirectoryWithNoDatabase(t *testing.T) {
	if _, err := pgcluster.FindBinaries(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	t.Setenv("DATABASE_URL", "")
	t.Setenv("MISHWAR_DATA_DIR", dir)
	t.Setenv("MISHWAR_LOG_LEVEL", "warn")
	for _, args := range [][]string{{"users", "add", "--email", "boss@example.com", "--password", "longenough1", "--role", "admin"}, {"projections", "status"}, {"migrate"}} {
		err := run(args, io.Discard, io.Discard)
		if !errors.Is(err, pgcluster.ErrNoCluster) {
			t.Fatalf("%v: %v, want no database here", args, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "postgres", "PG_VERSION")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a cluster was created: %v", err)
	}
}

// A taken port is refused before the database starts (and before a demo password, shown only once,
// is printed to a run that then stops).
func TestServeRefusesATakenPortBeforeStartingAnything(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	t.Setenv("DATABASE_URL", "")
	t.Setenv("MISHWAR_DATA_DIR", dir)
	t.Setenv("MISHWAR_ADDR", ln.Addr().String())
	t.Setenv("MISHWAR_LOG_LEVEL", "warn")
	err = run([]string{"serve"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "MISHWAR_ADDR") || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("serve on a taken port: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("serve created %d entries in its data directory before refusing", len(entries))
	}
}
