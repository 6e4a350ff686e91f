"""Fixtures shared by every test folder: a throwaway PostgreSQL server for the storage
tests.

``pg_server`` starts one server for the whole session, only when a test asks for it:
``initdb`` into a temporary folder, ``pg_ctl`` on a free port of 127.0.0.1, trusting
local logins, tuned for speed (no fsync: the data dies with the tests anyway). ``pg_url``
gives each test a database of its own on it. A machine without PostgreSQL fails these
tests (never skips them) with a message saying what to install.

PostgreSQL refuses to run as root: when the tests run as root (as in CI), the server's
commands run as the ``postgres`` system user (``runuser``), in a folder it owns.

(Kept here rather than in a module of its own: putting ``tests/`` on ``sys.path`` to
import one would let ``tests/bot`` and ``tests/rules`` shadow the real packages.)
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

INSTALL_HINT = ("PostgreSQL's server programs (initdb, pg_ctl) were not found under "
                "/usr/lib/postgresql/*/bin or on PATH. Install them (Debian/Ubuntu: "
                "`apt-get install postgresql`; .ci/run does this) to run the PostgreSQL "
                "storage tests.")
SERVER_USER = "postgres"


def find_bin_dir() -> Path | None:
    """The folder holding initdb and pg_ctl (the newest installed version), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    """One running server; :meth:`stop` removes it and its data."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.as_root = os.geteuid() == 0
        self.user = SERVER_USER if self.as_root else pwd.getpwuid(os.geteuid()).pw_name
        self.home = Path(tempfile.mkdtemp(prefix="warden-pg-"))
        self.data = self.home / "data"
        self.port = free_port()
        self.running = False

    def _run(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", SERVER_USER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n"
                               f"{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        if self.as_root:
            account = pwd.getpwnam(SERVER_USER)
            os.chown(self.home, account.pw_uid, account.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust",
                  "--encoding=UTF8", "--locale=C", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} "
                   f"-c unix_socket_directories={self.home} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "start", "-D", str(self.data), "-w", "-t", "60",
                  "-l", str(self.home / "server.log"), "-o", options)
        self.running = True

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        try:
            if self.running:
                self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
                self.running = False
        finally:
            shutil.rmtree(self.home, ignore_errors=True)


_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.fail(INSTALL_HINT, pytrace=False)
    server = PgServer(bin_dir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
async def pg_url(pg_server: PgServer) -> AsyncIterator[str]:
    """The URL of a new, empty database (dropped after the test)."""
    name = f"warden_test_{next(_numbers)}"
    admin = await asyncpg.connect(pg_server.url())
    try:
        # copying the template's files is twice as fast as logging them (PostgreSQL 15+)
        fast = " STRATEGY FILE_COPY" if admin.get_server_version().major >= 15 else ""
        await admin.execute(f"CREATE DATABASE {name}{fast}")
    finally:
        await admin.close()
    yield pg_server.url(name)
    admin = await asyncpg.connect(pg_server.url())
    try:
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()
