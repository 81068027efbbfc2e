"""``python -m tfcompat``: see ``tfcompat.cli``."""
from tfcompat.cli import main

raise SystemExit(main())
