"""Heart Cards: Heart to Heart patience and four-player Hearts."""

__version__ = "0.1.0"
