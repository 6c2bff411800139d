package order

// GroupSizeFrom reads a form's group size: left out (nil) is "not given" (0), which nothing checks;
// a number given is the group, and a group of zero or fewer is given as a group no rule accepts, so
// the form is told the range (KeyTravellersInvalid) instead of the 0 passing as "not given".
func GroupSizeFrom(given *int) int {
	switch {
	case given == nil:
		return 0
	case *given <= 0:
		return -1
	default:
		return *given
	}
}
