// Package mailbox is the admin mailbox's API: every e-mail Mishwar recorded, with its delivery state
// and bodies, and sending a failed one again (/admin/mailbox in the web app). It decodes, calls the
// mailbox application (commands/mailbox) and encodes, nothing else.
package mailbox

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	appmailbox "mishwar/commands/mailbox"
	"mishwar/domain/mailbox"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// Handler is the mailbox's part of the API.
type Handler struct {
	app         appmailbox.Application
	idempotency httpx.IdempotencyStore
}

// New returns the mailbox routes over its application; idempotency keeps the answers to
// Idempotency-Keys of the retry route.
func New(app appmailbox.Application, idempotency httpx.IdempotencyStore) *Handler {
	return &Handler{app: app, idempotency: idempotency}
}

// Routes mounts the admin's mailbox.
func (h *Handler) Routes(api *mux.Router) {
	admin := func(f http.HandlerFunc) http.HandlerFunc { return httpx.RequireRole(f, httpx.RoleAdmin) }
	api.HandleFunc("/admin/mailbox", admin(h.list)).Methods(http.MethodGet)
	api.HandleFunc("/admin/mailbox/{id}", admin(h.message)).Methods(http.MethodGet)
	api.HandleFunc("/admin/mailbox/{id}/retry", admin(httpx.Idempotent(h.idempotency, nil)(http.HandlerFunc(h.retry)).ServeHTTP)).Methods(http.MethodPost)
}

type messageJSON struct {
	mailbox.Summary
	MessageID string `json:"message_id"`
	Text      string `json:"text"`
	HTML      string `json:"html"`
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, offset, err := httpx.StaffPaging(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	page, err := h.app.Queries.List.Handle(r.Context(), mailbox.Filter{Status: q.Get("status"), To: q.Get("to"), Limit: limit, Offset: offset})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := page.Messages
	if out == nil {
		out = []mailbox.Summary{}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "total": page.Total})
}

func messageID(r *http.Request) (uuid.UUID, error) {
	id, err := uuid.Parse(mux.Vars(r)["id"])
	if err != nil {
		return uuid.Nil, appmailbox.ErrMessageNotFound
	}
	return id, nil
}

func (h *Handler) message(w http.ResponseWriter, r *http.Request) {
	id, err := messageID(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	m, err := h.app.Queries.Message.Handle(r.Context(), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": messageJSON{Summary: m.Summary, MessageID: m.MessageID, Text: m.Text, HTML: m.HTML}})
}

func (h *Handler) retry(w http.ResponseWriter, r *http.Request) {
	id, err := messageID(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.app.Commands.Retry.Handle(r.Context(), id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "mailbox.retried")})
}
