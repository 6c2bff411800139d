package web

import "strings"

// route is one screen of the app (spec section 2, plus the sign-in pages the spec only implies).
type route struct {
	pattern string // segments in braces match any one segment, e.g. /program/{id}
	titleEn string
	titleAr string
	// public pages are listed in the sitemap and may be indexed; the others get noindex.
	public bool
	// notFound marks the app's own error page (/404): it answers 404 like any unknown path.
	notFound bool
}

const (
	adminEn   = "Admin"
	adminAr   = "الإدارة"
	accountEn = "My account"
	accountAr = "حسابي"
)

// routes is the server's copy of the app's route table (webapp/src/app/router.tsx). A path listed
// here answers 200 with the app; any other path answers 404. webapp/src/app/server-routes.test.ts
// fails when the two differ, so add a route to both at once.
var routes = []route{
	{pattern: "/", public: true},
	{pattern: "/about", titleEn: "About us and contact", titleAr: "من نحن وتواصل معنا", public: true},
	{pattern: "/rates", titleEn: "Rates and enquiries", titleAr: "الأسعار والاستفسارات", public: true},
	{pattern: "/start", titleEn: "Start your trip", titleAr: "ابدأ رحلتك", public: true},
	{pattern: "/terms", titleEn: "Terms and conditions", titleAr: "الشروط والأحكام", public: true},
	{pattern: "/privacy", titleEn: "Privacy policy", titleAr: "سياسة الخصوصية", public: true},
	{pattern: "/points", titleEn: "Pickup points", titleAr: "نقاط الالتقاء", public: true},
	{pattern: "/program", titleEn: "Program", titleAr: "البرنامج"},
	{pattern: "/program/{id}", titleEn: "Program", titleAr: "البرنامج"},
	{pattern: "/programs", titleEn: "Programs", titleAr: "البرامج", public: true},
	{pattern: "/payments", titleEn: "Payment", titleAr: "الدفع"},
	{pattern: "/payments/{id}", titleEn: "Payment", titleAr: "الدفع"},
	// The guest's link from the enquiry e-mail: private (it carries a key), so never indexed.
	{pattern: "/enquiry/{id}", titleEn: "Your enquiry", titleAr: "استفسارك"},
	{pattern: "/checkout", titleEn: "Checkout", titleAr: "إتمام الحجز"},
	{pattern: "/categories", titleEn: "Destination categories", titleAr: "فئات الوجهات", public: true},
	{pattern: "/tripstatus", titleEn: "Trip status", titleAr: "حالة الرحلة", public: true},
	{pattern: "/destination", titleEn: "Destination", titleAr: "الوجهة"},
	{pattern: "/destinations", titleEn: "Destinations in Cairo", titleAr: "وجهات في القاهرة", public: true},
	{pattern: "/destinations/trip", titleEn: "Your trip", titleAr: "رحلتك"},
	{pattern: "/404", notFound: true},

	{pattern: "/signin", titleEn: "Sign in", titleAr: "تسجيل الدخول"},
	{pattern: "/signup", titleEn: "Create an account", titleAr: "إنشاء حساب"},
	{pattern: "/forgot-password", titleEn: "Forgot password", titleAr: "نسيت كلمة المرور"},
	{pattern: "/reset-password", titleEn: "Choose a new password", titleAr: "اختر كلمة مرور جديدة"},

	{pattern: "/account", titleEn: accountEn, titleAr: accountAr},
	{pattern: "/account/order/{id}", titleEn: "Order details", titleAr: "تفاصيل الطلب"},
	{pattern: "/account/order/{id}/cancel", titleEn: "Cancel order", titleAr: "إلغاء الطلب"},
	{pattern: "/account/order/{id}/refund", titleEn: "Request a refund", titleAr: "طلب استرداد"},
	{pattern: "/account/order/{id}/exchange", titleEn: "Change order", titleAr: "تعديل الطلب"},
	{pattern: "/driver", titleEn: "My trips", titleAr: "رحلاتي"},

	{pattern: "/admin", titleEn: adminEn, titleAr: adminAr}, // the app sends it on to /admin/dashboard
	{pattern: "/admin/login", titleEn: "Admin sign in", titleAr: "دخول الإدارة"},
	{pattern: "/admin/password-reset", titleEn: "Admin password reset", titleAr: "إعادة تعيين كلمة مرور الإدارة"},
	{pattern: "/admin/dashboard", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/home", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/home/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/rate", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/rate/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/rate/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/offer", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/offer/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/offer/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/trip", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/manifest", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/planner", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/driver", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/driver/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/driver/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/country", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/pickup-point", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/pickup-point/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/pickup-point/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/country/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/country/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/category", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/category/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/category/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/destination", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/destination/edit", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/destination/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/programes", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/programes/create", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/purchase_order", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/process-steps", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/mailbox", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/mailbox/{id}", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/reviews", titleEn: adminEn, titleAr: adminAr},
	{pattern: "/admin/support", titleEn: adminEn, titleAr: adminAr},
}

// leftovers are the old route table's odd routes, kept as permanent redirects (DESIGN.md).
var leftovers = map[string]string{
	"/productss":           "/programs",
	"/mapppp":              "/points",
	"/about/stable":        "/about",
	"/checkout/stable":     "/checkout",
	"/destinations/stable": "/destinations",
	"/create":              "/signup",
	"/test":                "/",
	"/admin/home/bla bla":  "/admin/home",
}

// Routes lists the patterns of every route the app answers with 200 ({id} stands for one path
// segment), for tests that walk the whole app.
func Routes() []string {
	out := make([]string, 0, len(routes))
	for _, rt := range routes {
		if !rt.notFound {
			out = append(out, rt.pattern)
		}
	}
	return out
}

// Redirects lists the leftover routes and where they lead.
func Redirects() map[string]string {
	out := make(map[string]string, len(leftovers))
	for from, to := range leftovers {
		out[from] = to
	}
	return out
}

func leftoverTarget(p string) (string, bool) {
	if to, ok := leftovers[p]; ok {
		return to, true
	}
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		to, ok := leftovers[strings.TrimRight(p, "/")]
		return to, ok
	}
	return "", false
}

func matchRoute(p string) (route, bool) {
	for _, rt := range routes {
		if patternMatches(rt.pattern, p) {
			return rt, true
		}
	}
	return route{}, false
}

func patternMatches(pattern, p string) bool {
	if !strings.Contains(pattern, "{") {
		return pattern == p
	}
	ps := strings.Split(pattern, "/")
	xs := strings.Split(p, "/")
	if len(ps) != len(xs) {
		return false
	}
	for i := range ps {
		if strings.HasPrefix(ps[i], "{") {
			if xs[i] == "" {
				return false
			}
			continue
		}
		if ps[i] != xs[i] {
			return false
		}
	}
	return true
}
