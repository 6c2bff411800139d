package web

import "testing"

// A page named in routeModules that the route table does not have would never get its preloads.
func TestEveryPageGivenARouteModuleIsARoute(t *testing.T) {
	for pattern := range routeModules {
		if rt, ok := matchRoute(pattern); !ok || rt.pattern != pattern {
			t.Errorf("routeModules names %s, which is not a route", pattern)
		}
	}
}

// Likewise a page named in routeScreens would never open with its screen.
func TestEveryPageGivenAFirstScreenIsARoute(t *testing.T) {
	for pattern := range routeScreens {
		if rt, ok := matchRoute(pattern); !ok || rt.pattern != pattern {
			t.Errorf("routeScreens names %s, which is not a route", pattern)
		}
	}
}
