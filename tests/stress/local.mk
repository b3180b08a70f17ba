# Stress programs (included from Makefile.am; see tests/README.md).  Run by
# generated wrappers like the functional tests (tests/local.mk's FT_WRAPPERS
# rule): a few seconds each in `make check` (ROCTEST_STRESS_SECONDS,
# default 3); `make stress STRESS_SECONDS=300` runs them longer.  Each prints
# its seed; ROCTEST_STRESS_SEED=N repeats a run's operations.
STRESS_PROGS = \
	tests/stress/stress_mix \
	tests/stress/stress_threads \
	tests/stress/stress_alloc \
	tests/stress/stress_reinit
# 8 PEs on CI's 2 cores for the mix; fewer where threads multiply them.
# Threads also over the network (each PE its own emulated node): their
# contexts then share the UCX worker with the progress thread.
STRESS_WRAPPERS = \
	tests/stress/stress_mix-np8.test \
	tests/stress/stress_threads-np3.test \
	tests/stress/stress_threads-np2-ucx1.test \
	tests/stress/stress_alloc-np4.test \
	tests/stress/stress_reinit-np2.test
check_PROGRAMS += $(STRESS_PROGS)
FT_WRAPPERS += $(STRESS_WRAPPERS)
EXTRA_DIST += tests/stress/stress.h

tests_stress_stress_mix_SOURCES = tests/stress/stress_mix.c tests/stress/stress.h $(FT_COMMON)
tests_stress_stress_mix_LDADD = $(FT_LIBS)
tests_stress_stress_mix_LDFLAGS = $(TEST_LINK)
tests_stress_stress_threads_SOURCES = tests/stress/stress_threads.c tests/stress/stress.h $(FT_COMMON)
tests_stress_stress_threads_LDADD = $(FT_LIBS) -lpthread
tests_stress_stress_threads_LDFLAGS = $(TEST_LINK)
tests_stress_stress_alloc_SOURCES = tests/stress/stress_alloc.c tests/stress/stress.h $(FT_COMMON)
tests_stress_stress_alloc_LDADD = $(FT_LIBS)
tests_stress_stress_alloc_LDFLAGS = $(TEST_LINK)
tests_stress_stress_reinit_SOURCES = tests/stress/stress_reinit.c tests/stress/stress.h $(FT_COMMON)
tests_stress_stress_reinit_LDADD = $(FT_LIBS)
tests_stress_stress_reinit_LDFLAGS = $(TEST_LINK)

STRESS_SECONDS = 60
stress: $(STRESS_PROGS) $(STRESS_WRAPPERS)
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(STRESS_WRAPPERS)' \
	  ROCTEST_STRESS_SECONDS=$(STRESS_SECONDS) ROCTEST_STRESS_CYCLES=50 \
	  ROCTEST_TIMEOUT=$$(($(STRESS_SECONDS) * 3 + 120))
.PHONY: stress
