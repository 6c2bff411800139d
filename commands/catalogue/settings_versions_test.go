package catalogue_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

func weekClosingAt(close string) cat.WeeklyHours {
	var w cat.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		w = append(w, cat.DayHours{Day: d, Open: "09:00", Close: close})
	}
	return w
}

// The office hours form is saved at the version it loaded the hours at, while another process writes
// the settings between this save's load and its append. A holiday landing there moves the stream, so
// the append fails; the save is decided again on the settings with the holiday, and lands (the hours
// did not change). An hours save landing there refuses it (409), and is kept.
func TestAnOfficeHoursSaveIsDecidedAgainWhenTheSettingsMoveUnderIt(t *testing.T) {
	cases := []struct {
		name    string
		between cat.SettingsCommand
		lands   bool
	}{
		{"a holiday added meanwhile", cat.AddHoliday{Holiday: cat.Holiday{Date: "2026-04-25", Name: cat.Text{En: "Sinai Liberation Day", Ar: "عيد تحرير سيناء"}}}, true},
		{"another hours save meanwhile", cat.SetOpeningHours{Hours: weekClosingAt("23:00")}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			e := newEnv(t)
			if _, err := e.handlers.Settings(ctx, cat.SetOpeningHours{Hours: weekClosingAt("17:00")}, commands.NewMeta(admin)); err != nil {
				t.Fatal(err)
			}
			loaded, err := catcmd.NewApplication(catcmd.Config{Handlers: e.handlers}).Queries.Admin.Settings.Handle(ctx)
			if err != nil {
				t.Fatal(err)
			}
			otherRunner := commands.NewRunner(e.store, e.runner.Registry)
			otherRunner.Now = e.runner.Now
			other := catcmd.New(otherRunner)
			racing := &editsBetween{Store: e.store, stream: eventstore.StreamID(cat.SettingsStream, cat.SingletonID), edit: func() {
				if _, err := other.Settings(ctx, tc.between, commands.NewMeta(admin)); err != nil {
					t.Error(err)
				}
			}}
			runner := commands.NewRunner(racing, e.runner.Registry)
			runner.Now = e.runner.Now
			app := catcmd.NewApplication(catcmd.Config{Handlers: catcmd.New(runner)})
			at := loaded.HoursVersion
			_, err = app.Commands.ChangeSettings.Handle(ctx, catcmd.ChangeSettings{Change: cat.SetOpeningHours{Hours: weekClosingAt("21:00"), IfVersion: &at}}, commands.NewMeta(admin))
			now, _, lerr := e.handlers.LoadSettings(ctx)
			if lerr != nil {
				t.Fatal(lerr)
			}
			if tc.lands {
				if err != nil {
					t.Fatalf("the hours save after %s: %v, want it saved", tc.name, err)
				}
				if now.Hours[0].Close != "21:00" || now.Version != 2 || now.HoursVersion != 2 {
					t.Fatalf("settings close at %s, at version %d (hours %d); want 21:00 at 2", now.Hours[0].Close, now.Version, now.HoursVersion)
				}
				return
			}
			if !errors.Is(err, commands.ErrConcurrentChange) {
				t.Fatalf("the hours save after %s: %v, want a concurrent change (409)", tc.name, err)
			}
			if now.Hours[0].Close != "23:00" || now.Version != 1 {
				t.Fatalf("settings close at %s at version %d; the other hours save was overwritten", now.Hours[0].Close, now.Version)
			}
		})
	}
}
