package enquiry_test

import (
	"testing"
	"time"

	"mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
)

func TestAQuoteOnADayTheOfficeNowRefusesNeedsANewDate(t *testing.T) {
	// Thursday 17 December 2026, 11:00 Cairo: an open weekday until a holiday is added on it.
	start := time.Date(2026, 12, 17, 11, 0, 0, 0, catalogue.Cairo)
	weekdays := catalogue.WeeklyHours{}
	for d := time.Sunday; d <= time.Thursday; d++ {
		weekdays = append(weekdays, catalogue.DayHours{Day: d, Open: "09:00", Close: "22:00"})
	}
	open := catalogue.BusinessHours{Weekly: weekdays}
	holiday := catalogue.BusinessHours{Weekly: weekdays, Holidays: []catalogue.Holiday{{Date: "2026-12-17"}}}
	shorter := catalogue.BusinessHours{Weekly: catalogue.WeeklyHours{{Day: time.Thursday, Open: "12:00", Close: "22:00"}}}
	closedThursdays := catalogue.BusinessHours{Weekly: catalogue.WeeklyHours{{Day: time.Friday, Open: "09:00", Close: "22:00"}}}
	tests := []struct {
		name   string
		status enquiry.Status
		start  time.Time
		hours  catalogue.BusinessHours
		want   bool
	}{
		{name: "a quote on an open day and hour can be paid", status: enquiry.StatusQuoted, start: start, hours: open},
		{name: "a quote on a day made a holiday needs a new date", status: enquiry.StatusQuoted, start: start, hours: holiday, want: true},
		{name: "a quote on a weekday now closed needs a new date", status: enquiry.StatusQuoted, start: start, hours: closedThursdays, want: true},
		{name: "a quote before the office's new opening time needs a new date", status: enquiry.StatusQuoted, start: start, hours: shorter, want: true},
		{name: "an enquiry not quoted yet needs nothing of the office's settings", status: enquiry.StatusSubmitted, start: start, hours: holiday},
		{name: "a paid quote is an order, not a quote", status: enquiry.StatusConverted, start: start, hours: holiday},
		{name: "a quote without a start needs none", status: enquiry.StatusQuoted, hours: holiday},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := enquiry.NeedsNewDate(tt.status, tt.start, tt.hours); got != tt.want {
				t.Fatalf("NeedsNewDate = %v, want %v", got, tt.want)
			}
		})
	}
}
