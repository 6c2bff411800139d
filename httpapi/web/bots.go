package web

import "regexp"

// botRe matches the user agents of search engines, link-preview fetchers, SEO crawlers and AI
// crawlers. Matching a generic "bot" would also catch phones (the CUBOT brand), so the generic rule
// asks for a version right after the word, as crawlers write it ("ExampleBot/2.1").
var botRe = regexp.MustCompile(`(?i)` +
	`googlebot|google-inspectiontool|storebot-google|adsbot-google|mediapartners-google|apis-google|feedfetcher-google|` +
	`bingbot|bingpreview|msnbot|adidxbot|duckduckbot|duckassistbot|yandex(?:bot|images|mobilebot|\.com/bots)|baiduspider|` +
	`facebookexternalhit|facebookcatalog|facebot|meta-externalagent|twitterbot|slurp|ahrefsbot|ahrefssiteaudit|semrushbot|` +
	`applebot|linkedinbot|discordbot|slackbot|telegrambot|whatsapp/|pinterest(?:bot)?/\d|redditbot|skypeuripreview|` +
	`embedly|quora link preview|vkshare|bitlybot|mj12bot|dotbot|petalbot|bytespider|gptbot|chatgpt-user|` +
	`oai-searchbot|ccbot|claudebot|claude-web|anthropic-ai|perplexitybot|amazonbot|seznambot|sogou [a-z ]*spider|exabot|` +
	`ia_archiver|archive\.org_bot|qwantify|qwantbot|yeti/|naverbot|daumoa|coccocbot|mojeekbot|dataforseobot|` +
	`screaming frog|rogerbot|blexbot|serpstatbot|barkrowler|` +
	`(?:bot|crawler|spider)/\d`)

// IsBot reports whether userAgent belongs to a crawler. Crawlers get a bare 404 for unknown pages,
// never the app's error page (spec section 2).
func IsBot(userAgent string) bool {
	return userAgent != "" && botRe.MatchString(userAgent)
}
