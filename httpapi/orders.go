package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/adapters/payments"
	"mishwar/adapters/ratelimit"
	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
	catrm "mishwar/projections/catalogue"
	ordersrm "mishwar/projections/orders"
)

// The orders API: checkout (place an order, answered with the payment URL; Idempotency-Key honoured),
// the booking calendar, the traveller's orders with their timeline and the allowed actions (pay,
// cancel, refund request, exchange), the trip status lookup by trip number and e-mail, enquiries, the
// payment providers' callbacks, and the admin's purchase orders, enquiries and payments audit.

// OrdersDeps is what the orders routes need (nil in Deps: not mounted).
type OrdersDeps struct {
	Commands  *orderscmd.Handlers
	Reader    *ordersrm.Reader
	Catalogue *catrm.Reader
	// Limiter rate-limits the trip status lookup (per client address).
	Limiter *ratelimit.Limiter
	// Sandbox serves the sandbox's hosted test card page at SandboxPath (nil with a real provider).
	Sandbox     http.Handler
	SandboxPath string
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// TripStatusRule bounds trip status lookups per client address: enough for a typo or two, too few
// to guess trip numbers.
var TripStatusRule = ratelimit.Rule{Name: "tripstatus", Limit: 10, Period: 10 * time.Minute}

// EnquiryPaymentRule bounds e-mail guesses on enquiry payment links the same way.
var EnquiryPaymentRule = ratelimit.Rule{Name: "enquirypay", Limit: 10, Period: 10 * time.Minute}

func (s *Server) orderRoutes(api *mux.Router) {
	if s.deps.Orders == nil {
		return
	}
	api.HandleFunc("/orders/settings", s.orderSettings).Methods(http.MethodGet)
	api.HandleFunc("/orders/calendar", s.orderCalendar).Methods(http.MethodGet)
	api.Handle("/orders", httpx.RequireUser(s.submission(s.placeOrder))).Methods(http.MethodPost)
	api.HandleFunc("/orders", httpx.RequireUser(s.myOrders)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}", httpx.RequireUser(s.getOrder)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/pay", httpx.RequireUser(s.payOrder)).Methods(http.MethodPost)
	api.HandleFunc("/orders/{id}/cancel", httpx.RequireUser(s.cancelOrder)).Methods(http.MethodPost)
	api.HandleFunc("/orders/{id}/refund", httpx.RequireUser(s.requestRefund)).Methods(http.MethodPost)
	api.HandleFunc("/orders/{id}/exchange/quote", httpx.RequireUser(s.exchangeQuote)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/exchange", httpx.RequireUser(s.exchangeOrder)).Methods(http.MethodPost)
	api.HandleFunc("/tripstatus", s.tripStatus).Methods(http.MethodPost)
	api.Handle("/enquiries", s.submission(s.submitEnquiry)).Methods(http.MethodPost)
	api.HandleFunc("/enquiries/{id}/pay", s.payEnquiry).Methods(http.MethodPost)
	api.HandleFunc("/payments/{provider}/callback", s.paymentCallback).Methods(http.MethodPost)
	api.HandleFunc("/payments/{provider}/return", s.paymentReturn).Methods(http.MethodGet)

	staff := func(h http.HandlerFunc) http.HandlerFunc {
		return httpx.RequireRole(h, httpx.RoleAdmin, httpx.RoleSupport)
	}
	api.HandleFunc("/admin/orders", staff(s.adminOrders)).Methods(http.MethodGet)
	api.HandleFunc("/admin/orders/{id}", staff(s.adminOrder)).Methods(http.MethodGet)
	api.HandleFunc("/admin/orders/{id}/refund", staff(s.adminRefund)).Methods(http.MethodPost)
	api.HandleFunc("/admin/orders/{id}/cancel", staff(s.adminCancel)).Methods(http.MethodPost)
	api.HandleFunc("/admin/enquiries", staff(s.adminEnquiries)).Methods(http.MethodGet)
	api.HandleFunc("/admin/enquiries/{id}/quote", staff(s.adminQuote)).Methods(http.MethodPost)
	api.HandleFunc("/admin/enquiries/{id}/decline", staff(s.adminDecline)).Methods(http.MethodPost)
	api.HandleFunc("/admin/payments", staff(s.adminPayments)).Methods(http.MethodGet)
	api.HandleFunc("/admin/holds/expire", staff(s.adminExpireHolds)).Methods(http.MethodPost)
}

// submission runs a checkout or enquiry under the shared Idempotency-Key middleware. A date found
// fully booked is a final answer worth repeating; other conflicts may clear on a retry.
func (s *Server) submission(h http.HandlerFunc) http.HandlerFunc {
	return s.idempotent(h, func(err error) bool { return errors.Is(err, availability.ErrDateFullyBooked) }).ServeHTTP
}

// orderRootRoutes mounts what the orders feature serves outside /api: the sandbox's test card page.
func (s *Server) orderRootRoutes(r *mux.Router) {
	if s.deps.Orders == nil || s.deps.Orders.Sandbox == nil {
		return
	}
	r.PathPrefix(s.deps.Orders.SandboxPath).Handler(s.deps.Orders.Sandbox).Methods(http.MethodGet, http.MethodPost)
}

func (s *Server) ordersNow() time.Time {
	if s.deps.Orders.Now != nil {
		return s.deps.Orders.Now()
	}
	return time.Now()
}

func orderMeta(r *http.Request) commands.Meta {
	id, _ := httpx.CurrentIdentity(r)
	meta := commands.NewMeta(commands.Actor{UserID: id.UserID, Role: id.Role})
	meta.ClientIP = httpx.ClientIP(r)
	return meta
}

func isStaff(id httpx.Identity) bool {
	return id.Role == httpx.RoleAdmin || id.Role == httpx.RoleSupport
}

func orderActor(r *http.Request) order.Actor {
	id, _ := httpx.CurrentIdentity(r)
	return order.Actor{UserID: id.UserID, Staff: isStaff(id)}
}

func (s *Server) waitForOrders(ctx context.Context, pos eventstore.Position) error {
	return s.waitForReadModel(ctx, ordersrm.Name, pos)
}

// ---- money and orders as JSON ----

type moneyJSON struct {
	Amount   float64        `json:"amount"`
	Minor    int64          `json:"minor"`
	Currency money.Currency `json:"currency"`
}

func toMoney(m money.Money) moneyJSON {
	if m.Currency == "" {
		m.Currency = money.EGP
	}
	return moneyJSON{Amount: m.Major(), Minor: m.Minor, Currency: m.Currency}
}

// convertedAll shows an EGP amount in every currency the order recorded a rate for.
func convertedAll(m money.Money, rates []money.Rate) []moneyJSON {
	out := []moneyJSON{toMoney(m)}
	for _, r := range rates {
		if c, err := money.Convert(m, r); err == nil && r.To != money.EGP {
			out = append(out, toMoney(money.RoundForDisplay(c)))
		}
	}
	return out
}

type pointJSON struct {
	Name          string  `json:"name"`
	Lat           float64 `json:"lat"`
	Lng           float64 `json:"lng"`
	PickupPointID string  `json:"pickup_point_id,omitempty"`
}

func toPoint(p order.Point, lang string) pointJSON {
	name := p.Name
	if lang == "ar" && p.NameAR != "" {
		name = p.NameAR
	}
	return pointJSON{Name: name, Lat: p.Lat, Lng: p.Lng, PickupPointID: p.PickupPointID}
}

type stopJSON struct {
	DestinationID string  `json:"destination_id"`
	Name          string  `json:"name"`
	Lat           float64 `json:"lat"`
	Lng           float64 `json:"lng"`
	VisitMinutes  int     `json:"visit_minutes"`
}

type orderTripJSON struct {
	StartAt   time.Time  `json:"start_at"`
	Date      string     `json:"date"`
	Time      string     `json:"time"`
	Pickup    pointJSON  `json:"pickup"`
	End       pointJSON  `json:"end"`
	Stops     []stopJSON `json:"stops"`
	ProgramID string     `json:"program_id,omitempty"`
	Program   string     `json:"program,omitempty"`
	RatePlan  struct {
		ID             string    `json:"id"`
		Name           string    `json:"name"`
		PricePerKm     moneyJSON `json:"price_per_km"`
		WaitingPerHour moneyJSON `json:"waiting_per_hour"`
	} `json:"rate_plan"`
	TotalDistance float64   `json:"total_distance"`
	TotalDuration int       `json:"total_duration"`
	DriveMinutes  int       `json:"drive_minutes"`
	WaitingHours  float64   `json:"total_waiting_hours"`
	DistanceCost  moneyJSON `json:"distance_cost"`
	WaitingCost   moneyJSON `json:"waiting_cost"`
	Total         moneyJSON `json:"total"`
}

func toTrip(t order.Trip, lang string) orderTripJSON {
	start := t.StartAt.In(cat.Cairo)
	out := orderTripJSON{StartAt: t.StartAt, Date: start.Format(time.DateOnly), Time: start.Format("15:04"),
		Pickup: toPoint(t.Itinerary.Start, lang), End: toPoint(t.Itinerary.End, lang), Stops: []stopJSON{},
		ProgramID: t.Itinerary.ProgramID, Program: t.Itinerary.ProgramName}
	for _, st := range t.Itinerary.Stops {
		name := st.NameEN
		if lang == "ar" && st.NameAR != "" {
			name = st.NameAR
		}
		out.Stops = append(out.Stops, stopJSON{DestinationID: st.DestinationID, Name: name, Lat: st.Lat, Lng: st.Lng, VisitMinutes: st.VisitMinutes})
	}
	if t.StartAt.IsZero() {
		// An enquiry that leaves the date to the operator.
		out.Date, out.Time = "", ""
	}
	out.RatePlan.ID, out.RatePlan.Name = t.RatePlan.ID, t.RatePlan.Name
	if lang == "ar" && t.RatePlan.NameAR != "" {
		out.RatePlan.Name = t.RatePlan.NameAR
	}
	out.RatePlan.PricePerKm, out.RatePlan.WaitingPerHour = toMoney(t.RatePlan.PerKm), toMoney(t.RatePlan.WaitingPerHour)
	out.TotalDistance = math.Round(float64(t.Quote.DistanceMeters)/100) / 10
	out.TotalDuration, out.DriveMinutes = t.Quote.DurationMinutes, t.Quote.DriveMinutes
	out.WaitingHours = math.Round(float64(t.Quote.WaitingMinutes)*100/60) / 100
	out.DistanceCost, out.WaitingCost, out.Total = toMoney(t.Quote.DistanceCost), toMoney(t.Quote.WaitingCost), toMoney(t.Quote.Total)
	return out
}

type actionsJSON struct {
	Pay      bool `json:"pay"`
	Cancel   bool `json:"cancel"`
	Refund   bool `json:"refund"`
	Exchange bool `json:"exchange"`
}

type cancellationJSON struct {
	FreeUntil         time.Time `json:"free_until"`
	FreeHoursBefore   float64   `json:"free_hours_before"`
	LateRefundPercent float64   `json:"late_refund_percent"`
	// Now: what cancelling right now would do.
	Free          bool      `json:"free"`
	RefundPercent float64   `json:"refund_percent"`
	Refund        moneyJSON `json:"refund"`
}

type orderJSON struct {
	ID              string                   `json:"id"`
	TripNumber      string                   `json:"trip_number"`
	Status          order.Status             `json:"status"`
	Source          string                   `json:"source"`
	PlacedAt        time.Time                `json:"placed_at"`
	UpdatedAt       time.Time                `json:"updated_at"`
	HoldUntil       time.Time                `json:"hold_until"`
	Contact         order.Contact            `json:"contact"`
	Trip            orderTripJSON            `json:"trip"`
	Total           moneyJSON                `json:"total"`
	Prices          []moneyJSON              `json:"prices"`
	DisplayCurrency money.Currency           `json:"display_currency"`
	Paid            moneyJSON                `json:"paid"`
	Refunded        moneyJSON                `json:"refunded"`
	Owed            moneyJSON                `json:"owed"`
	NeedsAttention  bool                     `json:"needs_attention"`
	Attention       []attentionJSON          `json:"attention"`
	PaymentURL      string                   `json:"payment_url,omitempty"`
	Payments        []paymentJSON            `json:"payments"`
	Cancellation    cancellationJSON         `json:"cancellation"`
	Cancelled       *cancelledJSON           `json:"cancelled,omitempty"`
	Refunds         []refundJSON             `json:"refunds"`
	RefundRequests  []refundRequestJSON      `json:"refund_requests"`
	PendingExchange *exchangeJSON            `json:"pending_exchange,omitempty"`
	Actions         actionsJSON              `json:"actions"`
	Timeline        []ordersrm.TimelineEntry `json:"timeline,omitempty"`
	UserID          string                   `json:"user_id,omitempty"`
}

type attentionJSON struct {
	Reason    string    `json:"reason"`
	PaymentID string    `json:"payment_id,omitempty"`
	Amount    moneyJSON `json:"amount"`
	At        time.Time `json:"at"`
}

type paymentJSON struct {
	ID        string    `json:"id"`
	Purpose   string    `json:"purpose"`
	Provider  string    `json:"provider"`
	Amount    moneyJSON `json:"amount"`
	Status    string    `json:"status"`
	Received  moneyJSON `json:"received"`
	Refunded  moneyJSON `json:"refunded"`
	Reference string    `json:"reference,omitempty"`
	Late      bool      `json:"late,omitempty"`
	Reason    string    `json:"reason,omitempty"`
	ExpiresAt time.Time `json:"expires_at"`
}

type cancelledJSON struct {
	Reason            string    `json:"reason"`
	Free              bool      `json:"free"`
	RefundBasisPoints int64     `json:"refund_basis_points"`
	RefundDue         moneyJSON `json:"refund_due"`
	ByStaff           bool      `json:"by_staff"`
	At                time.Time `json:"at"`
}

type refundJSON struct {
	ID        string    `json:"id"`
	PaymentID string    `json:"payment_id"`
	Amount    moneyJSON `json:"amount"`
	Reason    string    `json:"reason"`
	At        time.Time `json:"at"`
}

type refundRequestJSON struct {
	Reason string    `json:"reason"`
	Amount moneyJSON `json:"amount"`
	At     time.Time `json:"at"`
}

type exchangeJSON struct {
	Trip       orderTripJSON `json:"trip"`
	Difference moneyJSON     `json:"difference"`
	HoldUntil  time.Time     `json:"hold_until"`
}

// actions says what the owner may do with o at now (the commands decide again).
func actions(o ordersrm.Order, now time.Time) actionsJSON {
	a := actionsJSON{}
	switch o.Status {
	case order.StatusAwaitingPayment:
		a.Pay = now.Before(o.HoldUntil)
		a.Cancel = true
	case order.StatusConfirmed:
		a.Cancel = now.Before(o.Trip.StartAt)
		a.Exchange = o.PendingExchange == nil && !now.After(o.Trip.StartAt.Add(-o.Cancellation.FreeBefore))
		a.Pay = o.PendingExchange != nil && now.Before(o.PendingExchange.HoldUntil)
	}
	a.Refund = (o.Status == order.StatusConfirmed || o.Status == order.StatusCancelled) && o.Paid.Minor-o.Refunded.Minor > 0
	return a
}

func cancellationNow(o ordersrm.Order, now time.Time) cancellationJSON {
	c := cancellationJSON{
		FreeUntil:         o.Trip.StartAt.Add(-o.Cancellation.FreeBefore),
		FreeHoursBefore:   o.Cancellation.FreeBefore.Hours(),
		LateRefundPercent: float64(o.Cancellation.LateRefundBasisPoints) / 100,
		Refund:            toMoney(money.New(0, money.EGP)),
	}
	switch o.Status {
	case order.StatusAwaitingPayment:
		c.Free, c.RefundPercent = true, 100
	case order.StatusConfirmed:
		due, free, ok := o.Cancellation.RefundFor(o.Paid, o.Refunded, o.Trip.StartAt, now)
		if ok {
			share, _, _ := o.Cancellation.RefundShare(o.Trip.StartAt, now)
			c.Free, c.RefundPercent, c.Refund = free, float64(share)/100, toMoney(due)
		}
	}
	return c
}

func (s *Server) toOrderJSON(o ordersrm.Order, lang string, now time.Time) orderJSON {
	out := orderJSON{
		ID: o.ID, TripNumber: o.ID, Status: o.Status, Source: o.Source, PlacedAt: o.PlacedAt, UpdatedAt: o.UpdatedAt,
		HoldUntil: o.HoldUntil, Contact: o.Contact, Trip: toTrip(o.Trip, lang), Total: toMoney(o.Price),
		Prices: convertedAll(o.Price, o.Rates), DisplayCurrency: o.DisplayCurrency,
		Paid: toMoney(o.Paid), Refunded: toMoney(o.Refunded), Owed: toMoney(o.Owed()), NeedsAttention: o.NeedsAttention(),
		Attention: []attentionJSON{}, Payments: []paymentJSON{}, Cancellation: cancellationNow(o, now),
		Refunds: []refundJSON{}, RefundRequests: []refundRequestJSON{}, Actions: actions(o, now),
	}
	if c := o.Cancelled; c != nil {
		out.Cancelled = &cancelledJSON{Reason: c.Reason, Free: c.Free, RefundBasisPoints: c.RefundBasisPoints, RefundDue: toMoney(c.RefundDue), ByStaff: c.ByStaff, At: c.At}
	}
	for _, a := range o.Attention {
		out.Attention = append(out.Attention, attentionJSON{Reason: a.Reason, PaymentID: a.PaymentID, Amount: toMoney(a.Amount), At: a.At})
	}
	for _, p := range o.Payments {
		out.Payments = append(out.Payments, paymentJSON{ID: p.ID, Purpose: p.Purpose, Provider: p.Provider, Amount: toMoney(p.Amount), Status: p.Status,
			Received: toMoney(p.Received), Refunded: toMoney(p.Refunded), Reference: p.Reference, Late: p.Late, Reason: p.Reason, ExpiresAt: p.ExpiresAt})
	}
	for _, r := range o.Refunds {
		out.Refunds = append(out.Refunds, refundJSON{ID: r.ID, PaymentID: r.PaymentID, Amount: toMoney(r.Amount), Reason: r.Reason, At: r.At})
	}
	for _, r := range o.RefundRequests {
		out.RefundRequests = append(out.RefundRequests, refundRequestJSON{Reason: r.Reason, Amount: toMoney(r.Amount), At: r.At})
	}
	if o.Status == order.StatusAwaitingPayment && now.Before(o.HoldUntil) {
		out.PaymentURL = o.PaymentURL()
	}
	if x := o.PendingExchange; x != nil {
		out.PendingExchange = &exchangeJSON{Trip: toTrip(x.To, lang), Difference: toMoney(x.Difference), HoldUntil: x.HoldUntil}
		for _, p := range o.Payments {
			if p.ID == x.PaymentID && p.Status == "requested" {
				out.PaymentURL = p.URL
			}
		}
	}
	return out
}

// ---- settings and calendar ----

func (s *Server) orderSettings(w http.ResponseWriter, r *http.Request) {
	st := s.deps.Orders.Commands.Settings()
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"lead_hours": st.Lead.Hours(), "window_days": st.WindowDays, "hold_minutes": st.Hold.Minutes(),
		"free_cancellation_hours": st.FreeCancellation.Hours(), "late_refund_percent": st.LateRefundPercent,
		"provider": s.deps.Orders.Commands.Provider().Name(), "time_step_minutes": ordersrm.StartStep,
	}})
}

func (s *Server) orderCalendar(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	now := s.ordersNow()
	from := availability.DayOf(now.In(cat.Cairo))
	if v := r.URL.Query().Get("from"); v != "" {
		d, err := availability.ParseDay(v)
		if err != nil {
			httpx.WriteError(w, r, &domain.ValidationError{Fields: map[string][]string{"from": {orderscmd.KeyInvalidDate}}})
			return
		}
		from = d
	}
	days := 42
	if v := r.URL.Query().Get("days"); v != "" {
		if _, err := fmt.Sscanf(v, "%d", &days); err != nil || days < 1 || days > 400 {
			httpx.WriteError(w, r, &domain.ValidationError{Fields: map[string][]string{"days": {"common.invalid_id"}}})
			return
		}
	}
	cr := orderscmd.CatalogueReader{Reader: s.deps.Orders.Catalogue}
	hours, err := cr.ServiceHours(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	drivers, err := s.deps.Orders.Catalogue.ActiveDrivers(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	fromT, _ := from.Time(cat.Cairo)
	last := availability.DayOf(fromT.AddDate(0, 0, days-1))
	taken, err := s.deps.Orders.Reader.Taken(ctx, from, last)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	cal := ordersrm.BuildCalendar(ordersrm.CalendarInput{
		From: from, Days: days, Now: now, Policy: s.deps.Orders.Commands.Settings().Policy(), Hours: hours,
		Capacity: func(d time.Weekday) int { return orderscmd.Capacity(drivers, d) }, Taken: taken,
	})
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": cal})
}

// ---- checkout ----

type orderPointRequest struct {
	PickupPointID flexString `json:"pickup_point_id"`
	Name          string     `json:"name"`
	Lat           float64    `json:"lat"`
	Lng           float64    `json:"lng"`
}

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
	Terms             flexBool           `json:"terms"`
	Date              string             `json:"date"`
	Time              string             `json:"time"`
	RatePlanID        flexString         `json:"rate_plan_id"`
	RateID            flexString         `json:"rate_id"`
	Currency          string             `json:"currency"`
	Start             *orderPointRequest `json:"start"`
	End               *orderPointRequest `json:"end"`
	ProgramID         flexString         `json:"program_id"`
}

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
	return order.Contact{FirstName: q.FirstName, LastName: q.LastName, Email: q.Email, Phone: phone, Country: q.Country, Comments: q.Comments}, confirm
}

func (q orderRequest) ratePlan() string {
	if v := strings.TrimSpace(string(q.RatePlanID)); v != "" {
		return v
	}
	return strings.TrimSpace(string(q.RateID))
}

func (q orderRequest) currency() money.Currency {
	c, err := money.ParseCurrency(strings.ToUpper(strings.TrimSpace(q.Currency)))
	if err != nil {
		return money.EGP
	}
	return c
}

// Greater Cairo, generously: a point outside is not in the service area.
func inCairo(lat, lng float64) bool { return lat > 29.6 && lat < 30.5 && lng > 30.7 && lng < 31.8 }

// resolvePoint turns a requested point into a cart point: pickup points by id from the catalogue
// (never the client's coordinates), own places by name and coordinates in the service area.
func (s *Server) resolvePoint(ctx context.Context, field string, p *orderPointRequest) (*cart.Point, error) {
	if p == nil {
		return nil, nil
	}
	if id := strings.TrimSpace(string(p.PickupPointID)); id != "" {
		uid, err := uuid.Parse(id)
		if err == nil {
			pp, err := s.deps.Orders.Catalogue.PickupPoint(ctx, uid)
			if err == nil && pp.Active && !pp.Archived {
				return &cart.Point{Kind: cart.PickupPoint, PickupPointID: id, Name: pp.Name.En, NameAR: pp.Name.Ar, Lat: pp.Lat, Lng: pp.Lng}, nil
			}
		}
		return nil, &domain.ValidationError{Fields: map[string][]string{field: {order.KeyPickupRequired}}}
	}
	name := strings.TrimSpace(p.Name)
	if name == "" || len(name) > cart.MaxPointNameLength || !inCairo(p.Lat, p.Lng) {
		return nil, &domain.ValidationError{Fields: map[string][]string{field: {order.KeyPickupRequired}}}
	}
	return &cart.Point{Kind: cart.CustomPoint, Name: name, Lat: p.Lat, Lng: p.Lng}, nil
}

type placedJSON struct {
	OrderID    string    `json:"order_id"`
	TripNumber string    `json:"trip_number"`
	PaymentURL string    `json:"payment_url"`
	HoldUntil  time.Time `json:"hold_until"`
	Status     string    `json:"status"`
}

func (s *Server) placeOrder(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	meta := httpx.Meta(r)
	status, answer, err := func() (int, any, error) {
		ctx := r.Context()
		start, err := s.resolvePoint(ctx, "pickup", req.Start)
		if err != nil {
			return 0, nil, err
		}
		end, err := s.resolvePoint(ctx, "end", req.End)
		if err != nil {
			return 0, nil, err
		}
		contact, confirm := req.contact()
		id, _ := httpx.CurrentIdentity(r)
		placed, err := s.deps.Orders.Commands.PlaceOrder(ctx, orderscmd.PlaceOrderInput{
			UserID: id.UserID, Lang: string(httpx.Lang(r)), Contact: contact, EmailConfirmation: confirm, TermsAgreed: bool(req.Terms),
			Date: req.Date, Time: req.Time, RatePlanID: req.ratePlan(), DisplayCurrency: req.currency(), Start: start, End: end,
		}, meta)
		if err != nil {
			return 0, nil, err
		}
		if err := s.waitForOrders(ctx, placed.Position); err != nil {
			return 0, nil, err
		}
		data := placedJSON{OrderID: placed.OrderID, TripNumber: placed.OrderID, PaymentURL: placed.PaymentURL, HoldUntil: placed.HoldUntil,
			Status: string(order.StatusAwaitingPayment)}
		return http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "orders.submitted"), "payment_url": placed.PaymentURL, "data": data}, nil
	}()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, answer)
}

// ---- the traveller's orders ----

// ownOrder loads the order in the path for its owner; anyone else gets the same 404 as for an order
// that does not exist (staff use the admin routes).
func (s *Server) ownOrder(r *http.Request) (ordersrm.Order, error) { return s.loadOrder(r, false) }

// staffOrder loads the order in the path for staff.
func (s *Server) staffOrder(r *http.Request) (ordersrm.Order, error) { return s.loadOrder(r, true) }

func (s *Server) loadOrder(r *http.Request, staff bool) (ordersrm.Order, error) {
	num, ok := order.NormalizeTripNumber(mux.Vars(r)["id"])
	if !ok {
		return ordersrm.Order{}, order.ErrOrderNotFound
	}
	o, err := s.deps.Orders.Reader.Order(r.Context(), num)
	if err != nil {
		return o, err
	}
	id, _ := httpx.CurrentIdentity(r)
	if !(staff && isStaff(id)) && (o.UserID == "" || o.UserID != id.UserID) {
		return ordersrm.Order{}, order.ErrOrderNotFound
	}
	return o, nil
}

func (s *Server) myOrders(w http.ResponseWriter, r *http.Request) {
	id, _ := httpx.CurrentIdentity(r)
	list, err := s.deps.Orders.Reader.OrdersOf(r.Context(), id.UserID, 200)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	enquiries, err := s.deps.Orders.Reader.EnquiriesOf(r.Context(), id.UserID, 200)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	now, lang := s.ordersNow(), string(httpx.Lang(r))
	out := make([]orderJSON, 0, len(list))
	for _, o := range list {
		out = append(out, s.toOrderJSON(o, lang, now))
	}
	qs := make([]enquiryJSON, 0, len(enquiries))
	for _, q := range enquiries {
		if q.Status != "converted" {
			qs = append(qs, toEnquiryJSON(q, lang))
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "enquiries": qs})
}

func (s *Server) orderAnswer(w http.ResponseWriter, r *http.Request, id string, status int, extra map[string]any) {
	o, err := s.deps.Orders.Reader.Order(r.Context(), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	body := s.toOrderJSON(o, string(httpx.Lang(r)), s.ordersNow())
	if body.Timeline, err = s.deps.Orders.Reader.Timeline(r.Context(), id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	answer := map[string]any{"data": body}
	for k, v := range extra {
		answer[k] = v
	}
	httpx.WriteJSON(w, status, answer)
}

func (s *Server) getOrder(w http.ResponseWriter, r *http.Request) {
	o, err := s.ownOrder(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.orderAnswer(w, r, o.ID, http.StatusOK, nil)
}

func (s *Server) payOrder(w http.ResponseWriter, r *http.Request) {
	o, err := s.ownOrder(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := s.deps.Orders.Commands.PayOrder(r.Context(), o.ID, orderMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.waitForOrders(r.Context(), p.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"payment_url": p.PaymentURL, "data": placedJSON{OrderID: o.ID, TripNumber: o.ID,
		PaymentURL: p.PaymentURL, HoldUntil: p.HoldUntil, Status: string(o.Status)}})
}

type reasonRequest struct {
	Reason string   `json:"reason"`
	Amount *float64 `json:"amount"`
}

func (s *Server) cancelOrder(w http.ResponseWriter, r *http.Request) {
	orderCommand(s, w, r, s.ownOrder, func(o ordersrm.Order, req reasonRequest) (orderscmd.Outcome, error) {
		return s.deps.Orders.Commands.CancelOrder(r.Context(), o.ID, orderActor(r), req.Reason, orderMeta(r))
	}, refundAnswer)
}

// orderCommand is the shape every change to one order takes: load the order in the path (the
// traveller's own, or any for staff), decode the request, run the command, wait until the read model
// shows it, and answer with the order as it now stands plus what answer adds.
func orderCommand[Req any](s *Server, w http.ResponseWriter, r *http.Request,
	load func(*http.Request) (ordersrm.Order, error),
	run func(o ordersrm.Order, req Req) (orderscmd.Outcome, error),
	answer func(orderscmd.Outcome) map[string]any) {
	o, err := load(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var req Req
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := run(o, req)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.waitForOrders(r.Context(), out.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.orderAnswer(w, r, o.ID, http.StatusOK, answer(out))
}

func refundAnswer(out orderscmd.Outcome) map[string]any {
	return map[string]any{"refunded": toMoney(out.Refunded), "refund_failed": out.RefundFailed}
}

func noExtra(orderscmd.Outcome) map[string]any { return nil }

func amountOr(v *float64, def money.Money) money.Money {
	if v == nil {
		return def
	}
	return money.FromMajor(*v, money.EGP)
}

func (s *Server) requestRefund(w http.ResponseWriter, r *http.Request) {
	orderCommand(s, w, r, s.ownOrder, func(o ordersrm.Order, req reasonRequest) (orderscmd.Outcome, error) {
		amount := amountOr(req.Amount, money.New(o.Paid.Minor-o.Refunded.Minor, money.EGP))
		return s.deps.Orders.Commands.RequestRefund(r.Context(), o.ID, orderActor(r), req.Reason, amount, orderMeta(r))
	}, noExtra)
}

type exchangeRequest struct {
	Date       string     `json:"date"`
	Time       string     `json:"time"`
	RatePlanID flexString `json:"rate_plan_id"`
}

func (s *Server) exchangeQuote(w http.ResponseWriter, r *http.Request) {
	o, err := s.ownOrder(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	q := r.URL.Query()
	trip, diff, err := s.deps.Orders.Commands.QuoteExchange(r.Context(), orderscmd.ExchangeInput{OrderID: o.ID, Actor: orderActor(r),
		Date: q.Get("date"), Time: q.Get("time"), RatePlanID: q.Get("rate_plan_id")})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"trip": toTrip(trip, string(httpx.Lang(r))), "total": toMoney(trip.Quote.Total), "difference": toMoney(diff),
		"prices": convertedAll(trip.Quote.Total, o.Rates),
	}})
}

func (s *Server) exchangeOrder(w http.ResponseWriter, r *http.Request) {
	orderCommand(s, w, r, s.ownOrder, func(o ordersrm.Order, req exchangeRequest) (orderscmd.Outcome, error) {
		return s.deps.Orders.Commands.ExchangeOrder(r.Context(), orderscmd.ExchangeInput{OrderID: o.ID, Actor: orderActor(r),
			Date: req.Date, Time: req.Time, RatePlanID: strings.TrimSpace(string(req.RatePlanID))}, orderMeta(r))
	}, func(out orderscmd.Outcome) map[string]any {
		extra := map[string]any{"refunded": toMoney(out.Refunded)}
		if out.PaymentURL != "" {
			extra["payment_url"] = out.PaymentURL
		}
		return extra
	})
}

// ---- trip status ----

type tripStatusRequest struct {
	TripNumber string `json:"trip_number"`
	Email      string `json:"email"`
}

type enquiryJSON struct {
	TripNumber    string         `json:"trip_number"`
	Status        string         `json:"status"`
	SubmittedAt   time.Time      `json:"submitted_at"`
	Trip          orderTripJSON  `json:"trip"`
	Estimate      moneyJSON      `json:"estimate"`
	Quote         *quoteJSON     `json:"quote,omitempty"`
	DeclineReason string         `json:"decline_reason,omitempty"`
	OrderID       string         `json:"order_id,omitempty"`
	Contact       *order.Contact `json:"contact,omitempty"`
}

type quoteJSON struct {
	Amount     moneyJSON `json:"amount"`
	Note       string    `json:"note,omitempty"`
	ValidUntil time.Time `json:"valid_until"`
}

func toEnquiryJSON(q ordersrm.Enquiry, lang string) enquiryJSON {
	out := enquiryJSON{TripNumber: q.TripNumber, Status: string(q.Status), SubmittedAt: q.SubmittedAt, Trip: toTrip(q.Trip, lang),
		Estimate: toMoney(q.Trip.Quote.Total), DeclineReason: q.DeclineReason, OrderID: q.OrderID}
	if q.Quote != nil {
		out.Quote = &quoteJSON{Amount: toMoney(q.Quote.Amount), Note: q.Quote.Note, ValidUntil: q.Quote.ValidUntil}
	}
	return out
}

func (s *Server) limit(r *http.Request, rule ratelimit.Rule) error {
	if s.deps.Orders.Limiter == nil {
		return nil
	}
	err := s.deps.Orders.Limiter.Take(r.Context(), rule, httpx.ClientIP(r))
	var rl *ratelimit.RateLimitError
	if errors.As(err, &rl) {
		return &httpx.RetryAfterError{After: rl.After}
	}
	return err
}

func (s *Server) tripStatus(w http.ResponseWriter, r *http.Request) {
	var req tripStatusRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v := &domain.ValidationError{}
	if strings.TrimSpace(req.TripNumber) == "" {
		v.Add("trip_number", order.KeyRequired)
	}
	if strings.TrimSpace(req.Email) == "" {
		v.Add("email", order.KeyRequired)
	}
	if err := v.Err(); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.limit(r, TripStatusRule); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	ts, err := s.deps.Orders.Reader.LookupTrip(r.Context(), req.TripNumber, req.Email)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	lang, now := string(httpx.Lang(r)), s.ordersNow()
	data := map[string]any{"trip_number": ts.TripNumber, "timeline": ts.Timeline}
	status := ""
	if ts.Enquiry != nil {
		q := toEnquiryJSON(*ts.Enquiry, lang)
		data["enquiry"], status = q, "enquiry_"+q.Status
	}
	if ts.Order != nil {
		o := s.toOrderJSON(*ts.Order, lang, now)
		// Proving the number and the e-mail shows the trip, not the whole contact record or the actions.
		o.Contact = order.Contact{FirstName: o.Contact.FirstName, LastName: o.Contact.LastName}
		o.Actions, o.UserID = actionsJSON{Pay: o.Actions.Pay}, ""
		data["order"], status = o, string(o.Status)
	}
	data["status"] = status
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": data})
}

// ---- enquiries ----

func (s *Server) submitEnquiry(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	meta := httpx.Meta(r)
	status, answer, err := func() (int, any, error) {
		ctx := r.Context()
		id, signedIn := httpx.CurrentIdentity(r)
		if strings.TrimSpace(string(req.ProgramID)) == "" && !signedIn {
			return 0, nil, httpx.ErrUnauthenticated
		}
		start, err := s.resolvePoint(ctx, "pickup", req.Start)
		if err != nil {
			return 0, nil, err
		}
		end, err := s.resolvePoint(ctx, "end", req.End)
		if err != nil {
			return 0, nil, err
		}
		contact, confirm := req.contact()
		sub, err := s.deps.Orders.Commands.SubmitEnquiry(ctx, orderscmd.EnquiryInput{
			UserID: id.UserID, Lang: string(httpx.Lang(r)), ProgramID: strings.TrimSpace(string(req.ProgramID)),
			Contact: contact, EmailConfirmation: confirm, TermsAgreed: bool(req.Terms), Date: req.Date, Time: req.Time,
			RatePlanID: req.ratePlan(), DisplayCurrency: req.currency(), Start: start, End: end,
		}, meta)
		if err != nil {
			return 0, nil, err
		}
		if err := s.waitForOrders(ctx, sub.Position); err != nil {
			return 0, nil, err
		}
		return http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "orders.enquiry_under_review"),
			"data": map[string]any{"trip_number": sub.TripNumber, "status": "submitted"}}, nil
	}()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, answer)
}

type payEnquiryRequest struct {
	Email string `json:"email"`
}

func (s *Server) payEnquiry(w http.ResponseWriter, r *http.Request) {
	var req payEnquiryRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	num, ok := order.NormalizeTripNumber(mux.Vars(r)["id"])
	if !ok {
		httpx.WriteError(w, r, ordersrm.ErrTripNotFound)
		return
	}
	q, err := s.deps.Orders.Reader.Enquiry(r.Context(), num)
	id, _ := httpx.CurrentIdentity(r)
	owner := err == nil && q.UserID != "" && q.UserID == id.UserID
	if !owner {
		if err := s.limit(r, EnquiryPaymentRule); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if err != nil || !strings.EqualFold(strings.TrimSpace(req.Email), q.Contact.Email) {
			httpx.WriteError(w, r, ordersrm.ErrTripNotFound)
			return
		}
	}
	p, err := s.deps.Orders.Commands.PayEnquiry(r.Context(), num)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.waitForOrders(r.Context(), p.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"payment_url": p.PaymentURL, "data": placedJSON{OrderID: num, TripNumber: num,
		PaymentURL: p.PaymentURL, HoldUntil: p.HoldUntil, Status: string(order.StatusAwaitingPayment)}})
}

// ---- payment providers ----

var errInvalidSignature = domain.Unauthenticated("payments.invalid_signature")

// paymentCallback receives a provider's server-to-server notice: verified (a forged one is 401),
// recorded once (a replay changes nothing), applied to the order.
func (s *Server) paymentCallback(w http.ResponseWriter, r *http.Request) {
	provider := s.deps.Orders.Commands.Provider()
	if mux.Vars(r)["provider"] != provider.Name() {
		httpx.WriteMessage(w, r, http.StatusNotFound, "common.route_not_found")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, httpx.MaxBodyBytes))
	if err != nil {
		httpx.WriteError(w, r, httpx.ErrBadBody)
		return
	}
	n, err := provider.VerifyCallback(r, body)
	switch {
	case errors.Is(err, payments.ErrInvalidSignature):
		httpx.Logger(r).WarnContext(r.Context(), "payments: a callback failed verification", "provider", provider.Name(), "ip", httpx.ClientIP(r))
		httpx.WriteError(w, r, errInvalidSignature)
		return
	case err != nil:
		httpx.WriteError(w, r, fmt.Errorf("%w: %w", httpx.ErrBadBody, err))
		return
	}
	if n.Outcome == payments.OutcomeOther && n.PaymentID == "" {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"received": true})
		return
	}
	res, err := s.deps.Orders.Commands.RecordNotice(r.Context(), provider.Name(), n)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.waitForOrders(r.Context(), res.Position); err != nil {
		httpx.Logger(r).WarnContext(r.Context(), "payments: the read model lags a callback", "err", err)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"received": true, "repeated": res.Repeated, "status": res.Status, "order_id": res.OrderID})
}

// paymentReturn is where a provider with one browser redirect (Paymob) sends the traveller: the
// result is verified and recorded like a callback, then the browser goes to the result page.
func (s *Server) paymentReturn(w http.ResponseWriter, r *http.Request) {
	provider := s.deps.Orders.Commands.Provider()
	ret, ok := provider.(payments.Returner)
	if !ok || mux.Vars(r)["provider"] != provider.Name() {
		httpx.WriteMessage(w, r, http.StatusNotFound, "common.route_not_found")
		return
	}
	target := "/"
	n, err := ret.VerifyReturn(r)
	if err == nil {
		if res, err := s.deps.Orders.Commands.RecordNotice(r.Context(), provider.Name(), n); err == nil {
			result := "failure"
			if res.Status == "succeeded" {
				result = "success"
			}
			_ = s.waitForOrders(r.Context(), res.Position)
			target = "/payments/" + res.OrderID + "?result=" + result
		}
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// ---- admin ----

func (s *Server) adminOrders(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var limit, offset int
	fmt.Sscanf(q.Get("limit"), "%d", &limit)
	fmt.Sscanf(q.Get("offset"), "%d", &offset)
	list, total, err := s.deps.Orders.Reader.PurchaseOrders(r.Context(), ordersrm.AdminFilter{
		Status: q.Get("status"), Attention: q.Get("attention") == "1" || q.Get("attention") == "true",
		RefundRequested: q.Get("refund_requested") == "1", Query: q.Get("q"), Limit: limit, Offset: offset,
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	now, lang := s.ordersNow(), string(httpx.Lang(r))
	out := make([]orderJSON, 0, len(list))
	for _, o := range list {
		j := s.toOrderJSON(o, lang, now)
		j.UserID = o.UserID
		out = append(out, j)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "total": total})
}

func (s *Server) adminOrder(w http.ResponseWriter, r *http.Request) {
	o, err := s.staffOrder(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	audit, err := s.deps.Orders.Reader.Payments(r.Context(), o.ID, false, 100)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.orderAnswer(w, r, o.ID, http.StatusOK, map[string]any{"payments": audit})
}

func (s *Server) adminRefund(w http.ResponseWriter, r *http.Request) {
	orderCommand(s, w, r, s.staffOrder, func(o ordersrm.Order, req reasonRequest) (orderscmd.Outcome, error) {
		return s.deps.Orders.Commands.IssueRefund(r.Context(), o.ID, orderActor(r), req.Reason, amountOr(req.Amount, o.Owed()), orderMeta(r))
	}, refundAnswer)
}

func (s *Server) adminCancel(w http.ResponseWriter, r *http.Request) {
	orderCommand(s, w, r, s.staffOrder, func(o ordersrm.Order, req reasonRequest) (orderscmd.Outcome, error) {
		return s.deps.Orders.Commands.CancelOrder(r.Context(), o.ID, orderActor(r), req.Reason, orderMeta(r))
	}, refundAnswer)
}

func (s *Server) adminEnquiries(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var limit, offset int
	fmt.Sscanf(q.Get("limit"), "%d", &limit)
	fmt.Sscanf(q.Get("offset"), "%d", &offset)
	list, total, err := s.deps.Orders.Reader.Enquiries(r.Context(), q.Get("status"), limit, offset)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := make([]enquiryJSON, 0, len(list))
	for _, e := range list {
		j := toEnquiryJSON(e, string(httpx.Lang(r)))
		c := e.Contact
		j.Contact = &c
		out = append(out, j)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "total": total})
}

type quoteRequest struct {
	Amount     *float64 `json:"amount"`
	Date       string   `json:"date"`
	Time       string   `json:"time"`
	Note       string   `json:"note"`
	ValidHours float64  `json:"valid_hours"`
	Reason     string   `json:"reason"`
}

func (s *Server) adminQuote(w http.ResponseWriter, r *http.Request) {
	var req quoteRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	num, _ := order.NormalizeTripNumber(mux.Vars(r)["id"])
	valid := time.Duration(req.ValidHours * float64(time.Hour))
	if valid <= 0 {
		valid = 48 * time.Hour
	}
	out, err := s.deps.Orders.Commands.QuoteEnquiry(r.Context(), num, amountOr(req.Amount, money.Money{}), req.Note, valid, req.Date, req.Time, orderMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.enquiryAnswer(w, r, num, out.Position)
}

func (s *Server) adminDecline(w http.ResponseWriter, r *http.Request) {
	var req quoteRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	num, _ := order.NormalizeTripNumber(mux.Vars(r)["id"])
	out, err := s.deps.Orders.Commands.DeclineEnquiry(r.Context(), num, req.Reason, orderMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.enquiryAnswer(w, r, num, out.Position)
}

func (s *Server) enquiryAnswer(w http.ResponseWriter, r *http.Request, num string, pos eventstore.Position) {
	if err := s.waitForOrders(r.Context(), pos); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	q, err := s.deps.Orders.Reader.Enquiry(r.Context(), num)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	j := toEnquiryJSON(q, string(httpx.Lang(r)))
	c := q.Contact
	j.Contact = &c
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": j})
}

func (s *Server) adminPayments(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	orderID := ""
	if v := q.Get("order"); v != "" {
		orderID, _ = order.NormalizeTripNumber(v)
	}
	list, err := s.deps.Orders.Reader.Payments(r.Context(), orderID, q.Get("ignored") == "1", 200)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": list})
}

func (s *Server) adminExpireHolds(w http.ResponseWriter, r *http.Request) {
	n, err := s.deps.Orders.Commands.ExpireLapsedHolds(r.Context(), HoldsFromReader(s.deps.Orders.Reader))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"checked": n}})
}

// HoldsFromReader lists lapsed holds from the orders read model for the hold-expiry job.
func HoldsFromReader(rd *ordersrm.Reader) orderscmd.Holds {
	return orderscmd.HoldsFunc(func(ctx context.Context, before time.Time, limit int) ([]orderscmd.Hold, error) {
		lapsed, err := rd.LapsedHolds(ctx, before, limit)
		out := make([]orderscmd.Hold, len(lapsed))
		for i, h := range lapsed {
			out[i] = orderscmd.Hold{Day: h.Day, Reservation: h.Reservation, OrderID: h.OrderID, HeldUntil: h.HeldUntil}
		}
		return out, err
	})
}
