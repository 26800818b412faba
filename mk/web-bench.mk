# The web app's performance (bench/web/run.mjs, see bench/web/README.md):
# first-load bytes, time to the first possible step, step to next paint with
# the sequence diagram closed and open, measured in headless Chromium against
# the production build.  Figures against targets, not a test.

bench-web: web
	@node bench/web/run.mjs

BENCH_TARGETS += bench-web
.PHONY: bench-web
