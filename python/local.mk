# rocshmem4py (included from Makefile.am; see python/README.md).  The
# pybind11 extension _rocshmem4py is a libtool module installed as a
# top-level module, as in rocSHMEM (whose package does `import _rocshmem4py`),
# into $(pyexecdir) (the site directory of PYTHON under the prefix), and the
# package beside it, in $(pyexecdir)/rocshmem4py, so that Python finds both
# even where pythondir and pyexecdir differ.  _built_for.py records the
# interpreter, so that another one importing the package is told which to
# use.  pip builds the same sources against an installed library instead
# (python/setup.py).
ROCSHMEM4PY_SOURCES = python/src/_rocshmem4py.cc python/src/module.h python/src/checks.cc \
	python/src/gpu_runtime.cc python/src/bind_setup.cc python/src/bind_teams.cc \
	python/src/bind_memory.cc python/src/bind_buffer.cc python/src/bind_rma.cc \
	python/src/bind_amo.cc python/src/bind_stream.cc python/src/bind_coll.cc
ROCSHMEM4PY_MODULES = python/rocshmem4py/__init__.py python/rocshmem4py/_env.py \
	python/rocshmem4py/_loader.py python/rocshmem4py/buffer.py python/rocshmem4py/collectives.py \
	python/rocshmem4py/dtypes.py \
	python/rocshmem4py/launch.py python/rocshmem4py/teams.py
ROCSHMEM4PY_INTEROP = python/rocshmem4py/interop/__init__.py python/rocshmem4py/interop/torch.py
EXTRA_DIST += $(ROCSHMEM4PY_SOURCES) $(ROCSHMEM4PY_MODULES) $(ROCSHMEM4PY_INTEROP) \
	python/README.md python/pyproject.toml python/setup.py \
	examples/python/numpy_host.py examples/python/torch_alltoall.py

if HAVE_PYTHON
rocshmem4pydir = $(pyexecdir)/rocshmem4py
pyexec_LTLIBRARIES = python/_rocshmem4py.la
rocshmem4py_PYTHON = $(ROCSHMEM4PY_MODULES)
nodist_rocshmem4py_PYTHON = python/rocshmem4py/_built_for.py
rocshmem4py_interopdir = $(rocshmem4pydir)/interop
rocshmem4py_interop_PYTHON = $(ROCSHMEM4PY_INTEROP)
python__rocshmem4py_la_SOURCES = $(ROCSHMEM4PY_SOURCES)
python__rocshmem4py_la_CPPFLAGS = $(AM_CPPFLAGS) $(PYTHON_CPPFLAGS)
# pybind11 asks for hidden visibility (its types must not clash between modules).
python__rocshmem4py_la_CXXFLAGS = $(AM_CXXFLAGS) -fvisibility=hidden
# The run path finds librocshmem relative to the module too ($(pyexecdir) is
# lib/pythonX.Y/site-packages under the prefix), so a moved installation
# imports without LD_LIBRARY_PATH.
python__rocshmem4py_la_LDFLAGS = -module -avoid-version -shared -Wl,-rpath,'$$ORIGIN/../..'

python__rocshmem4py_la_LIBADD = librocshmem.la

python/rocshmem4py/_built_for.py: Makefile
	$(AM_V_GEN)$(MKDIR_P) python/rocshmem4py && \
	  { echo '# The interpreter the native module was built for (written by make).'; \
	    echo 'PYTHON = "$(PYTHON)"'; echo 'VERSION = "$(PYTHON_VERSION)"'; } >$@
CLEANFILES += python/rocshmem4py/_built_for.py
endif
