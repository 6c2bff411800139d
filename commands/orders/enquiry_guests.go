package orders

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/domain/order"
	"mishwar/domain/trip"
)

// A visitor without an account may ask for a quote: enough for a family to ask about a few trips
// and fix a typo or two, too few to fill the operators' inbox or to mail a stranger again and again.
var (
	// EnquiryGuestAddressRule bounds visitors' enquiries per client address (failed ones count: they
	// cost pricing work too); looser than the e-mail's, as a hotel's guests share one address.
	EnquiryGuestAddressRule = LimitRule{Name: "enquiry-guest-ip", Limit: 20, Period: time.Hour}
	// EnquiryGuestEmailRule bounds visitors' enquiries per e-mail address (each sends that address a
	// mail); only an enquiry that passed every check spends it.
	EnquiryGuestEmailRule = LimitRule{Name: "enquiry-guest-email", Limit: 5, Period: time.Hour}
)

// KeyEnquiryWhat: a visitor's enquiry names neither a program nor the destinations of an itinerary.
const KeyEnquiryWhat = "enquiries.what_required"

// linkTokenBytes is the size of an enquiry link's secret: 256 bits from the system's CSPRNG.
const linkTokenBytes = 32

// newLinkToken draws an enquiry link's secret (43 characters of unpadded base64url).
func newLinkToken() (string, error) {
	b := make([]byte, linkTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("orders: draw an enquiry link secret: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// visitorItinerary is the itinerary a visitor listed (destination ids in their order): each id once,
// at most cart.MaxItems of them; an id that is not a destination's is a field error naming its place
// in the list (destination_ids.N), as the cart's check of a client's list answers.
func visitorItinerary(ids []string) (order.Itinerary, error) {
	v := &domain.ValidationError{}
	var itin order.Itinerary
	seen := map[string]bool{}
	for i, raw := range ids {
		id, err := uuid.Parse(strings.TrimSpace(raw))
		if err != nil {
			v.Add(fmt.Sprintf("destination_ids.%d", i), cart.KeyDestinationUnavailable)
			continue
		}
		if seen[id.String()] {
			continue
		}
		seen[id.String()] = true
		itin.Stops = append(itin.Stops, order.Stop{DestinationID: id.String()})
	}
	if len(itin.Stops) > cart.MaxItems {
		v.Add("destination_ids", "cart.full")
	}
	return itin, v.Err()
}

// takeGuestAddress spends a visitor's enquiry from their address (signed-in travellers are not
// bounded here: their account is).
func (h *Handlers) takeGuestAddress(ctx context.Context, in EnquiryInput, clientIP string) error {
	if in.UserID != "" {
		return nil
	}
	return take(ctx, h.limiter, EnquiryGuestAddressRule, clientIP)
}

// takeGuestEmail spends a visitor's enquiry from the e-mail address it will mail.
func (h *Handlers) takeGuestEmail(ctx context.Context, in EnquiryInput) error {
	if in.UserID != "" {
		return nil
	}
	return take(ctx, h.limiter, EnquiryGuestEmailRule, domain.NormalizeEmail(in.Contact.Email))
}

// priceListed prices a visitor's itinerary as an order's is priced: from the chosen start, else from
// the city centre with the start left empty, so the decider asks for a pickup point.
func (h *Handlers) priceListed(ctx context.Context, itin order.Itinerary, departure time.Time, ratePlanID string, start, end *cart.Point) (Priced, error) {
	priced, err := h.pricer.PriceItinerary(ctx, listedFrom(itin, start, end), departure, ratePlanID)
	if err != nil {
		return Priced{}, err
	}
	if start == nil {
		priced.Trip.Itinerary.Start, priced.Trip.Itinerary.End = order.Point{}, order.Point{}
	}
	return priced, nil
}

// listedFrom is a visitor's listed itinerary from the chosen start, else from the city centre.
func listedFrom(itin order.Itinerary, start, end *cart.Point) order.Itinerary {
	from := trip.TahrirSquare
	if start != nil {
		from = *start
	}
	return withStart(itin, from, end)
}
