#!/bin/bash
# On the GPU machine, in one call (about 9 minutes at most), from a folder
# staged by bench/gpu/stage_proxy.sh (see bench/gpu/PROXY.md):
#
#   bash STAGED/run_proxy.sh STAGED OUTDIR
#
# writes into OUTDIR, in this order (a part that would start past BUDGET
# seconds, default 520, is skipped and said so in summary.txt):
#   waits.tap          the device-wait time limits (tests/gpu/waits.cu), 2 PEs
#   bench_unset.txt    the proxy benchmark (bin/proxy_bench), 2 emulated nodes
#                      over UCX tcp, MPS on, ROCSHMEM_WAIT_TIMEOUT unset
#   bench_set.txt      the same with ROCSHMEM_WAIT_TIMEOUT=600: its latency rows
#                      must not change
#   tests_nodes.tap    the GPU test programs, 2 PEs, each its own emulated node
#                      (every device op to the other PE through the proxy), MPS on
#   tests_default.tap  the GPU test programs, 2 PEs, default mode, MPS off
#   bench_direct.txt   the benchmark against the UCX with GPU support staged as
#                      ucx-gpu/ (tests/gpu/stage.sh with UCX_GPU=...; UCX_TLS=
#                      tcp,cuda_copy,self, ROCSHMEM_GPU_NET_DIRECT=on): puts and
#                      gets on the registered heap
#   tests_direct.tap   the GPU test programs on that UCX (run_gpu_tests.sh's
#                      "direct" mode), 2 PEs, MPS on
#   summary.txt        each part's exit status, seconds and last lines
# PARTS chooses and orders them (default "waits bench_unset bench_set
# tests_nodes tests_default bench_direct tests_direct"; the direct ones only
# where ucx-gpu/ was staged).
set -u
staged=$(cd "${1:?usage: $0 STAGED OUTDIR}" && pwd)
out=${2:?usage: $0 STAGED OUTDIR}
mkdir -p "$out" && out=$(cd "$out" && pwd)
budget=${BUDGET:-520}
t0=$SECONDS
export LD_LIBRARY_PATH="$staged/lib:${LD_LIBRARY_PATH:-}"
[ -d "$staged/lib/ucx" ] && export UCX_MODULE_DIR=$staged/lib/ucx
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NVSHMEM_DISABLE_NVLS=1
mps_control=${MPS_CONTROL:-/usr/local/nvidia/bin/nvidia-cuda-mps-control}
[ -x "$mps_control" ] || mps_control=$(command -v nvidia-cuda-mps-control || true)
mps_on() { [ -n "$mps_control" ] && "$mps_control" -d && sleep 1; }
mps_off() { [ -n "$mps_control" ] && echo quit | "$mps_control" >/dev/null 2>&1; sleep 1; }
summary=$out/summary.txt
{
  echo "# run_proxy.sh $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
  nvidia-smi -L 2>&1
  cat "$staged/REVISION" 2>/dev/null
} >"$summary"

# part NAME LIMIT_SECONDS COMMAND...: runs COMMAND (output into OUTDIR/NAME)
# when the budget allows, bounded by the time left.
part() {
  local name=$1 limit=$2 left rc start
  shift 2
  left=$((budget - (SECONDS - t0)))
  if [ "$left" -lt 20 ]; then
    echo "== $name: SKIPPED (budget of $budget s spent)" | tee -a "$summary"
    return
  fi
  [ "$limit" -gt "$left" ] && limit=$left
  start=$SECONDS
  timeout -k 5 "$limit" "$@" >"$out/$name" 2>&1
  rc=$?
  echo "== $name: exit $rc, $((SECONDS - start)) s (limit $limit s)" | tee -a "$summary"
  grep -E '^[0-9]+ passed|^not ok|NOT met|DATA WRONG' "$out/$name" | head -20 >>"$summary"
}

parts=" ${PARTS:-waits bench_unset bench_set tests_nodes tests_default bench_direct tests_direct} "
[ -d "$staged/ucx-gpu/lib" ] || parts=${parts/ bench_direct / }
[ -d "$staged/ucx-gpu/lib" ] || parts=${parts/ tests_direct / }
wanted() { [[ "$parts" = *" $1 "* ]]; }

wanted waits && part waits.tap 90 env NPS=2 MPS_MODES=off PROGS=waits bash "$staged/run_gpu_tests.sh" "$staged"

wanted bench_unset || wanted bench_set || wanted bench_direct && mps_on
# The benchmark on 2 emulated nodes (a command line, not a function: part
# runs it under timeout, which executes programs only).
bench=(mpirun -np 2 --bind-to none -x LD_LIBRARY_PATH -x UCX_MODULE_DIR
  env ROCSHMEM_PES_PER_NODE=1 UCX_TLS=tcp,self SHMEM_SYMMETRIC_SIZE=1G ROCSHMEM_GPU=on)
wanted bench_unset && part bench_unset.txt 100 "${bench[@]}" "$staged/bin/proxy_bench"
wanted bench_set && part bench_set.txt 100 "${bench[@]}" ROCSHMEM_WAIT_TIMEOUT=600 "$staged/bin/proxy_bench"
wanted bench_direct && part bench_direct.txt 100 mpirun -np 2 --bind-to none \
  -x LD_LIBRARY_PATH="$staged/ucx-gpu/lib:$LD_LIBRARY_PATH" -x UCX_MODULE_DIR="$staged/ucx-gpu/lib/ucx" \
  env ROCSHMEM_PES_PER_NODE=1 UCX_TLS=tcp,cuda_copy,self SHMEM_SYMMETRIC_SIZE=1G ROCSHMEM_GPU=on \
  ROCSHMEM_GPU_NET_DIRECT=on SHMEM_INFO=1 "$staged/bin/proxy_bench"
mps_off

wanted tests_nodes && part tests_nodes.tap 200 env NPS=2 MPS_MODES=on PROXY_MODES=nodes TEST_TIMEOUT=150 \
  PROGS="rma amo sync stream coll ctx module proxy" bash "$staged/run_gpu_tests.sh" "$staged"
wanted tests_default && part tests_default.tap 150 env NPS=2 MPS_MODES=off PROXY_MODES=auto TEST_TIMEOUT=100 \
  PROGS="rma amo sync stream coll ctx module proxy errors" bash "$staged/run_gpu_tests.sh" "$staged"
wanted tests_direct && part tests_direct.tap 200 env NPS=2 MPS_MODES=on PROXY_MODES=direct \
  TEST_TIMEOUT=150 PROGS="rma amo sync stream coll ctx proxy" bash "$staged/run_gpu_tests.sh" "$staged"
echo "== total $((SECONDS - t0)) s" | tee -a "$summary"
