package catalogue

// CategoryFields describe a group of destinations (Pharaonic, Islamic Cairo, ...).
type CategoryFields struct {
	Slug         string `json:"slug"`
	Name         Text   `json:"name"`
	Description  Text   `json:"description"`
	Photo        string `json:"photo"`
	DisplayOrder int    `json:"display_order"`
}

// Normalized trims the texts and derives a missing slug from the English name.
func (f CategoryFields) Normalized() CategoryFields {
	f.Name, f.Description = f.Name.trimmed(), f.Description.trimmed()
	if f.Slug == "" {
		f.Slug = Slugify(f.Name.En)
	}
	return f
}

// Validate checks the rules of a category.
func (f CategoryFields) Validate() error {
	var c validator
	c.slug("slug", f.Slug)
	c.text("name", f.Name, true, maxName)
	c.text("description", f.Description, false, maxShort*3)
	if f.Photo != "" {
		c.photos("photo", []string{f.Photo})
	}
	c.intRange("display_order", f.DisplayOrder, 0, maxDisplayRank)
	return c.err()
}

var (
	CategoryRefusals    = refusalsFor("category")
	Category            = NewEntityDecider[CategoryFields](CategoryRefusals)
	ErrCategoryNotFound = CategoryRefusals.NotFound
)

type (
	CategoryState    = State[CategoryFields]
	CategoryCommand  = Command[CategoryFields]
	CategoryEvent    = Event[CategoryFields]
	CreateCategory   = Create[CategoryFields]
	UpdateCategory   = Update[CategoryFields]
	ArchiveCategory  = Archive[CategoryFields]
	RestoreCategory  = Restore[CategoryFields]
	CategoryCreated  = Created[CategoryFields]
	CategoryUpdated  = Updated[CategoryFields]
	CategoryArchived = Archived[CategoryFields]
	CategoryRestored = Restored[CategoryFields]
)
