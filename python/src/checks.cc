/* The binding's own bookkeeping: errors, the state checks made before a C
 * call, and the registries of symmetric blocks and teams that let bad
 * arguments raise instead of ending the job. */
#include <shmemx.h> /* shmemx_query_initialized */

#include <cstdio>
#include <iterator>
#include <map>

#include "module.h"

namespace rocshmem4py {

void value_error(const char *call, const std::string &message) {
  throw py::value_error(std::string(call) + ": " + message);
}

void runtime_error(const char *call, const std::string &message) {
  throw std::runtime_error(std::string(call) + ": " + message);
}

std::string hex(uintptr_t address) {
  char text[2 + 2 * sizeof address + 1];
  std::snprintf(text, sizeof text, "0x%zx", static_cast<size_t>(address));
  return text;
}

bool initialized() {
  int yes = 0;
  shmemx_query_initialized(&yes);
  return yes != 0;
}

void require_init(const char *call) {
  if (!initialized())
    runtime_error(call, "rocshmem is not initialized (call rocshmem_init, rocshmem_init_attr or a "
                        "rocshmem4py init_* helper first; or it was finalized)");
}

void check_pe(const char *call, const char *arg, int pe) {
  const int n = rocshmem_n_pes();
  if (pe < 0 || pe >= n)
    value_error(call, std::string(arg) + " = " + std::to_string(pe) + " is out of range [0, " +
                          std::to_string(n) + ")");
}

bool heap_is_gpu() { return rocshmem_get_device_ctx() != nullptr; }

/* ---------------------------------------------------------------- blocks */
namespace {
std::map<uintptr_t, Block> g_blocks;
uint64_t g_next_serial = 1;
}  // namespace

void blocks_add(uintptr_t start, size_t size, bool gpu) {
  g_blocks[start] = Block{start, size, g_next_serial++, gpu};
}

void blocks_remove(uintptr_t start) { g_blocks.erase(start); }

const Block *block_at(uintptr_t start) {
  auto it = g_blocks.find(start);
  return it == g_blocks.end() ? nullptr : &it->second;
}

const Block *block_containing(uintptr_t address) {
  auto it = g_blocks.upper_bound(address);
  if (it == g_blocks.begin()) return nullptr;
  --it;
  return address - it->second.start < it->second.size ? &it->second : nullptr;
}

std::vector<Block> blocks_live() {
  std::vector<Block> all;
  for (const auto &entry : g_blocks) all.push_back(entry.second);
  return all;
}

namespace {
void check_fits(const char *call, const char *arg, const Block &b, uintptr_t address,
                size_t nbytes) {
  const size_t left = b.size - (address - b.start);
  if (nbytes > left)
    value_error(call, std::to_string(nbytes) + " bytes at " + arg + " = " + hex(address) +
                          " overrun its symmetric block (" + std::to_string(b.size) +
                          " bytes at " + hex(b.start) + ", " + std::to_string(left) +
                          " bytes left)");
}
}  // namespace

const Block *check_symmetric(const char *call, const char *arg, uintptr_t address,
                             size_t nbytes) {
  if (nbytes == 0) return nullptr; /* the C calls accept anything, NULL too, for 0 bytes */
  const Block *b = block_containing(address);
  if (!b)
    value_error(call, std::string(arg) + " = " + hex(address) +
                          " is not in a live symmetric block (rocshmem_malloc, calloc or align "
                          "of this module; freed blocks do not count)");
  check_fits(call, arg, *b, address, nbytes);
  return b;
}

void check_local(const char *call, const char *arg, uintptr_t address, size_t nbytes) {
  if (nbytes == 0) return;
  if (address == 0)
    value_error(call, std::string(arg) + " = NULL with " + std::to_string(nbytes) +
                          " bytes to transfer");
  if (const Block *b = block_containing(address)) check_fits(call, arg, *b, address, nbytes);
}

/* ---------------------------------------------------------------- heap anchor */
namespace {
uintptr_t g_anchor_address = 0;
}  // namespace

uintptr_t heap_anchor() { return g_anchor_address; }
void set_heap_anchor(uintptr_t anchor) { g_anchor_address = anchor; }

/* ---------------------------------------------------------------- registrations */
namespace {
std::map<uintptr_t, size_t> g_registered;
}  // namespace

void registration_add(const char *call, uintptr_t address, size_t length) {
  if (!address || !length)
    value_error(call, "addr = " + hex(address) + ", length = " + std::to_string(length) +
                          ": an empty range cannot be registered");
  auto next = g_registered.lower_bound(address);
  const bool overlaps_next = next != g_registered.end() && next->first - address < length;
  const bool overlaps_prev =
      next != g_registered.begin() && address - std::prev(next)->first < std::prev(next)->second;
  if (overlaps_next || overlaps_prev)
    value_error(call, "[" + hex(address) + ", +" + std::to_string(length) +
                          ") overlaps a range registered before");
  g_registered[address] = length;
}

void registration_remove(const char *call, uintptr_t address) {
  if (!g_registered.erase(address))
    value_error(call, "addr = " + hex(address) + " is not the start of a registered range");
}

void registrations_clear() { g_registered.clear(); }

/* ---------------------------------------------------------------- teams */
namespace {
std::map<long, rocshmem_team_t> g_teams;
long g_next_team = 1; /* never reused, so a destroyed team's id stays invalid */
}  // namespace

rocshmem_team_t team_handle(const char *call, const char *arg, long id, bool allow_invalid) {
  if (id == kTeamWorld) return ROCSHMEM_TEAM_WORLD;
  if (id == kTeamInvalid) {
    if (allow_invalid) return ROCSHMEM_TEAM_INVALID;
    value_error(call, std::string(arg) + " = -1 (ROCSHMEM_TEAM_INVALID)");
  }
  auto it = g_teams.find(id);
  if (it == g_teams.end())
    value_error(call, std::string(arg) + " = " + std::to_string(id) +
                          " is not a live team of this PE (destroyed, never created, or a split "
                          "this PE is not a member of)");
  return it->second;
}

long team_register(rocshmem_team_t team) {
  const long id = g_next_team++;
  g_teams[id] = team;
  return id;
}

void team_forget(long id) { g_teams.erase(id); }

std::vector<long> teams_live() {
  std::vector<long> ids;
  for (const auto &entry : g_teams) ids.push_back(entry.first);
  return ids;
}

void forget_runtime_objects() {
  g_blocks.clear();
  g_teams.clear();
  g_registered.clear();
  g_anchor_address = 0;
}

}  // namespace rocshmem4py
