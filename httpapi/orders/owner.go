package orders

import (
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	"mishwar/httpapi/httpx"
)

// The traveller's own orders. Someone else's order answers 404, like one that does not exist.

type reasonRequest struct {
	Reason string   `json:"reason"`
	Amount *float64 `json:"amount"`
}

type exchangeRequest struct {
	Date       string           `json:"date"`
	Time       string           `json:"time"`
	RatePlanID httpx.FlexString `json:"rate_plan_id"`
}

// myOrders answers GET /api/orders: the traveller's orders and open enquiries.
func (h *Handler) myOrders(w http.ResponseWriter, r *http.Request) {
	mine, err := h.app.Queries.MyOrders.Handle(r.Context(), userID(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]orderJSON, 0, len(mine.Orders))
	for _, o := range mine.Orders {
		out = append(out, toOrderJSON(o, lang(r)))
	}
	qs := make([]enquiryJSON, 0, len(mine.Enquiries))
	for _, q := range mine.Enquiries {
		qs = append(qs, toEnquiryJSON(q, lang(r)))
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "enquiries": qs})
}

// getOrder answers GET /api/orders/{id}: the order with its timeline.
func (h *Handler) getOrder(w http.ResponseWriter, r *http.Request) {
	h.ownAnswer(w, r, mux.Vars(r)["id"], nil)
}

// ownAnswer answers with the traveller's order id as it now stands, plus extra.
func (h *Handler) ownAnswer(w http.ResponseWriter, r *http.Request, id string, extra map[string]any) {
	o, err := h.app.Queries.OwnOrder.Handle(r.Context(), id, userID(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	answer := map[string]any{"data": toOrderJSON(o, lang(r))}
	for k, v := range extra {
		answer[k] = v
	}
	httpx.WriteJSON(w, http.StatusOK, answer)
}

// payOrder answers POST /api/orders/{id}/pay: the payment page still open, or a new one (200); 202
// while the provider has not opened it yet (GET the order until it carries payment_url).
func (h *Handler) payOrder(w http.ResponseWriter, r *http.Request) {
	p, err := h.app.Commands.PayOwnOrder(r.Context(), mux.Vars(r)["id"], userID(r), httpx.Meta(r))
	h.payAnswer(w, r, p, err, string(p.Status))
}

// cancelOrder answers POST /api/orders/{id}/cancel: cancelled under the order's policy, refunded
// what it owes.
func (h *Handler) cancelOrder(w http.ResponseWriter, r *http.Request) {
	var req reasonRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.CancelOwnOrder(r.Context(), mux.Vars(r)["id"], actor(r), req.Reason, httpx.Meta(r))
	h.afterOwnCommand(w, r, out, err, refundExtra(out))
}

// requestRefund answers POST /api/orders/{id}/refund: the request recorded for an operator.
func (h *Handler) requestRefund(w http.ResponseWriter, r *http.Request) {
	var req reasonRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := checkAmount(req.Amount); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.RequestOwnRefund(r.Context(), mux.Vars(r)["id"], actor(r), req.Reason, optionalAmount(req.Amount), httpx.Meta(r))
	h.afterOwnCommand(w, r, out, err, nil)
}

// exchangeQuote answers GET /api/orders/{id}/exchange/quote?date&time&rate_plan_id.
func (h *Handler) exchangeQuote(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	x, err := h.app.Commands.QuoteOwnExchange(r.Context(), apporders.ExchangeInput{OrderID: mux.Vars(r)["id"], Actor: actor(r),
		Date: q.Get("date"), Time: q.Get("time"), RatePlanID: q.Get("rate_plan_id")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"trip": toTrip(x.Trip, lang(r)), "total": toMoney(x.Total), "difference": toMoney(x.Difference),
		"prices": convertedAll(x.Total, x.Rates),
	}})
}

// exchangeOrder answers POST /api/orders/{id}/exchange: moved at once, or waiting for the difference
// to be paid at payment_url.
func (h *Handler) exchangeOrder(w http.ResponseWriter, r *http.Request) {
	var req exchangeRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.ExchangeOwnOrder(r.Context(), apporders.ExchangeInput{OrderID: mux.Vars(r)["id"], Actor: actor(r),
		Date: req.Date, Time: req.Time, RatePlanID: strings.TrimSpace(string(req.RatePlanID))}, httpx.Meta(r))
	extra := map[string]any{"refunded": toMoney(out.Refunded)}
	if out.PaymentURL != "" {
		extra["payment_url"] = out.PaymentURL
	}
	h.afterOwnCommand(w, r, out, err, extra)
}

// afterOwnCommand answers a command on the traveller's order: the order as the read model shows it
// once it has seen the command, plus extra.
func (h *Handler) afterOwnCommand(w http.ResponseWriter, r *http.Request, out apporders.Outcome, err error, extra map[string]any) {
	if err == nil {
		err = h.waitForOrders(r.Context(), out.Position)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	h.ownAnswer(w, r, out.OrderID, extra)
}

// refundExtra says what a command's refunds did: sent back (refunded), refused (refund_failed, an
// operator settles it) or still waiting for the provider (refund_pending; the order shows the
// outcome when it arrives).
func refundExtra(out apporders.Outcome) map[string]any {
	return map[string]any{"refunded": toMoney(out.Refunded), "refund_failed": out.RefundFailed, "refund_pending": toMoney(out.RefundPending)}
}
