"""Peak memory of reading the largest tree file lenwordle reads (treefiles.MAX_BYTES).

Writes a tree of as many nodes as fit in MAX_BYTES (three levels of replies under the
opener, every leaf an answer, as `lenwordle tree` writes them), then reads it in a fresh
process with treefiles.read (parsing, the tree's nodes, its checksum) and prints the
bytes, the nodes and the peak resident memory, beside the same process given no file.
Run: python benchmarks/treefile.py
"""

import itertools
import json
import string
import subprocess
import sys
import tempfile
from pathlib import Path

from lenwordle.store import treefiles

# the peak of this process alone (VmHWM: ru_maxrss would count the parent's before exec)
READ = """
import sys
from lenwordle.store import treefiles
try:
    treefiles.read(sys.argv[1])
except treefiles.TreeFileError as error:
    print(error, file=sys.stderr)
status = open("/proc/self/status").read().split("VmHWM:")[1]
print(int(status.split()[0]) // 1024)
"""
REPLIES = ["".join(r) for r in itertools.product("gy.", repeat=5)][:-1]  # all but ggggg


def big_tree(limit: int) -> tuple[dict, int]:
    """Return a tree record of about `limit` bytes of JSON, and its node count."""
    words = ("".join(w) for w in itertools.product(string.ascii_lowercase, repeat=5))
    leaf_bytes = len(json.dumps({"ggggg": {"guess": "salet", "solves": True, "children": {}}}))
    nodes, size = 1, 100
    tree = {"guess": next(words), "solves": False, "children": {}}
    for first, second in itertools.product(REPLIES, REPLIES):
        if size >= limit:
            break
        middle = tree["children"].setdefault(
            first, {"guess": next(words), "solves": False, "children": {}}
        )
        inner = {"guess": next(words), "solves": False, "children": {}}
        middle["children"][second] = inner
        for reply in REPLIES[:40]:
            inner["children"][reply] = {"guess": next(words), "solves": True, "children": {}}
        nodes += 41
        size += 41 * leaf_bytes
    record = {"format": treefiles.FORMAT, "k": 5, "tree": tree}
    return record | {"checksum": treefiles.checksum(record)}, nodes


def peak_mb(*args: str) -> int:
    """Return the peak resident MB of reading a tree file (none: a missing path)."""
    out = subprocess.run([sys.executable, "-c", READ, *args], capture_output=True, text=True)
    return int(out.stdout.split()[-1])


def main() -> None:
    record, nodes = big_tree(treefiles.MAX_BYTES - 100_000)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "05-big.json"
        path.write_text(json.dumps(record))
        size = path.stat().st_size
        read, empty = peak_mb(str(path)), peak_mb(str(path) + ".missing")
    print(
        f"tree file {size / 2**20:.1f} MiB (cap {treefiles.MAX_BYTES / 2**20:.0f} MiB), "
        f"{nodes} nodes: peak {read} MB reading it, {empty} MB reading no file "
        f"({read - empty} MB for the tree)"
    )


if __name__ == "__main__":
    main()
