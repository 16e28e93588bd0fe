"""gunicorn settings: ``gunicorn wsgi:app -c gunicorn.conf.py``.

Environment: PORT, WEB_CONCURRENCY, WORKER_CONNECTIONS, READ_TIMEOUT, DRAIN_SECONDS, MAX_REQUESTS,
FLUSH_SECONDS (see the README).
"""
import os
import shutil
import tempfile

from app import drain

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# gevent: a stalled client holds a greenlet, not a worker (see app/server.py and the README).
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "app.server.Worker")
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "1000"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
DRAIN_SECONDS = float(os.environ.get("DRAIN_SECONDS", "5"))
preload_app = True
# Recycling workers every N requests guards against leaks; the engine holds no state that grows
# (its memos and the answer cache are bounded), and each recycle drops the worker's keep-alive
# connections and stalls them while a new worker starts (measured: p99 0.2-0.7 s, 25 % fewer
# answers per second at 2,000).  Off by default; MAX_REQUESTS turns it on.
max_requests = int(os.environ.get("MAX_REQUESTS", "0"))
max_requests_jitter = max_requests // 10
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
timeout = 30
graceful_timeout = 20
keepalive = 5
control_socket_disable = True

limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

accesslog = "-"
errorlog = "-"
logger_class = "app.logs.JsonLogger"

# Metrics across workers: every process writes its own files here; start with none.
_metrics_dir = os.environ.setdefault(
    "PROMETHEUS_MULTIPROC_DIR", os.path.join(tempfile.gettempdir(), f"tractor-metrics-{os.environ.get('PORT', '8000')}"))
shutil.rmtree(_metrics_dir, ignore_errors=True)
os.makedirs(_metrics_dir, exist_ok=True)


def when_ready(server):
    from app.server import install_drain
    drain.reset()
    install_drain(server, DRAIN_SECONDS)


def child_exit(server, worker):
    from prometheus_client import multiprocess
    multiprocess.mark_process_dead(worker.pid)
