"""``python -m brassboard`` is the ``brassboard`` command."""

import sys

from brassboard.cli import main

sys.exit(main())
