// Package unreachable tells an error that means the database could not be reached (stopped,
// restarting, refusing connections, or gone in the middle of a statement) from every other error.
// Such a request was not performed, or its transaction was rolled back with the connection, so the
// HTTP layer answers 503 with Retry-After, and says so in words, instead of 500: the fault is
// passing, and nothing the request carried was wrong.
package unreachable

import (
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// Database reports whether err says the database could not be reached.
func Database(err error) bool {
	if err == nil {
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return unavailableState(pgErr.Code)
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return true
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EPIPE)
}

// unavailableState reports whether a SQLSTATE is the server going away or turning connections down,
// as opposed to a statement it refused.
func unavailableState(code string) bool {
	switch code {
	case "57P01", // admin_shutdown: the server is stopping, or this backend was terminated
		"57P02", // crash_shutdown
		"57P03", // cannot_connect_now: starting up or recovering
		"53300": // too_many_connections
		return true
	}
	// Class 08: connection exceptions.
	return len(code) == 5 && code[:2] == "08"
}
