# libFuzzer targets (included from Makefile.am; see fuzz/README.md).
#
# Each target is one fuzz/fuzz_NAME.cc compiled together with the library
# sources it exercises -- not linked against librocshmem, which needs MPI
# and would be built without the fuzzer's coverage instrumentation -- by
# $(FUZZ_CXX) with libFuzzer, ASan and UBSan.  `make check` builds them when
# configure found libFuzzer and runs each for ROCTEST_FUZZ_TIME seconds
# (fuzz/run_fuzz.sh, default 20); `make fuzz FUZZ_TIME=600` runs longer.
#
FUZZ_TARGETS = fuzz/fuzz_env fuzz/fuzz_uniqueid
FUZZ_FLAGS = -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined -I$(srcdir)/src -I$(builddir)/src

fuzz/fuzz_env: $(srcdir)/fuzz/fuzz_env.cc $(srcdir)/src/core/config.cc \
		$(srcdir)/src/core/config.h $(srcdir)/src/core/env.def
	@$(MKDIR_P) fuzz
	$(AM_V_GEN)$(FUZZ_CXX) $(FUZZ_FLAGS) $(srcdir)/fuzz/fuzz_env.cc \
	  $(srcdir)/src/core/config.cc -o $@

fuzz/fuzz_uniqueid: $(srcdir)/fuzz/fuzz_uniqueid.cc $(srcdir)/src/bootstrap/uniqueid_codec.cc \
		$(srcdir)/src/bootstrap/uniqueid.h
	@$(MKDIR_P) fuzz
	$(AM_V_GEN)$(FUZZ_CXX) $(FUZZ_FLAGS) -I$(srcdir)/include -I$(builddir)/include \
	  $(srcdir)/fuzz/fuzz_uniqueid.cc $(srcdir)/src/bootstrap/uniqueid_codec.cc -o $@

if HAVE_FUZZERS
check_SCRIPTS += $(FUZZ_TARGETS)
endif
CLEANFILES += $(FUZZ_TARGETS)
# (fuzz/run_fuzz.sh is the first of TESTS, in Makefile.am)
AM_TESTS_ENVIRONMENT += ROCTEST_FUZZ_TARGETS='$(FUZZ_TARGETS)'; export ROCTEST_FUZZ_TARGETS; \
	ROCTEST_FUZZ_CXX='$(FUZZ_CXX)'; export ROCTEST_FUZZ_CXX;
EXTRA_DIST += fuzz/README.md fuzz/run_fuzz.sh $(FUZZ_TARGETS:=.cc) fuzz/corpus

FUZZ_TIME = 600
fuzz: $(FUZZ_TARGETS)
	ROCTEST_BUILDDIR='$(abs_top_builddir)' ROCTEST_SRCDIR='$(abs_top_srcdir)' \
	  ROCTEST_FUZZ_TARGETS='$(FUZZ_TARGETS)' ROCTEST_FUZZ_TIME=$(FUZZ_TIME) \
	  $(SHELL) $(srcdir)/fuzz/run_fuzz.sh
.PHONY: fuzz
