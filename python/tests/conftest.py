"""What the tests share: the repository, the qipu command line they compare with, and
generated archives (examples/generate_archive)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))


def _binary(path: Path, build: list) -> Path:
    """A binary of the repository, built (release) when missing."""
    if not path.exists():
        subprocess.run(["cargo", "build", "--release", *build], cwd=ROOT, check=True)
    return path


@pytest.fixture(scope="session")
def qipu_bin() -> Path:
    return _binary(Path(os.environ.get("QIPU_BIN", TARGET / "release" / "qipu")), ["--bin", "qipu"])


@pytest.fixture(scope="session")
def cli(qipu_bin):
    """Runs ``qipu ARGS`` in the repository root, in English: (stdout, stderr, status)."""

    def run(*args):
        env = {k: v for k, v in os.environ.items() if k not in ("QIPU_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
        env["NO_COLOR"] = "1"
        done = subprocess.run([str(qipu_bin), *args], cwd=ROOT, env=env, capture_output=True)
        return done.stdout.decode(), done.stderr.decode(), done.returncode

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """The JSON objects ``qipu ARGS`` prints, one per line."""

    def run(*args):
        out, _, _ = cli(*args)
        return [json.loads(line) for line in out.splitlines()]

    return run


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """Generated archives of every family (examples/generate_archive), by family and
    count: ``generated("go", 2000)`` is the folder holding them."""
    tool = _binary(TARGET / "release" / "examples" / "generate_archive", ["--example", "generate_archive"])
    made = {}

    def make(family: str, count: int) -> Path:
        key = (family, count)
        if key not in made:
            folder = tmp_path_factory.mktemp(f"{family}-{count}")
            subprocess.run([str(tool), family, str(count), str(folder)], check=True)
            made[key] = folder
        return made[key]

    return make


@pytest.fixture(autouse=True)
def in_root(monkeypatch):
    """Paths in the tests are relative to the repository root, as the CLI's."""
    monkeypatch.chdir(ROOT)
