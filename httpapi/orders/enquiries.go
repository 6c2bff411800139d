package orders

import (
	"net/http"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	"mishwar/domain/order"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// submitEnquiry answers POST /api/enquiries: a request for a quote, about a program or the cart.
func (h *Handler) submitEnquiry(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	contact, confirm := req.contact()
	sub, err := h.app.Commands.SubmitEnquiry(r.Context(), apporders.EnquiryInput{
		UserID: userID(r), Lang: lang(r), ProgramID: string(req.ProgramID),
		Contact: contact, EmailConfirmation: confirm, TermsAgreed: bool(req.Terms), Date: req.Date, Time: req.Time,
		RatePlanID: req.ratePlan(), DisplayCurrency: req.currency(), Start: req.Start.point(), End: req.End.point(),
	}, httpx.Meta(r))
	if err == nil {
		err = h.waitForOrders(r.Context(), sub.Position)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "orders.enquiry_under_review"),
		"data": map[string]any{"trip_number": sub.TripNumber, "status": "submitted"}})
}

type payEnquiryRequest struct {
	Email string `json:"email"`
}

// payEnquiry answers POST /api/enquiries/{id}/pay: a quoted enquiry becomes an order with a payment
// page, for its owner or whoever knows its e-mail.
func (h *Handler) payEnquiry(w http.ResponseWriter, r *http.Request) {
	var req payEnquiryRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := h.app.Commands.PayEnquiryLink(r.Context(), mux.Vars(r)["id"], req.Email, httpx.Meta(r))
	h.payAnswer(w, r, p, err, string(order.StatusAwaitingPayment))
}
