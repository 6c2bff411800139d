package mail

import (
	"bytes"
	"html/template"
	"strings"

	"mishwar/internal/i18n"
)

// Content is what a feature wants to say; Compose lays it out as text and HTML in one house style.
// Every string must already be in the recipient's language.
type Content struct {
	Subject    string
	Heading    string
	Greeting   string
	Paragraphs []string
	// Action is the one button of the mail (a reset link, "view your order"); optional.
	Action *Action
	// After are paragraphs below the button (e.g. "If you did not ask for this, ignore this e-mail").
	After []string
}

// Action is a link shown as a button in HTML and as a bare URL in text.
type Action struct {
	Label string
	URL   string
}

// Compose returns a message to to (name toName) in lang with c laid out as multipart text + HTML. The
// HTML sets lang and dir, so Arabic reads right to left.
func Compose(lang i18n.Lang, to, toName string, c Content) Message {
	return Message{To: to, ToName: toName, Lang: string(lang), Subject: c.Subject, Text: renderText(lang, c), HTML: renderHTML(lang, c)}
}

func renderText(lang i18n.Lang, c Content) string {
	var b strings.Builder
	if c.Greeting != "" {
		b.WriteString(c.Greeting + "\n\n")
	}
	for _, p := range c.Paragraphs {
		b.WriteString(p + "\n\n")
	}
	if c.Action != nil {
		b.WriteString(c.Action.Label + ":\n" + c.Action.URL + "\n\n")
	}
	for _, p := range c.After {
		b.WriteString(p + "\n\n")
	}
	b.WriteString("-- \n" + i18n.T(lang, "mail.signature") + "\n")
	return b.String()
}

// lines splits a paragraph at its line breaks (a traveller's comments written on several lines):
// the layout joins them with <br>, each line escaped as any text is.
func lines(p string) []string {
	return strings.Split(strings.ReplaceAll(p, "\r\n", "\n"), "\n")
}

var htmlLayout = template.Must(template.New("mail").Funcs(template.FuncMap{"lines": lines}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}" dir="{{.Dir}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.C.Subject}}</title></head>
<body style="margin:0;padding:0;background:#f5f1ea;font-family:Arial,Helvetica,sans-serif;color:#2b2118;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f1ea;padding:24px 0;">
<tr><td align="center" style="padding:0 8px;">
{{.OutlookOpen}}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border-radius:8px;padding:24px;text-align:{{.Align}};">
<tr><td style="font-size:22px;font-weight:bold;color:#b4532a;padding-bottom:16px;">Mishwar</td></tr>
{{if .C.Heading}}<tr><td style="font-size:20px;font-weight:bold;padding-bottom:12px;">{{.C.Heading}}</td></tr>{{end}}
{{if .C.Greeting}}<tr><td style="font-size:15px;line-height:1.6;padding-bottom:12px;">{{.C.Greeting}}</td></tr>{{end}}
{{range .C.Paragraphs}}<tr><td style="font-size:15px;line-height:1.6;padding-bottom:12px;">{{range $i, $line := lines .}}{{if $i}}<br>{{end}}{{$line}}{{end}}</td></tr>{{end}}
{{with .C.Action}}<tr><td style="padding:12px 0 20px;"><a href="{{.URL}}" style="display:inline-block;background:#b4532a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:6px;">{{.Label}}</a></td></tr>
<tr><td style="font-size:12px;line-height:1.5;color:#6b5e52;padding-bottom:12px;word-break:break-all;">{{.URL}}</td></tr>{{end}}
{{range .C.After}}<tr><td style="font-size:13px;line-height:1.6;color:#6b5e52;padding-bottom:12px;">{{.}}</td></tr>{{end}}
<tr><td style="font-size:13px;color:#6b5e52;padding-top:12px;border-top:1px solid #eee2d3;">{{.Signature}}</td></tr>
</table>
{{.OutlookClose}}
</td></tr>
</table>
</body>
</html>
`))

// The card is fluid (width 100%, at most 560 px), so it fits a 360 px phone. Outlook on Windows
// ignores max-width and would stretch it across the window: its conditional comments hold it in a
// fixed 560 px table that every other client skips. (html/template drops comments written in the
// template itself, so they are passed in as HTML.)
const (
	outlookOpen  = template.HTML(`<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0"><tr><td><![endif]-->`)
	outlookClose = template.HTML(`<!--[if mso]></td></tr></table><![endif]-->`)
)

func renderHTML(lang i18n.Lang, c Content) string {
	dir, align := "ltr", "left"
	if lang == i18n.Ar {
		dir, align = "rtl", "right"
	}
	var b bytes.Buffer
	err := htmlLayout.Execute(&b, struct {
		Lang, Dir, Align, Signature string
		OutlookOpen, OutlookClose   template.HTML
		C                           Content
	}{string(lang), dir, align, i18n.T(lang, "mail.signature"), outlookOpen, outlookClose, c})
	if err != nil {
		// The template is fixed and its data are strings: a failure here is a programming error.
		panic("mail: render: " + err.Error())
	}
	return b.String()
}
