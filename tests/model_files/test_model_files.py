"""The model-file cache (mipair.model_files): same tables as parsing, invalidated
by the file's bytes, harmless when broken, safe under several processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mipair.model_files import entry_name, read_model
from mipair.resources import model_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

TABLE = 'edition = "x"\nweights = [1, 2, 3]\n[section]\nname = "first"\nratio = 0.5\n'


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A cache directory of the test's own."""
    monkeypatch.delenv("MIPAIR_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "mipair"


def model(tmp_path: Path, text: str = TABLE) -> Path:
    path = tmp_path / "dutch-test.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_model_reads_as_tomllib_parses_it_first_and_from_the_cache(cache):
    for path in sorted(model_file().glob("*.toml")):
        expected = tomllib.loads(path.read_text(encoding="utf-8"))
        assert read_model(path) == expected  # parsed, entry written
        assert (cache / entry_name(path)).is_file()
        assert read_model(path) == expected  # from the entry


def test_the_entry_is_what_is_read_the_second_time(tmp_path, cache):
    path = model(tmp_path)
    read_model(path)
    entry = cache / entry_name(path)
    first = entry.stat().st_mtime_ns
    assert read_model(path) == tomllib.loads(TABLE)
    assert entry.stat().st_mtime_ns == first  # not written again


def test_an_edit_is_seen_even_with_the_same_size_and_time_stamp(tmp_path, cache):
    path = model(tmp_path)
    assert read_model(path)["section"]["name"] == "first"
    stamp = path.stat()
    path.write_text(TABLE.replace("first", "other"), encoding="utf-8")
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert path.stat().st_size == stamp.st_size
    assert read_model(path)["section"]["name"] == "other"


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", None])
def test_a_broken_entry_is_parsed_again_and_replaced(tmp_path, cache, damage):
    path = model(tmp_path)
    read_model(path)
    entry = cache / entry_name(path)
    whole = entry.read_bytes()
    entry.write_bytes(whole[: len(whole) // 2] if damage is None else damage)
    assert read_model(path) == tomllib.loads(TABLE)
    assert entry.read_bytes() == whole


def test_no_cache_when_turned_off_or_unwritable(tmp_path, cache, monkeypatch):
    path = model(tmp_path)
    monkeypatch.setenv("MIPAIR_NO_CACHE", "1")
    assert read_model(path) == tomllib.loads(TABLE)
    assert not cache.exists()
    monkeypatch.delenv("MIPAIR_NO_CACHE")
    cache.parent.mkdir()
    cache.write_text("a file where the folder should be")
    assert read_model(path) == tomllib.loads(TABLE)


def test_a_value_marshal_cannot_hold_is_read_without_an_entry(tmp_path, cache):
    path = model(tmp_path, "day = 2026-02-01\n" + TABLE)
    assert str(read_model(path)["day"]) == "2026-02-01"
    assert not (cache / entry_name(path)).exists()


def test_bad_toml_is_still_an_error(tmp_path, cache):
    with pytest.raises(tomllib.TOMLDecodeError):
        read_model(model(tmp_path, "edition = \n"))


WORKER = """
import sys
from pathlib import Path
from mipair.model_files import read_model
path = Path(sys.argv[1])
TEXT = path.read_text()
for k in range(60):
    if sys.argv[2] == "writer":  # the model file itself replaced whole, another name each time
        spare = path.with_suffix(".next")
        spare.write_text(TEXT.replace('"first"', '"again"') if k % 2 else TEXT)
        spare.replace(path)
    table = read_model(path)
    assert table["section"]["name"] in ("first", "again"), table
    assert table["weights"] == [1, 2, 3], table
"""


def test_several_processes_at_once_read_whole_tables(tmp_path, cache):
    path = model(tmp_path)
    env = dict(os.environ, XDG_CACHE_HOME=str(cache.parent))
    roles = ["writer", "reader", "reader", "reader"]
    procs = [
        subprocess.Popen([sys.executable, "-c", WORKER, str(path), role], env=env) for role in roles
    ]
    assert [p.wait(timeout=120) for p in procs] == [0] * len(roles)
    assert not [p.name for p in cache.iterdir() if p.name.endswith(".tmp")]
    assert read_model(path) == tomllib.loads(path.read_text())
