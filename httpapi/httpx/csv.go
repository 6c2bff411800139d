package httpx

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"mishwar/internal/i18n"
)

// WantsCSV reports whether the request asks for CSV: ?format=csv, or (without a format) an Accept
// header naming text/csv.
func WantsCSV(r *http.Request) bool {
	if f := r.URL.Query().Get("format"); f != "" {
		return strings.EqualFold(f, "csv")
	}
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		if mt, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && mt == "text/csv" {
			return true
		}
	}
	return false
}

// WriteCSV answers 200 with a spreadsheet's download named filename: a heading row, the headings being
// i18n keys said in the request's language, then rows. RFC 4180 with CRLF, UTF-8 with a byte order mark
// so spreadsheets read Arabic right, and every cell a spreadsheet would take for a formula made text
// (SafeCell).
func WriteCSV(w http.ResponseWriter, r *http.Request, filename string, headings []string, rows [][]string) {
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	cw := csv.NewWriter(&buf)
	cw.UseCRLF = true
	head := make([]string, len(headings))
	for i, key := range headings {
		head[i] = SafeCell(i18n.T(Lang(r), key))
	}
	_ = cw.Write(head)
	for _, row := range rows {
		safe := make([]string, len(row))
		for i, cell := range row {
			safe[i] = SafeCell(cell)
		}
		_ = cw.Write(safe)
	}
	cw.Flush()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, filename))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// SafeCell puts an apostrophe before a cell a spreadsheet would run as a formula (= + - @, and a
// leading tab or carriage return that hides one).
func SafeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
