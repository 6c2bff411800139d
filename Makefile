# Mishwar. `make run` serves the site with demo data; `make test` runs every test.
# Both install or start what they need (npm packages, Chromium for browser tests, PostgreSQL).

GO        ?= go
BIN       := bin/mishwar
VERSION   := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
WEBAPP    := webapp
CHROMIUM  ?= /usr/bin/chromium

.PHONY: run build web web-deps test test-go test-web test-e2e lint bench bench-web chromium clean

run: build
	./$(BIN) serve

build: web
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/mishwar

# npm install, not npm ci: knip's parser lists a native binding for every platform as optional, and the
# registry this project installs from lacks some of them at knip's version, so the lock cannot list
# them and npm ci refuses a lock without them. --no-save keeps package.json and the lock as they are.
web-deps:
	@if [ -f $(WEBAPP)/package.json ]; then \
		cd $(WEBAPP) && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm install --no-audit --no-fund --no-save; }; \
	fi

web: web-deps
	@if [ -f $(WEBAPP)/package.json ]; then cd $(WEBAPP) && npm run build; fi

test: lint test-web test-go test-e2e

lint: web-deps
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	@if [ -f $(WEBAPP)/package.json ]; then cd $(WEBAPP) && npm run lint && npm run typecheck; fi

test-web: web-deps
	@if [ -f $(WEBAPP)/package.json ]; then cd $(WEBAPP) && npm test; fi

# The Go tests start their own throwaway PostgreSQL clusters; the live-channel tests drive the real
# socket.io-client from webapp/node_modules. internal/config runs again with -tags fakeclock and the
# cart's release test with -tags nextrelease: each checks its test build differs (docs/development.md).
# Test binaries are built first, every package at once, then run one package at a time: a package's
# tests run servers and a PostgreSQL cluster of their own, and two such packages (or one beside the
# compiler) on two cores starve each other's clusters, whose gap-safe readers then wait on transactions
# held open by starved clients (docs/development.md, "Test runs and load"). httpapi, the largest package
# (every route end to end, ~175 tests), ran past 20 minutes on a machine shared with a browser run.
test-go: web-deps
	@mkdir -p bin && $(GO) test -race -count=1 -run '^$$' ./... > bin/test-build.log 2>&1 || { cat bin/test-build.log; exit 1; }
	$(GO) test -race -count=1 -p 1 -timeout 40m ./...
	$(GO) test -count=1 -tags fakeclock ./internal/config/
	$(GO) test -count=1 -tags nextrelease -run TestTheDefaultBuildRecordsACartMoveAtVersionOne ./commands/cart/

chromium:
	@command -v $(CHROMIUM) >/dev/null 2>&1 || { \
		echo "installing Chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The second binary has a clock a test can set (MISHWAR_FAKE_NOW, build tag fakeclock; see
# docs/development.md): dispatch.mjs drives a trip on its day with it. Never ship it.
test-e2e: build chromium
	$(GO) build -tags fakeclock -trimpath -o bin/mishwar-fakeclock ./cmd/mishwar
	@if [ -f $(WEBAPP)/e2e/run.mjs ]; then cd $(WEBAPP) && MISHWAR_BIN=$(CURDIR)/$(BIN) MISHWAR_FAKECLOCK_BIN=$(CURDIR)/bin/mishwar-fakeclock CHROMIUM=$(CHROMIUM) node e2e/run.mjs; fi

# Benchmarks print their own tables (TestBenchmarkTable in each package, run only with MISHWAR_BENCH=1);
# the filter keeps the tables and drops go test's own chatter.
bench:
	@MISHWAR_BENCH=1 $(GO) test -count=1 -run 'TestBenchmarkTable' -v -timeout 30m ./eventstore/... ./projections/... ./domain/... ./commands/... ./httpapi/ ./httpapi/live/ 2>&1 \
		| grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS' -e '^ok ' -e 'no tests to run' -e 'no test files' \
		| sed -E 's/^ +[a-z_]+_test\.go:[0-9]+: //'
	@$(MAKE) --no-print-directory bench-web

# Lighthouse on the home page, a destination and checkout (webapp/scripts/lighthouse.mjs), then the
# paints a throttled browser really reports (webapp/scripts/paint-timeline.mjs). It builds nothing: it
# measures the binary already built (with the web app embedded), and skips when there is none.
# Lighthouse is fetched by npm exec on first use, never installed as a dependency of the web app.
bench-web:
	@if [ -x $(BIN) ]; then cd $(WEBAPP) && MISHWAR_BIN=$(CURDIR)/$(BIN) CHROMIUM=$(CHROMIUM) node scripts/lighthouse.mjs \
		&& MISHWAR_BIN=$(CURDIR)/$(BIN) CHROMIUM=$(CHROMIUM) node scripts/paint-timeline.mjs; \
	else echo "lighthouse: skipped, $(BIN) is not built (cd webapp && npm run build; go build -o $(BIN) ./cmd/mishwar)"; fi

clean:
	rm -rf bin $(WEBAPP)/dist/assets $(WEBAPP)/dist/index.html
