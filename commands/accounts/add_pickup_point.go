package accounts

import (
	"context"

	"mishwar/domain"
	"mishwar/domain/account"
)

// PickupPointInput is a pickup point to save.
type PickupPointInput struct {
	Name    string
	Address string
	Notes   string
	Lat     *float64
	Lng     *float64
}

// AddPickupPointHandler saves the user's own pickup points.
type AddPickupPointHandler struct {
	tables Tables
}

// Handle stores a pickup point for the acting user.
func (h AddPickupPointHandler) Handle(ctx context.Context, a Actor, in PickupPointInput) (account.PickupPoint, error) {
	v := &domain.ValidationError{}
	account.CheckPoint(v, in.Lat, in.Lng)
	name := account.CheckText(v, "name", in.Name, account.LabelMaxLength, account.KeyLabelRequired)
	addr := account.CheckText(v, "address", in.Address, account.AddressMaxLength, "")
	notes := account.CheckNotes(v, "notes", in.Notes, account.AddressMaxLength)
	if err := v.Err(); err != nil {
		return account.PickupPoint{}, err
	}
	p, err := h.tables.AddPickupPoint(ctx, a.UserID, account.PickupPoint{Name: name, Address: addr, Notes: notes, Lat: *in.Lat, Lng: *in.Lng})
	return p, userError(err)
}
