/* Teams: TeamConfig, split/destroy through the registry of module.h, and
 * the queries.  Queries on ROCSHMEM_TEAM_INVALID (-1) return -1 as the C
 * calls do; a team id the registry does not know raises. */
#include <pybind11/stl.h>

#include "module.h"

namespace rocshmem4py {

namespace {

py::tuple split_strided(long parent, int start, int stride, int size,
                        const rocshmem_team_config_t *config, long config_mask) {
  const char *call = "rocshmem_team_split_strided";
  require_init(call);
  rocshmem_team_t parent_team = team_handle(call, "parent", parent, true);
  rocshmem_team_t made = ROCSHMEM_TEAM_INVALID;
  int status;
  {
    py::gil_scoped_release nogil; /* synchronizes the parent team */
    status = rocshmem_team_split_strided(parent_team, start, stride, size, config, config_mask,
                                         &made);
  }
  /* A PE outside the new team (or a failed split) gets ROCSHMEM_TEAM_INVALID
   * (-1), never 0: 0 is ROCSHMEM_TEAM_WORLD, and a non-member handed it would
   * run its team collectives on the whole world. */
  return py::make_tuple(status, made ? team_register(made) : kTeamInvalid);
}

void destroy(long team) {
  const char *call = "rocshmem_team_destroy";
  require_init(call);
  if (team == kTeamWorld)
    value_error(call, "team = 0 (ROCSHMEM_TEAM_WORLD) is predefined and cannot be destroyed");
  rocshmem_team_t handle = team_handle(call, "team", team, true);
  if (!handle) return; /* destroying ROCSHMEM_TEAM_INVALID does nothing */
  {
    py::gil_scoped_release nogil; /* synchronizes the team */
    rocshmem_team_destroy(handle);
  }
  team_forget(team);
}

template <int (*F)(rocshmem_team_t)>
int team_query(const char *call, long team) {
  require_init(call);
  return F(team_handle(call, "team", team, true));
}

int translate_pe(long src_team, int src_pe, long dest_team) {
  const char *call = "rocshmem_team_translate_pe";
  require_init(call);
  return rocshmem_team_translate_pe(team_handle(call, "src_team", src_team, true), src_pe,
                                    team_handle(call, "dest_team", dest_team, true));
}

}  // namespace

void bind_teams(py::module_ &m) {
  py::class_<rocshmem_team_config_t>(m, "TeamConfig",
                                     "rocshmem_team_config_t: num_contexts counts when the "
                                     "split's config_mask has ROCSHMEM_TEAM_NUM_CONTEXTS (1).")
      .def(py::init([](int num_contexts) { return rocshmem_team_config_t{num_contexts}; }),
           py::arg("num_contexts") = 0)
      .def_readwrite("num_contexts", &rocshmem_team_config_t::num_contexts)
      .def("__repr__", [](const rocshmem_team_config_t &c) {
        return "TeamConfig(num_contexts=" + std::to_string(c.num_contexts) + ")";
      });

  m.def("rocshmem_team_split_strided", &split_strided, py::arg("parent"), py::arg("start"),
        py::arg("stride"), py::arg("size"), py::arg("config") = nullptr,
        py::arg("config_mask") = 0,
        "Collective over parent: returns (status, team); a PE outside the new team, or a "
        "failed split, gets team -1 (ROCSHMEM_TEAM_INVALID).");
  m.def("rocshmem_team_destroy", &destroy, py::arg("team"),
        "Collective over the team; -1 (INVALID) does nothing.");
  m.def("rocshmem_team_my_pe",
        [](long team) { return team_query<rocshmem_team_my_pe>("rocshmem_team_my_pe", team); },
        py::arg("team"));
  m.def("rocshmem_team_n_pes",
        [](long team) { return team_query<rocshmem_team_n_pes>("rocshmem_team_n_pes", team); },
        py::arg("team"));
  m.def("rocshmem_team_translate_pe", &translate_pe, py::arg("src_team"), py::arg("src_pe"),
        py::arg("dest_team"));
  m.def("_teams_live", &teams_live, "Live team ids of this PE, in creation order.");
}

}  // namespace rocshmem4py
