package order

import (
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// Promo codes. An offer of the catalogue with a promo code takes its discount off an order's price
// when the traveller types the code at checkout. ApplyPromo is the rule: the offer is active, today
// (Cairo) lies between its dates (both included), the trip is one the offer names (a program, a
// rate plan, or anything), and the discount never takes the whole price. The discount is computed
// once and recorded in OrderPlaced (Promo): the payment asked for, cancellation refunds and exchanges
// are computed on the price after it, which is what the traveller paid.
//
// How many times a code may be used (per customer and in total) is decided on the offer's own stream
// (redemptions.go), never counted from a read model.

// Refusals of a promo code. Keys name messages in internal/i18n (catalog_promo.go).
var (
	ErrPromoUnknown       = domain.Invalid("promo.unknown")
	ErrPromoExpired       = domain.Invalid("promo.expired")
	ErrPromoNotYetValid   = domain.Invalid("promo.not_yet_valid")
	ErrPromoNotApplicable = domain.Invalid("promo.not_applicable")
	ErrPromoUsedUp        = domain.Conflict("promo.used_up")
	ErrPromoUsedByYou     = domain.Conflict("promo.used_by_you")
)

// MinimumCharge is what a discount always leaves to pay: an order is paid through a provider, and a
// payment of nothing is none.
var MinimumCharge = money.New(100, money.EGP)

// Offer is a catalogue offer as the promo rule reads it.
type Offer struct {
	ID     string
	Fields catalogue.OfferFields
}

// Discount is a promo code applied to an order's price, as OrderPlaced records it.
type Discount struct {
	Code    string `json:"code"`
	OfferID string `json:"offer_id"`
	// Kind is the offer's (catalogue.DiscountPercent or DiscountAmount); BasisPoints is the
	// percentage × 100 of a percent offer, Fixed the amount of an amount offer.
	Kind        string      `json:"kind"`
	BasisPoints int64       `json:"basis_points,omitempty"`
	Fixed       money.Money `json:"fixed,omitempty"`
	AmountOff   money.Money `json:"amount_off"`
	PriceBefore money.Money `json:"price_before"`
	PriceAfter  money.Money `json:"price_after"`
	// The limits the code was used under (0: none), recorded as they were.
	LimitPerCustomer int `json:"limit_per_customer,omitempty"`
	LimitTotal       int `json:"limit_total,omitempty"`
	// The trips the offer was for, recorded as they were: AppliesTo is the offer's (catalogue's
	// AppliesTo…; "" on discounts recorded before scopes were, which apply to any trip), with its
	// programs' or rate plans' ids. An exchange to a trip outside them charges the full price.
	AppliesTo   string   `json:"applies_to,omitempty"`
	ProgramIDs  []string `json:"program_ids,omitempty"`
	RatePlanIDs []string `json:"rate_plan_ids,omitempty"`
}

// For reports whether the discount is for trip t: one of the programs or rate plans its offer names,
// or any trip.
func (d Discount) For(t Trip) bool {
	switch d.AppliesTo {
	case catalogue.AppliesToPrograms:
		return slices.Contains(d.ProgramIDs, t.Itinerary.ProgramID)
	case catalogue.AppliesToRatePlans:
		return slices.Contains(d.RatePlanIDs, t.RatePlan.ID)
	}
	return true
}

// NormalizeCode is a typed code as offers keep it: trimmed, upper case.
func NormalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// ApplyPromo applies the offer found for code to trip's price, on the Cairo day of now.
func ApplyPromo(o Offer, code string, t Trip, now time.Time) (Discount, error) {
	f := o.Fields
	code = NormalizeCode(code)
	if code == "" || f.PromoCode == "" || NormalizeCode(f.PromoCode) != code || !f.Active {
		return Discount{}, ErrPromoUnknown
	}
	today := now.In(catalogue.Cairo).Format(time.DateOnly)
	switch {
	case today < f.ValidFrom:
		return Discount{}, ErrPromoNotYetValid
	case today > f.ValidUntil:
		return Discount{}, ErrPromoExpired
	}
	d := Discount{Code: code, OfferID: o.ID, Kind: f.Kind, LimitPerCustomer: f.LimitPerCustomer, LimitTotal: f.LimitTotal}
	switch f.AppliesTo {
	case catalogue.AppliesToPrograms:
		d.AppliesTo, d.ProgramIDs = f.AppliesTo, idStrings(f.ProgramIDs)
	case catalogue.AppliesToRatePlans:
		d.AppliesTo, d.RatePlanIDs = f.AppliesTo, idStrings(f.RatePlanIDs)
	}
	price := t.Quote.Total
	if !d.For(t) || price.Currency != money.EGP || price.Minor <= MinimumCharge.Minor {
		return Discount{}, ErrPromoNotApplicable
	}
	switch f.Kind {
	case catalogue.DiscountPercent:
		d.BasisPoints = f.PercentBasisPoints
	case catalogue.DiscountAmount:
		d.Fixed = f.Amount
	default:
		return Discount{}, ErrPromoUnknown
	}
	return d.On(price), nil
}

func idStrings(ids []uuid.UUID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}

// On is the same discount taken off another price (the order's trip exchanged for another): the
// same percentage, or the same amount, never leaving less than MinimumCharge.
func (d Discount) On(price money.Money) Discount {
	var off int64
	switch d.Kind {
	case catalogue.DiscountPercent:
		off = price.Percent(d.BasisPoints).Minor
	case catalogue.DiscountAmount:
		off = d.Fixed.Minor
	}
	off = max(min(off, price.Minor-MinimumCharge.Minor), 0)
	d.PriceBefore = price
	d.AmountOff = money.New(off, price.Currency)
	d.PriceAfter = money.New(price.Minor-off, price.Currency)
	return d
}

// consistent checks a discount the caller computed against the trip it is for.
func (d Discount) consistent(t Trip) bool {
	on := d.On(t.Quote.Total)
	return d.Code != "" && d.OfferID != "" && d.For(t) &&
		on.AmountOff == d.AmountOff && on.PriceBefore == d.PriceBefore && on.PriceAfter == d.PriceAfter
}

// priceOf is what the order charges for trip under the discount, if any and if it is for that trip.
func priceOf(t Trip, d *Discount) money.Money {
	if x := discountOn(t, d); x != nil {
		return x.PriceAfter
	}
	return t.Quote.Total
}

// discountOn is the order's discount taken off trip's price (nil without one, or when the trip is
// not one its offer is for: an exchange to another rate plan than a rate plan's offer names).
func discountOn(t Trip, d *Discount) *Discount {
	if d == nil || !d.For(t) {
		return nil
	}
	x := d.On(t.Quote.Total)
	return &x
}

// Promo is the discount the order was placed with, as it applies to the trip now (nil: none).
func (s State) Promo() *Discount { return discountOn(s.trip, s.placed.Promo) }

// PriceFor is what the order would charge for trip t: its price less the order's discount.
func (s State) PriceFor(t Trip) money.Money { return priceOf(t, s.placed.Promo) }
