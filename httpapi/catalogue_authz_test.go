package httpapi_test

import "testing"

// The catalogue's routes in the authorisation matrix. Admin routes turn everyone but admins away
// before anything is looked up; an admin reaching a made-up id gets 404 and an empty form 422.
// Public reads answer everyone alike.

func init() {
	const none = "00000000-0000-4000-8000-000000000000"
	for _, r := range []struct {
		method, route, path string
		admin               int // what an admin gets; 0 for a public route
		public              int
	}{
		{"DELETE", "/api/admin/categories/{id}", "/api/admin/categories/" + none, 404, 0},
		{"DELETE", "/api/admin/countries/{id}", "/api/admin/countries/" + none, 404, 0},
		{"DELETE", "/api/admin/destinations/{id}", "/api/admin/destinations/" + none, 404, 0},
		{"DELETE", "/api/admin/drivers/{id}", "/api/admin/drivers/" + none, 404, 0},
		{"DELETE", "/api/admin/offers/{id}", "/api/admin/offers/" + none, 404, 0},
		{"DELETE", "/api/admin/pickup-points/{id}", "/api/admin/pickup-points/" + none, 404, 0},
		{"DELETE", "/api/admin/programs/{id}", "/api/admin/programs/" + none, 404, 0},
		{"DELETE", "/api/admin/rate-plans/{id}", "/api/admin/rate-plans/" + none, 404, 0},
		{"DELETE", "/api/admin/settings/holidays/{date}", "/api/admin/settings/holidays/2030-01-01", 404, 0},
		{"GET", "/api/admin/categories", "/api/admin/categories", 200, 0},
		{"GET", "/api/admin/categories/{id}", "/api/admin/categories/" + none, 404, 0},
		{"GET", "/api/admin/categories/{id}/history", "/api/admin/categories/" + none + "/history", 404, 0},
		{"GET", "/api/admin/countries", "/api/admin/countries", 200, 0},
		{"GET", "/api/admin/countries/{id}", "/api/admin/countries/" + none, 404, 0},
		{"GET", "/api/admin/countries/{id}/history", "/api/admin/countries/" + none + "/history", 404, 0},
		{"GET", "/api/admin/currency-rates", "/api/admin/currency-rates", 200, 0},
		{"GET", "/api/admin/currency-rates/history", "/api/admin/currency-rates/history", 200, 0},
		{"GET", "/api/admin/destinations", "/api/admin/destinations", 200, 0},
		{"GET", "/api/admin/destinations/{id}", "/api/admin/destinations/" + none, 404, 0},
		{"GET", "/api/admin/destinations/{id}/history", "/api/admin/destinations/" + none + "/history", 404, 0},
		{"GET", "/api/admin/drivers", "/api/admin/drivers", 200, 0},
		{"GET", "/api/admin/drivers/{id}", "/api/admin/drivers/" + none, 404, 0},
		{"GET", "/api/admin/drivers/{id}/history", "/api/admin/drivers/" + none + "/history", 404, 0},
		{"GET", "/api/admin/home", "/api/admin/home", 200, 0},
		{"GET", "/api/admin/home/history", "/api/admin/home/history", 200, 0},
		{"GET", "/api/admin/offers", "/api/admin/offers", 200, 0},
		{"GET", "/api/admin/offers/{id}", "/api/admin/offers/" + none, 404, 0},
		{"GET", "/api/admin/offers/{id}/history", "/api/admin/offers/" + none + "/history", 404, 0},
		{"GET", "/api/admin/pickup-points", "/api/admin/pickup-points", 200, 0},
		{"GET", "/api/admin/pickup-points/{id}", "/api/admin/pickup-points/" + none, 404, 0},
		{"GET", "/api/admin/pickup-points/{id}/history", "/api/admin/pickup-points/" + none + "/history", 404, 0},
		{"GET", "/api/admin/programs", "/api/admin/programs", 200, 0},
		{"GET", "/api/admin/programs/{id}", "/api/admin/programs/" + none, 404, 0},
		{"GET", "/api/admin/programs/{id}/history", "/api/admin/programs/" + none + "/history", 404, 0},
		{"GET", "/api/admin/rate-plans", "/api/admin/rate-plans", 200, 0},
		{"GET", "/api/admin/rate-plans/{id}", "/api/admin/rate-plans/" + none, 404, 0},
		{"GET", "/api/admin/rate-plans/{id}/history", "/api/admin/rate-plans/" + none + "/history", 404, 0},
		{"GET", "/api/admin/settings", "/api/admin/settings", 200, 0},
		{"GET", "/api/admin/settings/history", "/api/admin/settings/history", 200, 0},
		{"GET", "/api/categories", "/api/categories", 0, 200},
		{"GET", "/api/categories/{ref}", "/api/categories/no-such-thing", 0, 404},
		{"GET", "/api/countries", "/api/countries", 0, 200},
		{"GET", "/api/currencies", "/api/currencies", 0, 200},
		{"GET", "/api/destinations", "/api/destinations", 0, 200},
		{"GET", "/api/destinations/{ref}", "/api/destinations/no-such-thing", 0, 404},
		{"GET", "/api/home", "/api/home", 0, 200},
		{"GET", "/api/offers", "/api/offers", 0, 200},
		{"GET", "/api/opening-hours", "/api/opening-hours", 0, 200},
		{"GET", "/api/pickup-points", "/api/pickup-points", 0, 200},
		{"GET", "/api/programs", "/api/programs", 0, 200},
		{"GET", "/api/programs/{ref}", "/api/programs/no-such-thing", 0, 404},
		{"GET", "/api/rates", "/api/rates", 0, 200},
		{"GET", "/api/search", "/api/search", 0, 422},
		{"POST", "/api/admin/categories", "/api/admin/categories", 422, 0},
		{"POST", "/api/admin/categories/{id}/restore", "/api/admin/categories/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/countries", "/api/admin/countries", 422, 0},
		{"POST", "/api/admin/countries/{id}/restore", "/api/admin/countries/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/destinations", "/api/admin/destinations", 422, 0},
		{"POST", "/api/admin/destinations/{id}/restore", "/api/admin/destinations/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/drivers", "/api/admin/drivers", 422, 0},
		{"POST", "/api/admin/drivers/{id}/restore", "/api/admin/drivers/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/offers", "/api/admin/offers", 422, 0},
		{"POST", "/api/admin/offers/{id}/restore", "/api/admin/offers/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/pickup-points", "/api/admin/pickup-points", 422, 0},
		{"POST", "/api/admin/pickup-points/{id}/restore", "/api/admin/pickup-points/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/programs", "/api/admin/programs", 422, 0},
		{"POST", "/api/admin/programs/{id}/restore", "/api/admin/programs/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/rate-plans", "/api/admin/rate-plans", 422, 0},
		{"POST", "/api/admin/rate-plans/{id}/restore", "/api/admin/rate-plans/" + none + "/restore", 404, 0},
		{"POST", "/api/admin/settings/holidays", "/api/admin/settings/holidays", 422, 0},
		{"POST", "/api/admin/uploads", "/api/admin/uploads", 422, 0},
		{"PUT", "/api/admin/categories/{id}", "/api/admin/categories/" + none, 422, 0},
		{"PUT", "/api/admin/countries/{id}", "/api/admin/countries/" + none, 422, 0},
		{"PUT", "/api/admin/currency-rates", "/api/admin/currency-rates", 422, 0},
		{"PUT", "/api/admin/destinations/{id}", "/api/admin/destinations/" + none, 422, 0},
		{"PUT", "/api/admin/drivers/{id}", "/api/admin/drivers/" + none, 422, 0},
		{"PUT", "/api/admin/home", "/api/admin/home", 422, 0},
		{"PUT", "/api/admin/offers/{id}", "/api/admin/offers/" + none, 422, 0},
		{"PUT", "/api/admin/pickup-points/{id}", "/api/admin/pickup-points/" + none, 422, 0},
		{"PUT", "/api/admin/programs/{id}", "/api/admin/programs/" + none, 422, 0},
		{"PUT", "/api/admin/rate-plans/{id}", "/api/admin/rate-plans/" + none, 422, 0},
		{"PUT", "/api/admin/settings/default-pickup-point", "/api/admin/settings/default-pickup-point", 422, 0},
		{"PUT", "/api/admin/settings/opening-hours", "/api/admin/settings/opening-hours", 200, 0},
	} {
		want := everyone(r.public)
		if r.admin != 0 {
			want = rolesOnly(r.admin, "admin")
		}
		path := r.path
		authzMatrix = append(authzMatrix, authzRoute{Method: r.method, Route: r.route, Want: want,
			Prepare: func(*testing.T, *authzEnv, string) authzCall { return authzCall{Path: path, Body: map[string]any{}} }})
	}
}
