"""Crash-safe file replacement and moving bad files aside.

``atomic_write_bytes`` writes a temporary file in the same directory, flushes and fsyncs it,
``os.replace``s it over the target and fsyncs the directory: a crash at any moment leaves the old
file or the new one, never a torn one. (A crash may leave a ``.<name>.<pid>.tmp`` file behind;
the next write from any process removes stale ones.)
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger("riichi.storage")

_TMP_SUFFIX = ".tmp"


def fsync_dir(directory: str | os.PathLike[str]) -> None:
    """Make a rename or a new file in ``directory`` durable (POSIX; a no-op where a directory
    cannot be opened, e.g. Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _remove_stale_temps(path: Path) -> None:
    """Remove temporary files of ``path`` left by processes that died mid-write."""
    prefix = f".{path.name}."
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(_TMP_SUFFIX)):
            continue
        pid_text = name[len(prefix) : -len(_TMP_SUFFIX)]
        if pid_text.isdigit() and int(pid_text) != os.getpid() and not _pid_alive(int(pid_text)):
            try:
                os.unlink(path.parent / name)
            except OSError:
                pass


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically and durably."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(path)
    tmp = path.parent / f".{path.name}.{os.getpid()}{_TMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    os.close(fd)
    try:
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(path.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically and durably."""
    atomic_write_bytes(path, text.encode(encoding))


def bad_name(path: Path, n: int) -> Path:
    """``name.bad`` for the first bad copy, then ``name.2.bad``, ``name.3.bad``…"""
    return path.with_name(f"{path.name}.bad" if n == 1 else f"{path.name}.{n}.bad")


def move_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a bad file to ``<name>.bad`` (numbered if that exists) and return the new path.
    The file is never deleted and an existing ``.bad`` is never overwritten."""
    path = Path(path)
    n = 1
    while True:
        target = bad_name(path, n)
        try:
            # link() fails if the target exists, so two processes cannot clobber a .bad file.
            os.link(path, target)
        except FileExistsError:
            n += 1
            continue
        except OSError:
            # No hard links here (some filesystems): check, then rename.
            if target.exists():
                n += 1
                continue
            os.replace(path, target)
            break
        os.unlink(path)
        break
    fsync_dir(path.parent)
    log.warning("moved bad file %s aside to %s", path, target)
    return target
