package main

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

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
