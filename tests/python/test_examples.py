"""The examples under examples/python/ run and check their own results."""

import os
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = sorted((pathlib.Path(__file__).parents[2] / "examples" / "python").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(example):
    result = subprocess.run([sys.executable, str(example)], capture_output=True, text=True,
                            env=dict(os.environ), timeout=600)
    if result.returncode != 0 and "does not open here" in result.stderr:
        pytest.skip(result.stderr.strip())
    assert result.returncode == 0, result.stdout + result.stderr
