# The web app's performance (bench/web/run.mjs, see bench/web/README.md):
# first-load bytes, time to the first possible step, step to next paint with
# the sequence diagram closed and open, measured in headless Chromium against
# the production build; then the author page's (bench/web/author.mjs): the
# editor ready, each lesson's live check after the last keystroke against the
# quick check of the same keystroke.  Figures against targets, not a test.

bench-web: web
	@node bench/web/run.mjs
	@node bench/web/author.mjs

BENCH_TARGETS += bench-web
.PHONY: bench-web
