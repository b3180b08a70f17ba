/* coll_model: the collectives' schedules at scale, without a network.
 *
 * Builds the node-aware schedules of src/coll/schedule.h for a job of many
 * PEs, counts what each PE does (rounds, messages and bytes over the
 * network, steps through shared memory) and prices them with an
 * alpha-beta model that has separate constants for shared memory and the
 * network.  The same is priced for today's algorithms (a dissemination
 * barrier over every PE; the general path's pulls of every member between
 * two such barriers), and the ratio printed.  A table for people, then one
 * JSON line per row.  See docs/PERFORMANCE.md, "Collectives at scale". */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "coll/schedule.h"

using namespace rocshmem::coll::sched;

namespace {

/* Defaults: measured with bench/shmem_bench.c on a loaded 2-core machine
 * (rough; bench/scale/constants.txt says how): alpha is pingpong_p's 8-byte
 * time, beta the inverse of put's 1 MiB bandwidth; shared memory between
 * two PEs, and two PEs on two emulated nodes over UCX on tcp.  alpha in
 * microseconds per message, beta in microseconds per byte. */
struct Model {
  double alpha_intra = 0.063, beta_intra = 1e-3 / 39.4; /* shared memory */
  double alpha_inter = 14.3, beta_inter = 1e-3 / 1.13;  /* UCX over tcp, loopback */
  double cost(bool inter, size_t bytes) const {
    return inter ? alpha_inter + beta_inter * bytes : alpha_intra + beta_intra * bytes;
  }
};

struct Options {
  std::vector<int> pes{8, 64, 1024, 4096, 16384};
  int per_node = 64;
  std::vector<size_t> bytes{8, 1 << 20};
  std::vector<Kind> kinds{Kind::barrier, Kind::broadcast, Kind::reduce, Kind::fcollect,
                          Kind::alltoall};
  Model model;
  bool table = true, json = true;
};

void usage(FILE *out) {
  std::fprintf(out,
      "usage: coll_model [options]\n"
      "Prints, for each job size and collective, the node-aware schedule's rounds, network\n"
      "operations and bytes per PE (max and mean), shared-memory steps, and the time an\n"
      "alpha-beta model gives it and today's algorithm (ratio new/today).\n"
      "  --pes LIST          job sizes (default 8,64,1024,4096,16384)\n"
      "  --per-node N        PEs per node (default 64; a smaller job is one node)\n"
      "  --bytes LIST        sizes: broadcast/reduce vector, fcollect block per PE,\n"
      "                      alltoall block per pair (default 8,1048576; K/M suffixes)\n"
      "  --kinds LIST        barrier,broadcast,reduce,fcollect,alltoall (default all)\n"
      "  --alpha-intra US    shared-memory message latency, microseconds\n"
      "  --beta-intra GBS    shared-memory bandwidth, GB/s\n"
      "  --alpha-inter US    network (UCX) message latency, microseconds\n"
      "  --beta-inter GBS    network bandwidth, GB/s\n"
      "  --constants FILE    lines 'name = value' with the four names above\n"
      "                      (alpha_intra, beta_intra, alpha_inter, beta_inter)\n"
      "  --table-only, --json-only\n"
      "  --help\n"
      "Defaults of the constants (measured roughly with bench/shmem_bench.c, see\n"
      "bench/scale/constants.txt): alpha_intra %.3f us, beta_intra %.1f GB/s,\n"
      "alpha_inter %.1f us, beta_inter %.2f GB/s.\n",
      Model{}.alpha_intra, 1e-3 / Model{}.beta_intra, Model{}.alpha_inter,
      1e-3 / Model{}.beta_inter);
}

[[noreturn]] void bad(const std::string &what) {
  std::fprintf(stderr, "coll_model: %s (--help for usage)\n", what.c_str());
  std::exit(2);
}

double number(const std::string &s, const char *opt) {
  char *end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  double scale = 1;
  if (*end == 'K' || *end == 'k') scale = 1024, ++end;
  else if (*end == 'M' || *end == 'm') scale = 1024 * 1024, ++end;
  else if (*end == 'G' || *end == 'g') scale = 1024.0 * 1024 * 1024, ++end;
  if (end == s.c_str() || *end || !(v >= 0)) bad(std::string(opt) + ": not a number: " + s);
  return v * scale;
}

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

void set_constant(Model &m, const std::string &name, double v, const char *where) {
  if (v <= 0) bad(std::string(where) + ": " + name + " must be positive");
  if (name == "alpha_intra") m.alpha_intra = v;
  else if (name == "beta_intra") m.beta_intra = 1e-3 / v;
  else if (name == "alpha_inter") m.alpha_inter = v;
  else if (name == "beta_inter") m.beta_inter = 1e-3 / v;
  else bad(std::string(where) + ": unknown constant " + name);
}

void read_constants(Model &m, const char *path) {
  std::ifstream in(path);
  if (!in) bad(std::string("--constants: cannot read ") + path);
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    const size_t eq = line.find('=');
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (eq == std::string::npos) bad(std::string(path) + ": expected 'name = value': " + line);
    auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(" \t"));
      s.erase(s.find_last_not_of(" \t\r") + 1);
      return s;
    };
    set_constant(m, trim(line.substr(0, eq)), number(trim(line.substr(eq + 1)), path), path);
  }
}

Options parse(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) bad(a + " needs a value");
      return argv[++i];
    };
    if (a == "--help" || a == "-h") {
      usage(stdout);
      std::exit(0);
    } else if (a == "--pes") {
      o.pes.clear();
      for (auto &s : split(value())) {
        const double v = number(s, "--pes");
        if (v < 1 || v > 1 << 20) bad("--pes: out of range: " + s);
        o.pes.push_back(static_cast<int>(v));
      }
    } else if (a == "--per-node") {
      const double v = number(value(), "--per-node");
      if (v < 1) bad("--per-node must be at least 1");
      o.per_node = static_cast<int>(v);
    } else if (a == "--bytes") {
      o.bytes.clear();
      for (auto &s : split(value())) o.bytes.push_back(static_cast<size_t>(number(s, "--bytes")));
    } else if (a == "--kinds") {
      o.kinds.clear();
      for (auto &s : split(value())) {
        bool found = false;
        for (Kind k : {Kind::barrier, Kind::broadcast, Kind::reduce, Kind::fcollect,
                       Kind::alltoall})
          if (s == kind_name(k)) o.kinds.push_back(k), found = true;
        if (!found) bad("--kinds: unknown collective " + s);
      }
    } else if (a == "--alpha-intra" || a == "--beta-intra" || a == "--alpha-inter" ||
               a == "--beta-inter") {
      std::string name = a.substr(2);
      std::replace(name.begin(), name.end(), '-', '_');
      set_constant(o.model, name, number(value(), a.c_str()), a.c_str());
    } else if (a == "--constants") {
      read_constants(o.model, value().c_str());
    } else if (a == "--table-only") {
      o.json = false;
    } else if (a == "--json-only") {
      o.table = false;
    } else {
      bad("unknown option " + a);
    }
  }
  return o;
}

/* Modelled time of a schedule: rounds in sequence; in a round each PE's
 * sends, and separately its receives, are serialized (alpha + beta * bytes
 * each), a node's network traffic each way shares its one link (beta_inter
 * * the bytes of all its PEs), and the round lasts as long as the busiest
 * PE or link. */
double schedule_time(const Schedule &s, const Model &m, const Layout &l) {
  const int n = l.size();
  double total = 0;
  std::vector<double> out(n), in(n), link_out(l.nodes()), link_in(l.nodes());
  for (const Round &r : s.rounds) {
    std::fill(out.begin(), out.end(), 0.0);
    std::fill(in.begin(), in.end(), 0.0);
    std::fill(link_out.begin(), link_out.end(), 0.0);
    std::fill(link_in.begin(), link_in.end(), 0.0);
    for (const Step &st : r.steps) {
      (st.send ? out : in)[st.pe] += m.cost(st.inter, st.bytes);
      if (st.inter) (st.send ? link_out : link_in)[l.node[st.pe]] += m.beta_inter * st.bytes;
    }
    double longest = 0;
    for (int p = 0; p < n; ++p) longest = std::max({longest, out[p], in[p]});
    for (int v = 0; v < l.nodes(); ++v) longest = std::max({longest, link_out[v], link_in[v]});
    total += longest;
  }
  return total;
}

/* Today's general path, pulls between barriers (src/coll/coll.h): each PE
 * gets what it needs from every member, one blocking get (a round trip)
 * after another, its node's link carrying the gets of all its PEs.
 * Favourable to today: the pulls are assumed spread over distinct members
 * at any moment, except a broadcast's, which all read the root (whose
 * node's link then carries every copy). */
struct Today {
  double time = 0;
  double inter_ops = 0; /* network operations per PE: gets and barrier signals */
  const char *algorithm = "";
};

Today today(Kind k, size_t bytes, const Layout &l, const Model &m, const Schedule &flat_sync) {
  const int n = l.size(), per = static_cast<int>(l.members[0].size());
  const double sync = schedule_time(flat_sync, m, l);
  int sync_ops = 0;
  for (const Round &r : flat_sync.rounds)
    for (const Step &st : r.steps) sync_ops += st.send && st.inter;
  const double sync_ops_per_pe = static_cast<double>(sync_ops) / n;
  const int local = per - 1, remote = n - per;
  auto pulls = [&](size_t b) {
    const double own = local * (2 * m.alpha_intra + m.beta_intra * b) +
                       remote * (2 * m.alpha_inter + m.beta_inter * b);
    return std::max(own, static_cast<double>(per) * remote * m.beta_inter * b);
  };
  Today t;
  switch (k) {
    case Kind::barrier:
      t.algorithm = "dissemination over every PE";
      t.time = sync;
      t.inter_ops = sync_ops_per_pe;
      break;
    case Kind::broadcast: {
      t.algorithm = "2 barriers + every PE gets the root's buffer";
      const double reader = remote ? 2 * m.alpha_inter + m.beta_inter * bytes
                                   : 2 * m.alpha_intra + m.beta_intra * bytes;
      const double root_link = remote * m.beta_inter * bytes;
      t.time = 2 * sync + std::max(reader, root_link);
      t.inter_ops = 2 * sync_ops_per_pe + (remote ? 1 : 0);
      break;
    }
    case Kind::reduce:
      if (bytes <= 16 * 1024 || bytes / 8 < static_cast<size_t>(n)) {
        t.algorithm = "2 barriers + every PE gets every member's vector";
        t.time = 2 * sync + pulls(bytes);
        t.inter_ops = 2 * sync_ops_per_pe + remote;
      } else {
        t.algorithm = "4 barriers + gets of one chunk from every member, twice";
        t.time = 4 * sync + 2 * pulls(bytes / n);
        t.inter_ops = 4 * sync_ops_per_pe + 2 * remote;
      }
      break;
    case Kind::fcollect:
    case Kind::alltoall:
      t.algorithm = "2 barriers + a get from every member";
      t.time = 2 * sync + pulls(bytes);
      t.inter_ops = 2 * sync_ops_per_pe + remote;
      break;
  }
  return t;
}

struct Row {
  int pes, nodes, per_node;
  Kind kind;
  size_t bytes;
  std::string algorithm;
  int rounds, inter_rounds, intra_rounds, intra_steps_max;
  int inter_ops_max;
  double inter_ops_mean;
  size_t inter_bytes_max;
  double inter_bytes_mean;
  double time_us;
  Today old;
};

Row evaluate(const Options &o, int pes, Kind k, size_t bytes, const Schedule &flat_sync,
             const Layout &l) {
  Params p;
  p.kind = k;
  p.bytes = k == Kind::barrier ? 0 : bytes;
  p.elem = k == Kind::broadcast || k == Kind::reduce ? 8 : 1;
  const Schedule s = build(l, p);
  Row r{};
  r.pes = pes, r.nodes = l.nodes(), r.per_node = static_cast<int>(l.members[0].size());
  r.kind = k, r.bytes = p.bytes, r.algorithm = s.inter_algorithm;
  r.rounds = static_cast<int>(s.rounds.size());
  for (const Round &rd : s.rounds) (rd.inter ? r.inter_rounds : r.intra_rounds) += 1;
  double ops = 0, vol = 0;
  for (const Counts &c : counts_of(s, pes)) {
    r.inter_ops_max = std::max(r.inter_ops_max, c.inter_msgs);
    r.inter_bytes_max = std::max(r.inter_bytes_max, c.inter_bytes);
    r.intra_steps_max = std::max(r.intra_steps_max, c.intra_msgs);
    ops += c.inter_msgs, vol += c.inter_bytes;
  }
  r.inter_ops_mean = ops / pes, r.inter_bytes_mean = vol / pes;
  r.time_us = schedule_time(s, o.model, l);
  r.old = today(k, p.bytes, l, o.model, flat_sync);
  return r;
}

std::string human(double bytes) {
  char buf[32];
  if (bytes >= 1 << 20) std::snprintf(buf, sizeof buf, "%.1fM", bytes / (1 << 20));
  else if (bytes >= 1 << 10) std::snprintf(buf, sizeof buf, "%.1fK", bytes / (1 << 10));
  else std::snprintf(buf, sizeof buf, "%.0f", bytes);
  return buf;
}

}  // namespace

int main(int argc, char **argv) {
  const Options o = parse(argc, argv);
  std::vector<Row> rows;
  for (int pes : o.pes) {
    const int per = std::min(o.per_node, pes);
    std::vector<int> node_of(pes);
    for (int m = 0; m < pes; ++m) node_of[m] = m / per;
    const Layout l{node_of};
    const Schedule flat_sync = flat_barrier(l);
    for (Kind k : o.kinds)
      for (size_t b : o.bytes) {
        rows.push_back(evaluate(o, pes, k, b, flat_sync, l));
        if (k == Kind::barrier) break;
      }
  }
  const Model &m = o.model;
  if (o.table) {
    std::printf("# alpha-beta model: shared memory %.3f us + %.1f GB/s, network %.1f us + %.2f GB/s\n",
                m.alpha_intra, 1e-3 / m.beta_intra, m.alpha_inter, 1e-3 / m.beta_inter);
    std::printf("%6s %5s %4s %-9s %7s %6s %6s %11s %15s %6s %11s %11s %7s  %s\n", "pes", "nodes",
                "ppn", "coll", "bytes", "rounds", "net_r", "net_ops/pe", "net_bytes/pe",
                "shm", "new_us", "today_us", "ratio", "inter-node algorithm");
    std::printf("%6s %5s %4s %-9s %7s %6s %6s %11s %15s %6s %11s %11s %7s\n", "", "", "", "", "",
                "", "", "max/mean", "max/mean", "steps", "", "", "");
    for (const Row &r : rows) {
      char ops[32], vol[40];
      std::snprintf(ops, sizeof ops, "%d/%.2f", r.inter_ops_max, r.inter_ops_mean);
      std::snprintf(vol, sizeof vol, "%s/%s", human(r.inter_bytes_max).c_str(),
                    human(r.inter_bytes_mean).c_str());
      std::printf("%6d %5d %4d %-9s %7s %6d %6d %11s %15s %6d %11.1f %11.1f %7.3f  %s\n", r.pes,
                  r.nodes, r.per_node, kind_name(r.kind), human(r.bytes).c_str(), r.rounds,
                  r.inter_rounds, ops, vol, r.intra_steps_max, r.time_us, r.old.time,
                  r.time_us / r.old.time, r.algorithm.empty() ? "-" : r.algorithm.c_str());
    }
  }
  if (o.json)
    for (const Row &r : rows)
      std::printf("{\"pes\": %d, \"nodes\": %d, \"per_node\": %d, \"coll\": \"%s\", \"bytes\": %zu, "
                  "\"algorithm\": \"%s\", \"rounds\": %d, \"inter_rounds\": %d, "
                  "\"intra_rounds\": %d, \"inter_ops_max\": %d, \"inter_ops_mean\": %.4f, "
                  "\"inter_bytes_max\": %zu, \"inter_bytes_mean\": %.1f, \"intra_steps_max\": %d, "
                  "\"model_us\": %.3f, \"today_us\": %.3f, \"today_inter_ops\": %.2f, "
                  "\"today_algorithm\": \"%s\", \"ratio\": %.4f, \"alpha_intra_us\": %g, "
                  "\"beta_intra_gbs\": %g, \"alpha_inter_us\": %g, \"beta_inter_gbs\": %g}\n",
                  r.pes, r.nodes, r.per_node, kind_name(r.kind), r.bytes, r.algorithm.c_str(),
                  r.rounds, r.inter_rounds, r.intra_rounds, r.inter_ops_max, r.inter_ops_mean,
                  r.inter_bytes_max, r.inter_bytes_mean, r.intra_steps_max, r.time_us, r.old.time,
                  r.old.inter_ops, r.old.algorithm, r.time_us / r.old.time, m.alpha_intra,
                  1e-3 / m.beta_intra, m.alpha_inter, 1e-3 / m.beta_inter);
  return 0;
}
