"""Test settings. In CI (CI=true) hypothesis runs derandomized, so a landing never
depends on the examples of the day; locally every run explores new random games."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
