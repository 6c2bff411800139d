package dispatch

import (
	"mishwar/domain/dispatch"
	"mishwar/eventstore"
)

// RegisterEvents registers the dispatch events under their stored names, schema version 1.
func RegisterEvents(r *eventstore.Registry) {
	eventstore.Register[dispatch.DriverAssigned](r, "DriverAssigned", 1)
	eventstore.Register[dispatch.DriverUnassigned](r, "DriverUnassigned", 1)
	eventstore.Register[dispatch.TripHandedOver](r, "TripHandedOver", 1)
	eventstore.Register[dispatch.TripStarted](r, "TripStarted", 1)
	eventstore.Register[dispatch.TravellersPickedUp](r, "TravellersPickedUp", 1)
	eventstore.Register[dispatch.ArrivedAtStop](r, "ArrivedAtStop", 1)
	eventstore.Register[dispatch.TripCompleted](r, "TripCompleted", 1)
	eventstore.Register[dispatch.TripCancelled](r, "TripCancelled", 1)
	eventstore.Register[dispatch.DriverDayBooked](r, "DriverDayBooked", 1)
	eventstore.Register[dispatch.DriverDayReleased](r, "DriverDayReleased", 1)
	eventstore.Register[dispatch.DriverDayRetimed](r, "DriverDayRetimed", 1)
	eventstore.Register[dispatch.DriverSetOff](r, "DriverSetOff", 1)
	eventstore.Register[dispatch.DriverDayCarriedOver](r, "DriverDayCarriedOver", 1)
	eventstore.Register[dispatch.DriverDayCarryOverDropped](r, "DriverDayCarryOverDropped", 1)
	eventstore.Register[dispatch.DriverAccountLinked](r, "DriverAccountLinked", 1)
	eventstore.Register[dispatch.DriverLoginClaimed](r, "DriverLoginClaimed", 1)
}
