# GPU tests (included from Makefile.am in GPU builds only).  Each program has
# its kernels in several translation units (relocatable device code, linked
# with librocshmem_device.a by the GPU compiler) and runs on 2 and 4 PEs
# sharing one GPU through tests/gpu/gpu_test.sh, which skips without a GPU:
#   tests/gpu/rma     RMA thread/wave/wg, 1 B..1 MiB, unaligned, typed, half/bfloat16
#   tests/gpu/amo     every AMO type x op, exact totals from all PEs x 256 threads
#   tests/gpu/sync    barrier/sync_all (thread/wave/wg), rocshmem_ptr, put_signal
#                     ordering, wait_until/test set forms
#   tests/gpu/module  a module loaded at run time + rocshmem_cumodule_init
#                     (rocshmem_hipmodule_init on HIP)
#   tests/gpu/stream  GPU-heap allocation, host RMA/AMO/put_signal on GPU memory,
#                     the _on_stream routines (incl. a strided team's barrier)
#   tests/gpu/coll    device teams and collectives (every reduction type x op),
#                     thread/wave/wg, world and strided teams, _on_stream forms
GPU_TEST_PROGS = tests/gpu/rma tests/gpu/amo tests/gpu/sync tests/gpu/module tests/gpu/stream
GPU_TEST_PROGS += tests/gpu/coll
GPU_TEST_WRAPPERS = $(GPU_TEST_PROGS:=-np2.test) $(GPU_TEST_PROGS:=-np4.test)
GPU_TEST_MODULE = tests/gpu/module_kernel.gpubin

check_SCRIPTS += $(GPU_TEST_WRAPPERS) $(GPU_TEST_PROGS) $(GPU_TEST_MODULE)
TESTS += $(GPU_TEST_WRAPPERS)
CLEANFILES += $(GPU_TEST_WRAPPERS) $(GPU_TEST_PROGS) $(GPU_TEST_MODULE) tests/gpu/*.o
EXTRA_DIST += tests/gpu/gpu_test.sh tests/gpu/gpu_test.h tests/gpu/run_gpu_tests.sh tests/gpu/stage.sh \
	tests/gpu/build_ucx_gpu.sh \
	tests/gpu/rma.cu tests/gpu/rma_kernels.cu tests/gpu/rma_kernels.h \
	tests/gpu/amo.cu tests/gpu/amo_kernels.cu tests/gpu/amo_kernels.h \
	tests/gpu/sync.cu tests/gpu/sync_kernels.cu tests/gpu/sync_kernels.h \
	tests/gpu/module.cu tests/gpu/module_kernel.cu tests/gpu/stream.cu
EXTRA_DIST += tests/gpu/coll.cu tests/gpu/coll_kernels.cu tests/gpu/coll_kernels.h

GPU_TEST_COMPILE = $(GPU_COMPILE) $(GPU_RDC_FLAGS) $(MPI_CPPFLAGS) -c
GPU_TEST_LINK = $(GPUCC) $(GPU_LINK_FLAGS) -o $@
GPU_TEST_LIBS = librocshmem_device.a -L.libs -lrocshmem $(MPI_LIBS) \
	-Xlinker -rpath -Xlinker $(abs_top_builddir)/.libs
GPU_TEST_DEPS = $(srcdir)/tests/gpu/gpu_test.h $(srcdir)/include/rocshmem/rocshmem_device.h \
	librocshmem_device.a librocshmem.la

# Objects: tests/gpu/NAME.o from tests/gpu/NAME.cu (explicit rules: the test
# objects need MPI's headers, the library's objects do not).
tests/gpu/rma.o: tests/gpu/rma.cu tests/gpu/rma_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/rma.cu -o $@
tests/gpu/rma_kernels.o: tests/gpu/rma_kernels.cu tests/gpu/rma_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/rma_kernels.cu -o $@
tests/gpu/amo.o: tests/gpu/amo.cu tests/gpu/amo_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/amo.cu -o $@
tests/gpu/amo_kernels.o: tests/gpu/amo_kernels.cu tests/gpu/amo_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/amo_kernels.cu -o $@
tests/gpu/sync.o: tests/gpu/sync.cu tests/gpu/sync_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/sync.cu -o $@
tests/gpu/sync_kernels.o: tests/gpu/sync_kernels.cu tests/gpu/sync_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/sync_kernels.cu -o $@
tests/gpu/module.o: tests/gpu/module.cu $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/module.cu -o $@
tests/gpu/module_kernel.o: tests/gpu/module_kernel.cu $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/module_kernel.cu -o $@

tests/gpu/rma: tests/gpu/rma.o tests/gpu/rma_kernels.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/rma.o tests/gpu/rma_kernels.o $(GPU_TEST_LIBS)
tests/gpu/amo: tests/gpu/amo.o tests/gpu/amo_kernels.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/amo.o tests/gpu/amo_kernels.o $(GPU_TEST_LIBS)
tests/gpu/sync: tests/gpu/sync.o tests/gpu/sync_kernels.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/sync.o tests/gpu/sync_kernels.o $(GPU_TEST_LIBS)
tests/gpu/stream.o: tests/gpu/stream.cu $(GPU_TEST_DEPS) $(srcdir)/include/rocshmem/rocshmem_stream.h
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/stream.cu -o $@
tests/gpu/stream: tests/gpu/stream.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/stream.o $(GPU_TEST_LIBS)
tests/gpu/module: tests/gpu/module.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/module.o $(GPU_TEST_LIBS)
tests/gpu/coll.o: tests/gpu/coll.cu tests/gpu/coll_kernels.h $(GPU_TEST_DEPS) \
	$(srcdir)/include/rocshmem/rocshmem_stream.h
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/coll.cu -o $@
tests/gpu/coll_kernels.o: tests/gpu/coll_kernels.cu tests/gpu/coll_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/coll_kernels.cu -o $@
tests/gpu/coll: tests/gpu/coll.o tests/gpu/coll_kernels.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/coll.o tests/gpu/coll_kernels.o $(GPU_TEST_LIBS)

# The run-time module: its relocatable code device-linked with the library
# into a loadable image (a fatbin on CUDA, a code object on HIP).
if GPU_CUDA
$(GPU_TEST_MODULE): tests/gpu/module_kernel.o librocshmem_device.a
	$(AM_V_GEN)$(GPUCC) $(GPU_ARCH_FLAGS) -dlink -fatbin tests/gpu/module_kernel.o \
	  librocshmem_device.a -o $@
else
$(GPU_TEST_MODULE): tests/gpu/module_kernel.cu librocshmem_device.a $(GPU_TEST_DEPS)
	$(AM_V_GEN)$(MKDIR_P) tests/gpu && $(GPU_COMPILE) $(GPU_RDC_FLAGS) --genco \
	  $(srcdir)/tests/gpu/module_kernel.cu librocshmem_device.a -o $@
endif

# tests/gpu/PROG-npN.test: runs PROG on N PEs (the module test gets the
# module's path).
$(GPU_TEST_WRAPPERS): $(srcdir)/tests/gpu/local.mk
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)base='$@'; base=$${base%.test}; np=$${base##*-np}; prog=$${base%-np*}; \
	args=; case $$prog in */module) args=" '$(abs_top_builddir)/$(GPU_TEST_MODULE)'" ;; esac; \
	{ echo '#!/bin/sh'; \
	  echo "# Generated by tests/gpu/local.mk: runs $$prog on $$np PEs sharing the GPU."; \
	  echo ': "$${ROCTEST_BUILDDIR:=$(abs_top_builddir)}"; export ROCTEST_BUILDDIR'; \
	  echo "exec /bin/sh '$(abs_top_srcdir)/tests/gpu/gpu_test.sh' $$np '$(abs_top_builddir)/$$prog'$$args \"\$$@\""; \
	} >$@-t && chmod +x $@-t && mv -f $@-t $@

# The GPU proxy (reverse offload; proxy forces ROCSHMEM_GPU_PROXY=all, and
# `proxy --leftover` is run_gpu_tests.sh's finalize-report child) and device
# contexts (run in every proxy mode):
#   tests/gpu/proxy   nbi + fence/quiet ordering, AMO atomicity on one word,
#                     put_signal ordering, puts around the sizes whose data
#                     travels with the request (thread, warp, block), more
#                     puts than the ring has slots, rocshmem_ptr /
#                     pe_accessible
#   tests/gpu/ctx     wg_ctx_create/destroy, pool exhaustion, team contexts'
#                     PE numbering, per-context quiet
GPU_TEST_PROGS += tests/gpu/proxy tests/gpu/ctx
EXTRA_DIST += tests/gpu/proxy.cu tests/gpu/proxy_kernels.cu tests/gpu/proxy_kernels.h \
	tests/gpu/ctx.cu tests/gpu/ctx_kernels.cu tests/gpu/ctx_kernels.h
tests/gpu/proxy.o: tests/gpu/proxy.cu tests/gpu/proxy_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/proxy.cu -o $@
tests/gpu/proxy_kernels.o: tests/gpu/proxy_kernels.cu tests/gpu/proxy_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/proxy_kernels.cu -o $@
tests/gpu/proxy: tests/gpu/proxy.o tests/gpu/proxy_kernels.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/proxy.o tests/gpu/proxy_kernels.o $(GPU_TEST_LIBS)
tests/gpu/ctx.o: tests/gpu/ctx.cu tests/gpu/ctx_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/ctx.cu -o $@
tests/gpu/ctx_kernels.o: tests/gpu/ctx_kernels.cu tests/gpu/ctx_kernels.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/ctx_kernels.cu -o $@
tests/gpu/ctx: tests/gpu/ctx.o tests/gpu/ctx_kernels.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/ctx.o tests/gpu/ctx_kernels.o $(GPU_TEST_LIBS)

# Bad input to device calls (one case per job: a trapped kernel leaves the
# GPU context unusable), run by run_gpu_tests.sh, not by make check:
#   tests/gpu/errors  PE/address/alignment errors of RMA, p, AMOs, _wg and
#                     a collective's non-symmetric dest: the
#                     device's message names the call and argument, the
#                     launch fails, the job exits non-zero
GPU_ERROR_PROG = tests/gpu/errors
check_SCRIPTS += $(GPU_ERROR_PROG)
CLEANFILES += $(GPU_ERROR_PROG)
EXTRA_DIST += tests/gpu/errors.cu
tests/gpu/errors.o: tests/gpu/errors.cu tests/gpu/one_case.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/errors.cu -o $@
tests/gpu/errors: tests/gpu/errors.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/errors.o $(GPU_TEST_LIBS)

# Time limits of device waits (one case per job, as errors), run by
# run_gpu_tests.sh, not by make check:
#   tests/gpu/waits   wait_until and its set forms, signal_wait_until,
#                     barrier/sync (thread, wg), a collective, a quiet behind
#                     the proxy: with ROCSHMEM_WAIT_TIMEOUT and a peer that
#                     never comes, the kernel names the routine, the PE, the
#                     address and the value, and its launch fails within the
#                     limit; satisfied before the limit, the waits return the
#                     values waited for (with ROCSHMEM_WAIT_WARN's warning)
GPU_WAITS_PROG = tests/gpu/waits
check_SCRIPTS += $(GPU_WAITS_PROG)
CLEANFILES += $(GPU_WAITS_PROG)
EXTRA_DIST += tests/gpu/waits.cu tests/gpu/one_case.h
tests/gpu/waits.o: tests/gpu/waits.cu tests/gpu/one_case.h $(GPU_TEST_DEPS)
	$(AM_V_CXX)$(MKDIR_P) tests/gpu && $(GPU_TEST_COMPILE) $(srcdir)/tests/gpu/waits.cu -o $@
tests/gpu/waits: tests/gpu/waits.o
	$(AM_V_CXXLD)$(GPU_TEST_LINK) tests/gpu/waits.o $(GPU_TEST_LIBS)
