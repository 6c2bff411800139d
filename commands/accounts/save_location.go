package accounts

import (
	"context"

	"mishwar/domain"
	"mishwar/domain/account"
)

// LocationInput is a location to save. Lat and Lng are nil when the picker has nothing selected.
type LocationInput struct {
	Label   string
	Address string
	// Kind is "start", "end" or "any" (default).
	Kind string
	Lat  *float64
	Lng  *float64
}

// SaveLocationHandler saves locations from the start/end point pickers.
type SaveLocationHandler struct {
	tables Tables
}

// Handle stores a location for the acting user. Without coordinates the answer is the spec's "Save
// location needs a selected source or end location".
func (h SaveLocationHandler) Handle(ctx context.Context, a Actor, in LocationInput) (account.SavedLocation, error) {
	v := &domain.ValidationError{}
	account.CheckPoint(v, in.Lat, in.Lng)
	label := account.CheckText(v, "label", in.Label, account.LabelMaxLength, "")
	addr := account.CheckText(v, "address", in.Address, account.AddressMaxLength, "")
	if label == "" {
		label = addr
	}
	if label == "" && len(v.Fields) == 0 {
		v.Add("label", account.KeyLabelRequired)
	}
	kind := in.Kind
	if kind == "" {
		kind = "any"
	}
	if kind != "start" && kind != "end" && kind != "any" {
		v.Add("kind", account.KeyKindInvalid)
	}
	if err := v.Err(); err != nil {
		return account.SavedLocation{}, err
	}
	loc, err := h.tables.AddSavedLocation(ctx, a.UserID, account.SavedLocation{Label: truncateRunes(label, account.LabelMaxLength), Address: addr, Kind: kind, Lat: *in.Lat, Lng: *in.Lng})
	return loc, userError(err)
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
