package apptest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The contract check must catch drift, or it is a test that cannot fail.
func TestTheContractCatchesWhatTheDocumentDoesNotSay(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) *http.Request { return httptest.NewRequest(http.MethodGet, path, nil) }
	json := http.Header{"Content-Type": []string{"application/json"}}
	cases := []struct {
		name   string
		req    *http.Request
		body   string
		status int
		broken string // "" when the call keeps the contract
	}{
		{"a documented answer", get("/api/admin/jobs"), `{"data": {"stuck": []}}`, 200, ""},
		{"an undocumented route that answered", get("/api/not-documented"), "", 200, "is not in docs/openapi.yaml"},
		{"an unknown route refused", get("/api/not-documented"), "", 404, ""},
		{"an undocumented status", httptest.NewRequest(http.MethodPost, "/api/admin/jobs/6d1b3a0e-3f0c-4c55-9d0e-6a2f4f1c9b17/retry", nil), "", 409, "does not describe"},
		{"a status any endpoint may give", get("/api/admin/jobs"), "", 429, ""},
		{"a body that breaks the schema", get("/api/auth/cart"), `{"data": "not a cart"}`, 200, "does not describe"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := c.check(tc.req, nil, tc.status, json, []byte(tc.body))
			if tc.broken == "" && got != "" || tc.broken != "" && !strings.Contains(got, tc.broken) {
				t.Fatalf("check = %q, want %q", got, tc.broken)
			}
		})
	}
}
