package live

import (
	"bufio"
	"net"
	"net/http"
)

// hijackable lets the WebSocket upgrade reach the connection through middleware whose response
// writers only expose Unwrap (gorilla/websocket asks for http.Hijacker directly).
func hijackable(w http.ResponseWriter) http.ResponseWriter {
	if _, ok := w.(http.Hijacker); ok {
		return w
	}
	return &unwrapped{ResponseWriter: w, rc: http.NewResponseController(w)}
}

type unwrapped struct {
	http.ResponseWriter
	rc *http.ResponseController
}

func (u *unwrapped) Hijack() (net.Conn, *bufio.ReadWriter, error) { return u.rc.Hijack() }

func (u *unwrapped) Flush() { _ = u.rc.Flush() }

func (u *unwrapped) Unwrap() http.ResponseWriter { return u.ResponseWriter }
