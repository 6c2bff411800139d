package httpx

import (
	"math"
	"net/http"
	"strconv"

	"mishwar/domain"
)

// QueryInt reads the query parameter name as a whole number from low to high, def when absent. Any
// other value is that parameter's error, key (which may take low and high as its arguments), rather
// than a default the asker did not ask for.
func QueryInt(r *http.Request, name string, def, low, high int, key string) (int, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < low || n > high {
		v := &domain.ValidationError{}
		v.Add(name, key)
		return 0, v
	}
	return n, nil
}

// StaffPageMax is the longest page a staff list answers.
const StaffPageMax = 200

// StaffPaging reads a staff list's ?limit= (1 to StaffPageMax; 0 when absent, for the list's own
// default) and ?offset= (0 or more).
func StaffPaging(r *http.Request) (limit, offset int, err error) {
	limit, errL := QueryInt(r, "limit", 0, 1, StaffPageMax, "common.bad_limit")
	offset, errO := QueryInt(r, "offset", 0, 0, math.MaxInt32, "common.bad_offset")
	return limit, offset, domain.JoinValidation(errL, errO)
}
