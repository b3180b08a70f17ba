# rocshmem4py's tests (included from tests/local.mk; tests/python/README.md):
# one TAP script runs pytest under mpirun -np 2 and in single-process
# launches, on the package `make check` staged (tests/stage).
PYTHON_TESTS = tests/python/run_python_tests.sh
TESTS += $(PYTHON_TESTS)
EXTRA_DIST += $(PYTHON_TESTS) tests/python/README.md tests/python/conftest.py \
	tests/python/tap_report.py tests/python/api_names.py tests/python/spawn.py \
	tests/python/programs/before_init.py tests/python/programs/uniqueid_pair.py \
	tests/python/programs/mpi_exit_paths.py tests/python/programs/torch_dist.py \
	tests/python/programs/views_after_finalize.py tests/python/run_gpu_python_tests.sh \
	tests/python/test_amo.py tests/python/test_api_names.py tests/python/test_memory.py \
	tests/python/test_misuse.py tests/python/test_rma.py tests/python/test_setup.py \
	tests/python/test_teams.py tests/python/test_torch_cpu.py tests/python/test_launch.py \
	tests/python/test_install.py tests/python/test_examples.py \
	tests/python/test_gpu_memory.py tests/python/test_gpu_torch.py \
	tests/python/test_gpu_torchrun.py tests/python/test_layout.py tests/python/test_typed.py \
	tests/python/test_collectives.py tests/python/test_gpu_collectives.py \
	tests/python/test_contract.py tests/python/test_contract_launch.py \
	tests/python/programs/contract_lifecycle.py tests/python/programs/contract_torch.py
if HAVE_PYTHON
ROCTEST_PYTHON_BUILT = yes
else
ROCTEST_PYTHON_BUILT = no
endif
# Where the staged package and library are: the stage root + the configured
# directories.
AM_TESTS_ENVIRONMENT += \
	ROCTEST_PYTHON='$(PYTHON)'; export ROCTEST_PYTHON; \
	ROCTEST_PYTHON_BUILT=$(ROCTEST_PYTHON_BUILT); export ROCTEST_PYTHON_BUILT; \
	ROCTEST_STAGE_ROOT='$(abs_top_builddir)/$(ROCTEST_STAGE)'; export ROCTEST_STAGE_ROOT; \
	ROCTEST_PYEXECDIR='$(pyexecdir)'; export ROCTEST_PYEXECDIR; \
	ROCTEST_LIBDIR='$(libdir)'; export ROCTEST_LIBDIR;
