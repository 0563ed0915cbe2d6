"""``python3 -m wargame.lab``: the balance lab's command line (see wargame.lab.main)."""

import sys

from wargame.lab import main

sys.exit(main())
