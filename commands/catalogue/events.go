package catalogue

import (
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// RegisterEvents registers every catalogue event type under its stored name, schema version 1.
func RegisterEvents(r *eventstore.Registry) {
	registerEntity[cat.DestinationFields](r, "Destination")
	registerEntity[cat.CategoryFields](r, "Category")
	registerEntity[cat.ProgramFields](r, "Program")
	registerEntity[cat.RatePlanFields](r, "RatePlan")
	registerEntity[cat.OfferFields](r, "Offer")
	registerEntity[cat.CountryFields](r, "Country")
	registerEntity[cat.DriverFields](r, "Driver")
	registerEntity[cat.PickupPointFields](r, "PickupPoint")

	eventstore.Register[cat.HomeContentUpdated](r, "HomeContentUpdated", 1)

	eventstore.Register[cat.OpeningHoursSet](r, "OpeningHoursSet", 1)
	eventstore.Register[cat.HolidayAdded](r, "HolidayAdded", 1)
	eventstore.Register[cat.HolidayRemoved](r, "HolidayRemoved", 1)
	eventstore.Register[cat.DefaultPickupPointSet](r, "DefaultPickupPointSet", 1)

	eventstore.Register[cat.CurrencyRatesSet](r, "CurrencyRatesSet", 1)

	eventstore.Register[cat.KeyClaimed](r, "UniqueKeyClaimed", 1)
	eventstore.Register[cat.KeyReleased](r, "UniqueKeyReleased", 1)
}

func registerEntity[F any](r *eventstore.Registry, name string) {
	eventstore.Register[cat.Created[F]](r, name+"Created", 1)
	eventstore.Register[cat.Updated[F]](r, name+"Updated", 1)
	eventstore.Register[cat.Archived[F]](r, name+"Archived", 1)
	eventstore.Register[cat.Restored[F]](r, name+"Restored", 1)
}
