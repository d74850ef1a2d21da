"""`python -m bench`: run every bench_*.py in turn (each writes bench/results/<name>.json)."""

import runpy
import sys
from pathlib import Path

for script in sorted(Path(__file__).parent.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    sys.argv = [str(script)]
    runpy.run_path(str(script), run_name="__main__")
