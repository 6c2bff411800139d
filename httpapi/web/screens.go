package web

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"mishwar/internal/i18n"
)

// ScreenSlots chooses the first screen of the page at r (page names it: "home", "checkout",
// "destination", "program") and gives the catalogue's text for its slots in language lang: screen is
// the variant the record needs (e.g. "destination-plain" for a destination without a category), ""
// for none (a record without a photo, one that does not exist). A slot left out or empty gets the
// screen's default, as in the app; a screen whose slot has neither is not written. An error leaves the
// page without its screen.
type ScreenSlots func(ctx context.Context, r *http.Request, page, lang string) (screen string, slots map[string]string, err error)

// screen is a page's opening block as the app's components render it (webapp/src/app/first-screens.tsx,
// rendered by the build into first-paint.json), with {{slot}} places for the catalogue's text.
type screen struct {
	HTML     string            `json:"html"`
	Defaults map[string]string `json:"defaults"`
}

// routeScreens names the first screen each page opens with, by its route's pattern (as routeModules
// names its code). A page not named opens with the site's bar alone until the app has run.
var routeScreens = map[string]string{
	"/": "home", "/checkout": "checkout", "/destination": "destination", "/program": "program", "/program/{id}": "program",
}

// screenPage names the first screen the page at path opens with ("" for none).
func screenPage(path string) string {
	rt, ok := matchRoute(path)
	if !ok {
		return ""
	}
	return routeScreens[rt.pattern]
}

var slotPattern = regexp.MustCompile(`\{\{([a-z]+)\}\}`)

// checkScreens refuses a build that lacks a page's screen in a language. A manifest without screens
// (an older build) has none.
func checkScreens(screens map[i18n.Lang]map[string]screen) error {
	if len(screens) == 0 {
		return nil
	}
	for _, l := range []i18n.Lang{i18n.En, i18n.Ar} {
		for _, name := range routeScreens {
			if _, ok := screens[l][name]; !ok {
				return fmt.Errorf("%w: %s has no %s screen %q", ErrInvalidConfig, firstPaintFile, l, name)
			}
		}
	}
	return nil
}

// screenMarkup is the opening block of the page at r in language l, its slots filled (escaped) from
// slots or the defaults; "" when the page has none.
func (fp firstPaint) screenMarkup(ctx context.Context, r *http.Request, l i18n.Lang, slots ScreenSlots) (string, error) {
	page := screenPage(r.URL.Path)
	if page == "" || len(fp.screens) == 0 {
		return "", nil
	}
	name, values := page, map[string]string(nil)
	if slots != nil {
		var err error
		if name, values, err = slots(ctx, r, page, string(l)); err != nil {
			return "", fmt.Errorf("web: the %s screen's text: %w", page, err)
		}
	}
	s, ok := fp.screens[l][name]
	if !ok {
		return "", nil
	}
	complete := true
	out := slotPattern.ReplaceAllStringFunc(s.HTML, func(m string) string {
		key := m[2 : len(m)-2]
		v := strings.TrimSpace(values[key])
		if v == "" {
			var has bool
			v, has = s.Defaults[key]
			complete = complete && has
		}
		if strings.HasSuffix(key, "url") {
			v = url.QueryEscape(v)
		}
		return html.EscapeString(v)
	})
	if !complete {
		return "", nil
	}
	return out, nil
}
