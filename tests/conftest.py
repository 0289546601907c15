"""Settings for the whole suite."""

from hypothesis import settings

# No per-example deadline: the suite runs beside a browser and servers on a 2-core CI machine, where a slow example
# says nothing about the code; a failed deadline would make a property test fail on a busy moment.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
