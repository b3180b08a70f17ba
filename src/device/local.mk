# librocshmem_device.a: the GPU device API (included from Makefile.am under
# HAVE_GPU; compiled by $(GPUCC) with relocatable device code).
librocshmem_device_a_SOURCES += src/device/state.cu src/device/rma.cu src/device/rma_group.cu \
	src/device/amo.cu src/device/sync.cu
# The inline implementation, also compiled into the host library's kernels
# (not named *_HEADERS: that suffix is an automake primary).
DEVICE_IMPL_DEPS = src/device/impl/all.h src/device/impl/core.h src/device/impl/rma.h \
	src/device/impl/amo.h src/device/impl/sync.h src/device/state.h \
	include/rocshmem/gpu_platform.h
DEVICE_ENTRY_DEPS = src/device/entry.h src/device/registration.h \
	include/rocshmem/rocshmem_device.h $(DEVICE_IMPL_DEPS)
EXTRA_DIST += $(DEVICE_ENTRY_DEPS)
$(librocshmem_device_a_OBJECTS): $(DEVICE_ENTRY_DEPS)
# Reverse offload (the channel to the host proxy) and device contexts.
librocshmem_device_a_SOURCES += src/device/ctx.cu
DEVICE_IMPL_DEPS += src/device/impl/proxy.h src/device/proxy_channel.h src/device/context.h
DEVICE_ENTRY_DEPS += src/device/impl/ctx.h
# Device teams and collectives (one file per form and part: the reductions
# are many entry points, and separate files compile in parallel).
librocshmem_device_a_SOURCES += src/device/team.cu src/device/coll.cu src/device/coll_wave.cu \
	src/device/coll_wg.cu src/device/reduce.cu src/device/reduce_wave.cu src/device/reduce_wg.cu
DEVICE_IMPL_DEPS += src/device/impl/team.h src/device/impl/coll.h src/device/impl/coll_ops.h \
	src/device/impl/coll_push.h
DEVICE_ENTRY_DEPS += src/device/coll_entry.h
