/* The native module _rocshmem4py (see module.h for its contract): one
 * binding file per concern. */
#include "module.h"

PYBIND11_MODULE(_rocshmem4py, m) {
  m.doc() = "rocshmem host API for Python: the public names are exactly those of rocSHMEM's "
            "_rocshmem4py module; names starting with '_' serve the rocshmem4py package.";
  rocshmem4py::bind_setup(m);
  rocshmem4py::bind_teams(m);
  rocshmem4py::bind_memory(m);
  rocshmem4py::bind_buffer(m);
  rocshmem4py::bind_rma(m);
  rocshmem4py::bind_amo(m);
  rocshmem4py::bind_stream(m);
  rocshmem4py::bind_coll(m);
}
