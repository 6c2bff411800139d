package httpapi

// nonNil answers an empty list rather than null. It stayed behind when the catalogue moved to
// httpapi/catalogue because support.go still uses it; it goes with the last root file that does.
func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}
