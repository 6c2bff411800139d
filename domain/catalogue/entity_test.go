package catalogue_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/catalogue"
)

var now = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

// lifecycleCases runs the shared create/update/archive/restore rules against one entity type. edit
// must return fields that differ from valid in exactly the JSON field changed.
func lifecycleCases[F catalogue.Fields[F]](t *testing.T, d domain.Decider[catalogue.State[F], catalogue.Command[F], catalogue.Event[F]], r catalogue.Refusals, valid F, edit func(F) F, changed string) {
	t.Helper()
	id := uuid.New()
	created := catalogue.Created[F]{ID: id, Fields: valid.Normalized()}
	edited := edit(valid).Normalized()
	cases := []struct {
		name  string
		given []catalogue.Event[F]
		when  catalogue.Command[F]
		then  []catalogue.Event[F]
		err   error
	}{
		{"create on an empty stream records every field", nil, catalogue.Create[F]{ID: id, Fields: valid}, []catalogue.Event[F]{created}, nil},
		{"repeating a create with the same fields is a no-op", []catalogue.Event[F]{created}, catalogue.Create[F]{ID: id, Fields: valid}, nil, nil},
		{"create over different fields is a conflict", []catalogue.Event[F]{created}, catalogue.Create[F]{ID: id, Fields: edited}, nil, r.Exists},
		{"update of a missing entity is not found", nil, catalogue.Update[F]{ID: id, Fields: edited}, nil, r.NotFound},
		{"update records all fields and names the changed one", []catalogue.Event[F]{created}, catalogue.Update[F]{ID: id, Fields: edited},
			[]catalogue.Event[F]{catalogue.Updated[F]{ID: id, Fields: edited, Changed: []string{changed}}}, nil},
		{"update with nothing changed records nothing", []catalogue.Event[F]{created}, catalogue.Update[F]{ID: id, Fields: valid}, nil, nil},
		{"an archived entity can still be edited", []catalogue.Event[F]{created, catalogue.Archived[F]{ID: id}}, catalogue.Update[F]{ID: id, Fields: edited},
			[]catalogue.Event[F]{catalogue.Updated[F]{ID: id, Fields: edited, Changed: []string{changed}}}, nil},
		{"archive hides an active entity", []catalogue.Event[F]{created}, catalogue.Archive[F]{ID: id}, []catalogue.Event[F]{catalogue.Archived[F]{ID: id}}, nil},
		{"archiving twice is a no-op", []catalogue.Event[F]{created, catalogue.Archived[F]{ID: id}}, catalogue.Archive[F]{ID: id}, nil, nil},
		{"archive of a missing entity is not found", nil, catalogue.Archive[F]{ID: id}, nil, r.NotFound},
		{"restore brings back an archived entity", []catalogue.Event[F]{created, catalogue.Archived[F]{ID: id}}, catalogue.Restore[F]{ID: id}, []catalogue.Event[F]{catalogue.Restored[F]{ID: id}}, nil},
		{"restoring an active entity is a no-op", []catalogue.Event[F]{created}, catalogue.Restore[F]{ID: id}, nil, nil},
		{"restore of a missing entity is not found", nil, catalogue.Restore[F]{ID: id}, nil, r.NotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := d.Decide(d.Fold(tc.given), tc.when, now)
			if !errors.Is(err, tc.err) {
				t.Fatalf("error: got %v, want %v", err, tc.err)
			}
			if len(got) != len(tc.then) || (len(got) > 0 && !reflect.DeepEqual(got, tc.then)) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, tc.then)
			}
		})
	}
	t.Run("a create with broken fields is refused with field errors", func(t *testing.T) {
		var zero F
		_, err := d.Decide(d.Initial(), catalogue.Create[F]{ID: id, Fields: zero}, now)
		var ve *domain.ValidationError
		if !errors.As(err, &ve) || len(ve.Fields) == 0 {
			t.Fatalf("got %v, want a validation error", err)
		}
	})
	t.Run("evolve tracks the status", func(t *testing.T) {
		s := d.Fold([]catalogue.Event[F]{created, catalogue.Archived[F]{ID: id}})
		if s.Status != catalogue.StatusArchived || s.ID != id {
			t.Fatalf("got %+v", s)
		}
		s = d.Evolve(s, catalogue.Restored[F]{ID: id})
		if s.Status != catalogue.StatusActive {
			t.Fatalf("after restore: %v", s.Status)
		}
		s = d.Evolve(s, catalogue.Updated[F]{ID: id, Fields: edited})
		if len(catalogue.ChangedFields(s.Fields, edited)) != 0 {
			t.Fatalf("update not folded")
		}
	})
}

func TestDestinationLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.Destination, catalogue.DestinationRefusals, validDestination(),
		func(f catalogue.DestinationFields) catalogue.DestinationFields { f.VisitMinutes = 90; return f }, "visit_minutes")
}

func TestCategoryLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.Category, catalogue.CategoryRefusals, validCategory(),
		func(f catalogue.CategoryFields) catalogue.CategoryFields { f.DisplayOrder = 3; return f }, "display_order")
}

func TestProgramLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.Program, catalogue.ProgramRefusals, validProgram(),
		func(f catalogue.ProgramFields) catalogue.ProgramFields {
			f.DestinationIDs = []uuid.UUID{destB, destA}
			return f
		}, "destination_ids")
}

func TestRatePlanLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.RatePlan, catalogue.RatePlanRefusals, validRatePlan(),
		func(f catalogue.RatePlanFields) catalogue.RatePlanFields { f.Active = false; return f }, "active")
}

func TestOfferLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.Offer, catalogue.OfferRefusals, validOffer(),
		func(f catalogue.OfferFields) catalogue.OfferFields { f.PromoCode = "winter26"; return f }, "promo_code")
}

func TestCountryLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.Country, catalogue.CountryRefusals, validCountry(),
		func(f catalogue.CountryFields) catalogue.CountryFields {
			f.Name.Ar = "جمهورية مصر العربية"
			return f
		}, "name")
}

func TestDriverLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.Driver, catalogue.DriverRefusals, validDriver(),
		func(f catalogue.DriverFields) catalogue.DriverFields { f.TripsPerDay = 2; return f }, "trips_per_day")
}

func TestPickupPointLifecycle(t *testing.T) {
	lifecycleCases(t, catalogue.PickupPoint, catalogue.PickupPointRefusals, validPickupPoint(),
		func(f catalogue.PickupPointFields) catalogue.PickupPointFields {
			f.Kind = catalogue.PickupLandmark
			return f
		}, "kind")
}

func TestChangedFieldsTreatsNilAndEmptySlicesAlike(t *testing.T) {
	a := validDestination()
	b := a
	a.Photos, b.Photos = nil, []string{}
	if got := catalogue.ChangedFields(a, b); len(got) != 0 {
		t.Fatalf("got %v", got)
	}
	b.Photos = []string{"/uploads/x.jpg"}
	b.Published = false
	if got := catalogue.ChangedFields(a, b); !reflect.DeepEqual(got, []string{"photos", "published"}) {
		t.Fatalf("got %v", got)
	}
}
