package catalogue

import (
	"encoding/json"
	"math"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// Objects carry every bilingual text as {"en","ar"}; a request that names its language explicitly
// (the lang header or ?lang=) gets plain strings in that language.

// writeCatalogue answers 200 with v, flattened to one language when the request asked for one, and
// lets shared caches keep public catalogue answers briefly.
func writeCatalogue(w http.ResponseWriter, r *http.Request, v any) {
	if lang, ok := explicitLang(r); ok {
		flat, err := flattenLang(v, lang)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		v = flat
	}
	w.Header().Set("Cache-Control", "public, max-age=30")
	w.Header().Add("Vary", "lang, Accept-Language")
	httpx.WriteCacheableJSON(w, r, v)
}

func explicitLang(r *http.Request) (string, bool) {
	v := r.URL.Query().Get("lang")
	if v == "" {
		v = r.Header.Get("lang")
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "ar":
		return "ar", true
	case "en":
		return "en", true
	}
	return "", false
}

// flattenLang replaces every {"en": "...", "ar": "..."} object in v's JSON by the string in lang
// (Arabic falling back to English when empty).
func flattenLang(v any, lang string) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return nil, err
	}
	var walk func(any) any
	walk = func(n any) any {
		switch n := n.(type) {
		case map[string]any:
			if len(n) == 2 {
				en, okEn := n["en"].(string)
				ar, okAr := n["ar"].(string)
				if okEn && okAr {
					return cat.Text{En: en, Ar: ar}.In(lang)
				}
			}
			for k, c := range n {
				n[k] = walk(c)
			}
			return n
		case []any:
			for i, c := range n {
				n[i] = walk(c)
			}
			return n
		}
		return n
	}
	return walk(tree), nil
}

// photoJSON is a photo at its two sizes: the list card and the detail page.
type photoJSON struct {
	URL   string `json:"url"`
	Thumb string `json:"thumb"`
}

func photosJSON(urls []string) []photoJSON {
	out := make([]photoJSON, 0, len(urls))
	for _, u := range urls {
		out = append(out, photoJSON{URL: u, Thumb: ThumbURL(u)})
	}
	return out
}

// ThumbURL is the list-size variant of a photo: uploads are stored at both sizes; anything else
// (generated artwork, absolute URLs) has one size.
func ThumbURL(u string) string {
	if strings.HasPrefix(u, UploadsPrefix) && strings.Contains(u, "-detail.") {
		return strings.Replace(u, "-detail.", "-list.", 1)
	}
	return u
}

// DestinationPath, ProgramPath and CategoryPath are the web app's pages for catalogue items.
func DestinationPath(slug string) string { return "/destination?id=" + slug }
func ProgramPath(slug string) string     { return "/program/" + slug }
func CategoryPath(slug string) string    { return "/categories?category=" + slug }

func queryInt(r *http.Request, name string, def int) (int, error) {
	return httpx.QueryInt(r, name, def, 0, math.MaxInt, "catalogue.invalid_count")
}

// errBadID: a malformed id names nothing, like an unknown one.
var errBadID = domain.NotFound("common.not_found")

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(mux.Vars(r)[name])
	if err != nil {
		return uuid.Nil, errBadID
	}
	return id, nil
}

func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

func messageFor(r *http.Request, key string) string { return i18n.T(httpx.Lang(r), key) }
