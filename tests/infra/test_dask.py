"""The one Dask client factory: a local cluster shares the cores among its workers' numba threads."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from parlour.errors import InvalidInput
from parlour.infra import dask as infra_dask

# A main module that imports numba before it starts a cluster, as the parlour command does: worker processes
# import the main module too, so a variable set only once a worker runs comes too late for numba. A cluster
# of one worker first: dask leaves its share in os.environ, where it would win over the next cluster's.
MAIN = textwrap.dedent('''
    import os

    import numba
    from parlour.infra import dask as infra_dask

    def threads():
        import numba
        return numba.config.NUMBA_NUM_THREADS, numba.get_num_threads()

    if __name__ == "__main__":
        with infra_dask.client("", 1) as client:
            pass
        with infra_dask.client("", 2) as client:
            print(sorted(client.run(threads).values()))
        print(os.environ.get("NUMBA_NUM_THREADS"))
''')


def test_local_workers_get_their_share_of_the_cores(tmp_path: Path) -> None:
    script = tmp_path / "main.py"
    script.write_text(MAIN)
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_NUM_THREADS"}
    out = subprocess.run([sys.executable, str(script)], check=True, capture_output=True, text=True, timeout=120,
                         env=env)
    share = max(1, (os.cpu_count() or 1) // 2)
    *_, threads, left = out.stdout.strip().splitlines()
    assert threads == str([(share, share), (share, share)])
    assert left == "None"  # nothing left behind in the environment


def test_a_malformed_scheduler_address_is_refused() -> None:
    with pytest.raises(InvalidInput), infra_dask.client("not an address"):
        pass
