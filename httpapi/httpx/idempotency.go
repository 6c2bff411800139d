package httpx

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
)

// IdempotencyStore keeps the answers given to Idempotency-Keys (adapters/idempotency implements it).
type IdempotencyStore interface {
	// Begin claims key within scope for a request with hash. It returns the earlier answer when
	// there is one (done true), a 422 domain error when the key came with another request, and
	// nothing when the request should run: first use, or a concurrent or interrupted use of the
	// same request (the command id derived from the key makes running it again safe).
	Begin(ctx context.Context, scope, key, hash string) (status int, body []byte, done bool, err error)
	// Complete records the answer of key; the first one recorded wins.
	Complete(ctx context.Context, scope, key string, status int, body []byte) error
}

const maxIdempotencyKey = 255

var commandNamespace = uuid.MustParse("c3b1f7a4-5e2d-4e84-9f1b-8a7d6e5c4b3a")

// CommandIDFor is the command id an Idempotency-Key stands for within scope: every request with the
// key runs as this one command, so the command runner appends nothing twice.
func CommandIDFor(scope, key string) uuid.UUID {
	return uuid.NewSHA1(commandNamespace, []byte(scope+"\x00"+key))
}

type idempotencyKey struct{}

type keyed struct {
	scope, key string
	// err is the error the handler answered with (WriteError records it), for the keep rule.
	err error
}

// Idempotent is the one Idempotency-Key middleware of every command route. Without a key the request
// just runs. With one, the key is bound to the request (who sends it, method, path, language and
// body): a repeat gets the first answer again (header Idempotent-Replayed: true), the key with another
// request is refused (422), and the command runs under the id derived from the key (see Meta), so
// concurrent repeats append nothing twice. Successes are stored; keep says which failures are final
// and stored with their answer too. Every other failure is not: a retry runs again and resumes. That
// includes refusals (422): most depend on more than the request (no pickup point chosen yet, a day
// too long for the cart as it is), and the web app sends the same key again when the traveller, having
// fixed the cart, presses Pay with the same form; a stored refusal answered the fixed cart with the old
// one. Running a refused request again is safe: it appended nothing, or what it appended is found
// under the key's command id, as for a request whose answer was lost.
func Idempotent(store IdempotencyStore, keep func(err error) bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
			if key == "" || store == nil || !unsafeMethod(r.Method) {
				next.ServeHTTP(w, r)
				return
			}
			if len(key) > maxIdempotencyKey {
				WriteError(w, r, &domain.ValidationError{Fields: map[string][]string{"Idempotency-Key": {"common.too_long"}}})
				return
			}
			body, err := ReadBody(w, r)
			if err != nil {
				WriteError(w, r, err)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			id, _ := CurrentIdentity(r)
			scope := "anonymous"
			if id.UserID != "" {
				scope = "user:" + id.UserID
			}
			scope += " " + r.Method + " " + r.URL.Path
			hash := hashRequest([]byte(Lang(r)), []byte(r.URL.RawQuery), body)
			priorStatus, priorBody, done, err := store.Begin(r.Context(), scope, key, hash)
			if err != nil {
				WriteError(w, r, err)
				return
			}
			if done {
				w.Header().Set("Idempotent-Replayed", "true")
				w.Header().Set("Content-Type", "application/json; charset=utf-8")
				w.WriteHeader(priorStatus)
				_, _ = w.Write(priorBody)
				return
			}
			k := &keyed{scope: scope, key: key}
			rec := &captured{header: http.Header{}, status: http.StatusOK}
			next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), idempotencyKey{}, k)))
			final := rec.status < 300 || (k.err != nil && keep != nil && keep(k.err))
			if final {
				if err := store.Complete(r.Context(), scope, key, rec.status, rec.body); err != nil {
					Logger(r).WarnContext(r.Context(), "idempotency: store the answer", "err", err)
				}
			}
			for name, vs := range rec.header {
				w.Header()[name] = vs
			}
			w.WriteHeader(rec.status)
			_, _ = w.Write(rec.body)
		})
	}
}

func unsafeMethod(m string) bool {
	return m == http.MethodPost || m == http.MethodPut || m == http.MethodPatch || m == http.MethodDelete
}

// recordError lets the idempotency middleware see the error a handler answered with.
func recordError(r *http.Request, err error) {
	if k, ok := r.Context().Value(idempotencyKey{}).(*keyed); ok {
		k.err = err
	}
}

func hashRequest(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:", len(p))
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Meta is the command metadata of a request: the signed-in actor, the client's address, and, under
// an Idempotency-Key, the command id the key stands for.
func Meta(r *http.Request) commands.Meta {
	id, _ := CurrentIdentity(r)
	meta := commands.NewMeta(commands.Actor{UserID: id.UserID, Role: id.Role})
	meta.ClientIP = ClientIP(r)
	meta.Lang = string(Lang(r))
	if k, ok := r.Context().Value(idempotencyKey{}).(*keyed); ok {
		meta.CommandID = CommandIDFor(k.scope, k.key)
		meta.CorrelationID = meta.CommandID.String()
	}
	return meta
}

// captured is a response kept to be stored and replayed.
type captured struct {
	header http.Header
	status int
	body   []byte
	wrote  bool
}

func (c *captured) Header() http.Header { return c.header }
func (c *captured) Write(b []byte) (int, error) {
	c.wrote = true
	c.body = append(c.body, b...)
	return len(b), nil
}
func (c *captured) WriteHeader(status int) {
	if !c.wrote {
		c.status = status
		c.wrote = true
	}
}
