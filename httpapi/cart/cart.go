// Package cart serves the cart API: the spec's calls (GET/POST api/auth/cart, DELETE
// api/auth/cart/{id}, DELETE api/auth/cart/clear, PATCH api/auth/cart/items/{id}/move) in the shapes
// its client reads, and the calls the product adds: a whole program, start and end points, and
// itinerary optimisation. It decodes, calls the cart application (commands/cart) and encodes, nothing
// else: no lookup, no pricing rule, no read model of its own.
//
// Every command route runs under the shared Idempotency-Key middleware. Answers and reads alike
// show the cart as its stream holds it (commands/cart's queries), so a command's answer shows the
// change and the next GET agrees, in any process, without waiting for a read model.
package cart

import (
	"net/http"

	"github.com/gorilla/mux"

	cartapp "mishwar/commands/cart"
	"mishwar/domain/trip"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// Handler is the cart's part of the API.
type Handler struct {
	app         cartapp.Application
	idempotency httpx.IdempotencyStore
}

// New returns the cart's routes over its application; idempotency keeps the answers to
// Idempotency-Keys.
func New(app cartapp.Application, idempotency httpx.IdempotencyStore) *Handler {
	return &Handler{app: app, idempotency: idempotency}
}

// Routes mounts the cart's calls, all for signed-in users.
func (h *Handler) Routes(api *mux.Router) {
	api.HandleFunc("/auth/cart", httpx.RequireUser(h.getCart)).Methods(http.MethodGet)
	api.HandleFunc("/auth/cart", h.command(h.addToCart)).Methods(http.MethodPost)
	api.HandleFunc("/auth/cart/clear", h.command(h.clearCart)).Methods(http.MethodDelete)
	api.HandleFunc("/auth/cart/program", h.command(h.addProgram)).Methods(http.MethodPost)
	api.HandleFunc("/auth/cart/points", h.command(h.choosePoints)).Methods(http.MethodPut)
	// A proposal changes nothing: a query, though POSTed.
	api.HandleFunc("/auth/cart/optimise", httpx.RequireUser(h.optimise)).Methods(http.MethodPost)
	api.HandleFunc("/auth/cart/order", h.command(h.reorder)).Methods(http.MethodPut)
	api.HandleFunc("/auth/cart/items/{id}/move", h.command(h.moveItem)).Methods(http.MethodPatch)
	api.HandleFunc("/auth/cart/{id}", h.command(h.removeItem)).Methods(http.MethodDelete)
}

// command puts a cart command under the Idempotency-Key middleware. Every failure is worth running
// again: the key's command id makes a repeat append nothing twice, and a refusal is decided anew.
func (h *Handler) command(next http.HandlerFunc) http.HandlerFunc {
	return httpx.RequireUser(httpx.Idempotent(h.idempotency, nil)(next).ServeHTTP)
}

func user(r *http.Request) string {
	id, _ := httpx.CurrentIdentity(r)
	return id.UserID
}

// departure is the ?departure= asked for ("" for the default).
func departure(r *http.Request) string { return r.URL.Query().Get("departure") }

// quoteCart answers the user's cart priced, as the client reads it: as the store holds it now, or,
// for the answer to a command (after), as the command left it.
func (h *Handler) quoteCart(r *http.Request, after *cartapp.Result) (cartJSON, error) {
	var q trip.Quote
	var err error
	if after == nil {
		q, err = h.app.Queries.Cart.Handle(r.Context(), user(r), departure(r))
	} else {
		q, err = h.app.Queries.Cart.HandleAfter(r.Context(), user(r), departure(r), *after)
	}
	if err != nil {
		return cartJSON{}, err
	}
	return toCartJSON(q, httpx.Lang(r)), nil
}

// answerCart answers status with the cart after a command (res), and a message.
func (h *Handler) answerCart(w http.ResponseWriter, r *http.Request, res cartapp.Result, status int, messageKey string, args ...any) {
	body, err := h.quoteCart(r, &res)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	body.Message = i18n.T(httpx.Lang(r), messageKey, args...)
	httpx.WriteJSON(w, status, body)
}
