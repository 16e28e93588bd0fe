"""marshmallow schemas: JSON requests -> engine values, engine answers -> JSON."""
