"""Interoperability with array libraries (torch: rocshmem4py.interop.torch)."""
