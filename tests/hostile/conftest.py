"""A live gunicorn for the hostile-input, slow-client and drain tests."""
from __future__ import annotations

import pytest

from .wire import Gunicorn


@pytest.fixture(scope="session")
def live(tmp_path_factory):
    """One gunicorn (2 gevent workers, 2 s read timeout) shared by the tests that do not stop it."""
    server = Gunicorn(tmp_path_factory.mktemp("metrics"), READ_TIMEOUT="2").start()
    yield server
    server.stop()
