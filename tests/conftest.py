"""Fixtures shared by every test folder: the project's import graph (``layers``,
``import_graph``: scripts/layers.py, for the layer tests) and a throwaway PostgreSQL
server for the storage tests.

``pg_server`` starts one server for the whole session, only when a test asks for it:
``initdb`` into a temporary folder, ``pg_ctl`` on a free port of 127.0.0.1, trusting
local logins, tuned for speed (no fsync: the data dies with the tests anyway). ``pg_url``
gives each test a database of its own on it. On a machine without PostgreSQL's server
programs (or where none can be started) these tests skip with a one-line reason, unless
``WARDEN_REQUIRE_POSTGRES=1`` (set by .ci/run, which installs the server): then they fail,
so CI never skips them.

PostgreSQL refuses to run as root: when the tests run as root (as in CI), the server's
commands run as the ``postgres`` system user (``runuser``), in a folder it owns.

(Kept here rather than in a module of its own: putting ``tests/`` on ``sys.path`` to
import one would let ``tests/bot`` and ``tests/rules`` shadow the real packages.)
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import importlib.util
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import ModuleType

import asyncpg
import grimp
import pytest

INSTALL_HINT = ("PostgreSQL's server programs (initdb, pg_ctl) were not found under "
                "/usr/lib/postgresql/*/bin or on PATH. Install them (Debian/Ubuntu: "
                "`apt-get install postgresql`; .ci/run does this) to run the PostgreSQL "
                "storage tests.")
SKIP_REASON = ("no PostgreSQL server could be started (install `postgresql`; "
               "WARDEN_REQUIRE_POSTGRES=1 makes this a failure)")
REQUIRED = "WARDEN_REQUIRE_POSTGRES"
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
    required = os.environ.get(REQUIRED, "") not in ("", "0")
    bin_dir = find_bin_dir()
    if bin_dir is None:
        if required:
            pytest.fail(INSTALL_HINT, pytrace=False)
        pytest.skip(SKIP_REASON)
    server = PgServer(bin_dir)
    try:
        try:
            server.start()
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            if required:
                raise
            pytest.skip(f"{SKIP_REASON}: {str(exc).splitlines()[0]}")
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


class Relay:
    """A TCP relay in front of the PostgreSQL server, to fail the database on purpose:
    ``forward`` (pass every byte both ways), ``hang`` (accept connections but forward
    nothing more, in either direction, on old and new connections: a server that stopped
    answering) and ``stop`` (close the port and cut every connection: a server that is
    down; ``forward`` opens the same port again)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.hung = False
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._resume = asyncio.Event()
        self._resume.set()

    def url(self, pg_url: str) -> str:
        """``pg_url`` (a database of the server) reached through the relay."""
        return pg_url.replace(f":{self.target_port}/", f":{self.port}/")

    async def forward(self) -> None:
        self.hung = False
        self._resume.set()
        if self._server is None:
            self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
            self.port = int(self._server.sockets[0].getsockname()[1])

    def hang(self) -> None:
        self.hung = True
        self._resume.clear()

    async def stop(self) -> None:
        self.hung = False
        self._resume.set()
        server, self._server = self._server, None
        if server is not None:
            server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        if server is not None:
            await server.wait_closed()

    async def _serve(self, client_r: asyncio.StreamReader,
                     client_w: asyncio.StreamWriter) -> None:
        self._writers.add(client_w)
        try:
            await self._resume.wait()
            server_r, server_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_w.transport.abort()
            self._writers.discard(client_w)
            return
        self._writers.add(server_w)
        try:
            await asyncio.gather(self._pipe(client_r, server_w), self._pipe(server_r, client_w))
        finally:
            for writer in (client_w, server_w):
                self._writers.discard(writer)
                writer.transport.abort()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.IncompleteReadError):
            while data := await reader.read(65536):
                await self._resume.wait()
                writer.write(data)
                await writer.drain()
        writer.transport.abort()


@pytest.fixture
async def pg_relay(pg_server: PgServer) -> AsyncIterator[Relay]:
    """A :class:`Relay` to the PostgreSQL server, forwarding (use ``relay.url(pg_url)``)."""
    relay = Relay(pg_server.port)
    await relay.forward()
    try:
        yield relay
    finally:
        await relay.stop()


@pytest.fixture(scope="session")
def layers() -> ModuleType:
    """scripts/layers.py as a module (a script, not a package of the project)."""
    path = Path(__file__).resolve().parent.parent / "scripts" / "layers.py"
    spec = importlib.util.spec_from_file_location("warden_layers", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def import_graph(layers: ModuleType) -> grimp.ImportGraph:
    """Every import among rules/, renders/, kits/ and bot/ (inside functions and under
    TYPE_CHECKING too), built once per session."""
    graph: grimp.ImportGraph = layers.import_graph()
    return graph
