"""``floorman audit --dask ADDRESS``: the same audit on a Dask cluster gives the same report.

The test starts a local cluster of two worker processes on the loopback address and stops it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from floorman.audit import audit_chunks
from floorman.cli.batch import audit_cmd

distributed = pytest.importorskip("dask.distributed", reason="dask is not installed (pip install 'floorman[dask]')")

ROOT = Path(__file__).parent.parent
INPUTS = [ROOT / "examples", Path(__file__).parent / "data" / "phh" / "wsop"]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None)
    try:
        assert len(cluster.workers) == 2
        yield cluster.scheduler_address
    finally:
        cluster.close()


def test_audit_on_the_cluster_gives_the_same_report_as_at_home(scheduler: str, tmp_path: Path) -> None:
    args = [str(p) for p in INPUTS]
    home = CliRunner().invoke(audit_cmd, [*args, "--csv", str(tmp_path / "home.csv"), "--json",
                                          str(tmp_path / "home.json")])
    away = CliRunner().invoke(audit_cmd, [*args, "--dask", scheduler, "--csv", str(tmp_path / "away.csv"),
                                          "--json", str(tmp_path / "away.json")])
    assert home.exit_code == away.exit_code == 1
    assert (tmp_path / "home.csv").read_text() == (tmp_path / "away.csv").read_text()
    assert (tmp_path / "home.json").read_text() == (tmp_path / "away.json").read_text()
    assert home.stdout.splitlines()[2:] == away.stdout.splitlines()[2:]


def test_the_cluster_runs_every_chunk_in_input_order(scheduler: str) -> None:
    from floorman.audit.dask import audit_chunks as on_cluster

    home = [h for r in audit_chunks(INPUTS, size=7, every_hand=True) for h in r.hands]
    away = [h for r in on_cluster(INPUTS, address=scheduler, size=7, every_hand=True) for h in r.hands]
    assert away == home
    assert len(home) > 90
    shown = [h for r in on_cluster(INPUTS, address=scheduler, size=7) for h in r.hands]
    assert shown == [h for h in home if h.findings or h.unreadable]
