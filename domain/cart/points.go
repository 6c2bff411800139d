package cart

import (
	"math"
	"unicode/utf8"

	"mishwar/domain"
)

// PointKind says where a start or end point comes from.
type PointKind string

const (
	// PickupPoint is one of the pickup points the admin publishes.
	PickupPoint PointKind = "pickup"
	// CustomPoint is a place the user picked (an address, a saved location, a spot on the map).
	CustomPoint PointKind = "custom"
)

// MaxPointNameLength bounds a custom point's label, in characters.
const MaxPointNameLength = 120

// Point is a start or end of the route, as the caller found or received it.
type Point struct {
	Kind PointKind `json:"kind"`
	// PickupPointID is set for PickupPoint.
	PickupPointID string `json:"pickup_point_id,omitempty"`
	Name          string `json:"name"`
	// NameAR is the Arabic name of a pickup point (custom points have one name, as the user wrote it).
	NameAR string  `json:"name_ar,omitempty"`
	Lat    float64 `json:"lat"`
	Lng    float64 `json:"lng"`
}

// NameIn is the point's name in lang ("ar" or English).
func (p Point) NameIn(lang string) string {
	if lang == "ar" && p.NameAR != "" {
		return p.NameAR
	}
	return p.Name
}

// FoundPoint is a point as the caller found it: a pickup point looked up in the catalogue, or the
// place a user sent.
type FoundPoint struct {
	Point
	// Available is false for a pickup point the admin removed or never had: it cannot be chosen.
	// Custom points ignore it.
	Available bool
}

func checkPoint(v *domain.ValidationError, field string, p *FoundPoint) {
	if p == nil {
		if field == "end" {
			// A different end must say where.
			v.Add(field, KeyEndPointRequired)
		}
		return
	}
	switch p.Kind {
	case PickupPoint:
		if !p.Available || p.PickupPointID == "" {
			v.Add(field+".pickup_point_id", KeyPickupPointUnavailable)
		}
	case CustomPoint:
		if math.IsNaN(p.Lat) || math.IsNaN(p.Lng) || !domain.ServiceArea.Contains(p.Lat, p.Lng) {
			v.Add(field+".coordinates", KeyOutsideServiceArea)
		}
		if utf8.RuneCountInString(p.Name) > MaxPointNameLength {
			v.Add(field+".name", KeyPointNameTooLong)
		} else {
			// The name goes into the order, the driver's trip list and the office's CSV export.
			domain.CheckSingleLine(v, field+".name", p.Name)
		}
	default:
		v.Add(field+".kind", KeyPointKindInvalid)
	}
}

func clonePoint(p *Point) *Point {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

func recordedPoint(p *FoundPoint) *Point {
	if p == nil {
		return nil
	}
	c := p.Point
	return &c
}

func samePoint(a, b *Point) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
