# Installing what is missing, and nothing twice.  Debian packages go through
# apt-get (directly as root, through sudo otherwise); npm packages through
# `npm ci` from the committed package-lock.json.

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Debian packages each part needs (spin: bench/explore/run.mjs checks the same
# protocol with SPIN), as "command:package" (present when the
# command is on PATH) or "-:package" (present when dpkg has it installed).
APT_BUILD := emcc:emscripten clang:clang gcc:gcc node:nodejs npm:npm
APT_TEST := chromium:chromium clang-format:clang-format spin:spin -:fonts-wqy-microhei -:libclang-rt-14-dev -:libnsync-dev

define need_apt
missing=""; for pair in $(1); do what=$${pair%%:*}; pkg=$${pair##*:}; \
  if [ "$$what" = - ]; then dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q 'ok installed' \
    || missing="$$missing $$pkg"; \
  else command -v "$$what" >/dev/null || missing="$$missing $$pkg"; fi; done; \
if [ -n "$$missing" ]; then echo "installing Debian packages:$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi
endef

# node_modules is current when it is newer than the lock file.
node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

deps-build:
	@$(call need_apt,$(APT_BUILD))
	@$(MAKE) --no-print-directory node_modules/.installed

deps: deps-build
	@$(call need_apt,$(APT_TEST))

.PHONY: deps deps-build
