package unreachable_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"mishwar/internal/unreachable"
)

func TestADatabaseThatCannotBeReachedIsToldFromOtherErrors(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "unix", Err: syscall.ECONNREFUSED}
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"no error", nil, false},
		{"a connection refused, wrapped", fmt.Errorf("orders: load: %w", refused), true},
		{"the server stopping under a statement", &pgconn.PgError{Code: "57P01"}, true},
		{"the server recovering", fmt.Errorf("append: %w", &pgconn.PgError{Code: "57P03"}), true},
		{"a connection exception", &pgconn.PgError{Code: "08006"}, true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"the connection cut in a reply", fmt.Errorf("receive: %w", io.ErrUnexpectedEOF), true},
		{"a unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"a serialization failure", &pgconn.PgError{Code: "40001"}, false},
		{"a cancelled request", context.Canceled, false},
		{"any other error", errors.New("boom"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := unreachable.Database(c.err); got != c.want {
				t.Fatalf("Database(%v) = %v, want %v", c.err, got, c.want)
			}
		})
	}
}
