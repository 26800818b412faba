# Every engine's native test suites, by one rule: the engines on real threads
# (the native backend), plain and under sanitizers.  Nothing here names an
# engine; each core/engines/<e>/engine.mk says what its suites are:
#
#   <e>_NATIVE_SUITES := c-<name> ...   the suites (run by make test-engine-<e>)
#   c-<name>_DIR    := tests/c/<folder> their test files
#   c-<name>_BUILDS := gcc clang-tsan   the builds, each run: gcc, clang,
#                                       clang-tsan (ThreadSanitizer), clang-asan
#                                       (AddressSanitizer + UBSan)
# and, only where needed:
#   c-<name>_EACH := yes   each test_*.c is a program of its own (it has its own
#                          main()); otherwise every .c of the folder links into
#                          one program, in which one file defines CHECK_MAIN
#                          (tests/c/check.h)
#   c-<name>_LIB := files  what the tests link instead of the engine's own .c
#                          files (the native backend is always linked)
#   c-<name>_PORT := yes   link the native rtos port and executor (tasks one at
#                          a time on threads, fibers; -DPLAT_NATIVE_RTOS)
#
#   make test-c-<name>   builds and runs them; the runs' "N passed, N failed"
#                        lines added up in $(RESULTS)/c-<name> (tests/c/run-suite
#                        counts a crash or a sanitizer report as a failure)
#
# Binaries and logs are in $(B)/native-tests/c-<name>/.  A new engine's suite
# is its engine.mk lines and its test folder: no line here.

NATIVE_TESTS := $(B)/native-tests
NATIVE_TEST_FLAGS := -DPLAT_NATIVE -pthread -Icore -Itests/c

# How each build compiles.
NATIVE_BUILD_gcc := $(CC) $(CWARN) $(COPT)
NATIVE_BUILD_clang := $(CLANG) $(CWARN) $(COPT)
NATIVE_BUILD_clang-tsan := $(CLANG) $(CWARN) -O1 -g -fsanitize=thread
NATIVE_BUILD_clang-asan := $(CLANG) $(CWARN) -O1 -g -fno-omit-frame-pointer \
                           -fsanitize=address,undefined -fno-sanitize-recover=all

# $(1): the suite, $(2): its engine.
define native_suite
$(1)_SRC := $$(sort $$(wildcard $$($(1)_DIR)/*.c))
$(1)_LINK := $$(if $$($(1)_LIB),$$($(1)_LIB),$$(sort $$(wildcard core/engines/$(2)/*.c))) \
             $$(NATIVE_PLAT_SRC) $$(if $$($(1)_PORT),$$(NATIVE_PORT_SRC))
$(1)_CFLAGS := $$(NATIVE_TEST_FLAGS) $$(if $$($(1)_PORT),-DPLAT_NATIVE_RTOS)
$(1)_DEPS := $$($(1)_LINK) $$(wildcard $$($(1)_DIR)/*.h tests/c/*.h tests/c/*/*.h) $$(CORE_HDR)
# The programs: one per test_*.c (named after it), or the folder as one.
$(1)_PROGRAMS := $$(if $$($(1)_EACH),$$(patsubst test_%.c,%,$$(filter test_%.c,$$(notdir $$($(1)_SRC)))),all)
$(1)_RUNS := $$(foreach p,$$($(1)_PROGRAMS),$$(foreach b,$$($(1)_BUILDS),$$(if $$($(1)_EACH),$$(p)-)$$(b)))

$$(if $$($(1)_DIR),,$$(error $(1) (in $(2)_NATIVE_SUITES): $(1)_DIR is not set in core/engines/$(2)/engine.mk))
$$(if $$($(1)_SRC),,$$(error $(1): no test files in $$($(1)_DIR)))
$$(if $$(filter-out gcc clang clang-tsan clang-asan,$$($(1)_BUILDS))$$(if $$($(1)_BUILDS),,none),$$(error \
  $(1)_BUILDS must name some of gcc clang clang-tsan clang-asan))

test-$(1): $$(addprefix $(NATIVE_TESTS)/$(1)/,$$($(1)_RUNS))
	@tests/c/run-suite $(RESULTS)/$(1) $(NATIVE_TESTS)/$(1)/logs \
	  $$(foreach r,$$($(1)_RUNS),$$(r)=$(NATIVE_TESTS)/$(1)/$$(r))

TEST_SUITES += $(1)
.PHONY: test-$(1)
endef

# One build of one program: $(1) the suite, $(2) the program, $(3) the build.
define native_run
$(NATIVE_TESTS)/$(1)/$(if $($(1)_EACH),$(2)-)$(3): $$($(1)_SRC) $$($(1)_DEPS)
	@mkdir -p $$(@D)
	$$(NATIVE_BUILD_$(3)) $$($(1)_CFLAGS) -o $$@ \
	  $(if $($(1)_EACH),$($(1)_DIR)/test_$(2).c $(foreach f,$($(1)_SRC),$(if $(filter test_%,$(notdir $(f))),,$(f))),$($(1)_SRC)) $$($(1)_LINK)
endef

NATIVE_SUITES := $(foreach e,$(ENGINES),$($(e)_NATIVE_SUITES))
$(foreach e,$(ENGINES),$(foreach s,$($(e)_NATIVE_SUITES),$(eval $(call native_suite,$(s),$(e)))))
$(foreach s,$(NATIVE_SUITES),$(foreach p,$($(s)_PROGRAMS),$(foreach b,$($(s)_BUILDS), \
  $(eval $(call native_run,$(s),$(p),$(b))))))
