# Sanitizer builds (configure --enable-sanitizers=...) and valgrind
# (included from Makefile.am; see docs/internals/RELIABILITY.md).
#
# In a sanitizer build every test runs with the options below.  Open MPI
# (and UCX, hwloc, PMIx under it) keep allocations until exit by design;
# lsan.supp names only those libraries, so a leak in rocshmem or a test
# still fails.  The options are set for the tests only, never installed.
# The suppressions can only match frames LSan can name: Open MPI is built
# without frame pointers (fast_unwind_on_malloc=0 unwinds it anyway) and
# unloads its components at MPI_Finalize, before the leak check
# (disable_dlclose keeps them); without both, its leaks were reported as
# '<unknown module>' and failed every program.
if SANITIZERS
AM_TESTS_ENVIRONMENT += \
	LSAN_OPTIONS='suppressions=$(abs_top_srcdir)/tests/sanitizers/lsan.supp:print_suppressions=0'; \
	export LSAN_OPTIONS; \
	ASAN_OPTIONS='detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0:fast_unwind_on_malloc=0'; \
	export ASAN_OPTIONS; \
	OMPI_MCA_mca_base_component_disable_dlclose=1; export OMPI_MCA_mca_base_component_disable_dlclose; \
	UBSAN_OPTIONS='print_stacktrace=1:halt_on_error=1'; export UBSAN_OPTIONS; \
	TSAN_OPTIONS='suppressions=$(abs_top_srcdir)/tests/sanitizers/tsan.supp:halt_on_error=0:exitcode=66'; \
	export TSAN_OPTIONS;
# hwloc's PCI discovery (libpciaccess reading every device's strings from
# /sys in every process's MPI_Init: Open MPI loads its topology with I/O
# devices) is far slower sanitized: a 4-PE job on 2 cores took 20-47 s
# instead of 5, past faults.sh's 30-second bound once in CI.  The tests
# need no PCI devices (the sanitizer builds have no GPU).
AM_TESTS_ENVIRONMENT += HWLOC_COMPONENTS=-pci; export HWLOC_COMPONENTS;
# Programs a shell test compiles itself (header_compile.sh) link the
# sanitized library, so they need the sanitizer's runtime as well (they
# failed to link: undefined __asan_* and __ubsan_* symbols).
AM_TESTS_ENVIRONMENT += \
	ROCTEST_CC='$(CC) $(ROCSHMEM_SANITIZER_FLAGS)'; export ROCTEST_CC; \
	ROCTEST_CXX='$(CXX) $(ROCSHMEM_SANITIZER_FLAGS)'; export ROCTEST_CXX;
endif
# UCX's memory hooks (libucm) intercept madvise, which glibc calls on a
# thread's stack as the thread ends, and take a rwlock there; TSan has
# already torn the thread's state down by then, so every program that
# ended a thread crashed (SIGSEGV in __tsan::MutexPreReadLock under
# ucm_madvise).  The hooks only keep UCX's registration cache exact; the
# tests do not need them.
if SANITIZE_THREAD
AM_TESTS_ENVIRONMENT += UCX_MEM_EVENTS=no; export UCX_MEM_EVENTS;
endif
EXTRA_DIST += tests/sanitizers/lsan.supp tests/sanitizers/tsan.supp \
	tests/sanitizers/valgrind.supp tests/sanitizers/memcheck.sh

# valgrind memcheck on a small program (2 PEs of examples/ring): `make
# memcheck`.  Not part of `make check`: valgrind multiplies the run time.
memcheck: examples/ring
	ROCTEST_BUILDDIR='$(abs_top_builddir)' ROCTEST_SRCDIR='$(abs_top_srcdir)' \
	  $(SHELL) $(srcdir)/tests/sanitizers/memcheck.sh
.PHONY: memcheck

# The sanitizer passes of scripts/test.sh: `make check-sanitize` in a build
# configured with --enable-sanitizers runs a representative subset, building
# only the programs it needs.  Under ASan+UBSan: every functional program on
# 2 PEs on one node and on two emulated nodes (the UCX path), the stress,
# fault, other-user, bad-input, singleton and unique-id bootstrap suites, the
# unit tests, and two collective programs on the node-aware schedules (the
# -sm wrappers: emulated nodes whose heaps UCX maps); about 6 minutes on 2
# cores (docs/internals/RELIABILITY.md).
# `make check-sanitize SANITIZE_TESTS='$(SANITIZE_ALL_TESTS)'` runs all of
# the functional suite.
# bad_input.sh first: the longest (tests/local.mk, PYTHON_TESTS).
ASAN_TESTS = tests/functional/errors/bad_input.sh \
	$(FT_PROGS:=-np2.test) $(FT_NET_PROGS:=-np2-ucx1.test) \
	$(FT_NETONLY_PROGS:=-np2-ucx1.test) $(STRESS_WRAPPERS) \
	tests/functional/coll/coll_sizes-np5-ucx2-sm.test \
	tests/functional/coll/typed_coll-np4-ucx1-sm.test \
	tests/functional/faults/faults.sh tests/functional/faults/peer_uid.sh \
	tests/functional/setup/singleton.sh \
	tests/functional/bootstrap/uniqueid.sh tests/functional/bootstrap/uniqueid_faults.sh \
	$(UNIT_TESTS)
# Under ThreadSanitizer: the programs with threads of their own
# (SHMEM_THREAD_MULTIPLE: amo_threads, stress_threads, query's
# init_thread) and every path where the library runs a thread beside the
# application's: the UCX progress thread (each network program on 2
# emulated nodes, ROCSHMEM_PES_PER_NODE=1; threads over the network on
# nodes of 2) and the unique-id bootstrap's watchdog (its two suites).
# Not the two programs that move hundreds of MiB (putmem_getmem's 4 MiB
# cases, nbi_completion's 200 rounds of 4 MiB): under TSan, TCP's emulated
# RMA copies every byte through TSan's checked memcpy, and neither finished
# in 300 s; their paths (put, get, quiet) are the other programs' too.
TSAN_NET_PROGS = $(filter-out tests/functional/rma/putmem_getmem,$(FT_NET_PROGS)) \
	tests/functional/net/finalize_no_progress_thread
TSAN_TESTS = tests/functional/amo/amo_threads-np2.test tests/functional/amo/amo_threads-np4.test \
	tests/functional/amo/amo_threads-np4-ucx2.test tests/functional/setup/query-np2.test \
	tests/stress/stress_threads-np3.test tests/stress/stress_threads-np2-ucx1.test \
	$(TSAN_NET_PROGS:=-np2-ucx1.test) \
	tests/functional/bootstrap/uniqueid.sh tests/functional/bootstrap/uniqueid_faults.sh
if SANITIZE_THREAD
SANITIZE_TESTS = $(TSAN_TESTS)
else
SANITIZE_TESTS = $(ASAN_TESTS)
endif
SANITIZE_ALL_TESTS = $(FT_WRAPPERS) $(FT_SHELL_TESTS) $(UNIT_TESTS)
SANITIZE_PROGS = $(FT_PROGS) $(FT_NETONLY_PROGS) $(FT_HELPERS) $(STRESS_PROGS) $(UNIT_TESTS)
check-sanitize:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(SANITIZE_TESTS)' \
	  check_PROGRAMS='$(SANITIZE_PROGS)' check_SCRIPTS='$(filter %.test,$(SANITIZE_TESTS))'
.PHONY: check-sanitize
