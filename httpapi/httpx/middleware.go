package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"

	"mishwar/internal/i18n"
)

type (
	loggerKey    struct{}
	langKey      struct{}
	requestIDKey struct{}
)

// Lang is the language negotiated for the request (the `lang` header, Accept-Language, `lang` cookie).
func Lang(r *http.Request) i18n.Lang {
	if l, ok := r.Context().Value(langKey{}).(i18n.Lang); ok {
		return l
	}
	return negotiate(r)
}

func negotiate(r *http.Request) i18n.Lang {
	cookie := ""
	if c, err := r.Cookie("lang"); err == nil {
		cookie = c.Value
	}
	return i18n.Negotiate(r.Header.Get("lang"), r.Header.Get("Accept-Language"), cookie)
}

// RequestID returns the request's id (from X-Request-Id when sent, else generated).
func RequestID(r *http.Request) string {
	id, _ := r.Context().Value(requestIDKey{}).(string)
	return id
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer (flush, hijack for websockets).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// WithRequestContext gives every request an id, a language and a request-scoped Logger, logs one
// access line when it ends, and turns a panic into a 500 instead of a dropped connection.
func WithRequestContext(base *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			id = newRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		log := base.With("request_id", id)
		ctx := context.WithValue(r.Context(), requestIDKey{}, id)
		ctx = context.WithValue(ctx, loggerKey{}, log)
		ctx = context.WithValue(ctx, langKey{}, negotiate(r))
		r = r.WithContext(ctx)
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				log.ErrorContext(ctx, "panic serving request", "panic", p, "stack", string(debug.Stack()))
				if rec.status == 0 {
					WriteMessage(rec, r, http.StatusInternalServerError, "common.internal")
				}
			}
			if strings.HasPrefix(r.URL.Path, "/healthz") || strings.HasPrefix(r.URL.Path, "/readyz") {
				return
			}
			log.InfoContext(ctx, "http",
				"method", r.Method, "path", r.URL.Path, "status", rec.status,
				"bytes", rec.bytes, "duration_ms", float64(time.Since(start).Microseconds())/1000,
				"ip", clientAddress(r))
		}()
		next.ServeHTTP(rec, r)
	})
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ClientIP is the client as rate limits, unpaid holds and audit records know it: the address of the
// connection's peer, or, when the peer is a trusted proxy (see WithTrustedProxy), the address the
// proxies in front of us say they received the request from. Rate limits are keyed by it, so it must
// never be an address the client can choose. An IPv6 client is its /64 network ("2001:db8:1:2::/64"):
// one subscriber's line is given a whole /64, and privacy extensions change the rest of the address
// by the hour, so a bound per address would otherwise bind nobody.
func ClientIP(r *http.Request) string {
	return ClientNetwork(clientAddress(r))
}

// ClientNetwork is the key of a client address: an IPv6 address's /64 network, an IPv4 address (or an
// IPv4-mapped IPv6 one) as it is; what does not parse as an address is kept as it is.
func ClientNetwork(address string) string {
	a, err := netip.ParseAddr(address)
	if err != nil {
		return address
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}

// clientAddress is the client's own address (see ClientIP), for the access log.
func clientAddress(r *http.Request) string {
	if ip, ok := r.Context().Value(clientIPKey{}).(string); ok {
		return ip
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

type clientIPKey struct{}

// WithTrustedProxy takes the client address from X-Forwarded-For for requests whose peer is in one
// of the trusted networks (the proxies we run). Every proxy appends the address it received the
// request from, so the header is read from the right: the client is the rightmost address that is
// not one of our proxies. Whatever is left of it was written by the client and is ignored, so a
// client cannot pick its own rate-limit bucket by sending the header itself. A request from a peer
// that is not trusted keeps its peer address whatever it sends. With no trusted network the header
// is never read.
func WithTrustedProxy(trusted []netip.Prefix, next http.Handler) http.Handler {
	if len(trusted) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ip, ok := forwardedClient(r, trusted); ok {
			r = r.WithContext(context.WithValue(r.Context(), clientIPKey{}, ip))
		}
		next.ServeHTTP(w, r)
	})
}

// forwardedClient walks from the peer leftwards through X-Forwarded-For while the hops are trusted
// proxies, and returns the first hop that is not (or the leftmost one when every hop is trusted). An
// entry that is not an address ends the walk at the trusted hop to its right: nothing it says can be
// believed, and the proxy that wrote it is the best answer we have.
func forwardedClient(r *http.Request, trusted []netip.Prefix) (string, bool) {
	peer, ok := parseHop(r.RemoteAddr)
	if !ok || !isTrusted(peer, trusted) {
		return "", false
	}
	var hops []string
	for _, line := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(line, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(strings.TrimSpace(hops[i]))
		if !ok {
			break
		}
		client = hop
		if !isTrusted(hop, trusted) {
			break
		}
	}
	return client.String(), true
}

// parseHop reads an address as proxies write it: "203.0.113.7", "2001:db8::1", or with a port
// ("203.0.113.7:4711", "[2001:db8::1]:4711"). IPv4-mapped IPv6 addresses become IPv4 and zones are
// dropped, so one client has one spelling.
func parseHop(s string) (netip.Addr, bool) {
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		ap, perr := netip.ParseAddrPort(s)
		if perr != nil {
			return netip.Addr{}, false
		}
		a = ap.Addr()
	}
	return a.Unmap().WithZone(""), true
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// PrivateByDefault tells browsers and shared caches to keep no API answer unless its handler says
// otherwise (the public catalogue's answers do): answers carry session tokens, contact details, trips
// and payments, and a shared computer's cache or a proxy must not hand them to the next person.
func PrivateByDefault(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
