package httpapi_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
	"mishwar/httpapi/web"
	"mishwar/internal/config"
)

// crawlerShell is the built web app's index.html as far as the head goes: the server puts each page's
// head where the marker is.
const crawlerShell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Mishwar</title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-x.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

type ldReview struct {
	Type   string `json:"@type"`
	Author struct {
		Name string `json:"name"`
	} `json:"author"`
	Date   string `json:"datePublished"`
	Body   string `json:"reviewBody"`
	Lang   string `json:"inLanguage"`
	Rating struct {
		Value int `json:"ratingValue"`
	} `json:"reviewRating"`
}

type ldPage struct {
	Type       string `json:"@type"`
	Name       string `json:"name"`
	InLanguage string `json:"inLanguage"`
	Aggregate  *struct {
		Type  string  `json:"@type"`
		Value float64 `json:"ratingValue"`
		Count int     `json:"reviewCount"`
		Best  int     `json:"bestRating"`
	} `json:"aggregateRating"`
	Review []ldReview `json:"review"`
}

var ldBlock = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

// crawl fetches path as a search engine does (no JavaScript run) in lang and returns the page's one
// JSON-LD block, failing when there is not exactly one or anything breaks out of it.
func crawl(t *testing.T, h http.Handler, path, lang string) ldPage {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r.Header.Set("User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	r.AddCookie(&http.Cookie{Name: "lang", Value: lang})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	html := w.Body.String()
	if w.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", path, w.Code, html)
	}
	blocks := ldBlock.FindAllStringSubmatch(html, -1)
	if len(blocks) != 1 {
		t.Fatalf("%s in %s: %d JSON-LD blocks, want one:\n%s", path, lang, len(blocks), html)
	}
	// Nothing a review says ends the script element: the document has the shell's script, the JSON-LD
	// block and no other.
	if n, m := strings.Count(html, "<script"), strings.Count(html, "</script>"); n != 2 || m != 2 {
		t.Fatalf("%s in %s: %d script elements opened and %d closed, want 2 and 2:\n%s", path, lang, n, m, html)
	}
	var ld ldPage
	if err := json.Unmarshal([]byte(blocks[0][1]), &ld); err != nil {
		t.Fatalf("%s: JSON-LD: %v\n%s", path, err, blocks[0][1])
	}
	return ld
}

// A search engine that runs no JavaScript gets a destination's and a program's rating and newest
// approved reviews in the page's one schema.org JSON-LD block, in the page's language, with a review
// that says "</script>" kept inside it; pending reviews are not there.
func TestACrawlerGetsRatingsAndReviewsInTheServerRenderedStructuredData(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 1, 2)
	a := w.a
	admin := a.Staff(t, "admin")
	program := uuid.New()
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.Programs.Create(ctx, cat.CreateProgram{ID: program, Fields: cat.ProgramFields{
			Name: cat.Text{En: "Giza and the Museum", Ar: "الجيزة والمتحف"}, ShortDescription: cat.Text{En: "A day", Ar: "يوم"},
			DestinationIDs: w.sights, Hours: 8, Price: money.New(200000, money.EGP), Published: true,
		}}, m)
		return r.Position, err
	})

	// A traveller books the program, is driven through it and reviews it.
	u := a.SignUp(t, "")
	if r := a.Post("/api/auth/cart/program", u.Token, map[string]string{"program_id": program.String()}); r.Status != http.StatusCreated {
		t.Fatalf("add the program: %d %s", r.Status, r.Body)
	}
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points", Token: u.Token,
		Body: map[string]any{"start": map[string]string{"pickup_point_id": w.hotel.String()}, "same_end": true}}); r.Status != http.StatusOK {
		t.Fatalf("choose points: %d %s", r.Status, r.Body)
	}
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	id := placed.Data.OrderID
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	driveToCompletion(t, w, clock, u, id)
	text := `</script><script>alert(1)</script> رحلة <b>رائعة</b> & "nice"`
	if r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + id + "/review", Token: u.Token,
		Body: map[string]any{"rating": 4, "text": text}, Header: map[string]string{"Accept-Language": "ar"}}); r.Status != http.StatusCreated {
		t.Fatalf("review: %d %s", r.Status, r.Body)
	}

	h, err := web.New(web.Config{Files: fstest.MapFS{"index.html": {Data: []byte(crawlerShell)}}, PublicURL: a.URL,
		Head: a.CatalogueSEO(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	dest := "/destination?id=" + w.sights[0].String()
	if ld := crawl(t, h, dest, "en"); ld.Aggregate != nil || ld.Review != nil {
		t.Fatalf("a pending review is in the structured data: %+v", ld)
	}
	if r := a.Post("/api/admin/reviews/"+id+"/approve", admin.Token, nil); r.Status != http.StatusOK {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}

	for _, c := range []struct{ path, lang, typ, name string }{
		{dest, "en", "TouristAttraction", "Pyramids"},
		{dest, "ar", "TouristAttraction", "عربي Pyramids"},
		{"/program/" + program.String(), "en", "TouristTrip", "Giza and the Museum"},
		{"/program/" + program.String(), "ar", "TouristTrip", "الجيزة والمتحف"},
	} {
		ld := crawl(t, h, c.path, c.lang)
		if ld.Type != c.typ || ld.Name != c.name || ld.InLanguage != c.lang {
			t.Errorf("%s in %s: %s %q in %q", c.path, c.lang, ld.Type, ld.Name, ld.InLanguage)
		}
		if ld.Aggregate == nil || ld.Aggregate.Type != "AggregateRating" || ld.Aggregate.Value != 4 || ld.Aggregate.Count != 1 || ld.Aggregate.Best != 5 {
			t.Fatalf("%s in %s: rating %+v", c.path, c.lang, ld.Aggregate)
		}
		if len(ld.Review) != 1 {
			t.Fatalf("%s in %s: %d reviews, want 1", c.path, c.lang, len(ld.Review))
		}
		rv := ld.Review[0]
		if rv.Type != "Review" || rv.Body != text || rv.Author.Name != "Mona Z." || rv.Rating.Value != 4 || rv.Lang != "ar" || !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(rv.Date) {
			t.Errorf("%s in %s: review %+v", c.path, c.lang, rv)
		}
	}
}
