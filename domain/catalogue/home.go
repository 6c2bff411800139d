package catalogue

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/money"
)

// HomeContent is the editable text of the public pages: the home page blocks, about and contact,
// terms and privacy. There is one of it (stream "homecontent-site").
type HomeContent struct {
	Hero        Hero        `json:"hero"`
	FAQ         []FAQItem   `json:"faq"`
	WhatsApp    string      `json:"whatsapp"`
	FullDayRide FullDayRide `json:"full_day_ride"`
	About       Text        `json:"about"`
	Contact     Contact     `json:"contact"`
	Terms       Text        `json:"terms"`
	Privacy     Text        `json:"privacy"`
}

// Hero is the first block of the home page.
type Hero struct {
	Title    Text   `json:"title"`
	Subtitle Text   `json:"subtitle"`
	Image    string `json:"image"`
}

// FAQItem is one question and its answer.
type FAQItem struct {
	Question Text `json:"question"`
	Answer   Text `json:"answer"`
}

// FullDayRide is the home page's offer of a car and driver for a whole day.
type FullDayRide struct {
	Title       Text        `json:"title"`
	Description Text        `json:"description"`
	Hours       int         `json:"hours"`
	Price       money.Money `json:"price"`
	// ProgramID links the block to the program travellers book it through (optional).
	ProgramID uuid.UUID `json:"program_id"`
}

// Contact is how to reach the office.
type Contact struct {
	Phone   string `json:"phone"`
	Email   string `json:"email"`
	Address Text   `json:"address"`
}

const maxFAQ = 40

// Normalized trims every text.
func (h HomeContent) Normalized() HomeContent {
	h.Hero.Title, h.Hero.Subtitle = h.Hero.Title.trimmed(), h.Hero.Subtitle.trimmed()
	faq := make([]FAQItem, 0, len(h.FAQ))
	for _, q := range h.FAQ {
		q.Question, q.Answer = q.Question.trimmed(), q.Answer.trimmed()
		if q.Question.IsZero() && q.Answer.IsZero() {
			continue
		}
		faq = append(faq, q)
	}
	h.FAQ = faq
	h.WhatsApp = normalizedPhone(h.WhatsApp)
	h.FullDayRide.Title, h.FullDayRide.Description = h.FullDayRide.Title.trimmed(), h.FullDayRide.Description.trimmed()
	h.About, h.Terms, h.Privacy = h.About.trimmed(), h.Terms.trimmed(), h.Privacy.trimmed()
	h.Contact.Phone = normalizedPhone(h.Contact.Phone)
	h.Contact.Email = strings.TrimSpace(h.Contact.Email)
	h.Contact.Address = h.Contact.Address.trimmed()
	return h
}

// Validate checks the rules of the home content.
func (h HomeContent) Validate() error {
	var c validator
	c.text("hero.title", h.Hero.Title, true, maxName)
	c.text("hero.subtitle", h.Hero.Subtitle, false, maxShort)
	if h.Hero.Image != "" {
		c.photos("hero.image", []string{h.Hero.Image})
	}
	if len(h.FAQ) > maxFAQ {
		c.add("faq", keyTooMany)
	}
	for i, q := range h.FAQ {
		c.text(fmt.Sprintf("faq.%d.question", i), q.Question, true, maxShort)
		c.text(fmt.Sprintf("faq.%d.answer", i), q.Answer, true, maxLong/4)
	}
	c.phone("whatsapp", h.WhatsApp, false)
	c.text("full_day_ride.title", h.FullDayRide.Title, false, maxName)
	c.text("full_day_ride.description", h.FullDayRide.Description, false, maxShort*2)
	c.intRange("full_day_ride.hours", h.FullDayRide.Hours, 0, 24)
	if h.FullDayRide.Price != (money.Money{}) {
		c.egp("full_day_ride.price", h.FullDayRide.Price, true)
	}
	c.text("about", h.About, false, maxLong)
	c.phone("contact.phone", h.Contact.Phone, false)
	c.email("contact.email", h.Contact.Email)
	c.text("contact.address", h.Contact.Address, false, maxAddress)
	c.text("terms", h.Terms, false, maxLegal)
	c.text("privacy", h.Privacy, false, maxLegal)
	return c.err()
}

// UpdateHomeContent replaces the home content.
type UpdateHomeContent struct {
	Content HomeContent
}

// HomeContentUpdated records the new home content and which top-level blocks changed.
type HomeContentUpdated struct {
	Content HomeContent `json:"content"`
	Changed []string    `json:"changed"`
}

// HomeState is the current home content; Set is false until the first update.
type HomeState struct {
	Set     bool
	Content HomeContent
}

// Home is the home content's decider. Its only command is UpdateHomeContent.
var Home = domain.Decider[HomeState, UpdateHomeContent, HomeContentUpdated]{
	Initial: func() HomeState { return HomeState{} },
	Decide: func(s HomeState, c UpdateHomeContent, _ time.Time) ([]HomeContentUpdated, error) {
		content := c.Content.Normalized()
		if err := content.Validate(); err != nil {
			return nil, err
		}
		changed := ChangedFields(s.Content, content)
		if s.Set && len(changed) == 0 {
			return nil, nil
		}
		if !s.Set {
			changed = allFields(content)
		}
		return []HomeContentUpdated{{Content: content, Changed: changed}}, nil
	},
	Evolve: func(_ HomeState, e HomeContentUpdated) HomeState { return HomeState{Set: true, Content: e.Content} },
}

func allFields(v any) []string {
	t := reflect.TypeOf(v)
	out := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		out = append(out, jsonName(t.Field(i)))
	}
	return out
}
