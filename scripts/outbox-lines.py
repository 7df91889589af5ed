#!/usr/bin/env python3
"""Code lines of the mail outbox and the durable step (issue 39, item 9).

Counts the lines that are neither blank nor comments, outside `#[cfg(test)]`
items, in server/src/mail/*.rs (not *_tests.rs), server/src/store/*.rs and the
booking store files (those of them a tree has). Usage, from the repository root:

    python3 scripts/outbox-lines.py [TREE]        # TREE: a checkout, default .
    git archive REV server/src | tar -x -C /tmp/rev && python3 scripts/outbox-lines.py /tmp/rev
"""
import glob
import os
import re
import sys

BOOKING = ("outbox", "store", "store_file", "store_reminders", "legacy")


def files(tree):
    mail = [f for f in glob.glob(f"{tree}/server/src/mail/*.rs") if not f.endswith("_tests.rs")]
    store = glob.glob(f"{tree}/server/src/store/*.rs")
    booking = [p for p in (f"{tree}/server/src/booking/{n}.rs" for n in BOOKING) if os.path.exists(p)]
    return sorted(mail + store + booking)


def code_lines(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    count, i, in_block = 0, 0, False
    while i < len(lines):
        text = lines[i].strip()
        i += 1
        if in_block or text.startswith("/*"):
            in_block = "*/" not in text
            continue
        if text == "#[cfg(test)]":
            # Skip the item it marks: a braced module, or `mod tests;`.
            depth, opened = 0, False
            while i < len(lines):
                line = re.sub(r"//.*", "", lines[i])
                i += 1
                depth += line.count("{") - line.count("}")
                opened |= "{" in line
                if (opened and depth <= 0) or (not opened and line.strip().endswith(";")):
                    break
            continue
        count += bool(text) and not text.startswith("//")
    return count


def main():
    tree = sys.argv[1] if len(sys.argv) > 1 else "."
    total = 0
    for path in files(tree):
        n = code_lines(path)
        total += n
        print(f"{n:6} {os.path.relpath(path, tree)}")
    print(f"{total:6} total")


if __name__ == "__main__":
    main()
