"""Mutation testing of one package of Warden with mutmut, in a scratch copy of the repository.

    python scripts/mutation.py rules/nemesis_original
    python scripts/mutation.py rules/nemesis --sample 150 --seed 1
    python scripts/mutation.py rules/darkmoon --only 'rules/darkmoon/company_man.py' \
        --tests tests/rules/darkmoon/test_darkmoon_modules.py

mutmut (a dev dependency) makes small changes to the code (a flipped comparison, a constant
off by one, a string changed, a call's argument dropped) and runs the tests that cover the
changed function against each. A mutant no test notices ("survived") is a behaviour no test
checks. The work happens in a copy of the tracked files under --workdir (default
/tmp/warden-mutation/<package>), so the working tree never gets mutmut's `mutants/` folder;
a second run in the same work folder resumes where the first stopped (--fresh starts over).

The last lines printed are the kill rate per module and overall; the surviving mutants are
written to <workdir>/survivors.txt (see one with `cd <workdir>/repo && mutmut show NAME`).
Mutants listed in scripts/mutation_equivalent.txt (one name a line, '#' comments) were
judged equivalent (no behaviour can tell them apart) and count neither way.

Every test runs with scripts/mutation_caches.py as a pytest plugin: it empties the rules'
memo caches (functools) before each test, so that a cached function is mapped to every
test that uses it and its mutants are really run. Code that runs only at import time (a
table built when its module loads, the content loaders) still cannot be told apart by
mutmut's trampolines: such survivors are listed as equivalent, with that reason.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "scripts" / "mutation_equivalent.txt"
# a pytest plugin (scripts/mutation_caches.py) copied beside the scratch repository's
# packages: it empties the rules' memo caches before each test (see its docstring)
CACHE_PLUGIN = "warden_mutation_caches"
KILLED = {"killed", "timeout", "caught by type check", "segfault"}
UNDECIDED = {"not checked", "skipped", "suspicious", "check was interrupted by user"}
RESULT_LINE = re.compile(r"^\s*(?P<name>[\w.]+__mutmut_\d+): (?P<status>.+?)\s*$")
LIST_ONLY = "__warden_mutation_list_only__"


@dataclass(frozen=True)
class Tally:
    killed: int
    survived: int

    @property
    def total(self) -> int:
        return self.killed + self.survived

    @property
    def rate(self) -> float:
        return self.killed / self.total if self.total else 1.0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python scripts/mutation.py",
        description="Run mutmut on one package of Warden and print its kill rate.",
    )
    parser.add_argument("package", help="folder to mutate, e.g. rules/nemesis_original")
    parser.add_argument(
        "--tests",
        nargs="+",
        default=["tests/rules"],
        help="tests (paths or node ids) run against the mutants (default: tests/rules)",
    )
    parser.add_argument(
        "--only",
        nargs="+",
        default=None,
        help="glob(s) of files inside the package to mutate (default: every .py file)",
    )
    parser.add_argument(
        "--sample", type=int, default=0, help="test only N mutants drawn at random"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument("--children", type=int, default=2, help="parallel workers (default 2)")
    parser.add_argument("--workdir", type=Path, default=None, help="scratch folder")
    parser.add_argument("--fresh", action="store_true", help="discard an earlier run's results")
    return parser.parse_args(argv)


def copy_repository(repo: Path) -> None:
    """Copy the tracked (and not ignored, untracked) files into repo: what a clone would have."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if not source.is_file():
            continue
        target = repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def mutmut_config(args: argparse.Namespace) -> str:
    package = args.package.strip("/")
    only = args.only or [f"{package}/*"]
    top = package.split("/")[0]
    also = [name + "/" for name in ("rules", "bot", "renders") if name != top]
    return (
        "\n[tool.mutmut]\n"
        f'source_paths = ["{top}/"]\n'
        f"only_mutate = {toml_list(only)}\n"
        f"also_copy = {toml_list([*also, CACHE_PLUGIN + '.py'])}\n"
        f"pytest_add_cli_args_test_selection = {toml_list(args.tests)}\n"
        f'pytest_add_cli_args = ["-p", "no:randomly", "-p", "{CACHE_PLUGIN}", "-q", "-x"]\n'
    )


def prepare(args: argparse.Namespace, workdir: Path) -> Path:
    repo = workdir / "repo"
    config = mutmut_config(args)
    stamp = workdir / "config.toml"
    if args.fresh or not stamp.exists() or stamp.read_text() != config:
        shutil.rmtree(workdir, ignore_errors=True)
        repo.mkdir(parents=True)
        copy_repository(repo)
        shutil.copy2(ROOT / "scripts" / "mutation_caches.py", repo / f"{CACHE_PLUGIN}.py")
        with (repo / "pyproject.toml").open("a") as handle:
            handle.write(config)
        stamp.write_text(config)
    return repo


def mutmut(repo: Path, *arguments: str, check: bool = True) -> str:
    command = [sys.executable, "-m", "mutmut", *arguments]
    done = subprocess.run(command, cwd=repo, capture_output=True, text=True)
    if check and done.returncode != 0:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise SystemExit(f"mutmut {' '.join(arguments[:1])} failed ({done.returncode})")
    return done.stdout


def statuses(repo: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in mutmut(repo, "results", "--all", "true").splitlines():
        match = RESULT_LINE.match(line)
        if match:
            found[match["name"]] = match["status"]
    return found


def equivalent_names() -> set[str]:
    if not EQUIVALENT_FILE.exists():
        return set()
    names = set()
    for line in EQUIVALENT_FILE.read_text().splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return names


def module_of(name: str) -> str:
    return name.split("__mutmut_")[0].rsplit(".", 1)[0]


def tally(found: dict[str, str], names: list[str], equivalent: set[str]) -> dict[str, Tally]:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for name in names:
        status = found.get(name, "not checked")
        if status in UNDECIDED or name in equivalent:
            continue
        counts[module_of(name)]["killed" if status in KILLED else "survived"] += 1
    return {
        module: Tally(killed=c["killed"], survived=c["survived"])
        for module, c in sorted(counts.items())
    }


def report(per_module: dict[str, Tally], undecided: int, equivalent: int) -> Tally:
    width = max((len(m) for m in per_module), default=10)
    for module, counts in per_module.items():
        print(
            f"{module:<{width}}  {counts.killed:5d} killed {counts.survived:5d} survived "
            f"{counts.rate:6.1%}"
        )
    overall = Tally(
        killed=sum(t.killed for t in per_module.values()),
        survived=sum(t.survived for t in per_module.values()),
    )
    print(
        f"{'overall':<{width}}  {overall.killed:5d} killed {overall.survived:5d} survived "
        f"{overall.rate:6.1%}  ({equivalent} equivalent and {undecided} unchecked left out)"
    )
    return overall


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    package = args.package.strip("/")
    if not (ROOT / package).is_dir():
        raise SystemExit(f"no folder {package!r} in {ROOT}")
    workdir = args.workdir or Path("/tmp/warden-mutation") / package.replace("/", "-")
    repo = prepare(args, workdir)
    children = str(args.children)
    if args.sample:
        # Generate the mutants and map tests to functions without running any mutant: the
        # filter matches nothing, so mutmut stops (non-zero) right after that step.
        mutmut(repo, "run", "--max-children", children, LIST_ONLY, check=False)
        everything = sorted(statuses(repo))
        if not everything:
            raise SystemExit("mutmut generated no mutants (see its output in the work folder)")
        size = min(args.sample, len(everything))
        chosen = sorted(random.Random(args.seed).sample(everything, size))
        mutmut(repo, "run", "--max-children", children, *chosen, check=False)
    else:
        chosen = []
        mutmut(repo, "run", "--max-children", children, check=False)
    found = statuses(repo)
    names = chosen or sorted(found)
    equivalent = equivalent_names()
    per_module = tally(found, names, equivalent)
    survivors = [n for n in names if found.get(n) not in KILLED | UNDECIDED and n not in equivalent]
    (workdir / "survivors.txt").write_text(
        "".join(f"{name}: {found.get(name)}\n" for name in survivors)
    )
    undecided = sum(1 for n in names if found.get(n, "not checked") in UNDECIDED)
    print(f"mutants: {len(names)} ({'sample of ' + str(len(found)) if chosen else 'all'})")
    print(f"survivors listed in {workdir / 'survivors.txt'}")
    report(per_module, undecided, len(equivalent & set(names)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
