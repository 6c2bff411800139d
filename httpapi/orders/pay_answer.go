package orders

import (
	"net/http"

	apporders "mishwar/commands/orders"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// payAnswer answers a command that opens (or finds) a payment page: 200 with payment_url once the
// provider has opened it; 202 with where to poll while it has not (the command waited a few seconds
// for it; the job opening it keeps going, and the order carries payment_url when it is open).
func (h *Handler) payAnswer(w http.ResponseWriter, r *http.Request, p apporders.Placed, err error, status string) {
	if err == nil {
		err = h.waitForOrders(r.Context(), p.Position)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	data := placedAnswer(p, status)
	if p.Pending {
		// The traveller's own order is read at GET /api/orders/{id}; a guest asks again here (the
		// same request finds the session being opened and opens no other).
		if userID(r) == "" {
			data.Poll = r.URL.Path
		}
		w.Header().Set("Location", data.Poll)
		w.Header().Set("Retry-After", "2")
		httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"message": i18n.T(httpx.Lang(r), "payments.opening"), "data": data})
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"payment_url": p.PaymentURL, "data": data})
}
