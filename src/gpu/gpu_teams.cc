/* The device team table: one slot per team this PE belongs to, in GPU
 * memory, so kernels can turn a team handle into its members
 * (src/device/impl/team.h).  Slot 0 is WORLD and slot 1 SHARED (the common
 * lookups end at once); split teams take the first free slot and give it
 * back when destroyed. */
#include "gpu/gpu_teams.h"

#include <mutex>
#include <vector>

#include "core/runtime.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
#include "team/team.h"

namespace rocshmem {
namespace gpu {
namespace {

/* Live teams per PE, WORLD and SHARED included.  Fixed, so that the table
 * never moves while kernels read it (growing it would mean refilling every
 * device image's state between kernels) and a lookup is one short scan;
 * programs keep a handful of teams alive (the OpenSHMEM tests and examples
 * create fewer than 10), and running out is reported naming the split. */
constexpr int kTeamSlots = 64;

struct DeviceTeams {
  device::Team *table = nullptr;     /* GPU [kTeamSlots] */
  int *pes = nullptr;                /* GPU [kTeamSlots][n_pes]: slot i's member list */
  std::vector<device::Team> host;    /* what the table holds */
  int n_pes = 0;
};
/* Guards the host copy (teams may be split from several threads); taken
 * before g_gpu.mu, never after. */
std::mutex g_teams_mu;
DeviceTeams g_teams;

/* Writes slot i's members (when given) and then the slot itself, on the
 * library's stream, so that a kernel scanning the table never sees a handle
 * before its members. */
void write_slot(const char *call, int i, const std::vector<int> *members) {
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  if (members)
    check(call, hipMemcpyAsync(g_teams.pes + size_t(i) * g_teams.n_pes, members->data(),
                               sizeof(int) * members->size(), hipMemcpyHostToDevice, g_gpu.stream),
          "copying a team's members to the GPU");
  check(call, hipMemcpyAsync(g_teams.table + i, &g_teams.host[i], sizeof(device::Team),
                             hipMemcpyHostToDevice, g_gpu.stream),
        "updating the GPU team table");
  check(call, hipStreamSynchronize(g_gpu.stream), "updating the GPU team table");
}

void fill_slot(const char *call, int i, const void *handle, const std::vector<int> &members,
               int my_index) {
  device::Team &t = g_teams.host[i];
  t.handle = handle;
  t.size = static_cast<int>(members.size());
  t.my_index = my_index;
  t.pes = g_teams.pes + size_t(i) * g_teams.n_pes;
  write_slot(call, i, &members);
}

}  // namespace

void device_teams_setup(const char *call, Runtime &rt) {
  g_teams.n_pes = rt.n_pes;
  g_teams.host.assign(kTeamSlots, device::Team{});
  check(call, hipMalloc(reinterpret_cast<void **>(&g_teams.table), sizeof(device::Team) * kTeamSlots),
        "allocating the GPU team table");
  /* On the library's stream, like the slot writes below: a hipMemset runs
   * on the legacy stream, which the non-blocking one does not wait for, so
   * it may clear WORLD's slot after the slot was written (seen as a kernel's
   * team_my_pe failing on WORLD: 4 PEs on one H100, MPS off, 2 of a suite's
   * 14 coll runs). */
  check(call, hipMemsetAsync(g_teams.table, 0, sizeof(device::Team) * kTeamSlots, g_gpu.stream),
        "clearing the GPU team table");
  check(call, hipMalloc(reinterpret_cast<void **>(&g_teams.pes),
                        sizeof(int) * kTeamSlots * size_t(rt.n_pes)),
        "allocating the GPU team member lists");
  std::vector<int> world(rt.n_pes);
  for (int pe = 0; pe < rt.n_pes; ++pe) world[pe] = pe;
  fill_slot(call, 0, ROCSHMEM_TEAM_WORLD, world, rt.my_pe);
  fill_slot(call, 1, ROCSHMEM_TEAM_SHARED, rt.topo.local_pes, rt.topo.local_rank);
  device::State &s = g_gpu.state;
  s.teams = g_teams.table;
  s.team_slots = kTeamSlots;
  s.team_world = ROCSHMEM_TEAM_WORLD;
  s.team_shared = ROCSHMEM_TEAM_SHARED;
}

void device_teams_teardown() {
  (void)hipFree(g_teams.table);
  (void)hipFree(g_teams.pes);
  g_teams = DeviceTeams{};
}

void team_created(const char *call, const rocshmem_team_s *team) {
  if (!g_gpu.active || !team) return;
  std::lock_guard<std::mutex> lock(g_teams_mu);
  for (int i = 0; i < kTeamSlots; ++i) {
    if (g_teams.host[i].handle) continue;
    fill_slot(call, i, team, team->pes, team->my_index);
    return;
  }
  fatal(call, "this PE belongs to %d teams, as many as the GPU team table holds: destroy teams "
        "that are no longer needed (rocshmem_team_destroy)", kTeamSlots);
}

void team_destroyed(const rocshmem_team_s *team) {
  if (!g_gpu.active || !team) return;
  std::lock_guard<std::mutex> lock(g_teams_mu);
  for (int i = 0; i < kTeamSlots; ++i) {
    if (g_teams.host[i].handle != team) continue;
    g_teams.host[i] = device::Team{};
    write_slot("rocshmem_team_destroy", i, nullptr);
    return;
  }
}

device::Team device_team(const char *call, rocshmem_team_t team) {
  std::lock_guard<std::mutex> lock(g_teams_mu);
  for (const device::Team &t : g_teams.host)
    if (t.handle == team) return t;
  fatal(call, "team = %p is not in the GPU team table (created before the GPU was set up?)",
        static_cast<void *>(team));
}

}  // namespace gpu
}  // namespace rocshmem
