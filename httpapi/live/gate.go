package live

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/zishang520/socket.io/v3/pkg/types"
)

// The Socket.IO library (v3.0.0) loses the first packet of a websocket-only client now and then.
// Its engine sends the Engine.IO "open" packet while it builds the connection, and only afterwards
// emits "connection", where the Socket.IO layer starts listening for the connection's data. The
// client answers "open" at once with its CONNECT packet; when the server's goroutine is descheduled
// in between (a loaded machine), the engine's reader delivers CONNECT to no listener and drops it.
// The socket is then open but never connected, and the client waits for good (upstream:
// zishang520/socket.io issue 195).
//
// readGate closes that window from outside the library: a fresh websocket handshake reads nothing
// from its connection until the engine has emitted "connection" for it (Socket.IO's own listener,
// registered first, has then set the connection up), or until handshakeGrace has passed.
type readGate struct {
	once sync.Once
	open chan struct{}
}

// handshakeGrace bounds how long a connection's reads wait for its "connection" event (which
// normally comes microseconds after the upgrade): reads are never held back for good.
const handshakeGrace = 10 * time.Second

func newReadGate() *readGate {
	g := &readGate{open: make(chan struct{})}
	time.AfterFunc(handshakeGrace, g.release)
	return g
}

func (g *readGate) release() { g.once.Do(func() { close(g.open) }) }

type readGateKey struct{}

// gateFreshWebSocket returns w and r for a handshake that opens a session over websocket directly
// (no sid: an upgrade of a polling session is not affected), with reads held back by a gate.
func gateFreshWebSocket(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, *http.Request) {
	q := r.URL.Query()
	if q.Get("transport") != "websocket" || q.Get("sid") != "" {
		return w, r
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		return w, r
	}
	g := newReadGate()
	return &gatedWriter{ResponseWriter: w, hj: hj, gate: g}, r.WithContext(context.WithValue(r.Context(), readGateKey{}, g))
}

// releaseReads opens the gate of the engine connection in args (the engine's "connection" event).
func releaseReads(args ...any) {
	if len(args) == 0 {
		return
	}
	conn, ok := args[0].(interface{ Request() *types.HttpContext })
	if !ok || conn.Request() == nil {
		return
	}
	if g, ok := conn.Request().Request().Context().Value(readGateKey{}).(*readGate); ok {
		g.release()
	}
}

type gatedWriter struct {
	http.ResponseWriter
	hj   http.Hijacker
	gate *readGate
}

func (w *gatedWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := w.hj.Hijack()
	if err != nil {
		return nil, nil, err
	}
	return &gatedConn{Conn: c, gate: w.gate}, brw, nil
}

func (w *gatedWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *gatedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

type gatedConn struct {
	net.Conn
	gate *readGate
}

func (c *gatedConn) Read(p []byte) (int, error) {
	<-c.gate.open
	return c.Conn.Read(p)
}

func (c *gatedConn) Close() error {
	c.gate.release()
	return c.Conn.Close()
}
