package dispatch

import (
	"context"

	"mishwar/domain"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
)

// Orders is the part of the orders read model a traveller's progress view needs.
type Orders interface {
	// LookupTrip proves a trip number and e-mail.
	LookupTrip(ctx context.Context, tripNumber, email string) (ordersrm.TripStatus, error)
	Order(ctx context.Context, id string) (ordersrm.Order, error)
}

// Progress is what a traveller sees of their trip's progress: no customer details, no owner.
type Progress struct {
	OrderID string
	Status  dispatch.Status
	Stop    int
	Stops   []string
	// StopsAR are the stops' Arabic names, side by side with Stops ("" where none was recorded).
	StopsAR []string
	Steps   []dispatchrm.Step
	Driver  *ProgressDriver
	// Class is the class of car the traveller booked (the order's rate plan; nil when unknown).
	Class   *dispatchrm.RatePlan
	Version int64
	// DriverTurn changes whenever the trip changes hands (projections/dispatch.DriverTurn): it tells
	// the driver now from the one before a hand-over (the live car's positions carry it), without
	// the driver's catalogue id, which travellers never see.
	DriverTurn int
}

// ProgressDriver is the driver as the traveller sees them.
type ProgressDriver struct {
	Name      string
	NameAR    string
	Phone     string
	Vehicle   string
	VehicleAR string
	Plate     string
}

// ProgressHandler answers a trip's progress to its traveller.
type ProgressHandler struct {
	trips  Trips
	orders Orders
	limit  Limit
}

// ByTripNumber answers a trip's progress to whoever proves its trip number and e-mail, at most as
// often as the limit allows per client address.
func (h ProgressHandler) ByTripNumber(ctx context.Context, tripNumber, email, clientIP string) (Progress, error) {
	if h.limit != nil {
		if err := h.limit(ctx, clientIP); err != nil {
			return Progress{}, err
		}
	}
	ts, err := h.orders.LookupTrip(ctx, tripNumber, domain.NormalizeEmail(email))
	if err != nil {
		return Progress{}, err
	}
	return h.progressOf(ctx, ts.TripNumber, ts.Order)
}

// OfOwnOrder answers the progress of userID's own order (order.ErrOrderNotFound for anyone else's).
func (h ProgressHandler) OfOwnOrder(ctx context.Context, userID, orderID string) (Progress, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Progress{}, order.ErrOrderNotFound
	}
	o, err := h.orders.Order(ctx, num)
	if err != nil {
		return Progress{}, err
	}
	if o.UserID == "" || o.UserID != userID {
		return Progress{}, order.ErrOrderNotFound
	}
	return h.progressOf(ctx, num, &o)
}

// progressOf is the progress of the trip of orderID (o: its order, nil before there is one).
func (h ProgressHandler) progressOf(ctx context.Context, orderID string, o *ordersrm.Order) (Progress, error) {
	tr, err := h.trips.Trip(ctx, orderID)
	if err != nil {
		if domain.KindOf(err) == domain.KindNotFound {
			status := dispatch.StatusUnassigned
			if o != nil && o.Status == order.StatusCancelled {
				// Never "waiting for a driver" for a trip that will not happen.
				status = dispatch.StatusCancelled
			}
			en, ar := stopNames(o)
			return Progress{OrderID: orderID, Status: status, Stops: en, StopsAR: ar, Steps: []dispatchrm.Step{}, Class: classOf(o), Version: -1}, nil
		}
		return Progress{}, err
	}
	p := Progress{OrderID: tr.OrderID, Status: tr.Status, Stop: tr.Stop, Stops: tr.Stops, StopsAR: tr.StopsAR, Steps: tr.Steps, Class: tr.RatePlan, Version: tr.Version,
		DriverTurn: tr.DriverTurn()}
	if p.Class == nil {
		p.Class = classOf(o)
	}
	if tr.Driver != nil {
		p.Driver = &ProgressDriver{Name: tr.Driver.Name, NameAR: tr.Driver.NameAR, Phone: tr.Driver.Phone, Vehicle: tr.Driver.Vehicle, VehicleAR: tr.Driver.VehicleAR, Plate: tr.Driver.Plate}
	}
	return p, nil
}

func stopNames(o *ordersrm.Order) (en, ar []string) {
	if o == nil {
		return []string{}, []string{}
	}
	en, ar = make([]string, len(o.Trip.Itinerary.Stops)), make([]string, len(o.Trip.Itinerary.Stops))
	for i, st := range o.Trip.Itinerary.Stops {
		en[i], ar[i] = st.NameEN, st.NameAR
	}
	return en, ar
}

// classOf is the rate plan an order was booked on (nil without an order).
func classOf(o *ordersrm.Order) *dispatchrm.RatePlan {
	if o == nil || o.Trip.RatePlan.ID == "" {
		return nil
	}
	return &dispatchrm.RatePlan{ID: o.Trip.RatePlan.ID, Name: o.Trip.RatePlan.Name, NameAR: o.Trip.RatePlan.NameAR}
}
