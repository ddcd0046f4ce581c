"""Values computed from the project's own files, kept under build/cache/ until one of those files changes.

    data = cached("test-data", [path, folder, ...], compute)   # compute() runs only when a source changed

The key is a digest of every source file's path and bytes, so an edit, a new file or a removed one
computes the value again; nothing else does (the value must depend on its sources alone).

A value is kept as JSON, never as a pickle: reading a file back runs no code, whoever wrote it. It
may hold dicts with text keys, lists, tuples (read back as lists), text, numbers and bytes.
"""

import hashlib
import json
import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "build" / "cache"
KEPT = 3  # values of one name kept, the newest


def digest(sources):
    """Return the hex digest of the files at sources (files, or folders taken whole)."""
    files = set()
    for source in map(Path, sources):
        files.update(path for path in source.rglob("*") if path.is_file() and "__pycache__" not in path.parts)
        if source.is_file():
            files.add(source)
    key = hashlib.sha256()
    for path in sorted(files):
        key.update(os.path.relpath(path, ROOT).encode() + b"\0" + path.read_bytes() + b"\0")
    return key.hexdigest()


def _bytes(value):
    """JSON's form of bytes: {"bytes": the same text, one character a byte}."""
    if isinstance(value, (bytes, bytearray)):
        return {"bytes": value.decode("latin-1")}
    raise TypeError("the cache keeps no %s" % type(value).__name__)


def _unbytes(value):
    return value["bytes"].encode("latin-1") if list(value) == ["bytes"] else value


def cached(name, sources, compute):
    """Return compute()'s value, from build/cache/NAME-DIGEST.json when its sources are unchanged."""
    path = FOLDER / ("%s-%s.json" % (name, digest(sources)[:20]))
    try:
        return json.loads(path.read_text(encoding="utf-8"), object_hook=_unbytes)
    except (OSError, ValueError):
        pass
    value = compute()
    FOLDER.mkdir(parents=True, exist_ok=True)
    kept = sorted((old.stat().st_mtime, old) for old in FOLDER.glob(name + "-*.json") if old.exists())
    for _, old in kept[:-KEPT + 1]:  # the oldest go; a test's own sources do not push out the real ones
        old.unlink(missing_ok=True)
    handle, temporary = tempfile.mkstemp(dir=str(FOLDER), prefix=name + ".")
    text = json.dumps(value, default=_bytes, ensure_ascii=False)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, path)  # whole or not at all, with another process writing the same
    return json.loads(text, object_hook=_unbytes)  # as a later read gives it: tuples as lists
