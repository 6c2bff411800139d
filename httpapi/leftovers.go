package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/domain"
)

// Helpers the features still in this package share (catalogue administration, orders). They go with
// the last of those features when it moves into a package of its own.

var errBadID = domain.NotFound("common.not_found")

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(mux.Vars(r)[name])
	if err != nil {
		return uuid.Nil, errBadID
	}
	return id, nil
}

// flexBool reads true/false from JSON booleans and from form strings ("true", "1", "on").
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case bool:
		*b = flexBool(x)
	case string:
		*b = flexBool(x == "1" || strings.EqualFold(x, "true") || strings.EqualFold(x, "on"))
	case float64:
		*b = x != 0
	}
	return nil
}
