package domain

// Area is a latitude/longitude box.
type Area struct{ MinLat, MaxLat, MinLng, MaxLng float64 }

// Contains reports whether (lat, lng) lies in the box; NaN lies nowhere.
func (a Area) Contains(lat, lng float64) bool {
	return lat >= a.MinLat && lat <= a.MaxLat && lng >= a.MinLng && lng <= a.MaxLng
}

// Widened is the box grown by deg degrees on every side.
func (a Area) Widened(deg float64) Area {
	return Area{MinLat: a.MinLat - deg, MaxLat: a.MaxLat + deg, MinLng: a.MinLng - deg, MaxLng: a.MaxLng + deg}
}

// ServiceArea is Greater Cairo, where Mishwar drives (the spec: "Cairo only"): Giza and the pyramids,
// Saqqara and Dahshur to the south-west, 6th of October and Sheikh Zayed to the west, Shubra El Kheima
// and El Obour to the north, New Cairo, the airport and the New Administrative Capital to the east,
// Helwan south. Destinations, pickup points, saved places and a trip's own start and end all fall in
// it; a point outside is a typo.
var ServiceArea = Area{MinLat: 29.60, MaxLat: 30.40, MinLng: 30.80, MaxLng: 31.90}
