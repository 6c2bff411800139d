package catalogue

import "mishwar/domain/money"

// RatePlanFields describe how a trip is priced: per kilometre driven and per hour of waiting.
type RatePlanFields struct {
	Name           Text        `json:"name"`
	Description    Text        `json:"description"`
	Seats          int         `json:"seats"`
	PricePerKm     money.Money `json:"price_per_km"`
	WaitingPerHour money.Money `json:"waiting_per_hour"`
	// Active plans are offered to travellers.
	Active       bool `json:"active"`
	DisplayOrder int  `json:"display_order"`
}

// Normalized trims the texts.
func (f RatePlanFields) Normalized() RatePlanFields {
	f.Name, f.Description = f.Name.trimmed(), f.Description.trimmed()
	return f
}

// Validate checks the rules of a rate plan.
func (f RatePlanFields) Validate() error {
	var c validator
	c.text("name", f.Name, true, maxName)
	c.text("description", f.Description, false, maxShort)
	c.intRange("seats", f.Seats, 1, 50)
	c.egp("price_per_km", f.PricePerKm, false)
	c.egp("waiting_per_hour", f.WaitingPerHour, true)
	c.intRange("display_order", f.DisplayOrder, 0, maxDisplayRank)
	return c.err()
}

var (
	RatePlanRefusals    = refusalsFor("rate_plan")
	RatePlan            = NewEntityDecider[RatePlanFields](RatePlanRefusals)
	ErrRatePlanNotFound = RatePlanRefusals.NotFound
)

type (
	RatePlanState    = State[RatePlanFields]
	RatePlanCommand  = Command[RatePlanFields]
	RatePlanEvent    = Event[RatePlanFields]
	CreateRatePlan   = Create[RatePlanFields]
	UpdateRatePlan   = Update[RatePlanFields]
	ArchiveRatePlan  = Archive[RatePlanFields]
	RestoreRatePlan  = Restore[RatePlanFields]
	RatePlanCreated  = Created[RatePlanFields]
	RatePlanUpdated  = Updated[RatePlanFields]
	RatePlanArchived = Archived[RatePlanFields]
	RatePlanRestored = Restored[RatePlanFields]
)
