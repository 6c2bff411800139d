package apptest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The API contract: every call a test makes through Do is checked against docs/openapi.yaml, so the
// document cannot drift from the code. A call breaks the contract when
//   - its path and method are not documented;
//   - its answer's status is not documented for the operation (the statuses every endpoint may give,
//     listed in the document's description, excepted, and 404 on a path with a parameter);
//   - its answer's body does not match the documented schema, where one is given;
//   - the server accepted (2xx) a request whose parameters or body the document says are invalid.
// A request the document calls invalid and the server refused (4xx) is a test of bad input: fine.

// anyEndpointMay are the statuses any endpoint may answer (docs/openapi.yaml's description says so).
var anyEndpointMay = map[int]bool{
	http.StatusBadRequest:            true, // the body could not be read
	http.StatusUnauthorized:          true, // a protected endpoint without a session
	http.StatusForbidden:             true, // the wrong role, or a cross-site request
	http.StatusRequestEntityTooLarge: true,
	http.StatusUnsupportedMediaType:  true, // a body neither JSON nor a form
	http.StatusTooManyRequests:       true,
	http.StatusServiceUnavailable:    true,
}

type contract struct {
	doc    *openapi3.T
	router routers.Router
}

var (
	contractOnce sync.Once
	theContract  *contract
	contractErr  error
)

func loadContract() (*contract, error) {
	contractOnce.Do(func() {
		path, err := findDoc()
		if err != nil {
			contractErr = err
			return
		}
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromFile(path)
		if err != nil {
			contractErr = fmt.Errorf("apptest: load %s: %w", path, err)
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			contractErr = fmt.Errorf("apptest: %s is not a valid OpenAPI document: %w", path, err)
			return
		}
		router, err := gorillamux.NewRouter(doc)
		if err != nil {
			contractErr = fmt.Errorf("apptest: route %s: %w", path, err)
			return
		}
		theContract = &contract{doc: doc, router: router}
	})
	return theContract, contractErr
}

// findDoc finds docs/openapi.yaml from the test's directory upwards (tests run in their package's).
func findDoc() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "docs", "openapi.yaml")
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("apptest: no go.mod above the test's directory")
		}
		dir = parent
	}
}

// check returns what the call breaks in the contract ("" when nothing).
func (c *contract) check(req *http.Request, reqBody []byte, status int, header http.Header, body []byte) string {
	if !strings.HasPrefix(req.URL.Path, "/api/") {
		return ""
	}
	call := req.Method + " " + req.URL.Path
	// The router matches on the URL as the server saw it.
	probe := req.Clone(context.Background())
	probe.Body = io.NopCloser(bytes.NewReader(reqBody))
	probe.URL.Scheme, probe.URL.Host = "", ""
	route, params, err := c.router.FindRoute(probe)
	if err != nil {
		if status == http.StatusNotFound || status == http.StatusMethodNotAllowed || anyEndpointMay[status] {
			return "" // a test of an unknown route (refused before routing, or not found)
		}
		return fmt.Sprintf("%s (answered %d) is not in docs/openapi.yaml: %v", call, status, err)
	}
	opts := &openapi3filter.Options{
		AuthenticationFunc:    openapi3filter.NoopAuthenticationFunc,
		IncludeResponseStatus: true,
		MultiError:            true,
	}
	in := &openapi3filter.RequestValidationInput{Request: probe, PathParams: params, Route: route, Options: opts}
	if status < 300 {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			return fmt.Sprintf("%s was accepted (%d) but docs/openapi.yaml calls the request invalid: %v", call, status, err)
		}
	}
	undocumentedIsFine := anyEndpointMay[status] || (status == http.StatusNotFound && len(params) > 0)
	if undocumentedIsFine && route.Operation.Responses.Status(status) == nil {
		return ""
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header, Options: opts}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		return fmt.Sprintf("%s answered %d, which docs/openapi.yaml does not describe: %v", call, status, err)
	}
	return ""
}
