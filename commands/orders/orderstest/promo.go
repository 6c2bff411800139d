package orderstest

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/projections/catalogue"
)

// Offer creates an active 10% offer behind code, valid from from to until (Cairo dates), with the
// given limits per customer and in total (0: none), and returns its id.
func (f *Fixture) Offer(t testing.TB, code, from, until string, perCustomer, total int) uuid.UUID {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	id := uuid.New()
	res, err := f.Catalogue.Offers.Create(ctx, cat.CreateOffer{ID: id, Fields: cat.OfferFields{
		Title: cat.Text{En: "Offer " + code, Ar: "عرض " + code}, Kind: cat.DiscountPercent, PercentBasisPoints: 1000,
		PromoCode: code, ValidFrom: from, ValidUntil: until, AppliesTo: cat.AppliesToAll, Active: true,
		LimitPerCustomer: perCustomer, LimitTotal: total,
	}}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Projections.WaitFor(ctx, catalogue.Name, res.Position); err != nil {
		t.Fatal(err)
	}
	return id
}
