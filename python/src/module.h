/*
 * _rocshmem4py: the native half of the rocshmem4py package (pybind11).
 *
 * Its public names (those not starting with "_") are exactly those of
 * rocSHMEM's _rocshmem4py module, with the meaning of
 * the C calls of the same name: pointers are Python ints, streams are ints
 * (the raw cudaStream_t / hipStream_t), teams are ints (0 is
 * ROCSHMEM_TEAM_WORLD, -1 ROCSHMEM_TEAM_INVALID, splits get 1, 2, 3 ... in
 * creation order).  Names starting with "_" are private helpers of the
 * Python package.
 *
 * Where the C library would end the whole job on a bad argument (a call
 * before init, a PE out of range, an unknown team, a transfer overrunning
 * its symmetric block, a double free), the binding checks first and raises
 * a Python exception naming the call and the argument instead.
 *
 * One source builds against a CPU-only and a GPU librocshmem: the routines
 * only a GPU build has are looked up at run time (gpu_runtime.cc).
 */
#ifndef ROCSHMEM4PY_MODULE_H
#define ROCSHMEM4PY_MODULE_H

#include <pybind11/pybind11.h>
#include <rocshmem/rocshmem.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

/* Declared in <rocshmem/rocshmem_device.h>, which needs a GPU compiler;
 * every build of the library defines it: NULL before init or without a GPU
 * heap (rocshmem_device(3)). */
extern "C" void *rocshmem_get_device_ctx(void);

namespace rocshmem4py {

namespace py = pybind11;

/* ---------------------------------------------------------------- errors
 * "CALL: message" as ValueError (bad argument) or RuntimeError (bad state,
 * missing feature). */
[[noreturn]] void value_error(const char *call, const std::string &message);
[[noreturn]] void runtime_error(const char *call, const std::string &message);
std::string hex(uintptr_t address);

/* ---------------------------------------------------------------- state checks */
bool initialized();
void require_init(const char *call);
void check_pe(const char *call, const char *arg, int pe);

/* ---------------------------------------------------------------- symmetric blocks
 * Every block this module allocated, so that addresses and sizes can be
 * checked before the C library sees them.  The serial tells a block from a
 * later one at the same address. */
struct Block {
  uintptr_t start = 0;
  size_t size = 0;
  uint64_t serial = 0;
  bool gpu = false; /* from the GPU heap (rocshmem_malloc in a job with a GPU) */
};
void blocks_add(uintptr_t start, size_t size, bool gpu);
void blocks_remove(uintptr_t start);
const Block *block_at(uintptr_t start); /* the live block starting there, or null */
const Block *block_containing(uintptr_t address);
std::vector<Block> blocks_live();
/* [address, address + nbytes) must lie in one live block (a symmetric
 * argument: the C library would end the job otherwise); nbytes 0 passes. */
const Block *check_symmetric(const char *call, const char *arg, uintptr_t address,
                             size_t nbytes);
/* A local argument may be any memory, but not NULL with bytes to move, and
 * not past the end of a block it starts in. */
void check_local(const char *call, const char *arg, uintptr_t address, size_t nbytes);
/* Whether rocshmem_malloc serves this job from the GPU heap (after init). */
bool heap_is_gpu();
/* Called by every successful init: allocates the heap anchor, a small block
 * every PE holds at the same offset (init is collective, so this costs no
 * extra collective call later), from which get_heap_bases finds where each
 * PE's heap is mapped here.  0 until then. */
void memory_after_init();
uintptr_t heap_anchor();
/* Collective over team: every member's `mine` (collect's byte counts),
 * exchanged through the heap anchor's area. */
std::vector<uint64_t> collect_counts(rocshmem_team_t team, uint64_t mine);
void set_heap_anchor(uintptr_t anchor);

/* ---------------------------------------------------------------- registered local buffers
 * rocshmem_buffer_register's ranges: checked for overlap and existence. */
void registration_add(const char *call, uintptr_t address, size_t length);
void registration_remove(const char *call, uintptr_t address);
void registrations_clear();

/* ---------------------------------------------------------------- teams
 * The registry of teams made by rocshmem_team_split_strided. */
constexpr long kTeamWorld = 0;
constexpr long kTeamInvalid = -1;
/* The C handle of a live team id; raises for an unknown id, and for INVALID
 * unless allow_invalid (then it is the null handle). */
rocshmem_team_t team_handle(const char *call, const char *arg, long id, bool allow_invalid);
long team_register(rocshmem_team_t team);
void team_forget(long id);
std::vector<long> teams_live(); /* sorted: creation order */

/* Finalize drops the heap, every team and every registration with it. */
void forget_runtime_objects();
/* Around rocshmem_finalize: the host memory that _Buffer objects still
 * alive view is copied before and mapped again after (bind_buffer.cc). */
void views_before_finalize();
void views_after_finalize();

/* ---------------------------------------------------------------- GPU runtime (gpu_runtime.cc) */
/* A symbol of librocshmem (or of the libraries it links), null if absent. */
void *library_symbol(const char *name);
/* The same, raising RuntimeError naming the call when this librocshmem has
 * no GPU support. */
void *gpu_routine(const char *call);
/* "cuda", "hip" or "none": the GPU runtime found under librocshmem. */
const char *gpu_platform();
/* Device ordinal of GPU memory at address, -1 where the driver says it is
 * not device memory or there is no GPU runtime. */
int gpu_device_of(uintptr_t address);
void gpu_device_synchronize(const char *call);

/* ---------------------------------------------------------------- bindings, one file each */
void bind_setup(py::module_ &m);
void bind_teams(py::module_ &m);
void bind_memory(py::module_ &m);
void bind_buffer(py::module_ &m);
void bind_rma(py::module_ &m);
void bind_amo(py::module_ &m);
void bind_stream(py::module_ &m);
void bind_coll(py::module_ &m);

}  // namespace rocshmem4py

#endif
