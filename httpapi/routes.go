package httpapi

import (
	"sort"

	"github.com/gorilla/mux"
)

// Route is one registered method and path template (e.g. "DELETE /api/me/locations/{id}").
type Route struct {
	Method string
	Path   string
}

// Routes lists every route under /api, sorted. The authorisation matrix test checks each one is in it.
func (s *Server) Routes() []Route {
	var out []Route
	_ = s.router.Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		path, err := route.GetPathTemplate()
		if err != nil || len(path) < 5 || path[:5] != "/api/" {
			return nil
		}
		methods, err := route.GetMethods()
		if err != nil {
			return nil
		}
		for _, m := range methods {
			out = append(out, Route{Method: m, Path: path})
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Method < out[j].Method
	})
	return out
}
