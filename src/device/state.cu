/* The device state variable of this image and its registration with the
 * host library (see device/registration.h).  This object is pulled into every
 * executable that includes <rocshmem/rocshmem_device.h> through
 * rocshmemi_device_library_anchor, so its constructor always runs. */
#include <rocshmem/gpu_platform.h>

#include "device/registration.h"
#include "device/state.h"

extern "C" {
__constant__ rocshmem::device::State rocshmemi_device_state;
int rocshmemi_device_library_anchor = static_cast<int>(rocshmem::device::kStateVersion);
}

namespace {

int fill_this_image(const void *state, size_t bytes) {
  if (bytes != sizeof(rocshmem::device::State)) return -1;
  return hipMemcpyToSymbol(rocshmemi_device_state, state, bytes) == hipSuccess ? 0 : -1;
}

struct Registrar {
  Registrar() { rocshmemi_register_device_image(fill_this_image, rocshmem::device::kStateVersion); }
} registrar;

}  // namespace
