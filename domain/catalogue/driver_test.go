package catalogue_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
)

func TestATripNeverLosesItsDriverToAnEdit(t *testing.T) {
	t.Parallel()
	wednesday := cat.DriverTrip{TripNumber: "MSH-AAAAAA", Day: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)}
	friday := cat.DriverTrip{TripNumber: "MSH-BBBBBB", Day: time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)}
	working := cat.DriverFields{Active: true, WorkingDays: []time.Weekday{time.Sunday, time.Wednesday, time.Friday}}
	without := func(f cat.DriverFields, day time.Weekday) *cat.DriverFields {
		f.WorkingDays = []time.Weekday{time.Sunday}
		if day != time.Wednesday {
			f.WorkingDays = append(f.WorkingDays, time.Wednesday)
		}
		return &f
	}
	inactive := working
	inactive.Active = false
	for _, c := range []struct {
		name  string
		next  *cat.DriverFields
		trips []cat.DriverTrip
		want  []any
	}{
		{"a driver without trips may be archived", nil, nil, nil},
		{"a driver carrying trips is not archived, and is told which", nil, []cat.DriverTrip{wednesday, friday}, []any{2, "MSH-AAAAAA, MSH-BBBBBB"}},
		{"nor made inactive", &inactive, []cat.DriverTrip{friday}, []any{1, "MSH-BBBBBB"}},
		{"nor loses a working day they carry a trip on", without(working, time.Friday), []cat.DriverTrip{wednesday, friday}, []any{1, "MSH-BBBBBB"}},
		{"but may lose a day they carry nothing on, or change anything else", &working, []cat.DriverTrip{wednesday, friday}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := cat.CheckDriverChange(c.next, c.trips)
			if c.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var de *domain.Error
			if !errors.Is(err, cat.ErrDriverHasTrips) || !errors.As(err, &de) || !reflect.DeepEqual(de.Args, c.want) {
				t.Fatalf("got %#v, want the trips %v", err, c.want)
			}
		})
	}
}
