package orders

import (
	"net/http"
	"time"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/httpapi/httpx"
)

// The staff's side: purchase orders, enquiries, the payments audit and the hold expiry.

// adminOrders answers GET /api/admin/orders?status&attention&refund_requested&q&limit&offset, or with
// format=csv (or Accept: text/csv) every order those select as a spreadsheet (csv.go).
func (h *Handler) adminOrders(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, offset, err := httpx.StaffPaging(r)
	if err == nil {
		err = order.CheckStatusFilter(q.Get("status"))
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	filter := apporders.OrderFilter{
		Status: q.Get("status"), Attention: q.Get("attention") == "1" || q.Get("attention") == "true",
		RefundRequested: q.Get("refund_requested") == "1", Query: q.Get("q"), Limit: limit, Offset: offset,
	}
	if httpx.WantsCSV(r) {
		h.adminOrdersCSV(w, r, filter)
		return
	}
	list, total, err := h.app.Queries.PurchaseOrders.Handle(r.Context(), filter)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]orderJSON, 0, len(list))
	for _, o := range list {
		j := toOrderJSON(o, lang(r))
		j.UserID = o.UserID
		out = append(out, j)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "total": total})
}

// adminOrder answers GET /api/admin/orders/{id}: the order, its timeline and its payments audit.
func (h *Handler) adminOrder(w http.ResponseWriter, r *http.Request) {
	o, err := h.app.Queries.StaffOrder.Handle(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		writeError(w, r, err)
		return
	}
	audit, err := h.app.Queries.Payments.Handle(r.Context(), apporders.PaymentsQuery{OrderID: o.ID, Limit: 100})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": toOrderJSON(o, lang(r)), "payments": audit})
}

// adminRefund answers POST /api/admin/orders/{id}/refund: amount (default: what the order owes) sent
// back with a reason.
func (h *Handler) adminRefund(w http.ResponseWriter, r *http.Request) {
	var req reasonRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := checkAmount(req.Amount); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.IssueRefundAsStaff(r.Context(), mux.Vars(r)["id"], actor(r), req.Reason, optionalAmount(req.Amount), httpx.Meta(r))
	h.afterStaffCommand(w, r, out, err)
}

type acceptPaymentRequest struct {
	PaymentID string `json:"payment_id"`
	Reason    string `json:"reason"`
}

// adminAcceptPayment answers POST /api/admin/orders/{id}/accept-payment: money that differed from
// what was asked (payment_id, default the oldest under review) accepted with a reason, confirming the
// order. The other way to settle it is a refund.
func (h *Handler) adminAcceptPayment(w http.ResponseWriter, r *http.Request) {
	var req acceptPaymentRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.AcceptPaymentAsStaff(r.Context(), mux.Vars(r)["id"], req.PaymentID, actor(r), req.Reason, httpx.Meta(r))
	h.afterStaffCommand(w, r, out, err)
}

type staffCancelRequest struct {
	Reason string `json:"reason"`
	// InitiatedBy: "business" (the business cancels: everything paid goes back) or "traveller" (the
	// traveller asked: the order's policy applies); required for a confirmed order.
	InitiatedBy string `json:"initiated_by"`
}

// adminCancel answers POST /api/admin/orders/{id}/cancel: reason and initiated_by.
func (h *Handler) adminCancel(w http.ResponseWriter, r *http.Request) {
	var req staffCancelRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.CancelOrderAsStaff(r.Context(), mux.Vars(r)["id"], actor(r), req.Reason, req.InitiatedBy, httpx.Meta(r))
	h.afterStaffCommand(w, r, out, err)
}

// afterStaffCommand answers a staff command on an order: the order once the read model shows it,
// with what was refunded.
func (h *Handler) afterStaffCommand(w http.ResponseWriter, r *http.Request, out apporders.Outcome, err error) {
	if err == nil {
		err = h.waitForOrders(r.Context(), out.Position)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	o, err := h.app.Queries.StaffOrder.Handle(r.Context(), out.OrderID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	answer := refundExtra(out)
	answer["data"] = toOrderJSON(o, lang(r))
	httpx.WriteJSON(w, http.StatusOK, answer)
}

// adminEnquiries answers GET /api/admin/enquiries?status&limit&offset.
func (h *Handler) adminEnquiries(w http.ResponseWriter, r *http.Request) {
	limit, offset, err := httpx.StaffPaging(r)
	if err == nil {
		err = enquiry.CheckStatusFilter(r.URL.Query().Get("status"))
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, total, err := h.app.Queries.Enquiries.Handle(r.Context(), apporders.EnquiriesQuery{Status: r.URL.Query().Get("status"), Limit: limit, Offset: offset})
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]enquiryJSON, 0, len(list))
	for _, e := range list {
		out = append(out, toStaffEnquiryJSON(e, lang(r)))
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "total": total})
}

type quoteRequest struct {
	Amount     *float64 `json:"amount"`
	Date       string   `json:"date"`
	Time       string   `json:"time"`
	Note       string   `json:"note"`
	ValidHours *float64 `json:"valid_hours"`
	Reason     string   `json:"reason"`
}

// adminQuote answers POST /api/admin/enquiries/{id}/quote: a price, valid for valid_hours (48 when
// left out; at most 720), and a date and time when the enquiry left them open.
func (h *Handler) adminQuote(w http.ResponseWriter, r *http.Request) {
	var req quoteRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var valid *time.Duration
	if req.ValidHours != nil {
		// Beyond a year the hours no longer fit a duration; the domain refuses a year all the same.
		d := time.Duration(max(min(*req.ValidHours, 366*24), -1) * float64(time.Hour))
		valid = &d
	}
	if err := checkAmount(req.Amount); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.QuoteEnquiry(r.Context(), mux.Vars(r)["id"], amountOr(req.Amount, money.Money{}), req.Note, valid, req.Date, req.Time, httpx.Meta(r))
	h.enquiryAnswer(w, r, out, err)
}

// adminDecline answers POST /api/admin/enquiries/{id}/decline.
func (h *Handler) adminDecline(w http.ResponseWriter, r *http.Request) {
	var req quoteRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.DeclineEnquiry(r.Context(), mux.Vars(r)["id"], req.Reason, httpx.Meta(r))
	h.enquiryAnswer(w, r, out, err)
}

// enquiryAnswer answers a staff command on an enquiry with the enquiry once the read model shows it.
func (h *Handler) enquiryAnswer(w http.ResponseWriter, r *http.Request, out apporders.Outcome, err error) {
	if err == nil {
		err = h.waitForOrders(r.Context(), out.Position)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	q, err := h.app.Queries.Enquiries.One(r.Context(), out.OrderID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": toStaffEnquiryJSON(q, lang(r))})
}

// adminPayments answers GET /api/admin/payments?order&ignored=1: the payments audit.
func (h *Handler) adminPayments(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	list, err := h.app.Queries.Payments.Handle(r.Context(), apporders.PaymentsQuery{OrderID: q.Get("order"), OnlyIgnored: q.Get("ignored") == "1", Limit: 200})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": list})
}

// adminExpireHolds answers POST /api/admin/holds/expire: every lapsed hold settled now.
func (h *Handler) adminExpireHolds(w http.ResponseWriter, r *http.Request) {
	n, err := h.app.Commands.ExpireHolds(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"checked": n}})
}
