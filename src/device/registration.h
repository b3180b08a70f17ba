/* How the host library finds the device images that hold a copy of the
 * device state (with relocatable device code the state lives in the
 * application's image, not in the library's).
 *
 * Each copy of librocshmem_device.a linked into an executable or shared
 * object registers, from a static constructor, a function that copies the
 * state into *its* image's rocshmemi_device_state.  rocshmem_init fills every
 * registered image once the GPU heap is set up; images registered later (a
 * library loaded after init) are filled at registration.  Kernels in modules
 * loaded at run time are reached through rocshmem_hipmodule_init /
 * rocshmem_cumodule_init instead, which look the symbol up by name. */
#ifndef ROCSHMEM_DEVICE_REGISTRATION_H
#define ROCSHMEM_DEVICE_REGISTRATION_H

#include <stddef.h>

/* Name of the state variable in every device image. */
#define ROCSHMEM_DEVICE_STATE_SYMBOL "rocshmemi_device_state"

#ifdef __cplusplus
extern "C" {
#endif

/* Copies `bytes` bytes of state into the image; returns 0 on success. */
typedef int (*rocshmemi_device_fill_fn)(const void *state, size_t bytes);

/* Exported by librocshmem; called by librocshmem_device.a. */
void rocshmemi_register_device_image(rocshmemi_device_fill_fn fill, unsigned state_version);

#ifdef __cplusplus
}
#endif

#endif
