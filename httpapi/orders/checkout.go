package orders

import (
	"net/http"
	"strings"

	apporders "mishwar/commands/orders"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

type orderPointRequest struct {
	PickupPointID httpx.FlexString `json:"pickup_point_id"`
	Name          string           `json:"name"`
	Lat           float64          `json:"lat"`
	Lng           float64          `json:"lng"`
}

func (p *orderPointRequest) point() *apporders.PointRequest {
	if p == nil {
		return nil
	}
	return &apporders.PointRequest{PickupPointID: string(p.PickupPointID), Name: p.Name, Lat: p.Lat, Lng: p.Lng}
}

// orderRequest is the checkout form (and the enquiry form, which adds a program).
type orderRequest struct {
	FirstName         string             `json:"first_name"`
	LastName          string             `json:"last_name"`
	Email             string             `json:"email"`
	EmailConfirmation string             `json:"email_confirmation"`
	ConfirmEmail      string             `json:"confirm_email"`
	Phone             string             `json:"phone"`
	PhoneNumber       string             `json:"phone_number"`
	CountryKey        string             `json:"country_key"`
	Country           string             `json:"country"`
	Comments          string             `json:"comments"`
	Travellers        *int               `json:"travellers"`
	Terms             httpx.FlexBool     `json:"terms"`
	Date              string             `json:"date"`
	Time              string             `json:"time"`
	RatePlanID        httpx.FlexString   `json:"rate_plan_id"`
	RateID            httpx.FlexString   `json:"rate_id"`
	Currency          string             `json:"currency"`
	Start             *orderPointRequest `json:"start"`
	End               *orderPointRequest `json:"end"`
	ProgramID         httpx.FlexString   `json:"program_id"`
	PromoCode         string             `json:"promo_code"`
}

// contact reads the contact fields under the names old and new clients send them.
func (q orderRequest) contact() (order.Contact, string) {
	phone := strings.TrimSpace(q.Phone)
	if phone == "" {
		phone = strings.TrimSpace(q.PhoneNumber)
	}
	if key := strings.TrimPrefix(strings.TrimSpace(q.CountryKey), "+"); key != "" && phone != "" && !strings.HasPrefix(phone, "+") {
		phone = "+" + key + " " + strings.TrimPrefix(phone, "0")
	}
	confirm := q.EmailConfirmation
	if confirm == "" {
		confirm = q.ConfirmEmail
	}
	return order.Contact{FirstName: q.FirstName, LastName: q.LastName, Email: q.Email, Phone: phone, Country: q.Country, Comments: q.Comments,
		Travellers: order.GroupSizeFrom(q.Travellers)}, confirm
}

func (q orderRequest) ratePlan() string {
	if v := strings.TrimSpace(string(q.RatePlanID)); v != "" {
		return v
	}
	return strings.TrimSpace(string(q.RateID))
}

// currency is the display currency asked for, upper-cased; the decision refuses one the site does not
// show prices in ("" is EGP).
func (q orderRequest) currency() money.Currency {
	return money.Currency(strings.ToUpper(strings.TrimSpace(q.Currency)))
}

// placeOrder answers POST /api/orders: the order placed and the payment page to pay it on.
func (h *Handler) placeOrder(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	contact, confirm := req.contact()
	placed, err := h.app.Commands.PlaceOrder(r.Context(), apporders.PlaceOrderInput{
		UserID: userID(r), Lang: lang(r), Contact: contact, EmailConfirmation: confirm, TermsAgreed: bool(req.Terms),
		Date: req.Date, Time: req.Time, RatePlanID: req.ratePlan(), DisplayCurrency: req.currency(),
		Start: req.Start.point(), End: req.End.point(), PromoCode: req.PromoCode,
	}, httpx.Meta(r))
	if err == nil {
		err = h.waitForOrders(r.Context(), placed.Position)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	// The order is placed either way (201); payment_pending says the provider has not opened the
	// payment page yet. The traveller's order of the same trip waiting for payment is answered
	// instead of a second one (200, resumed): the same shape, so the web app goes on to pay it.
	status, message := http.StatusCreated, i18n.T(httpx.Lang(r), "orders.submitted")
	answer := placedAnswer(placed, string(order.StatusAwaitingPayment))
	if placed.Resumed {
		status, message = http.StatusOK, i18n.T(httpx.Lang(r), "orders.resumed", placed.OrderID)
		answer.Resumed = true
		if placed.Status != "" {
			answer.Status = string(placed.Status)
		}
	}
	httpx.WriteJSON(w, status, map[string]any{"message": message, "payment_url": placed.PaymentURL, "data": answer})
}
