"""marshmallow schemas: JSON requests -> engine values, engine answers -> JSON."""

from . import bounds  # noqa: F401  - bounded list validation for every schema (schemas/bounds.py)
