package dispatch_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/commands/dispatch/dispatchtest"
	"mishwar/domain/dispatch"
)

func TestADriversTripsFollowThemToTheAccountLinkedToThemNow(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, before := f.Driver(t, 1)
	orderID := f.Order(t, day, "traveller-1", true)
	f.Assign(t, orderID, driverID)

	// The driver lost their phone and signs in with a new account from now on.
	now := f.Account(t, "driver")
	u, err := f.Accounts.UserByID(ctx, f.Pool, uuid.MustParse(now))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Dispatch.LinkAccount(ctx, driverID, u.Email, nil, commands.NewMeta(dispatchtest.Admin)); err != nil {
		t.Fatal(err)
	}

	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepStart, 0, dispatchtest.As(before, "driver")); !errors.Is(err, dispatch.ErrNotYourTrip) {
		t.Fatalf("the account linked before starts the trip: %v", err)
	}
	for _, s := range []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}} {
		if _, err := f.Dispatch.Advance(ctx, orderID, s.step, s.stop, dispatchtest.As(now, "driver")); err != nil {
			t.Fatalf("the account linked now: %s %d: %v", s.step, s.stop, err)
		}
	}

	// Linked back, the first account drives again and the second no longer does.
	first, err := f.Accounts.UserByID(ctx, f.Pool, uuid.MustParse(before))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Dispatch.LinkAccount(ctx, driverID, first.Email, nil, commands.NewMeta(dispatchtest.Admin)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepArrive, 2, dispatchtest.As(now, "driver")); !errors.Is(err, dispatch.ErrNotYourTrip) {
		t.Fatalf("the account linked away takes a step: %v", err)
	}
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepArrive, 2, dispatchtest.As(before, "driver")); err != nil {
		t.Fatalf("the account linked back: %v", err)
	}
}
