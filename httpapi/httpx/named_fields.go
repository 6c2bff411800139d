package httpx

import (
	"errors"
	"net/http"
	"regexp"

	"mishwar/domain"
	"mishwar/internal/i18n"
)

// listIndex is the ".N" of a field in a list ("destination_ids.2"): the list's name labels it.
var listIndex = regexp.MustCompile(`\.\d+$`)

// WriteErrorNamingFields is WriteError for a form whose field errors name their field: each message
// reads "<field name>: <message>" (i18n key fieldMessage with the two) where labels has a name for
// the field (key labels+field, a list's items under the list's name), as a person reads it beside
// the field or alone in a notice. Every other error is WriteError's.
func WriteErrorNamingFields(w http.ResponseWriter, r *http.Request, err error, labels, fieldMessage string) {
	var ve *domain.ValidationError
	if !errors.As(err, &ve) {
		WriteError(w, r, err)
		return
	}
	recordError(r, err)
	lang := Lang(r)
	body := ErrorBody{Message: i18n.T(lang, "common.validation_failed"), Errors: map[string][]string{}}
	for field, keys := range ve.Fields {
		label := labels + listIndex.ReplaceAllString(field, "")
		for _, k := range keys {
			msg := i18n.T(lang, k)
			if i18n.Has(label) {
				msg = i18n.T(lang, fieldMessage, i18n.T(lang, label), msg)
			}
			body.Errors[field] = append(body.Errors[field], msg)
		}
	}
	if len(body.Errors) == 1 {
		for _, msgs := range body.Errors {
			body.Message = msgs[0]
		}
	}
	WriteJSON(w, http.StatusUnprocessableEntity, body)
}
