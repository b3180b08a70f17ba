#!/bin/bash
# Runs every GPU test on this machine's GPU(s) with 2 and 4 PEs, with MPS off
# and then on (several PEs share one GPU), and prints one TAP stream plus a
# summary line "N passed, N failed".  One call of the GPU machine runs it:
#
#   here:   bash tests/gpu/stage.sh BUILD_DIR build-gpu-tests   (a --with-cuda build)
#   there:  bash tests/gpu/run_gpu_tests.sh build-gpu-tests
#
# STAGED is a folder made by stage.sh (lib/, bin/) or a build tree itself.
# Environment: NPS (default "2 4"), MPS_MODES (default "off on"), TEST_TIMEOUT
# (seconds per run, default 120), GPU_SETS (default "all": every GPU; else a
# space-separated list of CUDA_VISIBLE_DEVICES values, each a pass of its
# own, e.g. "0 0,1" = one GPU, then two).  PE i runs on GPU (node-local rank
# i) mod (visible GPUs): with 2 GPUs, 2 PEs get one GPU each, 4 PEs two each.
# PROXY_MODES: ROCSHMEM_GPU_PROXY values (default "auto all": auto, the
# default, where these same-node PEs use IPC; all, where every device RMA/AMO
# to another PE goes through the host proxy).  coll also runs once more
# with ROCSHMEM_GPU_COLL_PUSH=0 (every size on the pull path).  The proxy test forces all
# itself and runs once per size, with its finalize-report child
# (`proxy --leftover`).  PROGS: the programs to run (default every one:
# "rma amo sync stream coll ctx module proxy").
set -u
staged=$(cd "${1:?usage: $0 STAGED_OR_BUILD_DIR}" && pwd)
if [ -d "$staged/bin" ]; then bin=$staged/bin lib=$staged/lib
else bin=$staged/tests/gpu lib=$staged/.libs; fi
export LD_LIBRARY_PATH="$lib:${LD_LIBRARY_PATH:-}"
export NVSHMEM_DISABLE_NVLS=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
mps_control=${MPS_CONTROL:-/usr/local/nvidia/bin/nvidia-cuda-mps-control}
[ -x "$mps_control" ] || mps_control=$(command -v nvidia-cuda-mps-control || true)

nvidia-smi -L 2>/dev/null | sed 's/^/# /'
nvidia-smi topo -m 2>/dev/null | sed 's/^/# /'
passed=0 failed=0 n=0
progs=${PROGS:-rma amo sync stream coll ctx module proxy}
want() { case " $progs " in *" $1 "*) return 0 ;; esac; return 1; }
run_one() { # MODE NP PROG [ARGS]
  local mode=$1 np=$2 prog=$3
  shift 3
  local out rc label="$prog np=$np GPUs $gpus MPS $mode${ROCSHMEM_GPU_PROXY:+ proxy $ROCSHMEM_GPU_PROXY}${ROCSHMEM_GPU_COLL_PUSH:+ coll push $ROCSHMEM_GPU_COLL_PUSH}"
  out=$(timeout "${TEST_TIMEOUT:-120}" mpirun -np "$np" --bind-to none "$bin/$prog" "$@" 2>&1)
  rc=$?
  pkill -9 -f "$bin/$prog" 2>/dev/null
  local ok=$(echo "$out" | grep -c '^ok ') bad=$(echo "$out" | grep -c '^not ok ')
  n=$((n + 1))
  # EXPECT_LOG: a line the run must print (with ROCSHMEM_DEBUG_LEVEL=2 set
  # by the caller): which path init chose, say.
  if [ -n "${EXPECT_LOG:-}" ] && ! echo "$out" | grep -qF "$EXPECT_LOG"; then
    bad=$((bad + 1))
    out="$out
no line '$EXPECT_LOG' in the output"
  fi
  if [ "$rc" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$ok" -gt 0 ]; then
    passed=$((passed + ok))
    echo "ok $n - $label ($ok cases)"
  else
    failed=$((failed + bad + 1))
    echo "not ok $n - $label (exit $rc, $ok ok, $bad not ok)"
    echo "$out" | tail -n 25 | sed 's/^/#   /'
  fi
}
# A kernel still posting to the proxy at rocshmem_finalize: every PE must
# report the requests it left, and return.
run_leftover() { # NP
  local out rc reports returned
  out=$(timeout "${TEST_TIMEOUT:-120}" mpirun -np "$1" --bind-to none "$bin/proxy" --leftover 2>&1)
  rc=$?
  pkill -9 -f "$bin/proxy" 2>/dev/null
  reports=$(echo "$out" | grep -c 'rocshmem_finalize: a kernel left [1-9][0-9]* proxy requests unfinished')
  returned=$(echo "$out" | grep -c 'rocshmem_finalize returned')
  n=$((n + 1))
  if [ "$rc" -eq 0 ] && [ "$reports" -eq "$1" ] && [ "$returned" -eq "$1" ]; then
    passed=$((passed + 1))
    echo "ok $n - proxy --leftover np=$1 (every PE reported and returned)"
  else
    failed=$((failed + 1))
    echo "not ok $n - proxy --leftover np=$1 (exit $rc, $reports reports, $returned returns)"
    echo "$out" | tail -n 25 | sed 's/^/#   /'
  fi
}
for gpus in ${GPU_SETS:-all}; do
if [ "$gpus" = all ]; then unset CUDA_VISIBLE_DEVICES; else export CUDA_VISIBLE_DEVICES=$gpus; fi
echo "# GPUs: $gpus"
for mode in ${MPS_MODES:-off on}; do
  if [ "$mode" = on ]; then
    if [ -z "$mps_control" ]; then echo "# MPS control not found: skipping MPS on"; continue; fi
    "$mps_control" -d && echo "# MPS started"
  fi
  for np in ${NPS:-2 4}; do
    for proxy in ${PROXY_MODES:-auto all}; do
      export ROCSHMEM_GPU_PROXY=$proxy
      for prog in $progs; do
        case "$prog" in
          module) run_one "$mode" "$np" module "$bin/module_kernel.gpubin" ;;
          proxy) ;;
          coll) # init must choose the collectives' push path exactly when no PE uses the proxy
            if [ "$proxy" = all ]; then want_log="device collectives: push path off (a PE uses the GPU proxy)"
            else want_log="device collectives: pushed when a PE receives up to 32768 bytes"; fi
            ROCSHMEM_DEBUG_LEVEL=2 EXPECT_LOG=$want_log run_one "$mode" "$np" coll ;;
          *) run_one "$mode" "$np" "$prog" ;;
        esac
      done
    done
    unset ROCSHMEM_GPU_PROXY
    # The collectives' pull path at every size (with IPC the push path takes
    # the small messages; under the proxy every size is pulled already).
    if want coll; then
      export ROCSHMEM_GPU_COLL_PUSH=0
      ROCSHMEM_DEBUG_LEVEL=2 EXPECT_LOG="device collectives: push path off (ROCSHMEM_GPU_COLL_PUSH=0)" \
        run_one "$mode" "$np" coll
      unset ROCSHMEM_GPU_COLL_PUSH
    fi
    if want proxy; then run_one "$mode" "$np" proxy; fi
  done
  if [ "$mode" = on ]; then echo quit | "$mps_control" >/dev/null 2>&1; fi
done
done
# Last, with every visible GPU and MPS stopped: the kernels these runs leave
# running die with their processes, and that cleanup can keep a GPU busy
# for the next job.
unset CUDA_VISIBLE_DEVICES
if want proxy; then for np in ${NPS:-2 4}; do run_leftover "$np"; done; fi
echo "1..$n"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
