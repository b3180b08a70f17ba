/* The inline device implementation (namespace rocshmem::device), for the
 * entry points of librocshmem_device.a and the host library's kernels. */
#ifndef ROCSHMEM_DEVICE_IMPL_ALL_H
#define ROCSHMEM_DEVICE_IMPL_ALL_H

#include "device/impl/amo.h"
#include "device/impl/core.h"
#include "device/impl/rma.h"
#include "device/impl/sync.h"

#endif
