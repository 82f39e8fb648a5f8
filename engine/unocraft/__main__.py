"""`python -m unocraft ...`: the `unocraft` command (the plugin starts the engine this way)."""

import sys

from .cli import main

sys.exit(main())
