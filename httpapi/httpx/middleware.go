package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
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
				"ip", ClientIP(r))
		}()
		next.ServeHTTP(rec, r)
	})
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ClientIP is the peer address. X-Forwarded-For is trusted only when the server is configured to sit
// behind a proxy (see Config.TrustProxy); otherwise anyone could pick their own rate-limit bucket.
func ClientIP(r *http.Request) string {
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

func WithTrustedProxy(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first := strings.TrimSpace(strings.Split(xff, ",")[0])
			if net.ParseIP(first) != nil {
				r = r.WithContext(context.WithValue(r.Context(), clientIPKey{}, first))
			}
		}
		next.ServeHTTP(w, r)
	})
}
