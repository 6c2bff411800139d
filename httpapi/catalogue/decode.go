package catalogue

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"mishwar/domain"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
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
	if err := ve.Err(); err != nil {
		return err
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return fmt.Errorf("%w: %w", httpx.ErrBadBody, err)
	}
	if err := json.Unmarshal(data, dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			ve.Add(te.Field, "catalogue.invalid_choice")
			if te.Value == "string" || te.Value == "number" {
				ve.Fields[te.Field] = []string{"catalogue.invalid_number"}
			}
			return &ve
		}
		return fmt.Errorf("%w: %w", httpx.ErrBadBody, err)
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
		m[k] = money.FromMajor(major, money.EGP)
	}
}
