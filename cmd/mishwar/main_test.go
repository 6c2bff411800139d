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

// A setting that needs no database is checked before the private PostgreSQL is created: a typo on the
// first run is told naming its variable, and leaves the data directory as it was.
func TestServeRefusesBadSettingsBeforeStartingAnything(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		says []string
	}{
		{"an unknown payment provider", map[string]string{"MISHWAR_PAYMENTS": "strip"}, []string{"MISHWAR_PAYMENTS", `"strip"`}},
		{"a public URL without its scheme", map[string]string{"MISHWAR_PUBLIC_URL": "mishwar.example"}, []string{"MISHWAR_PUBLIC_URL"}},
		{"Stripe's publishable key as the secret key", map[string]string{"MISHWAR_PAYMENTS": "stripe",
			"MISHWAR_STRIPE_SECRET_KEY": "pk_test_123", "MISHWAR_STRIPE_WEBHOOK_SECRET": "foo"},
			[]string{"MISHWAR_STRIPE_SECRET_KEY", "MISHWAR_STRIPE_WEBHOOK_SECRET"}},
		{"Paymob without its keys", map[string]string{"MISHWAR_PAYMENTS": "paymob"}, []string{"MISHWAR_PAYMOB_SECRET_KEY"}},
		{"a mail server that is not smtp", map[string]string{"MISHWAR_SMTP_URL": "http://mail.example.com"}, []string{"MISHWAR_SMTP_URL"}},
		{"a booking lead that is no duration", map[string]string{"MISHWAR_BOOKING_LEAD": "soon"}, []string{"MISHWAR_BOOKING_LEAD"}},
		{"a speed table that is not one", map[string]string{"MISHWAR_SPEEDS": "fast"}, []string{"MISHWAR_SPEEDS"}},
		{"a map tile URL that is not one", map[string]string{"MISHWAR_MAP_TILES_URL": "tiles"}, []string{"MISHWAR_MAP_TILES_URL"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("DATABASE_URL", "")
			t.Setenv("MISHWAR_DATA_DIR", dir)
			t.Setenv("MISHWAR_ADDR", "127.0.0.1:0")
			t.Setenv("MISHWAR_LOG_LEVEL", "info")
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			var log bytes.Buffer
			err := run([]string{"serve"}, io.Discard, &log)
			if err == nil {
				t.Fatal("serve started")
			}
			for _, s := range c.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%q does not say %s", err, s)
				}
			}
			if msg := err.Error(); strings.Contains(msg, "payments: payments:") || strings.Contains(msg, "PublicURL") {
				t.Errorf("%q repeats itself or names a field instead of the variable", msg)
			}
			// As root the cluster lives under /var/lib/mishwar, not in dir: the log says whether one started.
			if entries, _ := os.ReadDir(dir); len(entries) != 0 || strings.Contains(log.String(), "PostgreSQL") {
				t.Errorf("serve created %d entries in its data directory or started PostgreSQL before refusing:\n%s", len(entries), log.String())
			}
		})
	}
}

// The uploads directory is checked at start: one Mishwar cannot write is refused by its path, before
// the database starts, not at an admin's first photo.
func TestServeRefusesAnUploadsDirectoryItCannotWrite(t *testing.T) {
	dir := t.TempDir()
	// A file where the directory should be: what root cannot write either.
	if err := os.WriteFile(filepath.Join(dir, "uploads"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DATABASE_URL", "")
	t.Setenv("MISHWAR_DATA_DIR", dir)
	t.Setenv("MISHWAR_ADDR", "127.0.0.1:0")
	t.Setenv("MISHWAR_LOG_LEVEL", "info")
	var log bytes.Buffer
	err := run([]string{"serve"}, io.Discard, &log)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "uploads")) {
		t.Fatalf("serve with an uploads directory it cannot write: %v, want a refusal naming it", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "postgres")); !errors.Is(err, os.ErrNotExist) || strings.Contains(log.String(), "PostgreSQL") {
		t.Fatalf("the database was started before the refusal: %v\n%s", err, log.String())
	}
}
