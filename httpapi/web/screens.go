package web

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"

	"mishwar/internal/i18n"
)

// ScreenSlots gives the catalogue's text for a first screen's slots in language lang (e.g. the home
// page's "title" and "subtitle"); a slot it leaves out, or leaves empty, gets the screen's default,
// as in the app. An error leaves the page without its screen.
type ScreenSlots func(ctx context.Context, screen, lang string) (map[string]string, error)

// screen is a page's opening block as the app's components render it (webapp/src/app/first-screens.tsx,
// rendered by the build into first-paint.json), with {{slot}} places for the catalogue's text.
type screen struct {
	HTML     string            `json:"html"`
	Defaults map[string]string `json:"defaults"`
}

// screenPages names the first screen each page opens with. A page not named opens with the site's bar
// alone until the app has run.
var screenPages = map[string]string{"/": "home", "/checkout": "checkout"}

var slotPattern = regexp.MustCompile(`\{\{([a-z]+)\}\}`)

// checkScreens refuses a build whose screens the server could not write: a page's screen missing in
// a language, or a slot without a default. A manifest without screens (an older build) has none.
func checkScreens(screens map[i18n.Lang]map[string]screen) error {
	if len(screens) == 0 {
		return nil
	}
	for _, l := range []i18n.Lang{i18n.En, i18n.Ar} {
		for _, name := range screenPages {
			s, ok := screens[l][name]
			if !ok {
				return fmt.Errorf("%w: %s has no %s screen %q", ErrInvalidConfig, firstPaintFile, l, name)
			}
			for _, m := range slotPattern.FindAllStringSubmatch(s.HTML, -1) {
				if _, ok := s.Defaults[m[1]]; !ok {
					return fmt.Errorf("%w: %s: screen %s/%s has slot %q without a default", ErrInvalidConfig, firstPaintFile, l, name, m[1])
				}
			}
		}
	}
	return nil
}

// screenMarkup is the opening block of the page at r in language l, its slots filled (escaped) from
// slots or the defaults; "" when the page has none.
func (fp firstPaint) screenMarkup(ctx context.Context, r *http.Request, l i18n.Lang, slots ScreenSlots) (string, error) {
	name, ok := screenPages[r.URL.Path]
	if !ok {
		return "", nil
	}
	s, ok := fp.screens[l][name]
	if !ok {
		return "", nil
	}
	values := map[string]string{}
	if slots != nil && slotPattern.MatchString(s.HTML) {
		v, err := slots(ctx, name, string(l))
		if err != nil {
			return "", fmt.Errorf("web: the %s screen's text: %w", name, err)
		}
		values = v
	}
	return slotPattern.ReplaceAllStringFunc(s.HTML, func(m string) string {
		key := m[2 : len(m)-2]
		v := strings.TrimSpace(values[key])
		if v == "" {
			v = s.Defaults[key]
		}
		return html.EscapeString(v)
	}), nil
}
