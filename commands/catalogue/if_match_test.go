package catalogue_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/google/uuid"

	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

func category(name string) cat.CategoryFields {
	return cat.CategoryFields{Slug: "sights", Name: cat.Text{En: name, Ar: "معالم " + name}, Description: cat.Text{En: "Places to see.", Ar: "أماكن للزيارة."}}
}

// newCategory creates a category and returns its id and version.
func newCategory(t *testing.T, h *catcmd.Handlers) (uuid.UUID, int64) {
	t.Helper()
	id := uuid.New()
	res, err := h.Categories.Create(context.Background(), cat.Create[cat.CategoryFields]{ID: id, Fields: category("Sights")}, commands.NewMeta(admin))
	if err != nil {
		t.Fatal(err)
	}
	return id, res.Version
}

func categoryNow(t *testing.T, h *catcmd.Handlers, id uuid.UUID) (cat.CategoryFields, int64) {
	t.Helper()
	state, hist, err := h.Categories.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return state.Fields, hist.Version
}

// Two admins edit one category from forms loaded at the same version, at the same time, in one
// process or in two. One edit lands; the other is refused as stale (409); neither is overwritten.
func TestTwoConcurrentEditsAtOneVersionOneWinsTheOtherIsRefused(t *testing.T) {
	for _, processes := range []int{1, 2} {
		t.Run(fmt.Sprintf("%d processes", processes), func(t *testing.T) {
			e := newEnv(t)
			apps := []catcmd.Application{catcmd.NewApplication(catcmd.Config{Handlers: e.handlers})}
			if processes == 2 {
				other := commands.NewRunner(e.store, e.runner.Registry)
				apps = append(apps, catcmd.NewApplication(catcmd.Config{Handlers: catcmd.New(other)}))
			}
			id, version := newCategory(t, e.handlers)
			names := []string{"Edited by Mona", "Edited by Karim"}
			errs := make([]error, 2)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i, name := range names {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					app := apps[i%len(apps)]
					_, errs[i] = app.Commands.Categories.Update.Handle(context.Background(),
						catcmd.UpdateEntity[cat.CategoryFields]{ID: id, Fields: category(name), ExpectedVersion: &version}, commands.NewMeta(admin))
				}()
			}
			close(start)
			wg.Wait()

			winner := -1
			for i, err := range errs {
				switch {
				case err == nil:
					if winner >= 0 {
						t.Fatalf("both edits at version %d landed: the second overwrote the first", version)
					}
					winner = i
				case domain.KindOf(err) == domain.KindConflict &&
					(errors.Is(err, catcmd.ErrStaleVersion) || errors.Is(err, commands.ErrConcurrentChange)):
				default:
					t.Fatalf("edit %d: %v, want success or a conflict (409)", i, err)
				}
			}
			if winner < 0 {
				t.Fatalf("neither edit landed: %v", errs)
			}
			fields, now := categoryNow(t, e.handlers, id)
			if fields.Name.En != names[winner] || now != version+1 {
				t.Fatalf("category is %q at version %d; want the winner's %q at %d", fields.Name.En, now, names[winner], version+1)
			}
		})
	}
}

// editsBetween performs another admin's edit (through another process) right after the first read
// of stream, so it lands between an edit's If-Match check and its append.
type editsBetween struct {
	eventstore.Store
	stream string
	edit   func()
	once   sync.Once
}

func (s *editsBetween) ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	recs, err := s.Store.ReadStream(ctx, stream, from)
	if stream == s.stream {
		s.once.Do(s.edit)
	}
	return recs, err
}

func TestAnEditLandingAfterTheIfMatchCheckRefusesTheStaleOne(t *testing.T) {
	e := newEnv(t)
	id, version := newCategory(t, e.handlers)
	other := catcmd.New(commands.NewRunner(e.store, e.runner.Registry))
	racing := &editsBetween{Store: e.store, stream: "category-" + id.String(), edit: func() {
		if _, err := other.Categories.Update(context.Background(), cat.Update[cat.CategoryFields]{ID: id, Fields: category("Edited by Karim")}, commands.NewMeta(admin)); err != nil {
			t.Error(err)
		}
	}}
	runner := commands.NewRunner(racing, e.runner.Registry)
	app := catcmd.NewApplication(catcmd.Config{Handlers: catcmd.New(runner)})
	_, err := app.Commands.Categories.Update.Handle(context.Background(),
		catcmd.UpdateEntity[cat.CategoryFields]{ID: id, Fields: category("Edited by Mona"), ExpectedVersion: &version}, commands.NewMeta(admin))
	if !errors.Is(err, catcmd.ErrStaleVersion) {
		t.Fatalf("the stale edit: %v, want ErrStaleVersion", err)
	}
	if fields, now := categoryNow(t, e.handlers, id); fields.Name.En != "Edited by Karim" || now != version+1 {
		t.Fatalf("category is %q at version %d; Karim's edit was overwritten", fields.Name.En, now)
	}
}
