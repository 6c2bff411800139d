package catalogue

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/money"
)

// Discount kinds.
const (
	DiscountPercent = "percent"
	DiscountAmount  = "amount"
)

// What an offer applies to.
const (
	AppliesToAll       = "all"
	AppliesToPrograms  = "programs"
	AppliesToRatePlans = "rate_plans"
)

var promoPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{2,29}$`)

// OfferFields describe a discount, optionally behind a promo code, valid between two Cairo dates
// (both included), on programs, on rate-plan trips, or on everything.
type OfferFields struct {
	Title       Text   `json:"title"`
	Description Text   `json:"description"`
	Kind        string `json:"kind"`
	// PercentBasisPoints is the percentage × 100 (12.5% is 1250), for Kind percent.
	PercentBasisPoints int64 `json:"percent_basis_points"`
	// Amount is taken off, for Kind amount.
	Amount      money.Money `json:"amount"`
	PromoCode   string      `json:"promo_code"`
	ValidFrom   string      `json:"valid_from"`
	ValidUntil  string      `json:"valid_until"`
	AppliesTo   string      `json:"applies_to"`
	ProgramIDs  []uuid.UUID `json:"program_ids"`
	RatePlanIDs []uuid.UUID `json:"rate_plan_ids"`
	Active      bool        `json:"active"`
	// LimitPerCustomer and LimitTotal bound how many orders may use the promo code, per customer
	// and in all (0: no bound). Counted on the offer's own stream (domain/order, redemptions.go).
	LimitPerCustomer int `json:"limit_per_customer"`
	LimitTotal       int `json:"limit_total"`
	// CodePrivate says the promo code is handed out privately (to chosen customers), not shown on
	// the site: such an offer is not advertised at all, as nobody could use it from there. False
	// (the default, and what offers recorded before the field read as) shows the code with the offer.
	CodePrivate bool `json:"code_private"`
}

// Advertised reports whether the site lists the offer: one without a promo code, or one whose
// code is public. An offer behind a privately handed-out code is left out.
func (f OfferFields) Advertised() bool {
	return f.PromoCode == "" || !f.CodePrivate
}

// PublicCode is the promo code the site shows with the offer: empty without one or when it is
// handed out privately.
func (f OfferFields) PublicCode() string {
	if f.CodePrivate {
		return ""
	}
	return f.PromoCode
}

// Normalized trims the texts, upper-cases the promo code, drops ids the scope does not use and
// CodePrivate without a code.
func (f OfferFields) Normalized() OfferFields {
	f.Title, f.Description = f.Title.trimmed(), f.Description.trimmed()
	f.PromoCode = strings.ToUpper(strings.TrimSpace(f.PromoCode))
	if f.PromoCode == "" {
		f.CodePrivate = false
	}
	if f.AppliesTo == "" {
		f.AppliesTo = AppliesToAll
	}
	if f.AppliesTo != AppliesToPrograms {
		f.ProgramIDs = nil
	}
	if f.AppliesTo != AppliesToRatePlans {
		f.RatePlanIDs = nil
	}
	switch f.Kind {
	case DiscountPercent:
		f.Amount = money.Money{}
	case DiscountAmount:
		f.PercentBasisPoints = 0
	}
	return f
}

// Validate checks the rules of an offer.
func (f OfferFields) Validate() error {
	var c validator
	c.text("title", f.Title, true, maxName)
	c.text("description", f.Description, false, maxShort)
	switch f.Kind {
	case DiscountPercent:
		if f.PercentBasisPoints < 1 || f.PercentBasisPoints > 10000 {
			c.add("percent_basis_points", keyOutOfRange)
		}
	case DiscountAmount:
		c.egp("amount", f.Amount, false)
	case "":
		c.add("kind", keyRequired)
	default:
		c.add("kind", keyInvalidChoice)
	}
	if f.PromoCode != "" && !promoPattern.MatchString(f.PromoCode) {
		c.add("promo_code", keyInvalidCode)
	}
	from, okFrom := c.date("valid_from", f.ValidFrom, true)
	until, okUntil := c.date("valid_until", f.ValidUntil, true)
	if okFrom && okUntil && until.Before(from) {
		c.add("valid_until", keyEndBeforeStart)
	}
	if f.LimitPerCustomer < 0 {
		c.add("limit_per_customer", keyOutOfRange)
	}
	if f.LimitTotal < 0 {
		c.add("limit_total", keyOutOfRange)
	}
	if f.LimitPerCustomer > 0 && f.LimitTotal > 0 && f.LimitPerCustomer > f.LimitTotal {
		c.add("limit_per_customer", keyOutOfRange)
	}
	switch f.AppliesTo {
	case AppliesToAll:
	case AppliesToPrograms:
		c.ids("program_ids", f.ProgramIDs)
	case AppliesToRatePlans:
		c.ids("rate_plan_ids", f.RatePlanIDs)
	default:
		c.add("applies_to", keyInvalidChoice)
	}
	return c.err()
}

func (c *validator) ids(field string, ids []uuid.UUID) {
	if len(ids) == 0 {
		c.add(field, keyRequired)
	}
	seen := map[uuid.UUID]bool{}
	for i, id := range ids {
		if id == uuid.Nil || seen[id] {
			c.add(fmt.Sprintf("%s.%d", field, i), keyDuplicate)
		}
		seen[id] = true
	}
}

// ValidOn reports whether the offer is active and day (read in Cairo) lies in its window.
func (f OfferFields) ValidOn(day time.Time) bool {
	d := day.In(Cairo).Format(time.DateOnly)
	return f.Active && f.ValidFrom <= d && d <= f.ValidUntil
}

// DiscountOn returns what the offer takes off an EGP price, never more than the price.
func (f OfferFields) DiscountOn(price money.Money) money.Money {
	var off money.Money
	switch f.Kind {
	case DiscountPercent:
		off = price.Percent(f.PercentBasisPoints)
	case DiscountAmount:
		off = f.Amount
	}
	if off.Minor > price.Minor {
		off.Minor = price.Minor
	}
	off.Currency = price.Currency
	return off
}

var (
	OfferRefusals    = refusalsFor("offer")
	Offer            = NewEntityDecider[OfferFields](OfferRefusals)
	ErrOfferNotFound = OfferRefusals.NotFound
)

type (
	OfferState    = State[OfferFields]
	OfferCommand  = Command[OfferFields]
	OfferEvent    = Event[OfferFields]
	CreateOffer   = Create[OfferFields]
	UpdateOffer   = Update[OfferFields]
	ArchiveOffer  = Archive[OfferFields]
	RestoreOffer  = Restore[OfferFields]
	OfferCreated  = Created[OfferFields]
	OfferUpdated  = Updated[OfferFields]
	OfferArchived = Archived[OfferFields]
	OfferRestored = Restored[OfferFields]
)
