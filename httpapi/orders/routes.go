// Package orders serves the orders API: checkout, the booking calendar, the traveller's orders and
// what they may do with them (pay, cancel, ask for a refund, exchange), the trip status lookup,
// enquiries, the payment providers' callbacks and returns, the sandbox's test card page, and the
// staff's purchase orders, enquiries, payments audit and hold expiry.
//
// It decodes requests, calls the orders application (commands/orders) and encodes its answers,
// nothing else: it resolves no point, decides no rule, reads no read model and imports no adapter.
// Every route that changes something runs under the one Idempotency-Key middleware
// (httpx.Idempotent) with the command metadata of httpx.Meta, and answers after the orders read
// model has seen its own write (httpx.WaitForReadModel).
package orders

import (
	"context"
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	"mishwar/domain/availability"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
)

// Handler is the orders' part of the API.
type Handler struct {
	app         apporders.Application
	readModels  httpx.ReadModels
	idempotency httpx.IdempotencyStore
	sandbox     http.Handler
	sandboxPath string
}

// Config is what New needs.
type Config struct {
	App apporders.Application
	// ReadModels lets an answer wait for the orders read model to show its own write.
	ReadModels httpx.ReadModels
	// Idempotency keeps the answers to Idempotency-Keys.
	Idempotency httpx.IdempotencyStore
	// Sandbox serves the sandbox provider's hosted test card page under SandboxPath (nil with a real
	// provider).
	Sandbox     http.Handler
	SandboxPath string
}

// New returns the orders' routes over their application.
func New(c Config) *Handler {
	return &Handler{app: c.App, readModels: c.ReadModels, idempotency: c.Idempotency, sandbox: c.Sandbox, sandboxPath: c.SandboxPath}
}

// Routes mounts the orders API under /api.
func (h *Handler) Routes(api *mux.Router) {
	user := httpx.RequireUser
	staff := func(hf http.HandlerFunc) http.HandlerFunc {
		return httpx.RequireRole(hf, httpx.RoleAdmin, httpx.RoleSupport)
	}
	// A date found fully booked is a final answer worth repeating; other conflicts may clear on a retry.
	submission := func(hf http.HandlerFunc) http.HandlerFunc {
		return h.command(hf, func(err error) bool { return errors.Is(err, availability.ErrDateFullyBooked) })
	}
	command := func(hf http.HandlerFunc) http.HandlerFunc { return h.command(hf, nil) }

	api.HandleFunc("/orders/settings", h.settings).Methods(http.MethodGet)
	api.HandleFunc("/orders/calendar", h.calendar).Methods(http.MethodGet)
	api.HandleFunc("/orders/calendar/cart", user(h.cartCalendar)).Methods(http.MethodGet)
	api.HandleFunc("/orders/pickup-times", user(h.pickupTimes)).Methods(http.MethodGet)
	api.HandleFunc("/orders", user(submission(h.placeOrder))).Methods(http.MethodPost)
	api.HandleFunc("/orders/promo", user(h.promoQuote)).Methods(http.MethodGet)
	api.HandleFunc("/orders", user(h.myOrders)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}", user(h.getOrder)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/pay", user(command(h.payOrder))).Methods(http.MethodPost)
	api.HandleFunc("/orders/{id}/cancel", user(command(h.cancelOrder))).Methods(http.MethodPost)
	api.HandleFunc("/orders/{id}/refund", user(command(h.requestRefund))).Methods(http.MethodPost)
	api.HandleFunc("/orders/{id}/exchange/quote", user(h.exchangeQuote)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/exchange/pickup-times", user(h.exchangeTimes)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/exchange/calendar", user(h.exchangeCalendar)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/exchange", user(command(h.exchangeOrder))).Methods(http.MethodPost)
	api.HandleFunc("/tripstatus", h.tripStatus).Methods(http.MethodPost)
	api.HandleFunc("/enquiries", submission(h.submitEnquiry)).Methods(http.MethodPost)
	api.HandleFunc("/enquiries/pickup-times", h.enquiryTimes).Methods(http.MethodGet)
	api.HandleFunc("/enquiries/calendar", h.enquiryCalendar).Methods(http.MethodGet)
	api.HandleFunc("/enquiries/{id}/pay", command(h.payEnquiry)).Methods(http.MethodPost)
	api.HandleFunc("/enquiries/{id}/view", h.enquiryByLink).Methods(http.MethodPost)
	api.HandleFunc("/payments/{provider}/callback", h.paymentCallback).Methods(http.MethodPost)
	api.HandleFunc("/payments/{provider}/return", h.paymentReturn).Methods(http.MethodGet)

	api.HandleFunc("/admin/orders", staff(h.adminOrders)).Methods(http.MethodGet)
	api.HandleFunc("/admin/orders/{id}", staff(h.adminOrder)).Methods(http.MethodGet)
	api.HandleFunc("/admin/orders/{id}/refund", staff(command(h.adminRefund))).Methods(http.MethodPost)
	api.HandleFunc("/admin/orders/{id}/cancel", staff(command(h.adminCancel))).Methods(http.MethodPost)
	api.HandleFunc("/admin/orders/{id}/accept-payment", staff(command(h.adminAcceptPayment))).Methods(http.MethodPost)
	api.HandleFunc("/admin/orders/{id}/exchange/quote", staff(h.adminExchangeQuote)).Methods(http.MethodGet)
	api.HandleFunc("/admin/orders/{id}/exchange/calendar", staff(h.adminExchangeCalendar)).Methods(http.MethodGet)
	api.HandleFunc("/admin/orders/{id}/exchange/pickup-times", staff(h.adminExchangeTimes)).Methods(http.MethodGet)
	api.HandleFunc("/admin/orders/{id}/exchange", staff(command(h.adminExchange))).Methods(http.MethodPost)
	api.HandleFunc("/admin/enquiries", staff(h.adminEnquiries)).Methods(http.MethodGet)
	api.HandleFunc("/admin/enquiries/{id}/quote", staff(command(h.adminQuote))).Methods(http.MethodPost)
	api.HandleFunc("/admin/enquiries/{id}/decline", staff(command(h.adminDecline))).Methods(http.MethodPost)
	api.HandleFunc("/admin/payments", staff(h.adminPayments)).Methods(http.MethodGet)
	api.HandleFunc("/admin/holds/expire", staff(command(h.adminExpireHolds))).Methods(http.MethodPost)
}

// RootRoutes mounts what the orders serve outside /api: the sandbox's test card page.
func (h *Handler) RootRoutes(r *mux.Router) {
	if h.sandbox == nil {
		return
	}
	r.PathPrefix(h.sandboxPath).Handler(h.sandbox).Methods(http.MethodGet, http.MethodPost)
}

// command puts a route that changes something under the Idempotency-Key middleware; keep names the
// failures that are final answers (see httpx.Idempotent).
func (h *Handler) command(hf http.HandlerFunc, keep func(error) bool) http.HandlerFunc {
	return httpx.Idempotent(h.idempotency, keep)(hf).ServeHTTP
}

// waitForOrders returns once the orders read model shows the write at pos.
func (h *Handler) waitForOrders(ctx context.Context, pos eventstore.Position) error {
	return httpx.WaitForReadModel(ctx, h.readModels, apporders.ReadModel, pos)
}

// writeError answers err; a spent rate limit becomes 429 with Retry-After.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var tooMany *apporders.TooManyAttemptsError
	if errors.As(err, &tooMany) {
		err = &httpx.RetryAfterError{After: tooMany.After}
	}
	httpx.WriteError(w, r, err)
}

// actor is who sends the request, as the order decider knows them.
func actor(r *http.Request) order.Actor {
	id, _ := httpx.CurrentIdentity(r)
	return order.Actor{UserID: id.UserID, Staff: id.Role == httpx.RoleAdmin || id.Role == httpx.RoleSupport}
}

func userID(r *http.Request) string {
	id, _ := httpx.CurrentIdentity(r)
	return id.UserID
}

func lang(r *http.Request) string { return string(httpx.Lang(r)) }
