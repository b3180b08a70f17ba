/* RMA (putmem/getmem and their _nbi forms) and ordering/synchronization
 * (fence, quiet, barriers, syncs). */
#include "module.h"

namespace rocshmem4py {

namespace {

using Transfer = void (*)(void *, const void *, size_t, int);

/* The symmetric side is dest for a put and source for a get; the other side
 * is this PE's memory (any address). */
template <Transfer F, bool kPut>
void transfer(const char *call, uintptr_t dest, uintptr_t source, size_t nbytes, int pe) {
  require_init(call);
  check_pe(call, "pe", pe);
  if (kPut) {
    check_symmetric(call, "dest", dest, nbytes);
    check_local(call, "source", source, nbytes);
  } else {
    check_local(call, "dest", dest, nbytes);
    check_symmetric(call, "source", source, nbytes);
  }
  py::gil_scoped_release nogil;
  F(reinterpret_cast<void *>(dest), reinterpret_cast<const void *>(source), nbytes, pe);
}

template <Transfer F, bool kPut>
void def_transfer(py::module_ &m, const char *name, const char *doc) {
  m.def(name,
        [name](uintptr_t dest, uintptr_t source, size_t nbytes, int pe) {
          transfer<F, kPut>(name, dest, source, nbytes, pe);
        },
        py::arg("dest"), py::arg("source"), py::arg("nbytes"), py::arg("pe"), doc);
}

template <void (*F)(void)>
void def_sync(py::module_ &m, const char *name, const char *doc) {
  m.def(name,
        [name] {
          require_init(name);
          py::gil_scoped_release nogil;
          F();
        },
        doc);
}

/* The same for a team (rocshmem_barrier, rocshmem_team_sync): F's result,
 * if any, is returned. */
template <auto F>
void def_team_sync(py::module_ &m, const char *name, const char *doc) {
  m.def(name,
        [name](long team) {
          require_init(name);
          rocshmem_team_t t = team_handle(name, "team", team, false);
          py::gil_scoped_release nogil;
          return F(t);
        },
        py::arg("team"), doc);
}

}  // namespace

void bind_rma(py::module_ &m) {
  def_transfer<rocshmem_putmem, true>(m, "rocshmem_putmem",
                                      "Copies nbytes from local source to symmetric dest on PE "
                                      "pe; returns when source may be reused.");
  def_transfer<rocshmem_getmem, false>(m, "rocshmem_getmem",
                                       "Copies nbytes from symmetric source on PE pe to local "
                                       "dest; returns when dest holds them.");
  def_transfer<rocshmem_putmem_nbi, true>(m, "rocshmem_putmem_nbi",
                                          "Non-blocking putmem: complete at rocshmem_quiet.");
  def_transfer<rocshmem_getmem_nbi, false>(m, "rocshmem_getmem_nbi",
                                           "Non-blocking getmem: complete at rocshmem_quiet.");

  def_sync<rocshmem_fence>(m, "rocshmem_fence", "Orders this PE's puts to each PE.");
  def_sync<rocshmem_quiet>(m, "rocshmem_quiet", "Completes this PE's outstanding puts and gets.");
  def_sync<rocshmem_barrier_all>(m, "rocshmem_barrier_all",
                                 "Quiet, then wait for every PE (collective).");
  def_sync<rocshmem_sync_all>(m, "rocshmem_sync_all",
                              "Wait for every PE, without quiet (collective).");
  def_team_sync<rocshmem_barrier>(m, "rocshmem_barrier",
                                  "Quiet, then wait for every member of team (collective over it).");
  def_team_sync<rocshmem_team_sync>(m, "rocshmem_team_sync",
                                    "Wait for every member of team, without quiet (collective over it).");
}

}  // namespace rocshmem4py
