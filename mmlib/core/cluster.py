"""Running mmlib's work on a Dask cluster: `--scheduler ADDRESS` and `client=`.

Everything here imports dask and distributed only when asked to, so a run
without a scheduler never loads them (the embedded default).

* `parse_scheduler(text)`: 'tcp://host:port' (a running `dask scheduler`) or
  'local:N' (a local cluster of N worker processes, one thread each, started
  for the run), written with ASCII digits; anything else (tls://, ucx://,
  inproc://, which need settings mmlib does not make) is a ValueError of one line.
* `check_backend_here(backend, scheduler)`: the cuda backend refused at once where
  the work would run on this machine and it has no GPU.
* `check_client(client)`: None or a connected client; an address passed where
  a client belongs is refused with how to open one.
* `open_client(address, backend)`: a context manager giving a connected
  `distributed.Client`, and closing it (and the local cluster it started)
  at the end. With backend 'cuda' and 'local:N' it starts dask-cuda's
  `LocalCUDACluster` (one worker per GPU) and refuses without a GPU.
* `map_tasks(client, function, items, label)`: function(item) for every item
  on the workers, a tqdm bar counting finished tasks, results in the order
  of `items`; `on_result(position, result)` runs on the client as each one
  finishes. A task whose worker dies is run again elsewhere by the scheduler,
  so functions given here must be pure.
* `SharedBound`: the best bound found so far (lower is better), kept by the
  scheduler in a distributed `Variable`, so that tasks on every worker can
  prune with it and lower it as they find better ones; `SharedValue`, any
  shared value (e.g. an abort ticket), read as `.value` like
  `multiprocessing.Value`.
* `ClusterPool(client).submit` and `wait_first(futures)`: code written for a
  `concurrent.futures` process pool runs on the cluster with two changes.
* `worker_cache(key, build)`: per-process memo, for what every task of a run
  needs and should build once per worker (a game's packed codewords).
"""

from __future__ import annotations

import contextlib
import re
import sys

from .games import ascii_whole_number, check_length, shown

LOCAL_PREFIX = "local:"
SCHEDULER_HELP = ("a Dask scheduler: tcp://HOST:PORT of a running one, or local:N to start "
                  "N worker processes on this machine for the run (default: run in-process)")
# Environment of the worker processes of a local cluster: one thread each, so
# numba runs the cached serial kernels and never compiles the parallel ones.
WORKER_ENVIRONMENT = {"NUMBA_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}

# Dask settings of a local cluster's workers: no statistical profiler (it samples every
# worker's threads every 10 ms; measured on 5p6c, the cluster path took 25% longer with it).
LOCAL_WORKER_CONFIG = {"distributed.worker.profile.enabled": False}

# tcp://HOST[:PORT]: a host name or IPv4 address, or an IPv6 address in brackets; ASCII only.
_ADDRESS = re.compile(r"tcp://(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{1,5}))?", re.ASCII)
# Dask's other transports: each needs settings (certificates, UCX, one process) mmlib does not make.
OTHER_TRANSPORTS = ("tls", "ucx", "inproc", "ws", "wss")
# More local workers than this is a typo, not a machine.
MAX_LOCAL_WORKERS = 1024


def parse_scheduler(text) -> "tuple[str, str | int]":
    """('local', N) for 'local:N', ('remote', address) for 'tcp://host:port'; else ValueError."""
    text = check_length(text, "scheduler").strip()
    if text.lower().startswith(LOCAL_PREFIX):
        count = ascii_whole_number(text[len(LOCAL_PREFIX):])
        if count is None or not 1 <= count <= MAX_LOCAL_WORKERS:
            raise ValueError(f"bad scheduler {shown(text)}: local:N needs a number of workers N from 1 "
                             f"to {MAX_LOCAL_WORKERS}, written with digits 0-9")
        return "local", count
    match = _ADDRESS.fullmatch(text)
    if match:
        port = match.group("port")
        if port is not None and not 1 <= int(port) <= 65535:
            raise ValueError(f"bad scheduler {shown(text)}: the port must be 1..65535")
        return "remote", text
    scheme = text.partition("://")[0].lower() if "://" in text else ""
    if scheme in OTHER_TRANSPORTS:
        raise ValueError(f"bad scheduler {shown(text)}: mmlib connects to tcp:// schedulers only "
                         f"({scheme}:// needs settings it does not make); write tcp://HOST:PORT or local:N")
    raise ValueError(f"bad scheduler {shown(text)}: write tcp://HOST:PORT (a running dask scheduler) "
                     f"or local:N (N local worker processes)")


def check_client(client) -> None:
    """ValueError unless `client` is None or a connected `distributed.Client` (or one like it)."""
    if client is None:
        return
    if isinstance(client, (str, bytes)):
        raise ValueError(f"client={shown(client)} is an address, not a client: pass "
                         f"distributed.Client(...), or open one for the run with "
                         f"mmlib.core.cluster.open_client({shown(client)})")
    if not all(callable(getattr(client, name, None)) for name in ("submit", "map", "nthreads")):
        raise ValueError(f"client must be a distributed.Client, not {type(client).__name__}")


def check_backend_here(backend: str, scheduler=None) -> None:
    """ValueError now, before any work is planned or done, if `backend` needs a GPU this
    machine lacks: 'cuda' in this process, or on a local:N cluster started here. (The
    workers of a remote scheduler bring their own GPUs, checked when the work starts.)"""
    if backend != "cuda" or (scheduler is not None and parse_scheduler(scheduler)[0] != "local"):
        return
    from .solver_cuda import require_cuda_gpu

    require_cuda_gpu()


def _local_cluster(workers: int, backend: str):
    """A LocalCluster of `workers` processes of one thread, or LocalCUDACluster for 'cuda'."""
    if backend == "cuda":
        from .solver_cuda import require_cuda_gpu

        require_cuda_gpu()  # one line, before dask-cuda is even looked for
        try:
            from dask_cuda import LocalCUDACluster
        except ImportError:
            raise ValueError("--backend cuda with --scheduler local:N needs dask-cuda: "
                             "pip install 'mmlib[gpu-cluster]'") from None
        from numba import cuda

        gpus = len(cuda.gpus)
        if workers > gpus:
            raise ValueError(f"local:{workers} asks for {workers} GPU workers; this machine has {gpus}")
        import dask

        with dask.config.set(LOCAL_WORKER_CONFIG):
            return LocalCUDACluster(n_workers=workers, threads_per_worker=1,
                                    CUDA_VISIBLE_DEVICES=list(range(workers)),
                                    env=dict(WORKER_ENVIRONMENT), dashboard_address=None)
    import dask
    from distributed import LocalCluster

    with dask.config.set(LOCAL_WORKER_CONFIG):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                            env=dict(WORKER_ENVIRONMENT), dashboard_address=None)


@contextlib.contextmanager
def open_client(address, backend: str = "cpu"):
    """A distributed Client for `address` (see parse_scheduler), closed on leaving."""
    kind, value = parse_scheduler(address)
    from distributed import Client

    cluster = None
    try:
        if kind == "local":
            cluster = _local_cluster(int(value), backend)
            client = Client(cluster)
        else:
            try:
                client = Client(value, timeout="10s")
            except Exception as error:  # noqa: BLE001 (refused, timed out, not a scheduler: all one line)
                reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
                raise ValueError(f"cannot reach the dask scheduler at {value}: {reason}") from None
        try:
            yield client
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


@contextlib.contextmanager
def maybe_client(address, backend: str = "cpu"):
    """open_client(address) when an address is given, else None (and no dask import)."""
    if address is None:
        yield None
        return
    with open_client(address, backend) as client:
        yield client


def worker_count(client) -> int:
    """The workers now connected to the scheduler (at least 1)."""
    return max(1, len(client.scheduler_info(n_workers=-1).get("workers", {})))


def map_tasks(client, function, items, progress_label: str = "tasks", progress: bool = True,
              on_result=None, pure: bool = False, **keywords):
    """[function(item, **keywords) for item in items], computed on the cluster's workers.

    A tqdm bar on stderr counts finished tasks. `on_result(position, result)`
    is called on the client as each task finishes (in the order they finish):
    the one place to write results. A worker that dies takes its tasks with
    it; the scheduler runs them again on the workers left (or its restarted
    process), up to distributed's `allowed-failures` times.
    """
    from distributed import as_completed
    from tqdm.auto import tqdm

    items = list(items)
    futures = client.map(function, items, pure=pure, **keywords)
    position = {future.key: i for i, future in enumerate(futures)}
    results = [None] * len(items)
    bar = tqdm(total=len(items), desc=progress_label, unit="task", disable=not progress,
               file=sys.stderr, dynamic_ncols=True)
    try:
        for future in as_completed(futures):
            i = position[future.key]
            results[i] = future.result()
            future.release()
            if on_result is not None:
                on_result(i, results[i])
            bar.update(1)
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        bar.close()
    return results


# Seconds a read of a SharedValue waits for its Variable before it raises TimeoutError.
READ_TIMEOUT_S = 10


class SharedValue:
    """One value for every task of a run, kept by the scheduler in a distributed `Variable`.

    A stand-in for `multiprocessing.Value` across machines: `shared.value`
    reads it (one round trip to the scheduler, or the last value read if that
    is younger than `poll_s` seconds, so that a search may check it often),
    `shared.value = x` sets it. Pass the object itself to tasks: it pickles as
    its name and `poll_s`, and finds the scheduler through the task's worker.
    """

    def __init__(self, client, name: str, initial, poll_s: float = 0.0):
        from distributed import Variable

        self.name, self.poll_s = name, float(poll_s)
        self._read_at, self._cached = float("-inf"), None
        Variable(name, client=client).set(initial)

    def __reduce__(self):
        return _shared_named, (type(self), self.name, self.poll_s)

    def _variable(self):
        from distributed import Variable

        return Variable(self.name)

    @property
    def value(self):
        import time

        now = time.monotonic()
        if now - self._read_at >= self.poll_s:
            # A bounded wait: a Variable that was deleted (its run is over) would block get()
            # for ever, and with it the worker thread of a task that started late.
            self._cached, self._read_at = self._variable().get(timeout=READ_TIMEOUT_S), now
        return self._cached

    @value.setter
    def value(self, new) -> None:
        self._variable().set(new)
        self._cached, self._read_at = new, float("-inf")

    def get(self):
        """The value now (always from the scheduler)."""
        self._read_at = float("-inf")
        return self.value

    def delete(self) -> None:
        self._variable().delete()


class SharedBound(SharedValue):
    """The best (lowest) bound found so far, shared by every task of a run.

    `offer` lowers it under a distributed `Lock`, so it never goes up, however
    many tasks offer at once:

        bound = SharedBound(client, "optimal-4p6c", initial=10**9)
        map_tasks(client, search_subtree, subtrees, "subtrees", bound=bound)
        # in search_subtree: limit = bound.value; ...; bound.offer(found)
    """

    def offer(self, value) -> bool:
        """Lower the bound to `value` if it is lower; True when it was."""
        from distributed import Lock

        with Lock(f"{self.name}-lock"):
            if value < self.get():
                self.value = value
                return True
        return False


def _shared_named(kind, name: str, poll_s: float):
    shared = kind.__new__(kind)
    shared.name, shared.poll_s = name, poll_s
    shared._read_at, shared._cached = float("-inf"), None
    return shared


class ClusterPool:
    """`concurrent.futures`-style `submit` on a Dask client, for code written for a process pool.

    With `wait_first(futures)` (which takes either kind of future) a loop
    over `pool.submit(...)` and `wait(..., FIRST_COMPLETED)` runs unchanged on
    a cluster.
    """

    def __init__(self, client):
        self.client = client

    def submit(self, function, *arguments, **keywords):
        return self.client.submit(function, *arguments, pure=False, **keywords)


def wait_first(futures, timeout: "float | None" = None):
    """(done, not done) as soon as one of `futures` is done; concurrent or distributed futures.

    `timeout`: return after that many seconds even if none is done (a deadline's look)."""
    futures = list(futures)
    if futures and type(futures[0]).__module__.startswith("distributed"):
        from distributed import wait

        try:
            done, not_done = wait(futures, timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:  # none done in time (distributed raises it where concurrent returns)
            return set(), set(futures)
        return set(done), set(not_done)
    from concurrent.futures import FIRST_COMPLETED, wait

    return wait(futures, timeout=timeout, return_when=FIRST_COMPLETED)


_WORKER_CACHE: dict = {}


def worker_cache(key, build):
    """build() once per process for `key`, then the same object every time."""
    value = _WORKER_CACHE.get(key)
    if value is None:
        value = _WORKER_CACHE[key] = build()
    return value
