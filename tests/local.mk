# The test suite (included from the top-level Makefile.am; paths are
# relative to the top of the tree).  See tests/README.md.
#
# Every test speaks TAP and runs through automake's TAP driver, so the
# summary of `make check` counts individual cases, not programs:
#  - unit tests (Check) print TAP when CK_TAP_LOG_FILE_NAME=- ;
#  - functional programs print one TAP line per case from PE 0;
#  - shell tests print TAP themselves (tests/functional/common/tap.sh).
# Known library bugs are cases with a TODO directive: counted as XFAIL until
# fixed, then as XPASS, which fails the suite until the directive goes.

TEST_EXTENSIONS = .test .sh
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/config/tap-driver.sh
TEST_LOG_DRIVER = $(LOG_DRIVER)
SH_LOG_DRIVER = $(LOG_DRIVER)
SH_LOG_COMPILER = $(SHELL)

# Check's fork mode would run each case in a child process, which breaks
# MPI; TAP goes to stdout.  The test scripts find the trees and compilers
# through the ROCTEST_* variables.
AM_TESTS_ENVIRONMENT = \
	CK_FORK=no; export CK_FORK; \
	CK_TAP_LOG_FILE_NAME=-; export CK_TAP_LOG_FILE_NAME; \
	ROCTEST_SRCDIR='$(abs_top_srcdir)'; export ROCTEST_SRCDIR; \
	ROCTEST_BUILDDIR='$(abs_top_builddir)'; export ROCTEST_BUILDDIR; \
	ROCTEST_CC='$(CC)'; export ROCTEST_CC; \
	ROCTEST_CXX='$(CXX)'; export ROCTEST_CXX; \
	ROCTEST_CPPFLAGS='-I$(abs_top_srcdir)/include -I$(abs_top_builddir)/include -I$(abs_top_srcdir)/oshmem_compat'; \
	export ROCTEST_CPPFLAGS; \
	ROCTEST_MPI_LIBS='$(MPI_LIBS)'; export ROCTEST_MPI_LIBS; \
	ROCTEST_STAGE_PREFIX='$(abs_top_builddir)/$(ROCTEST_STAGE)$(prefix)'; export ROCTEST_STAGE_PREFIX;

EXTRA_DIST += tests/README.md tests/mpirun_test.sh tests/free_port.sh tests/functional/common/tap.sh

# The longest tests come first in TESTS (after the fuzzers, Makefile.am):
# `make -j` starts them in this order, and the Python suite (its pip install
# compiles the module), listed after the functional programs, ran alone for
# the last 40 s of make check on 2 cores.
include $(srcdir)/tests/python/local.mk

# ---------------------------------------------------------------- unit tests (Check)
# Internal C++ interfaces, called directly (the shared library exports the
# rocshmem namespace).
UNIT_CPP = $(AM_CPPFLAGS) $(CHECK_CFLAGS)
UNIT_LIBS = librocshmem.la $(CHECK_LIBS) $(MPI_LIBS)
UNIT_COMMON = tests/unit/common/run_suite.h
# -no-install: a real executable with an rpath into the build tree instead of
# a libtool wrapper script, so it can be run, debugged and launched directly.
TEST_LINK = -no-install

if HAVE_CHECK
UNIT_TESTS = \
	tests/unit/memory/test_allocator \
	tests/unit/core/test_config \
	tests/unit/transport/test_translate \
	tests/unit/bootstrap/test_uniqueid \
	tests/unit/team/test_active_set \
	tests/unit/coll/test_schedule
check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)
endif

tests_unit_memory_test_allocator_SOURCES = tests/unit/memory/test_allocator.cc $(UNIT_COMMON)
tests_unit_memory_test_allocator_CPPFLAGS = $(UNIT_CPP)
tests_unit_memory_test_allocator_LDADD = $(UNIT_LIBS)
tests_unit_memory_test_allocator_LDFLAGS = $(TEST_LINK)
tests_unit_core_test_config_SOURCES = tests/unit/core/test_config.cc $(UNIT_COMMON)
tests_unit_core_test_config_CPPFLAGS = $(UNIT_CPP)
tests_unit_core_test_config_LDADD = $(UNIT_LIBS)
tests_unit_core_test_config_LDFLAGS = $(TEST_LINK)
tests_unit_transport_test_translate_SOURCES = tests/unit/transport/test_translate.cc $(UNIT_COMMON)
tests_unit_transport_test_translate_CPPFLAGS = $(UNIT_CPP)
tests_unit_transport_test_translate_LDADD = $(UNIT_LIBS)
tests_unit_transport_test_translate_LDFLAGS = $(TEST_LINK)
tests_unit_bootstrap_test_uniqueid_SOURCES = tests/unit/bootstrap/test_uniqueid.cc $(UNIT_COMMON)
tests_unit_bootstrap_test_uniqueid_CPPFLAGS = $(UNIT_CPP)
tests_unit_bootstrap_test_uniqueid_LDADD = $(UNIT_LIBS)
tests_unit_bootstrap_test_uniqueid_LDFLAGS = $(TEST_LINK)
tests_unit_team_test_active_set_SOURCES = tests/unit/team/test_active_set.cc $(UNIT_COMMON)
tests_unit_team_test_active_set_CPPFLAGS = $(UNIT_CPP)
tests_unit_team_test_active_set_LDADD = $(UNIT_LIBS)
tests_unit_team_test_active_set_LDFLAGS = $(TEST_LINK)
tests_unit_coll_test_schedule_SOURCES = tests/unit/coll/test_schedule.cc $(UNIT_COMMON)
tests_unit_coll_test_schedule_CPPFLAGS = $(UNIT_CPP)
tests_unit_coll_test_schedule_LDADD = $(UNIT_LIBS)
tests_unit_coll_test_schedule_LDFLAGS = $(TEST_LINK)

# ---------------------------------------------------------------- functional tests (multi-PE)
# Programs using only the public API (plus MPI to report results).  Each one
# runs on 1, 2, 3 and 4 PEs (4 oversubscribes a 2-core CI machine) through a
# generated wrapper, e.g. tests/functional/rma/typed_rma-np4.test, which
# runs tests/mpirun_test.sh (oshrun + timeout).
FT_PROGS = \
	tests/functional/rma/typed_rma \
	tests/functional/rma/putmem_getmem \
	tests/functional/rma/strided \
	tests/functional/rma/ptr_access \
	tests/functional/sync/barrier \
	tests/functional/memory/symmetric_malloc \
	tests/functional/memory/static_preinit \
	tests/functional/setup/query \
	tests/functional/setup/deprecated \
	tests/functional/setup/hybrid_mpi_first \
	tests/functional/setup/hybrid_shmem_first \
	tests/functional/setup/implicit_finalize \
	tests/functional/amo/typed_amo \
	tests/functional/amo/amo_contention \
	tests/functional/amo/amo_threads \
	tests/functional/signal/put_signal \
	tests/functional/p2p/wait_test \
	tests/functional/lock/lock \
	tests/functional/ctx/ctx \
	tests/functional/api/generic_c11 \
	tests/functional/api/generic_cxx \
	tests/functional/api/shmemx \
	tests/functional/api/pcntr \
	tests/functional/api/v16 \
	$(FT_PROGS_1TO6)
# Programs whose cases depend on the team shape (odd sizes, strided and 2-D
# teams, active sets): also run on 5 and 6 PEs.
FT_PROGS_1TO6 = \
	tests/functional/team/team \
	tests/functional/coll/typed_coll \
	tests/functional/coll/reduce \
	tests/functional/coll/active_set \
	tests/functional/coll/coll_sizes
# Programs that also run in emulated multi-node mode (tests/mpirun_test.sh,
# ROCTEST_NET): -np2-ucx1 puts each PE on its own "node", reached over UCX on
# TCP; -np3-ucx2 makes nodes of 2 PEs, so one job mixes shared memory and
# UCX.  Skipped (TAP SKIP) when the library has no UCX.  They use fewer
# iterations there (ft_iters): every operation crosses UCX.
FT_NET_PROGS = \
	tests/functional/memory/static_preinit \
	tests/functional/rma/typed_rma \
	tests/functional/rma/putmem_getmem \
	tests/functional/rma/strided \
	tests/functional/sync/barrier \
	tests/functional/amo/typed_amo \
	tests/functional/amo/amo_contention \
	tests/functional/amo/amo_threads \
	tests/functional/signal/put_signal \
	tests/functional/p2p/wait_test \
	tests/functional/lock/lock \
	tests/functional/ctx/ctx \
	tests/functional/api/pcntr \
	tests/functional/api/v16 \
	$(FT_PROGS_1TO6)
# Light programs that also contend across two 2-PE nodes (amo_contention:
# CPU atomics of same-node PEs and UCX's atomics from the other node on one
# location, amo/amo.h's atomicity rule).
FT_NET4_PROGS = \
	tests/functional/amo/amo_contention \
	tests/functional/amo/amo_threads \
	tests/functional/lock/lock \
	tests/functional/team/team
# Programs whose teams and active sets are groups spanning nodes other than
# every PE in world order: over tcp these take their own MPI communicators
# (sync/boot_comm.h), which 2 PEs never need.  4 PEs, each its own node.
FT_NET4_ALONE_PROGS = $(FT_PROGS_1TO6)
# The collectives' general path (synchronize, read each member's memory,
# synchronize; src/coll) is what SHMEM_DEBUG runs, and what a group that
# neither maps every member nor has MPI's collectives would run: the
# -debug wrappers set SHMEM_DEBUG=1, on one node and with every PE its own
# node (members read through UCX gets).
FT_DEBUG_PROGS = $(FT_PROGS_1TO6)
# The collectives' node-aware schedules (src/coll/sched_exec.h) run where a
# group spans nodes, SHMEM_DEBUG is off and MPI's collectives do not (the MPI
# bootstrap takes them where UCX reaches a peer by messages: over tcp, or
# nodes of several PEs): the -sm wrappers set UCX_TLS=sm,self and the
# unique-id bootstrap, on 3 and 4 PEs each its own node and on 5 and 8 PEs
# in nodes of 2 (the last node of 5 has one), roots and odd layouts included.
# At 8 PEs only the lighter programs: typed_coll's and reduce's general-path
# cases (alltoall, large reductions) take minutes there on a loaded 2-core
# machine.
FT_SCHED_PROGS = $(FT_PROGS_1TO6)
FT_SCHED8_PROGS = \
	tests/functional/team/team \
	tests/functional/coll/active_set \
	tests/functional/coll/coll_sizes
# (Substitution references, not $(foreach): automake reads TESTS itself.)
FT_WRAPPERS = $(FT_PROGS:=-np1.test) $(FT_PROGS:=-np2.test) $(FT_PROGS:=-np3.test) \
	$(FT_PROGS:=-np4.test) $(FT_PROGS_1TO6:=-np5.test) $(FT_PROGS_1TO6:=-np6.test) \
	$(FT_NET_PROGS:=-np2-ucx1.test) $(FT_NET_PROGS:=-np3-ucx2.test) \
	$(FT_NET4_PROGS:=-np4-ucx2.test) $(FT_NET4_ALONE_PROGS:=-np4-ucx1.test) \
	$(FT_DEBUG_PROGS:=-np3-debug.test) $(FT_DEBUG_PROGS:=-np3-ucx1-debug.test) \
	$(FT_SCHED_PROGS:=-np3-ucx1-sm.test) $(FT_SCHED_PROGS:=-np4-ucx1-sm.test) \
	$(FT_SCHED_PROGS:=-np5-ucx2-sm.test) $(FT_SCHED8_PROGS:=-np8-ucx2-sm.test)
# Network transport tests (tests/functional/net/, see its README): they test
# UCX itself, so they run only in the emulated multi-node modes.
FT_NETONLY_PROGS = \
	tests/functional/net/nbi_completion \
	tests/functional/net/finalize_no_progress_thread
FT_WRAPPERS += $(FT_NETONLY_PROGS:=-np2-ucx1.test) $(FT_NETONLY_PROGS:=-np3-ucx2.test)
# ... and those that need every PE its own node.
FT_NET_ALONE_PROGS = tests/functional/net/direct_sm tests/functional/net/fence_order
FT_WRAPPERS += $(FT_NET_ALONE_PROGS:=-np2-ucx1.test) $(FT_NET_ALONE_PROGS:=-np3-ucx1.test)
check_PROGRAMS += $(FT_NETONLY_PROGS) $(FT_NET_ALONE_PROGS)
TESTS += tests/functional/net/unreachable.sh tests/functional/net/barrier_path.sh \
	tests/functional/net/lazy_endpoints.sh tests/functional/net/coll_schedule.sh \
	tests/functional/net/barrier_counts.sh
EXTRA_DIST += tests/functional/net/unreachable.sh tests/functional/net/barrier_path.sh \
	tests/functional/net/lazy_endpoints.sh tests/functional/net/coll_schedule.sh \
	tests/functional/net/barrier_counts.sh tests/functional/net/README.md
# Run by coll_schedule.sh (8 and 5 PEs on emulated nodes); C++: it builds
# the schedules (coll/schedule.h) and reads the transport's counters.
check_PROGRAMS += tests/functional/net/coll_schedule
tests_functional_net_coll_schedule_SOURCES = tests/functional/net/coll_schedule.cc $(FT_COMMON)
tests_functional_net_coll_schedule_LDADD = $(FT_LIBS)
tests_functional_net_coll_schedule_LDFLAGS = $(TEST_LINK)
# Run by lazy_endpoints.sh (8 PEs, three configurations); C++: it reads the
# transport's counters (src/transport/net_stats.h).
check_PROGRAMS += tests/functional/net/lazy_endpoints
tests_functional_net_lazy_endpoints_SOURCES = tests/functional/net/lazy_endpoints.cc $(FT_COMMON)
tests_functional_net_lazy_endpoints_LDADD = $(FT_LIBS)
tests_functional_net_lazy_endpoints_LDFLAGS = $(TEST_LINK)
tests_functional_net_nbi_completion_SOURCES = tests/functional/net/nbi_completion.c $(FT_COMMON)
tests_functional_net_nbi_completion_LDADD = $(FT_LIBS)
tests_functional_net_nbi_completion_LDFLAGS = $(TEST_LINK)
tests_functional_net_direct_sm_SOURCES = tests/functional/net/direct_sm.c $(FT_COMMON)
tests_functional_net_direct_sm_LDADD = $(FT_LIBS)
tests_functional_net_direct_sm_LDFLAGS = $(TEST_LINK)
tests_functional_net_fence_order_SOURCES = tests/functional/net/fence_order.c $(FT_COMMON)
tests_functional_net_fence_order_LDADD = $(FT_LIBS)
tests_functional_net_fence_order_LDFLAGS = $(TEST_LINK)
tests_functional_net_finalize_no_progress_thread_SOURCES = \
	tests/functional/net/finalize_no_progress_thread.c $(FT_COMMON)
tests_functional_net_finalize_no_progress_thread_LDADD = $(FT_LIBS)
tests_functional_net_finalize_no_progress_thread_LDFLAGS = $(TEST_LINK)

# Programs run by the shell tests below rather than by wrappers.
FT_HELPERS = \
	tests/functional/setup/singleton \
	tests/functional/setup/heap_probe \
	tests/functional/errors/bad_input \
	tests/functional/faults/fault_pe \
	tests/functional/faults/peer_uid

# (longest first: see PYTHON_TESTS above)
FT_SHELL_TESTS = \
	tests/functional/errors/bad_input.sh \
	tests/functional/api/header_compile.sh \
	tests/functional/net/two_hosts.sh \
	tests/functional/faults/faults.sh \
	tests/functional/setup/singleton.sh \
	tests/functional/setup/spin_budget.sh \
	tests/functional/setup/environment.sh \
	tests/functional/faults/peer_uid.sh

check_PROGRAMS += $(FT_PROGS) $(FT_HELPERS)
check_SCRIPTS = $(FT_WRAPPERS)
TESTS += $(FT_SHELL_TESTS) $(FT_WRAPPERS)
CLEANFILES += $(FT_WRAPPERS)
EXTRA_DIST += $(FT_SHELL_TESTS) \
	tests/functional/api/link_all.c \
	tests/functional/api/link_ctx_default.c \
	tests/functional/api/generic_bad_type.c \
	tests/functional/api/generic_c99.c \
	tests/functional/api/generic_in_xmacro.c

FT_COMMON = tests/functional/common/ftest.h
FT_LIBS = librocshmem.la $(MPI_LIBS)

tests_functional_amo_typed_amo_SOURCES = tests/functional/amo/typed_amo.c \
	tests/functional/common/amo_ops.h $(FT_COMMON)
tests_functional_amo_typed_amo_LDADD = $(FT_LIBS)
tests_functional_amo_typed_amo_LDFLAGS = $(TEST_LINK)
tests_functional_amo_amo_contention_SOURCES = tests/functional/amo/amo_contention.c \
	tests/functional/common/amo_ops.h $(FT_COMMON)
tests_functional_amo_amo_contention_LDADD = $(FT_LIBS)
tests_functional_amo_amo_contention_LDFLAGS = $(TEST_LINK)
tests_functional_amo_amo_threads_SOURCES = tests/functional/amo/amo_threads.c $(FT_COMMON)
tests_functional_amo_amo_threads_LDADD = $(FT_LIBS) -lpthread
tests_functional_amo_amo_threads_LDFLAGS = $(TEST_LINK)
tests_functional_signal_put_signal_SOURCES = tests/functional/signal/put_signal.c \
	tests/functional/common/typed_ops.h $(FT_COMMON)
tests_functional_signal_put_signal_LDADD = $(FT_LIBS)
tests_functional_signal_put_signal_LDFLAGS = $(TEST_LINK)
tests_functional_p2p_wait_test_SOURCES = tests/functional/p2p/wait_test.c $(FT_COMMON)
tests_functional_p2p_wait_test_LDADD = $(FT_LIBS)
tests_functional_p2p_wait_test_LDFLAGS = $(TEST_LINK)
tests_functional_lock_lock_SOURCES = tests/functional/lock/lock.c $(FT_COMMON)
tests_functional_lock_lock_LDADD = $(FT_LIBS)
tests_functional_lock_lock_LDFLAGS = $(TEST_LINK)
tests_functional_ctx_ctx_SOURCES = tests/functional/ctx/ctx.c $(FT_COMMON)
tests_functional_ctx_ctx_LDADD = $(FT_LIBS)
tests_functional_ctx_ctx_LDFLAGS = $(TEST_LINK)
tests_functional_team_team_SOURCES = tests/functional/team/team.c $(FT_COMMON)
tests_functional_team_team_LDADD = $(FT_LIBS)
tests_functional_team_team_LDFLAGS = $(TEST_LINK)
tests_functional_coll_typed_coll_SOURCES = tests/functional/coll/typed_coll.c $(FT_COMMON)
tests_functional_coll_typed_coll_LDADD = $(FT_LIBS)
tests_functional_coll_typed_coll_LDFLAGS = $(TEST_LINK)
tests_functional_coll_reduce_SOURCES = tests/functional/coll/reduce.c $(FT_COMMON)
tests_functional_coll_reduce_LDADD = $(FT_LIBS)
tests_functional_coll_reduce_LDFLAGS = $(TEST_LINK)
tests_functional_coll_active_set_SOURCES = tests/functional/coll/active_set.c $(FT_COMMON)
tests_functional_coll_active_set_LDADD = $(FT_LIBS)
tests_functional_coll_active_set_LDFLAGS = $(TEST_LINK)
tests_functional_coll_coll_sizes_SOURCES = tests/functional/coll/coll_sizes.c $(FT_COMMON)
tests_functional_coll_coll_sizes_LDADD = $(FT_LIBS)
tests_functional_coll_coll_sizes_LDFLAGS = $(TEST_LINK)

tests_functional_rma_typed_rma_SOURCES = tests/functional/rma/typed_rma.c \
	tests/functional/common/typed_ops.h $(FT_COMMON)
tests_functional_rma_typed_rma_LDADD = $(FT_LIBS)
tests_functional_rma_typed_rma_LDFLAGS = $(TEST_LINK)
tests_functional_rma_putmem_getmem_SOURCES = tests/functional/rma/putmem_getmem.c $(FT_COMMON)
tests_functional_rma_putmem_getmem_LDADD = $(FT_LIBS)
tests_functional_rma_putmem_getmem_LDFLAGS = $(TEST_LINK)
tests_functional_rma_strided_SOURCES = tests/functional/rma/strided.c \
	tests/functional/common/typed_ops.h $(FT_COMMON)
tests_functional_rma_strided_LDADD = $(FT_LIBS)
tests_functional_rma_strided_LDFLAGS = $(TEST_LINK)
tests_functional_rma_ptr_access_SOURCES = tests/functional/rma/ptr_access.c $(FT_COMMON)
tests_functional_rma_ptr_access_LDADD = $(FT_LIBS)
tests_functional_rma_ptr_access_LDFLAGS = $(TEST_LINK)
tests_functional_sync_barrier_SOURCES = tests/functional/sync/barrier.c $(FT_COMMON)
tests_functional_sync_barrier_LDADD = $(FT_LIBS)
tests_functional_sync_barrier_LDFLAGS = $(TEST_LINK)
tests_functional_memory_symmetric_malloc_SOURCES = \
	tests/functional/memory/symmetric_malloc.c $(FT_COMMON)
tests_functional_memory_symmetric_malloc_LDADD = $(FT_LIBS)
tests_functional_memory_symmetric_malloc_LDFLAGS = $(TEST_LINK)
tests_functional_memory_static_preinit_SOURCES = \
	tests/functional/memory/static_preinit.c $(FT_COMMON)
tests_functional_memory_static_preinit_LDADD = $(FT_LIBS)
tests_functional_memory_static_preinit_LDFLAGS = $(TEST_LINK)
tests_functional_setup_query_SOURCES = tests/functional/setup/query.c $(FT_COMMON)
tests_functional_setup_query_LDADD = $(FT_LIBS)
tests_functional_setup_query_LDFLAGS = $(TEST_LINK)
tests_functional_setup_deprecated_SOURCES = tests/functional/setup/deprecated.c $(FT_COMMON)
tests_functional_setup_deprecated_LDADD = $(FT_LIBS)
tests_functional_setup_deprecated_LDFLAGS = $(TEST_LINK)
tests_functional_setup_hybrid_mpi_first_SOURCES = tests/functional/setup/hybrid_mpi_first.c \
	$(FT_COMMON)
tests_functional_setup_hybrid_mpi_first_LDADD = $(FT_LIBS)
tests_functional_setup_hybrid_mpi_first_LDFLAGS = $(TEST_LINK)
tests_functional_setup_hybrid_shmem_first_SOURCES = tests/functional/setup/hybrid_shmem_first.c \
	$(FT_COMMON)
tests_functional_setup_hybrid_shmem_first_LDADD = $(FT_LIBS)
tests_functional_setup_hybrid_shmem_first_LDFLAGS = $(TEST_LINK)
tests_functional_setup_implicit_finalize_SOURCES = tests/functional/setup/implicit_finalize.c \
	$(FT_COMMON)
tests_functional_setup_implicit_finalize_LDADD = $(FT_LIBS)
tests_functional_setup_implicit_finalize_LDFLAGS = $(TEST_LINK)
tests_functional_setup_singleton_SOURCES = tests/functional/setup/singleton.c $(FT_COMMON)
tests_functional_setup_singleton_LDADD = $(FT_LIBS)
tests_functional_setup_singleton_LDFLAGS = $(TEST_LINK)
tests_functional_setup_heap_probe_SOURCES = tests/functional/setup/heap_probe.c
tests_functional_setup_heap_probe_LDADD = $(FT_LIBS)
tests_functional_setup_heap_probe_LDFLAGS = $(TEST_LINK)
tests_functional_errors_bad_input_SOURCES = tests/functional/errors/bad_input.c $(FT_COMMON)
tests_functional_errors_bad_input_LDADD = $(FT_LIBS)
tests_functional_errors_bad_input_LDFLAGS = $(TEST_LINK)
tests_functional_faults_fault_pe_SOURCES = tests/functional/faults/fault_pe.c
tests_functional_faults_fault_pe_LDADD = $(FT_LIBS)
tests_functional_faults_fault_pe_LDFLAGS = $(TEST_LINK)
# Plays another user at the same-node socket: C++ with the library's
# internal headers (it drives shm_exchange_fds itself).
tests_functional_faults_peer_uid_SOURCES = tests/functional/faults/peer_uid.cc $(FT_COMMON)
tests_functional_faults_peer_uid_CPPFLAGS = $(AM_CPPFLAGS)
tests_functional_faults_peer_uid_LDADD = $(FT_LIBS)
tests_functional_faults_peer_uid_LDFLAGS = $(TEST_LINK)

# Long waits (src/sync/wait.cc): ROCSHMEM_WAIT_WARN's warning, and a PE
# that leaves main without shmem_finalize while its peers wait for it.
FT_HELPERS += tests/functional/sync/long_wait
FT_SHELL_TESTS += tests/functional/sync/long_wait.sh
tests_functional_sync_long_wait_SOURCES = tests/functional/sync/long_wait.c
tests_functional_sync_long_wait_LDADD = $(FT_LIBS)
tests_functional_sync_long_wait_LDFLAGS = $(TEST_LINK)

tests_functional_api_shmemx_SOURCES = tests/functional/api/shmemx.c $(FT_COMMON)
tests_functional_api_shmemx_LDADD = $(FT_LIBS)
tests_functional_api_shmemx_LDFLAGS = $(TEST_LINK)
tests_functional_api_pcntr_SOURCES = tests/functional/api/pcntr.c $(FT_COMMON)
tests_functional_api_pcntr_LDADD = $(FT_LIBS) -lpthread
tests_functional_api_pcntr_LDFLAGS = $(TEST_LINK)
tests_functional_api_v16_SOURCES = tests/functional/api/v16.c $(FT_COMMON)
tests_functional_api_v16_LDADD = $(FT_LIBS)
tests_functional_api_v16_LDFLAGS = $(TEST_LINK)
# The generic-selection tests must compile warning-free: a wrong selection
# shows up as a pointer-type warning first.
GENERIC_DEPS = tests/functional/api/generic.h $(FT_COMMON)
GENERIC_DEPS += tests/functional/api/generic_amo.h
tests_functional_api_generic_c11_SOURCES = tests/functional/api/generic_c11.c $(GENERIC_DEPS)
tests_functional_api_generic_c11_CFLAGS = $(AM_CFLAGS) -std=c11 -Werror
tests_functional_api_generic_c11_LDADD = $(FT_LIBS)
tests_functional_api_generic_c11_LDFLAGS = $(TEST_LINK)
tests_functional_api_generic_cxx_SOURCES = tests/functional/api/generic_cxx.cc $(GENERIC_DEPS)
tests_functional_api_generic_cxx_CXXFLAGS = $(AM_CXXFLAGS) -Werror
tests_functional_api_generic_cxx_LDADD = $(FT_LIBS)
tests_functional_api_generic_cxx_LDFLAGS = $(TEST_LINK)

# The unique-id (TCP) bootstrap and rocshmem_init_attr
# (tests/functional/bootstrap/): uniqueid_mpi and mpi_comm run under the
# launcher on 1-4 PEs like the programs above; the other programs start
# their own processes (fork), with no launcher and no MPI, from uniqueid.sh
# and uniqueid_faults.sh.  uniqueid_misuse speaks the wire protocol (it
# plays foreign clients), so it is C++ with the library's internal headers.
FT_PROGS += tests/functional/bootstrap/uniqueid_mpi tests/functional/bootstrap/mpi_comm
FT_HELPERS += tests/functional/bootstrap/uniqueid_fork \
	tests/functional/bootstrap/uniqueid_misuse \
	tests/functional/bootstrap/uniqueid_faults
FT_SHELL_TESTS += tests/functional/bootstrap/uniqueid.sh \
	tests/functional/bootstrap/uniqueid_faults.sh
tests_functional_bootstrap_uniqueid_mpi_SOURCES = tests/functional/bootstrap/uniqueid_mpi.c \
	$(FT_COMMON)
tests_functional_bootstrap_uniqueid_mpi_LDADD = $(FT_LIBS)
tests_functional_bootstrap_uniqueid_mpi_LDFLAGS = $(TEST_LINK)
tests_functional_bootstrap_mpi_comm_SOURCES = tests/functional/bootstrap/mpi_comm.c $(FT_COMMON)
tests_functional_bootstrap_mpi_comm_LDADD = $(FT_LIBS)
tests_functional_bootstrap_mpi_comm_LDFLAGS = $(TEST_LINK)
tests_functional_bootstrap_uniqueid_fork_SOURCES = tests/functional/bootstrap/uniqueid_fork.c \
	$(FT_COMMON)
tests_functional_bootstrap_uniqueid_fork_LDADD = $(FT_LIBS)
tests_functional_bootstrap_uniqueid_fork_LDFLAGS = $(TEST_LINK)
tests_functional_bootstrap_uniqueid_misuse_SOURCES = \
	tests/functional/bootstrap/uniqueid_misuse.cc $(FT_COMMON)
tests_functional_bootstrap_uniqueid_misuse_CPPFLAGS = $(AM_CPPFLAGS)
tests_functional_bootstrap_uniqueid_misuse_LDADD = $(FT_LIBS)
tests_functional_bootstrap_uniqueid_misuse_LDFLAGS = $(TEST_LINK)
tests_functional_bootstrap_uniqueid_faults_SOURCES = tests/functional/bootstrap/uniqueid_faults.c \
	$(FT_COMMON)
tests_functional_bootstrap_uniqueid_faults_LDADD = $(FT_LIBS)
tests_functional_bootstrap_uniqueid_faults_LDFLAGS = $(TEST_LINK)

# tests/functional/DIR/PROG-npN.test: runs PROG on N PEs;
# PROG-npN-ucxK.test: the same in emulated multi-node mode (ROCTEST_NET=ucxK,
# see tests/mpirun_test.sh); -ucxK-sm: with UCX over shared memory only
# (UCX_TLS=sm,self) and the unique-id bootstrap (ROCTEST_BOOT); a -debug
# suffix adds SHMEM_DEBUG=1.  Absolute
# paths, so that a wrapper can also be run by hand from anywhere.
$(FT_WRAPPERS): $(srcdir)/tests/local.mk
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)base='$@'; base=$${base%.test}; net=; debug=; \
	case $$base in *-debug) debug=SHMEM_DEBUG; base=$${base%-debug} ;; esac; \
	sm=; case $$base in *-sm) sm=1; base=$${base%-sm} ;; esac; \
	case $$base in *-ucx*) net=ucx$${base##*-ucx}; base=$${base%-ucx*} ;; esac; \
	np=$${base##*-np}; prog=$${base%-np*}; \
	{ echo '#!/bin/sh'; \
	  echo "# Generated by tests/local.mk: runs $$prog on $$np PE(s)$${net:+ ($$net$${sm:+, UCX over shared memory})}$${debug:+ with SHMEM_DEBUG=1}."; \
	  echo ': "$${ROCTEST_BUILDDIR:=$(abs_top_builddir)}"; export ROCTEST_BUILDDIR'; \
	  if [ -n "$$net" ]; then echo "ROCTEST_NET=$$net; export ROCTEST_NET"; fi; \
	  if [ -n "$$debug" ]; then echo "SHMEM_DEBUG=1; export SHMEM_DEBUG"; fi; \
	  if [ -n "$$sm" ]; then echo "UCX_TLS=sm,self; ROCTEST_BOOT=uniqueid; export UCX_TLS ROCTEST_BOOT"; fi; \
	  echo "exec /bin/sh '$(abs_top_srcdir)/tests/mpirun_test.sh' $$np '$(abs_top_builddir)/$$prog' \"\$$@\""; \
	} >$@-t && chmod +x $@-t && mv -f $@-t $@

# ---------------------------------------------------------------- the installed tree
# Tests of what `make install` delivers (tests/install/): the wrappers, the
# examples built and run by them, the OpenSHMEM 1.6 conformance list compiled
# through oshcc and oshc++, rocshmem_info and the manual pages.  They use a
# staged installation (DESTDIR) made before the tests run; the wrappers find
# it through ROCSHMEM_PREFIX, as after moving an installation.  It is made
# anew by every `make check`, so it cannot go stale.  The removal, the
# install and the stamp are separate recipe lines: make runs a line that
# names $(MAKE) even under `make -n`, and the removal must not run then.
ROCTEST_STAGE = tests/stage
tests/stage.stamp: FORCE-STAGE
	$(AM_V_at)rm -rf $(ROCTEST_STAGE) $@
	$(AM_V_GEN)$(MAKE) $(AM_MAKEFLAGS) install DESTDIR='$(abs_top_builddir)/$(ROCTEST_STAGE)' \
	  >tests/stage.log 2>&1 || { tail -n 30 tests/stage.log; exit 1; }
	$(AM_V_at)touch $@
FORCE-STAGE:
.PHONY: FORCE-STAGE
check_SCRIPTS += tests/stage.stamp
CLEANFILES += tests/stage.stamp tests/stage.log
clean-local: clean-stage
clean-stage:
	rm -rf $(ROCTEST_STAGE)
.PHONY: clean-stage

INSTALL_TESTS = \
	tests/install/wrappers.sh \
	tests/install/rocshmem_info.sh \
	tests/install/examples.sh \
	tests/install/bench.sh \
	tests/install/conformance.sh \
	tests/install/profiling.sh \
	tests/install/shmemx.sh \
	tests/install/pkgconfig.sh \
	tests/install/relocate.sh \
	tests/install/man_pages.sh \
	tests/install/fortran.sh \
	tests/install/fortran_legacy.sh
TESTS += $(INSTALL_TESTS)
EXTRA_DIST += $(INSTALL_TESTS) tests/install/common.sh tests/install/pkgconfig_checks.sh \
	tests/install/shmem_routines.txt bench/shmem_bench.c
# The Fortran API's programs, built by the installed oshfort (fortran.sh).
EXTRA_DIST += tests/install/fortran_routines.txt tests/functional/fortran/ftap.f90 \
	tests/functional/fortran/setup.f tests/functional/fortran/rma.f90 \
	tests/functional/fortran/amo.f90 tests/functional/fortran/coll.f90 \
	tests/functional/fortran/shpalloc.f tests/functional/fortran/mixed.f90 \
	tests/functional/fortran/mixed_c.c examples/fortran/hello.f90
# The legacy codes' patterns (fortran_legacy.sh).
EXTRA_DIST += tests/functional/fortran/hybrid_mpif.f tests/functional/fortran/hybrid_mpi.f90 \
	tests/functional/fortran/hybrid_mpi_f08.f90 tests/functional/fortran/typeless.f \
	tests/functional/fortran/functions.f

# The source tree itself: no file names a directory of a development machine
# (scripts/check-paths.sh, also run by hand), checked against a planted one.
TESTS += tests/tree/paths.sh
EXTRA_DIST += tests/tree/paths.sh scripts/check-paths.sh
