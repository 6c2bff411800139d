package orders

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	"mishwar/domain/payment"
	"mishwar/httpapi/httpx"
)

// paymentCallback answers a provider's server-to-server notice at POST
// /api/payments/{provider}/callback: verified (a forged one is 401), recorded once (a replay changes
// nothing), applied to the order.
func (h *Handler) paymentCallback(w http.ResponseWriter, r *http.Request) {
	body, err := httpx.ReadBody(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	provider := mux.Vars(r)["provider"]
	res, err := h.app.Commands.ReceiveCallback(r.Context(), provider, r, body)
	if errors.Is(err, payment.ErrInvalidSignature) {
		httpx.Logger(r).WarnContext(r.Context(), "payments: a callback failed verification", "provider", provider, "ip", httpx.ClientIP(r))
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	if res.Skipped {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"received": true})
		return
	}
	if err := h.waitForOrders(r.Context(), res.Position); err != nil {
		// The notice is recorded; the provider must not send it again because a read model lags.
		httpx.Logger(r).WarnContext(r.Context(), "payments: the read model lags a callback", "err", err)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"received": true, "repeated": res.Repeated, "status": res.Status, "order_id": res.OrderID})
}

// paymentReturn is GET /api/payments/{provider}/return, where a provider with one browser redirect
// (Paymob) sends the traveller: the result is verified and recorded like a callback, then the browser
// goes to the result page (home when the result does not verify).
func (h *Handler) paymentReturn(w http.ResponseWriter, r *http.Request) {
	res, err := h.app.Commands.ReceiveReturn(r.Context(), mux.Vars(r)["provider"], r)
	if errors.Is(err, apporders.ErrNoSuchProvider) {
		writeError(w, r, err)
		return
	}
	target := "/"
	if err == nil {
		result := "failure"
		if res.Status == payment.StatusSucceeded {
			result = "success"
		}
		_ = h.waitForOrders(r.Context(), res.Position)
		target = "/payments/" + res.OrderID + "?result=" + result
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}
