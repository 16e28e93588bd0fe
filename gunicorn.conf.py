"""gunicorn settings: ``gunicorn wsgi:app -c gunicorn.conf.py``; environment: PORT, WEB_CONCURRENCY."""
import os
import shutil
import tempfile

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
preload_app = True
max_requests = 2000
max_requests_jitter = 200
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


def child_exit(server, worker):
    from prometheus_client import multiprocess
    multiprocess.mark_process_dead(worker.pid)
