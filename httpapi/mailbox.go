package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gorilla/mux"

	"mishwar/adapters/mail"
	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// The admin mailbox: every e-mail Mishwar recorded, with its delivery state and bodies. With no SMTP
// server configured this is where mail "arrives" (/admin/mailbox in the web app).

func (s *Server) mailboxRoutes(api *mux.Router) {
	if s.deps.Mailbox == nil {
		return
	}
	api.HandleFunc("/admin/mailbox", httpx.RequireRole(s.mailboxList, httpx.RoleAdmin)).Methods(http.MethodGet)
	api.HandleFunc("/admin/mailbox/{id}", httpx.RequireRole(s.mailboxGet, httpx.RoleAdmin)).Methods(http.MethodGet)
	api.HandleFunc("/admin/mailbox/{id}/retry", httpx.RequireRole(s.mailboxRetry, httpx.RoleAdmin)).Methods(http.MethodPost)
}

var (
	errMailNotFound  = domain.NotFound("mailbox.not_found")
	errMailNotFailed = domain.Conflict("mailbox.not_failed")
)

func mailError(err error) error {
	switch {
	case errors.Is(err, mail.ErrNotFound):
		return errMailNotFound
	case errors.Is(err, mail.ErrNotFailed):
		return errMailNotFailed
	}
	return err
}

func (s *Server) mailboxList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, _ := strconv.Atoi(q.Get("limit"))
	offset, _ := strconv.Atoi(q.Get("offset"))
	status := q.Get("status")
	if status != "" && status != "pending" && status != "sent" && status != "failed" {
		status = ""
	}
	list, total, err := s.deps.Mailbox.List(r.Context(), mail.Filter{Status: status, To: q.Get("to"), Limit: limit, Offset: max(offset, 0)})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": list, "total": total})
}

func (s *Server) mailboxGet(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, errMailNotFound)
		return
	}
	m, err := s.deps.Mailbox.Get(r.Context(), id)
	if err != nil {
		httpx.WriteError(w, r, mailError(err))
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": m})
}

func (s *Server) mailboxRetry(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, errMailNotFound)
		return
	}
	if err := s.deps.Mailbox.Retry(r.Context(), id); err != nil {
		httpx.WriteError(w, r, mailError(err))
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "mailbox.retried")})
}
