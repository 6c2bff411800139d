package catalogue

// VisibleToVisitors is the one rule of what the public catalogue shows: an entry that is published
// and not archived. Everything else (a draft, an archived entry) is hidden from visitors, answering
// the same "not found" as an entry that never existed, while admins and old orders still see it.
// Kinds without a publication flag (categories) are published as soon as they exist.
func VisibleToVisitors(published, archived bool) bool { return published && !archived }
