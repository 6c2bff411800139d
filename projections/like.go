package projections

import "strings"

var likeEscapes = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// ContainsPattern is the LIKE (or ILIKE) pattern that matches text holding s anywhere, s taken
// literally: a searcher's "%" or "_" is a character to find, not a wildcard that matches every row.
func ContainsPattern(s string) string {
	return "%" + likeEscapes.Replace(s) + "%"
}
