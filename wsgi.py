"""The WSGI entry point: ``gunicorn wsgi:app``.

Everything made at start-up (schemas, presets, the spec, order tables) lives as long as the
process: ``gc.freeze()`` moves it out of the collector's sight, so a full collection in a worker
no longer walks it (12.8 ms for the ~48,000 objects, a request's worth of latency each time), and
the pages gunicorn's preloading shares with the workers are not written by the collector.
"""
import gc

from app import create_app

app = create_app()
gc.freeze()
