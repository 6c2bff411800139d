package pgtest_test

import (
	"context"
	"testing"

	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestNewDatabaseIsMigrated(t *testing.T) {
	pool := pgtest.NewDatabase(t)
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM events").Scan(&n); err != nil {
		t.Fatal(err)
	}
}
