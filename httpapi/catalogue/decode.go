package catalogue

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"mishwar/domain"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"

	"github.com/google/uuid"
)

// moneyFields are the JSON keys that hold EGP amounts. Forms may send them as a number or a string
// of pounds ("1900.50"); the API stores minor units.
var moneyFields = map[string]bool{"price": true, "price_per_km": true, "waiting_per_hour": true, "amount": true}

// decodeFields reads an entity's fields from the request body into dst.
func decodeFields(w http.ResponseWriter, r *http.Request, dst any) error {
	var raw map[string]any
	if err := httpx.DecodeBody(w, r, &raw); err != nil {
		return err
	}
	if raw == nil {
		raw = map[string]any{}
	}
	var ve domain.ValidationError
	normaliseMoney(raw, "", &ve)
	checkIDs(raw, "", &ve)
	if err := ve.Err(); err != nil {
		return err
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return fmt.Errorf("%w: %w", httpx.ErrBadBody, err)
	}
	if err := json.Unmarshal(data, dst); err != nil {
		// A value of the wrong kind is named by what its field takes, as everywhere else.
		return httpx.UnmarshalError(err, dst)
	}
	return nil
}

func normaliseMoney(m map[string]any, prefix string, ve *domain.ValidationError) {
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok && !moneyFields[k] {
			normaliseMoney(sub, prefix+k+".", ve)
			continue
		}
		if !moneyFields[k] {
			continue
		}
		var major float64
		switch v := v.(type) {
		case float64:
			major = v
		case string:
			f, err := strconv.ParseFloat(strings.TrimSpace(strings.ReplaceAll(v, ",", "")), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				ve.Add(prefix+k, "catalogue.invalid_number")
				continue
			}
			major = f
		case nil:
			m[k] = money.Money{}
			continue
		default:
			continue // already {"minor","currency"}
		}
		if !money.WholeMinor(major) {
			ve.Add(prefix+k, "catalogue.amount_precision")
			continue
		}
		m[k] = money.FromMajor(major, money.EGP)
	}
}

// checkIDs names each "…_id" (or entry of "…_ids") that is not a UUID: every such catalogue field
// refers to a record chosen from a list. JSON decoding would stop at the first with an error that
// names no field (a 400 for a body that is well-formed).
func checkIDs(m map[string]any, prefix string, ve *domain.ValidationError) {
	notUUID := func(v any) bool {
		text, ok := v.(string)
		if !ok {
			return false // another kind is named by its decoding
		}
		_, err := uuid.Parse(text)
		return err != nil
	}
	for k, v := range m {
		switch {
		case strings.HasSuffix(k, "_id") && v == "":
			delete(m, k) // nothing chosen: the zero id, which the domain calls required where it is
		case strings.HasSuffix(k, "_id") && notUUID(v):
			ve.Add(prefix+k, "catalogue.invalid_choice")
		case strings.HasSuffix(k, "_ids"):
			list, _ := v.([]any)
			for i, item := range list {
				if notUUID(item) {
					ve.Add(fmt.Sprintf("%s%s.%d", prefix, k, i), "catalogue.invalid_choice")
				}
			}
		default:
			if sub, ok := v.(map[string]any); ok {
				checkIDs(sub, prefix+k+".", ve)
			}
		}
	}
}
