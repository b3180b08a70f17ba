"""Starting the processes of the single-process tests."""
import os
import subprocess

TIMEOUT = 120


def clean_env():
    """This environment without the variables that would number a process
    (a process started here must not believe it is a rank of a job)."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("OMPI_COMM_WORLD_", "PMIX_"))
            and k not in ("RANK", "WORLD_SIZE", "LOCAL_RANK")}


def run(args, timeout=TIMEOUT, check=True, **env):
    """Runs args with clean_env() plus env; with check, a non-zero status
    fails with the output."""
    done = subprocess.run(args, env={**clean_env(), **env}, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout)
    if check:
        assert done.returncode == 0, f"{args} exited with {done.returncode}:\n{done.stdout}"
    return done


def torchrun(script, nproc=2, timeout=300, extra=()):
    """Runs script (with arguments `extra`) under torchrun with nproc
    processes; returns the output.
    --redirects/--tee 2 work around torch 1.13 on Python 3.11 (Debian 12),
    whose default "0" parses to None (IntFlag iteration skips 0 there)."""
    import sys
    return run([sys.executable, "-m", "torch.distributed.run", "--standalone",
                "--nproc_per_node", str(nproc), "--redirects", "2", "--tee", "2", script, *extra],
               timeout=timeout).stdout
